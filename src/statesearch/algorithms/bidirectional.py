"""Bidirectional breadth-first search: one layer at a time from the start and from the goal,
always growing the smaller side, until the two meet. Needs a single goal state and
``predecessors``; optimal in the number of steps."""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..problem import Problem, Reversible
from ..result import Budget, Stats
from ._common import Budgets, Exhausted, Found, Links, Outcome, along, walk_back


def bidirectional(problem: Problem[Any], budgets: Budgets, stats: Stats) -> Outcome:
    if not isinstance(problem, Reversible):
        raise InputError("bidirectional search needs a problem with `goal` and `predecessors`")
    start, goal = problem.initial, problem.goal
    forward: Links = {start: None}
    backward: Links = {goal: None}  # backward[s] = the next state toward the goal
    if start == goal:
        return walk_back(problem, forward, start)
    layers = {True: [start], False: [goal]}
    depth = 0
    while layers[True] and layers[False]:
        if depth >= budgets.max_depth:
            return Exhausted(Budget.DEPTH)
        grow_forward = len(layers[True]) <= len(layers[False])
        seen, other = (forward, backward) if grow_forward else (backward, forward)
        step_fn = problem.successors if grow_forward else problem.predecessors
        following: list[Any] = []
        for state in layers[grow_forward]:
            budgets.expand(stats.expanded)
            stats.expanded += 1
            for _, child, _ in step_fn(state):
                stats.generated += 1
                if child in seen:
                    continue
                budgets.push(stats.pushed)
                stats.pushed += 1
                seen[child] = state
                # No state within this layer's depth of the start lay within the other side's
                # depth of the goal (it would have met before), so the first meeting is shortest.
                if child in other:
                    return _join(problem, forward, backward, child)
                following.append(child)
            budgets.store(len(forward) + len(backward))
        stats.max_frontier = max(stats.max_frontier, len(following) + len(layers[not grow_forward]))
        layers[grow_forward] = following
        depth += 1
    return Exhausted()


def _join(problem: Problem[Any], forward: Links, backward: Links, meeting: Any) -> Found:
    path = [meeting]
    while (parent := forward[path[-1]]) is not None:
        path.append(parent)
    path.reverse()
    while (nxt := backward[path[-1]]) is not None:
        path.append(nxt)
    return along(problem, path)
