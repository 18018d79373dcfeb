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
from typing import Any, Self

from ..checked import Checked
from ..core.advice import advice
from ..core.limits import Meter
from ..core.outcome import Exhausted, Links, Outcome
from ..core.problem import ZERO, Heuristic, Problem, Reversible
from ..core.result import Stats
from ..core.trace import Trace
from ..errors import InputError
from .bidirectional import join_sides, needs_both_ends, reversible
from .teardown import release

# A move: (action, the state it reaches, its cost).
Link = tuple[Any, Any, float]


class Direction:
    """One direction of a search from both ends, MM's or NBS's: its name, its moves (``step``:
    ``successors`` forward, ``predecessors`` backward), its estimate, g and parent links. A
    subclass keeps the states waiting (``make_waiting_room``, ``add``, ``__len__``)."""

    def __init__(
        self,
        name: str,
        root: Any,
        step: Callable[[Any], Iterable[Link]],
        estimate: Callable[[Any], float],
        trace: Trace | None,
    ) -> None:
        self.name, self.step, self.estimate, self.trace = name, step, estimate, trace
        self.g: dict[Any, float] = {root: 0}
        self.came: Links = {root: None}
        self.order = itertools.count()
        self.make_waiting_room()
        self.add(root, 0)

    @classmethod
    def both(
        cls, problem: Reversible[Any], heuristic: Heuristic, trace: Trace | None
    ) -> tuple[Self, Self]:
        """The forward side, from the start on the heuristic, and the backward one, from the
        goal on the problem's ``backward_heuristic``."""
        forward = cls("forward", problem.initial, problem.successors, heuristic.fn, trace)
        back = backward_estimate(problem, heuristic)
        return forward, cls("backward", problem.goal, problem.predecessors, back, trace)

    def make_waiting_room(self) -> None:
        raise NotImplementedError

    def stale(self, state: Any, g: float) -> None:
        """An entry passed over: its state has a cheaper g now (the trace hears of it as
        best-first search's stale entries)."""
        if self.trace is not None:
            h = self.estimate(state)
            self.trace.emit("stale", state, f=g + h, g=g, h=h, side=self.name)

    def __len__(self) -> int:
        """The states waiting."""
        raise NotImplementedError

    def add(self, state: Any, g: float) -> float:
        """Put ``state`` in the waiting room with ``g``; its f."""
        raise NotImplementedError


class Side(Direction):
    """MM's direction: the states waiting, and three heaps over them (by priority, f and g),
    each entry ``(key, order, g, state)``, stale ones left in place and passed over when they
    reach the top."""

    def make_waiting_room(self) -> None:
        self.open: set[Any] = set()
        self.by_pr: list[tuple[float, float, int, float, Any]] = []
        self.by_f: list[tuple[float, float, Any]] = []
        self.by_g: list[tuple[float, float, Any]] = []

    def __len__(self) -> int:
        """The states waiting."""
        return len(self.open)

    def add(self, state: Any, g: float) -> float:
        h = self.estimate(state)
        f = g + h
        self.g[state] = g
        self.open.add(state)
        # Equal priority: larger g first (closer to the other side), then the first pushed.
        heapq.heappush(self.by_pr, (max(f, 2 * g), -g, next(self.order), g, state))
        heapq.heappush(self.by_f, (f, g, state))
        heapq.heappush(self.by_g, (g, g, state))
        return f

    def least(self, heap: list[Any]) -> float:
        """The least key of ``heap`` among the states waiting with that g (``inf``: none). A
        stale entry of the waiting room (``by_pr``) is reported as best-first search reports
        one: its state has a cheaper g now."""
        while heap and not (heap[0][-1] in self.open and heap[0][-2] == self.g[heap[0][-1]]):
            entry = heapq.heappop(heap)
            if heap is self.by_pr:
                self.stale(entry[-1], entry[-2])
        return heap[0][0] if heap else math.inf

    def take(self) -> tuple[Any, float]:
        """The state of least priority and its g, no longer waiting (``least`` has seen to it
        that the top is live)."""
        _, _, _, g, state = heapq.heappop(self.by_pr)
        self.open.discard(state)
        return state, g


