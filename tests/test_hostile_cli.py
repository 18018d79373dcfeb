"""Hostile and careless input on the command line: every case ends with its exit code, one
line on stderr for bad input, never a traceback, and within a bound on wall time (the time
limit plus a second where one is given)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from statesearch.cli import main

LESSON = "7 2 4 5 0 6 8 3 1"
OK, BAD, UNSOLVABLE, LIMIT = 0, 2, 3, 4
MAZE = "S.#\n..G\n"
BOARD_144 = " ".join(map(str, [*range(1, 143), 0, 143]))  # one move from its goal
TILT = "o.x\n...\n"


def files(tmp: Path) -> dict[str, str]:
    """Named files the cases refer to as @name."""
    made = {
        "maze": MAZE,
        "bom-maze": "\ufeff" + MAZE,
        "crlf-maze": MAZE.replace("\n", "\r\n"),
        "ragged-maze": "S..\n.G\n",
        "odd-maze": "S.X\n..G\n",
        "two-starts": "SS\n.G\n",
        "no-goal": "S.\n..\n",
        "walled": "S#G\n.#.\n",
        "tabs": "S\t.\n..G\n",
        "empty": "",
        "comments-only": "; nothing here\n; at all\n",
        "tilt": TILT,
        "tilt-empty": "\n\n",
        "tilt-no-block": "..x\n...\n",
        "tilt-no-target": "o..\n...\n",
        "instances": '{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n',
        "korf-5000-digits": "1 " + "9" * 5000 + " 1 2 3 4 5 6 7 8 0\n",
        "bom-instances": '\ufeff{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n',
        "tilt-few-targets": "oox\n...\n",
        "tilt-odd": "o.x\n.?.\n",
    }
    for name, text in made.items():
        (tmp / name).write_text(text, encoding="utf-8")
    (tmp / "binary").write_bytes(b"\xff\xfe\x00\x81S.G")
    (tmp / "a-directory").mkdir()
    os.mkfifo(tmp / "a-pipe")  # that nobody writes to
    (tmp / "existing.txt").write_text("keep me")
    others = ["binary", "a-directory", "a-pipe", "existing.txt"]
    unmade = ["results.jsonl"]  # a place to write to
    return {name: str(tmp / name) for name in [*made, *others, *unmade]}


CASES: list[tuple[str, list[str], int]] = [
    # boards
    ("empty board", ["solve", "npuzzle", ""], BAD),
    ("three tiles", ["solve", "npuzzle", "1 2 3"], BAD),
    ("superscript digits", ["solve", "npuzzle", "¹ ² ³ ⁴ ⁵ ⁶ ⁷ ⁸ 0"], BAD),
    ("circled digits", ["solve", "npuzzle", "① 2 3 4 5 6 7 8 0"], BAD),
    ("fullwidth digits", ["solve", "npuzzle", "１ ２ ３ ４ ５ ６ ７ ８ ０"], BAD),
    ("arabic-indic digits", ["solve", "npuzzle", "١ ٢ ٣ ٤ ٥ ٦ ٧ ٨ ٠"], BAD),
    ("a 5,000-digit tile", ["solve", "npuzzle", "1" * 5000 + " 2 3 4 5 6 7 8 0"], BAD),
    ("duplicate tiles", ["solve", "npuzzle", "1 1 2 3 4 5 6 7 8"], BAD),
    ("tile out of range", ["solve", "npuzzle", "9 2 3 4 5 6 7 8 0"], BAD),
    ("negative tile", ["solve", "npuzzle", "-1 2 3 4 5 6 7 8 0"], BAD),
    ("letters", ["solve", "npuzzle", "a b c d e f g h i"], BAD),
    ("commas", ["solve", "npuzzle", "7,2,4,5,0,6,8,3,1"], OK),
    ("row separators", ["solve", "npuzzle", "7 2 4/5 _ 6/8 3 1"], OK),
    ("shape mismatch", ["solve", "npuzzle", LESSON, "--rows", "2"], BAD),
    ("rows zero", ["solve", "npuzzle", LESSON, "--rows", "0"], BAD),
    ("rows huge", ["solve", "npuzzle", LESSON, "--rows", "1000000"], BAD),
    ("ragged rows", ["solve", "npuzzle", "1 2 3/4 5/6 7 8 0"], BAD),
    ("a NUL byte", ["solve", "npuzzle", "1\x002 3 4 5 6 7 8 0"], BAD),
    ("a megabyte of tiles", ["solve", "npuzzle", "1 " * 500_000], BAD),
    ("goal too short", ["solve", "npuzzle", LESSON, "--goal", "1 2 3"], BAD),
    ("goal of other tiles", ["solve", "npuzzle", LESSON, "--goal", "1 2 3 4 5 6 7 8 9"], BAD),
    ("unsolvable by parity", ["solve", "npuzzle", "2 8 1 4 6 3 0 7 5"], UNSOLVABLE),
    # options
    ("unknown algorithm", ["solve", "npuzzle", LESSON, "-a", "quantum"], BAD),
    ("unknown heuristic", ["solve", "npuzzle", LESSON, "-H", "oracle"], BAD),
    ("negative weight", ["solve", "npuzzle", LESSON, "-w", "-1"], BAD),
    ("weight nan", ["solve", "npuzzle", LESSON, "-w", "nan"], BAD),
    ("weight infinite", ["solve", "npuzzle", LESSON, "-w", "inf"], BAD),
    ("weight not a number", ["solve", "npuzzle", LESSON, "-w", "heavy"], BAD),
    ("unknown tie-break", ["solve", "npuzzle", LESSON, "--tie-break", "coin"], BAD),
    ("unknown engine", ["solve", "npuzzle", LESSON, "--engine", "gpu"], BAD),
    (
        "no kernel for it",
        ["solve", "npuzzle", LESSON, "-a", "greedy", "--engine", "compiled"],
        BAD,
    ),
    ("negative budget", ["solve", "npuzzle", LESSON, "--max-expanded", "-1"], BAD),
    (
        "budget beyond 64 bits, compiled",
        [
            "solve",
            "npuzzle",
            "1 2 3 4 5 6 7 8 9 10 0 11",
            "--rows",
            "3",
            "--max-expanded",
            "1" + "0" * 30,
        ],
        OK,
    ),
    ("states beyond 64 bits", ["solve", "npuzzle", LESSON, "--max-states", "1" + "0" * 30], OK),
    ("zero time limit", ["solve", "npuzzle", LESSON, "--time-limit", "0"], BAD),
    ("negative time limit", ["solve", "npuzzle", LESSON, "--time-limit", "-5"], BAD),
    ("time limit nan", ["solve", "npuzzle", LESSON, "--time-limit", "nan"], BAD),
    ("time limit infinite", ["solve", "npuzzle", LESSON, "--time-limit", "inf"], OK),
    ("goal spelled as a heuristic is", ["solve", "npuzzle", LESSON, "--goal", "blank_first"], OK),
    (
        "tiles that do not fill the rows",
        ["solve", "npuzzle", "1 2 3 4 5 6 7 0", "--rows", "3"],
        BAD,
    ),
    ("memory size unreadable", ["solve", "npuzzle", LESSON, "--max-memory", "lots"], BAD),
    ("a kilobyte of memory", ["solve", "npuzzle", LESSON, "--max-memory", "1K"], LIMIT),
    ("no memory bound", ["solve", "npuzzle", LESSON, "--max-memory", "none"], OK),
    ("a memory size of 0 is no bound", ["solve", "npuzzle", LESSON, "--max-memory", "0"], OK),
    ("so is 0 in a unit", ["solve", "npuzzle", LESSON, "--max-memory", "0M"], OK),
    ("a time limit that is no number", ["solve", "npuzzle", LESSON, "--time-limit", "1s"], BAD),
    ("depth zero", ["solve", "npuzzle", LESSON, "-a", "astar", "--max-depth", "0"], LIMIT),
    ("dls without a depth", ["solve", "npuzzle", LESSON, "-a", "dls"], BAD),
    ("bad partition", ["solve", "npuzzle", LESSON, "-H", "pdb", "--partition", "x-y"], BAD),
    (
        "partition missing tiles",
        ["solve", "npuzzle", LESSON, "-H", "pdb", "--partition", "1,2/3"],
        BAD,
    ),
    ("trace zero", ["solve", "npuzzle", LESSON, "--trace", "0"], BAD),
    (
        "trace into nowhere",
        ["solve", "npuzzle", LESSON, "--trace-json", "/no/such/dir/t.jsonl"],
        BAD,
    ),
    ("trace and json", ["solve", "npuzzle", LESSON, "--trace", "3", "--json"], OK),
    (
        "a 12x12 board by compiled IDA*",
        ["solve", "npuzzle", BOARD_144, "-a", "idastar", "--time-limit", "2"],
        OK,
    ),
    (
        "a weight of 1e16",
        [
            "solve",
            "npuzzle",
            "6 7 10 8 11 1 0 3 4 2 9 5",
            "--rows",
            "3",
            "-a",
            "astar",
            "-w",
            "1e16",
        ],
        OK,
    ),
    ("tilt merge with no target", ["solve", "tilt", "@tilt-no-target", "--collide", "merge"], BAD),
    ("bench out into nowhere", ["bench", "korf100", "--out", "/no/such/dir/x.json"], BAD),
    ("bench out a directory", ["bench", "korf100", "--ids", "1", "--out", "@a-directory"], BAD),
    ("bench cube out into nowhere", ["bench", "cube", "--out", "/no/such/dir/x.json"], BAD),
    ("bench tilt with no algorithm", ["bench", "tilt", "-a", ","], BAD),
    ("bench tilt unknown algorithm", ["bench", "tilt", "-a", "fastest"], BAD),
    ("analyze plot into nowhere", ["analyze", "npuzzle", "--plot", "/no/such/dir/x.png"], BAD),
    ("memory past any machine", ["solve", "npuzzle", LESSON, "--max-memory", "9" * 310], BAD),
    ("a board size of 5,000 digits", ["pdb", "build", "1" + "0" * 5000 + "x2"], BAD),
    (
        "a Korf line with 5,000 digits",
        ["batch", "@korf-5000-digits", "--out", "@results.jsonl"],
        BAD,
    ),
    ("a scramble of 10^8 moves", ["cube", "random", "--moves", "100000000"], BAD),
    ("bench an unknown heuristic", ["bench", "korf100", "--ids", "1", "-H", "bogus"], BAD),
    ("bench a zero time limit", ["bench", "korf100", "--ids", "1", "--time-limit", "0"], BAD),
    (
        "batch a negative weight",
        ["batch", "@instances", "--out", "@results.jsonl", "-w", "-1"],
        BAD,
    ),
    (
        "batch dls without a depth",
        ["batch", "@instances", "--out", "@results.jsonl", "-a", "dls"],
        BAD,
    ),
    (
        "split IDA* on a scheduler nobody runs",
        ["solve", "npuzzle", LESSON, "--scheduler", "tcp://127.0.0.1:1", "--time-limit", "2"],
        BAD,
    ),
    ("batch with a byte-order mark", ["batch", "@bom-instances", "--out", "@results.jsonl"], OK),
    ("a file name with a line break", ["solve", "maze", "/no/such\nmaze.txt"], BAD),
    ("batch on 500 workers", ["batch", "@instances", "--workers", "500"], BAD),
    (
        "split IDA* on 500 workers",
        ["solve", "npuzzle", LESSON, "-a", "idastar", "--workers", "500"],
        BAD,
    ),
    ("batch onto a full disk", ["batch", "@instances", "--out", "/dev/full"], BAD),
    ("ids past any instance", ["bench", "korf100", "--ids", "101-" + "9" * 30], BAD),
    ("trace over the maze", ["solve", "maze", "@maze", "--trace-json", "@maze"], BAD),
    ("trace over the tilt board", ["solve", "tilt", "@tilt", "--trace-json", "@tilt"], BAD),
    ("trace onto a full disk", ["solve", "npuzzle", LESSON, "--trace-json", "/dev/full"], BAD),
    ("unknown option", ["solve", "npuzzle", LESSON, "--fast"], BAD),
    ("missing board", ["solve", "npuzzle"], BAD),
    # maze files
    ("maze file missing", ["solve", "maze", "/no/such/maze.txt"], BAD),
    ("maze is a directory", ["solve", "maze", "@a-directory"], BAD),
    ("maze from a silent pipe", ["solve", "maze", "@a-pipe", "--time-limit", "2"], BAD),
    ("maze from /dev/zero", ["solve", "maze", "/dev/zero"], BAD),
    ("maze not UTF-8", ["solve", "maze", "@binary"], BAD),
    ("maze empty", ["solve", "maze", "@empty"], BAD),
    ("maze with a byte-order mark", ["solve", "maze", "@bom-maze"], OK),
    ("maze with CRLF", ["solve", "maze", "@crlf-maze"], OK),
    ("maze ragged", ["solve", "maze", "@ragged-maze"], BAD),
    ("maze odd character", ["solve", "maze", "@odd-maze"], BAD),
    ("maze two starts", ["solve", "maze", "@two-starts"], BAD),
    ("maze no goal", ["solve", "maze", "@no-goal"], BAD),
    ("maze walled off", ["solve", "maze", "@walled"], UNSOLVABLE),
    ("maze with tabs", ["solve", "maze", "@tabs"], BAD),
    ("maze only comments", ["solve", "maze", "@comments-only"], BAD),
    ("maze bidirectional", ["solve", "maze", "@maze", "-a", "bidirectional"], OK),
    # tilt files
    ("tilt file missing", ["solve", "tilt", "/no/such/tilt.txt"], BAD),
    ("tilt empty", ["solve", "tilt", "@tilt-empty"], BAD),
    ("tilt without blocks", ["solve", "tilt", "@tilt-no-block"], BAD),
    ("tilt too few targets", ["solve", "tilt", "@tilt-few-targets"], BAD),
    ("tilt odd character", ["solve", "tilt", "@tilt-odd"], BAD),
    ("tilt unknown step", ["solve", "tilt", "@tilt", "--step", "hop"], BAD),
    ("tilt unknown collide", ["solve", "tilt", "@tilt", "--collide", "bounce"], BAD),
    ("tilt fine", ["solve", "tilt", "@tilt"], OK),
    # pattern databases
    ("pdb on 10x10", ["pdb", "build", "10x10"], BAD),
    ("pdb on 2x100000", ["pdb", "build", "2x100000"], BAD),
    ("pdb on 3x5 in one group", ["pdb", "build", "3x5"], BAD),
    ("pdb size unreadable", ["pdb", "build", "nine"], BAD),
    ("pdb on 1x3", ["pdb", "build", "1x3"], BAD),
    ("pdb goal unreadable", ["pdb", "build", "3x3", "--goal", "upside-down"], BAD),
    ("pdb partition incomplete", ["pdb", "build", "3x3", "--partition", "1,2/3"], BAD),
    # the commands themselves
    ("no arguments", [], OK),
    ("version", ["--version"], OK),
    ("unknown command", ["conjure"], BAD),
    ("solve alone", ["solve"], OK),
    ("bench ids unreadable", ["bench", "korf100", "--ids", "x"], BAD),
    ("bench ids absent", ["bench", "korf100", "--ids", "999"], BAD),
    ("analyze a 4x4", ["analyze", "npuzzle", "--rows", "4", "--cols", "4"], BAD),
    ("serve on a bad address", ["serve", "--host", "999.999.1.1"], BAD),
    ("serve on port zero", ["serve", "--port", "0"], BAD),
    ("tilt generate of nothing", ["tilt", "generate", "--size", "0x0"], BAD),
    ("tilt generate size unreadable", ["tilt", "generate", "--size", "big"], BAD),
]


@pytest.mark.parametrize(("name", "argv", "code"), CASES, ids=[c[0] for c in CASES])
def test_hostile_input(
    name: str, argv: list[str], code: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = files(tmp_path)
    argv = [paths[a[1:]] if a.startswith("@") else a for a in argv]
    started = time.monotonic()
    assert main(argv) == code
    assert time.monotonic() - started < 30
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    if code == BAD:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert (tmp_path / "maze").read_text() == MAZE and (tmp_path / "tilt").read_text() == TILT


def test_a_maze_from_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(MAZE.encode())))
    assert main(["solve", "maze", "-"]) == OK


BIG_MAZE_SIDE = 3000


@pytest.mark.parametrize(
    ("what", "make", "argv"),
    [
        ("a 100x100 board", None, ["solve", "npuzzle", "@board", "--time-limit", "2"]),
        ("a 3000x3000 maze", None, ["solve", "maze", "@big-maze", "--time-limit", "2"]),
        ("a 100x100 tilt board", None, ["solve", "tilt", "@big-tilt", "--time-limit", "2"]),
    ],
    ids=["board", "maze", "tilt"],
)
def test_the_time_limit_covers_the_whole_command(
    what: str, make: None, argv: list[str], tmp_path: Path
) -> None:
    """Setup included (parsing, tables, imports): the command ends soon after its limit (not at
    the default 600 s), as ``limit reached``."""
    import random

    rng = random.Random(1)
    tiles = list(range(100 * 100))
    rng.shuffle(tiles)
    (tmp_path / "board").write_text(" ".join(map(str, tiles)))
    rows = [
        "".join(rng.choice("....#3") for _ in range(BIG_MAZE_SIDE)) for _ in range(BIG_MAZE_SIDE)
    ]
    rows[0] = "S" + rows[0][1:]
    rows[-1] = rows[-1][:-1] + "G"
    (tmp_path / "big-maze").write_text("\n".join(rows))
    tilt = [["."] * 100 for _ in range(100)]
    tilt[0][0] = "o"
    for r in range(0, 100, 3):
        tilt[r][99] = "x"
    (tmp_path / "big-tilt").write_text("\n".join("".join(row) for row in tilt))
    argv = [str(tmp_path / a[1:]) if a.startswith("@") else a for a in argv]
    board_text = (tmp_path / "board").read_text()
    if argv[1] == "npuzzle":
        argv[2] = board_text
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", "from statesearch.cli import run; run()", *argv],
        capture_output=True,
        text=True,
        timeout=60,
    )
    seconds = time.monotonic() - started
    assert done.returncode in (LIMIT, OK, UNSOLVABLE), done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    # Generous: on a loaded 2-core machine the same run took 4.8 and 6.5 s (the imports alone
    # take seconds there). Without the limit covering setup it would run to the default 600 s.
    assert seconds < 2 + 10, f"{what}: {seconds:.1f} s"
