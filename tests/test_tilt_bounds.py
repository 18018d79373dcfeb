"""Tilt work before and around a search is bounded: the generator by its time limit and cancel
flag (in Python and on the command line), the heuristics' table builds by the caller's meter;
and the generator's census and its puzzles are checked against BFS under every rule."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from statesearch import InputError, Limits, solve
from statesearch.cli import main
from statesearch.core.limits import LimitHit, LimitKind, Meter
from statesearch.tilt import Tilt, parse_tilt
from statesearch.tilt.census import Census
from statesearch.tilt.generate import AttemptsUsedUp, generate
from statesearch.tilt.tables import Tables

HARD = {"seed": 3, "blocks": 7, "min_length": 30, "min_states": 1_000_000}


def test_the_generator_stops_at_its_time_limit() -> None:
    started = time.monotonic()
    with pytest.raises(LimitHit) as hit:
        generate(**HARD, limits=Limits(time_limit=0.3))
    assert hit.value.kind is LimitKind.TIME
    assert time.monotonic() - started < 2.0


def test_the_generator_stops_when_cancelled() -> None:
    cancel = threading.Event()
    timer = threading.Timer(0.2, cancel.set)
    timer.start()
    started = time.monotonic()
    with pytest.raises(LimitHit) as hit:
        generate(**HARD, limits=Limits(time_limit=60), cancel=cancel)
    timer.join()
    assert hit.value.kind is LimitKind.CANCELLED
    assert time.monotonic() - started < 2.0


def test_tilt_generate_names_its_time_limit_and_exits_4(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["tilt", "generate", "--seed", "3", "--blocks", "7", "--min-length", "30"]
    assert main([*argv, "--min-states", "1000000", "--time-limit", "0.3"]) == 4
    assert "limit reached (time)" in capsys.readouterr().out


def test_tilt_generate_reads_its_time_limit_as_its_help_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tilt", "generate", "--time-limit", "0"]) == 2
    error = capsys.readouterr().err
    assert "'--time-limit': give a number of seconds above 0" in error
    assert main(["tilt", "generate", "--help"]) == 0
    helped = " ".join(capsys.readouterr().out.split())
    assert "--time-limit S Give up after S seconds, above 0" in helped


def test_tilt_generate_tells_a_used_up_budget_from_an_impossible_request(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Boards of 5x5 with 2 blocks have 325 arrangements, none of them 30 moves deep: 60
    random boards without such a puzzle are a budget used up (exit 4); a puzzle longer than
    a board's arrangements, or a space bigger, is bad input (exit 2)."""
    small = ["tilt", "generate", "--size", "5x5", "--blocks", "2"]
    assert main([*small, "--min-length", "30"]) == 4
    said = " ".join(capsys.readouterr().out.split())
    assert said.startswith("limit reached (attempts): no puzzle with an optimal length of 30 ")
    assert "after 60 attempts" in said and said.endswith("; 0 of 1 puzzle made")
    assert main([*small, "--min-length", "325"]) == 2
    assert "at most 325 block arrangements: too few for an optimal length of 325" in (
        capsys.readouterr().err
    )
    assert main([*small, "--min-length", "3", "--min-states", "326"]) == 2
    assert "fewer than the 326 reachable boards asked for" in capsys.readouterr().err
    with pytest.raises(AttemptsUsedUp):  # still an InputError, for the callers of old
        generate(1, 5, 5, blocks=2, min_length=30)


def test_tilt_generate_never_writes_over_a_file(tmp_path: Path) -> None:
    argv = ["tilt", "generate", "--seed", "2", "--size", "5x5", "--min-length", "4"]
    assert main([*argv, "--out", str(tmp_path)]) == 0
    made = tmp_path / "tilt-2.txt"
    first = made.read_text()
    assert main([*argv, "--out", str(tmp_path)]) == 2  # exists already
    assert made.read_text() == first
    assert main([*argv, "--out", str(made)]) == 2  # a file, not a directory
    # A new directory is made for the files, but not a path of missing ones (a typo).
    assert main([*argv, "--out", str(tmp_path / "new")]) == 0 and (tmp_path / "new").is_dir()
    assert main([*argv, "--out", str(tmp_path / "no" / "such")]) == 2
    assert not (tmp_path / "no").exists()


