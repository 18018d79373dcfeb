"""``solve`` called again and again: what it keeps from one call to the next (a map's tables,
the method signatures it has read, the kernels' registers) never answers for another call."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from statesearch import solve
from statesearch.core import problem as problem_module
from statesearch.errors import InputError
from statesearch.maze import Maze

pytest.importorskip("numba")


def open_map(seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join("#" if rng.random() < 0.2 else "." for _ in range(30)) for _ in range(20)]


def described(result: Any) -> tuple[Any, ...]:
    s = result.stats
    return (
        result.status,
        result.path,
        result.actions,
        result.cost,
        result.optimal,
        result.reason,
        result.notes,
        (s.expanded, s.pushed, s.generated, s.max_frontier),
    )


@pytest.mark.parametrize("seed", range(3))
def test_one_map_many_ends_answers_as_fresh_maps(seed: int) -> None:
    rows = open_map(seed)
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    rng = random.Random(seed)
    shared = Maze(rows, 8, "avoid", cells[0], cells[1])
    for _ in range(12):
        start, goal = rng.sample(cells, 2)
        algorithm = rng.choice(("jps", "astar"))
        engine = rng.choice(("compiled", "python"))
        again = solve(shared.with_ends(start, goal), algorithm, engine=engine)
        fresh = solve(Maze(rows, 8, "avoid", start, goal), algorithm, engine=engine)
        assert described(again) == described(fresh)


def test_a_solved_query_then_a_longer_one_reads_its_own_path() -> None:
    rows = ["." * 200]
    shared = Maze(rows, 8, "avoid", (0, 0), (0, 1))
    short = solve(shared, "jps", engine="compiled")
    long = solve(shared.with_ends((0, 0), (0, 199)), "jps", engine="compiled")
    assert (short.cost, len(short.path)) == (1, 2)
    assert (long.cost, len(long.path), long.actions) == (199, 200, ["R"] * 199)


def counting() -> Any:
    """A new problem class at each call (the signature checks' cache keys on its methods):
    0, 1, 2, ... a step apart, the goal at 2."""

    class Counter:
        initial = 0

        def is_goal(self, state: int) -> bool:
            return state == 2

        def successors(self, state: int) -> list[tuple[str, int, int]]:
            return [("+1", state + 1, 1)]

    return Counter


def test_a_class_that_dies_is_forgotten() -> None:
    gc.collect()
    before = len(problem_module._PASSED)
    kind = counting()
    assert solve(kind(), "bfs").cost == 2
    assert len(problem_module._PASSED) > before
    del kind
    gc.collect()
    assert len(problem_module._PASSED) == before


def test_a_method_replaced_on_the_class_is_read_anew() -> None:
    Counter = counting()
    assert solve(Counter(), "bfs").cost == 2

    def careless(self: Any) -> list[tuple[str, int, int]]:
        return []

    Counter.successors = careless
    with pytest.raises(InputError, match="write it def successors"):
        solve(Counter(), "bfs")


def test_methods_a_property_gives_are_read_for_each_instance() -> None:
    class Given:
        initial = 0

        def __init__(self, successors: Any) -> None:
            self._successors = successors

        def is_goal(self, state: int) -> bool:
            return state == 2

        @property
        def successors(self) -> Any:
            return self._successors

    assert solve(Given(lambda state: [("+1", state + 1, 1)]), "bfs").cost == 2
    with pytest.raises(InputError, match="write it def successors"):
        solve(Given(lambda: []), "bfs")


def test_a_wrapper_that_forwards_is_read_for_each_problem() -> None:
    class Good:
        initial = 0

        def is_goal(self, state: int) -> bool:
            return state == 2

        def successors(self, state: int) -> list[tuple[str, int, int]]:
            return [("+1", state + 1, 1)]

    class Careless(Good):
        def successors(self) -> list[tuple[str, int, int]]:  # type: ignore[override]
            return []

    class Wrapper:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

    assert solve(Wrapper(Good()), "bfs").cost == 2
    with pytest.raises(InputError, match="write it def successors"):
        solve(Wrapper(Careless()), "bfs")
