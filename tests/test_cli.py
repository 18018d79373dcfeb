"""The command line: output, JSON, exit codes and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers import unwrapped
from statesearch.cli import main
from statesearch.maze import LESSON_MAZE


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_npuzzle_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "npuzzle", "7 2 4/5 _ 6/8 3 1", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["status"], data["length"], data["cost"], data["optimal"]) == (
        "solved",
        20,
        20,
        True,
    )
    assert (data["algorithm"], data["heuristic"]) == ("astar", "manhattan")
    assert (data["stats"]["expanded"], data["stats"]["pushed"]) == (283, 451)
    assert len(data["moves"]) == 20 and set(data["moves"]) <= set("UDLR")


def test_solve_npuzzle_human(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "npuzzle", "724506831", "-H", "misplaced")
    assert code == 0
    assert "solved: 20 moves (optimal)" in out and "3,667" in out


def test_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", "npuzzle", "2 8 1 4 6 3 0 7 5")[0] == 3
    code, out, _ = run(capsys, "solve", "npuzzle", "724506831", "-H", "zero", "--max-pushed", "9")
    assert code == 4 and "limit reached (pushed)" in out and "proves nothing" in out


def test_no_precheck_exhausts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "npuzzle", "281463075", "--no-precheck", "--json")
    assert code == 3 and json.loads(out)["stats"]["expanded"] == 181_440


def test_other_shapes_and_goals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "solve", "npuzzle", "1 2 3 0 4 5", "--rows", "2", "--goal", "1 2 3/4 5 0", "--json"
    )
    assert code == 0 and json.loads(out)["moves"] == "RR"
    code, out, _ = run(capsys, "solve", "npuzzle", "1 0 2 3", "--goal", "blank-first", "--json")
    assert code == 0 and json.loads(out)["moves"] == "L"


def test_solve_maze(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "lesson.txt"
    file.write_text(LESSON_MAZE)
    code, out, _ = run(capsys, "solve", "maze", str(file), "--json")
    data = json.loads(out)
    assert code == 0 and data["length"] == 17 and data["stats"]["expanded"] == 52
    assert data["path"][0] == [0, 0] and data["path"][-1] == [6, 11]


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "npuzzle", "1 1 2 3 4 5 6 7 8"],
        ["solve", "npuzzle", "1 2 3"],
        ["solve", "npuzzle", "724506831", "-a", "nope"],
        ["solve", "npuzzle", "724506831", "-H", "nope"],
        ["solve", "npuzzle", "724506831", "--tie-break", "nope"],
        ["solve", "npuzzle", "724506831", "--max-expanded", "x"],
        ["solve", "npuzzle", "724506831", "--time-limit", "0"],
        ["solve", "npuzzle", "724506831", "--bogus"],
        ["solve", "maze", "/no/such/file"],
        ["solve", "npuzzle"],
        ["nope"],
        ["pdb", "build", "15", "--partition", "1,2"],
        ["pdb", "build", "15", "--partition", "8-8"],
        ["bench", "korf100", "--ids", "x"],
        ["tilt", "generate", "--size", "9x9"],
        ["solve", "tilt", "/no/such/file"],
        ["solve", "npuzzle", "724506831", "-a", "bfs", "--engine", "compiled"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ")
    assert "Traceback" not in out + err


def test_bad_maze_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "bad.txt"
    file.write_text("S.Q\n..G\n")
    code, _, err = run(capsys, "solve", "maze", str(file))
    assert code == 2 and "unknown maze character 'Q'" in err


def test_module_entry_point_and_showcase() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "statesearch", "showcase"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    for figure in ("48,390", "66,516", "3,667", "5,750", "283", "451", "181,440", "52"):
        assert figure in done.stdout
    words = " ".join(done.stdout.split())  # the console wraps long lines
    assert "43,252,003,274,489,856,000" in words
    assert "bidirectional BFS: solved: 6 moves (optimal)" in words
    assert "in place: unsolvable: a corner is twisted" in words
    assert "keeps only its path: unsolvable: no solution within 31 moves" in words
    # The loop itself, as --trace shows it: the waiting room after each of the first steps.
    assert "A* + manhattan, its first 3 steps" in words and "14 = 0 + 14" in words
    assert "IDA* + manhattan, its bounds: 14 (6 expanded), 16" in words
    assert "--trace 10: the steps in a table" in words


def every_command() -> list[list[str]]:
    """The argument list that names each command of the tree (``["solve", "npuzzle"]``)."""
    from statesearch.cli import command

    found: list[list[str]] = []
    stack: list[tuple[list[str], Any]] = [([], command())]
    while stack:
        path, node = stack.pop()
        found.append(path)
        for name, child in getattr(node, "commands", {}).items():
            stack.append(([*path, name], child))
    return sorted(found)


@pytest.mark.parametrize("path", every_command(), ids=" ".join)
def test_help_names_values_and_never_python_types(
    path: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    code, out, _ = run(capsys, *path, "--help")
    assert code == 0 and "Usage:" in out
    for python_type in ("<bool>", "<str>", "<int>", "<float>", "<path>"):
        assert python_type not in out, (path, python_type)
    assert "x>=0.0" not in out  # a time limit of 0 is refused: the help may not offer it


def test_the_heuristic_help_lists_each_domains_heuristics(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    _, out, _ = run(capsys, "solve", "npuzzle", "--help")
    for name in ("misplaced", "manhattan", "rowcol", "linear_conflict", "pdb"):
        assert name in out


EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.mark.parametrize(
    ("domain", "problem", "first"),
    [
        ("npuzzle", "724506831", "7 2 4"),
        ("maze", str(EXAMPLES / "lesson-maze.txt"), "(0, 0)"),  # a cell, not the whole maze
        ("tilt", str(EXAMPLES / "tilt" / "easy.txt"), "o"),
        ("cube", "R U", "2 = 0 + 2"),
    ],
)
def test_every_domain_shows_its_trace(
    capsys: pytest.CaptureFixture[str], domain: str, problem: str, first: str
) -> None:
    extra = ["--size", "2", "-a", "astar"] if domain == "cube" else []
    code, out, err = run(capsys, "solve", domain, problem, "--trace", "2", *extra)
    assert code == 0, err
    step = out.split("│    1 │", 1)[1].split("\n", 1)[0]
    assert first in step, out
    if domain == "cube":  # a position waiting is its facelet string, as it is typed
        assert "(14, 3" not in out and "(f=" in out


def test_a_trace_table_is_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    """More rows than a terminal is read in point to --trace-json, in one line."""
    code, _, err = run(capsys, "solve", "npuzzle", "724506831", "--trace", "10001")
    assert code == 2 and err.count("\n") == 1 and "--trace" in err and "10000" in err


@pytest.mark.parametrize(
    ("algorithm", "words", "not_said"),
    [
        (
            "astar",
            # The headers take two lines, to fit 80 columns: "taken" over "out", and so on.
            ["taken", "waiting", "next in line", "reached before at no greater cost"],
            "entered",
        ),
        ("idastar", ["entered", "path ┃", "on the path already", "to enter"], "turned away"),
        ("dfbnb", ["entered", "reached before"], "waiting room"),
    ],
)
def test_a_trace_speaks_each_searchs_words(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    algorithm: str,
    words: list[str],
    not_said: str,
) -> None:
    """A* has a waiting room; IDA* and branch and bound walk a path and keep none."""
    from statesearch.cli.render import console

    monkeypatch.setattr(console, "width", 200)  # made at import: COLUMNS may come too late
    code, out, _ = run(capsys, "solve", "npuzzle", "724506831", "-a", algorithm, "--trace", "30")
    assert code == 0
    for word in words:
        assert word in out, (word, out[:3000])
    assert not_said not in out


def test_ctrl_c_while_tables_are_built_is_an_interruption(tmp_path: Path) -> None:
    """Exit 130, as Ctrl-C during the search gives, not 'limit reached' (exit 4)."""
    import os
    import signal
    import time

    command = [str(Path(sys.executable).parent / "statesearch"), "solve", "npuzzle"]
    board = "0 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1"
    env = {**os.environ, "STATESEARCH_CACHE": str(tmp_path)}  # no tables: they are built
    process = subprocess.Popen(
        [*command, board, "-H", "pdb"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stderr is not None
    deadline = time.monotonic() + 60
    while "building" not in process.stderr.readline() and time.monotonic() < deadline:
        pass
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, out + err
    assert "limit reached (cancelled): before the search began" in " ".join(out.split())


def test_a_limit_before_the_search_is_json_when_asked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))  # no tables: they are built
    board = "0 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1"
    code, out, _ = run(
        capsys, "solve", "npuzzle", board, "-H", "pdb", "--time-limit", "0.2", "--json"
    )
    data = json.loads(out)
    assert code == 4 and (data["status"], data["limit"]) == ("limit_reached", "time")
    assert data["reason"].startswith("before the search began") and data["stats"]["expanded"] == 0


@pytest.mark.parametrize(
    "command",
    [
        ["npuzzle", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "-a", "bfs", "-H", "pdb"],
        ["cube", "R U", "-a", "bfs", "-H", "korf"],
    ],
    ids=["pdb", "korf"],
)
def test_a_search_that_reads_no_estimate_builds_no_table(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
) -> None:
    """BFS never reads h: building its tables (a minute, hundreds of MB) would be for nothing."""
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    code, out, err = run(capsys, "solve", *command)
    assert code == 0 and "solved" in out, err
    assert list(tmp_path.iterdir()) == []


def test_a_refused_trace_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    """--trace-json FILE was opened (and emptied) before the options were checked: a refused
    command left an empty file, or emptied the user's."""
    kept = tmp_path / "kept.jsonl"
    kept.write_text("an earlier trace\n")
    args = ["solve", "npuzzle", "724506831", "--engine", "compiled", "--trace-json"]
    assert main([*args, str(kept)]) == 2
    assert main([*args, str(tmp_path / "new.jsonl")]) == 2
    assert kept.read_text() == "an earlier trace\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.jsonl"]
    assert main(["solve", "npuzzle", "724506831", "--max-expanded", "10", "--trace-json",
                 str(kept)]) == 4  # fmt: skip
    assert kept.read_text().count("\n") > 10  # a limit keeps the trace so far
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.jsonl"]


