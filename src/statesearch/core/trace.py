"""A step-by-step record of a search, in the lesson's terms, for any problem and any algorithm.

Pass ``trace=Trace()`` (or ``trace=True``) to ``solve`` and the search reports, in order:

``pop``
    a state taken out of the waiting room (the frontier) and expanded; its ``step`` is the
    expansion count. Depth-first searches report the state they enter, with its ``depth``.
``stale``
    an entry taken out whose ``g`` is worse than the g table's: turned away, not expanded.
``push``, ``improve``
    a successor put into the waiting room: new (``push``), or reached again by a cheaper path
    (``improve``: the g and parent tables take the new path, the old entry goes stale).
``skip``
    a successor left out of the waiting room: reached before (at no greater cost, for A* and
    uniform-cost search), already on the current path (tree searches) or seen before (branch
    and bound's transposition table). Only a stale entry is "turned away".
``cutoff``
    a successor whose ``f`` exceeds IDA*'s bound (the smallest of them is the next bound).
``prune``
    a successor whose ``f`` cannot beat the best solution so far (branch and bound's, anytime
    search's).
``cut``
    a successor beyond the depth limit.
``drop``
    an entry left out of the waiting room unexpanded: past beam search's width, or taken out
    by anytime search with an ``f`` no better than its best solution's cost. Not a child event
    (the successor had its ``push``), as ``stale`` is not.
``goal``
    the goal is reached; ``incumbent`` for each better solution branch and bound or anytime
    search finds.
``iteration``, ``layer``
    an iterative search starts a new bound; breadth-first search starts a new depth.

The events reproduce the counters exactly: ``pop`` events are ``expanded``, ``push`` and
``improve`` events are ``pushed``, and every successor produced gets one of ``push``,
``improve``, ``skip``, ``cutoff``, ``prune`` and ``cut``, so they add up to ``generated``. One
exception: a search the push budget (or, for branch and bound, the bound on states kept) stops
counts the successors it made as generated (all of the last state's, as the compiled kernels
do, which make them at once), but only those before the one it could not push have an event.

While the search runs (from an ``on_event`` callback), ``frontier()`` is the waiting room in
exactly the order the tie-break will take it out, and ``g_table()``/``parents()`` the tables;
after it, ``events`` holds the first ``limit`` events (``counts`` counts them all). Compiled
kernels do not trace: a traced search runs on the Python engine.
"""

from __future__ import annotations

import heapq
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import IO, Any

from .problem import state_text

CHILD_EVENTS = ("push", "improve", "skip", "cutoff", "prune", "cut")


@dataclass(frozen=True)
class Event:
    """One step. ``state`` and ``parent`` are the problem's own states; ``step`` is the number
    of expansions so far (the popped state's own number, for a ``pop``)."""

    event: str
    step: int
    state: Any = None
    f: float | None = None
    g: float | None = None
    h: float | None = None
    parent: Any = None
    action: Any = None
    depth: int | None = None
    bound: float | None = None
    side: str | None = None  # bidirectional search: "forward" or "backward"

    def to_dict(self, render: Callable[[Any], str] = repr) -> dict[str, Any]:
        """A JSON-ready dict: states shown by ``render``, fields that do not apply left out."""
        # Field by field, not asdict: that deep-copies every state, most of --trace-json's time.
        shown = {k: v for k in FIELDS if (v := getattr(self, k)) is not None}
        for key in ("state", "parent"):
            if key in shown:
                shown[key] = render(shown[key])
        if "action" in shown:
            shown["action"] = str(shown["action"])
        return shown


FIELDS = tuple(field.name for field in fields(Event))


@dataclass(frozen=True)
class Waiting:
    """An entry of the waiting room: its priority ``f``, ``g``, ``h``, the state, and whether
    the g table already holds a cheaper path to it (then it will be turned away)."""

    f: float
    g: float
    h: float
    state: Any
    stale: bool


