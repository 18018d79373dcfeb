"""Jump point search on a packed grid in numba: ``maze.jump``'s runs and pruning over the
compiled A*'s arrays (``grid_kernel``), with the same open list and the same counting.

A run's cost is its number of moves, times √2 on a diagonal (as ``JumpPoints.jumps`` computes
it), f and g the engine's float operations in its order: the same jump points are pushed and
popped in the same order as by ``algorithms.jump_point``, so every counter is the Python
search's. ``came[cell]`` is the jump point a jump point was reached from.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..kernels.codes import (
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
from .grid_kernel import SIZE, estimate, pop, push

SQRT2 = math.sqrt(2)


@njit(cache=True)
def straight(grid: np.ndarray, i: int, d: int, p: int, goal: int, cut: bool) -> int:
    """Run from ``i`` by ``d`` to the next jump point (``p``: the step to a side); -1 at a
    wall (``JumpPoints.straight``)."""
    while True:
        i += d
        if not grid[i]:
            return -1
        if i == goal:
            return i
        if cut:
            if (grid[i + d + p] and not grid[i + p]) or (grid[i + d - p] and not grid[i - p]):
                return i
        elif (grid[i + p] and not grid[i + p - d]) or (grid[i - p] and not grid[i - p - d]):
            return i


@njit(cache=True)
def diagonal(grid: np.ndarray, i: int, v: int, h: int, width: int, goal: int, cut: bool) -> int:
    """Run diagonally by ``v + h`` to the next jump point (``JumpPoints.diagonal``)."""
    while True:
        i += v + h
        if not grid[i]:
            return -1
        if i == goal:
            return i
        if cut and ((grid[i + v - h] and not grid[i - h]) or (grid[i - v + h] and not grid[i - v])):
            return i
        if straight(grid, i, v, 1, goal, cut) >= 0 or straight(grid, i, h, width, goal, cut) >= 0:
            return i
        if not ((grid[i + v] or grid[i + h]) if cut else (grid[i + v] and grid[i + h])):
            return -1


@njit(cache=True)
def directions(
    grid: np.ndarray, i: int, dr: int, dc: int, width: int, cut: bool, out: np.ndarray
) -> int:
    """The moves to try from ``i`` entered in direction (dr, dc) ((0, 0): the start), into
    ``out`` as (dr, dc) rows; returns how many (``JumpPoints.pruned``, ``start_directions``)."""
    n = 0
    if dr == 0 and dc == 0:
        for r, c in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if grid[i + r * width + c]:
                out[n, 0], out[n, 1] = r, c
                n += 1
        for r, c in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            if not grid[i + r * width + c]:
                continue
            a, b = grid[i + r * width] != 0, grid[i + c] != 0
            if (a or b) if cut else (a and b):
                out[n, 0], out[n, 1] = r, c
                n += 1
        return n
    if dr != 0 and dc != 0:
        down, side = grid[i + dr * width] != 0, grid[i + dc] != 0
        if down:
            out[n, 0], out[n, 1] = dr, 0
            n += 1
        if side:
            out[n, 0], out[n, 1] = 0, dc
            n += 1
        if (down or side) if cut else (down and side):
            out[n, 0], out[n, 1] = dr, dc
            n += 1
        if cut and down and not grid[i - dc]:
            out[n, 0], out[n, 1] = dr, -dc
            n += 1
        if cut and side and not grid[i - dr * width]:
            out[n, 0], out[n, 1] = -dr, dc
            n += 1
        return n
    pr, pc = (0, 1) if dr != 0 else (1, 0)
    ahead = grid[i + dr * width + dc] != 0
    if ahead:
        out[n, 0], out[n, 1] = dr, dc
        n += 1
    for sign in (1, -1):
        beside = grid[i + sign * (pr * width + pc)] != 0
        if cut:
            if ahead and not beside:
                out[n, 0], out[n, 1] = dr + sign * pr, dc + sign * pc
                n += 1
        else:
            if ahead and beside:
                out[n, 0], out[n, 1] = dr + sign * pr, dc + sign * pc
                n += 1
            if beside:
                out[n, 0], out[n, 1] = sign * pr, sign * pc
                n += 1
    return n


@njit(cache=True)
def jump_slice(
    heap: np.ndarray,
    g: np.ndarray,
    came: np.ndarray,
    grid: np.ndarray,
    goal: int,
    width: int,
    kind: int,
    cut: bool,
    regs: np.ndarray,
    max_expanded: int,
    max_pushed: int,
    max_stored: int,
    slice_expansions: int,
) -> int:
    """Jump point search with the classic tie-break and the Python search's counting; the
    statuses are the A* kernel's."""
    goal_r, goal_c = goal // width, goal % width
    size, expanded, pushed = regs[SIZE], regs[EXPANDED], regs[PUSHED]
    generated, stored, longest = regs[GENERATED], regs[STORED], regs[LONGEST]
    stop_at = expanded + slice_expansions
    tries = np.empty((8, 2), dtype=np.int64)
    found = np.empty(8, dtype=np.int64)
    spans = np.empty(8, dtype=np.float64)
    status, stop = EXHAUSTED, regs[STOP]
    while size > 0:
        if size + 8 > heap.shape[0]:
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
        dr = dc = 0
        parent = came[s]
        if parent >= 0:
            rs, cs, rp, cp = s // width, s % width, parent // width, parent % width
            dr, dc = (rs > rp) - (rs < rp), (cs > cp) - (cs < cp)
        count = directions(grid, s, dr, dc, width, cut, tries)
        k = 0
        for t in range(count):
            r, c = tries[t, 0], tries[t, 1]
            if r != 0 and c != 0:
                j = diagonal(grid, s, r * width, c, width, goal, cut)
            else:
                j = straight(grid, s, r * width + c, width if r == 0 else 1, goal, cut)
            if j >= 0:
                steps = max(abs(j // width - s // width), abs(j % width - s % width))
                found[k] = j
                spans[k] = steps * SQRT2 if r != 0 and c != 0 else float(steps)
                k += 1
        generated += k
        for t in range(k):
            child = found[t]
            ng = gs + spans[t]
            if ng >= g[child]:
                continue
            if pushed >= max_pushed:
                status, stop = PAUSED, STOP_PUSHED
                break
            if g[child] == np.inf:
                stored += 1
            g[child] = ng
            came[child] = s
            f = ng + estimate(child, width, goal_r, goal_c, kind, 1)
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