def test_a_partition_without_pdb_is_named_not_dropped(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "npuzzle", "724506831", "--partition", "4-4", "--json")
    assert code == 0 and json.loads(out)["note"] == (
        "not used: the partition 4-4 (only -H pdb reads one)"
    )
    code, out, _ = run(capsys, "solve", "npuzzle", "724506831", "-H", "pdb", "--partition", "4-4")
    assert code == 0 and "not used" not in out


def test_a_trace_table_under_json_is_named_not_dropped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--json prints one object and no table: --trace is named as unread, and the search is
    not traced for nothing (a 4x4 keeps its compiled kernel)."""
    code, out, _ = run(capsys, "solve", "npuzzle", "724506831", "--trace", "2", "--json")
    assert code == 0 and json.loads(out)["note"].startswith("not used: --trace 2 (--json draws")
    board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
    code, out, _ = run(capsys, "solve", "npuzzle", board, "--trace", "2", "--json")
    assert code == 0 and json.loads(out)["engine"] == "compiled"


def test_a_trace_cut_at_its_cap_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--trace-json stopped writing at its cap and the output still said nothing: a table made
    from the file would not add up to the counters."""
    from statesearch.cli import options, solve

    monkeypatch.setattr(solve, "TRACE_LINES", 50)
    file = tmp_path / "steps.jsonl"
    code, out, _ = run(capsys, "solve", "npuzzle", "724506831", "--trace-json", str(file), "--json")
    data = json.loads(out)
    assert code == 0 and file.read_text().count("\n") == 50
    assert f"{file} holds the first 50 of " in data["note"]
    assert data["stats"]["expanded"] > 50  # so there were more events than 50
    code, out, _ = run(capsys, "solve", "npuzzle", "123456708", "--trace-json", str(file))
    lines = file.read_text().count("\n")  # a whole trace: where it went and how much it holds
    assert code == 0 and "holds the first" not in out
    assert unwrapped(f"{file} holds the {lines:,} events, one JSON line each") in unwrapped(out)
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert f"the first {options.TRACE_LINES:,} events" in " ".join(readme.split())


