"""A* on a packed grid in numba: the maze's cells in one flat array with a border of walls.

``cost[i]`` is the terrain of cell ``i`` (0: a wall), ``i = (row + 1) * width + column + 1``
for a ``width`` two more than the maze's, so a neighbour is ``i`` plus a constant and the border
needs no bounds checks; ``i`` orders cells as the engine's ``(row, column)`` tuples do. The g
table and the parent moves are flat arrays over the same indices.

The open list is a 4-ary heap of ``(f, g, cell)`` rows in one ``(n, 3)`` float64 array (a row's
words share a cache line: uniform-cost search over an open 512x512 map took 177-226 CPU ns an
expansion against 195-214 with three arrays, in turns), ordered as the engine's ``classic``
heapq orders its ``(f, g, (row, column))`` entries. Every f and g is made by the same float64
operations in the same order as the engine's (a step costs the terrain, times √2 on a
diagonal; the estimates are the maze's own formulas), so the same entries are pushed and
popped in the same order and every counter equals the Python engine's.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..kernels.codes import (
    COUNTERS,
    EXHAUSTED,
    EXPANDED,
    FOUND,
    GENERATED,
    LONGEST,
    NEED_ROOM,
    PAUSED,
    PUSHED,
    STOP,
    STOP_EXPANDED,
    STOP_MEMORY,
    STOP_PUSHED,
    STOP_SLICE,
    STORED,
)

SIZE, CUT = COUNTERS, COUNTERS + 1  # open-list entries; a child was cut at the depth limit
REGISTERS = COUNTERS + 2
H_ZERO, H_MANHATTAN, H_OCTILE, H_CHEBYSHEV = 0, 1, 2, 3
SQRT2 = math.sqrt(2)


@njit(cache=True, inline="always")
def _before(f: float, g: float, s: float, f2: float, g2: float, s2: float) -> bool:
    return f < f2 or (f == f2 and (g < g2 or (g == g2 and s < s2)))


@njit(cache=True)
def push(heap: np.ndarray, size: int, f: float, g: float, s: int) -> int:
    """Insert ``(f, g, s)``; returns the new size. A row is ``(f, g, cell)``, the cell a float
    (exact below 2**53), so an entry's three words share a cache line."""
    cell = float(s)
    i = size
    while i > 0:
        parent = (i - 1) >> 2
        if not _before(f, g, cell, heap[parent, 0], heap[parent, 1], heap[parent, 2]):
            break
        heap[i, 0], heap[i, 1], heap[i, 2] = heap[parent, 0], heap[parent, 1], heap[parent, 2]
        i = parent
    heap[i, 0], heap[i, 1], heap[i, 2] = f, g, cell
    return size + 1


@njit(cache=True)
def pop(heap: np.ndarray, size: int) -> int:
    """Remove the top row; returns the new size."""
    size -= 1
    f, g, s = heap[size, 0], heap[size, 1], heap[size, 2]
    i = 0
    while True:
        first = 4 * i + 1
        if first >= size:
            break
        best = first
        for child in range(first + 1, min(first + 4, size)):
            if _before(
                heap[child, 0], heap[child, 1], heap[child, 2],
                heap[best, 0], heap[best, 1], heap[best, 2],
            ):  # fmt: skip
                best = child
        if not _before(heap[best, 0], heap[best, 1], heap[best, 2], f, g, s):
            break
        heap[i, 0], heap[i, 1], heap[i, 2] = heap[best, 0], heap[best, 1], heap[best, 2]
        i = best
    if size > 0:
        heap[i, 0], heap[i, 1], heap[i, 2] = f, g, s
    return size


