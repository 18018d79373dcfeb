"""The maze with its cells packed into ints (``maze/packed.py``), which best-first search runs
when no trace watches: the same moves, estimates and order as ``(row, col)`` cells, so the same
results and counts as the traced search, which runs on the cells themselves."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import replay
from statesearch import Limits, SearchResult, solve
from statesearch.core.advice import Packed
from statesearch.core.problem import Heuristic
from statesearch.maze import Maze
from statesearch.maze.packed import PackedMaze, legal_moves, packed
from test_grid_moves import CORNERS, grids

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
from grid_reference import random_map  # type: ignore[import-not-found]  # benchmarks/

Grid = tuple[list[str], tuple[int, int], tuple[int, int]]
MAZES = st.tuples(grids(), st.sampled_from((4, 8)), st.sampled_from(CORNERS))


def maze_of(drawn: tuple[Grid, int, str]) -> Maze:
    (rows, start, goal), moves, corners = drawn
    return Maze(rows, moves, corners, start, goal)


def every_cell(maze: Maze) -> list[tuple[int, int]]:
    return [(r, c) for r in range(maze.height) for c in range(maze.width)]


@settings(max_examples=80, deadline=None)
@given(MAZES)
def test_packed_cells_move_estimate_and_order_as_the_cells_do(drawn: tuple[Grid, int, str]) -> None:
    maze = maze_of(drawn)
    names = ["octile", "euclidean", "chebyshev", *(["manhattan"] if maze.moves == 4 else [])]
    views = {name: packed(maze, maze.heuristics[name]) for name in names}
    grid = PackedMaze(maze)
    cells = every_cell(maze)
    assert [grid.unpack(grid.pack(cell)) for cell in cells] == cells
    assert sorted(cells, key=grid.pack) == sorted(cells)  # the classic tie-break's order
    for cell in cells:  # walls too: their moves out are worked out alike
        unpacked = [(a, grid.unpack(s), c) for a, s, c in grid.successors(grid.pack(cell))]
        assert unpacked == maze.successors(cell)
        assert [type(c) for _, _, c in unpacked] == [type(c) for _, _, c in maze.successors(cell)]
        for name, view in views.items():
            assert view is not None
            assert view.heuristic.fn(grid.pack(cell)) == maze.heuristics[name].fn(cell), name


def described(result: SearchResult[Any]) -> tuple[object, ...]:
    """What a search answers and counts (not its time)."""
    s = result.stats
    counts = (s.expanded, s.pushed, s.generated, s.max_frontier, s.tied)
    return (result.status, result.cost, result.path, result.actions, result.limit, counts)


@settings(max_examples=40, deadline=None)
@given(MAZES, st.randoms(use_true_random=False))
def test_searches_on_packed_cells_answer_and_count_as_traced_ones(
    drawn: tuple[Grid, int, str], rng: random.Random
) -> None:
    """A traced search runs on ``(row, col)`` cells, an untraced one on packed cells: every
    best-first algorithm, estimate, tie policy and budget gives the same result and counts."""
    maze = maze_of(drawn)
    made: list[Maze] = []

    def packing(heuristic: Heuristic) -> Packed | None:
        made.append(maze)
        return packed(maze, heuristic)

    maze.packed = packing  # type: ignore[method-assign]  # counts the packed searches
    names = ["zero", "octile", "euclidean", "chebyshev"]
    runs = [("ucs", None, 1.0), ("greedy", "octile", 1.0), ("astar", "octile", 2.5)]
    runs += [("astar", name, 1.0) for name in names]
    budgets = [None, Limits(max_expanded=rng.randint(1, 30)), Limits(max_depth=rng.randint(1, 9))]
    budgets.append(Limits(max_pushed=rng.randint(1, 30)))
    for algorithm, heuristic, weight in runs:
        for tie_break in ("classic", "deep", "fifo", "lifo"):
            for limits in budgets:
                settings = dict(weight=weight, tie_break=tie_break, limits=limits)
                fast = solve(maze, algorithm, heuristic, engine="python", **settings)  # type: ignore[arg-type]
                traced = solve(maze, algorithm, heuristic, trace=True, **settings)  # type: ignore[arg-type]
                assert described(fast) == described(traced), (algorithm, heuristic, settings)
                assert len(made) == 1  # the untraced one, packed
                made.clear()
                if fast.solved:
                    replay(maze, fast)


def test_an_estimate_of_one_s_own_reads_row_col_cells() -> None:
    """Only the maze's own estimates are packed: a function of one's own gets its cells."""
    maze = Maze.parse("S..#\n.#..\n...G", moves=8)
    seen: list[object] = []

    def mine(cell: tuple[int, int]) -> float:
        seen.append(cell)
        return 0.0

    assert packed(maze, Heuristic("mine", mine)) is None
    result = solve(maze, "astar", Heuristic("mine", mine), engine="python")
    assert result.solved and all(isinstance(cell, tuple) for cell in seen)
    assert result.path[0] == (0, 0) and result.path[-1] == (2, 3)


def test_copies_of_a_map_share_its_packed_moves() -> None:
    base = Maze.parse("S...\n.#..\n...G", moves=8)
    first, second = base.with_ends((0, 1), (2, 2)), base.with_ends((2, 0), (0, 3))
    assert PackedMaze(first) and PackedMaze(second)
    kept = base.kernel_tables["legal moves 8 avoid"]
    assert legal_moves(first) is legal_moves(second) is kept
    assert first.costs is second.costs is base.costs


@pytest.mark.parametrize("seed", range(3))
def test_on_a_64x64_map_the_packed_estimates_and_counts_are_the_cells(seed: int) -> None:
    """Far cells, where two ways of writing an estimate would round differently (tiny maps
    seldom tell them apart)."""
    rows = [row.replace("@", "#") for row in random_map(64, 64, 0.15, seed)]
    rng = random.Random(seed)
    cells = [(r, c) for r in range(64) for c in range(64) if rows[r][c] != "#"]
    for moves in (4, 8):
        start, goal = rng.sample(cells, 2)
        maze = Maze(rows, moves, rng.choice(CORNERS), start, goal)
        grid = PackedMaze(maze)
        for name in maze.heuristics:
            if moves == 8 and name == "manhattan":
                continue
            view = packed(maze, maze.heuristics[name])
            assert view is not None
            for cell in cells:
                assert view.heuristic.fn(grid.pack(cell)) == maze.heuristics[name].fn(cell)
            fast = solve(maze, "astar", name, engine="python")
            assert described(fast) == described(solve(maze, "astar", name, trace=True))
