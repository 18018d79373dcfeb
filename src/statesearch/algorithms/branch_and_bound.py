"""Depth-first branch and bound: dive depth-first, children best-``h`` first, and prune every
branch whose ``g + h`` cannot beat the best solution so far (or a given upper bound)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ..problem import Heuristic, Problem
from ..result import Budget, Stats
from ._common import Budgets, Exhausted, Found, Outcome

Child = tuple[float, Any, Any, float]  # (h, action, state, step cost)


def branch_and_bound(
    problem: Problem[Any],
    heuristic: Heuristic,
    budgets: Budgets,
    stats: Stats,
    *,
    upper_bound: float = math.inf,
) -> Outcome:
    """Search for a path cheaper than ``upper_bound`` and keep tightening the bound.

    A table of the cheapest ``g`` seen per state prunes transpositions: a state reached again at
    no lower cost cannot lead anywhere new. With an admissible heuristic the last solution found
    is optimal. When nothing beats a finite ``upper_bound`` the result is a limit (``cost``), not a
    proof that no path exists.
    """
    h, is_goal, successors = heuristic.fn, problem.is_goal, problem.successors
    start = problem.initial

    def ordered(state: Any) -> Iterator[Child]:
        children = [(h(child), action, child, step) for action, child, step in successors(state)]
        stats.generated += len(children)
        children.sort(key=lambda c: c[0])
        return iter(children)

    best_g: dict[Any, float] = {start: 0}
    best: Found | None = None
    bound = upper_bound
    path = [start]
    actions: list[Any] = []
    costs: list[float] = [0]
    cut = False
    budgets.expand(stats.expanded)
    stats.expanded += 1
    if is_goal(start):
        return Found(path, actions, 0)
    frames = [ordered(start)]
    while frames:
        link = next(frames[-1], None)
        if link is None:
            frames.pop()
            path.pop()
            if actions:
                actions.pop()
                costs.pop()
            continue
        hc, action, child, step = link
        g = costs[-1] + step
        if g + hc >= bound or g >= best_g.get(child, math.inf):
            continue
        if len(path) > budgets.max_depth:
            cut = True
            continue
        best_g[child] = g
        budgets.store(len(best_g))
        budgets.push(stats.pushed)
        stats.pushed += 1
        budgets.expand(stats.expanded)
        stats.expanded += 1
        if is_goal(child):
            best = Found([*path, child], [*actions, action], g)
            bound = g
            continue
        path.append(child)
        actions.append(action)
        costs.append(g)
        frames.append(ordered(child))
        stats.max_frontier = max(stats.max_frontier, len(path))
    if best is not None:
        return best
    if cut:
        return Exhausted(Budget.DEPTH)
    return Exhausted(Budget.COST if upper_bound < math.inf else None)
