"""The codes a kernel returns, declared once for every kernel.

A slice ends with a *status*; a ``PAUSED`` slice also leaves a *stop* code in its registers
saying which budget (if any) made it pause, so the caller can raise the same ``LimitHit`` the
Python loop would have raised.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ..core.limits import UNBOUNDED, LimitKind, Meter
from ..core.result import Stats

# Slice statuses (AT_BOUND: a layered search's next layer is past the depth bound; its caller
# looks past the last one).
FOUND, EXHAUSTED, PAUSED, NEED_ROOM, TOO_DEEP, AT_BOUND = range(6)

# Why a PAUSED slice stopped.
STOP_SLICE, STOP_EXPANDED, STOP_PUSHED, STOP_MEMORY = range(4)

STOP_KINDS: dict[int, LimitKind | None] = {
    STOP_SLICE: None,  # only the slice ended
    STOP_EXPANDED: LimitKind.EXPANDED,
    STOP_PUSHED: LimitKind.PUSHED,
    STOP_MEMORY: LimitKind.MEMORY,
}

# The first registers of every best-first kernel (an int64 array its caller owns); a kernel
# numbers its own registers from COUNTERS on.
EXPANDED, PUSHED, GENERATED, STORED, LONGEST, STOP = range(6)
COUNTERS = 6


class Budget(NamedTuple):
    """The budgets a slice kernel stops at, made once per search from its meter (one argument,
    not four): a PAUSED slice's STOP says which one it met."""

    max_expanded: int
    max_pushed: int
    max_stored: int  # the meter's ``max_states``
    max_depth: int

    @classmethod
    def of(cls, meter: Meter, most_depth: int = UNBOUNDED) -> Budget:
        """The meter's budgets, the depth no deeper than ``most_depth`` (a kernel's own cap)."""
        return cls(
            int(meter.max_expanded),
            int(meter.max_pushed),
            int(meter.max_states),
            int(min(meter.max_depth, most_depth)),
        )


UNLIMITED = Budget(UNBOUNDED, UNBOUNDED, UNBOUNDED, UNBOUNDED)  # a call that only loads a kernel


@njit(inline="always")
def memory_full(regs: np.ndarray, max_stored: int) -> bool:
    """Whether more than ``max_stored`` states are stored, asked after each expansion where the
    engine checks its memory budget; if so, STOP says so and the slice pauses."""
    if regs[STORED] > max_stored:
        regs[STOP] = STOP_MEMORY
        return True
    return False


@njit(inline="always")
def paused_by(regs: np.ndarray, max_expanded: int) -> int:
    """The stop of a kernel that paused at its slice's end or its expansion budget, whichever
    came first (one bound, ``min`` of both, asked at each expansion)."""
    return STOP_EXPANDED if regs[EXPANDED] >= max_expanded else STOP_SLICE


def read_counters(registers: np.ndarray, stats: Stats) -> None:
    """Copy a best-first kernel's counters into ``stats`` (after every slice)."""
    stats.expanded, stats.pushed = int(registers[EXPANDED]), int(registers[PUSHED])
    stats.generated, stats.max_frontier = int(registers[GENERATED]), int(registers[LONGEST])


def after_pause(registers: np.ndarray, meter: Meter) -> None:
    """A best-first kernel paused: raise what the Python loop would have raised at this count
    (``Meter.after_pause``), or only look at the clock."""
    meter.after_pause(
        STOP_KINDS[int(registers[STOP])],
        int(registers[EXPANDED]),
        int(registers[PUSHED]),
        int(registers[STORED]),
        int(registers[LONGEST]),
    )