class Trace:
    """Records the events of one search (see the module docstring).

    ``limit`` bounds the events kept in memory (later ones are only counted); ``on_event`` is
    called with each event and this trace as it happens; ``write`` streams every event as one
    JSON line to a file (at most ``limit`` lines). States are shown by the problem's
    ``render(state)`` if it has one, else ``repr``.
    """

    def __init__(
        self,
        limit: int = 100_000,
        on_event: Callable[[Event, Trace], None] | None = None,
        write: IO[str] | None = None,
    ) -> None:
        self.limit = limit
        self.on_event = on_event
        self.write = write
        self.events: list[Event] = []
        self.counts: Counter[str] = Counter()
        self.render: Callable[[Any], str] = repr
        self.estimate: Callable[[Any], float] = lambda state: 0
        self.expanded = 0
        self._frontier: list[tuple[Any, ...]] = []
        self._g: dict[Any, float] = {}
        self._came: dict[Any, Any] = {}

    def __repr__(self) -> str:
        kept = f"{len(self.events):,} events" + (f" of {self.total:,}" if self.truncated else "")
        return f"<Trace {kept}: {', '.join(f'{n:,} {k}' for k, n in self.counts.items())}>"

    @property
    def total(self) -> int:
        """The events of the search, kept or not."""
        return sum(self.counts.values())

    @property
    def truncated(self) -> bool:
        return self.total > len(self.events)

    def attach(self, problem: Any, estimate: Callable[[Any], float]) -> None:
        """Called by the facade before the search: how to show states and estimate them."""
        self.render = state_text(problem)  # as --json writes a path's states
        self.estimate = estimate

    def watch(
        self,
        frontier: list[tuple[Any, ...]],
        g: dict[Any, float],
        came: dict[Any, Any],
    ) -> None:
        """Called by a best-first search with its live frontier and tables."""
        self._frontier, self._g, self._came = frontier, g, came

    def frontier(self, first: int | None = None) -> list[Waiting]:
        """The waiting room (its ``first`` entries) in the order it will be taken out: heap
        entries sort in pop order, each starting with the priority, then the tie-break, and
        ending with g and the state."""
        entries = sorted(self._frontier) if first is None else smallest(self._frontier, first)
        waiting = []
        for entry in entries:
            g, state = entry[-2], entry[-1]
            known = self._g.get(state, g)
            waiting.append(Waiting(entry[0], g, self.estimate(state), state, g > known))
        return waiting

    def g_table(self) -> dict[Any, float]:
        return dict(self._g)

    def g_of(self, state: Any) -> float | None:
        """The g table's entry for ``state``, without copying the table (``None``: none)."""
        return self._g.get(state)

    def parents(self) -> dict[Any, Any]:
        return dict(self._came)

    # What the algorithms call.

    def emit(self, kind: str, state: Any = None, **fields: Any) -> None:
        if kind == "pop":
            self.expanded += 1
        event = Event(kind, self.expanded, state, **fields)
        self.counts[kind] += 1
        if len(self.events) < self.limit:
            self.events.append(event)
            if self.write is not None:
                self.write.write(json.dumps(event.to_dict(self.render)) + "\n")
        if self.on_event is not None:
            self.on_event(event, self)

    def pop(self, state: Any, g: float, f: float | None = None, **fields: Any) -> None:
        h = self.estimate(state)
        self.emit("pop", state, f=g + h if f is None else f, g=g, h=h, **fields)


def smallest(heap: list[tuple[Any, ...]], n: int) -> list[tuple[Any, ...]]:
    """The ``n`` smallest entries of ``heap``, in order, looking at about 2n of them (not the
    whole heap, as ``heapq.nsmallest`` does: a trace peeks after every step). An entry is no
    larger than its children, so the next smallest is a child of one already taken."""
    taken: list[tuple[Any, ...]] = []
    candidates = [(heap[0], 0)] if heap else []
    while candidates and len(taken) < n:
        entry, i = heapq.heappop(candidates)
        taken.append(entry)
        for child in (2 * i + 1, 2 * i + 2):
            if child < len(heap):
                heapq.heappush(candidates, (heap[child], child))
    return taken


def make_trace(spec: bool | Trace | None) -> Trace | None:
    """``solve``'s ``trace`` argument: ``True`` for a default ``Trace``."""
    if spec is True:
        return Trace()
    return spec if isinstance(spec, Trace) else None
