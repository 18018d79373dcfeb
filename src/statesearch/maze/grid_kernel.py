"""A* on a packed grid in numba: the maze's cells in one flat array with a border of walls.

``cost[i]`` is the terrain of cell ``i`` (a byte, 0: a wall), ``i = (row + 1) * width + column + 1``
for a ``width`` two more than the maze's, so a neighbour is ``i`` plus a constant and the border
needs no bounds checks; ``i`` orders cells as the engine's ``(row, column)`` tuples do.

The tables outlive a search (``compiled.Tables``): ``seen[i]`` holds the number of the search
that last reached cell ``i`` in its high 32 bits and the cell it was reached from in its low
ones, so a new search starts by counting one up instead of clearing a g table of the whole map
(a 512x512 map's g table took 0.06-0.12 ms to fill; a compiled JPS query on the rooms map
takes 0.67 ms in all, median).
``g[i]`` is read only for a cell this search has reached.

A*'s open list is a bucket queue, each distinct f a bucket (``bucket_queue``: the lowest f's
entries in a heap of ``(g, cell)``, the others in lists found by a hash of f): x1.25-1.43 on
the open and rooms 512x512 maps against one 4-ary heap of ``(f, g, cell)`` rows, x0.98-1.00 on
the maze (benchmarks/grid_bucket_queue.py). Jump point search keeps that heap (``push``,
``pop``: ``kernels.heap``'s, on rows of three words, its f and g as their bits in int64 rows,
which order as the floats do: ``jump_kernel``). Both order the entries of equal f by the
engine's ``classic`` or ``deep`` policy (``ties``: the last two words of a row). Every f
and g is made by the same float64 operations in the same order as the engine's (a step costs the
terrain, times √2 on a diagonal; the estimates are the maze's own formulas), so the same entries
are pushed and popped in the same order and every counter equals the Python engine's. The
loop's pieces that jump point search shares (``jump_kernel``) are here too.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..kernels import codes as k
from ..kernels.heap import heap_pop, heap_push, sift_down
from ..kernels.intrinsics import popcount, prefetch, trailing_zeros
from .bucket_queue import (
    BFREE,
    BTOP,
    CSIZE,
    FSIZE,
    PFREE,
    POOLED,
    PTOP,
    QUEUE_REGISTERS,
    put_back,
    slot_of,
    taken,
    unhash,
)
from .cells import SQRT2
from .jump import entered as entered_py
from .ties import row_cell, row_key

SIZE, CUT = k.COUNTERS, k.COUNTERS + 1  # open-list entries; a child was cut at the depth limit
# A*'s open list keeps its own registers after these two, then the plateau (``Stats.tied``, as
# ``best_first`` counts it): the f of the last expansion (its bits; -1 before the first), the
# expansions at that f, the g of the first of them and of the last (their bits)
LEVEL, PLATEAU, FIRST_G, LAST_G = range(QUEUE_REGISTERS, QUEUE_REGISTERS + 4)
REGISTERS = QUEUE_REGISTERS + 4
H_ZERO, H_MANHATTAN, H_OCTILE, H_CHEBYSHEV = 0, 1, 2, 3
GO = -1  # ``halt``: no reason to stop before the next expansion
LOW = (1 << 32) - 1  # ``seen``: the cell reached from
entered = njit(cache=True, inline="always")(entered_py)  # a jump's last move, as ``maze.jump``


@njit(cache=True, inline="always")
def push(heap: np.ndarray, size: int, f: Any, g: Any, cell: Any) -> int:
    """Insert ``(f, g, cell)``, f's bits and the two words of ``ties.row_key``; returns the new
    size."""
    return heap_push(heap, size, (f, g, cell))


@njit(cache=True, inline="always")
def pop(heap: np.ndarray, size: int) -> int:
    """Remove the top row; returns the new size."""
    size -= 1
    return sift_down(heap, size, (heap[size, 0], heap[size, 1], heap[size, 2]))


@njit(cache=True)
def walk_back(seen: np.ndarray, start: int, goal: int, width: int) -> np.ndarray:
    """The cells of the path to ``goal``, from ``start``: each cell's ``seen`` names the one it
    was reached from (one move before for A*, a jump before for jump point search), and the
    cells of a jump between are filled in, diagonal moves first, then straight ones
    (``JumpPoints.between``)."""
    moves, i = 0, goal
    while i != start:
        came = seen[i] & LOW
        moves += max(abs(i // width - came // width), abs(i % width - came % width))
        i = came
    cells = np.empty(moves + 1, dtype=np.int64)
    cells[0], i = start, goal
    while i != start:
        came = seen[i] & LOW
        dr, dc = i // width - came // width, i % width - came % width
        span, slant = max(abs(dr), abs(dc)), min(abs(dr), abs(dc))
        moves -= span
        slanted = ((dr > 0) - (dr < 0)) * width + (dc > 0) - (dc < 0)
        last = entered(dr, dc)
        ahead = last[0] * width + last[1]
        cell = came
        for t in range(1, span + 1):
            cell += slanted if t <= slant else ahead
            cells[moves + t] = cell
        i = came
    return cells


@njit(cache=True, inline="always")
def estimate(dr: int, dc: int, kind: int, unit: int) -> float:
    """The maze's estimate of a cell ``dr`` rows and ``dc`` columns from the goal (either
    sign), computed as ``Maze.heuristics`` computes it."""
    if kind == H_ZERO:
        return 0.0
    dr, dc = abs(dr), abs(dc)
    if kind == H_MANHATTAN:
        return float((dr + dc) * unit)
    if kind == H_CHEBYSHEV:
        return float(max(dr, dc) * unit)
    low = min(dr, dc)
    return (float(max(dr, dc) - low) + SQRT2 * low) * unit


@njit(cache=True, inline="always")
def on_plateau(
    level: Any, plateau: Any, first_g: Any, f_bits: Any, g_bits: Any
) -> tuple[int, int, int, int]:
    """The plateau's registers (``LEVEL`` ...) after an expansion at f and g (their bits)."""
    if f_bits != level:
        return f_bits, 1, g_bits, g_bits
    return level, plateau + 1, first_g, g_bits


