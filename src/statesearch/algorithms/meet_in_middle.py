"""MM (Holte, Felner, Sharon and Sturtevant 2016): bidirectional heuristic search that is
guaranteed to meet in the middle.

One best-first search goes forward from the start (its estimate ``h``: the problem's heuristic,
toward the goal) and one backward from the goal through ``predecessors`` (its estimate: the
problem's ``backward_heuristic(state)``, of the cost from the start, 0 when it has none). A
state waits on a side with the priority ``pr = max(f, 2g)``, ``f = g + h`` for that side's
``g`` and ``h``, and the side with the lower least priority expands (forward on a tie). The
``2g`` is the point: no state is expanded on a side where its ``g`` passes half the optimal
cost ``C*``, nor (with admissible estimates) where its ``f`` passes ``C*``, so the two searches
meet in the middle.

Each successor whose state the other side has reached gives a path; ``U`` is the cheapest so
far. The search stops when ``U`` is at most the largest of the least priority ``C``, the least
``f`` on either side, and the least ``g`` forward plus the least ``g`` backward plus ``eps``
(the cheapest step: 1 with ``unit_costs``, else 0): no path can cost less than that.

Counters and trace events mean what they mean for A* (each side's expansions, pushes,
successors and predecessors added up; an event names its ``side``); the f of a ``pop`` is the
side's ``g + h``, so a trace shows the guarantee: ``max(f, 2g) <= C*`` on every ``pop``.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Iterable
from typing import Any

from ..advice import advice
from ..checked import Checked
from ..errors import InputError
from ..limits import Meter
from ..outcome import Exhausted, Found, Links, Outcome, along
from ..problem import ZERO, Heuristic, Problem, Reversible, short
from ..result import Stats
from ..trace import Trace
from .bidirectional import needs_both_ends
from .teardown import release


class Side:
    """One direction's tables: g and parent links, the states waiting, and three heaps over
    them (by priority, f and g), each entry ``(key, order, g, state)``, stale ones left in
    place and passed over when they reach the top."""

    def __init__(
        self, name: str, root: Any, estimate: Callable[[Any], float], trace: Trace | None
    ) -> None:
        self.name, self.estimate, self.trace = name, estimate, trace
        self.g: dict[Any, float] = {root: 0}
        self.came: Links = {root: None}
        self.open: set[Any] = set()
        self.by_pr: list[tuple[float, float, int, float, Any]] = []
        self.by_f: list[tuple[float, float, Any]] = []
        self.by_g: list[tuple[float, float, Any]] = []
        self.order = itertools.count()
        self.add(root, 0)

    def add(self, state: Any, g: float) -> tuple[float, float]:
        """Put ``state`` in the waiting room with ``g``: its f and priority."""
        h = self.estimate(state)
        f = g + h
        pr = max(f, 2 * g)
        self.g[state] = g
        self.open.add(state)
        # Equal priority: larger g first (closer to the other side), then the first pushed.
        heapq.heappush(self.by_pr, (pr, -g, next(self.order), g, state))
        heapq.heappush(self.by_f, (f, g, state))
        heapq.heappush(self.by_g, (g, g, state))
        return f, pr

    def least(self, heap: list[Any]) -> float:
        """The least key of ``heap`` among the states waiting with that g (``inf``: none). A
        stale entry of the waiting room (``by_pr``) is reported as best-first search reports
        one: its state has a cheaper g now."""
        while heap and not (heap[0][-1] in self.open and heap[0][-2] == self.g[heap[0][-1]]):
            entry = heapq.heappop(heap)
            if self.trace is not None and heap is self.by_pr:
                g, state = entry[-2], entry[-1]
                h = self.estimate(state)
                self.trace.emit("stale", state, f=g + h, g=g, h=h, side=self.name)
        return heap[0][0] if heap else math.inf


def meet_in_middle(
    problem: Problem[Any],
    heuristic: Heuristic,
    meter: Meter,
    stats: Stats,
    trace: Trace | None = None,
) -> Outcome:
    """MM from the problem's start and goal; see the module docstring."""
    both, eps = both_ends(problem, meter, "mm")
    start, goal = both.initial, both.goal
    forward = Side("forward", start, heuristic.fn, trace)
    backward = Side("backward", goal, backward_estimate(problem, heuristic), trace)
    best, meeting = (0.0, start) if start == goal else (math.inf, None)
    expanded = pushed = generated = 0
    next_check = 0
    longest = 2
    max_pushed, max_states = meter.max_pushed, meter.max_states
    try:
        while forward.open and backward.open:
            least_f, least_b = forward.least(forward.by_pr), backward.least(backward.by_pr)
            least = min(least_f, least_b)
            lowest = max(
                least,
                forward.least(forward.by_f),
                backward.least(backward.by_f),
                forward.least(forward.by_g) + backward.least(backward.by_g) + eps,
            )
            meter.bound = lowest  # the least a path can cost, for progress lines
            if best <= lowest:
                break
            side, other = (forward, backward) if least_f <= least_b else (backward, forward)
            _, _, _, gs, state = heapq.heappop(side.by_pr)  # the top is live: least() saw to it
            side.open.discard(state)
            if expanded >= next_check:
                next_check = meter.checkpoint(expanded, len(forward.open) + len(backward.open))
            expanded += 1
            if trace is not None:
                hs = side.estimate(state)
                trace.emit("pop", state, f=gs + hs, g=gs, h=hs, side=side.name)
            links: Iterable[tuple[Any, Any, float]] = (
                both.successors(state) if side is forward else both.predecessors(state)
            )
            if type(links) is not list:
                links = list(links)
            generated += len(links)
            for action, child, step in links:
                ng = gs + step
                known = side.g.get(child)
                if known is not None and ng >= known:
                    if trace is not None:
                        trace.emit("skip", child, g=ng, parent=state, action=action, side=side.name)
                    continue
                if pushed >= max_pushed:
                    meter.push(pushed)
                pushed += 1
                side.came[child] = state
                f, _ = side.add(child, ng)
                if trace is not None:
                    kind = "push" if known is None else "improve"
                    trace.emit(
                        kind, child, f=f, g=ng, h=f - ng, parent=state, action=action,
                        side=side.name,
                    )  # fmt: skip
                there = other.g.get(child)
                if there is not None and ng + there < best:
                    best, meeting = ng + there, child
            if len(forward.g) + len(backward.g) > max_states:
                meter.store(len(forward.g) + len(backward.g))
            if len(forward.open) + len(backward.open) > longest:
                longest = len(forward.open) + len(backward.open)
        if meeting is None:
            whole = ("start", len(forward.g)) if not forward.open else ("goal", len(backward.g))
            return Exhausted(whole=whole)
        if trace is not None:
            trace.emit("goal", meeting, g=best)
        return join_sides(problem, forward.came, backward.came, meeting)
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = longest
        for side in (forward, backward):
            release(side.g, side.came, side.open, side.by_pr, side.by_f, side.by_g)
        del forward, backward  # a stopped search's frame outlives this: not its tables


