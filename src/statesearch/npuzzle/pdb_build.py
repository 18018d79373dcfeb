"""Building additive pattern databases in numba (Korf–Felner style).

For a group of k tiles, the table holds, for every placement of those tiles, the fewest moves *of
those tiles* that bring them to their goal cells. Moves of other tiles are free, so the blank can
wander through the cells the group does not occupy at no cost: a search state is the placement
plus the *region* of free cells holding the blank, named by its lowest cell. Because only the
group's own moves are counted, the tables of disjoint groups add up to an admissible estimate.

The search is breadth-first from the goal, one layer per move of a group tile, over states packed
into an int64 (5 bits per cell index: the k tile cells, then the blank's region). A visited
bitset over ``rank * n + region`` keeps each state once; ``table[rank]`` takes the layer where
the placement first appears, which is its minimum over regions.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit

from ..core.limits import reserve
from ..directions import LESSON_ORDER, neighbours
from ..kernels.intrinsics import prefetch, trailing_zeros

UNSET = 255
CHUNK = 1 << 22  # entries per frontier chunk (32 MiB)


def placements(n: int, k: int) -> int:
    """How many ways k distinct tiles can stand on n cells: n! / (n-k)!."""
    total = 1
    for i in range(k):
        total *= n - i
    return total


@njit(cache=True)
def rank_cells(cells: np.ndarray, k: int, n: int) -> int:
    """Perfect hash of k distinct cells in order (a k-permutation of n) onto 0 .. n!/(n-k)! - 1."""
    r = 0
    for i in range(k):
        c = cells[i]
        smaller = 0
        for j in range(i):
            if cells[j] < c:
                smaller += 1
        r = r * (n - i) + (c - smaller)
    return r


@njit(cache=True)
def _region(start: int, free: np.int64, around: np.ndarray) -> np.int64:
    """Cells reachable from ``start`` through ``free`` cells, as a bitmask."""
    region = np.int64(1) << start
    frontier = region
    while frontier:
        grown = np.int64(0)
        while frontier:
            low = frontier & -frontier
            grown |= around[trailing_zeros(low)]
            frontier ^= low
        grown &= free & ~region
        region |= grown
        frontier = grown
    return region


@njit(cache=True)
def _lowest(mask: np.int64) -> int:
    return trailing_zeros(mask & -mask)


@njit(cache=True)
def _pack(cells: np.ndarray, k: int, blank: int) -> np.int64:
    packed = np.int64(blank)
    for i in range(k - 1, -1, -1):
        packed = (packed << 5) | cells[i]
    return packed


@njit(cache=True)
def expand_layer(
    layer: np.ndarray,
    begin: int,
    out: np.ndarray,
    visited: np.ndarray,
    table: np.ndarray,
    depth: int,
    k: int,
    n: int,
    around: np.ndarray,
    adjacent: np.ndarray,
) -> tuple[int, int, int]:
    """Expand ``layer[begin:]`` into ``out`` until ``out`` may overflow.

    Returns ``(next begin, entries written, placements seen for the first time)``; the layer is
    done when ``next begin == len(layer)``.
    ``adjacent[cell, 0..3]`` lists the neighbour cells (-1 pads), ``around[cell]`` as a mask.
    """
    everything = (np.int64(1) << n) - 1
    cells = np.empty(k, dtype=np.int64)
    # A state's children, gathered before any is looked up: their visited bits and table bytes
    # are asked for together (``prefetch``), so the cache misses overlap instead of queueing.
    child_index = np.empty(4 * k, dtype=np.int64)
    child_rank = np.empty(4 * k, dtype=np.int64)
    child_packed = np.empty(4 * k, dtype=np.int64)
    written = 0
    new_ranks = 0
    i = begin
    while i < layer.shape[0]:
        if written + 4 * k > out.shape[0]:
            break
        packed = layer[i]
        occupied = np.int64(0)
        for t in range(k):
            cells[t] = (packed >> (5 * t)) & 31
            occupied |= np.int64(1) << cells[t]
        blank = (packed >> (5 * k)) & 31
        region = _region(blank, everything & ~occupied, around)
        children = 0
        for t in range(k):
            source = cells[t]
            for a in range(4):
                target = adjacent[source, a]
                if target < 0 or not (region >> target) & 1:
                    continue
                # Tile t slides from ``source`` into the blank's region at ``target``.
                cells[t] = target
                now_occupied = occupied ^ (np.int64(1) << source) ^ (np.int64(1) << target)
                canonical = _lowest(_region(source, everything & ~now_occupied, around))
                r = rank_cells(cells, k, n)
                child_rank[children] = r
                child_index[children] = r * n + canonical
                child_packed[children] = _pack(cells, k, canonical)
                prefetch(visited, child_index[children] >> 3)
                prefetch(table, r)
                children += 1
                cells[t] = source
        for c in range(children):
            index = child_index[c]
            byte, bit = index >> 3, index & 7
            if not (visited[byte] >> bit) & 1:
                visited[byte] |= np.uint8(1 << bit)
                r = child_rank[c]
                if table[r] == UNSET:
                    table[r] = depth + 1
                    new_ranks += 1
                out[written] = child_packed[c]
                written += 1
        i += 1
    return i, written, new_ranks


def build_group_table(
    goal: tuple[int, ...],
    rows: int,
    cols: int,
    group: tuple[int, ...],
    progress: Callable[[int, int], None] | None = None,
    check_limits: Callable[[], None] | None = None,
) -> np.ndarray:
    """The pattern database of ``group`` (tile numbers) for ``goal``: uint8 per placement.

    ``progress(placements_done, placements)`` is called after each frontier chunk, and so is
    ``check_limits()`` (a ``Meter.check``: it raises ``LimitHit`` to stop the build).
    Placements that cannot be reached (only possible when the group holds every tile) keep
    ``UNSET``.
    """
    n = rows * cols
    k = len(group)
    size = placements(n, k)
    adjacent = np.full((n, 4), -1, dtype=np.int64)
    around = np.zeros(n, dtype=np.int64)  # the neighbours of each cell as a bitmask
    for cell in range(n):
        for a, (_, other) in enumerate(neighbours(cell, rows, cols, LESSON_ORDER)):
            adjacent[cell, a] = other
            around[cell] |= np.int64(1) << other
    home = {tile: cell for cell, tile in enumerate(goal)}
    cells = np.array([home[t] for t in group], dtype=np.int64)
    occupied = 0
    for c in cells:
        occupied |= 1 << int(c)
    free = ((1 << n) - 1) & ~occupied
    start_blank = _lowest(_region(home[0], np.int64(free), around))
    visited_bytes = (size * n + 7) // 8
    tiles = "-".join(map(str, group))
    reserve(size + visited_bytes, f"building the table of tiles {tiles} ({size:,} entries)")
    table = np.full(size, UNSET, dtype=np.uint8)
    visited = np.zeros(visited_bytes, dtype=np.uint8)
    start_rank = rank_cells(cells, k, n)
    table[start_rank] = 0
    index = start_rank * n + start_blank
    visited[index >> 3] |= 1 << (index & 7)
    layer = [np.array([_pack(cells, k, start_blank)], dtype=np.int64)]
    out = np.empty(CHUNK, dtype=np.int64)
    depth = 0
    ranked = 1
    while layer:
        following: list[np.ndarray] = []
        for chunk in layer:
            begin = 0
            while begin < len(chunk):
                begin, written, new_ranks = expand_layer(
                    chunk, begin, out, visited, table, depth, k, n, around, adjacent
                )
                if written:
                    following.append(out[:written].copy())
                ranked += new_ranks
                if check_limits is not None:
                    check_limits()
            if progress is not None:
                progress(ranked, size)
        layer = following
        depth += 1
    return table