@njit(cache=True, inline="always")
def halt(
    heap: np.ndarray, size: int, g: np.ndarray, shift: int, room: int, expanded: int,
    stop_at: int, most: int,
) -> tuple[int, int, int]:  # fmt: skip
    """Stale entries (a cheaper one for their cell was pushed later) dropped from the top, then
    why the loop stops before its next expansion: ``(size, status, stop)``, status ``GO`` to go
    on. ``g``: the g table in the heap's own type; ``shift``: the rows' tie policy (``ties``);
    ``room``: the entries one expansion may push; ``most``: the expansion budget."""
    while size > 0:
        g_bits, cell = row_cell(heap[0, 1], heap[0, 2], shift)
        if g_bits <= g[int(cell)]:
            break
        size = pop(heap, size)
    if size == 0:
        return size, k.EXHAUSTED, k.STOP_SLICE
    if size + room > heap.shape[0]:
        return size, k.NEED_ROOM, k.STOP_SLICE
    if expanded >= stop_at:
        return size, k.PAUSED, k.STOP_SLICE
    if expanded >= most:
        return size, k.PAUSED, k.STOP_EXPANDED
    return size, GO, k.STOP_SLICE


@njit(cache=True, inline="always")
def counters(regs: np.ndarray) -> tuple[int, int, int, int, int, int]:
    """The registers a slice keeps in locals: size, expanded, pushed, generated, stored and
    the longest open list."""
    return (
        regs[SIZE], regs[k.EXPANDED], regs[k.PUSHED],
        regs[k.GENERATED], regs[k.STORED], regs[k.LONGEST],
    )  # fmt: skip


@njit(cache=True, inline="always")
def keep(
    regs: np.ndarray, size: int, expanded: int, pushed: int, generated: int, stored: int,
    longest: int, stop: int,
) -> None:  # fmt: skip
    """The locals back into the registers as a slice returns."""
    regs[SIZE], regs[k.EXPANDED], regs[k.PUSHED] = size, expanded, pushed
    regs[k.GENERATED], regs[k.STORED], regs[k.LONGEST], regs[k.STOP] = (
        generated, stored, longest, stop,
    )  # fmt: skip


