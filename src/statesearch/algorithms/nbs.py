"""NBS (Chen, Holte, Zilles and Sturtevant 2017): bidirectional heuristic search that expands
states in pairs, within twice the expansions any such search must make.

As in MM (``meet_in_middle``), one best-first search goes forward from the start on the
problem's heuristic and one backward from the goal on its ``backward_heuristic`` (0 without
one). A pair of states, ``u`` waiting forward and ``v`` waiting backward, has the lower bound
``lb(u, v) = max(f(u), f(v), g(u) + g(v) + eps)`` (``eps``: the cheapest step, 1 with
``unit_costs``, else 0): any path through both costs at least that. NBS expands both states
of a pair of least ``lb``, and stops when the cheapest path found is at most that least
``lb``. Every state it expands has ``f`` at most the optimal cost ``C*``, and it expands at
most twice the states any admissible front-to-end bidirectional search must.

The pair is found as the paper's implementation finds it, without looking at pairs: each side
keeps its states whose ``f`` passed the current bound ``C`` in a *waiting* heap by ``f``, and
makes them *ready* (kept by ``g``) once ``f <= C``; the two least ``g`` of the ready states
make a pair when their sum plus ``eps`` is at most ``C``, else ``C`` rises to the least of
the waiting ``f`` and that sum. Among the pairs that fit, it expands the deepest: the largest
``g`` forward that fits with the least backward, then the largest backward that fits with it
(any pair under ``C`` has the least lb, so the guarantees hold; at the last lb, where many
pairs tie, the deepest meets the other side soonest).

Counters and trace events as MM's (each side's ``pop`` names its side and carries its f).
"""

from __future__ import annotations

import bisect
import heapq
import itertools
import math
from collections.abc import Callable
from typing import Any

from ..limits import Meter
from ..outcome import Exhausted, Links, Outcome
from ..problem import Heuristic, Problem
from ..result import Stats
from ..trace import Trace
from .meet_in_middle import backward_estimate, both_ends, join_sides
from .teardown import release


class Side:
    """One direction: g and parent links, the states open, the waiting heap by f, and the
    ready states in buckets by g (the g values kept sorted); entries that no longer match a
    state's g, or where it is, are passed over."""

    def __init__(
        self, name: str, root: Any, estimate: Callable[[Any], float], trace: Trace | None
    ) -> None:
        self.name, self.estimate, self.trace = name, estimate, trace
        self.g: dict[Any, float] = {root: 0}
        self.came: Links = {root: None}
        self.ready_now: dict[Any, bool] = {}  # open states: ready (True) or waiting (False)
        self.waiting: list[tuple[float, float, int, Any]] = []  # (f, g, order, state)
        self.ready: dict[float, list[Any]] = {}  # g -> the states ready with it, newest last
        self.levels: list[float] = []  # the keys of ``ready``, sorted
        self.order = itertools.count()
        self.add(root, 0)

    def add(self, state: Any, g: float) -> float:
        """Open ``state`` with ``g`` (waiting); its f."""
        f = g + self.estimate(state)
        self.g[state] = g
        self.ready_now[state] = False
        heapq.heappush(self.waiting, (f, g, next(self.order), state))
        return f

    def least_waiting(self) -> float:
        while self.waiting:
            _, g, _, state = self.waiting[0]
            if self.ready_now.get(state) is False and g == self.g[state]:
                return self.waiting[0][0]
            heapq.heappop(self.waiting)
            self._stale(state, g)
        return math.inf

    def _level(self, g: float) -> bool:
        """Whether a state is ready with ``g``; its bucket's stale entries passed over, and
        the level dropped when none is."""
        bucket = self.ready[g]
        while bucket:
            state = bucket[-1]
            if self.ready_now.get(state) is True and self.g[state] == g:
                return True
            bucket.pop()
            self._stale(state, g)
        del self.ready[g]
        self.levels.pop(bisect.bisect_left(self.levels, g))
        return False

    def least_ready(self) -> float:
        """The least g of a ready state (``inf``: none)."""
        while self.levels:
            if self._level(self.levels[0]):
                return self.levels[0]
        return math.inf

    def most_ready(self, most: float) -> float | None:
        """The largest g of a ready state at most ``most`` (``None``: none)."""
        at = bisect.bisect_right(self.levels, most)
        while at > 0:
            g = self.levels[at - 1]
            if self._level(g):
                return g
            at -= 1
        return None

    def _stale(self, state: Any, g: float) -> None:
        """An entry passed over: its state has a cheaper g now (the trace hears of it as
        best-first search's stale entries)."""
        if self.trace is not None:
            h = self.estimate(state)
            self.trace.emit("stale", state, f=g + h, g=g, h=h, side=self.name)

    def promote(self, bound: float) -> None:
        """Make the waiting states with ``f <= bound`` ready."""
        while self.least_waiting() <= bound:
            _, g, _, state = heapq.heappop(self.waiting)
            self.ready_now[state] = True
            if g not in self.ready:
                self.ready[g] = []
                bisect.insort(self.levels, g)
            self.ready[g].append(state)

    def take(self, g: float) -> Any:
        """The newest state ready with ``g`` (``_level`` found one), closed."""
        state = self.ready[g].pop()
        del self.ready_now[state]
        return state


