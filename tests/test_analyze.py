"""``statesearch analyze``: heuristics over every board, checked against plain Python and the
generic engine's breadth-first search."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from itertools import islice, permutations
from pathlib import Path

import numpy as np
import pytest

from helpers import unwrapped
from statesearch import solve
from statesearch.cli import main
from statesearch.core.limits import LimitHit, LimitKind, Limits, Meter
from statesearch.npuzzle import NPuzzle, is_solvable, random_board
from statesearch.npuzzle.all_boards import UNREACHED, Space
from statesearch.npuzzle.analysis import BoardSet, Counts, analyze, tally
from statesearch.npuzzle.heuristic_kernels import KINDS, CompiledHeuristics, estimates

Estimate = Callable[[tuple[int, ...]], float]
LESSON_SET = ["misplaced", "rowcol", "manhattan", "linear_conflict"]
# Boards of the 8-puzzle (blank-last goal) at each distance: Reinefeld's complete solution.
EIGHT_PUZZLE_LAYERS = [1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512]
EIGHT_PUZZLE_LAYERS += [4485, 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578]
EIGHT_PUZZLE_LAYERS += [14560, 6274, 3910, 760, 221, 2]


def python_heuristics(goal: tuple[int, ...], rows: int, cols: int) -> dict[str, Estimate]:
    heuristics = NPuzzle(goal, rows, cols, goal).heuristics
    return {name: heuristics[name] for name in LESSON_SET}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["analyze", "npuzzle", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_lesson_figure_manhattan_minus_misplaced_is_at_most_14_over_all_9_factorial() -> None:
    result = analyze(3, 3, "h1,h2", boards="all")
    (pair,) = result.pairs
    assert (pair.a, pair.b, result.counted) == ("misplaced", "manhattan", 362_880)
    assert (pair.a_greater, pair.max_gap) == (0, 14)
    assert result.layers == EIGHT_PUZZLE_LAYERS and result.solvable == 181_440


@pytest.mark.parametrize(
    ("rows", "cols", "goal"),
    [(3, 3, None), (3, 3, "first"), (2, 3, "random"), (2, 4, None), (3, 4, "random"), (4, 4, None)],
)
def test_compiled_estimates_equal_the_python_heuristics(
    rows: int, cols: int, goal: str | None
) -> None:
    n = rows * cols
    goal_tiles = {None: (*range(1, n), 0), "first": tuple(range(n))}.get(goal) or tuple(
        random.Random(n).sample(range(n), n)
    )
    tables = CompiledHeuristics.of(goal_tiles, rows, cols).as_tuple()
    python = python_heuristics(goal_tiles, rows, cols)
    out = np.empty(len(KINDS), dtype=np.int64)
    for seed in range(150):
        board = random_board(rows, cols, seed, goal_tiles, solvable=None)
        estimates(np.array(board, dtype=np.int64), tables, True, out)
        assert {name: out[KINDS[name]] for name in python} == {
            name: h(board) for name, h in python.items()
        }, board


def test_pair_counts_equal_a_direct_count_on_random_windows_of_boards() -> None:
    """Stretches of consecutive ranks, counted by the kernel and by Python over the same boards
    (itertools.permutations lists them in rank order, without the kernel's ranking)."""
    space = Space(3, 3)
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    distance, _ = space.true_distances(goal, Meter(Limits()))
    tables = CompiledHeuristics.of(goal, 3, 3)
    python = python_heuristics(goal, 3, 3)
    rng = random.Random(13)
    for which in BoardSet:
        counts = Counts.zeros(4, tables.highest(3, 3), 31)
        expected = {"greater": Counter[tuple[int, int]](), "equal": Counter[tuple[int, int]]()}
        gaps: dict[tuple[int, int], int] = {}
        counted = python_counted = 0
        for begin in rng.sample(range(space.boards - 2000), 3):
            ranks = range(begin, begin + 2000)
            counted += tally(
                space, distance, LESSON_SET, tables, which, counts, Meter(Limits()), ranks
            )
            for board in islice(permutations(range(9)), begin, begin + 2000):
                if which is BoardSet.SOLVABLE and not is_solvable(board, goal, 3):
                    continue
                python_counted += 1
                h = [int(python[name](board)) for name in LESSON_SET]
                for i in range(4):
                    for j in range(i + 1, 4):
                        expected["greater"][i, j] += h[i] > h[j]
                        expected["equal"][i, j] += h[i] == h[j]
                        gaps[i, j] = max(gaps.get((i, j), -99), h[j] - h[i])
        assert counted == python_counted == (6000 if which is BoardSet.ALL else counted)
        for (i, j), gap in gaps.items():
            assert counts.greater[i, j] == expected["greater"][i, j]
            assert counts.equal[i, j] == expected["equal"][i, j]
            assert counts.largest_gap[i, j] == gap


def engine_distances(goal: tuple[int, ...], rows: int, cols: int) -> dict[tuple[int, ...], int]:
    """The generic engine's breadth-first distance of every solvable board."""
    out = {}
    for board in permutations(range(rows * cols)):
        if is_solvable(board, goal, cols):
            result = solve(NPuzzle(board, rows, cols, goal), "bfs", engine="python")
            assert result.solved and result.length is not None
            out[board] = result.length
    return out


@pytest.fixture(scope="module")
def two_by_three() -> dict[tuple[int, ...], int]:
    return engine_distances((1, 2, 3, 4, 5, 0), 2, 3)


def test_true_distances_equal_the_engines_breadth_first_search(
    two_by_three: dict[tuple[int, ...], int],
) -> None:
    space = Space(2, 3)
    distance, layers = space.true_distances((1, 2, 3, 4, 5, 0), Meter(Limits()))
    assert len(two_by_three) == 360 and space.boards == 720
    for r in range(space.boards):
        board = space.unrank(r)
        assert space.rank(board) == r
        assert distance[r] == two_by_three.get(board, UNREACHED)
    assert layers == [k for _, k in sorted(Counter(two_by_three.values()).items())]


def python_standing(
    h: Estimate, distances: dict[tuple[int, ...], int], puzzle: NPuzzle
) -> tuple[int, int, float]:
    """(overestimates, inconsistent moves, mean) over the solvable boards, in plain Python."""
    over = sum(1 for board, d in distances.items() if h(board) > d)
    inconsistent = sum(
        1
        for board in distances
        for _, child, cost in puzzle.successors(board)
        if h(board) > cost + h(child)
    )
    mean = sum(h(board) for board in distances) / len(distances)
    return over, inconsistent, mean


def test_admissible_and_consistent_agree_with_the_engine_on_every_2x3_board(
    two_by_three: dict[tuple[int, ...], int],
) -> None:
    goal = (1, 2, 3, 4, 5, 0)
    puzzle = NPuzzle(goal, 2, 3, goal)
    result = analyze(2, 3, LESSON_SET)
    mean_true = sum(two_by_three.values()) / 360
    for standing in result.heuristics:
        h = puzzle.heuristics[standing.name]
        over, inconsistent, mean = python_standing(h, two_by_three, puzzle)
        assert (standing.overestimates, standing.inconsistent_moves) == (over, inconsistent)
        assert (standing.admissible, standing.consistent) == (over == 0, inconsistent == 0)
        assert standing.mean == pytest.approx(mean) and standing.mean_true == pytest.approx(
            mean_true
        )
        exact = sum(1 for board, d in two_by_three.items() if h(board) == d)
        assert standing.exact == exact and standing.histogram.sum() == 360


def test_an_overestimating_heuristic_is_caught(two_by_three: dict[tuple[int, ...], int]) -> None:
    """Manhattan doubled overestimates and drops by 2 across moves: the counts say how often."""
    goal = (1, 2, 3, 4, 5, 0)
    puzzle = NPuzzle(goal, 2, 3, goal)
    space = Space(2, 3)
    distance, layers = space.true_distances(goal, Meter(Limits()))
    tables = CompiledHeuristics.of(goal, 2, 3)
    doubled = CompiledHeuristics(**{**tables.__dict__, "manhattan": 2 * tables.manhattan})
    counts = Counts.zeros(1, doubled.highest(2, 3), len(layers) - 1)
    tally(space, distance, ["manhattan"], doubled, BoardSet.SOLVABLE, counts, Meter(Limits()))
    manhattan = puzzle.heuristics["manhattan"]
    over, inconsistent, _ = python_standing(lambda b: 2 * manhattan(b), two_by_three, puzzle)
    assert over > 0 and inconsistent > 0
    assert (counts.over[0], counts.inconsistent[0]) == (over, inconsistent)


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--rows", "2", "--cols", "3", "--heuristics", "h1,h3,h2", "--json")
    data = json.loads(out)
    assert code == 0
    assert [(p["a"], p["b"]) for p in data["pairs"]] == [
        ("misplaced", "rowcol"),
        ("misplaced", "manhattan"),
        ("rowcol", "manhattan"),
    ]
    for pair in data["pairs"]:
        assert {"a", "b", "a_greater", "equal", "max_gap"} <= set(pair)
        assert pair["a_greater"] + pair["equal"] + pair["b_greater"] == data["counted"] == 360
    for h in data["heuristics"]:
        assert {"name", "admissible", "consistent", "mean", "mean_true"} <= set(h)
        assert h["admissible"] is True and h["consistent"] is True
        assert isinstance(h["mean"], float) and h["mean_true"] == pytest.approx(12.622222)


def test_boards_all_covers_the_unsolvable_half_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "--rows", "2", "--cols", "3", "--boards", "all")
    assert code == 0
    assert "720 boards" in out and "360 solvable ones only" in out


