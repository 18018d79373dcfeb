"""``check_problem`` reads a class's method signatures once (``problem._PASSED``): what it
remembers never lets a wrong signature through."""

from __future__ import annotations

from typing import Any

import pytest

from statesearch import solve
from statesearch.errors import InputError


class Counter:
    initial = 0

    def is_goal(self, state: int) -> bool:
        return state == 3

    def successors(self, state: int) -> list[tuple[str, int, int]]:
        return [("+1", state + 1, 1)] if state < 5 else []


class Careless(Counter):
    def successors(self) -> list[tuple[str, int, int]]:  # type: ignore[override]
        return []


def test_a_remembered_class_still_solves_and_a_subclass_is_read_anew() -> None:
    for _ in range(2):
        assert solve(Counter(), "bfs").cost == 3
    with pytest.raises(InputError, match="write it def successors"):
        solve(Careless(), "bfs")  # type: ignore[arg-type]


def test_a_method_set_on_the_instance_is_read_every_time() -> None:
    good = Counter()
    assert solve(good, "bfs").cost == 3
    bad: Any = Counter()
    bad.successors = lambda: []
    with pytest.raises(InputError, match="write it def successors"):
        solve(bad, "bfs")
