"""Mazes that move in 8 directions, their estimates and jump point search, against a plain
Dijkstra written apart from the maze domain (``benchmarks/grid_reference.py``)."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import replay
from statesearch import InputError, Status, solve
from statesearch.core.trace import CHILD_EVENTS, Trace
from statesearch.maze import Maze
from statesearch.maze.cells import SQRT2

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
from grid_reference import distances  # type: ignore[import-not-found]  # benchmarks/

CORNERS = ("avoid", "cut")


@st.composite
def grids(
    draw: st.DrawFn, terrain: bool = True
) -> tuple[list[str], tuple[int, int], tuple[int, int]]:
    """A small map (walls, open ground and, with ``terrain``, digits) and two open cells."""
    height, width = draw(st.integers(1, 7)), draw(st.integers(2, 7))
    marks = st.sampled_from("#..." + ("1359" if terrain else ""))
    rows = ["".join(draw(st.lists(marks, min_size=width, max_size=width))) for _ in range(height)]
    cells = [(r, c) for r in range(height) for c in range(width) if rows[r][c] != "#"]
    if len(cells) < 2:
        rows[0] = ".." + rows[0][2:]
        cells = [(r, c) for r in range(height) for c in range(width) if rows[r][c] != "#"]
    start, goal = draw(st.permutations(cells))[:2]
    return rows, start, goal


def cost_or_none(result: object) -> float | None:
    assert result.status in (Status.SOLVED, Status.UNSOLVABLE)  # type: ignore[attr-defined]
    return result.cost if result.status is Status.SOLVED else None  # type: ignore[attr-defined]


def same(found: float | None, expected: float | None) -> bool:
    if found is None or expected is None:
        return found is expected
    return math.isclose(found, expected, abs_tol=1e-9)


@settings(max_examples=150, deadline=None)
@given(grids(), st.sampled_from((4, 8)), st.sampled_from(CORNERS))
def test_costs_are_dijkstras(
    grid: tuple[list[str], tuple[int, int], tuple[int, int]], moves: int, corners: str
) -> None:
    rows, start, goal = grid
    maze = Maze(rows, moves, corners, start, goal)
    expected = distances(rows, start, moves, corners).get(goal)
    names = ["zero", "octile", "euclidean", "chebyshev", *(["manhattan"] if moves == 4 else [])]
    for name in names:
        result = solve(maze, "astar", name)
        assert same(cost_or_none(result), expected), name
        if result.solved:
            assert result.optimal
            replay(maze, result)
    assert same(cost_or_none(solve(maze, "ucs")), expected)


@settings(max_examples=150, deadline=None)
@given(grids(terrain=False), st.sampled_from(CORNERS))
def test_jump_point_search_finds_a_stars_lengths(
    grid: tuple[list[str], tuple[int, int], tuple[int, int]], corners: str
) -> None:
    rows, start, goal = grid
    maze = Maze(rows, 8, corners, start, goal)
    jps, astar = solve(maze, "jps"), solve(maze, "astar")
    assert same(cost_or_none(jps), cost_or_none(astar))
    assert same(cost_or_none(jps), distances(rows, start, 8, corners).get(goal))
    if jps.solved:
        assert jps.optimal and replay(maze, jps) == pytest.approx(astar.cost)


@pytest.mark.parametrize("corners", CORNERS)
@pytest.mark.parametrize("density", [0.05, 0.2])
def test_jump_point_search_finds_the_shortest_lengths_on_larger_maps(
    corners: str, density: float
) -> None:
    """Maps large enough for long diagonal runs whose straight runs find jump points on the
    way (pruned, the jumps bend once): every length the Dijkstra's, every path replayed, on
    both engines."""
    rng = random.Random(f"{corners} {density}")
    size = 40
    rows = [
        "".join("#" if rng.random() < density else "." for _ in range(size)) for _ in range(size)
    ]
    cells = [(r, c) for r in range(size) for c in range(size) if rows[r][c] == "."]
    for _ in range(8):
        start, goal = rng.sample(cells, 2)
        maze = Maze(rows, 8, corners, start, goal)
        expected = distances(rows, start, 8, corners).get(goal)
        for engine in ("python", "compiled"):
            result = solve(maze, "jps", engine=engine)
            assert same(cost_or_none(result), expected), (start, goal, engine)
            if result.solved:
                assert replay(maze, result) == pytest.approx(expected)


@pytest.mark.parametrize("seed", range(12))
def test_jump_point_search_pushes_what_a_diagonal_run_finds_beside_it(seed: int) -> None:
    """On a map without walls the goal is the only jump point. With the goal on no row, column
    or diagonal of the start, a diagonal run from the start meets the goal's row or column, and
    the straight run from there finds the goal: pruned, that cell is passed over and the goal
    pushed at once (Harabor and Grastien 2014), so the start and the goal are the only
    expansions (unpruned, the cell where the path turns was a third). The path bends there."""
    rng = random.Random(seed)
    height, width = rng.randint(3, 50), rng.randint(3, 50)
    while True:
        start = (rng.randrange(height), rng.randrange(width))
        goal = (rng.randrange(height), rng.randrange(width))
        dr, dc = abs(goal[0] - start[0]), abs(goal[1] - start[1])
        if dr and dc and dr != dc:
            break
    maze = Maze(["." * width] * height, 8, rng.choice(CORNERS), start, goal)
    for engine in ("python", "compiled"):
        result = solve(maze, "jps", engine=engine)
        assert result.stats.expanded == 2, engine
        assert result.cost == pytest.approx(abs(dr - dc) + math.sqrt(2) * min(dr, dc))
        assert replay(maze, result) == pytest.approx(result.cost)


@settings(max_examples=60, deadline=None)
@given(grids(), st.sampled_from((4, 8)), st.sampled_from(CORNERS))
def test_every_estimate_is_admissible_for_its_moves(
    grid: tuple[list[str], tuple[int, int], tuple[int, int]], moves: int, corners: str
) -> None:
    rows, _, goal = grid
    maze = Maze(rows, moves, corners, goal, goal)
    # Moves cost the cell entered, so a cell's distance to the goal is a search from the cell.
    for name in maze.heuristics:
        h = maze.heuristics[name]
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch != "#" and (d := distances(rows, (r, c), moves, corners).get(goal)):
                    assert h((r, c)) <= d + 1e-9, (name, (r, c))


def test_predecessors_are_the_successors_reversed() -> None:
    maze = Maze.parse("S.#3\n.#..\n5..G", moves=8, corners="cut")
    for r in range(maze.height):
        for c in range(maze.width):
            if maze.rows[r][c] == "#":
                continue
            for _, prev, cost in maze.predecessors((r, c)):
                back = {s: step for _, s, step in maze.successors(prev)}
                assert back[r, c] == cost
    assert solve(maze, "bidirectional").solved


def test_diagonals_cost_root_two_times_the_cell_entered() -> None:
    maze = Maze.parse("S.\n.3", moves=8, goal=(1, 1))
    assert {a: cost for a, _, cost in maze.successors((0, 0))} == {
        "D": 1,
        "R": 1,
        "DR": pytest.approx(3 * math.sqrt(2)),
    }
    assert solve(maze, "astar").cost == 4  # around: 1 + 3 beats 3√2


def test_corner_rules() -> None:
    rows = ["S#", ".G"]
    assert solve(Maze.parse("\n".join(rows), moves=8), "astar").cost == 2
    cut = solve(Maze.parse("\n".join(rows), moves=8, corners="cut"), "astar")
    assert cut.cost == SQRT2 == pytest.approx(math.sqrt(2), rel=1e-11)
    between_walls = Maze.parse("S#\n#G", moves=8, corners="cut")
    assert solve(between_walls, "astar").status is Status.UNSOLVABLE


def test_manhattan_is_refused_with_diagonals_in_one_line() -> None:
    maze = Maze.parse("S..\n..G", moves=8)
    with pytest.raises(InputError, match="manhattan overestimates with diagonal moves"):
        solve(maze, "astar", "manhattan")
    assert solve(maze, "astar").heuristic == "octile"
    assert solve(Maze.parse("S..\n..G"), "astar").heuristic == "manhattan"


@pytest.mark.parametrize(
    ("text", "moves", "why"),
    [("S..\n..G", 4, "is for 8 moves"), ("S3.\n..G", 8, "every open cell to cost the same")],
)
def test_jump_point_search_is_refused_with_the_reason(text: str, moves: int, why: str) -> None:
    with pytest.raises(InputError, match=why):
        solve(Maze.parse(text, moves=moves), "jps")


def test_jump_point_search_traces_like_a_star() -> None:
    maze = Maze.parse(
        (Path(__file__).parent.parent / "examples" / "lesson-maze.txt").read_text(), moves=8
    )
    trace = Trace()
    result = solve(maze, "jps", trace=trace)
    assert result.solved and result.cost == pytest.approx(solve(maze, "astar").cost)
    counts = trace.counts
    assert counts["pop"] == result.stats.expanded
    assert counts["push"] + counts["improve"] == result.stats.pushed
    assert sum(counts[k] for k in CHILD_EVENTS) == result.stats.generated
    assert counts["goal"] == 1
    assert result.stats.expanded < solve(maze, "astar").stats.expanded


def test_jump_point_search_needs_a_grid_and_stops_at_its_budgets() -> None:
    from statesearch import LimitKind, Limits
    from statesearch.npuzzle import NPuzzle

    with pytest.raises(InputError, match="needs a grid that offers jump points"):
        solve(NPuzzle.from_text("1 2 3 4 5 6 7 0 8"), "jps")
    maze = Maze(["." * 40] * 40, 8, "avoid", (0, 0), (39, 17))
    maze = Maze(
        [row if r != 20 else "#" * 39 + "." for r, row in enumerate(maze.rows)],
        8,
        "avoid",
        (0, 0),
        (39, 17),
    )
    stopped = solve(maze, "jps", limits=Limits(max_expanded=3))
    assert stopped.status is Status.LIMIT_REACHED and stopped.limit is LimitKind.EXPANDED
    assert stopped.stats.expanded == 3
    with pytest.raises(InputError, match="no depth limit"):
        solve(maze, "jps", limits=Limits(max_depth=5))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 9), st.booleans()), min_size=1, max_size=400))
def test_steps_of_a_path_sum_to_the_same_cost_in_any_order(steps: list[tuple[int, bool]]) -> None:
    """A diagonal costs ``SQRT2``, √2 rounded up to a multiple of 2**-32: a path's steps add up
    to one float whatever their order, so no cell is "improved" by a rounding error."""
    costs = [terrain * SQRT2 if diagonal else float(terrain) for terrain, diagonal in steps]
    shuffled = random.Random(len(costs)).sample(costs, len(costs))
    assert sum(sorted(costs)) == sum(shuffled) == sum(reversed(costs))
    assert math.sqrt(2) <= SQRT2 <= math.sqrt(2) + 2**-32


@pytest.mark.parametrize("tie_break", ["classic", "deep"])
def test_a_star_on_open_ground_expands_no_cell_twice(tie_break: str) -> None:
    rng = random.Random(3)
    rows = ["".join("#" if rng.random() < 0.05 else "." for _ in range(150)) for _ in range(150)]
    cells = [(r, c) for r in range(150) for c in range(150) if rows[r][c] == "."]
    for _ in range(10):  # with √2 itself, 5 of these 10 expand some cells twice
        maze = Maze(rows, 8, "avoid", *rng.sample(cells, 2))
        trace = Trace()
        solve(maze, "astar", trace=trace, tie_break=tie_break)
        popped = [e.state for e in trace.events if e.event == "pop"]
        assert popped and len(popped) == len(set(popped))
