"""The tilt heuristics of ``heuristics.py`` on a bitboard, for the kernels (their values are
tested against the Python ones)."""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.intrinsics import trailing_zeros
from .heuristics import MATCH_LIMIT, UNREACHABLE

# Heuristic kinds are bit sets: a distance part (none, nearest, bottleneck) and directions.
H_NEAREST, H_BOTTLENECK, H_DIRECTIONS = 1, 2, 4


@njit(cache=True)
def estimate(
    blocks: np.uint64,
    kind: int,
    nearest: np.ndarray,
    within: np.ndarray,
    target_count: int,
    need: np.ndarray,
    scratch: np.ndarray,
    cells: np.ndarray,
) -> int:
    """The heuristics of ``heuristics.py``: ``kind`` ORs a distance bound (nearest, or bottleneck
    where the counts match and there are at most 12 blocks, else nearest) with directions.
    ``within[L, cell]`` has a bit for each target at most L steps away, ``nearest[cell]`` is the
    distance to the closest target, ``need[d, cell]`` the moves in direction d a block there
    needs at least (capped at 1 under full steps)."""
    if kind == 0:
        return 0
    count = 0
    rest = blocks
    while rest:
        cells[count] = trailing_zeros(rest)
        count += 1
        rest &= rest - np.uint64(1)
    h = 0
    if kind & (H_NEAREST | H_BOTTLENECK):
        for i in range(count):
            if nearest[cells[i]] > h:
                h = nearest[cells[i]]
    if kind & H_DIRECTIONS:
        total = 0
        for d in range(4):
            most = 0
            for i in range(count):
                if need[d, cells[i]] > most:
                    most = need[d, cells[i]]
            total += most
        h = max(h, total)
    if kind & H_BOTTLENECK and count == target_count and count <= MATCH_LIMIT:
        # The bottleneck is at least the nearest-target bound; it only matters where it exceeds
        # h, so the search for it starts there: one matching usually settles it.
        h = bottleneck(cells, count, within, h, scratch)
    return h


# The matching's scratch: adjacency bitmasks of the blocks, then for each target 1 + the block
# that owns it (0: free), then the targets visited by the current augmenting path.
OWNER, VISITED = MATCH_LIMIT, 2 * MATCH_LIMIT
SCRATCH = 2 * MATCH_LIMIT + 1


@njit(cache=True)
def augment(b: int, scratch: np.ndarray) -> bool:
    """Kuhn's augmenting path from block b over targets not yet visited (bitmasks)."""
    avail = scratch[b] & ~scratch[VISITED]
    while avail:
        low = avail & (~avail + np.uint64(1))
        t = trailing_zeros(low)
        scratch[VISITED] |= low
        owner = int(scratch[OWNER + t])
        if owner == 0 or augment(owner - 1, scratch):
            scratch[OWNER + t] = b + 1
            return True
        avail = scratch[b] & ~scratch[VISITED]
    return False


@njit(cache=True)
def bottleneck(cells: np.ndarray, k: int, within: np.ndarray, low: int, scratch: np.ndarray) -> int:
    """The larger of ``low`` (a lower bound, such as the nearest-target one) and the smallest
    limit L such that every block can take its own target within L steps (``within[L, cell]``
    is the bitmask of targets at most L steps from cell).

    Greedy first: each block takes its lowest free target at ``low``. Kuhn's augmenting paths
    then place the blocks greedy left over (usually none), raising the limit while one cannot
    be placed; a matching stays valid as the limit rises, so nothing is redone."""
    limit = min(low, within.shape[0] - 1)
    taken = np.uint64(0)
    left_over = 0
    for b in range(k):
        scratch[OWNER + b] = 0
    for b in range(k):
        options = within[limit, cells[b]]
        scratch[b] = options
        free = options & ~taken
        if free:
            first = free & (~free + np.uint64(1))
            taken |= first
            scratch[OWNER + trailing_zeros(first)] = b + 1
        else:
            left_over |= 1 << b
    while left_over:
        b = trailing_zeros(np.uint64(left_over & -left_over))
        scratch[VISITED] = 0
        if augment(b, scratch):
            left_over &= left_over - 1
            continue
        limit += 1
        if limit >= within.shape[0]:
            return UNREACHABLE  # some block can reach no target of its own: a dead end
        for i in range(k):
            scratch[i] = within[limit, cells[i]]
    return max(limit, low)
