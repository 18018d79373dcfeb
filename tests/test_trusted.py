"""Trusted mode: ``solve(problem, check=False)`` and ``solve problem --trust`` skip the per-step
checks of ``checked.py`` (the start is still looked at); the search counts the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import counters, example, replay
from statesearch import Status, solve
from statesearch.checked import Checked, checked, trusted
from statesearch.cli import main
from statesearch.errors import InputError


class Falling:
    """0 -> 1 -> 2 -> 3, where the step from 1 costs -5: wrong, and caught only by the checks."""

    unit_costs = False
    initial = 0

    def is_goal(self, state: int) -> bool:
        return state == 3

    def successors(self, state: int) -> list[tuple[str, int, int]]:
        return [("+1", state + 1, -5 if state == 1 else 1)] if state < 3 else []


class DeadEnd:
    """A heuristic of inf at 2, on the way to the goal 4: refused when checked."""

    initial = 0

    def is_goal(self, state: int) -> bool:
        return state == 4

    def successors(self, state: int) -> list[tuple[str, int, int]]:
        return [("+1", state + 1, 1)] if state < 4 else []

    def heuristic(self, state: int) -> float:
        return float("inf") if state == 2 else 0


@pytest.mark.parametrize("algorithm", ["bfs", "astar", "idastar", "dfbnb"])
def test_trusted_and_checked_searches_count_the_same(algorithm: str) -> None:
    problem = example("pancake").Pancake(7, seed=3)
    alike = [solve(problem, algorithm, check=check) for check in (True, False)]
    assert counters(alike[0].stats) == counters(alike[1].stats)
    assert alike[0].length == alike[1].length
    for result in alike:
        replay(problem, result)


def test_checked_wraps_only_when_asked() -> None:
    problem = DeadEnd()
    assert isinstance(checked(problem), Checked)
    assert checked(problem, check=False) is problem
    with trusted():
        assert checked(problem) is problem
    with trusted(False):
        assert isinstance(checked(problem), Checked)
    assert isinstance(checked(problem), Checked)  # the block's trust ends with it


def test_a_bad_step_is_caught_only_when_checked() -> None:
    with pytest.raises(InputError, match="step cost must be a finite number >= 0"):
        solve(Falling(), "ucs")
    trusting = solve(Falling(), "ucs", check=False)  # the documented cost of trusting
    assert trusting.status is Status.SOLVED and trusting.cost == -3


def test_inf_is_refused_when_checked_and_not_when_trusted() -> None:
    for algorithm in ("astar", "dfbnb", "idastar"):
        with pytest.raises(InputError, match="for 2 it gave inf"):
            solve(DeadEnd(), algorithm)
    # Trusted, the searches read inf each their own way: what the check is there to stop.
    assert solve(DeadEnd(), "astar", check=False).status is Status.SOLVED
    assert solve(DeadEnd(), "dfbnb", check=False).status is Status.UNSOLVABLE


def test_the_start_is_still_checked_when_trusted() -> None:
    class NoSlot:
        initial = 0

        def is_goal(self, state: int) -> bool:
            return False

    with pytest.raises(InputError):
        solve(NoSlot(), "bfs", check=False)  # type: ignore[arg-type]


def test_cli_trust(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "falling.py"
    source.write_text(
        "class Falling:\n"
        "    initial = 0\n"
        "    def is_goal(self, s): return s == 3\n"
        "    def successors(self, s):\n"
        "        return [('+1', s + 1, -5 if s == 1 else 1)] if s < 3 else []\n"
    )
    reference = f"{source}:Falling"
    assert main(["solve", "problem", reference, "-a", "ucs"]) == 2
    out, err = capsys.readouterr()
    assert err.strip().splitlines() == [
        "error: a step cost must be a finite number >= 0; successors gave -5"
    ]
    assert main(["solve", "problem", reference, "-a", "ucs", "--trust"]) == 0
    out, err = capsys.readouterr()
    assert "cost -3" in out
