"""Properties over many random problems: paths replay, optimal algorithms agree with BFS,
heuristics are admissible and consistent over the whole 8-puzzle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import distances_to, replay
from statesearch import solve
from statesearch.maze import Maze
from statesearch.npuzzle import NPuzzle, random_board, scramble

OPTIMAL = ["astar", "ucs", "idastar", "bfs", "bidirectional", "dfbnb", "iddfs"]


@st.composite
def eight_puzzles(draw: st.DrawFn) -> NPuzzle:
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    seed = draw(st.integers(0, 10**6))
    depth = draw(st.integers(0, 14))  # IDDFS stays quick below ~14 moves
    return NPuzzle(scramble(goal, 3, 3, depth, seed), 3, 3, goal)


@settings(max_examples=25, deadline=None)
@given(eight_puzzles())
def test_optimal_algorithms_agree_with_bfs_on_8_puzzles(puzzle: NPuzzle) -> None:
    reference = solve(puzzle, "bfs")
    replay(puzzle, reference)
    for name in OPTIMAL:
        result = solve(puzzle, name, "manhattan")
        assert result.optimal, name
        assert result.length == reference.length, name
        replay(puzzle, result)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_random_solvable_boards_agree(seed: int) -> None:
    puzzle = NPuzzle(random_board(3, 3, seed), 3, 3)
    reference = solve(puzzle, "bfs")
    for name in ("astar", "bidirectional", "dfbnb"):
        result = solve(puzzle, name, "linear_conflict")
        assert result.length == reference.length, name
        replay(puzzle, result)


@st.composite
def mazes(draw: st.DrawFn) -> Maze:
    height, width = draw(st.integers(2, 7)), draw(st.integers(2, 7))
    cells = draw(
        st.lists(st.sampled_from("....#135"), min_size=height * width, max_size=height * width)
    )
    start, goal = draw(
        st.lists(st.integers(0, height * width - 1), min_size=2, max_size=2, unique=True)
    )
    cells[start], cells[goal] = "S", "G"
    rows = ["".join(cells[r * width : (r + 1) * width]) for r in range(height)]
    return Maze.parse("\n".join(rows))


@settings(max_examples=60, deadline=None)
@given(mazes())
def test_cost_optimal_algorithms_agree_on_mazes(maze: Maze) -> None:
    reference = solve(maze, "ucs")
    for name in ("astar", "idastar", "dfbnb"):
        result = solve(maze, name, "manhattan")
        assert result.status == reference.status, name
        if result.solved:
            assert result.cost == reference.cost, name
            replay(maze, result)
    steps = solve(maze, "bfs")
    both = solve(maze, "bidirectional")
    assert both.status == steps.status
    if steps.solved:
        assert both.length == steps.length
        replay(maze, both)
        replay(maze, steps)


@pytest.fixture(scope="module")
def eight_puzzle_distances() -> tuple[NPuzzle, dict[tuple[int, ...], int]]:
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    puzzle = NPuzzle(goal, 3, 3, goal)
    dist = distances_to(puzzle, goal)
    assert len(dist) == 181_440
    return puzzle, dist


@pytest.mark.parametrize("name", ["misplaced", "manhattan", "rowcol", "linear_conflict"])
def test_heuristics_admissible_and_consistent_over_all_8_puzzle_states(
    name: str, eight_puzzle_distances: tuple[NPuzzle, dict[tuple[int, ...], int]]
) -> None:
    puzzle, dist = eight_puzzle_distances
    h = puzzle.heuristics[name].fn
    value = {state: h(state) for state in dist}
    assert value[puzzle.goal] == 0
    for state, d in dist.items():
        hs = value[state]
        assert hs <= d, (name, state)
        for _, child, cost in puzzle.successors(state):
            assert hs <= cost + value[child], (name, state, child)
