"""A* on a tilt board in numba, with the engine's classic order (f, g, state) and its counting;
resumable like every kernel."""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels import codes
from ..kernels.heap import heap_pop, heap_push
from ..kernels.intrinsics import prefetch
from .bfs_kernel import GOAL_SLOT
from .bitboard import is_goal, move
from .estimates import SCRATCH, estimate
from .hash_table import MAX_G, find_slot, home
from .tables import Board, Bounds

# Open-list priorities are f << G_BITS | g (ties on f go to the smaller g, as the engine's
# classic order).
G_BITS = 16
G_MASK = np.uint64((1 << G_BITS) - 1)


@njit(cache=True)
def astar_slice(
    heap: np.ndarray,
    table: np.ndarray,
    info: np.ndarray,
    board: Board,
    kind: int,
    bounds: Bounds,
    regs: np.ndarray,
    heap_size: np.ndarray,
    budget: codes.Budget,
    slice_expansions: int,
) -> int:
    """A* with the engine's classic order (f, g, state) and its counting; resumable (no depth
    bound: ``compiled.astar`` refuses one)."""
    targets, target_count, width, masks, blocked, merge, full = board
    max_expanded, max_pushed, max_stored, _ = budget
    nearest, within, need = bounds
    scratch = np.empty(SCRATCH, dtype=np.uint64)
    cells = np.empty(64, dtype=np.int64)
    children = np.empty(4, dtype=np.uint64)
    mask = table.shape[0] - 1
    stop_at = regs[codes.EXPANDED] + slice_expansions
    while heap_size[0] > 0:
        if 2 * (regs[codes.STORED] + 4) > table.shape[0] or heap_size[0] + 4 > heap.shape[0]:
            return codes.NEED_ROOM
        priority, state = heap[0, 0], heap[0, 1]
        # The state's row is needed next: ask for it, and pop while it comes.
        prefetch(table, home(state, mask))
        heap_size[0] = heap_pop(heap, heap_size[0])
        gs = int(priority & G_MASK)
        slot = find_slot(table, state)
        if gs > np.int64(info[slot] >> 2):
            continue  # stale
        if regs[codes.EXPANDED] >= max_expanded or regs[codes.EXPANDED] >= stop_at:
            regs[codes.STOP] = (
                codes.STOP_EXPANDED if regs[codes.EXPANDED] >= max_expanded else codes.STOP_SLICE
            )
            heap_size[0] = heap_push(heap, heap_size[0], (priority, state))  # not expanded yet
            return codes.PAUSED
        regs[codes.EXPANDED] += 1
        if is_goal(state, targets, target_count):
            regs[GOAL_SLOT] = slot
            return codes.FOUND
        for d in range(4):
            children[d] = move(state, d, width, masks, blocked, merge, full)
            if children[d] != state:
                regs[codes.GENERATED] += 1
                prefetch(table, home(children[d], mask))
        for d in range(4):
            child = children[d]
            if child == state:
                continue
            ng = gs + 1
            if ng > MAX_G:
                return codes.TOO_DEEP  # info keeps g in 14 bits
            cslot = find_slot(table, child)
            fresh = table[cslot, 0] == 0
            if not fresh and ng >= np.int64(info[cslot] >> 2):
                continue
            if regs[codes.PUSHED] >= max_pushed:
                regs[codes.STOP] = codes.STOP_PUSHED
                return codes.PAUSED
            regs[codes.PUSHED] += 1
            if fresh:
                regs[codes.STORED] += 1
            table[cslot, 0] = child
            table[cslot, 1] = state
            info[cslot] = ng << 2 | d
            h = estimate(child, kind, nearest, within, target_count, need, scratch, cells)
            entry = (np.uint64((ng + h) << G_BITS | ng), child)
            heap_size[0] = heap_push(heap, heap_size[0], entry)
        if codes.memory_full(regs, max_stored):
            return codes.PAUSED
        regs[codes.LONGEST] = max(regs[codes.LONGEST], heap_size[0])
    return codes.EXHAUSTED
