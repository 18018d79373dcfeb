"""Breadth-first search, one depth layer at a time.

The goal test happens when a state is generated (a whole layer earlier than testing on the way
off the frontier), so the goal is never expanded and not counted in ``expanded``.
"""

from __future__ import annotations

from typing import Any

from ..problem import Problem
from ..result import Budget, Stats
from ._common import Budgets, Exhausted, Links, Outcome, walk_back


def breadth_first(problem: Problem[Any], budgets: Budgets, stats: Stats) -> Outcome:
    is_goal, successors = problem.is_goal, problem.successors
    start = problem.initial
    came: Links = {start: None}
    stats.layers = [1]
    if is_goal(start):
        return walk_back(problem, came, start)
    layer = [start]
    depth = 0
    expanded = pushed = generated = 0
    max_frontier = 1
    try:
        while layer:
            if depth >= budgets.max_depth:
                return Exhausted(Budget.DEPTH)
            following: list[Any] = []
            remaining = len(layer)
            for state in layer:
                budgets.expand(expanded)
                expanded += 1
                remaining -= 1
                for _, child, _ in successors(state):
                    generated += 1
                    if child in came:
                        continue
                    budgets.push(pushed)
                    pushed += 1
                    came[child] = state
                    if is_goal(child):
                        stats.layers.append(len(following) + 1)
                        return walk_back(problem, came, child)
                    following.append(child)
                budgets.store(len(came))
                max_frontier = max(max_frontier, remaining + len(following))
            if following:
                stats.layers.append(len(following))
            layer = following
            depth += 1
        return Exhausted()
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = max_frontier
