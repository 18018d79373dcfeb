"""The 2x2x2: the compiled breadth-first search of the whole space against the published
counts, the distance table against BFS and the generic IDA*, and every Python algorithm
through the three slots."""

from __future__ import annotations

import random
from collections import deque

import pytest

from helpers import replay
from statesearch import Limits, Status, solve
from statesearch.cube import Cube, Cubies, random_cube
from statesearch.cube.model.notation import cost_in, parse_moves
from statesearch.cube.model.reading import after
from statesearch.cube.model.state import cubies_of
from statesearch.cube.problem import GODS_NUMBER
from statesearch.cube.tables import pocket

# New positions per depth (Wikipedia, "Pocket Cube"; Jaap's puzzle page).
HTM = [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
QTM = [1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276]


@pytest.mark.parametrize(("metric", "published"), [("htm", HTM), ("qtm", QTM)])
def test_whole_space_by_depth(metric: str, published: list[int]) -> None:
    distances, layers = pocket.layers_from(Cubies.solved(2), metric)
    assert layers == published
    assert sum(layers) == pocket.REACHABLE == 3_674_160
    assert pocket.gods_number(layers) == {"htm": 11, "qtm": 14}[metric] == GODS_NUMBER[2, metric]
    assert (distances != 255).all()
    # From any position the space looks the same: it is a group.
    _, from_elsewhere = pocket.layers_from(random_cube(2, 5), metric)
    assert from_elsewhere == published


def python_bfs(cube: Cube, depth: int) -> dict[tuple[int, ...], int]:
    """Every position within ``depth`` moves, by the problem's own successors."""
    seen = {cube.goal: 0}
    queue = deque([cube.goal])
    while queue:
        state = queue.popleft()
        if seen[state] == depth:
            continue
        for _, child, _ in cube.predecessors(state):
            if child not in seen:
                seen[child] = seen[state] + 1
                queue.append(child)
    return seen


@pytest.mark.parametrize("metric", ["htm", "qtm"])
def test_distance_table_equals_bfs_near_the_goal(metric: str) -> None:
    cube = Cube(size=2, metric=metric)
    table = pocket.distance_table(metric)
    near = python_bfs(cube, 5)
    assert len(near) == sum((HTM if metric == "htm" else QTM)[:6])
    for state, depth in near.items():
        assert table[pocket.index_of(cubies_of(state))] == depth


def test_exact_solutions_are_optimal_against_the_generic_ida() -> None:
    rng = random.Random(2)
    for _ in range(2):
        start = random_cube(2, rng)
        cube = Cube(start, 2)
        moves = pocket.optimal_moves(start, "htm")
        assert after(start, moves) == Cubies.solved(2)
        distance = int(pocket.distance_table("htm")[pocket.index_of(start)])
        assert len(moves) == distance
        generic = solve(cube, "idastar", "pattern", engine="python")
        assert generic.engine == "python" and generic.optimal
        assert generic.length == distance
        replay(cube, generic)
        exact = solve(cube, "idastar", "exact")  # straight down the table
        assert exact.length == distance and exact.stats.expanded == distance + 1


@pytest.mark.parametrize("algorithm", ["bfs", "astar", "idastar", "bidirectional", "iddfs"])
def test_every_python_algorithm_through_the_slots(algorithm: str) -> None:
    cube = Cube.from_text("R U F' R2 U'", size=2)
    result = solve(cube, algorithm, "pattern", limits=Limits(max_expanded=2_000_000))
    assert result.status is Status.SOLVED and result.engine == "python"
    assert result.length == int(pocket.distance_table("htm")[pocket.index_of(cube.start)])
    replay(cube, result)


def test_quarter_turn_metric() -> None:
    cube = Cube.from_text("R2 U", size=2, metric="qtm")
    result = solve(cube, "astar", "pattern")
    assert result.length == 3 and set(result.actions) <= {"U", "U'", "R", "R'", "F", "F'"}
    assert cost_in("qtm", parse_moves(" ".join(result.actions))) == 3
    replay(cube, result)
