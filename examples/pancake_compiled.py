"""The pancake problem (``pancake.py``) with compiled slots: the same stacks, flips and gap
heuristic as numba functions over a stack packed in one int64, 4 bits a pancake, the top in
the highest bits (so the packed stacks order as the tuples do, and every search counts as the
Python version's).

    python examples/pancake_compiled.py 14
    statesearch solve problem examples/pancake_compiled.py:CompiledPancake --arg n=12 -a idastar
"""

from __future__ import annotations

import random
import sys

import numpy as np
from numba import njit

from statesearch import solve
from statesearch.compiled_problem import compiled_slots

BITS = 4  # up to 15 pancakes


@njit(cache=True)
def unpack(state, n, out):  # type: ignore[no-untyped-def]
    for i in range(n):
        out[i] = (state >> (BITS * (n - 1 - i))) & 15


@njit(cache=True)
def sorted_stack(state, data):  # type: ignore[no-untyped-def]
    """Slot 1: the goal, data = [n, the sorted stack packed]."""
    return state == data[1]


@njit(cache=True)
def flips(state, data, children, costs):  # type: ignore[no-untyped-def]
    """Slot 2: flip the top k pancakes, for k = 2 .. n (child i flips i + 2)."""
    n = data[0]
    sizes = np.empty(n, dtype=np.int64)
    unpack(state, n, sizes)
    for k in range(2, n + 1):
        child = 0
        for i in range(n):
            child = (child << BITS) | sizes[k - 1 - i if i < k else i]
        children[k - 2] = child
        costs[k - 2] = 1
    return n - 1


@njit(cache=True)
def gaps(state, data):  # type: ignore[no-untyped-def]
    """Slot 3: the neighbours, the plate (n + 1) below the last included, whose sizes differ
    by more than 1."""
    n = data[0]
    count = 0
    below = n + 1
    for i in range(n - 1, -1, -1):
        size = (state >> (BITS * (n - 1 - i))) & 15
        if abs(size - below) > 1:
            count += 1
        below = size
    return count


def pack(stack: tuple[int, ...]) -> int:
    state = 0
    for size in stack:
        state = state << BITS | size
    return state


@compiled_slots(is_goal=sorted_stack, successors=flips, heuristic=gaps)
class CompiledPancake:
    """A stack of ``n`` pancakes (at most 15) shuffled by ``seed``, as ``Pancake(n, seed)``."""

    unit_costs = True

    def __init__(self, n: int = 10, seed: int = 1) -> None:
        sizes = list(range(1, n + 1))
        random.Random(seed).shuffle(sizes)
        self.initial = pack(tuple(sizes))
        self.branching = n - 1
        self.data = np.array([n, pack(tuple(range(1, n + 1)))], dtype=np.int64)

    def action(self, state: int, index: int, child: int) -> str:
        return f"flip {index + 2}"

    def render(self, state: int) -> str:
        n = int(self.data[0])
        return " ".join(str(state >> (BITS * (n - 1 - i)) & 15) for i in range(n))


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    problem = CompiledPancake(n)
    print("stack:", problem.render(problem.initial))
    for algorithm in ("astar", "idastar"):
        result = solve(problem, algorithm)
        print(
            f"{algorithm:8} {result.status} in {result.length} flips, "
            f"{result.stats.expanded:,} expanded, {result.stats.elapsed_s:.3f} s ({result.engine})"
        )
