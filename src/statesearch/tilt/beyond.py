"""The look past a depth bound that the tilt BFS and bidirectional kernels share: the last layer
the bound lets in is expanded only to ask whether a new board lies one move past it
(``bfs_kernel.beyond_layer``, ``bidirectional_kernel.beyond_side``), in slices like any kernel."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..core.limits import LimitKind, Meter
from ..core.outcome import Exhausted
from ..core.result import Stats
from ..kernels.codes import FOUND
from ..kernels.slices import run_slices
from .tables import most_expanded


class LookPast:
    """``look`` (up to a number of expansions) for ``kernels.slices.run_slices``."""

    def __init__(self, look: Callable[[int], int], registers: np.ndarray, meter: Meter) -> None:
        self.look, self.registers, self.meter = look, registers, meter

    def run(self, expansions: int) -> int:
        return self.look(most_expanded(self.registers, self.meter, expansions))

    def grow(self, meter: Meter) -> None:
        raise AssertionError("a look past the bound keeps nothing: it never needs room")


def looked_past(
    look: Callable[[int], int], regs: np.ndarray, meter: Meter, stats: Stats
) -> Exhausted:
    """Run ``look`` in slices until it answers: a proof if it found no new board past the
    depth bound."""
    status = run_slices(LookPast(look, regs, meter), meter, stats)
    return Exhausted(LimitKind.DEPTH if status == FOUND else None)
