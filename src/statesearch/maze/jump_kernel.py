"""Jump point search on a packed grid in numba: ``maze.jump``'s runs and pruning over the
compiled A*'s arrays (``grid_kernel``), with the same open list and the same counting.

A run's cost is its number of moves, times √2 on a diagonal (as ``JumpPoints.jumps`` computes
it), f and g the engine's float operations in its order: the same jump points are pushed and
popped in the same order as by ``algorithms.jump_point``, so every counter is the Python
search's. ``seen[cell]``'s low half is the jump point a jump point was reached from.

The open list is ``grid_kernel``'s 4-ary heap of ``(f, g, cell)`` rows, f and g kept as their
bits in int64 words (non-negative floats order as their bit patterns) and g and the cell as the
tie policy orders them (``ties``): integers compare with one branch fewer
than floats, x1.06-1.10 on the open 512x512 maps, x0.98-1.03 on the rooms and the maze (in
turns against float rows; the open list's comparisons are ~40% of this kernel's time there).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels import codes as k
from ..kernels.intrinsics import prefetch
from .cells import SQRT2
from .grid_kernel import (
    FIRST_G,
    GO,
    LAST_G,
    LEVEL,
    LOW,
    PLATEAU,
    counters,
    entered,
    estimate,
    halt,
    keep,
    on_plateau,
    pop,
    push,
    settle,
)
from .jump_runs import run
from .ties import row_cell, row_key


@njit(cache=True, inline="always")
def straight(
    bits: np.ndarray, r: int, c: int, dr: int, dc: int, goal_r: int, goal_c: int,
    width: int, height: int, cut: bool,
) -> int:  # fmt: skip
    """Run from ``(r, c)`` by ``(dr, dc)`` to the next jump point: its moves, 0 at a wall
    (``JumpPoints.straight``, 64 cells at a time: ``jump_runs``)."""
    if dc == 1:
        return run(bits, 0, r, c, goal_c if r == goal_r else -1, cut) - c
    if dc == -1:
        start = width - 1 - c
        return run(bits, 1, r, start, width - 1 - goal_c if r == goal_r else -1, cut) - start
    if dr == 1:
        return run(bits, 2, c, r, goal_r if c == goal_c else -1, cut) - r
    start = height - 1 - r
    return run(bits, 3, c, start, height - 1 - goal_r if c == goal_c else -1, cut) - start


@njit(cache=True, inline="always")
def diagonal(
    grid: np.ndarray, bits: np.ndarray, i: int, r: int, c: int, dr: int, dc: int, width: int,
    height: int, goal: int, goal_r: int, goal_c: int, cut: bool, found: np.ndarray,
    spans: np.ndarray, n: int,
) -> int:  # fmt: skip
    """Run diagonally from cell ``i`` at ``(r, c)`` by ``(dr, dc)``: the jump points it finds
    (``JumpPoints.diagonal``) into ``found`` and ``spans`` from row ``n``; returns the new
    count."""
    v, h = dr * width, dc
    steps = 0
    while True:
        i += v + h
        r, c = r + dr, c + dc
        steps += 1
        if not grid[i]:
            return n
        diagonal_cost = steps * SQRT2
        if i == goal or (
            cut and ((grid[i + v - h] and not grid[i - h]) or (grid[i - v + h] and not grid[i - v]))
        ):
            found[n, 0], found[n, 1], found[n, 2] = i, r - goal_r, c - goal_c
            spans[n] = diagonal_cost
            return n + 1
        m = straight(bits, r, c, dr, 0, goal_r, goal_c, width, height, cut)
        if m > 0:
            found[n, 0], found[n, 1], found[n, 2] = i + m * v, r + m * dr - goal_r, c - goal_c
            spans[n] = diagonal_cost + m
            n += 1
        m = straight(bits, r, c, 0, dc, goal_r, goal_c, width, height, cut)
        if m > 0:
            found[n, 0], found[n, 1], found[n, 2] = i + m * h, r - goal_r, c + m * dc - goal_c
            spans[n] = diagonal_cost + m
            n += 1
        if not ((grid[i + v] or grid[i + h]) if cut else (grid[i + v] and grid[i + h])):
            return n


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def most_found(width: int, height: int) -> int:
    """The most jump points one expansion can find: four straight runs, and four diagonal ones
    of at most two a step."""
    return 4 + 8 * min(width, height)


@njit(cache=True)
def jump_slice(
    heap: np.ndarray,
    g: np.ndarray,
    seen: np.ndarray,
    search: int,
    grid: np.ndarray,
    bits: np.ndarray,
    goal: int,
    width: int,
    kind: int,
    cut: bool,
    shift: int,
    regs: np.ndarray,
    budget: k.Budget,
    slice_expansions: int,
) -> int:
    """Jump point search with the tie policy ``shift`` names (``ties``) and the Python search's
    counting; the tables, statuses and registers are the A* kernel's (the start reached from
    itself; no depth bound: ``JumpSearch.run`` refuses one)."""
    max_expanded, max_pushed, max_stored, _ = budget
    mark = search << 32
    height = grid.shape[0] // width
    goal_r, goal_c = goal // width, goal % width
    size, expanded, pushed, generated, stored, longest = counters(regs)
    level, plateau, first_g, last_g = regs[LEVEL], regs[PLATEAU], regs[FIRST_G], regs[LAST_G]
    stop_at = expanded + slice_expansions
    tries = np.empty((8, 2), dtype=np.int64)
    room = most_found(width, height)
    found = np.empty((room, 3), dtype=np.int64)  # a jump point, its rows and columns to the goal
    spans = np.empty(room, dtype=np.float64)
    g_keys = g.view(np.int64)  # g's bits as the heap's keys (``JumpSearch.start_row``)
    while True:
        size, status, stop = halt(heap, size, g_keys, shift, room, expanded, stop_at, max_expanded)
        if status != GO:
            break
        g_bits, s = row_cell(heap[0, 1], heap[0, 2], shift)
        gs = np.int64(g_bits).view(np.float64)
        level, plateau, first_g, last_g = on_plateau(level, plateau, first_g, heap[0, 0], g_bits)
        size = pop(heap, size)
        expanded += 1
        if s == goal:
            status = k.FOUND
            break
        parent = seen[s] & LOW
        rs, cs = s // width, s % width
        dr, dc = entered(rs - parent // width, cs - parent % width)
        count = directions(grid, s, dr, dc, width, cut, tries)
        n = 0
        for t in range(count):
            r, c = tries[t, 0], tries[t, 1]
            first = n
            if r != 0 and c != 0:
                n = diagonal(
                    grid, bits, s, rs, cs, r, c, width, height, goal, goal_r, goal_c, cut,
                    found, spans, n,
                )  # fmt: skip
            else:
                steps = straight(bits, rs, cs, r, c, goal_r, goal_c, width, height, cut)
                if steps > 0:  # the jump point, where it lies from the goal, the run's cost
                    found[n, 0] = s + steps * (r * width + c)
                    found[n, 1], found[n, 2] = rs + steps * r - goal_r, cs + steps * c - goal_c
                    spans[n] = float(steps)
                    n += 1
            for row in range(first, n):  # their rows asked for while the next runs go
                prefetch(seen, found[row, 0])
                prefetch(g, found[row, 0])
        generated += n
        for t in range(n):
            child = found[t, 0]
            ng = gs + spans[t]
            fresh = seen[child] >> 32 != search
            if not fresh and ng >= g[child]:
                continue
            if pushed >= max_pushed:
                status, stop = k.PAUSED, k.STOP_PUSHED
                break
            stored += fresh
            h = estimate(found[t, 1], found[t, 2], kind, 1)
            g[child], seen[child] = ng, mark | s
            f = np.float64(ng + h).view(np.int64)
            pushed += 1
            g_word, cell_word = row_key(np.float64(ng).view(np.int64), child, pushed, shift)
            size = push(heap, size, f, g_word, cell_word)
        status, stop, longest = settle(status, stop, stored, max_stored, size, longest)
        if status == k.PAUSED:
            break
    keep(regs, size, expanded, pushed, generated, stored, longest, stop)
    regs[LEVEL], regs[PLATEAU], regs[FIRST_G], regs[LAST_G] = level, plateau, first_g, last_g
    return status
