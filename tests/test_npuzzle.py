"""The n-puzzle domain: board text, goals, parity and scrambling."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from helpers import distances_to, replay
from statesearch import Heuristic, InputError, LimitKind, Limits, Proof, Status, solve
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
    "text",
    ["7 2 4 5 0 6 8 3 1", "724506831", "7 2 4/5 _ 6/8 3 1", "7,2,4\n5,_,6\n8,3,1", "7245_6831",
     "7245.6831", "7 2 4 5 - 6 8 3 1"],
)  # fmt: skip
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
        ("1 2 a 4 5 6 7 8 0", {}, "cannot read tile 'a': .* the blank 0, _, . or -"),
        ("7245x6831", {}, "cannot read tile '7245x6831'"),
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


def _farthest(puzzle: NPuzzle) -> int:
    return max(distances_to(puzzle, puzzle.goal).values())


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)])
def test_longest_optimal_is_the_farthest_board_from_a_corner_blank(rows: int, cols: int) -> None:
    corner = NPuzzle(tuple(range(rows * cols)), rows, cols)  # the goal's blank in the corner
    assert corner.longest_optimal == _farthest(corner)


@pytest.mark.parametrize(("rows", "cols"), [(2, 3), (2, 4), (3, 3)])
def test_longest_optimal_bounds_the_farthest_board_from_any_blank(rows: int, cols: int) -> None:
    cells = range(rows * cols) if rows * cols < 9 else [1, 4]  # the 3x3: an edge and the centre
    for blank in cells:
        tiles = tuple(range(1, rows * cols))
        goal = (*tiles[:blank], 0, *tiles[blank:])
        puzzle = NPuzzle(goal, rows, cols, goal)
        assert puzzle.longest_optimal is not None
        assert _farthest(puzzle) <= puzzle.longest_optimal <= _farthest(puzzle) + 3


def test_longest_optimal_is_not_guessed_for_unknown_shapes() -> None:
    assert NPuzzle(tuple(range(12)), 3, 4).longest_optimal is None
    assert NPuzzle(tuple(range(16)), 4, 4).longest_optimal == 80


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_idastar_proves_a_board_unsolvable_past_the_longest_optimal(engine: str) -> None:
    puzzle = NPuzzle.from_text("2 8 1 4 6 3 0 7 5")  # the lesson's board from the other half
    result = solve(puzzle, "idastar", "manhattan", precheck=False, engine=engine)
    assert result.status is Status.UNSOLVABLE and result.proof is Proof.LONGEST
    assert "within 31 moves" in result.reason
    bounds = [i.bound for i in result.stats.iterations]
    assert bounds[-1] <= 31 < bounds[-1] + 2  # Manhattan keeps the parity: bounds rise by 2


def test_iterative_deepening_proves_a_board_unsolvable_at_the_longest_optimal() -> None:
    result = solve(NPuzzle.from_text("2 1 3 0"), "iddfs", precheck=False)
    assert result.status is Status.UNSOLVABLE and result.proof is Proof.LONGEST
    assert [i.bound for i in result.stats.iterations] == list(range(7))


def test_no_proof_from_an_estimate_that_may_overestimate_or_a_depth_limit() -> None:
    puzzle = NPuzzle.from_text("2 8 1 4 6 3 0 7 5")
    manhattan = puzzle.heuristics["manhattan"]
    doubled = Heuristic("doubled", lambda tiles: 2 * manhattan(tiles), admissible=False)
    guessed = solve(puzzle, "idastar", doubled, precheck=False, limits=Limits(max_expanded=100_000))
    assert guessed.status is Status.LIMIT_REACHED and guessed.limit is LimitKind.EXPANDED
    small = NPuzzle.from_text("2 1 3 0")
    shallow = solve(small, "iddfs", precheck=False, limits=Limits(max_depth=5))
    assert shallow.status is Status.LIMIT_REACHED and shallow.limit is LimitKind.DEPTH


@pytest.mark.parametrize(
    ("goal", "partition"),
    [("blank-first", None), ("blank-last", "7-8"), ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", None)],
)
def test_auto_without_tables_names_the_command_that_builds_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, goal: str, partition: str | None
) -> None:
    """On a 4x4 with no tables, auto chose linear conflicts and said nothing of the pattern
    databases a fan could build. The command it names is one ``pdb build`` reads (run here
    with a memory bound nothing fits in, so it stops before building: exit 4, not 2)."""
    import shlex

    from statesearch.cli import main
    from statesearch.npuzzle.board import parse_goal

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    board = NPuzzle((4, 11, 10, 13, 12, 3, 6, 0, 1, 15, 14, 5, 2, 8, 9, 7), 4, 4,
                    parse_goal(goal, 4, 4), partition)  # fmt: skip
    _, _, why = board.choose_algorithm(None)
    command = board.pdb_build_command()
    assert f"(build them once with: {command})" in why
    words = shlex.split(command)
    assert words[:3] == ["statesearch", "pdb", "build"]
    assert main([*words[1:], "--max-memory", "1K"]) == 4


def test_a_compiled_ida_star_says_why_its_counts_differ() -> None:
    """On the lesson's board the compiled IDA* expands 379 states and the Python engine 213,
    and nothing said why (the same board, heuristic and moves)."""
    board = NPuzzle.from_text("7 2 4 5 0 6 8 3 1")
    python, compiled = (solve(board, "idastar", engine=e) for e in ("python", "compiled"))
    assert python.length == compiled.length == 20
    expanded = [[(i.bound, i.expanded) for i in r.stats.iterations] for r in (python, compiled)]
    assert expanded[0][:-1] == expanded[1][:-1]  # the last differs, and every generated count
    assert "counts Korf's way" in compiled.note and "Korf" not in python.note
