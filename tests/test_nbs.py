"""NBS: bidirectional heuristic search by pairs. Optimal, and no state it expands has an f on
its side above the optimal cost."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import example, replay
from statesearch import InputError, LimitKind, Limits, Status, solve
from statesearch.examples.water_jugs import WaterJugs
from statesearch.maze import Maze
from statesearch.npuzzle import NPuzzle, scramble
from statesearch.result import SearchResult
from statesearch.trace import CHILD_EVENTS, Trace
from test_engine import DIAMOND, Graph
from test_properties import mazes

LESSON = "7 2 4 5 0 6 8 3 1"


def within_the_optimal_cost(result: SearchResult[object], optimal: float) -> None:
    """Every expansion, on either side, has f <= C* (its pair's lower bound is at most C*)."""
    assert result.trace is not None and not result.trace.truncated
    pops = [e for e in result.trace.events if e.event == "pop"]
    assert len(pops) == result.stats.expanded
    for event in pops:
        assert event.f is not None and event.f <= optimal + 1e-9, event


@settings(max_examples=60, deadline=None)
@given(mazes())
def test_nbs_agrees_with_dijkstra_on_mazes(maze: Maze) -> None:
    reference = solve(maze, "ucs")
    result = solve(maze, "nbs", "manhattan", trace=Trace())
    assert result.status == reference.status
    if result.solved:
        assert reference.cost is not None
        assert result.cost == reference.cost and result.optimal
        replay(maze, result)
        within_the_optimal_cost(result, reference.cost)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 20))
def test_nbs_agrees_with_bfs_on_8_puzzles(seed: int, depth: int) -> None:
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    puzzle = NPuzzle(scramble(goal, 3, 3, depth, seed), 3, 3, goal)
    reference = solve(puzzle, "bfs")
    assert reference.length is not None
    result = solve(puzzle, "nbs", "manhattan", trace=Trace())
    assert result.optimal and result.length == reference.length
    replay(puzzle, result)
    within_the_optimal_cost(result, reference.length)


@settings(max_examples=20, deadline=None)
@given(st.integers(3, 9), st.integers(0, 10**6))
def test_nbs_on_pancakes(n: int, seed: int) -> None:
    stack = example("pancake").Pancake(n, seed)
    reference = solve(stack, "bfs")
    assert reference.length is not None
    result = solve(stack, "nbs", trace=Trace())
    assert result.optimal and result.length == reference.length
    within_the_optimal_cost(result, reference.length)


def test_costs_that_differ_and_the_lesson() -> None:
    graph = solve(Graph(DIAMOND, "S", "G"), "nbs", trace=Trace())
    assert graph.cost == 3 and graph.path == ["S", "A", "B", "G"]
    within_the_optimal_cost(graph, 3)
    board = solve(NPuzzle.from_text(LESSON), "nbs", "manhattan", trace=Trace(limit=0))
    assert (board.length, board.stats.expanded) == (20, 174)
    assert board.trace is not None
    counts, s = board.trace.counts, board.stats
    assert counts["pop"] == s.expanded and counts["push"] + counts["improve"] == s.pushed
    assert sum(counts[k] for k in CHILD_EVENTS) == s.generated


def test_refusals_budgets_and_proofs() -> None:
    with pytest.raises(InputError, match="predecessors"):
        solve(WaterJugs(), "nbs")
    with pytest.raises(InputError, match="nbs takes no depth limit"):
        solve(NPuzzle.from_text(LESSON), "nbs", limits=Limits(max_depth=30))
    board = NPuzzle.from_text("2 8 1 4 6 3 0 7 5")
    stopped = solve(board, "nbs", "manhattan", precheck=False, limits=Limits(max_expanded=300))
    assert stopped.limit is LimitKind.EXPANDED and stopped.stats.expanded == 300
    apart = Graph({"S": [("A", 1)], "A": [("S", 1)], "G": []}, "S", "G")
    whole = solve(apart, "nbs")
    assert whole.status is Status.UNSOLVABLE and "without meeting" in whole.reason
    assert solve(Graph({}, "S", "S"), "nbs").length == 0


def test_the_deepest_pair_meets_sooner_on_a_plateau() -> None:
    """A stack of 24: the least-g pair took 22,754 expansions, the deepest 3,300 (mm 819)."""
    result = solve(example("pancake").Pancake(24), "nbs")
    assert result.length == 23 and result.optimal and result.stats.expanded == 3_300
