"""Depth-first searches within a bound: depth-limited search, iterative deepening, IDA* and
depth-first branch and bound are one walk with different bounds (as simpleai's tree searches
share one loop).

The walk goes depth first and enters a child only when the child is within the bound:

- depth-limited search: at most ``depth_limit`` steps from the start (``f`` plays no part);
- IDA*: ``f = g + h`` at most the threshold;
- branch and bound: ``f`` below the cost of the best solution found so far (the incumbent),
  children tried best ``h`` first; a goal tightens the bound and the walk goes on.

Iterative deepening and IDA* repeat the walk with a rising bound (``iterate``). Only the
current path is kept in memory, except by branch and bound, which keeps the cheapest ``g`` seen
per state to prune transpositions.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..core.limits import UNBOUNDED, LimitKind, Meter
from ..core.outcome import Exhausted, Found, Outcome
from ..core.problem import Heuristic, Problem, longest_optimal, zero
from ..core.result import Stats
from ..core.trace import Trace
from .teardown import release

Link = tuple[Any, Any, float]  # (action, child, step cost)
Order = Callable[[Iterable[Link]], Iterable[Link]]


@dataclass
class Walked:
    """How a walk ended: the goal it reached (the last one, for branch and bound), the smallest
    ``f`` that exceeded the bound (``inf`` when none did), and whether the depth limit cut a
    child."""

    found: Found | None
    over: float
    cut: bool


def walk(
    problem: Problem[Any],
    estimate: Callable[[Any], float],
    meter: Meter,
    stats: Stats,
    *,
    bound: float = math.inf,
    depth_limit: int = UNBOUNDED,
    order: Order | None = None,
    incumbent: bool = False,
    trace: Trace | None = None,
) -> Walked:
    """One depth-first walk from the start within ``bound`` on ``f = g + estimate(child)`` and
    ``depth_limit`` steps, trying children in ``order`` (default: as ``successors`` yields them).

    A tree walk skips children already on its own path. With ``incumbent`` (branch and bound)
    the bound is strict (``f < bound``: a child must be able to beat the best solution), each
    goal reached becomes the bound, and a table of the cheapest ``g`` per state prunes
    transpositions. Before the first solution (an infinite bound, and no depth limit) a state
    seen once is never entered again: everything below it was searched and no goal is reachable
    from it, whatever its ``g``, so an exhaustive walk expands each state once.
    """
    is_goal, successors = problem.is_goal, problem.successors

    def children(state: Any) -> Iterator[Link]:
        links = successors(state)
        return iter(order(links) if order is not None else links)

    expanded, pushed, generated = stats.expanded, stats.pushed, stats.generated
    longest = max(stats.max_frontier, 1)  # states on the path, the start included
    max_pushed, max_states = meter.max_pushed, meter.max_states
    start = problem.initial
    path: list[Any] = [start]
    actions: list[Any] = []
    costs: list[float] = [0]
    on_path = {start}
    best_g: dict[Any, float] = {start: 0}
    unlimited_depth = depth_limit >= UNBOUNDED
    found: Found | None = None
    over = math.inf
    cut = False
    try:
        next_check = meter.checkpoint(expanded, 1)
        expanded += 1
        if trace is not None:
            trace.pop(start, 0, depth=0)
        if is_goal(start):
            if trace is not None:
                trace.emit("goal", start, g=0)
            return Walked(Found([start], [], 0), over, cut)
        frames = [children(start)]
        while frames:
            link = next(frames[-1], None)
            if link is None:
                frames.pop()
                on_path.discard(path.pop())
                if actions:
                    actions.pop()
                    costs.pop()
                continue
            generated += 1
            action, child, step = link
            g = costs[-1] + step
            depth = len(path)
            if incumbent:
                known = best_g.get(child)
                seen = known is not None and (g >= known or (bound == math.inf and unlimited_depth))
            else:
                seen = child in on_path
            if seen:
                if trace is not None:
                    trace.emit("skip", child, g=g, parent=path[-1], action=action, depth=depth)
                continue
            h = estimate(child)
            f = g + h
            if f > bound or (incumbent and f == bound):
                if not incumbent and depth > depth_limit:
                    cut = True  # no later bound enters it: the depth limit stops it first
                elif f < over:
                    over = f
                if trace is not None:
                    kind = "prune" if incumbent else "cutoff"
                    trace.emit(
                        kind, child, f=f, g=g, h=h, parent=path[-1], action=action, depth=depth
                    )
                continue
            if depth > depth_limit:
                cut = True
                if trace is not None:
                    trace.emit("cut", child, g=g, parent=path[-1], action=action, depth=depth)
                continue
            if incumbent:
                best_g[child] = g
                if len(best_g) > max_states:
                    meter.store(len(best_g))
            if pushed >= max_pushed:
                meter.push(pushed)
            pushed += 1
            if trace is not None:
                trace.emit(
                    "push", child, f=f, g=g, h=h, parent=path[-1], action=action, depth=depth
                )
            if expanded >= next_check:
                next_check = meter.checkpoint(expanded, depth)
            expanded += 1
            if trace is not None:
                trace.emit("pop", child, f=f, g=g, h=h, depth=depth)
            if is_goal(child):
                longest = max(longest, depth + 1)
                found = Found([*path, child], [*actions, action], g)
                if trace is not None:
                    trace.emit("incumbent" if incumbent else "goal", child, g=g, depth=depth)
                if not incumbent:
                    return Walked(found, over, cut)
                bound = g
                continue
            path.append(child)
            actions.append(action)
            costs.append(g)
            on_path.add(child)
            frames.append(children(child))
            if len(path) > longest:
                longest = len(path)
        return Walked(found, over, cut)
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = longest
        release(best_g)
        del best_g  # a stopped search's frame outlives this: not its table


# once(bound) -> (the outcome, or None to go on) and the next bound.
OneWalk = Callable[[float], tuple[Outcome | None, float]]


def iterate(
    meter: Meter, stats: Stats, first: float, once: OneWalk, trace: Trace | None = None
) -> Outcome:
    """Run ``once`` with bounds ``first``, then each next bound it returns, until it returns an
    outcome; list each walk in ``stats.iterations``, the one a limit stops marked partial."""
    bound = first
    while True:
        meter.bound = bound
        if trace is not None:
            trace.emit("iteration", bound=bound)
        with stats.iteration(bound):  # a walk a limit stops too (``walk`` saves its counters)
            outcome, following = once(bound)
        if outcome is not None:
            return outcome
        bound = following


def depth_limited(
    problem: Problem[Any], meter: Meter, stats: Stats, trace: Trace | None = None
) -> Outcome:
    """Tree search to ``max_depth`` steps. It proves unsolvability only when no branch was cut
    at the depth limit."""
    walked = walk(problem, zero, meter, stats, depth_limit=meter.max_depth, trace=trace)
    if walked.found is not None:
        return walked.found
    return Exhausted(LimitKind.DEPTH if walked.cut else None)


def iterative_deepening(
    problem: Problem[Any], meter: Meter, stats: Stats, trace: Trace | None = None
) -> Outcome:
    """Depth-limited search with limits 0, 1, 2, ... until a goal, a proof (nothing was cut, or
    the limit reached the problem's ``longest_optimal``), or ``max_depth``."""
    longest = longest_optimal(problem)

    def once(limit: float) -> tuple[Outcome | None, float]:
        walked = walk(problem, zero, meter, stats, depth_limit=int(limit), trace=trace)
        if walked.found is not None:
            return walked.found, limit
        if not walked.cut:
            return Exhausted(), limit
        if longest is not None and limit >= longest:
            return Exhausted(beyond=longest), limit
        if limit >= meter.max_depth:
            return Exhausted(LimitKind.DEPTH), limit
        return None, limit + 1

    return iterate(meter, stats, 0, once, trace)


def ida_star(
    problem: Problem[Any], heuristic: Heuristic, meter: Meter, stats: Stats, trace: Trace | None
) -> Outcome:
    """IDA*: walks bounded by ``f = g + h``, the bound raised to the smallest ``f`` that exceeded
    it, until a goal is reached. Memory grows with the path, not the space.

    A walk that finds no goal proves that a solution costs at least the next bound (``h`` never
    overestimates), so a next bound past the problem's ``longest_optimal`` proves that there is
    none."""
    longest = longest_optimal(problem) if heuristic.admissible else None

    def once(threshold: float) -> tuple[Outcome | None, float]:
        walked = walk(
            problem,
            heuristic.fn,
            meter,
            stats,
            bound=threshold,
            depth_limit=meter.max_depth,
            trace=trace,
        )
        if walked.found is not None:
            return walked.found, threshold
        if walked.over == math.inf:
            return Exhausted(LimitKind.DEPTH if walked.cut else None), threshold
        if longest is not None and walked.over > longest and not walked.cut:
            return Exhausted(beyond=longest), threshold
        return None, walked.over

    return iterate(meter, stats, heuristic(problem.initial), once, trace)


def branch_and_bound(
    problem: Problem[Any],
    heuristic: Heuristic,
    meter: Meter,
    stats: Stats,
    *,
    upper_bound: float = math.inf,
    trace: Trace | None = None,
) -> Outcome:
    """Search for a path cheaper than ``upper_bound`` and keep tightening the bound; with an
    admissible heuristic the last solution found is optimal. When nothing beats a finite
    ``upper_bound`` the result is a limit (``cost``), not a proof that no path exists."""
    h = heuristic.fn

    def best_h_first(links: Iterable[Link]) -> list[Link]:
        return sorted(links, key=lambda link: h(link[1]))

    walked = walk(
        problem,
        h,
        meter,
        stats,
        bound=upper_bound,
        depth_limit=meter.max_depth,
        order=best_h_first,
        incumbent=True,
        trace=trace,
    )
    if walked.found is not None:
        return walked.found
    if walked.cut:
        return Exhausted(LimitKind.DEPTH)
    return Exhausted(LimitKind.COST if upper_bound < math.inf else None)
