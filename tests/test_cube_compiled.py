"""The compiled IDA* of the 3x3x3 against the generic engine's, on small tables that build in
a second: the same optimal lengths, solutions that replay, and the engine's budgets."""

from __future__ import annotations

import random
import threading

import pytest

from helpers import replay
from statesearch import LimitKind, Limits, Status, solve
from statesearch.cli.cube import solve_one
from statesearch.cube import Cube, Cubies, format_moves, random_scramble
from statesearch.cube import compiled as kernel
from statesearch.cube.coset_table import CosetTable, build_table
from statesearch.cube.korf import PatternTables, load_tables

SMALL_KORF = [(False, (0, 1, 2, 3)), (True, (0, 1, 2, 3)), (True, (8, 9, 10, 11))]


@pytest.fixture(scope="module")
def coset() -> CosetTable:
    return build_table("no-flip", "htm")


@pytest.fixture(scope="module")
def patterns() -> PatternTables:
    return load_tables(SMALL_KORF, "htm")


@pytest.mark.parametrize("seed", [2, 6, 10])
def test_compiled_coset_ida_agrees_with_the_generic_one_on_ten_moves(
    seed: int, coset: CosetTable
) -> None:
    cube = Cube.from_text(format_moves(random_scramble(10, seed))).with_tables(coset=coset)
    compiled = solve(cube, "idastar", "coset")
    generic = solve(cube, "idastar", "coset", engine="python")
    assert compiled.engine == "compiled" and generic.engine == "python"
    assert compiled.optimal and generic.optimal
    assert compiled.length == generic.length
    assert compiled.stats.iterations[0][0] == generic.stats.iterations[0][0]  # the same root h
    replay(cube, compiled)
    replay(cube, generic)


def test_compiled_korf_ida_agrees_with_the_generic_one(patterns: PatternTables) -> None:
    rng = random.Random(4)
    for length in (3, 5, 6):
        cube = Cube.from_text(format_moves(random_scramble(length, rng)))
        cube = cube.with_tables(patterns=patterns)
        compiled = solve(cube, "idastar", "korf")
        generic = solve(cube, "idastar", "korf", engine="python")
        assert compiled.engine == "compiled"
        assert compiled.length is not None and compiled.length == generic.length
        assert compiled.length <= length
        replay(cube, compiled)
        # Canonical sequences only: fewer nodes than the engine, which tries all 18 moves.
        assert compiled.stats.generated <= generic.stats.generated


@pytest.mark.parametrize("seed", [2, 6, 10])
def test_compiled_korf_ida_is_optimal_on_ten_moves(
    seed: int, coset: CosetTable, patterns: PatternTables
) -> None:
    """Against the generic IDA* with the other estimate: the same optimal length."""
    cube = Cube.from_text(format_moves(random_scramble(10, seed)))
    compiled = solve(cube.with_tables(patterns=patterns), "idastar", "korf")
    generic = solve(cube.with_tables(coset=coset), "idastar", "coset", engine="python")
    assert compiled.engine == "compiled" and compiled.optimal
    assert compiled.length == generic.length
    replay(cube, compiled)


def test_the_checkerboard_takes_six_half_turns(coset: CosetTable) -> None:
    cube = Cube.from_text("R2 L2 U2 D2 F2 B2").with_tables(coset=coset)
    result = solve(cube, "idastar", "coset")
    assert result.length == 6 and result.optimal
    assert all(move.endswith("2") for move in result.actions)
    replay(cube, result)
    row = solve_one(cube, "coset", None)
    assert row["replayed"] and row["optimal"] and row["length"] == 6


def test_quarter_turn_metric(coset: CosetTable) -> None:
    qtm_table = build_table("no-flip", "qtm")
    cube = Cube.from_text("R2 U F'", metric="qtm").with_tables(coset=qtm_table)
    result = solve(cube, "idastar", "coset")
    assert result.length == 4 and set(result.actions) <= {"U", "U'", "R", "R'", "F", "F'"}
    replay(cube, result)
    # The half-turn table is a lower bound in quarter turns too.
    mixed = solve(cube.with_tables(coset=coset), "idastar", "coset")
    assert mixed.length == 4


def test_quarter_turn_metric_with_korf() -> None:
    tables = load_tables(SMALL_KORF, "qtm")
    for seed in range(1, 5):
        scramble = format_moves(random_scramble(5, seed))
        cube = Cube.from_text(scramble, metric="qtm").with_tables(patterns=tables)
        compiled = solve(cube, "idastar", "korf")
        generic = solve(cube, "idastar", "korf", engine="python")
        assert compiled.engine == "compiled" and compiled.length == generic.length
        assert not any(move.endswith("2") for move in compiled.actions)
        replay(cube, compiled)


def test_budgets_and_cancellation(patterns: PatternTables) -> None:
    hard = format_moves(random_scramble(25, 1))  # far beyond what these small tables reach
    cube = Cube.from_text(hard).with_tables(patterns=patterns)
    capped = solve(cube, "idastar", "korf", limits=Limits(max_expanded=5000))
    assert capped.status is Status.LIMIT_REACHED and capped.limit is LimitKind.EXPANDED
    assert capped.stats.expanded == 5000
    timed = solve(cube, "idastar", "korf", limits=Limits(time_limit=0.2))
    assert timed.status is Status.LIMIT_REACHED and timed.limit is LimitKind.TIME
    stop = threading.Event()
    stop.set()
    cancelled = solve(cube, "idastar", "korf", cancel=stop)
    assert cancelled.limit is LimitKind.CANCELLED


def test_unsolvable_cubes_never_reach_a_kernel(patterns: PatternTables) -> None:
    solved = Cubies.solved(3)
    cube = Cube(Cubies(solved.cp, (1, *solved.co[1:]), solved.ep, solved.eo))
    cube = cube.with_tables(patterns=patterns)
    result = solve(cube, "idastar", "korf")
    assert result.status is Status.UNSOLVABLE and result.stats.expanded == 0
    assert cube.compiled("idastar", "korf", 1.0, False) is None


@pytest.mark.parametrize(("heuristic", "length"), [("coset", 12), ("korf", 9)])
def test_a_search_paused_every_few_expansions_goes_on_where_it_stopped(
    heuristic: str,
    length: int,
    coset: CosetTable,
    patterns: PatternTables,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A slice of 3 expansions pauses the search at every depth of the path, each pause on a
    node whose children were prepared with its siblings: it must find the same moves with the
    same counts as a search in one slice."""
    cube = Cube.from_text(format_moves(random_scramble(length, 3)))
    cube = (
        cube.with_tables(coset=coset)
        if heuristic == "coset"
        else cube.with_tables(patterns=patterns)
    )
    whole = solve(cube, "idastar", heuristic)
    monkeypatch.setattr(kernel.CubeSearch, "slice", 3)
    sliced = solve(cube, "idastar", heuristic, limits=Limits(time_limit=60))  # lost: no hang
    assert sliced.status is Status.SOLVED
    assert sliced.engine == whole.engine == "compiled"
    assert sliced.stats.expanded > 100  # many pauses
    assert sliced.actions == whole.actions
    assert (sliced.stats.expanded, sliced.stats.generated) == (
        whole.stats.expanded,
        whole.stats.generated,
    )
    replay(cube, sliced)
