"""A* for small sliding-tile boards in numba: every board has a slot in flat arrays.

``g[rank]`` and ``came[rank]`` are indexed by the board's lexicographic rank (12! boards fit in
about a gigabyte), and the open list (``kernels.heap``) orders ``(f << 8 | g, rank)``: smaller
f, then smaller g, then the smaller board, which is exactly the engine's ``classic`` tie-break,
so every counter equals the Python engine's (the lesson's 48,390 / 3,667 / 283).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ..kernels import codes
from ..kernels.heap import heap_pop, heap_push

G_BITS = 8
G_MASK = np.uint64((1 << G_BITS) - 1)
UNSEEN = 255  # g of a board not reached yet; g stays below it (MAX_G)
MAX_G = 254
SIZE, CUT = (
    codes.COUNTERS,
    codes.COUNTERS + 1,
)  # open-list entries; a child was cut at the depth limit
REGISTERS = codes.COUNTERS + 2
H_ZERO, H_MISPLACED, H_MANHATTAN = 0, 1, 2


class Rules(NamedTuple):
    """The board's moves, its goal and the estimate, as ``astar_slice`` reads them (one
    argument, not seven)."""

    goal: np.ndarray
    goal_rank: int
    md: np.ndarray  # md[tile, cell]: the tile's Manhattan distance from there to its goal
    kind: int  # H_ZERO, H_MISPLACED or H_MANHATTAN
    weight: int
    cell_after: np.ndarray  # cell_after[cell * 4 + d]: the blank's cell after move d, or -1
    factorial: np.ndarray


@njit(cache=True)
def rank_board(tiles: np.ndarray, factorial: np.ndarray) -> int:
    """Lexicographic rank of a permutation: boards compare like tuples, ranks like integers."""
    n = tiles.shape[0]
    r = 0
    for i in range(n):
        smaller = 0
        for j in range(i + 1, n):
            if tiles[j] < tiles[i]:
                smaller += 1
        r += smaller * factorial[n - 1 - i]
    return r


@njit(cache=True)
def unrank_board(r: int | np.int64, n: int, factorial: np.ndarray, out: np.ndarray) -> None:
    """The board of lexicographic rank ``r`` (``rank_board``'s inverse), into ``out``."""
    used = np.zeros(n, dtype=np.bool_)
    for i in range(n):
        f = factorial[n - 1 - i]
        q = r // f
        r -= q * f
        for t in range(n):
            if not used[t]:
                if q == 0:
                    out[i] = t
                    used[t] = True
                    break
                q -= 1


@njit(cache=True)
def estimate(tiles: np.ndarray, goal: np.ndarray, md: np.ndarray, kind: int) -> int:
    if kind == H_ZERO:
        return 0
    h = 0
    for cell in range(tiles.shape[0]):
        t = tiles[cell]
        if t != 0:
            if kind == H_MISPLACED:
                if goal[cell] != t:
                    h += 1
            else:
                h += md[t, cell]
    return h


@njit(cache=True)
def astar_slice(
    heap: np.ndarray,
    g: np.ndarray,
    came: np.ndarray,
    rules: Rules,
    regs: np.ndarray,
    budget: codes.Budget,
    slice_expansions: int,
) -> int:
    """A* with the classic tie-break and the engine's counting, resumable like every kernel.

    ``came[rank]`` is the direction the blank moved to reach the board. Returns FOUND,
    EXHAUSTED, PAUSED (a slice or a budget ended: ``regs[STOP]`` tells which) or NEED_ROOM (the
    open list is full; grow it and call again).
    """
    goal, goal_rank, md, kind, weight, cell_after, factorial = rules
    max_expanded, max_pushed, max_stored, max_depth = budget
    n = goal.shape[0]
    tiles = np.empty(n, dtype=np.int64)
    stop_at = regs[codes.EXPANDED] + slice_expansions
    while regs[SIZE] > 0:
        if regs[SIZE] + 4 > heap.shape[0]:
            return codes.NEED_ROOM
        if regs[codes.EXPANDED] >= stop_at:
            regs[codes.STOP] = codes.STOP_SLICE
            return codes.PAUSED
        priority, r = heap[0, 0], np.int64(heap[0, 1])
        gs = np.int64(priority & G_MASK)
        if gs > g[r]:
            regs[SIZE] = heap_pop(heap, regs[SIZE])
            continue  # stale
        if regs[codes.EXPANDED] >= max_expanded:
            regs[codes.STOP] = codes.STOP_EXPANDED
            return codes.PAUSED
        regs[SIZE] = heap_pop(heap, regs[SIZE])
        regs[codes.EXPANDED] += 1
        if r == goal_rank:
            return codes.FOUND
        unrank_board(r, n, factorial, tiles)
        blank = 0
        while tiles[blank] != 0:
            blank += 1
        for d in range(4):
            if cell_after[blank * 4 + d] >= 0:
                regs[codes.GENERATED] += 1
        for d in range(4):
            cell = cell_after[blank * 4 + d]
            if cell < 0:
                continue
            ng = gs + 1
            tile = tiles[cell]
            tiles[blank] = tile
            tiles[cell] = 0
            child = rank_board(tiles, factorial)
            if g[child] == UNSEEN or ng < g[child]:
                if ng > max_depth:
                    regs[CUT] = 1
                elif regs[codes.PUSHED] >= max_pushed:
                    regs[codes.STOP] = codes.STOP_PUSHED
                    return codes.PAUSED
                else:
                    if g[child] == UNSEEN:
                        regs[codes.STORED] += 1
                    g[child] = ng
                    came[child] = d
                    f = ng + weight * estimate(tiles, goal, md, kind)
                    priority = np.uint64(f) << np.uint64(G_BITS) | np.uint64(ng)
                    regs[SIZE] = heap_push(heap, regs[SIZE], (priority, np.uint64(child)))
                    regs[codes.PUSHED] += 1
            tiles[cell] = tile
            tiles[blank] = 0
        if codes.memory_full(regs, max_stored):
            return codes.PAUSED
        regs[codes.LONGEST] = max(regs[codes.LONGEST], regs[SIZE])
    return codes.EXHAUSTED
