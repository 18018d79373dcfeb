"""The maze's compiled A*: the Python engine's counters, budgets and path, exactly."""

from __future__ import annotations

import random

import pytest

from statesearch import InputError, Limits, solve
from statesearch.maze import Maze

pytest.importorskip("numba")


def random_maze(seed: int) -> Maze:
    rng = random.Random(seed)
    height, width = rng.randint(1, 24), rng.randint(2, 24)
    density = rng.random() * 0.4
    marks = "#" if seed % 2 else "#1359"
    rows = [
        "".join(rng.choice(marks) if rng.random() < density else "." for _ in range(width))
        for _ in range(height)
    ]
    rows[0] = "." + rows[0][1:]
    rows[-1] = rows[-1][:-1] + "."
    cells = [(r, c) for r in range(height) for c in range(width) if rows[r][c] != "#"]
    start, goal = rng.sample(cells, 2) if len(cells) > 1 else (cells[0], cells[0])
    moves, corners = rng.choice((4, 8)), rng.choice(("avoid", "cut"))
    return Maze(rows, moves, corners, start, goal)


def described(result: object) -> tuple[object, ...]:
    r = result
    s = r.stats  # type: ignore[attr-defined]
    return (
        r.status,  # type: ignore[attr-defined]
        r.cost,  # type: ignore[attr-defined]
        r.path,  # type: ignore[attr-defined]
        r.actions,  # type: ignore[attr-defined]
        r.limit,  # type: ignore[attr-defined]
        r.reason,  # type: ignore[attr-defined]
        (s.expanded, s.pushed, s.generated, s.max_frontier),
    )


@pytest.mark.parametrize("seed", range(40))
def test_the_compiled_a_star_counts_as_the_engine_does(seed: int) -> None:
    maze = random_maze(seed)
    rng = random.Random(seed)
    budgets = [
        None,
        Limits(max_expanded=rng.randint(1, 40)),
        Limits(max_pushed=rng.randint(1, 40)),
        Limits(max_depth=rng.randint(1, 20)),
        Limits(max_states=rng.randint(1, 50)),
    ]
    names = ["zero", "octile", "chebyshev", *(["manhattan"] if maze.moves == 4 else [])]
    for algorithm, heuristic in [("ucs", None), *(("astar", name) for name in names)]:
        for limits in budgets:
            python = solve(maze, algorithm, heuristic, engine="python", limits=limits)
            compiled = solve(maze, algorithm, heuristic, engine="compiled", limits=limits)
            assert compiled.engine == "compiled"
            assert described(compiled) == described(python), (algorithm, heuristic, limits)


def test_auto_compiles_big_mazes_only_and_traces_in_python() -> None:
    small = Maze.parse("S..\n..G", moves=8)
    assert solve(small, "astar").engine == "python"
    big = Maze(["." * 200] * 200, 8, "avoid", (0, 0), (199, 150))
    assert solve(big, "astar").engine == "compiled"
    traced = solve(big, "astar", trace=True)
    assert traced.engine == "python" and traced.cost == solve(big, "astar").cost
    assert solve(big, "astar", "euclidean").engine == "python"  # hypot's last bit
    with pytest.raises(InputError, match="no compiled kernel for astar with euclidean"):
        solve(big, "astar", "euclidean", engine="compiled")


@pytest.mark.parametrize("seed", range(40))
def test_the_compiled_jump_point_search_counts_as_the_python_one_does(seed: int) -> None:
    rng = random.Random(seed)
    height, width = rng.randint(1, 24), rng.randint(2, 24)
    density = rng.random() * 0.5
    rows = [
        "".join("#" if rng.random() < density else "." for _ in range(width)) for _ in range(height)
    ]
    rows[0], rows[-1] = "." + rows[0][1:], rows[-1][:-1] + "."
    cells = [(r, c) for r in range(height) for c in range(width) if rows[r][c] == "."]
    start, goal = rng.sample(cells, 2) if len(cells) > 1 else (cells[0], cells[0])
    maze = Maze(rows, 8, rng.choice(("avoid", "cut")), start, goal)
    budgets = [
        None,
        Limits(max_expanded=rng.randint(1, 20)),
        Limits(max_pushed=rng.randint(1, 20)),
        Limits(max_states=rng.randint(1, 30)),
    ]
    for heuristic in ("octile", "zero", "chebyshev"):
        for limits in budgets:
            python = solve(maze, "jps", heuristic, engine="python", limits=limits)
            compiled = solve(maze, "jps", heuristic, engine="compiled", limits=limits)
            assert compiled.engine == "compiled"
            assert described(compiled) == described(python), (heuristic, limits)


def test_the_compiled_jump_point_search_refuses_as_the_python_one_does() -> None:
    big = Maze(["." * 200] * 200, 8, "avoid", (0, 0), (199, 150))
    assert solve(big, "jps").engine == "compiled"
    with pytest.raises(InputError, match="no depth limit"):
        solve(big, "jps", limits=Limits(max_depth=9))
    terrain = Maze(["3" * 200] * 200, 8, "avoid", (0, 0), (199, 150))
    with pytest.raises(InputError, match="every open cell to cost the same"):
        solve(terrain, "jps")
