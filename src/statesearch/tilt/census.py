"""Every board reachable from a start, layer by layer, in numba: what the generator reads the
optimal lengths and the size of the reachable space from. It keeps the boards once in a
``KeySet`` and once in their layer (8 + 8 bytes a board at most, 16-24 on average), and looks
at the clock and the cancel flag between slices.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..core.limits import Meter
from ..kernels.intrinsics import prefetch
from .bitboard import move
from .board import MAX_CELLS, TiltBoard
from .hash_table import AHEAD, home
from .key_set import KeySet, find_key
from .rules import Rules

SLICE = 1 << 18  # boards expanded between clock checks
BYTES_PER_BOARD = 24  # a KeySet slot at worst half full (16) and the layer's copy (8)
# The registers: where the layer stands, how full the next one is, how many boards are kept.
CURSOR, FILL, KEPT = range(3)


@njit(cache=True)
def census_layer(
    layer: np.ndarray,
    following: np.ndarray,
    keys: np.ndarray,
    width: int,
    masks: np.ndarray,
    blocked: np.ndarray,
    merge: bool,
    full: bool,
    regs: np.ndarray,
    stop_at: int,
) -> bool:
    """Expand ``layer[regs[CURSOR]:]`` into ``following[regs[FILL]:]`` until the layer ends
    (True), or the next board would need more room than ``keys`` and ``following`` have, or
    ``regs[CURSOR]`` reaches ``stop_at`` (False)."""
    mask = len(keys) - 1
    count = len(layer)
    while regs[CURSOR] < min(count, stop_at):
        i = regs[CURSOR]
        if 2 * (regs[KEPT] + 4) > len(keys) or regs[FILL] + 4 > len(following):
            return False
        if i + AHEAD < count:
            ahead = layer[i + AHEAD]
            for d in range(4):
                prefetch(keys, home(move(ahead, d, width, masks, blocked, merge, full), mask))
        state = layer[i]
        for d in range(4):
            child = move(state, d, width, masks, blocked, merge, full)
            slot = find_key(keys, child)
            if keys[slot] == 0:
                keys[slot] = child
                following[regs[FILL]] = child
                regs[FILL] += 1
                regs[KEPT] += 1
        regs[CURSOR] = i + 1
    return bool(regs[CURSOR] == count)


class Census:
    """The layers of the boards reachable from ``start`` (``layers[d]``: the boards first
    reached after d moves), as far as ``most`` boards: ``complete`` says whether that was the
    whole reachable space."""

    def __init__(self, board: TiltBoard, rules: Rules, meter: Meter, most: int) -> None:
        if board.cells > MAX_CELLS:
            raise ValueError("the census works on boards of at most 64 cells")
        w, n = board.width, board.cells
        every = (1 << n) - 1
        first = sum(1 << (r * w) for r in range(board.height))
        masks = np.array([every, every & ~first, every & ~(first << (w - 1))], dtype=np.uint64)
        blocked = np.array([rules.blocked(d) for d in "UDLR"], dtype=np.uint64)
        rule = (w, masks, blocked, rules.collide == "merge", rules.step == "full")
        seen = KeySet(board.blocks)
        self.layers = [np.array([board.blocks], dtype=np.uint64)]
        self.complete = False
        regs = np.zeros(3, dtype=np.int64)
        regs[KEPT] = 1
        while len(self.layers[-1]):
            layer = self.layers[-1]
            following = np.empty(max(64, 2 * len(layer)), dtype=np.uint64)
            regs[CURSOR] = regs[FILL] = 0
            while not census_layer(
                layer, following, seen.keys, *rule, regs, int(regs[CURSOR]) + SLICE
            ):
                meter.check(int(regs[KEPT]), len(layer) - int(regs[CURSOR]))
                if regs[KEPT] + 4 > most:
                    self.layers.append(following[: regs[FILL]])
                    return
                seen.room(int(regs[KEPT]) + 4)
                if regs[FILL] + 4 > len(following):
                    following = np.resize(following, 2 * len(following))
            self.layers.append(following[: regs[FILL]])
            meter.check(int(regs[KEPT]), int(regs[FILL]))
            if regs[KEPT] > most:
                return
        self.layers.pop()  # the empty one
        self.complete = True

    @property
    def boards(self) -> int:
        return sum(len(layer) for layer in self.layers)
