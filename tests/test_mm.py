"""MM: bidirectional heuristic search that meets in the middle. Optimal, and never expands a
state whose f or 2g on its side passes the optimal cost."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import distances_to, example, replay
from statesearch import InputError, LimitKind, Limits, Status, solve
from statesearch.core.result import SearchResult
from statesearch.core.trace import CHILD_EVENTS, Trace
from statesearch.examples.water_jugs import WaterJugs
from statesearch.maze import LESSON_MAZE, Maze
from statesearch.npuzzle import NPuzzle, scramble
from test_engine import DIAMOND, Graph
from test_properties import mazes

LESSON = "7 2 4 5 0 6 8 3 1"


def meets_in_the_middle(result: SearchResult[object], optimal: float) -> None:
    """Every expansion, on either side: f <= C* and 2g <= C* (with admissible estimates)."""
    assert result.trace is not None and not result.trace.truncated
    pops = [e for e in result.trace.events if e.event == "pop"]
    assert len(pops) == result.stats.expanded
    for event in pops:
        assert event.f is not None and event.g is not None and event.side is not None
        assert event.f <= optimal + 1e-9 and 2 * event.g <= optimal + 1e-9, event


@settings(max_examples=60, deadline=None)
@given(mazes())
def test_mm_agrees_with_dijkstra_and_meets_in_the_middle_on_mazes(maze: Maze) -> None:
    reference = solve(maze, "ucs")
    result = solve(maze, "mm", "manhattan", trace=Trace())
    assert result.status == reference.status
    if result.solved:
        assert reference.cost is not None
        assert result.cost == reference.cost and result.optimal
        replay(maze, result)
        meets_in_the_middle(result, reference.cost)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 20))
def test_mm_agrees_with_bfs_on_8_puzzles(seed: int, depth: int) -> None:
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    puzzle = NPuzzle(scramble(goal, 3, 3, depth, seed), 3, 3, goal)
    reference = solve(puzzle, "bfs")
    assert reference.length is not None
    result = solve(puzzle, "mm", "manhattan", trace=Trace())
    assert result.optimal and result.length == reference.length
    replay(puzzle, result)
    meets_in_the_middle(result, reference.length)


@settings(max_examples=20, deadline=None)
@given(st.integers(3, 9), st.integers(0, 10**6))
def test_pancakes_with_estimates_both_ways(n: int, seed: int) -> None:
    stack = example("pancake").Pancake(n, seed)
    reference = solve(stack, "bfs")
    assert reference.length is not None
    for heuristic in (None, "zero"):
        result = solve(stack, "mm", heuristic, trace=Trace())
        assert result.optimal and result.length == reference.length
        replay(stack, result)
        meets_in_the_middle(result, reference.length)


def test_costs_that_differ() -> None:
    graph = Graph(DIAMOND, "S", "G")
    result = solve(graph, "mm", trace=Trace())
    assert result.cost == 3 and result.path == ["S", "A", "B", "G"] and result.optimal
    meets_in_the_middle(result, 3)


def test_the_lesson_board_and_maze() -> None:
    board = solve(NPuzzle.from_text(LESSON), "mm", "manhattan", trace=Trace(limit=0))
    assert board.length == 20 and board.optimal
    assert board.trace is not None
    counts, s = board.trace.counts, board.stats
    assert counts["pop"] == s.expanded and counts["push"] + counts["improve"] == s.pushed
    assert sum(counts[k] for k in CHILD_EVENTS) == s.generated
    maze = solve(Maze.parse(LESSON_MAZE), "mm", "manhattan")
    assert maze.length == 17 and maze.optimal


def test_a_pancake_stack_of_24() -> None:
    """The backward side's gap estimate, toward the shuffled stack, halves A*'s 1,652."""
    stack = example("pancake").Pancake(24)
    result = solve(stack, "mm")
    assert result.length == 23 and result.optimal and result.stats.expanded == 819


def test_what_mm_needs_and_refuses() -> None:
    with pytest.raises(InputError, match="predecessors"):
        solve(WaterJugs(), "mm")
    with pytest.raises(InputError, match="mm takes no depth limit"):
        solve(NPuzzle.from_text(LESSON), "mm", limits=Limits(max_depth=30))
    stack = example("pancake").Pancake(6)
    stack.backward_heuristic = 3
    with pytest.raises(InputError, match="backward_heuristic is a int"):
        solve(stack, "mm")


def test_budgets_and_proofs() -> None:
    board = NPuzzle.from_text("2 8 1 4 6 3 0 7 5")
    stopped = solve(board, "mm", "manhattan", precheck=False, limits=Limits(max_expanded=300))
    assert stopped.limit is LimitKind.EXPANDED and stopped.stats.expanded == 300
    kept = solve(board, "mm", "manhattan", precheck=False, limits=Limits(max_states=500))
    assert kept.limit is LimitKind.MEMORY
    pushed = solve(board, "mm", "manhattan", precheck=False, limits=Limits(max_pushed=100))
    assert pushed.limit is LimitKind.PUSHED and pushed.stats.pushed == 100
    apart = Graph({"S": [("A", 1)], "A": [("S", 1)], "G": []}, "S", "G")
    whole = solve(apart, "mm")
    assert whole.status is Status.UNSOLVABLE and "without meeting" in whole.reason
    assert solve(Graph({}, "S", "S"), "mm").length == 0


def test_a_board_estimates_the_way_back_to_its_start() -> None:
    """NPuzzle's backward_heuristic: linear conflicts toward the start, never more than the
    moves from the start (every board within 12 moves of the lesson's, looked at)."""
    board = NPuzzle.from_text(LESSON)
    assert board.backward_heuristic(board.initial) == 0
    flipped = NPuzzle(board.goal, 3, 3, board.initial)  # searched from the other end
    distances = distances_to(flipped, board.initial)
    near = [state for state, d in distances.items() if d <= 12]
    assert len(near) > 1_000
    for state in near:
        assert board.backward_heuristic(state) <= distances[state]
    result = solve(board, "mm", "manhattan")
    assert (result.length, result.stats.expanded) == (20, 272)
