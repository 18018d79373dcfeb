"""IDA* on a tilt board in numba: one iteration in slices, under ``kernels.ida_driver``.

A tilt move can undo an earlier one several moves back (every block moves), so the path check
looks along the whole current path, as the engine's walk does.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.codes import EXHAUSTED, FOUND, PAUSED
from ..kernels.ida_driver import Register, on_path
from .bitboard import is_goal, move
from .estimates import SCRATCH, estimate
from .tables import Board, Bounds


@njit(cache=True)
def ida_slice(
    path: np.ndarray,
    next_move: np.ndarray,
    board: Board,
    kind: int,
    bounds: Bounds,
    regs: np.ndarray,
    slice_expansions: int,
) -> int:
    """Run one IDA* iteration (bound ``regs[Register.BOUND]``) for up to ``slice_expansions``,
    counting as the engine's IDA*: ``path[0..depth]`` holds the boards of the current path
    (``next_move[d]`` the next direction to try at depth d), and a child already on it is
    generated but skipped."""
    targets, target_count, width, masks, blocked, merge, full = board
    nearest, within, need = bounds
    scratch = np.empty(SCRATCH, dtype=np.uint64)
    cells = np.empty(64, dtype=np.int64)
    depth = regs[Register.DEPTH]
    bound = regs[Register.BOUND]
    stop_at = regs[Register.EXPANDED] + slice_expansions
    while True:
        d = next_move[depth]
        if d == 4:
            if depth == 0:
                regs[Register.DEPTH] = depth
                return EXHAUSTED
            depth -= 1
            continue
        next_move[depth] = d + 1
        state = path[depth]
        child = move(state, d, width, masks, blocked, merge, full)
        if child == state:
            continue
        regs[Register.GENERATED] += 1
        if on_path(path, depth, child):
            continue
        f = depth + 1 + estimate(child, kind, nearest, within, target_count, need, scratch, cells)
        if f > bound:
            if f < regs[Register.NEXT]:
                regs[Register.NEXT] = f
            continue
        if regs[Register.EXPANDED] >= stop_at:  # the next slice takes this child again
            next_move[depth] = d
            regs[Register.GENERATED] -= 1
            regs[Register.DEPTH] = depth
            return PAUSED
        regs[Register.EXPANDED] += 1
        depth += 1
        path[depth] = child
        next_move[depth] = 0
        if is_goal(child, targets, target_count):
            regs[Register.DEPTH] = depth
            return FOUND
        if depth + 1 > regs[Register.LONGEST]:
            regs[Register.LONGEST] = depth + 1
