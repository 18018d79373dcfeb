"""A compiled kernel runs the problem's own heuristic, never one of one's own that shares its
name: a "manhattan" that returns 0 was once searched as the compiled Manhattan distance."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from statesearch import Heuristic, InputError, SearchResult, solve
from statesearch.npuzzle import NPuzzle
from statesearch.tilt import Tilt

# IDA* with the zero heuristic expands 1,755 states here; the compiled Manhattan, 10.
BOARD_4X4 = (5, 1, 2, 4, 9, 6, 3, 8, 13, 10, 7, 11, 0, 14, 15, 12)
# 12 moves from the goal: A* with the zero heuristic expands 3,820 states, with Manhattan 20.
BOARD_3X4 = (1, 6, 2, 7, 0, 10, 4, 3, 5, 9, 11, 8)
EASY = Path(__file__).parent.parent / "examples" / "tilt" / "easy.txt"


def blind(state: Any) -> float:
    return 0


def counts(result: SearchResult[Any]) -> tuple[Any, ...]:
    return result.status, result.length, result.stats.expanded, result.stats.generated


def npuzzle(tiles: tuple[int, ...]) -> NPuzzle:
    return NPuzzle(tiles, 4 if len(tiles) == 16 else 3, 4)


def tilt() -> Tilt:
    return Tilt.from_text(EASY.read_text())


CASES = [
    pytest.param(lambda: npuzzle(BOARD_4X4), "idastar", "manhattan", id="npuzzle-idastar"),
    pytest.param(lambda: npuzzle(BOARD_3X4), "astar", "manhattan", id="npuzzle-astar"),
    pytest.param(tilt, "astar", "best", id="tilt-astar"),
    pytest.param(tilt, "idastar", "best", id="tilt-idastar"),
]


@pytest.mark.parametrize(("make", "algorithm", "name"), CASES)
def test_a_heuristic_of_ones_own_is_the_one_searched(make: Any, algorithm: str, name: str) -> None:
    own = solve(make(), algorithm, Heuristic(name, blind))
    zero = solve(make(), algorithm, "zero", engine="python")
    assert own.engine == "python"
    assert counts(own) == counts(zero)


def test_the_issues_reproducer_expands_what_the_zero_heuristic_does() -> None:
    own = solve(npuzzle(BOARD_4X4), "idastar", heuristic=Heuristic("manhattan", blind))
    assert own.solved and own.stats.expanded == 1_755


@pytest.mark.parametrize(("make", "algorithm", "name"), CASES)
def test_the_problems_own_heuristic_keeps_its_kernel(make: Any, algorithm: str, name: str) -> None:
    problem = make()
    assert solve(problem, algorithm, problem.heuristics[name]).engine == "compiled"
    assert solve(make(), algorithm, name).engine == "compiled"


def test_a_compiled_search_refuses_a_heuristic_of_ones_own() -> None:
    with pytest.raises(InputError, match="only the built-in heuristics are compiled"):
        solve(npuzzle(BOARD_4X4), "idastar", Heuristic("manhattan", blind), engine="compiled")
