"""The compiled IDA* of the 3x3x3 against the generic engine's, on small tables that build in
a second: the same optimal lengths, solutions that replay, and the engine's budgets."""

from __future__ import annotations

import random
import threading

import pytest

from helpers import replay
from statesearch import LimitKind, Limits, Status, solve
from statesearch.cli.bench_cube import solve_one
from statesearch.cube import Cube, Cubies, format_moves, random_scramble
from statesearch.cube.compiled import adapter as kernel
from statesearch.cube.tables.coset_table import CosetTable, build_table
from statesearch.cube.tables.korf import PatternTables, load_tables
from statesearch.cube.telling import passes_note

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


@pytest.fixture
def coset_read(coset: CosetTable, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The small coset table stands in for the cache's 5 GB one; each read is listed."""
    from statesearch.cube.tables import coset_cache

    reads: list[str] = []

    def read(variant: str, metric: str, log: object = None) -> CosetTable:
        reads.append(metric)
        return coset if metric == "htm" else build_table("no-flip", metric)

    monkeypatch.setattr(coset_cache, "require_table", read)
    return reads


def test_korf_then_coset_solves_a_near_cube_with_korfs_tables_alone(
    patterns: PatternTables, coset_read: list[str]
) -> None:
    """Within ``KORF_IS_ENOUGH`` moves the first pass is the search -H korf makes, step for
    step, and the coset table is never read."""
    cube = Cube.from_text(format_moves(random_scramble(6, 5))).with_tables(patterns=patterns)
    both = solve(cube, "idastar", "korf-then-coset")
    korf = solve(cube, "idastar", "korf")
    assert both.solved and both.optimal and both.engine == "compiled"
    assert both.actions == korf.actions and both.stats.iterations == korf.stats.iterations
    assert (both.stats.expanded, both.stats.generated) == (
        korf.stats.expanded,
        korf.stats.generated,
    )
    assert coset_read == []
    replay(cube, both)


@pytest.mark.parametrize(("metric", "moves", "reach"), [("htm", 10, 8), ("qtm", 14, 10)])
def test_korf_then_coset_goes_on_past_what_korfs_tables_ruled_out(
    metric: str,
    moves: int,
    reach: int,
    coset_read: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A cube farther than the first pass reaches (``reach`` stands in for 13 on small
    tables): Korf's iterations up to ``reach``, then the coset table's from the first bound
    past it (of the right parity in quarter turns), counted together; the coset table alone
    would have started lower, on bounds the first pass had ruled out."""
    from statesearch.cube import problem

    monkeypatch.setattr(problem, "KORF_IS_ENOUGH", reach)
    tables = load_tables(SMALL_KORF, metric)
    cube = Cube.from_text(
        format_moves(random_scramble(moves, 1 if metric == "qtm" else 2, metric)), metric=metric
    )
    cube = cube.with_tables(patterns=tables)
    both = solve(cube, "idastar", "korf-then-coset")
    assert coset_read == [metric]
    first = solve(cube, "idastar", "korf", limits=Limits(max_depth=reach))
    assert first.limit is LimitKind.DEPTH and first.stats.iterations  # Korf's pass, alone
    alone = solve(cube.with_tables(coset=build_table("no-flip", metric)), "idastar", "coset")
    assert alone.stats.iterations[0].bound <= reach  # what the second pass need not search
    past = [i for i in alone.stats.iterations if i.bound > reach]
    assert both.stats.iterations == first.stats.iterations + past  # bounds, counts, none partial
    assert both.stats.expanded == sum(i.expanded for i in both.stats.iterations)
    assert both.stats.generated == sum(i.generated for i in both.stats.iterations)
    assert both.solved and both.optimal and both.length == alone.length == moves
    replay(cube, both)
    note = passes_note(cube, both)
    assert f"Korf's tables ruled out {reach} moves or fewer" in note
    assert f"searched from bound {past[0].bound}" in note and "the counts are of both" in note


def test_korf_then_coset_answers_to_every_budget_across_both_passes(
    patterns: PatternTables, coset_read: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A node budget counts both passes' expansions and the reason names the pass it stopped;
    a depth bound within the first pass's reach stops before the coset table is read."""
    from statesearch.cube import problem

    monkeypatch.setattr(problem, "KORF_IS_ENOUGH", 8)
    cube = Cube.from_text(format_moves(random_scramble(10, 2))).with_tables(patterns=patterns)
    first = solve(cube, "idastar", "korf", limits=Limits(max_depth=8)).stats.expanded
    for budget, searching in (
        (first // 2, "Korf's tables (up to 8 moves)"),
        (first + 3, "the coset table"),
    ):
        capped = solve(cube, "idastar", "korf-then-coset", limits=Limits(max_expanded=budget))
        assert capped.status is Status.LIMIT_REACHED and capped.limit is LimitKind.EXPANDED
        assert capped.stats.expanded == budget
        assert f"in the search with {searching}" in capped.reason
    assert coset_read == ["htm"]  # the second budget only
    for depth in (6, 8):
        cut = solve(cube, "idastar", "korf-then-coset", limits=Limits(max_depth=depth))
        assert cut.limit is LimitKind.DEPTH
    assert coset_read == ["htm"]
    stop = threading.Event()
    stop.set()
    cancelled = solve(cube, "idastar", "korf-then-coset", cancel=stop)
    assert cancelled.limit is LimitKind.CANCELLED and "Korf's tables" in cancelled.reason
