"""The tie-break ``solve`` takes by default: the lesson's order for the package's domains, larger
g first for a problem of one's own, and a note when many states tied at the last f."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from helpers import example, replay
from statesearch import InputError, Limits, solve
from statesearch.core.note import Note
from statesearch.npuzzle import NPuzzle, random_board
from statesearch.remarks import of_ones_own
from statesearch.web.korean import NOTES

Pancake = example("pancake").Pancake


def test_a_problem_of_ones_own_gets_deep_and_the_packages_keep_classic() -> None:
    stack = Pancake(14)
    auto, deep, classic = (solve(stack, "astar", tie_break=t) for t in ("auto", "deep", "classic"))
    assert auto.stats.expanded == deep.stats.expanded == 43
    assert classic.stats.expanded == 1_048
    assert auto.length == classic.length == 13 and auto.optimal
    replay(stack, auto)
    board = NPuzzle.from_text("7 2 4 5 0 6 8 3 1")
    assert solve(board, "astar", "misplaced").stats.expanded == 3_667  # classic, the lesson's
    assert solve(board, "astar", "misplaced", tie_break="deep").stats.expanded != 3_667


class Lesson(NPuzzle):
    """A domain of the package's, subclassed: still the lesson's order."""


@dataclass(frozen=True)
class Cell:  # no order=True: classic could not order two of these
    n: int


class Line:
    """0 .. 6 on a line, states that do not compare."""

    initial = Cell(0)

    def is_goal(self, state: Cell) -> bool:
        return state.n == 6

    def successors(self, state: Cell) -> list[tuple[str, Cell, int]]:
        return [
            (m, Cell(state.n + d), 1) for m, d in (("-", -1), ("+", 1)) if 0 <= state.n + d <= 6
        ]

    def heuristic(self, state: Cell) -> int:
        return 6 - state.n


def test_what_counts_as_ones_own() -> None:
    assert not of_ones_own(NPuzzle.from_text("1 2 3 4 5 6 7 8 0"))
    assert not of_ones_own(Lesson.from_text("1 2 3 4 5 6 7 8 0"))
    assert of_ones_own(Pancake(5)) and of_ones_own(Line())
    # States that cannot be ordered need no order: deep does not compare them.
    assert solve(Line(), "astar").length == 6
    with pytest.raises(InputError, match="the classic tie-break orders equal f and g by state"):
        solve(Line(), "astar", tie_break="classic")


def test_many_states_tied_at_the_last_f_are_noted_unless_deep() -> None:
    classic = solve(Pancake(14), "astar", tie_break="classic")
    assert classic.stats.tied == 1_009  # of 1,048: the last f, 13, from g = 0 up
    assert classic.note == (
        "1,009 of the 1,048 states expanded were tied on f at the end, taken in the classic "
        "tie-break's order; tie_break deep (larger g first) often expands far fewer"
    )
    note = classic.notes[0]
    assert isinstance(note, Note) and note.template in NOTES  # the web says it in Korean
    assert "tied" not in classic.to_dict()["stats"]  # a note's material, not a counter
    assert solve(Pancake(14), "astar").note == ""  # deep
    # Few ties (the lesson's boards), or all of one g (uniform-cost: f is g): nothing said.
    board = NPuzzle.from_text("7 2 4 5 0 6 8 3 1")
    assert solve(board, "astar", "misplaced").note == ""
    assert solve(board, "astar", "zero", weight=0).note == ""


def test_a_limit_reached_on_a_plateau_says_so_too() -> None:
    limits = Limits(max_expanded=1_040)
    result = solve(Pancake(14), "astar", tie_break="classic", limits=limits)
    assert result.status.value == "limit_reached"
    assert "taken in the classic tie-break's order" in result.note


def test_deep_never_runs_a_kernel_that_breaks_ties_as_classic() -> None:
    pytest.importorskip("numba")
    board = NPuzzle(random_board(3, 4, 5), 3, 4)  # 12 cells: the compiled A*'s
    classic = solve(board, "astar", "manhattan")
    deep = solve(board, "astar", "manhattan", tie_break="deep")
    python = solve(board, "astar", "manhattan", tie_break="deep", engine="python")
    assert classic.engine == "compiled" and deep.engine == "python"
    assert deep.stats.expanded == python.stats.expanded != classic.stats.expanded
    with pytest.raises(InputError, match="orders ties by classic only: --tie-break deep runs on"):
        solve(board, "astar", "manhattan", tie_break="deep", engine="compiled")


def test_auto_is_a_tie_break_name_everywhere_one_is_checked() -> None:
    with pytest.raises(InputError, match="choose from auto, classic, deep, fifo, lifo"):
        solve(Pancake(5), "astar", tie_break="coin")
    # auto is never "not used": it is the default, given to every algorithm.
    assert solve(Pancake(5), "bfs", tie_break="auto").note == ""