@njit(cache=True, inline="always")
def settle(
    status: int, stop: int, stored: int, max_stored: int, size: int, longest: int
) -> tuple[int, int, int]:
    """After an expansion's pushes: ``(status, stop, longest)``, status ``PAUSED`` when a push
    found the push budget spent or the cells reached passed ``max_stored``."""
    if status == k.PAUSED:
        return status, stop, longest
    if stored > max_stored:
        return k.PAUSED, k.STOP_MEMORY, longest
    return status, stop, max(size, longest)


@njit(cache=True)
def grid_astar_slice(
    cur: np.ndarray,
    pool_g: np.ndarray,
    pool_cell: np.ndarray,
    pool_next: np.ndarray,
    bucket_f: np.ndarray,
    bucket_head: np.ndarray,
    fheap: np.ndarray,
    table: np.ndarray,
    fcur_box: np.ndarray,
    g: np.ndarray,
    seen: np.ndarray,
    search: int,
    depth: np.ndarray,
    cost: np.ndarray,
    moves: np.ndarray,
    open_moves: np.ndarray,
    goal: int,
    width: int,
    kind: int,
    unit: int,
    weight: float,
    shift: int,
    regs: np.ndarray,
    budget: k.Budget,
    slice_expansions: int,
) -> int:
    """A* with the tie policy ``shift`` names (``ties``) and the engine's counting, resumable
    like every kernel, its open list the bucket queue of ``bucket_queue`` (``cur`` ...
    ``fcur_box``).

    ``moves[m]`` is ``(offset, diagonal, beside_a, beside_b, dr, dc)``: the step to the
    neighbour, for a diagonal the steps to the two cells beside it, and the step in rows and
    columns; ``open_moves[i]`` has bit ``m`` set if move ``m`` is legal from cell ``i`` (the
    corner rule folded in: ``packed.legal_moves``). ``search`` is this search's number in
    ``seen``. ``depth`` has one entry per cell when a depth limit is set (else none). Returns
    FOUND, EXHAUSTED, PAUSED (a slice or a budget ended: ``regs[STOP]`` tells which) or
    NEED_ROOM (the open list is full; grow it and call again). The counters live in locals
    while it runs and go back to ``regs`` when it returns.
    """
    max_expanded, max_pushed, max_stored, max_depth = budget
    count = moves.shape[0]
    limited = depth.shape[0] > 0
    mark = search << 32
    goal_r, goal_c = goal // width, goal % width
    _, expanded, pushed, generated, stored, longest = counters(regs)
    csize, fsize, fcur = regs[CSIZE], regs[FSIZE], fcur_box[0]
    level, plateau, first_g, last_g = regs[LEVEL], regs[PLATEAU], regs[FIRST_G], regs[LAST_G]
    stop_at = expanded + slice_expansions
    entries, buckets = cur.shape[0], fheap.shape[0]  # ``OpenBuckets.full``
    mask = table.shape[0] - 1
    g_keys = g.view(np.int64)  # g's bits, as the queue keeps them (``bucket_queue``)
    while True:
        while True:  # the lowest live entry to cur[0] (``bucket_queue.lowest``, written out)
            if fsize > 0 and (csize == 0 or bucket_f[fheap[0, 1]] < fcur):
                if csize > 0:
                    fsize = put_back(
                        cur, csize, fcur, fheap, fsize, bucket_f, bucket_head, table, pool_g,
                        pool_cell, pool_next, regs,
                    )  # fmt: skip
                    csize = 0
                b = fheap[0, 1]
                fsize = heap_pop(fheap, fsize)
                fcur = bucket_f[b]
                unhash(table, bucket_f, b)  # the bucket whole into cur, its number free again
                e = bucket_head[b]
                while e >= 0:
                    csize = heap_push(cur, csize, (pool_g[e], pool_cell[e]))
                    following = pool_next[e]
                    pool_next[e], regs[PFREE] = regs[PFREE], e
                    regs[POOLED] -= 1
                    e = following
                bucket_head[b], regs[BFREE] = regs[BFREE], b
            if csize > 0:  # the top's g and cell, expanded below unless stale
                g_bits, s = row_cell(cur[0, 0], cur[0, 1], shift)
                if g_bits > g_keys[s]:
                    csize = heap_pop(cur, csize)
                    continue
            break
        if csize == 0:
            status, stop = k.EXHAUSTED, k.STOP_SLICE
            break
        if csize + regs[POOLED] + count > entries or fsize + count + 1 > buckets:
            status, stop = k.NEED_ROOM, k.STOP_SLICE
            break
        if expanded >= stop_at:
            status, stop = k.PAUSED, k.STOP_SLICE
            break
        if expanded >= max_expanded:
            status, stop = k.PAUSED, k.STOP_EXPANDED
            break
        status, stop = GO, k.STOP_SLICE
        gs = np.int64(g_bits).view(np.float64)
        csize = heap_pop(cur, csize)
        expanded += 1
        f_bits = np.float64(fcur).view(np.int64)
        level, plateau, first_g, last_g = on_plateau(level, plateau, first_g, f_bits, g_bits)
        if csize > 0:  # the next expansion's rows above and below, likely, asked for early
            ahead = row_cell(cur[0, 0], cur[0, 1], shift)[1]
            prefetch(seen, ahead - width)
            prefetch(seen, ahead + width)
            prefetch(g, ahead - width)
            prefetch(g, ahead + width)
        if s == goal:
            status = k.FOUND
            break
        legal = int(open_moves[s])  # every successor is generated before any is pushed
        generated += popcount(legal)
        dr, dc = s // width - goal_r, s % width - goal_c
        while legal:
            m = trailing_zeros(legal)
            legal &= legal - 1
            child = s + moves[m, 0]
            step = float(cost[child])
            if moves[m, 1]:
                step *= SQRT2
            ng = gs + step
            fresh = seen[child] >> 32 != search
            if not fresh and ng >= g[child]:
                continue  # reached before at no greater cost
            if limited and depth[s] + 1 > max_depth:
                regs[CUT] = 1
                continue
            if pushed >= max_pushed:
                status, stop = k.PAUSED, k.STOP_PUSHED
                break
            stored += fresh
            if limited:
                depth[child] = depth[s] + 1
            f = ng + weight * estimate(dr + moves[m, 4], dc + moves[m, 5], kind, unit)
            g[child] = ng
            seen[child] = mark | s
            pushed += 1
            key = row_key(np.float64(ng).view(np.int64), child, pushed, shift)
            if f == fcur:
                csize = heap_push(cur, csize, key)
                continue
            slot = slot_of(f, mask)  # its bucket (``bucket_queue.bucket_for``, written out)
            while table[slot] >= 0 and bucket_f[table[slot]] != f:
                slot = (slot + 1) & mask
            b = table[slot]
            if b < 0:  # a new one (``new_bucket``, written out)
                b = taken(bucket_head, regs, BFREE, BTOP)
                bucket_f[b], bucket_head[b], table[slot] = f, -1, b
                fsize = heap_push(fheap, fsize, (np.float64(f).view(np.int64), b))
            e = taken(pool_next, regs, PFREE, PTOP)  # at the head of its list (``pool_add``)
            pool_g[e], pool_cell[e] = key
            pool_next[e] = bucket_head[b]
            bucket_head[b] = e
            regs[POOLED] += 1
        status, stop, longest = settle(
            status, stop, stored, max_stored, csize + regs[POOLED], longest
        )
        if status == k.PAUSED:
            break
    keep(regs, csize + regs[POOLED], expanded, pushed, generated, stored, longest, stop)
    regs[CSIZE], regs[FSIZE], fcur_box[0] = csize, fsize, fcur
    regs[LEVEL], regs[PLATEAU], regs[FIRST_G], regs[LAST_G] = level, plateau, first_g, last_g
    return status
