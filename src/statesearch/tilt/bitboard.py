"""The tilt rules on a uint64 bitboard, for the kernels (boards of at most 64 cells; the same
results as ``rules.py``, tested against each other). Directions are numbered U, D, L, R
(0-3), so ``d ^ 1`` is the opposite."""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.intrinsics import popcount


@njit(cache=True)
def shift(mask: np.uint64, d: int, width: int, masks: np.ndarray) -> np.uint64:
    """Every bit one cell in direction d; ``masks`` = (board, not first column, not last)."""
    if d == 0:
        return mask >> np.uint64(width)
    if d == 1:
        return (mask << np.uint64(width)) & masks[0]
    if d == 2:
        return (mask >> np.uint64(1)) & masks[2]
    return (mask << np.uint64(1)) & masks[1] & masks[0]


@njit(cache=True)
def stuck_blocks(
    blocks: np.uint64, d: int, width: int, masks: np.ndarray, blocked: np.ndarray
) -> np.uint64:
    """The blocks a move in d leaves in place (blocks stop blocks): those against a wall or the
    edge, and those behind them."""
    stuck = blocks & blocked[d]
    while True:
        more = blocks & shift(stuck, d ^ 1, width, masks) & ~stuck
        if more == 0:
            return stuck
        stuck |= more


@njit(cache=True)
def move(
    blocks: np.uint64,
    d: int,
    width: int,
    masks: np.ndarray,
    blocked: np.ndarray,
    merge: bool,
    full: bool,
) -> np.uint64:
    """The rules of ``rules.py`` on a bitboard (same results, tested against each other)."""
    while True:
        stuck = blocks & blocked[d] if merge else stuck_blocks(blocks, d, width, masks, blocked)
        after = stuck | shift(blocks & ~stuck, d, width, masks)
        if not full or after == blocks:
            return after
        blocks = after


@njit(cache=True)
def is_goal(blocks: np.uint64, targets: np.uint64, target_count: int) -> bool:
    """As many blocks as targets: the sets are equal; fewer (merged, or spare targets): every
    block is on a target."""
    if popcount(blocks) == target_count:
        return blocks == targets
    return (blocks & ~targets) == 0
