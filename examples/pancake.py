"""Your own problem in three slots: the pancake problem, with Helmert's gap heuristic.

A stack of ``n`` pancakes of sizes 1 to ``n`` (the top first) is sorted by flips: slide the
spatula under the top ``k`` pancakes and turn them over. Sort the stack, smallest on top, in as
few flips as possible.

The gap heuristic (Helmert 2010) counts the neighbours in the stack, the plate below the last
pancake included, whose sizes differ by more than 1: a flip changes one neighbour pair only, so
it closes at most one gap (admissible, and consistent). ``pancake_compiled.py`` is the same
problem with compiled slots (numba), and counts the same.

    python examples/pancake.py 24
    statesearch solve problem examples/pancake.py:Pancake
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

from statesearch import solve

Stack = tuple[int, ...]  # the sizes from the top down; tuples hash and order well


class Pancake:
    """A stack of ``n`` pancakes shuffled by ``seed`` (or the ``stack`` given)."""

    unit_costs = True  # every flip counts 1

    def __init__(self, n: int = 10, seed: int = 1, stack: Stack | None = None) -> None:
        if stack is None:
            sizes = list(range(1, n + 1))
            random.Random(seed).shuffle(sizes)
            stack = tuple(sizes)
        self.initial: Stack = tuple(stack)  # slot 1: the shuffled stack ...
        self.goal: Stack = tuple(sorted(stack))  # ... and the sorted one (one goal state)
        self.plate = len(stack) + 1

    def is_goal(self, state: Stack) -> bool:
        return state == self.goal

    def successors(self, state: Stack) -> Iterator[tuple[str, Stack, int]]:
        """Slot 2: flip the top ``k`` pancakes, for k = 2 .. n."""
        for k in range(2, len(state) + 1):
            yield f"flip {k}", state[k - 1 :: -1] + state[k:], 1

    def predecessors(self, state: Stack) -> Iterator[tuple[str, Stack, int]]:
        """A flip undoes itself, so the stacks a flip leads from are the ones it leads to
        (for the searches from both ends: bidirectional, mm)."""
        return self.successors(state)

    def heuristic(self, state: Stack) -> int:
        """Slot 3: the gaps, the plate's included."""
        below = (*state[1:], self.plate)
        return sum(abs(a - b) > 1 for a, b in zip(state, below, strict=True))

    def backward_heuristic(self, state: Stack) -> int:
        """The gaps toward the shuffled stack instead (for mm, searching back from the sorted
        one): each pancake renamed by its place in the start, where it would be sorted."""
        place = self.places
        below = (*state[1:], self.plate)
        return sum(abs(place[a] - place[b]) > 1 for a, b in zip(state, below, strict=True))

    @property
    def places(self) -> dict[int, int]:
        """Each size's place in the start, from 1 (the plate keeps n + 1)."""
        if not hasattr(self, "_places"):
            self._places = {size: i + 1 for i, size in enumerate(self.initial)}
            self._places[self.plate] = self.plate
        return self._places


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    problem = Pancake(n)
    print("stack:", " ".join(map(str, problem.initial)))
    for tie_break in ("classic", "deep"):
        result = solve(problem, "astar", tie_break=tie_break)
        print(
            f"A* {tie_break:8} {result.status} in {result.length} flips, "
            f"{result.stats.expanded:,} expanded, {result.stats.elapsed_s:.2f} s"
        )
