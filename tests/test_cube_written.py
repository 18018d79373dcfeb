"""A solution as a cuber writes it: in the quarter-turn metric a half turn is searched as two
quarter turns, and was written ``U U``; it is written ``U2`` and still counts 2, while the
result's path, actions and counters stay the search's."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from statesearch import solve
from statesearch.cli.bench_cube import solve_one
from statesearch.cube import Cube, Cubies, format_moves, parse_moves
from statesearch.cube.domain import CUBE
from statesearch.cube.model.notation import as_written, cost_in, metric_moves
from statesearch.cube.model.reading import after
from statesearch.cube.tables.korf import load_tables
from statesearch.cube.telling import explain, written
from test_cube_compiled import SMALL_KORF


@pytest.mark.parametrize(
    ("searched", "written"),
    [
        ("U U", "U2"),
        ("U' U'", "U2"),
        ("R U U F'", "R U2 F'"),
        ("U U U", "U2 U"),  # a longer run, as a search that is not optimal may make it
        ("U U' U", "U U' U"),  # no two equal turns in a row
        ("U D U", "U D U"),  # the same position as U2 D, but not the turns that were searched
    ],
)
def test_two_equal_quarter_turns_are_written_as_the_half_turn(searched: str, written: str) -> None:
    assert format_moves(as_written(parse_moves(searched), "qtm")) == written
    assert format_moves(as_written(parse_moves(searched), "htm")) == searched  # U U is 2 there


@given(st.lists(st.sampled_from(metric_moves("qtm")), max_size=16))
@settings(max_examples=80, deadline=None)
def test_the_written_turns_pass_the_searched_positions(moves: list[int]) -> None:
    """Each written turn is one searched turn or two: replayed, they visit the same positions
    (so a play-back can step by written turn) and count the same quarter turns."""
    written = as_written(moves, "qtm")
    assert cost_in("qtm", written) == len(moves)
    searched, passed = Cubies.solved(3), []
    for move in moves:
        searched = after(searched, [move])
        passed.append(searched)
    position, step = Cubies.solved(3), 0
    for move in written:
        position = after(position, [move])
        step += cost_in("qtm", [move])
        assert position == passed[step - 1]


@pytest.mark.parametrize("size", [2, 3])
def test_a_quarter_turn_solution_is_written_with_its_half_turns(size: int) -> None:
    cube = Cube.from_text("R U2 F", size, "qtm")
    result = solve(cube, "bidirectional")
    assert result.length == result.cost == 4 and len(result.path) == 5  # the search's own
    assert [str(a) for a in result.actions] == ["F'", "U", "U", "R'"]
    assert written(cube, result) == ["F'", "U2", "R'"]
    explain(cube, result)
    assert "quarter-turn metric: a half turn, written U2, counts 2 moves" in result.note
    assert CUBE.fields(cube, result)["solution"] == "F' U2 R'"
    assert cube.is_goal(cube.apply(cube.initial, "F' U2 R'"))
    half_turns = Cube.from_text("R U2 F", size)
    solved_in_htm = solve(half_turns, "bidirectional")
    assert written(half_turns, solved_in_htm) == ["F'", "U2", "R'"]
    explain(half_turns, solved_in_htm)
    assert "half turn" not in solved_in_htm.note


def test_random_quarter_turn_solutions_replay_as_written() -> None:
    rng = random.Random(3)
    for _ in range(5):
        scramble = format_moves([rng.choice(metric_moves("qtm")) for _ in range(5)])
        cube = Cube.from_text(scramble, 2, "qtm")
        result = solve(cube, "idastar")
        solution = " ".join(written(cube, result))
        assert cube.is_goal(cube.apply(cube.initial, solution))
        assert cost_in("qtm", parse_moves(solution)) == result.length


def test_a_quarter_turn_benchmark_row_writes_its_half_turns() -> None:
    """``bench cube`` says each solution and writes it to ``--out``: as a cuber writes it, and
    its replay check reads it so."""
    cube = Cube.from_text("R2 U", metric="qtm").with_tables(patterns=load_tables(SMALL_KORF, "qtm"))
    row = solve_one(cube, "korf", None)
    assert (row["status"], row["length"], row["moves"]) == ("solved", 3, "U' R2")
    assert row["replayed"] and row["optimal"] and row["engine"] == "compiled"
    # --out writes the row as JSON: its iterations in --json's shape, adding up to the counts
    walks = json.loads(json.dumps(row))["iterations"]
    assert [set(w) for w in walks] == [{"bound", "expanded", "generated", "partial"}] * len(walks)
    assert sum(w["expanded"] for w in walks) == row["expanded"]
