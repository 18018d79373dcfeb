"""Anytime weighted A*: weighted A*'s first solution, then better ones, each with a proven
bound, the last proved optimal when the waiting room is empty."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import example, replay
from statesearch import Heuristic, LimitKind, Limits, Status, solve
from statesearch.core.result import Improvement
from statesearch.core.trace import CHILD_EVENTS, Trace
from statesearch.maze import Maze
from statesearch.npuzzle import NPuzzle, scramble
from test_properties import mazes

LESSON = "7 2 4 5 0 6 8 3 1"


def check_stream(improvements: list[Improvement], optimal: float) -> None:
    """Each solution cheaper than the one before, its lower bound at most the optimum."""
    costs = [i.cost for i in improvements]
    assert costs == sorted(costs, reverse=True) and len(set(costs)) == len(costs)
    assert costs[-1] == optimal
    for i in improvements:
        assert i.lower is not None and i.lower <= optimal <= i.cost
        assert i.bound is None or i.bound == i.cost / i.lower >= 1


@settings(max_examples=60, deadline=None)
@given(mazes(), st.sampled_from([1.5, 2, 5]))
def test_the_last_solution_is_dijkstras_cost(maze: Maze, weight: float) -> None:
    reference = solve(maze, "ucs")
    result = solve(maze, "anytime", "manhattan", weight=weight)
    assert result.status == reference.status
    if result.solved:
        assert reference.cost is not None and result.optimal and result.cost == reference.cost
        check_stream(result.improvements, reference.cost)
        replay(maze, result)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 24))
def test_8_puzzles_agree_with_bfs(seed: int, depth: int) -> None:
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    puzzle = NPuzzle(scramble(goal, 3, 3, depth, seed), 3, 3, goal)
    reference = solve(puzzle, "bfs")
    result = solve(puzzle, "anytime", "manhattan", weight=4)
    assert result.optimal and result.length == reference.length
    check_stream(result.improvements, reference.length or 0)


def test_the_first_solution_is_weighted_astars() -> None:
    board = NPuzzle.from_text(LESSON)
    weighted = solve(board, "astar", "manhattan", weight=3)
    heard: list[Improvement] = []
    result = solve(board, "anytime", "manhattan", weight=3, on_improvement=heard.append)
    first = result.improvements[0]
    assert (first.cost, first.expanded) == (weighted.cost, weighted.stats.expanded) == (20, 47)
    assert first.lower == 16 and first.bound == 1.25
    assert heard == result.improvements and result.weight == 3
    assert result.optimal and result.cost == 20 and result.stats.expanded == 99


def test_a_pancake_stack_improves_four_times() -> None:
    stack = example("pancake").Pancake(24)
    result = solve(stack, "anytime", weight=3)
    assert [i.cost for i in result.improvements] == [26, 25, 24, 23]
    assert [i.lower for i in result.improvements] == [22, 22, 22, 22]
    assert result.optimal and result.length == 23 and result.stats.expanded == 3_509
    data = result.to_dict()["stats"]["improvements"]
    assert data[0]["cost"] == 26 and data[0]["bound"] == 26 / 22


def test_weight_one_means_two() -> None:
    """A*'s own order would find the optimum first: nothing to improve."""
    result = solve(example("pancake").Pancake(14), "anytime")
    assert result.weight == 2 and result.note == ""
    assert solve(NPuzzle.from_text(LESSON), "anytime", "manhattan", weight=2).stats.expanded == (
        solve(NPuzzle.from_text(LESSON), "anytime", "manhattan").stats.expanded
    )


def test_a_budget_after_a_solution_gives_it_with_its_bound() -> None:
    stack = example("pancake").Pancake(24)
    stopped = solve(stack, "anytime", weight=3, limits=Limits(max_expanded=1_000))
    assert stopped.status is Status.SOLVED and not stopped.optimal and stopped.cost == 25
    assert stopped.note == (
        "stopped by expanded 1,000 states (max_expanded) before proving it optimal: the best "
        "of 2 solutions found, at most 1.136 times the optimal cost"
    )
    replay(stack, stopped)
    early = solve(stack, "anytime", weight=3, limits=Limits(max_expanded=10))
    assert early.status is Status.LIMIT_REACHED and early.limit is LimitKind.EXPANDED
    assert early.improvements == []


def test_events_add_up() -> None:
    result = solve(example("pancake").Pancake(14), "anytime", trace=Trace())
    assert result.trace is not None
    counts, s = result.trace.counts, result.stats
    assert counts["pop"] == s.expanded and counts["push"] + counts["improve"] == s.pushed
    assert sum(counts[k] for k in CHILD_EVENTS) == s.generated
    assert counts["incumbent"] == len(result.improvements) and counts["prune"] > 0
    assert counts["drop"] > 0  # taken out after the first solution, no better than it


def test_an_estimate_that_may_overestimate_proves_nothing() -> None:
    board = NPuzzle.from_text(LESSON)
    doubled = Heuristic("twice", lambda s: 2 * board.heuristics["manhattan"](s), admissible=False)
    result = solve(board, "anytime", doubled)
    assert result.solved and not result.optimal
    assert all(i.lower is None and i.bound is None for i in result.improvements)
    assert math.isfinite(result.cost or math.inf)


def test_unsolvable_is_still_a_proof() -> None:
    board = NPuzzle.from_text("2 8 1 4 6 3 0 7 5")
    result = solve(board, "anytime", "manhattan", precheck=False)
    assert result.status is Status.UNSOLVABLE and result.improvements == []
