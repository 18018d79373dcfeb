"""A set of bitboards for the layered searches (bidirectional, the generator's census): an
open-addressing table of bare keys, 8 bytes a slot (0 marks an empty one: a board always has a
block), with the probe of ``hash_table.py``. The layers themselves keep what a path needs, so
the table that every lookup touches holds nothing else.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..core.limits import Meter, reserve
from .hash_table import home


@njit(cache=True)
def find_key(keys: np.ndarray, key: np.uint64) -> int:
    """Where ``key`` is, or the empty slot where it would go (linear probing)."""
    mask = keys.shape[0] - 1
    i = home(key, mask)
    while keys[i] != 0 and keys[i] != key:
        i = (i + 1) & mask
    return i


@njit(cache=True)
def rehash_keys(keys: np.ndarray, bigger: np.ndarray) -> None:
    """Copy the keys into a table twice the size. No prefetch: a key at slot i of the old table
    lands at i or i + its size (or just after, probing), so the writes run in two streams."""
    for i in range(keys.shape[0]):
        if keys[i] != 0:
            bigger[find_key(bigger, keys[i])] = keys[i]


class KeySet:
    """The keys as a numpy array, kept at most half full (or ``fullness``) by doubling."""

    def __init__(self, first: int, capacity: int = 1 << 16) -> None:
        self.keys = np.zeros(capacity, dtype=np.uint64)
        self.keys[find_key(self.keys, np.uint64(first))] = first

    def room(self, stored: int, fullness: float = 0.5, meter: Meter | None = None) -> None:
        """Grow until ``stored`` keys leave the table at most ``fullness`` full."""
        while stored > fullness * len(self.keys):
            reserve(2 * self.keys.nbytes, "growing the set of boards seen", meter)
            bigger = np.zeros(2 * len(self.keys), dtype=np.uint64)
            rehash_keys(self.keys, bigger)
            self.keys = bigger
