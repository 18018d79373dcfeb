"""Your own problem in three slots: the farmer, the wolf, the goat and the cabbage.

The farmer's boat carries him and at most one passenger. Left alone, the wolf eats the goat
and the goat eats the cabbage. Get everyone across.

    python examples/river_crossing.py
"""

from __future__ import annotations

from collections.abc import Iterator

from statesearch import solve
from statesearch.core.trace import Trace

WHO = ("farmer", "wolf", "goat", "cabbage")
EATS = ((1, 2), (2, 3))  # the wolf eats the goat, the goat eats the cabbage
State = tuple[bool, ...]  # who is across: (farmer, wolf, goat, cabbage); tuples order well


class RiverCrossing:
    unit_costs = True  # every crossing counts 1

    initial: State = (False, False, False, False)  # slot 1: everyone on the near bank ...

    def is_goal(self, state: State) -> bool:  # ... and everyone across
        return all(state)

    def successors(self, state: State) -> Iterator[tuple[str, State, int]]:
        """Slot 2: the farmer crosses alone or with one passenger from his bank."""
        for passenger in (None, 1, 2, 3):
            if passenger is not None and state[passenger] != state[0]:
                continue  # that passenger waits on the other bank
            after = list(state)
            after[0] = not state[0]
            if passenger is not None:
                after[passenger] = not state[passenger]
            if self.safe(after):
                action = f"take the {WHO[passenger]}" if passenger else "cross alone"
                yield action, tuple(after), 1

    def safe(self, state: list[bool]) -> bool:
        """Nobody is eaten: an eater and its food share a bank only with the farmer there."""
        return all(state[a] != state[b] or state[a] == state[0] for a, b in EATS)

    def heuristic(self, state: State) -> int:
        """Slot 3: each crossing brings at most one passenger across, so the passengers still
        on the near bank need at least that many crossings (never too many: admissible)."""
        return sum(not across for across in state[1:])

    def render(self, state: State) -> str:
        """How a trace shows a state: the near bank | the far bank."""
        near = " ".join(w for w, across in zip(WHO, state, strict=True) if not across)
        far = " ".join(w for w, across in zip(WHO, state, strict=True) if across)
        return f"{near or '-'} | {far or '-'}"


if __name__ == "__main__":
    problem = RiverCrossing()
    for algorithm in ("bfs", "astar", "idastar", "dfs"):
        result = solve(problem, algorithm)
        print(
            f"{algorithm:8} {result.status} in {result.length} crossings, "
            f"{result.stats.expanded} expanded"
        )
    best = solve(problem, "astar", trace=Trace())
    print(" -> ".join(best.actions))
    assert best.trace is not None
    for event in best.trace.events:
        if event.event == "pop":
            print(f"step {event.step}: took out {problem.render(event.state)}, f = {event.f}")
