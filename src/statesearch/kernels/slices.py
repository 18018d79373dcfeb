"""The slices around a resumable compiled best-first or breadth-first search: the counterpart
of ``ida_driver`` for the searches that keep a table and a waiting room.

A search runs a slice (at most a given number of expansions, or until a budget it was given
runs out), the driver copies its counters into ``Stats`` (``codes.read_counters``: the first
registers of every best-first kernel), grows its tables when it answers NEED_ROOM (each growth
asks ``limits.reserve`` first, so a table past the memory bound stops with ``LimitHit`` before
the allocation), and between slices asks the meter what the Python loop would have asked at
the same count (``codes.after_pause``: the budget that paused it, the clock, the cancel flag,
the process's memory). Slices are sized to last about ``SLICE_S`` whatever an expansion costs.
"""

from __future__ import annotations

import time
from typing import Protocol

import numpy as np

from ..core.limits import Meter, reserve
from ..core.result import Stats
from .codes import NEED_ROOM, PAUSED, after_pause, read_counters

FIRST_SLICE = 1 << 6  # expansions in the first slice (a slot of one's own may be slow)
MAX_SLICE = 1 << 22
SLICE_S = 0.03  # seconds a slice aims at: the clock and Ctrl-C are heard about this often


class SliceSearch(Protocol):
    """A compiled search the driver runs: its registers start with ``codes``' counters."""

    registers: np.ndarray

    def run(self, expansions: int) -> int:
        """At most ``expansions`` more: a status of ``codes`` (or the search's own)."""

    def grow(self, meter: Meter) -> None:
        """Make room for what the last slice needed (``grown`` each table that is full)."""


def run_slices(search: SliceSearch, meter: Meter, stats: Stats, first: int = FIRST_SLICE) -> int:
    """Slices until one ends with neither PAUSED nor NEED_ROOM; returns that status. A budget
    met between slices raises ``LimitHit``, the counters in ``stats`` as it stopped. ``first``:
    the first slice's expansions (a search whose expansions are known to be cheap starts with
    many, so a short search is one call)."""
    expansions = first
    while True:
        began = time.perf_counter()
        status = search.run(expansions)
        took = time.perf_counter() - began
        read_counters(search.registers, stats)
        if status == NEED_ROOM:
            search.grow(meter)
            continue
        if status != PAUSED:
            return status
        after_pause(search.registers, meter)
        expansions = next_slice(expansions, took)


def next_slice(expansions: int, took: float) -> int:
    """The next slice's expansions, after one of ``expansions`` took ``took`` seconds."""
    if took < SLICE_S / 2:
        return min(2 * expansions, MAX_SLICE)
    if took > 2 * SLICE_S:
        return max(expansions // 2, 1)
    return expansions


def grown(array: np.ndarray, what: str, meter: Meter) -> np.ndarray:
    """``array`` with twice its rows (the new ones zero), once ``reserve`` allows it."""
    reserve(array.nbytes, what, meter)
    bigger = np.zeros((2 * array.shape[0], *array.shape[1:]), dtype=array.dtype)
    bigger[: array.shape[0]] = array
    return bigger
