"""The visited states of the tilt kernels: an open-addressing hash table of bitboards.

``table[slot] = (board, parent board)`` (a board of 0 marks an empty slot: a board always has a
block), so a probe and an insert touch one 16-byte row, and ``info[slot] = g << 2 | move``, so
paths can be walked back. Linear probing from a multiplicative hash.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..core.limits import Meter, reserve
from ..kernels.intrinsics import prefetch

AHEAD = 8  # states whose table rows are fetched ahead of their expansion
HASH_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)
MAX_G = (1 << 14) - 1  # info keeps g in 14 bits


@njit(cache=True)
def home(key: np.uint64, mask: int) -> int:
    # A product's bit i depends only on the key's bits up to i, so the key's high half is
    # folded in first and the product's high half back after: every cell of the board then
    # moves the slot. (Folding back only the product's high half left the last row of an 8x8
    # board out of tables below 2**24 rows; on 3 M boards of three hard puzzles a board sat
    # 0.9-2.3 slots past its home on average, 0.28-0.39 now, near linear probing's ideal.)
    h = (key ^ (key >> np.uint64(29))) * HASH_MULTIPLIER
    return int(h ^ (h >> np.uint64(32))) & mask


@njit(cache=True)
def find_slot(table: np.ndarray, key: np.uint64) -> int:
    """Where ``key`` is, or the empty slot where it would go (linear probing)."""
    mask = table.shape[0] - 1
    i = home(key, mask)
    while table[i, 0] != 0 and table[i, 0] != key:
        i = (i + 1) & mask
    return i


@njit(cache=True)
def rehash(
    table: np.ndarray, info: np.ndarray, new_table: np.ndarray, new_info: np.ndarray
) -> None:
    mask = new_table.shape[0] - 1
    for i in range(table.shape[0]):
        if i + AHEAD < table.shape[0] and table[i + AHEAD, 0] != 0:
            prefetch(new_table, home(table[i + AHEAD, 0], mask))
        if table[i, 0] != 0:
            j = find_slot(new_table, table[i, 0])
            new_table[j, 0] = table[i, 0]
            new_table[j, 1] = table[i, 1]
            new_info[j] = info[i]


@njit(cache=True)
def lookup(table: np.ndarray, key: np.uint64) -> int:
    i = find_slot(table, key)
    return i if table[i, 0] == key else -1


class Store:
    """The table and its ``info`` column as numpy arrays, grown by rehashing."""

    def __init__(self, capacity: int = 1 << 16) -> None:
        self.table = np.zeros((capacity, 2), dtype=np.uint64)
        self.info = np.zeros(capacity, dtype=np.uint16)

    @property
    def keys(self) -> np.ndarray:
        return self.table[:, 0]

    @property
    def g(self) -> np.ndarray:
        return self.info >> 2

    def add(self, state: int, g: int) -> None:
        at = find_slot(self.table, np.uint64(state))
        self.table[at, 0] = state
        self.info[at] = g << 2

    def grow(self, meter: Meter | None = None) -> None:
        """Twice the room, asked of the meter first (``reserve``): the old table is held while
        the new one fills, so a step holds three times the table."""
        reserve(2 * (self.table.nbytes + self.info.nbytes), "growing the table of boards", meter)
        bigger = Store(2 * len(self.table))
        rehash(self.table, self.info, bigger.table, bigger.info)
        self.table, self.info = bigger.table, bigger.info

    def moves_to(self, start: int, at: int) -> list[int]:
        """The moves (0-3) from ``start`` to the board in slot ``at``, following parents."""
        moves = []
        state = int(self.table[at, 0])
        while state != start:
            moves.append(int(self.info[at]) & 3)
            state = int(self.table[at, 1])
            at = lookup(self.table, np.uint64(state))
        return moves[::-1]