@pytest.mark.parametrize(("suffix", "magic"), [(".png", b"\x89PNG"), (".svg", b"<?xml")])
def test_plot_is_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suffix: str, magic: bytes
) -> None:
    file = tmp_path / f"heuristics{suffix}"
    code, out, _ = run(capsys, "--rows", "2", "--cols", "3", "--plot", str(file))
    assert code == 0 and unwrapped(str(file)) in unwrapped(out)
    assert file.read_bytes().startswith(magic)
    if suffix == ".svg":
        assert b"<svg" in file.read_bytes()[:2000]


def test_a_time_limit_stops_the_work_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--time-limit", "0.000001")
    assert code == 4 and "limit reached (time)" in out and "during the breadth-first" in out
    for limits in (Limits(max_states=1000), Limits(max_memory=2**20)):
        with pytest.raises(LimitHit) as hit:
            analyze(3, 3, limits=limits)
        assert hit.value.kind is LimitKind.MEMORY


@pytest.mark.parametrize(
    "args",
    [
        ["--heuristics", "misplaced,nope"],
        ["--heuristics", "pdb"],
        ["--boards", "some"],
        ["--rows", "4", "--cols", "4"],
        ["--rows", "1"],
        ["--plot", "out.gif"],
        ["--goal", "1 2 3"],
        ["--time-limit", "0"],
        ["--bogus"],
    ],
)
def test_bad_options_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ")
    assert "Traceback" not in out + err


def test_a_board_too_large_is_refused_with_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "--rows", "4", "--cols", "4")
    assert "12 cells" in err and "479,001,600" in err and "16! = 20,922,789,888,000" in err
