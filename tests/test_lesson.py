"""The lesson's published numbers, exactly."""

import pytest

from helpers import replay
from statesearch import Status, solve
from statesearch.maze import LESSON_MAZE, Maze
from statesearch.npuzzle import NPuzzle

LESSON = "7 2 4 5 0 6 8 3 1"


@pytest.mark.parametrize(
    ("heuristic", "weight", "expanded", "pushed"),
    [("zero", 0, 48_390, 66_516), ("misplaced", 1, 3_667, 5_750), ("manhattan", 1, 283, 451)],
)
def test_astar_table(heuristic: str, weight: float, expanded: int, pushed: int) -> None:
    puzzle = NPuzzle.from_text(LESSON)
    result = solve(puzzle, "astar", heuristic, weight=weight)
    assert (result.stats.expanded, result.stats.pushed, result.length) == (expanded, pushed, 20)
    assert result.optimal
    replay(puzzle, result)


class Reversed(NPuzzle):
    """The lesson's board with its successors in the opposite order (left, right, up, down)."""

    def successors(self, state: tuple[int, ...]) -> list[tuple[str, tuple[int, ...], int]]:
        return list(super().successors(state))[::-1]


@pytest.mark.parametrize("heuristic", ["misplaced", "manhattan"])
def test_astar_counts_do_not_depend_on_the_successor_order(heuristic: str) -> None:
    """The notebook says so: (f, g, board) orders the waiting room completely."""
    ahead = solve(NPuzzle.from_text(LESSON), "astar", heuristic).stats
    back = solve(Reversed.from_text(LESSON), "astar", heuristic, engine="python").stats
    assert (back.expanded, back.pushed, back.generated) == (
        ahead.expanded,
        ahead.pushed,
        ahead.generated,
    )


def test_aliases_give_the_same_table() -> None:
    puzzle = NPuzzle.from_text(LESSON)
    assert solve(puzzle, "a*", "h1").stats.expanded == 3_667
    assert solve(puzzle, "astar", "h2").stats.expanded == 283
    assert solve(puzzle, "dijkstra").stats.expanded == 48_390


def test_lesson_maze_astar() -> None:
    maze = Maze.parse(LESSON_MAZE)
    result = solve(maze, "astar", "manhattan")
    assert (result.stats.expanded, result.length) == (52, 17)
    replay(maze, result)


def test_unsolvable_by_parity_before_search() -> None:
    result = solve(NPuzzle.from_text("2 8 1 4 6 3 0 7 5"), "astar", "manhattan")
    assert result.status is Status.UNSOLVABLE
    assert result.stats.expanded == 0
    assert "11 inversions" in result.reason


def test_unsolvable_by_exhaustion() -> None:
    result = solve(NPuzzle.from_text("2 8 1 4 6 3 0 7 5"), "astar", "manhattan", precheck=False)
    assert result.status is Status.UNSOLVABLE
    assert result.stats.expanded == 181_440


def test_unsolvable_from_both_ends_names_the_side_it_exhausted() -> None:
    """Both ends' states count as expanded (297,528 here); the proof is that one side, the
    start's 181,440 states, was reached whole."""
    result = solve(NPuzzle.from_text("2 8 1 4 6 3 0 7 5"), "bidirectional", precheck=False)
    assert result.status is Status.UNSOLVABLE
    assert result.reason.startswith("all 181,440 states reachable from the start were reached")
    assert f"({result.stats.expanded:,} states expanded from both ends)" in result.reason


def test_idastar_thresholds() -> None:
    result = solve(NPuzzle.from_text(LESSON), "idastar", "manhattan")
    assert [i.bound for i in result.stats.iterations] == [14, 16, 18, 20]
    assert result.length == 20
