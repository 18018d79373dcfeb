"""The two-jug water problem: measure ``target`` litres with jugs of ``a`` and ``b`` litres.

Nothing here knows about search; ``statesearch.solve`` does the rest.

>>> from statesearch import solve
>>> result = solve(WaterJugs(4, 3, 2), "bfs")
>>> result.status.value, result.length
('solved', 4)
>>> result.path
[(0, 0), (0, 3), (3, 0), (3, 3), (4, 2)]
"""

from __future__ import annotations

from collections.abc import Iterator

Jugs = tuple[int, int]


class WaterJugs:
    unit_costs = True  # every action costs 1, so BFS is optimal in cost too

    def __init__(self, a: int = 4, b: int = 3, target: int = 2) -> None:
        self.a, self.b, self.target = a, b, target
        self.initial: Jugs = (0, 0)

    def is_goal(self, state: Jugs) -> bool:
        return self.target in state

    def successors(self, state: Jugs) -> Iterator[tuple[str, Jugs, int]]:
        x, y = state
        pour_ab = min(x, self.b - y)
        pour_ba = min(y, self.a - x)
        yield "fill A", (self.a, y), 1
        yield "fill B", (x, self.b), 1
        yield "empty A", (0, y), 1
        yield "empty B", (x, 0), 1
        yield "pour A->B", (x - pour_ab, y + pour_ab), 1
        yield "pour B->A", (x + pour_ba, y - pour_ba), 1

    def heuristic(self, state: Jugs) -> int:
        return 0 if self.is_goal(state) else 1