def near_optimal_bidirectional(
    problem: Problem[Any],
    heuristic: Heuristic,
    meter: Meter,
    stats: Stats,
    trace: Trace | None = None,
) -> Outcome:
    """NBS from the problem's start and goal; see the module docstring."""
    both, eps = both_ends(problem, meter, "nbs")
    start, goal = both.initial, both.goal
    forward = Side("forward", start, heuristic.fn, trace)
    backward = Side("backward", goal, backward_estimate(problem, heuristic), trace)
    best, meeting = (0.0, start) if start == goal else (math.inf, None)
    bound = 0.0  # C: no pair's lower bound is below it
    counts = {"expanded": 0, "pushed": 0, "generated": 0, "next_check": 0, "longest": 2}
    try:
        while True:
            # The least lb: promote, pair the least g if they fit, else raise C.
            while True:
                forward.promote(bound)
                backward.promote(bound)
                pair = forward.least_ready() + backward.least_ready() + eps
                if pair <= bound:
                    break
                bound = min(forward.least_waiting(), backward.least_waiting(), pair)
                if bound == math.inf:
                    break
            meter.bound = bound
            if best <= bound:
                break
            if bound == math.inf:  # a side has nothing open: no pair, no path left
                break
            # Any ready pair with g(u) + g(v) + eps <= C has the least lb (both f are <= C):
            # the deepest such pair, as A*'s deep tie-break, meets the other side soonest.
            least_b = backward.least_ready()
            g_u = forward.most_ready(bound - least_b - eps)
            g_u = forward.least_ready() if g_u is None else g_u
            g_v = backward.most_ready(bound - g_u - eps)
            g_v = least_b if g_v is None else g_v
            for side, other, g in ((forward, backward, g_u), (backward, forward, g_v)):
                found = _expand(problem, side, other, g, meter, counts, trace, forward, backward)
                if found is not None and found[0] < best:
                    best, meeting = found
        if meeting is None:
            whole = (
                ("start", len(forward.g)) if not forward.ready_now else ("goal", len(backward.g))
            )
            return Exhausted(whole=whole)
        if trace is not None:
            trace.emit("goal", meeting, g=best)
        return join_sides(problem, forward.came, backward.came, meeting)
    finally:
        stats.expanded, stats.pushed = counts["expanded"], counts["pushed"]
        stats.generated, stats.max_frontier = counts["generated"], counts["longest"]
        for side in (forward, backward):
            release(side.g, side.came, side.ready_now, side.waiting, side.ready)
        del forward, backward  # a stopped search's frame outlives this: not its tables


def _expand(
    problem: Any,
    side: Side,
    other: Side,
    g_taken: float,
    meter: Meter,
    counts: dict[str, Any],
    trace: Trace | None,
    forward: Side,
    backward: Side,
) -> tuple[float, Any] | None:
    """Expand a state ``side`` has ready with ``g_taken``; the cheapest path it closes with
    ``other``."""
    state, gs = side.take(g_taken), g_taken
    if counts["expanded"] >= counts["next_check"]:
        counts["next_check"] = meter.checkpoint(
            counts["expanded"], len(forward.ready_now) + len(backward.ready_now)
        )
    counts["expanded"] += 1
    if trace is not None:
        hs = side.estimate(state)
        trace.emit("pop", state, f=gs + hs, g=gs, h=hs, side=side.name)
    links = problem.successors(state) if side is forward else problem.predecessors(state)
    if type(links) is not list:
        links = list(links)
    counts["generated"] += len(links)
    found: tuple[float, Any] | None = None
    for action, child, step in links:
        ng = gs + step
        known = side.g.get(child)
        if known is not None and ng >= known:
            if trace is not None:
                trace.emit("skip", child, g=ng, parent=state, action=action, side=side.name)
            continue
        if counts["pushed"] >= meter.max_pushed:
            meter.push(counts["pushed"])
        counts["pushed"] += 1
        side.came[child] = state
        f = side.add(child, ng)
        if trace is not None:
            kind = "push" if known is None else "improve"
            trace.emit(
                kind, child, f=f, g=ng, h=f - ng, parent=state, action=action, side=side.name
            )
        there = other.g.get(child)
        if there is not None and (found is None or ng + there < found[0]):
            found = (ng + there, child)
    kept = len(forward.g) + len(backward.g)
    if kept > meter.max_states:
        meter.store(kept)
    waiting = len(forward.ready_now) + len(backward.ready_now)
    counts["longest"] = max(counts["longest"], waiting)
    return found