def meet_in_middle(
    problem: Problem[Any], heuristic: Heuristic, meter: Meter, stats: Stats, trace: Trace | None
) -> Outcome:
    """MM from the problem's start and goal; see the module docstring."""
    both, eps = both_ends(problem, meter, "mm")
    forward, backward = Side.both(both, heuristic, trace)
    tally = Tally(both)
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
            if tally.best <= lowest:
                break
            side, other = (forward, backward) if least_f <= least_b else (backward, forward)
            state, gs = side.take()
            expand(side, other, state, gs, meter, tally, trace)
        return ending(problem, forward, backward, tally, trace)
    finally:
        tally.into(stats)
        for side in (forward, backward):
            release(side.g, side.came, side.open, side.by_pr, side.by_f, side.by_g)
        del forward, backward  # a stopped search's frame outlives this: not its tables


class Tally:
    """What a search from both ends has found so far: the cheapest path through a state both
    sides reached (``best``, its cost, and ``meeting``, the state; a start that is the goal
    meets at once), and the counters."""

    def __init__(self, problem: Reversible[Any]) -> None:
        start, goal = problem.initial, problem.goal
        self.best: float = 0.0 if start == goal else math.inf
        self.meeting: Any = start if start == goal else None
        self.expanded = self.pushed = self.generated = 0
        self.next_check = 0  # the expansion count at which the meter is asked next
        self.longest = 2

    def into(self, stats: Stats) -> None:
        stats.expanded, stats.pushed, stats.generated = self.expanded, self.pushed, self.generated
        stats.max_frontier = self.longest


def expand(
    side: Direction,
    other: Direction,
    state: Any,
    gs: float,
    meter: Meter,
    tally: Tally,
    trace: Trace | None,
) -> None:
    """Expand ``state``, just taken from ``side`` with ``gs``: each move is passed over (the
    state is known as cheaply) or pushed, and a child ``other`` has reached is a path, kept if
    it is the cheapest so far."""
    if tally.expanded >= tally.next_check:
        tally.next_check = meter.checkpoint(tally.expanded, len(side) + len(other))
    tally.expanded += 1
    if trace is not None:
        hs = side.estimate(state)
        trace.emit("pop", state, f=gs + hs, g=gs, h=hs, side=side.name)
    links = side.step(state)
    if type(links) is not list:
        links = list(links)
    tally.generated += len(links)
    for action, child, step in links:
        ng = gs + step
        known = side.g.get(child)
        if known is not None and ng >= known:
            if trace is not None:
                trace.emit("skip", child, g=ng, parent=state, action=action, side=side.name)
            continue
        if tally.pushed >= meter.max_pushed:
            meter.push(tally.pushed)
        tally.pushed += 1
        side.came[child] = state
        f = side.add(child, ng)
        if trace is not None:
            kind = "push" if known is None else "improve"
            trace.emit(
                kind, child, f=f, g=ng, h=f - ng, parent=state, action=action, side=side.name
            )
        there = other.g.get(child)
        if there is not None and ng + there < tally.best:
            tally.best, tally.meeting = ng + there, child
    kept = len(side.g) + len(other.g)
    if kept > meter.max_states:
        meter.store(kept)
    tally.longest = max(tally.longest, len(side) + len(other))


def ending(
    problem: Problem[Any],
    forward: Direction,
    backward: Direction,
    tally: Tally,
    trace: Trace | None,
) -> Outcome:
    """The path through the meeting state, or the proof that none exists: every state on the
    side left with none waiting was reached."""
    if tally.meeting is None:
        whole = ("start", len(forward.g)) if not len(forward) else ("goal", len(backward.g))
        return Exhausted(whole=whole)
    if trace is not None:
        trace.emit("goal", tally.meeting, g=tally.best)
    return join_sides(problem, forward.came, backward.came, tally.meeting)


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
    return reversible(problem), 1 if advice(problem).unit_costs else 0


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
