"""Every board of a small sliding-tile puzzle, numbered, and the true distance of each.

The boards of a rows x cols puzzle are the n! orderings of its tiles, numbered in lexicographic
order (``rank``, ``unrank``; ``next_permutation`` steps to the next number), so one byte per
board holds the true distance of every board. A breadth-first search from the goal fills that
table, one layer per scan of it (no queue: the table is the queue); a board the goal never
reaches keeps ``UNREACHED``: exactly the unsolvable half.

>>> space = Space(2, 3)
>>> space.unrank(space.rank((1, 2, 3, 4, 5, 0)))
(1, 2, 3, 4, 5, 0)
>>> distance, layers = space.true_distances((1, 2, 3, 4, 5, 0), Meter(Limits()))
>>> sum(layers), len(layers) - 1  # solvable boards, the farthest distance
(360, 21)
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from numba import njit

from ..core.limits import LimitHit, LimitKind, Limits, Meter, available_bytes, resident_bytes
from ..directions import LESSON_ORDER, neighbours
from ..errors import InputError
from ..kernels.intrinsics import popcount, trailing_zeros
from .board import Tiles

UNREACHED = 255
# A byte a board: 12! = 479,001,600 boards is 479 MB; 13! would be 6.2 GB.
MAX_CELLS = 12
# Boards per kernel call: between calls the meter reads the clock and the progress bar moves.
SCAN_CHUNK = 1 << 22
# The next board to expand is reached by stepping through the ones between when they are this
# few (a step costs a few ns), else by unranking it (n divisions: ~100 ns).
STEP_OR_JUMP = 16


@njit(cache=True)
def rank(tiles: np.ndarray, factorials: np.ndarray) -> int:
    """The board's place among all n! orderings in lexicographic order (0 .. n! - 1)."""
    n = tiles.shape[0]
    used = np.int64(0)
    r = 0
    for k in range(n):
        t = tiles[k]
        smaller_used = popcount(used & ((np.int64(1) << t) - 1))
        r += (t - smaller_used) * factorials[n - 1 - k]
        used |= np.int64(1) << t
    return r


@njit(cache=True)
def unrank(r: int, factorials: np.ndarray, out: np.ndarray) -> None:
    """Write the board of rank ``r`` into ``out``: the inverse of ``rank``."""
    n = out.shape[0]
    unused = (np.int64(1) << n) - 1
    for k in range(n):
        place = factorials[n - 1 - k]
        skip = r // place
        r -= skip * place
        left = unused
        for _ in range(skip):  # the skip-th value not used yet: drop the lowest bits
            left &= left - 1
        out[k] = trailing_zeros(left)
        unused &= ~(left & -left)


@njit(cache=True)
def next_permutation(a: np.ndarray) -> None:
    """Step ``a`` to the board of the next rank (the last one wraps to the first), in place:
    an allocation here would cost more than the step itself."""
    n = a.shape[0]
    i = n - 2
    while i >= 0 and a[i] >= a[i + 1]:
        i -= 1
    if i >= 0:
        j = n - 1
        while a[j] <= a[i]:
            j -= 1
        a[i], a[j] = a[j], a[i]
    low, high = i + 1, n - 1
    while low < high:
        a[low], a[high] = a[high], a[low]
        low += 1
        high -= 1


@njit(cache=True)
def _expand_layer(
    distance: np.ndarray,
    depth: int,
    ranks: np.ndarray,
    adjacent: np.ndarray,
    factorials: np.ndarray,
) -> int:
    """Give every unreached neighbour of the boards ``ranks`` (ascending, at ``depth``) the
    distance ``depth + 1``; returns how many boards that reached."""
    tiles = np.empty(factorials.shape[0] - 1, dtype=np.int64)
    reached = 0
    previous = -STEP_OR_JUMP
    for r in ranks:
        if r - previous < STEP_OR_JUMP:
            for _ in range(r - previous):
                next_permutation(tiles)
        else:
            unrank(r, factorials, tiles)
        previous = r
        blank = int(np.argmin(tiles))
        for a in range(moves(adjacent, blank)):
            cell = adjacent[blank, a]
            swap(tiles, blank, cell)
            s = rank(tiles, factorials)
            if distance[s] == UNREACHED:
                distance[s] = depth + 1
                reached += 1
            swap(tiles, blank, cell)
    return reached


