"""The n-puzzle domain: board text, goals, parity and scrambling."""

from __future__ import annotations

import itertools

import pytest

from helpers import distances_to, replay
from statesearch import InputError, solve
from statesearch.npuzzle import (
    NPuzzle,
    inversions,
    is_solvable,
    parse_board,
    parse_goal,
    random_board,
    scramble,
)


@pytest.mark.parametrize(
    "text", ["7 2 4 5 0 6 8 3 1", "724506831", "7 2 4/5 _ 6/8 3 1", "7,2,4\n5,_,6\n8,3,1"]
)
def test_board_spellings(text: str) -> None:
    board = parse_board(text)
    assert board.tiles == (7, 2, 4, 5, 0, 6, 8, 3, 1) and (board.rows, board.cols) == (3, 3)


def test_shapes() -> None:
    assert parse_board("1 2 3 4 5 0", rows=2).cols == 3
    assert parse_board("1 2 3/4 5 0").rows == 2
    assert parse_board(" ".join(map(str, range(16)))).cols == 4


@pytest.mark.parametrize(
    ("text", "kwargs", "message"),
    [
        ("1 1 2 3 4 5 6 7 8", {}, "duplicate"),
        ("1 2 3 4 5 6 7 8 9", {}, "missing tiles: 0"),
        ("1 2 3", {}, "square"),
        ("1 2 3/4 5", {}, "ragged"),
        ("1 2 a 4 5 6 7 8 0", {}, "cannot read"),
        ("1 0", {}, "square"),
        ("1 2 3 0", {"rows": 1}, "at least 2"),
        ("1 2 3/4 5 0", {"rows": 3}, "asked"),
        ("", {}, "empty"),
    ],
)
def test_bad_boards(text: str, kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_board(text, **kwargs)


def test_goals() -> None:
    assert parse_goal(None, 3, 3) == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert parse_goal("blank-first", 2, 2) == (0, 1, 2, 3)
    assert parse_goal("1 2 3/8 0 4/7 6 5", 3, 3) == (1, 2, 3, 8, 0, 4, 7, 6, 5)
    with pytest.raises(InputError):
        parse_goal("1 2 3 0", 3, 3)


def test_inversions() -> None:
    assert inversions((2, 8, 1, 4, 6, 3, 0, 7, 5)) == 11
    assert inversions((1, 2, 3, 4, 5, 6, 7, 8, 0)) == 0


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)])
def test_parity_predicts_reachability_exactly(rows: int, cols: int) -> None:
    """Every permutation: reachable from the goal by BFS if and only if parity says solvable."""
    for goal in (parse_goal("blank-last", rows, cols), parse_goal("blank-first", rows, cols)):
        reachable = distances_to(NPuzzle(goal, rows, cols, goal), goal)
        assert len(reachable) * 2 == len(list(itertools.permutations(range(rows * cols))))
        for tiles in itertools.islice(itertools.permutations(range(rows * cols)), 0, None, 7):
            assert is_solvable(tiles, goal, cols) == (tiles in reachable)


def test_arbitrary_goal_is_solved_to_that_goal() -> None:
    puzzle = NPuzzle.from_text("2 8 3 1 6 4 7 0 5", goal="1 2 3/8 0 4/7 6 5")
    result = solve(puzzle, "astar", "linear_conflict")
    assert result.length == 5 and result.path[-1] == puzzle.goal
    replay(puzzle, result)


def test_fifteen_puzzle_easy_board() -> None:
    puzzle = NPuzzle.from_text("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15")
    assert solve(puzzle, "idastar", "manhattan").moves == "R"


def test_scramble_and_random_boards_are_seeded_and_solvable() -> None:
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert scramble(goal, 3, 3, 30, seed=1) == scramble(goal, 3, 3, 30, seed=1)
    for seed in range(20):
        assert is_solvable(scramble(goal, 3, 3, 25, seed), goal, 3)
        assert is_solvable(random_board(3, 3, seed), goal, 3)
        assert not is_solvable(random_board(3, 3, seed, solvable=False), goal, 3)
    assert (solve(NPuzzle(scramble(goal, 3, 3, 6, 7), 3, 3), "bfs").length or 99) <= 6


def test_apply_moves_the_blank() -> None:
    puzzle = NPuzzle.from_text("1 2 3 4 5 6 7 8 0")
    assert puzzle.apply(puzzle.initial, "U") == (1, 2, 3, 4, 5, 0, 7, 8, 6)
    with pytest.raises(InputError):
        puzzle.apply(puzzle.initial, "D")


def test_ids_select_instances_from_spans_of_any_size() -> None:
    from statesearch.npuzzle.benchmarks import load, select

    _, instances = load("korf100")
    chosen = select(instances, "99-" + "9" * 30 + ",3,5-6")  # a span is never listed out
    assert [i.id for i in chosen] == [3, 5, 6, 99, 100]
    with pytest.raises(InputError, match="no instance has an id"):
        select(instances, "0")
