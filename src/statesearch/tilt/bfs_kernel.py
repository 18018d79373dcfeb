"""Breadth-first search of a tilt board in numba, one layer at a time (``compiled.py`` keeps the
layers and grows the arrays)."""

from __future__ import annotations

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
    STORED,
)
from ..kernels.intrinsics import prefetch
from .bitboard import is_goal, move
from .hash_table import AHEAD, find_slot, home

# The registers after the counters: the slot of the goal, the place in the layer, the size of
# the next layer.
GOAL_SLOT, CURSOR, FILL = COUNTERS, COUNTERS + 1, COUNTERS + 2
REGISTERS = COUNTERS + 3


@njit(cache=True)
def bfs_layer(
    layer: np.ndarray,
    count: int,
    following: np.ndarray,
    table: np.ndarray,
    info: np.ndarray,
    depth: int,
    targets: np.uint64,
    target_count: int,
    width: int,
    masks: np.ndarray,
    blocked: np.ndarray,
    merge: bool,
    full: bool,
    regs: np.ndarray,
    max_expanded: int,
    max_pushed: int,
    max_stored: int,
) -> int:
    """Expand ``layer[regs[CURSOR]:count]`` into ``following[regs[FILL]:]``.

    Counting as the engine's BFS: expanded per state taken from the layer, generated per move
    that changes the board, pushed per new board, goal tested on generation. Returns FOUND
    (``regs[GOAL_SLOT]``), EXHAUSTED (layer done), PAUSED (a budget: ``regs[STOP]``) or
    NEED_ROOM (grow the table or ``following`` and call again).
    """
    mask = table.shape[0] - 1
    for i in range(regs[CURSOR], count):
        if 2 * (regs[STORED] + 4) > table.shape[0] or regs[FILL] + 4 > following.shape[0]:
            regs[CURSOR] = i
            return NEED_ROOM
        if i + AHEAD < count:
            # Ask for the table rows of a later state's children now, so that the cache misses
            # (what this loop mostly waits on) overlap instead of coming one after another.
            ahead = layer[i + AHEAD]
            for d in range(4):
                prefetch(table, home(move(ahead, d, width, masks, blocked, merge, full), mask))
        if regs[EXPANDED] >= max_expanded:
            regs[CURSOR] = i
            regs[STOP] = STOP_EXPANDED
            return PAUSED
        state = layer[i]
        regs[EXPANDED] += 1
        for d in range(4):
            child = move(state, d, width, masks, blocked, merge, full)
            if child == state:
                continue
            regs[GENERATED] += 1
            slot = find_slot(table, child)
            if table[slot, 0] != 0:
                continue
            if regs[PUSHED] >= max_pushed:
                regs[CURSOR] = i
                regs[STOP] = STOP_PUSHED
                return PAUSED
            regs[PUSHED] += 1
            table[slot, 0] = child
            table[slot, 1] = state
            info[slot] = (depth + 1) << 2 | d
            regs[STORED] += 1
            if is_goal(child, targets, target_count):
                regs[GOAL_SLOT] = slot
                return FOUND
            following[regs[FILL]] = child
            regs[FILL] += 1
        if regs[STORED] > max_stored:
            regs[CURSOR] = i + 1
            regs[STOP] = STOP_MEMORY
            return PAUSED
        if count - i - 1 + regs[FILL] > regs[LONGEST]:
            regs[LONGEST] = count - i - 1 + regs[FILL]
    regs[CURSOR] = count
    return EXHAUSTED
