"""Your own problem in three slots: the Towers of Hanoi with four pegs (Reve's puzzle).

``n`` discs, numbered from the smallest, start on peg 0 and must all reach peg 3; a move takes
the top disc of a peg onto a peg that is empty or whose top disc is larger. A state is the peg
of each disc, the smallest first. The heuristic counts the discs not yet on peg 3 (each needs
a move at least). ``hanoi_compiled.py`` is the same problem with compiled slots.

    statesearch solve problem examples/hanoi.py:Hanoi --arg n=6
"""

from __future__ import annotations

from collections.abc import Iterator

PEGS = 4
Pegs = tuple[int, ...]  # the peg of each disc, the smallest disc first


class Hanoi:
    """``n`` discs on peg 0, to move to peg 3."""

    unit_costs = True

    def __init__(self, n: int = 8) -> None:
        self.initial: Pegs = (0,) * n
        self.goal: Pegs = (PEGS - 1,) * n

    def is_goal(self, state: Pegs) -> bool:
        return state == self.goal

    def successors(self, state: Pegs) -> Iterator[tuple[str, Pegs, int]]:
        """Each peg's top disc onto each other peg it may go to, pegs in order."""
        top = [len(state)] * PEGS  # the smallest disc on each peg (n: none)
        for disc in range(len(state) - 1, -1, -1):
            top[state[disc]] = disc
        for source in range(PEGS):
            disc = top[source]
            if disc == len(state):
                continue
            for target in range(PEGS):
                if target != source and top[target] > disc:
                    child = (*state[:disc], target, *state[disc + 1 :])
                    yield f"disc {disc + 1}: {source}→{target}", child, 1

    def heuristic(self, state: Pegs) -> int:
        return sum(peg != PEGS - 1 for peg in state)

    def render(self, state: Pegs) -> str:
        return " | ".join(
            " ".join(str(d + 1) for d in range(len(state)) if state[d] == peg) or "-"
            for peg in range(PEGS)
        )