@njit(cache=True)
def moves(adjacent: np.ndarray, blank: int) -> int:
    """How many neighbour cells the blank has (``adjacent[blank]`` lists them, -1 padded)."""
    count = 0
    while count < adjacent.shape[1] and adjacent[blank, count] >= 0:
        count += 1
    return count


@njit(cache=True)
def swap(tiles: np.ndarray, i: int, j: int) -> None:
    """Exchange two cells: a move of the blank, and the same call undoes it."""
    tiles[i], tiles[j] = tiles[j], tiles[i]


Log = Callable[[str], None]
Progress = Callable[[int, int], None]


def quiet(*_: object) -> None:
    """The default log and progress: say nothing."""


class Space:
    """The n! boards of a rows x cols puzzle and how one move links them (``adjacent[cell]``:
    the blank's neighbour cells, -1 padded)."""

    def __init__(self, rows: int, cols: int) -> None:
        n = rows * cols
        if n > MAX_CELLS:
            raise InputError(
                "analyze covers boards of at most {most} cells ({boards:,} boards, a byte "
                "each); a {rows}x{cols} board has {n}! = {count:,}",
                most=MAX_CELLS,
                boards=math.factorial(MAX_CELLS),
                rows=rows,
                cols=cols,
                n=n,
                count=math.factorial(n),
            )
        self.rows, self.cols, self.cells = rows, cols, n
        self.boards = math.factorial(n)
        self.factorials = np.array([math.factorial(k) for k in range(n + 1)], dtype=np.int64)
        self.adjacent = np.full((n, 4), -1, dtype=np.int64)
        for cell in range(n):
            for a, (_, other) in enumerate(neighbours(cell, rows, cols, LESSON_ORDER)):
                self.adjacent[cell, a] = other

    def rank(self, tiles: Tiles) -> int:
        return int(rank(np.array(tiles, dtype=np.int64), self.factorials))

    def unrank(self, r: int) -> Tiles:
        out = np.empty(self.cells, dtype=np.int64)
        unrank(r, self.factorials, out)
        return tuple(int(t) for t in out)

    def true_distances(
        self, goal: Tiles, meter: Meter, progress: Progress = quiet
    ) -> tuple[np.ndarray, list[int]]:
        """``distance[rank]`` for every board (``UNREACHED``: unsolvable), and the number of
        boards at each distance: a breadth-first search from the goal."""
        meter.store(self.boards)
        room_for(self.boards, meter.limits)
        distance = np.full(self.boards, UNREACHED, dtype=np.uint8)
        distance[self.rank(goal)] = 0
        layers = [1]
        while layers[-1]:
            reached = 0
            for begin in range(0, self.boards, SCAN_CHUNK):
                depth = len(layers) - 1
                ranks = np.flatnonzero(distance[begin : begin + SCAN_CHUNK] == depth) + begin
                reached += _expand_layer(distance, depth, ranks, self.adjacent, self.factorials)
                meter.check()
                progress(sum(layers) + reached, self.boards // 2)
            layers.append(reached)
        return distance, layers[:-1]


def room_for(size: int, limits: Limits) -> None:
    """Refuse a table of ``size`` bytes the machine (or ``max_memory``) cannot hold, before
    allocating it rather than after."""
    free = available_bytes()
    wanted = resident_bytes() + size
    if limits.max_memory is not None and wanted > limits.max_memory:
        raise LimitHit(
            LimitKind.MEMORY,
            f"a table of {size / 2**20:,.0f} MB would take the process over max_memory "
            f"of {limits.max_memory / 2**20:,.0f} MB",
        )
    if free is not None and size > free:
        raise LimitHit(
            LimitKind.MEMORY,
            f"a table of {size / 2**20:,.0f} MB is more than the {free / 2**20:,.0f} MB free",
        )
