"""Every compiled IDA* stops at a budget where the engine's walk stops, on every counter: a slice
pauses at the next child it would enter, where the walk checks its budgets, and the driver
checks them there (``kernels/ida_driver.py``). Slices of a few expansions put pauses everywhere;
a search paused and resumed that often must count as one run straight through."""

from __future__ import annotations

from typing import Any

import pytest

from helpers import example
from statesearch import LimitKind, Limits, SearchResult, Status, solve
from statesearch.core.limits import LimitHit, Meter
from statesearch.core.result import Stats
from statesearch.cube import Cube, format_moves, random_scramble
from statesearch.cube.compiled import adapter as cube_kernel
from statesearch.cube.tables.korf import load_tables
from statesearch.kernels import slot_ida
from statesearch.npuzzle import NPuzzle, scramble
from statesearch.npuzzle import compiled as npuzzle_kernels
from statesearch.tilt import Tilt
from statesearch.tilt import compiled as tilt_kernel
from statesearch.tilt.generate import generate

BUDGETS = [
    pytest.param(Limits(**{name: count}), id=f"{name}={count}")
    for name, counts in (("max_expanded", (1, 2, 37, 400)), ("max_pushed", (0, 1, 36, 399)))
    for count in counts
]
FEW = 3  # expansions a slice: pauses everywhere
# Korf's tables for the cube, small enough to build in a second.
SMALL_KORF = [(False, (0, 1, 2, 3)), (True, (0, 1, 2, 3)), (True, (8, 9, 10, 11))]


def counts(result: SearchResult[Any]) -> tuple[Any, ...]:
    s = result.stats
    walks = [(i.bound, i.expanded, i.generated, i.partial) for i in s.iterations]
    return (result.status, result.limit, result.reason, s.expanded, s.pushed, s.generated, walks)


@pytest.fixture(params=[True, False], ids=["short-slices", "whole-slices"])
def slices(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    if request.param:
        for search in (
            npuzzle_kernels.FrameSearch,
            npuzzle_kernels.PerShapeSearch,
            tilt_kernel.TiltSearch,
            cube_kernel.CubeSearch,
            slot_ida.IdaSlots,
        ):
            monkeypatch.setattr(search, "slice", FEW)
        monkeypatch.setattr(slot_ida, "next_slice", lambda done, seconds: FEW)
    return bool(request.param)


@pytest.mark.parametrize("limits", BUDGETS)
def test_compiled_slots_stop_where_the_walk_stops(limits: Limits, slices: bool) -> None:
    python, compiled = example("hanoi").Hanoi(5), example("hanoi_compiled").CompiledHanoi(5)
    walk = solve(python, "idastar", limits=limits, engine="python")
    got = solve(compiled, "idastar", limits=limits)
    assert got.engine == "compiled" and walk.status is Status.LIMIT_REACHED
    assert counts(got) == counts(walk)


@pytest.mark.parametrize("limits", BUDGETS)
def test_tilt_stops_where_the_walk_stops(limits: Limits, slices: bool) -> None:
    puzzle = Tilt(generate(3, blocks=4, min_length=16).board)
    walk = solve(puzzle, "idastar", "best", limits=limits, engine="python")
    got = solve(puzzle, "idastar", "best", limits=limits, engine="compiled")
    assert got.engine == "compiled" and walk.status is Status.LIMIT_REACHED
    assert counts(got) == counts(walk)


def sliding_stop(search: Any, puzzle: NPuzzle, limits: Limits) -> tuple[Any, ...]:
    stats = Stats()
    try:
        npuzzle_kernels.ida_star(search, puzzle, Meter(limits), stats)
    except LimitHit as hit:
        return hit.kind, str(hit.detail), stats.expanded, stats.pushed, stats.generated
    raise AssertionError("no budget stopped it")


@pytest.mark.parametrize("limits", BUDGETS)
def test_sliding_tile_kernels_stop_where_the_walk_stops(limits: Limits, slices: bool) -> None:
    """The per-shape search and the loop kernels stop where the walk does; they never generate
    the move back, so their ``generated`` is the walk's less those (equal between the two)."""
    goal = tuple(range(16))
    puzzle = NPuzzle(scramble(goal, 4, 4, 60, 1), 4, 4, goal)
    walk = solve(puzzle, "idastar", "manhattan", limits=limits, engine="python")
    per_shape = sliding_stop(npuzzle_kernels.PerShapeSearch(puzzle), puzzle, limits)
    loop = sliding_stop(npuzzle_kernels.FrameSearch(puzzle, "manhattan"), puzzle, limits)
    assert per_shape == loop
    kind, detail, expanded, pushed, _ = per_shape
    s = walk.stats
    assert (kind, detail, expanded, pushed) == (walk.limit, walk.reason, s.expanded, s.pushed)
    conflicts = solve(puzzle, "idastar", "linear_conflict", limits=limits, engine="python")
    loop = sliding_stop(npuzzle_kernels.FrameSearch(puzzle, "linear_conflict"), puzzle, limits)
    s = conflicts.stats
    assert loop[:4] == (conflicts.limit, conflicts.reason, s.expanded, s.pushed)


def test_short_slices_count_as_one_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Solved through thousands of pauses, each kernel counts as it does straight through."""
    goal = tuple(range(16))
    puzzle = NPuzzle(scramble(goal, 4, 4, 40, 2), 4, 4, goal)
    tilt = Tilt(generate(3, blocks=4, min_length=12).board)
    cube = Cube.from_text(format_moves(random_scramble(6, 3)))
    cube = cube.with_tables(patterns=load_tables(SMALL_KORF, "htm"))
    cases: list[tuple[type, Any, str]] = [
        (npuzzle_kernels.PerShapeSearch, puzzle, "manhattan"),
        (npuzzle_kernels.FrameSearch, puzzle, "linear_conflict"),
        (tilt_kernel.TiltSearch, tilt, "best"),
        (cube_kernel.CubeSearch, cube, "korf"),
    ]
    for search, problem, heuristic in cases:
        whole = solve(problem, "idastar", heuristic, engine="compiled")
        with monkeypatch.context() as patch:
            patch.setattr(search, "slice", FEW)
            paused = solve(problem, "idastar", heuristic, engine="compiled")
        assert whole.solved and paused.engine == "compiled", search
        assert counts(paused) == counts(whole) and paused.actions == whole.actions, search


def test_a_cube_budget_stops_between_counts_that_add_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cube's kernel counts the children it passes over in batches: a pause at a child
    counts those before it, the child itself once, when it is taken again."""
    cube = Cube.from_text(format_moves(random_scramble(25, 1)))
    cube = cube.with_tables(patterns=load_tables(SMALL_KORF, "htm"))
    for budget in (Limits(max_expanded=500), Limits(max_pushed=499)):
        whole = solve(cube, "idastar", "korf", limits=budget)
        monkeypatch.setattr(cube_kernel.CubeSearch, "slice", FEW)
        paused = solve(cube, "idastar", "korf", limits=budget)
        monkeypatch.undo()
        assert whole.limit in (LimitKind.EXPANDED, LimitKind.PUSHED)
        assert counts(paused) == counts(whole)