def both_ends(problem: Problem[Any], meter: Meter, name: str) -> tuple[Reversible[Any], int]:
    """The problem a search from both ends (``name``: mm or nbs) searches, and the least a
    step costs (1 with ``unit_costs``, else 0: what two g's that meet add at
    least); refused in one line for a problem without both ends, or with a depth limit."""
    if not isinstance(problem, Reversible):
        raise needs_both_ends()
    if meter.depth_limited:
        raise InputError(
            "{name} takes no depth limit (its two sides meet where they may): use astar", name=name
        )
    if not problem.is_goal(problem.goal):
        raise InputError(
            "bidirectional search searches back from the problem's goal, {goal}, but "
            "is_goal({goal}) is false",
            goal=short(problem.goal),
        )
    return problem, 1 if advice(problem).unit_costs else 0


def backward_estimate(problem: Any, heuristic: Heuristic) -> Callable[[Any], float]:
    """The backward side's estimate: the problem's ``backward_heuristic`` (checked as the
    forward one is, for a problem of one's own), none when the forward side has none either."""
    own = advice(problem).backward_heuristic
    if own is None or heuristic is ZERO or heuristic.name == "zero":
        return ZERO.fn
    if not callable(own):
        raise InputError(
            "backward_heuristic is a {kind}, not a function of a state", kind=type(own).__name__
        )
    back = Heuristic("backward_heuristic", own, heuristic.admissible)
    return problem.estimate(back).fn if isinstance(problem, Checked) else back.fn


def join_sides(problem: Problem[Any], forward: Links, backward: Links, meeting: Any) -> Found:
    path = [meeting]
    while (parent := forward[path[-1]]) is not None:
        path.append(parent)
    path.reverse()
    while (nxt := backward[path[-1]]) is not None:
        path.append(nxt)
    return along(problem, path)
