"""Breadth-first search over a pattern's coordinates in numba: the whole 2x2x2 (3,674,160
positions), Korf's pattern databases, and the small tables of the tests.

The distances live in one byte per coordinate, ``dist[a * turns + b]`` (``UNSEEN`` until
reached). A layer is a scan for the entries at the current depth; each one's children are
written into ``dist`` (one row ``a'`` per move, so the writes of a row stay close together).
The scan runs over slices of rows, so a caller checks the clock, the cancel flag and the memory
between slices and shows progress: a build is bounded like a search.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit

from ...core.limits import Limits, Meter, reserve
from .patterns import Pattern

UNSEEN = 255
ROWS_PER_SLICE = 1 << 22  # entries scanned between two checks of the clock (~10-40 ms)
Progress = Callable[[int, int], None]


@njit(cache=True)
def expand_rows(
    dist: np.ndarray,
    place: np.ndarray,
    turn: np.ndarray,
    twist: np.ndarray,
    add: np.ndarray,
    columns: np.ndarray,
    depth: int,
    begin: int,
    end: int,
) -> int:
    """Give depth ``depth + 1`` to the unseen children of the entries at ``depth`` in rows
    ``begin:end``; returns how many entries were new."""
    turns = turn.shape[0]
    new = 0
    for a in range(begin, end):
        row = a * turns
        for b in range(turns):
            if dist[row + b] != depth:
                continue
            for m in columns:
                child = place[a, m] * turns + add[turn[b, m], twist[a, m]]
                if dist[child] == UNSEEN:
                    dist[child] = depth + 1
                    new += 1
    return new


def distances(
    p: Pattern,
    start: tuple[int, int] = (0, 0),
    columns: tuple[int, ...] | None = None,
    meter: Meter | None = None,
    progress: Progress | None = None,
) -> tuple[np.ndarray, list[int]]:
    """The distance from ``start`` of every coordinate (``UNSEEN``: not reachable) using the
    moves of ``columns`` (indices into ``p.moves``; default all), and the new entries per depth
    (``layers[0] == 1``). ``progress(reached, size)`` is called between slices."""
    meter = meter or Meter(Limits())
    reserve(p.size, f"building the {p.name} pattern database ({p.size:,} entries)", meter)
    dist = np.full(p.size, UNSEEN, dtype=np.uint8)
    dist[start[0] * p.turns + start[1]] = 0
    cols = np.array(range(len(p.moves)) if columns is None else columns, dtype=np.int64)
    layers = [1]
    reached = 1
    rows = max(1, ROWS_PER_SLICE // p.turns)
    while layers[-1]:
        depth = len(layers) - 1
        new = 0
        for begin in range(0, p.places, rows):
            meter.check(reached + new, layers[-1])
            end = min(begin + rows, p.places)
            new += int(expand_rows(dist, p.place, p.turn, p.twist, p.add, cols, depth, begin, end))
            if progress is not None:
                progress(reached + new, p.size)
        layers.append(new)
        reached += new
    layers.pop()
    return dist, layers