@njit(cache=True, inline="always")
def estimate(cell: int, width: int, goal_r: int, goal_c: int, kind: int, unit: int) -> float:
    """The maze's estimate of ``cell``, computed as ``Maze.heuristics`` computes it."""
    if kind == H_ZERO:
        return 0.0
    dr = abs(cell // width - goal_r)
    dc = abs(cell % width - goal_c)
    if kind == H_MANHATTAN:
        return float((dr + dc) * unit)
    if kind == H_CHEBYSHEV:
        return float(max(dr, dc) * unit)
    low = min(dr, dc)
    return (float(max(dr, dc) - low) + SQRT2 * low) * unit


@njit(cache=True)
def grid_astar_slice(
    heap: np.ndarray,
    g: np.ndarray,
    came: np.ndarray,
    depth: np.ndarray,
    cost: np.ndarray,
    moves: np.ndarray,
    goal: int,
    width: int,
    kind: int,
    unit: int,
    weight: float,
    cut_corners: bool,
    regs: np.ndarray,
    max_expanded: int,
    max_pushed: int,
    max_stored: int,
    max_depth: int,
    slice_expansions: int,
) -> int:
    """A* with the classic tie-break and the engine's counting, resumable like every kernel.

    ``moves[m]`` is ``(offset, diagonal, beside_a, beside_b)``: the step to the neighbour and,
    for a diagonal, the steps to the two cells beside it (the corner rule reads them).
    ``came[cell]`` is the move that reached it. ``depth`` has one entry per cell when a depth
    limit is set (else none). Returns FOUND, EXHAUSTED, PAUSED (a slice or a budget ended:
    ``regs[STOP]`` tells which) or NEED_ROOM (the open list is full; grow it and call again).
    The counters live in locals while it runs and go back to ``regs`` when it returns.
    """
    count = moves.shape[0]
    limited = depth.shape[0] > 0
    goal_r, goal_c = goal // width, goal % width
    size, expanded, pushed = regs[SIZE], regs[EXPANDED], regs[PUSHED]
    generated, stored, longest = regs[GENERATED], regs[STORED], regs[LONGEST]
    stop_at = expanded + slice_expansions
    capacity = heap.shape[0]
    legal = np.empty(count, dtype=np.bool_)
    status, stop = EXHAUSTED, regs[STOP]
    while size > 0:
        if size + count > capacity:
            status = NEED_ROOM
            break
        if expanded >= stop_at:
            status, stop = PAUSED, STOP_SLICE
            break
        s, gs = int(heap[0, 2]), heap[0, 1]
        if gs > g[s]:
            size = pop(heap, size)
            continue  # stale
        if expanded >= max_expanded:
            status, stop = PAUSED, STOP_EXPANDED
            break
        size = pop(heap, size)
        expanded += 1
        if s == goal:
            status = FOUND
            break
        for m in range(count):  # every successor is generated before any is pushed
            ok = cost[s + moves[m, 0]] > 0
            if ok and moves[m, 1]:
                a, b = cost[s + moves[m, 2]] > 0, cost[s + moves[m, 3]] > 0
                ok = (a or b) if cut_corners else (a and b)
            legal[m] = ok
            generated += ok
        for m in range(count):
            if not legal[m]:
                continue
            child = s + moves[m, 0]
            step = cost[child] * SQRT2 if moves[m, 1] else cost[child]
            ng = gs + step
            if ng >= g[child]:
                continue  # reached before at no greater cost
            if limited and depth[s] + 1 > max_depth:
                regs[CUT] = 1
                continue
            if pushed >= max_pushed:
                status, stop = PAUSED, STOP_PUSHED
                break
            if g[child] == np.inf:
                stored += 1
            g[child] = ng
            came[child] = m
            if limited:
                depth[child] = depth[s] + 1
            f = ng + weight * estimate(child, width, goal_r, goal_c, kind, unit)
            size = push(heap, size, f, ng, child)
            pushed += 1
        if status == PAUSED:
            break
        if stored > max_stored:
            status, stop = PAUSED, STOP_MEMORY
            break
        if size > longest:
            longest = size
    regs[SIZE], regs[EXPANDED], regs[PUSHED] = size, expanded, pushed
    regs[GENERATED], regs[STORED], regs[LONGEST], regs[STOP] = generated, stored, longest, stop
    return status
