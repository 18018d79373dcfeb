"""What the tilt BFS and bidirectional searches share: their layers run in slices up to the
depth bound, and the look past that bound, where the last layer the bound lets in is expanded
only to ask whether a new board lies one move past it (``bfs_kernel.beyond_layer``,
``bidirectional_kernel.beyond_side``), in slices like any kernel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import numpy as np

from ..core.limits import LimitKind, Meter
from ..core.outcome import Exhausted
from ..core.result import Stats
from ..kernels.codes import AT_BOUND, EXHAUSTED, EXPANDED, FOUND
from ..kernels.slices import run_slices
from .bfs_kernel import FILL


class Layered(Protocol):
    """A search that a layer kernel expands layer by layer (``bfs_kernel.bfs_layer``,
    ``bidirectional_kernel.bidirectional_layer``): the boards it reaches go to ``FILL``."""

    registers: np.ndarray
    depth: int  # of the layer being expanded

    def expand(self, stop_at: int) -> int:
        """The layer kernel on the rest of the layer, up to ``stop_at`` expanded in all (the
        slice's end; the kernel stops at the expansion budget too)."""

    def next_layer(self) -> None:
        """The layer just made (``FILL`` boards) becomes the one to expand, a layer deeper."""


def run_layers(search: Layered, expansions: int, depth_bound: int) -> int:
    """Layers until one ends otherwise than EXHAUSTED: FOUND, PAUSED, NEED_ROOM, EXHAUSTED
    (a layer made no new board) or AT_BOUND (the next layer is past ``depth_bound``); a slice
    turns from layer to layer within its ``expansions``."""
    regs = search.registers
    stop_at = int(regs[EXPANDED]) + expansions
    while search.depth < depth_bound:
        status = search.expand(stop_at)
        if status != EXHAUSTED:
            return status
        if not regs[FILL]:
            return EXHAUSTED
        search.next_layer()
    return AT_BOUND


class LookPast:
    """``look`` (given the count its slice ends at) for ``kernels.slices.run_slices``."""

    def __init__(self, look: Callable[[int], int], registers: np.ndarray) -> None:
        self.look, self.registers = look, registers

    def run(self, expansions: int) -> int:
        return self.look(int(self.registers[EXPANDED]) + expansions)

    def grow(self, meter: Meter) -> None:
        raise AssertionError("a look past the bound keeps nothing: it never needs room")


def looked_past(
    look: Callable[[int], int], regs: np.ndarray, meter: Meter, stats: Stats
) -> Exhausted:
    """Run ``look`` in slices until it answers: a proof if it found no new board past the
    depth bound."""
    status = run_slices(LookPast(look, regs), meter, stats)
    return Exhausted(LimitKind.DEPTH if status == FOUND else None)