def test_tilt_generate_counts_one_move_as_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tilt", "generate", "--size", "3x3", "--blocks", "1", "--min-length", "1"]
    assert main([*argv, "--max-length", "1", "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "tilt-1.txt: optimal 1 move\n"


def test_tilt_generate_makes_puzzles_for_each_rule(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tilt", "generate", "--seed", "4", "--size", "5x5", "--min-length", "3"]
    assert main([*argv, "--step", "full", "--collide", "merge"]) == 0
    text = capsys.readouterr().out
    puzzle = Tilt(parse_tilt(text), "full", "merge")
    assert "under --step full --collide merge" in text
    assert str(solve(puzzle, "bfs").length) in text.splitlines()[0]


def test_heuristic_tables_are_built_under_the_meter() -> None:
    """A 44x44 board with one block and about 1,900 targets: its tables stop at the meter."""
    rows = [["x"] * 44 for _ in range(44)]
    rows[0][0], rows[0][1] = "o", "."
    board = parse_tilt("\n".join("".join(row) for row in rows))
    spent = Meter(Limits(time_limit=1e-6))
    for name in ("best", "nearest", "bottleneck"):
        with pytest.raises(LimitHit) as hit:
            _ = Tilt(board, meter=spent).heuristics[name]
        assert hit.value.kind is LimitKind.TIME
    small = Tilt.from_text("o..x\n....")
    with pytest.raises(LimitHit):
        Tables(small, Meter(Limits(time_limit=1e-6)))


def test_a_big_tilt_board_ends_within_its_time_limit(tmp_path: Path) -> None:
    """The whole command within the limit plus a second and its start-up, measured on a small
    board in the same test (a loaded machine slows both alike)."""
    rows = [["x"] * 44 for _ in range(44)]
    rows[0][0], rows[0][1], rows[43][43] = "o", ".", "."
    (tmp_path / "big.txt").write_text("\n".join("".join(row) for row in rows))
    (tmp_path / "small.txt").write_text("o.x")

    def run(name: str) -> tuple[subprocess.CompletedProcess[str], float]:
        command = ["solve", "tilt", str(tmp_path / name), "--time-limit", "2"]
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-c", "from statesearch.cli import run; run()", *command],
            capture_output=True,
            text=True,
            timeout=60,
        )
        return done, time.monotonic() - started

    _, start_up = run("small.txt")
    done, seconds = run("big.txt")
    assert seconds < start_up + 2 + 1, (seconds, start_up)
    assert done.returncode in (0, 4), done.stderr
    assert done.returncode == 0 or "limit reached (time)" in done.stdout


@st.composite
def rules_and_boards(draw: st.DrawFn) -> tuple[str, str, str]:
    h, w = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    cells = draw(st.lists(st.sampled_from("..#"), min_size=h * w, max_size=h * w))
    cells[0] = "o"
    k = draw(st.integers(0, 2))
    for i in draw(st.permutations(range(1, h * w)))[:k]:
        cells[i] = "o"
    # Each block on a target of its own: the census reads only the blocks and the walls.
    text = "\n".join("".join(cells[r * w : (r + 1) * w]) for r in range(h)).replace("o", "@")
    return (
        text,
        draw(st.sampled_from(["single", "full"])),
        draw(st.sampled_from(["block", "merge"])),
    )


@settings(max_examples=40, deadline=None)
@given(rules_and_boards())
def test_the_census_counts_the_layers_of_bfs(case: tuple[str, str, str]) -> None:
    text, step, collide = case
    puzzle = Tilt.from_text(text, step, collide)
    census = Census(puzzle.board, puzzle.rules, Meter(Limits()), 10**6)
    assert census.complete
    layers, seen = [[puzzle.initial]], {puzzle.initial}
    while layers[-1]:
        following = []
        for board in layers[-1]:
            for _, child, _ in puzzle.successors(board):
                if child not in seen:
                    seen.add(child)
                    following.append(child)
        layers.append(following)
    layers.pop()
    assert [sorted(int(b) for b in layer) for layer in census.layers] == [
        sorted(layer) for layer in layers
    ]


@pytest.mark.parametrize(("step", "collide"), [("single", "block"), ("full", "block")])
def test_generated_lengths_are_the_bfs_lengths(step: str, collide: str) -> None:
    for seed in range(3):
        made = generate(seed, 5, 5, blocks=2, min_length=4, step=step, collide=collide)
        puzzle = Tilt(made.board, step, collide)
        assert solve(puzzle, "bfs").length == made.optimal >= 4


def test_hard_puzzles_have_big_spaces_and_the_floor_is_checked() -> None:
    made = generate(1, 6, 6, blocks=4, min_length=8, min_states=20_000)
    assert made.states is not None and made.states >= 20_000
    with pytest.raises(InputError, match="min states"):
        generate(1, min_states=10, max_states=5)


BIG_TILT = """\
.o....x.
.x..xxo.
o.ooo.x.
.oo...#x
.#o.xo..
.ox..x.x
xxoox...
.o#.#x..
"""


@pytest.mark.parametrize("algorithm", ["bfs", "astar"])
def test_a_compiled_tilt_table_is_grown_only_within_the_memory_bound(algorithm: str) -> None:
    """The compiled searches double their tables as they fill; each doubling used to allocate
    first and be measured after, overshooting --max-memory by a third or more. Each is now
    asked of the bound first, and the limit names what was to grow."""
    from statesearch.core.limits import resident_bytes
    from statesearch.core.result import Status
    from statesearch.tilt import Tilt

    # Its kernels compiled or loaded first, growing included: compiling after the bound is
    # set would count numba's own memory against it.
    solve(Tilt.from_text(BIG_TILT), algorithm, limits=Limits(max_expanded=300_000))
    bound = resident_bytes() + (4 << 20)  # room for the first tables, not for many doublings
    result = solve(Tilt.from_text(BIG_TILT), algorithm, limits=Limits(max_memory=bound))
    assert result.status is Status.LIMIT_REACHED and result.limit == "memory", result.reason
    assert result.reason.startswith("growing the "), result.reason
    assert resident_bytes() <= bound + (2 << 20)  # nothing allocated past the bound first
