"""The Towers of Hanoi with four pegs (``hanoi.py``) with compiled slots: the peg of each disc
in 2 bits of one int64, the smallest disc in the highest bits (so the packed states order as
``hanoi.py``'s tuples do, and every search counts as there).

    statesearch solve problem examples/hanoi_compiled.py:CompiledHanoi --arg n=6
"""

from __future__ import annotations

import numpy as np
from numba import njit

from statesearch.compiled_problem import compiled_slots

PEGS = 4


@njit(cache=True)
def peg_of(state, n, disc):  # type: ignore[no-untyped-def]
    return (state >> (2 * (n - 1 - disc))) & 3


@njit(cache=True)
def all_on_last(state, data):  # type: ignore[no-untyped-def]
    """Slot 1: data = [n, every disc on peg 3, packed]."""
    return state == data[1]


@njit(cache=True)
def moves(state, data, children, costs):  # type: ignore[no-untyped-def]
    """Slot 2: each peg's top disc onto each other peg it may go to, pegs in order."""
    n = data[0]
    top = np.full(PEGS, n, dtype=np.int64)
    for disc in range(n - 1, -1, -1):
        top[peg_of(state, n, disc)] = disc
    count = 0
    for source in range(PEGS):
        disc = top[source]
        if disc == n:
            continue
        shift = 2 * (n - 1 - disc)
        for target in range(PEGS):
            if target != source and top[target] > disc:
                children[count] = (state & ~(3 << shift)) | (target << shift)
                costs[count] = 1
                count += 1
    return count


@njit(cache=True)
def off_last(state, data):  # type: ignore[no-untyped-def]
    """Slot 3: the discs not on peg 3."""
    n = data[0]
    count = 0
    for disc in range(n):
        if peg_of(state, n, disc) != PEGS - 1:
            count += 1
    return count


@compiled_slots(is_goal=all_on_last, successors=moves, heuristic=off_last)
class CompiledHanoi:
    """``n`` discs (at most 31) on peg 0, to move to peg 3, as ``Hanoi(n)``."""

    unit_costs = True
    branching = PEGS * (PEGS - 1) // 2  # the tops of 4 pegs: at most 6 moves

    def __init__(self, n: int = 8) -> None:
        self.n = n
        self.initial = 0
        self.data = np.array([n, (1 << 2 * n) - 1], dtype=np.int64)

    def action(self, state: int, index: int, child: int) -> str:
        moved = state ^ child
        disc = next(d for d in range(self.n) if moved >> 2 * (self.n - 1 - d) & 3)
        shift = 2 * (self.n - 1 - disc)
        return f"disc {disc + 1}: {state >> shift & 3}→{child >> shift & 3}"

    def render(self, state: int) -> str:
        pegs = [state >> 2 * (self.n - 1 - d) & 3 for d in range(self.n)]
        return " | ".join(
            " ".join(str(d + 1) for d in range(self.n) if pegs[d] == peg) or "-"
            for peg in range(PEGS)
        )
