"""The maze's compiled A*: the Python engine's counters, budgets and path, exactly."""

from __future__ import annotations

import itertools
import random

import pytest

from statesearch import InputError, Limits, solve
from statesearch.maze import Maze
from statesearch.maze.compiled import packed
from statesearch.maze.jump import JumpPoints
from statesearch.maze.jump_kernel import straight
from statesearch.maze.jump_runs import bit_lines

pytest.importorskip("numba")
TIES = ("classic", "deep")  # ``Maze.compiled_tie_breaks``


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
        (s.expanded, s.pushed, s.generated, s.max_frontier, s.tied),
    )


def every_budget(rng: random.Random, most: int) -> list[Limits | None]:
    """No budget, then each of A*'s budgets alone, small enough to stop most searches."""
    return [
        None,
        Limits(max_expanded=rng.randint(1, most)),
        Limits(max_pushed=rng.randint(1, most)),
        Limits(max_depth=rng.randint(1, 20)),
        Limits(max_states=rng.randint(1, most + most // 4)),
    ]


@pytest.mark.parametrize("seed", range(40))
def test_the_compiled_a_star_counts_as_the_engine_does(seed: int) -> None:
    maze = random_maze(seed)
    rng = random.Random(seed)
    budgets = every_budget(rng, 40)
    names = ["zero", "octile", "chebyshev", *(["manhattan"] if maze.moves == 4 else [])]
    searches = [("ucs", None), *(("astar", name) for name in names)]
    for (algorithm, heuristic), limits, tie_break in itertools.product(searches, budgets, TIES):
        python = solve(
            maze, algorithm, heuristic, engine="python", limits=limits, tie_break=tie_break
        )
        compiled = solve(
            maze, algorithm, heuristic, engine="compiled", limits=limits, tie_break=tie_break
        )
        assert compiled.engine == "compiled"
        assert described(compiled) == described(python), (algorithm, heuristic, limits, tie_break)


@pytest.mark.parametrize("algorithm", ["astar", "jps"])
def test_the_two_tie_policies_search_in_different_orders(algorithm: str) -> None:
    """On open ground with exact diagonal sums, ``classic`` takes plateaus shallow first and
    ``deep`` heads for the goal; ``auto`` is ``classic`` for A* and ``deep`` for JPS."""
    rng = random.Random(2)
    rows = ["".join("#" if rng.random() < 0.02 else "." for _ in range(120)) for _ in range(90)]
    cells = [(r, c) for r in range(90) for c in range(120) if rows[r][c] == "."]
    maze = Maze(rows, 8, "avoid", cells[0], cells[-1])
    expanded = {}
    for tie_break in TIES:
        python = solve(maze, algorithm, engine="python", tie_break=tie_break)
        compiled = solve(maze, algorithm, engine="compiled", tie_break=tie_break)
        assert described(compiled) == described(python)
        assert python.tie_break == compiled.tie_break == tie_break
        expanded[tie_break] = python.stats.expanded
    assert expanded["deep"] < expanded["classic"], expanded
    assert solve(maze, algorithm).tie_break == {"astar": "classic", "jps": "deep"}[algorithm]


def test_auto_compiles_big_mazes_only_and_traces_in_python() -> None:
    small = Maze.parse("S..\n..G", moves=8)
    assert solve(small, "astar").engine == "python"
    big = Maze(["." * 200] * 200, 8, "avoid", (0, 0), (199, 150))
    assert solve(big, "astar").engine == "compiled"
    traced = solve(big, "astar", trace=True)
    assert traced.engine == "python" and traced.cost == solve(big, "astar").cost
    assert solve(big, "astar", "euclidean").engine == "python"  # hypot's last bit
    with pytest.raises(InputError, match="has no euclidean estimate"):
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
    heuristics = ("octile", "zero", "chebyshev")
    for heuristic, limits, tie_break in itertools.product(heuristics, budgets, TIES):
        python = solve(maze, "jps", heuristic, engine="python", limits=limits, tie_break=tie_break)
        compiled = solve(
            maze, "jps", heuristic, engine="compiled", limits=limits, tie_break=tie_break
        )
        assert compiled.engine == "compiled"
        assert described(compiled) == described(python), (heuristic, limits, tie_break)


@pytest.mark.parametrize("corners", ["avoid", "cut"])
@pytest.mark.parametrize("density", [0.05, 0.3])
def test_jumps_read_64_cells_at_a_time_find_the_jump_points_a_cell_at_a_time_do(
    corners: str, density: float
) -> None:
    """Maps wider and taller than a word of 64 cells, so runs cross words in all four
    directions (the compiled runs read bits, the Python ones cells)."""
    rng = random.Random(f"{corners} {density}")
    height, width = 150, 140
    rows = [
        "".join("#" if rng.random() < density else "." for _ in range(width)) for _ in range(height)
    ]
    cells = [(r, c) for r in range(height) for c in range(width) if rows[r][c] == "."]
    base = Maze(rows, 8, corners, cells[0], cells[-1])
    for _ in range(6):
        maze = base.with_ends(*rng.sample(cells, 2))
        python = solve(maze, "jps", engine="python")
        compiled = solve(maze, "jps", engine="compiled")
        assert compiled.engine == "compiled"
        assert described(compiled) == described(python)


@pytest.mark.parametrize("corners", ["avoid", "cut"])
def test_every_run_read_by_words_stops_where_the_run_cell_by_cell_stops(corners: str) -> None:
    """From every open cell of a 130x130 map (runs across two word boundaries each way), in
    each of the four directions, towards a goal on some of those lines."""
    rng = random.Random(corners)
    size = 130
    rows = ["".join("#" if rng.random() < 0.25 else "." for _ in range(size)) for _ in range(size)]
    cells = [(r, c) for r in range(size) for c in range(size) if rows[r][c] == "."]
    maze = Maze(rows, 8, corners, cells[0], rng.choice(cells))
    jumps = JumpPoints(maze)
    cost, _ = packed(maze)
    width = size + 2
    bits = bit_lines(cost.reshape(-1, width) > 0)
    goal_r, goal_c = maze.goal[0] + 1, maze.goal[1] + 1
    for r, c in cells:
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            d = dr * width + dc
            steps = straight(bits, r + 1, c + 1, dr, dc, goal_r, goal_c, width, width, jumps.cut)
            by_words = jumps.index((r, c)) + steps * d if steps > 0 else -1
            assert by_words == jumps.straight(jumps.index((r, c)), d), (r, c, dr, dc)


def test_tables_lent_from_search_to_search_forget_what_the_last_one_reached() -> None:
    """A map's tables outlive its searches (``Maze.kernel_tables``): each search on them,
    stopped by a budget or not, numbered past the last and at the wrap of the numbering,
    answers as the Python engine does."""
    rows = ["." * 120] * 90
    rows[45] = "." * 10 + "#" * 110  # a long wall: the searches reach cells the others did not
    base = Maze(rows, 8, "avoid", (0, 0), (89, 119))
    pairs = [((0, 0), (89, 119)), ((89, 0), (0, 119)), ((44, 60), (46, 60)), ((0, 0), (89, 119))]
    for n, (start, goal) in enumerate(pairs * 2):
        maze = base.with_ends(start, goal)
        limits = Limits(max_expanded=50) if n % 3 == 1 else None
        for algorithm in ("astar", "jps"):
            compiled = solve(maze, algorithm, engine="compiled", limits=limits)
            python = solve(maze, algorithm, engine="python", limits=limits)
            assert described(compiled) == described(python), (n, algorithm)
        (tables,) = base.kernel_tables["free"]  # one search at a time: one set, lent again
        if n == 3:
            tables.search = (1 << 31) - 2  # the next two searches wrap the numbering


def test_the_compiled_jump_point_search_refuses_as_the_python_one_does() -> None:
    big = Maze(["." * 200] * 200, 8, "avoid", (0, 0), (199, 150))
    assert solve(big, "jps").engine == "compiled"
    with pytest.raises(InputError, match="no depth limit"):
        solve(big, "jps", limits=Limits(max_depth=9))
    terrain = Maze(["3" * 200] * 200, 8, "avoid", (0, 0), (199, 150))
    with pytest.raises(InputError, match="every open cell to cost the same"):
        solve(terrain, "jps")


@pytest.mark.parametrize("seed", range(6))
def test_searches_cut_into_slices_and_grown_answer_as_one_call(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under ``kernels.slices.run_slices`` from a first slice of one expansion, with open lists
    of one entry, one f value and two heap rows that must grow: the counts, budgets and path of
    the Python engine."""
    import statesearch.maze.compiled as compiled

    monkeypatch.setattr(compiled, "SLICE", 1)
    monkeypatch.setattr(compiled, "HEAP_ROWS", 2)
    monkeypatch.setattr(compiled, "ENTRIES", 1)
    monkeypatch.setattr(compiled, "BUCKETS", 1)
    rng = random.Random(seed)
    rows = ["".join("#" if rng.random() < 0.2 else "." for _ in range(60)) for _ in range(40)]
    cells = [(r, c) for r in range(40) for c in range(60) if rows[r][c] == "."]
    start, goal = rng.sample(cells, 2)
    for limits in (None, Limits(max_expanded=rng.randint(5, 200))):
        for algorithm, tie_break in itertools.product(("astar", "jps"), TIES):
            maze = Maze(rows, 8, "avoid", start, goal)  # its own tables, of two rows
            compiled_result = solve(
                maze, algorithm, engine="compiled", limits=limits, tie_break=tie_break
            )
            python = solve(maze, algorithm, engine="python", limits=limits, tie_break=tie_break)
            assert described(compiled_result) == described(python), (algorithm, limits)
            (tables,) = maze.kernel_tables["free"]
            if algorithm == "jps":
                assert tables.heap.shape[0] > 2
            elif compiled_result.stats.expanded > 1:
                assert tables.queue.cur.shape[0] > 1 and tables.queue.fheap.shape[0] > 1


@pytest.mark.parametrize("seed", range(30))
def test_a_bucket_queue_grown_from_one_entry_keeps_the_engine_s_order(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A* and weighted A* (whose f may fall below the current bucket's, putting it back) on
    terrain, 4 or 8 moves, either corner rule, every budget, in slices of a few expansions from
    a bucket queue of one entry and one f value grown on the way (its hash rebuilt each time):
    the counts, budgets and path of the Python engine; a returned path replayed."""
    import statesearch.maze.compiled as compiled

    rng = random.Random(seed)
    monkeypatch.setattr(compiled, "SLICE", rng.choice((1, 3, 1 << 18)))
    monkeypatch.setattr(compiled, "ENTRIES", 1)
    monkeypatch.setattr(compiled, "BUCKETS", 1)
    maze = random_maze(seed)
    budgets = every_budget(rng, 60)
    heuristic = "manhattan" if maze.moves == 4 and seed % 3 else "octile"
    for weight in (1, 2, 5):
        for limits in budgets:
            fresh = maze.with_ends(maze.initial, maze.goal)  # tables of one entry again
            python = solve(maze, "astar", heuristic, weight=weight, engine="python", limits=limits)
            compiled_result = solve(
                fresh, "astar", heuristic, weight=weight, engine="compiled", limits=limits
            )
            assert compiled_result.engine == "compiled"
            assert described(compiled_result) == described(python), (weight, limits)
            if compiled_result.cost is not None:
                replay(maze, compiled_result.path, compiled_result.cost)


def replay(maze: Maze, path: list[tuple[int, int]], cost: float) -> None:
    """Each step a move the maze offers from the cell before, the costs adding up."""
    total = 0.0
    for here, there in itertools.pairwise(path):
        steps = {state: step for _, state, step in maze.successors(here)}
        assert there in steps, (here, there)
        total += steps[there]
    assert path[0] == maze.initial and path[-1] == maze.goal
    assert total == pytest.approx(cost)


def test_growing_the_bucket_queue_asks_reserve_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """An open list that may not grow stops the search with the memory limit, as the Python
    loop's memory bound does, and nothing of the refused size is allocated."""
    import statesearch.kernels.slices as slices
    import statesearch.maze.bucket_queue as bucket_queue
    import statesearch.maze.compiled as compiled
    from statesearch.core.limits import LimitHit, LimitKind

    monkeypatch.setattr(compiled, "ENTRIES", 1)
    monkeypatch.setattr(compiled, "BUCKETS", 1)
    asked: list[str] = []

    def refused(nbytes: int, what: str, meter: object = None) -> None:
        asked.append(what)
        if what == "the grid search's open list":
            raise LimitHit(LimitKind.MEMORY, f"{what} needs {nbytes} bytes")

    monkeypatch.setattr(slices, "reserve", refused)
    monkeypatch.setattr(bucket_queue, "reserve", refused)
    maze = Maze(["." * 30] * 30, 8, "avoid", (0, 0), (29, 29))
    result = solve(maze, "astar", engine="compiled")
    assert result.limit == LimitKind.MEMORY and not result.path
    assert asked == ["the grid search's open list"]
    (tables,) = maze.kernel_tables["free"]
    assert tables.queue.cur.shape[0] == 1
