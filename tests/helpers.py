"""Checks shared by the tests: replaying a path, and exact BFS distances to compare against."""

from __future__ import annotations

from collections import deque
from typing import Any

from statesearch import SearchResult, Stats, Status


def replay(problem: Any, result: SearchResult[Any]) -> float:
    """Walk the returned actions from the start with the problem's own moves; return the cost.

    Fails unless every action is a legal move to the next listed state and the walk ends on a goal.
    """
    assert result.status is Status.SOLVED
    state = problem.initial
    assert result.path[0] == state
    assert len(result.path) == len(result.actions) + 1
    cost: float = 0
    for action, expected in zip(result.actions, result.path[1:], strict=True):
        moves = {a: (s, c) for a, s, c in problem.successors(state)}
        assert action in moves, f"{action!r} is not a legal move"
        state, step = moves[action]
        assert state == expected
        cost += step
    assert problem.is_goal(state)
    assert cost == result.cost
    return cost


def distances_to(problem: Any, goal: Any) -> dict[Any, int]:
    """Exact distance (in unit steps) from every state that can reach ``goal``, by BFS backwards."""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        for _, prev, _ in problem.predecessors(state):
            if prev not in dist:
                dist[prev] = dist[state] + 1
                queue.append(prev)
    return dist


def counters(stats: Stats) -> tuple[int, int, int, int]:
    """The counters two runs of one search must agree on."""
    return stats.expanded, stats.pushed, stats.generated, stats.max_frontier
