"""Bit tricks shared by the numba kernels."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

# Index of a single set bit by de Bruijn multiplication (numba has no count-trailing-zeros).
DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
BIT_INDEX = np.zeros(64, dtype=np.int64)
for _i in range(64):
    BIT_INDEX[(((1 << _i) * 0x03F79D71B4CB0A89) & (2**64 - 1)) >> 58] = _i


@njit(cache=True)
def bit_index(single: np.integer[Any]) -> int:
    """The position of the only set bit of ``single``."""
    index: int = BIT_INDEX[(np.uint64(single) * DEBRUIJN) >> np.uint64(58)]
    return index
