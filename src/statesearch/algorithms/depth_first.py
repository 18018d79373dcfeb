"""Depth-first searches: graph DFS with a closed set, depth-limited tree search, and IDDFS."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..problem import Problem
from ..result import Budget, Stats
from ._common import Budgets, Exhausted, Found, Links, Outcome, walk_back


def depth_first(problem: Problem[Any], budgets: Budgets, stats: Stats) -> Outcome:
    """Graph DFS: a stack, and every state is pushed at most once.

    Children are pushed in reverse so the first successor is explored first.
    """
    is_goal, successors = problem.is_goal, problem.successors
    start = problem.initial
    came: Links = {start: None}
    depth = {start: 0}
    stack = [start]
    cut = False
    while stack:
        state = stack.pop()
        budgets.expand(stats.expanded)
        stats.expanded += 1
        if is_goal(state):
            return walk_back(problem, came, state)
        child_depth = depth[state] + 1
        children = list(successors(state))
        stats.generated += len(children)
        for _, child, _ in reversed(children):
            if child in came:
                continue
            if child_depth > budgets.max_depth:
                cut = True
                continue
            budgets.push(stats.pushed)
            stats.pushed += 1
            came[child] = state
            depth[child] = child_depth
            stack.append(child)
        budgets.store(len(came))
        stats.max_frontier = max(stats.max_frontier, len(stack))
    return Exhausted(Budget.DEPTH if cut else None)


def depth_limited(
    problem: Problem[Any], budgets: Budgets, stats: Stats, limit: int | None = None
) -> Outcome:
    """Tree search to ``limit`` steps (default ``max_depth``), skipping states already on the path.

    Without a closed set it keeps only the current path in memory. It proves unsolvability only
    when no branch was cut at the depth limit.
    """
    if limit is None:
        limit = budgets.max_depth
    is_goal, successors = problem.is_goal, problem.successors
    start = problem.initial
    path = [start]
    actions: list[Any] = []
    costs: list[float] = [0]
    on_path = {start}
    budgets.expand(stats.expanded)
    stats.expanded += 1
    if is_goal(start):
        return Found(path, actions, 0)
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
        if len(path) > limit:
            cut = True
            continue
        budgets.push(stats.pushed)
        stats.pushed += 1
        budgets.expand(stats.expanded)
        stats.expanded += 1
        path.append(child)
        actions.append(action)
        costs.append(costs[-1] + step)
        if is_goal(child):
            return Found(list(path), list(actions), costs[-1])
        on_path.add(child)
        frames.append(iter(successors(child)))
        stats.max_frontier = max(stats.max_frontier, len(path))
    return Exhausted(Budget.DEPTH if cut else None)


def iterative_deepening(problem: Problem[Any], budgets: Budgets, stats: Stats) -> Outcome:
    """Depth-limited search with limits 0, 1, 2, ... until a goal, a proof, or ``max_depth``."""
    limit = 0
    while True:
        before = stats.expanded
        outcome = depth_limited(problem, budgets, stats, limit)
        stats.iterations.append((limit, stats.expanded - before))
        if isinstance(outcome, Found) or outcome.cut is None:
            return outcome
        if limit >= budgets.max_depth:
            return outcome
        limit += 1
