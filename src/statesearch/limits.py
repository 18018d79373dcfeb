"""The budgets of a search: what a user may bound, and the meter that enforces it.

``Limits`` is what a user asks for (``None``: unbounded); ``LimitKind`` names the budget that
stopped a search; ``Meter`` turns the limits into integers a hot loop compares against and
raises ``LimitHit`` when one runs out. Every loop, Python or compiled, meets its limits the same
way: it keeps its own counters in locals and calls the meter only when a count reaches the next
checkpoint (``Meter.checkpoint``), so a limit stops every algorithm at the same count with the
same message.
"""

from __future__ import annotations

import enum
import sys
import threading
import time
from dataclasses import dataclass

from .errors import InputError

UNBOUNDED = sys.maxsize
# The clock is read once per this many expansions: often enough for sub-second limits, rarely
# enough to stay out of the hot loop's profile.
CLOCK_EVERY = 1024


class LimitKind(enum.StrEnum):
    """The budget that stopped a search whose status is ``LIMIT_REACHED``."""

    EXPANDED = "expanded"
    PUSHED = "pushed"
    TIME = "time"
    MEMORY = "memory"
    DEPTH = "depth"
    COST = "cost"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Limits:
    """Budgets for one search; ``None`` means unbounded.

    ``max_expanded=N`` stops the search when the (N+1)-th expansion would happen, ``max_pushed=N``
    when the (N+1)-th push happens. ``max_states`` bounds memory: the number of states the search
    keeps (frontier plus visited). ``max_depth`` bounds path length in steps.
    """

    max_expanded: int | None = None
    max_pushed: int | None = None
    time_limit: float | None = None
    max_states: int | None = None
    max_depth: int | None = None

    def __post_init__(self) -> None:
        for name in ("max_expanded", "max_pushed", "max_states", "max_depth"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise InputError("{name} must be >= 0, got {value}", name=name, value=value)
        if self.time_limit is not None and not self.time_limit > 0:
            raise InputError("time_limit must be > 0 seconds, got {value}", value=self.time_limit)


class LimitHit(Exception):
    """Raised inside a search when a budget runs out; the facade turns it into a result."""

    def __init__(self, kind: LimitKind, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


class Meter:
    """The limits of one search as plain integers, cheap to compare in a hot loop.

    The clock starts when the meter is made, so a caller that makes it before its setup (parsing,
    tables) has that setup counted against the time limit too.
    """

    def __init__(self, limits: Limits, cancel: threading.Event | None = None) -> None:
        self.limits = limits
        self.cancel = cancel
        self.max_expanded = _bound(limits.max_expanded)
        self.max_pushed = _bound(limits.max_pushed)
        self.max_states = _bound(limits.max_states)
        self.max_depth = _bound(limits.max_depth)
        self.depth_limited = limits.max_depth is not None
        self.started = time.perf_counter()
        self.deadline = (
            self.started + limits.time_limit if limits.time_limit is not None else float("inf")
        )

    def checkpoint(self, expanded: int) -> int:
        """Call before the (expanded+1)-th expansion whenever ``expanded`` reaches the value the
        last call returned (0 at first): stops at the expansion budget, looks at the clock, and
        returns the next checkpoint."""
        if expanded >= self.max_expanded:
            raise LimitHit(LimitKind.EXPANDED, f"expanded {expanded:,} states (max_expanded)")
        self.check_clock()
        return min(expanded + CLOCK_EVERY, self.max_expanded)

    def check_clock(self) -> None:
        """Stop when the time limit has passed or someone cancelled the search."""
        if time.perf_counter() > self.deadline:
            raise LimitHit(LimitKind.TIME, f"time limit of {self.limits.time_limit} s")
        if self.cancel is not None and self.cancel.is_set():
            raise LimitHit(LimitKind.CANCELLED, "cancelled")

    def push(self, pushed: int) -> None:
        """Call before the (pushed+1)-th push once ``pushed >= max_pushed``."""
        if pushed >= self.max_pushed:
            raise LimitHit(LimitKind.PUSHED, f"pushed {pushed:,} states (max_pushed)")

    def store(self, states: int) -> None:
        """Call when the search keeps more than ``max_states`` states."""
        if states > self.max_states:
            raise LimitHit(LimitKind.MEMORY, f"kept {self.max_states:,} states (max_states)")

    def after_pause(self, kind: LimitKind | None, expanded: int, pushed: int, stored: int) -> None:
        """A kernel paused: raise for the budget that made it stop (``None``: only its slice
        ended), then look at the clock. The checks are the ones the Python loops make, so both
        stop at the same count with the same message."""
        if kind is LimitKind.EXPANDED:
            self.checkpoint(expanded)
        elif kind is LimitKind.PUSHED:
            self.push(pushed)
        elif kind is LimitKind.MEMORY:
            self.store(stored)
        self.check_clock()


def _bound(value: int | None) -> int:
    # Beyond 2**63 - 1 a budget cannot be reached anyway; capping it keeps it a machine word
    # for the compiled kernels.
    return UNBOUNDED if value is None else min(value, UNBOUNDED)
