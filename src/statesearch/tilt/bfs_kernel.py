"""Breadth-first search of a tilt board in numba, one layer at a time (``compiled.py`` keeps the
layers and grows the arrays)."""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels import codes
from ..kernels.intrinsics import prefetch
from .bitboard import is_goal, move
from .hash_table import AHEAD, find_slot, home
from .tables import Board

# The registers after the counters: the slot of the goal, the place in the layer, the size of
# the next layer.
GOAL_SLOT, CURSOR, FILL = codes.COUNTERS, codes.COUNTERS + 1, codes.COUNTERS + 2
REGISTERS = codes.COUNTERS + 3


@njit(cache=True, inline="always")
def _children(
    state: np.uint64,
    row: np.ndarray,
    table: np.ndarray,
    mask: int,
    width: int,
    masks: np.ndarray,
    blocked: np.ndarray,
    merge: bool,
    full: bool,
) -> None:
    """``state``'s child in each direction into ``row``, each child's table row asked for."""
    for d in range(4):
        row[d] = move(state, d, width, masks, blocked, merge, full)
        prefetch(table, home(row[d], mask))


@njit(cache=True)
def bfs_layer(
    layer: np.ndarray,
    count: int,
    following: np.ndarray,
    table: np.ndarray,
    info: np.ndarray,
    depth: int,
    board: Board,
    regs: np.ndarray,
    budget: codes.Budget,
    stop_at: int,
) -> int:
    """Expand ``layer[regs[CURSOR]:count]`` into ``following[regs[FILL]:]``, pausing when
    ``stop_at`` states are expanded in all (the slice's end).

    Counting as the engine's BFS: expanded per state taken from the layer, generated per move
    that changes the board, pushed per new board, goal tested on generation. Returns FOUND
    (``regs[GOAL_SLOT]``), EXHAUSTED (layer done), PAUSED (the slice or a budget:
    ``regs[STOP]``) or NEED_ROOM (grow the table or ``following`` and call again).
    """
    targets, target_count, width, masks, blocked, merge, full = board
    max_expanded, max_pushed, max_stored, _ = budget
    most = min(stop_at, max_expanded)
    mask = table.shape[0] - 1
    # The children of the states AHEAD places on are worked out once, kept in a ring, and
    # their table rows asked for then, so that the cache misses (what this loop mostly waits
    # on) overlap instead of coming one after another.
    ring = np.empty((AHEAD, 4), dtype=np.uint64)
    first = regs[CURSOR]
    for j in range(first, min(first + AHEAD, count)):
        _children(layer[j], ring[j % AHEAD], table, mask, width, masks, blocked, merge, full)
    for i in range(first, count):
        if 2 * (regs[codes.STORED] + 4) > table.shape[0] or regs[FILL] + 4 > following.shape[0]:
            regs[CURSOR] = i
            return codes.NEED_ROOM
        if regs[codes.EXPANDED] >= most:
            regs[CURSOR] = i
            regs[codes.STOP] = codes.paused_by(regs, max_expanded)
            return codes.PAUSED
        state = layer[i]
        row = ring[i % AHEAD]
        c0, c1, c2, c3 = row[0], row[1], row[2], row[3]
        if i + AHEAD < count:
            _children(layer[i + AHEAD], row, table, mask, width, masks, blocked, merge, full)
        regs[codes.EXPANDED] += 1
        for d in range(4):
            child = c0 if d == 0 else c1 if d == 1 else c2 if d == 2 else c3
            if child == state:
                continue
            regs[codes.GENERATED] += 1
            slot = find_slot(table, child)
            if table[slot, 0] != 0:
                continue
            if regs[codes.PUSHED] >= max_pushed:
                regs[CURSOR] = i
                regs[codes.STOP] = codes.STOP_PUSHED
                return codes.PAUSED
            regs[codes.PUSHED] += 1
            table[slot, 0] = child
            table[slot, 1] = state
            info[slot] = (depth + 1) << 2 | d
            regs[codes.STORED] += 1
            if is_goal(child, targets, target_count):
                regs[GOAL_SLOT] = slot
                return codes.FOUND
            following[regs[FILL]] = child
            regs[FILL] += 1
        if codes.memory_full(regs, max_stored):
            regs[CURSOR] = i + 1
            return codes.PAUSED
        regs[codes.LONGEST] = max(regs[codes.LONGEST], count - i - 1 + regs[FILL])
    regs[CURSOR] = count
    return codes.EXHAUSTED


@njit(cache=True)
def beyond_layer(
    layer: np.ndarray,
    count: int,
    table: np.ndarray,
    board: Board,
    regs: np.ndarray,
    budget: codes.Budget,
    stop_at: int,
) -> int:
    """Expand ``layer[regs[CURSOR]:count]``, the last layer a depth bound lets in, only to ask
    whether a board not in ``table`` lies one move past it (``engine``'s ``reaches_beyond``):
    FOUND at the first state with one, EXHAUSTED if none has, PAUSED at ``stop_at`` or the
    expansion budget."""
    _, _, width, masks, blocked, merge, full = board
    most = min(stop_at, budget.max_expanded)
    for i in range(regs[CURSOR], count):
        if regs[codes.EXPANDED] >= most:
            regs[CURSOR] = i
            regs[codes.STOP] = codes.paused_by(regs, budget.max_expanded)
            return codes.PAUSED
        state = layer[i]
        regs[codes.EXPANDED] += 1
        beyond = False
        for d in range(4):
            child = move(state, d, width, masks, blocked, merge, full)
            if child != state:
                regs[codes.GENERATED] += 1
                beyond = beyond or table[find_slot(table, child), 0] == 0
        if beyond:
            return codes.FOUND
    regs[CURSOR] = count
    return codes.EXHAUSTED
