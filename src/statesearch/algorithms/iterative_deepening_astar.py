"""IDA*: depth-first searches bounded by ``f = g + h``, the bound raised to the smallest ``f``
that exceeded it, until a goal is reached. Memory grows with the path, not the space."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ..problem import Heuristic, Problem
from ..result import Budget, Stats
from ._common import Budgets, Exhausted, Found, Outcome


def ida_star(
    problem: Problem[Any], heuristic: Heuristic, budgets: Budgets, stats: Stats
) -> Outcome:
    threshold = heuristic(problem.initial)
    while True:
        before = stats.expanded
        outcome, next_threshold = _bounded_search(problem, heuristic, budgets, stats, threshold)
        stats.iterations.append((threshold, stats.expanded - before))
        if isinstance(outcome, Found):
            return outcome
        if next_threshold == math.inf:
            return outcome
        threshold = next_threshold


def _bounded_search(
    problem: Problem[Any],
    heuristic: Heuristic,
    budgets: Budgets,
    stats: Stats,
    threshold: float,
) -> tuple[Outcome, float]:
    """One iteration: every path with ``f <= threshold`` that does not revisit its own states."""
    h, is_goal, successors = heuristic.fn, problem.is_goal, problem.successors
    start = problem.initial
    path = [start]
    actions: list[Any] = []
    costs: list[float] = [0]
    on_path = {start}
    budgets.expand(stats.expanded)
    stats.expanded += 1
    if is_goal(start):
        return Found(path, actions, 0), threshold
    smallest_over = math.inf
    cut = False
    frames: list[Iterator[tuple[Any, Any, float]]] = [iter(successors(start))]
    while frames:
        link = next(frames[-1], None)
        if link is None:
            frames.pop()
            on_path.discard(path.pop())
            if actions:
                actions.pop()
                costs.pop()
            continue
        stats.generated += 1
        action, child, step = link
        if child in on_path:
            continue
        g = costs[-1] + step
        f = g + h(child)
        if f > threshold:
            smallest_over = min(smallest_over, f)
            continue
        if len(path) > budgets.max_depth:
            cut = True
            continue
        budgets.push(stats.pushed)
        stats.pushed += 1
        budgets.expand(stats.expanded)
        stats.expanded += 1
        path.append(child)
        actions.append(action)
        costs.append(g)
        if is_goal(child):
            return Found(list(path), list(actions), g), threshold
        on_path.add(child)
        frames.append(iter(successors(child)))
        stats.max_frontier = max(stats.max_frontier, len(path))
    if cut and smallest_over == math.inf:
        return Exhausted(Budget.DEPTH), math.inf
    return Exhausted(), smallest_over
