"""The look past a depth bound that the tilt BFS and bidirectional kernels share: the last layer
the bound lets in is expanded only to ask whether a new board lies one move past it
(``bfs_kernel.beyond_layer``, ``bidirectional_kernel.beyond_side``), in slices like any kernel."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..kernels.codes import EXPANDED, FOUND, PAUSED, after_pause, read_counters
from ..limits import LimitKind, Meter
from ..outcome import Exhausted
from ..result import Stats
from .tables import SLICE


def looked_past(
    look: Callable[[int], int], regs: np.ndarray, meter: Meter, stats: Stats
) -> Exhausted:
    """Run ``look`` (up to a number of expansions) in slices until it answers: a proof if it
    found no new board past the depth bound."""
    while True:
        status = look(min(meter.max_expanded, int(regs[EXPANDED]) + SLICE))
        read_counters(regs, stats)
        if status != PAUSED:
            return Exhausted(LimitKind.DEPTH if status == FOUND else None)
        after_pause(regs, meter)