@pytest.mark.parametrize(
    ("goal", "why"),
    [("1 2 3 4 5 6 7 8 0", "(a 4x4 board has 16 cells, got 9)"),
     ("blank-middle", "(cannot read tile 'blank-middle')")],
)  # fmt: skip
def test_a_bad_goal_is_named_as_the_goal(
    capsys: pytest.CaptureFixture[str], goal: str, why: str
) -> None:
    """'a 4x4 board has 16 tiles, got 9' was said of a start that has 16: it was the goal."""
    code, _, err = run(capsys, "solve", "npuzzle", "4 11 10 13 12 3 6 0 1 15 14 5 2 8 9 7",
                       "--goal", goal)  # fmt: skip
    assert code == 2 and f"cannot read the goal {goal!r} {why}: use blank-last, blank-first" in err


def test_every_commands_summary_is_one_line() -> None:
    """A command list shows a command's first paragraph with its line breaks: 'pdb --help'
    broke 'bounded by' from what it is bounded by."""
    import typer.main

    from statesearch.cli import app

    def commands(command: Any, path: str) -> Iterator[tuple[str, Any]]:
        yield path, command
        for name, sub in getattr(command, "commands", {}).items():
            yield from commands(sub, f"{path} {name}")

    broken = [
        path
        for path, command in commands(typer.main.get_command(app), "statesearch")
        if "\n" in (command.help or "").strip().split("\n\n")[0]
    ]
    assert broken == [], broken


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["bench", "korf100", "-H", "zero", "--ids", "1"], "unknown heuristic 'zero'"),
        (["bench", "korf24", "-H", "misplaced"], "unknown heuristic 'misplaced'"),
        (["bench", "korf100", "-H", "manhattan", "--ids", ""], "cannot read ids ''"),
    ],
)
def test_bench_refuses_what_its_help_does_not_offer(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    """-H zero ran for ever in silence (no time limit unless told) and --ids "" ran all 100;
    the time limit here only bounds the old behaviour."""
    code, out, err = run(capsys, *args, "--time-limit", "0.05")
    assert code == 2 and len(err.strip().splitlines()) == 1 and said in err, out + err


@pytest.mark.parametrize(
    "args",
    [
        ["pdb", "build", "8", "--partition", "4-3"],
        ["solve", "npuzzle", "724506831", "-H", "pdb", "--partition", "4-3"],
    ],
)
def test_a_partition_for_another_board_says_what_its_sizes_must_add_up_to(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2 and err.strip() == (
        "error: partition '4-3' adds up to 7; the 3x3 has 8 tiles: sizes must add up to 8, e.g. 4-4"
    )


def test_a_reader_that_closes_the_output_ends_the_command_quietly() -> None:
    """'statesearch ... | head -1' exited 1 with nothing said, an exit code the README did not
    list; it is listed, and nothing reaches stderr."""
    lines = ["--trace", "3000"]  # some 200 KB: more than a pipe holds before its reader reads
    command = [sys.executable, "-m", "statesearch", "solve", "npuzzle", "724506831", *lines]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as run:
        assert run.stdout is not None and run.stderr is not None
        assert run.stdout.read(10)
        run.stdout.close()  # as head does after its lines
        code, err = run.wait(timeout=60), run.stderr.read()
    assert code == 1 and err == b""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    said = "`1` says something else went wrong, quietly: the reader closed the output"
    assert said in " ".join(readme.split())


def test_a_trace_of_no_search_says_why_instead_of_an_empty_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The lesson's unsolvable board is proved so by parity: nothing to step through, and the
    trace says so (and how to watch the 181,440 expansions) rather than draw an empty table."""
    code, out, _ = run(capsys, "solve", "npuzzle", "2 8 1 4 6 3 0 7 5", "--trace", "5")
    said = " ".join(out.split())
    assert code == 3 and "┏" not in out
    assert "no steps (the precheck proved it unsolvable before any search; --no-precheck" in said


def test_an_iteration_a_limit_stopped_is_listed_as_partial(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """IDA* stopped at 100 expansions listed the bounds 14 and 16 (31 expanded) and not the
    69 of bound 18, where it stopped; the text and --json list all three, the last partial."""
    args = ("solve", "npuzzle", "724506831", "-a", "idastar", "--max-expanded", "100")
    code, out, _ = run(capsys, *args)
    assert code == 4 and "14: 6  16: 25  18: 69 (partial)" in out
    code, out, _ = run(capsys, *args, "--json")
    stats = json.loads(out)["stats"]
    assert [(i["bound"], i["expanded"], i["partial"]) for i in stats["iterations"]] == [
        (14, 6, False),
        (16, 25, False),
        (18, 69, True),
    ]
    assert sum(i["generated"] for i in stats["iterations"]) == stats["generated"]
