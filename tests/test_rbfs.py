"""Recursive best-first search: optimal with an admissible h, in memory along its path."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import example, replay
from statesearch import LimitKind, Limits, Status, solve
from statesearch.core.trace import CHILD_EVENTS, Trace
from statesearch.maze import LESSON_MAZE, Maze
from statesearch.npuzzle import NPuzzle, scramble
from test_properties import mazes

LESSON = "7 2 4 5 0 6 8 3 1"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 16))
def test_rbfs_agrees_with_bfs_on_8_puzzles(seed: int, depth: int) -> None:
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    puzzle = NPuzzle(scramble(goal, 3, 3, depth, seed), 3, 3, goal)
    reference = solve(puzzle, "bfs")
    for h in ("manhattan", "misplaced"):
        result = solve(puzzle, "rbfs", h)
        assert result.optimal and result.length == reference.length
        replay(puzzle, result)


@settings(max_examples=60, deadline=None)
@given(mazes())
def test_rbfs_agrees_with_dijkstra_on_mazes_of_costs(maze: Maze) -> None:
    reference = solve(maze, "ucs")
    result = solve(maze, "rbfs", "manhattan")
    assert result.status == reference.status
    if result.solved:
        assert result.cost == reference.cost and result.optimal
        replay(maze, result)


def test_the_lesson_in_linear_space() -> None:
    """Fewer expansions than A*'s 283 with Manhattan: RBFS goes down a best child at once."""
    result = solve(NPuzzle.from_text(LESSON), "rbfs", "manhattan", trace=True)
    assert (result.length, result.stats.expanded, result.stats.pushed) == (20, 272, 446)
    assert result.stats.max_frontier == 21  # the path, start and goal included
    assert result.trace is not None
    counts = result.trace.counts
    assert counts["pop"] == result.stats.expanded and counts["push"] == result.stats.pushed
    assert sum(counts[k] for k in CHILD_EVENTS) == result.stats.generated
    maze = solve(Maze.parse(LESSON_MAZE), "rbfs", "manhattan")
    assert (maze.length, maze.cost, maze.optimal) == (17, 17, True)


def test_a_state_entered_again_counts_again() -> None:
    """Misplaced tiles is a weak estimate: RBFS re-enters what it left, more than A*'s 3,667."""
    result = solve(NPuzzle.from_text(LESSON), "rbfs", "misplaced")
    assert result.length == 20 and result.stats.expanded == 9_301


def test_budgets_and_proofs() -> None:
    board = NPuzzle.from_text("2 8 1 4 6 3 0 7 5")  # unsolvable
    limited = solve(board, "rbfs", "manhattan", precheck=False, limits=Limits(max_expanded=500))
    assert limited.limit is LimitKind.EXPANDED and limited.stats.expanded == 500
    pushed = solve(board, "rbfs", "manhattan", precheck=False, limits=Limits(max_pushed=40))
    assert pushed.limit is LimitKind.PUSHED and pushed.stats.pushed == 40
    deep = solve(NPuzzle.from_text(LESSON), "rbfs", "manhattan", limits=Limits(max_depth=10))
    assert deep.status is Status.LIMIT_REACHED and deep.limit is LimitKind.DEPTH


def test_past_the_longest_optimal_solution_is_a_proof() -> None:
    """As IDA*'s bound: the lowest F at the start past 31 moves proves a 3x3 board unsolvable."""
    board = NPuzzle.from_text("2 8 1 4 6 3 0 7 5")
    result = solve(board, "rbfs", "linear_conflict", precheck=False)
    assert result.status is Status.UNSOLVABLE and "within 31 moves" in result.reason


def test_a_pancake_stack_of_ones_own() -> None:
    stack = example("pancake").Pancake(12)
    result = solve(stack, "rbfs", trace=Trace(limit=0))
    assert result.optimal and result.length == solve(stack, "astar").length == 12
    replay(stack, result)


@pytest.mark.parametrize("states", [10, 10_000])
def test_the_bound_on_states_kept_is_not_read(states: int) -> None:
    result = solve(NPuzzle.from_text(LESSON), "rbfs", "manhattan", limits=Limits(max_states=states))
    assert result.solved and "rbfs keeps only its path" in result.note
