"""The numba kernels agree with the Python engine: same lengths, same counters where the
algorithm and the tie order are the same, same budgets."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import ctrl_c, iterations_add_up, replay
from statesearch import InputError, LimitKind, Limits, SearchResult, Status, solve
from statesearch.core.limits import counted_states
from statesearch.npuzzle import NPuzzle, random_board, scramble
from statesearch.npuzzle.benchmarks import load

LESSON = "7 2 4 5 0 6 8 3 1"


def counters(result: SearchResult[Any]) -> tuple[Any, ...]:
    s = result.stats
    return (
        result.status,
        result.limit,
        s.expanded,
        s.pushed,
        s.generated,
        s.max_frontier,
        result.length,
    )


@pytest.mark.parametrize(
    ("heuristic", "weight", "limits"),
    [
        ("zero", 0, None),
        ("misplaced", 1, None),
        ("manhattan", 1, None),
        ("manhattan", 2, None),
        ("zero", 0, Limits(max_pushed=100)),
        ("zero", 0, Limits(max_expanded=100)),
        ("zero", 0, Limits(max_states=100)),
        ("manhattan", 1, Limits(max_depth=10)),
    ],
)
def test_compiled_astar_counts_equal_the_engine(
    heuristic: str, weight: int, limits: Limits | None
) -> None:
    puzzle = NPuzzle.from_text(LESSON)
    python = solve(puzzle, "astar", heuristic, weight=weight, limits=limits, engine="python")
    compiled = solve(puzzle, "astar", heuristic, weight=weight, limits=limits, engine="compiled")
    assert compiled.engine == "compiled" and python.engine == "python"
    assert counters(compiled) == counters(python)
    if compiled.solved:
        assert compiled.moves == python.moves
        replay(puzzle, compiled)


def test_compiled_astar_exhausts_the_unsolvable_half() -> None:
    puzzle = NPuzzle.from_text("2 8 1 4 6 3 0 7 5")
    result = solve(puzzle, "astar", precheck=False, engine="compiled")
    assert result.status is Status.UNSOLVABLE and result.stats.expanded == 181_440


SHAPES = [(3, 3), (2, 4), (4, 3), (3, 4), (4, 4), (2, 5), (5, 5)]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(SHAPES))
def test_conflict_tables_follow_the_board(seed: int, shape: tuple[int, int]) -> None:
    """The kernel's move-by-move bookkeeping of linear conflicts, replayed here on a random walk:
    the line codes always equal the board's, and Manhattan + 2 x conflicts equals the engine's
    linear-conflict heuristic."""
    import random

    import numpy as np

    from statesearch.npuzzle.conflicts import ConflictTables
    from statesearch.npuzzle.moves import MoveTables

    rows, cols = shape
    goal = np.array(random_board(rows, cols, seed))
    moves = MoveTables(rows, cols)
    lines = ConflictTables(goal, rows, cols, moves)
    puzzle = NPuzzle(tuple(goal), rows, cols, tuple(goal))
    heuristic = puzzle.heuristics["linear_conflict"]
    manhattan = puzzle.heuristics["manhattan"]
    tiles = goal.copy()
    blank = int(np.flatnonzero(tiles == 0)[0])
    codes = lines.codes(tiles)
    width = lines.lines
    rng = random.Random(seed)
    for _ in range(200):
        d = rng.choice([d for d in range(4) if moves.cell_after[blank * 4 + d] >= 0])
        cell = int(moves.cell_after[blank * 4 + d])
        tile, m = int(tiles[cell]), blank * 4 + d
        a, b, along = lines.leave[m], lines.enter[m], lines.along[m]
        codes[a] -= lines.digit[tile * width + a] * lines.place[m]
        codes[b] += lines.digit[tile * width + b] * lines.place[m]
        codes[along] += lines.digit[tile * width + along] * lines.shift[m]
        tiles[blank], tiles[cell], blank = tile, 0, cell
        assert (codes == lines.codes(tiles)).all()
        board = tuple(int(t) for t in tiles)
        conflicts = sum(int(lines.conflicts[lines.base[i] + codes[i]]) for i in range(width))
        assert manhattan(board) + 2 * conflicts == heuristic(board)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(SHAPES[:-1]))
def test_compiled_linear_conflict_agrees_with_the_engine(seed: int, shape: tuple[int, int]) -> None:
    """Same length and the same sequence of IDA* bounds (each the smallest f that exceeded the
    last, so every estimate on the way counts). Node counts differ: the engine also skips
    states already on the path, the kernel only the parent."""
    _ida_agrees_with_the_engine(*shape, 36, seed, "linear_conflict")


def _ida_agrees_with_the_engine(rows: int, cols: int, moves: int, seed: int, h: str) -> None:
    goal = (*range(1, rows * cols), 0)
    puzzle = NPuzzle(scramble(goal, rows, cols, moves, seed), rows, cols, goal)
    python = solve(puzzle, "idastar", h, engine="python")
    compiled = solve(puzzle, "idastar", h, engine="compiled")
    assert compiled.engine == "compiled" and compiled.length == python.length
    bounds = [[i.bound for i in r.stats.iterations] for r in (compiled, python)]
    assert bounds[0] == bounds[1]
    replay(puzzle, compiled)


@pytest.mark.parametrize("heuristic", ["manhattan", "linear_conflict"])  # per shape, loop kernel
@pytest.mark.parametrize("board", [LESSON, "2 8 1 4 6 3 0 7 5"])
def test_compiled_ida_reports_the_longest_path(board: str, heuristic: str) -> None:
    """``max_frontier`` is the most states on the path at once in both engines, also after a
    search that proved the board unsolvable (it said 1, the root, when the kernels ended)."""
    puzzle = NPuzzle.from_text(board)
    python = solve(puzzle, "idastar", heuristic, engine="python", precheck=False)
    compiled = solve(puzzle, "idastar", heuristic, engine="compiled", precheck=False)
    assert compiled.status == python.status
    assert compiled.stats.max_frontier == python.stats.max_frontier > 20


def test_korf_1_generates_the_published_node_count() -> None:
    """Plain IDA* + Manhattan with parent pruning, moves tried in Korf's order U L R D."""
    _, instances = load("korf100")
    first = instances[0]
    puzzle = NPuzzle(first.tiles, 4, 4, tuple(range(16)))
    result = solve(puzzle, "idastar", "manhattan", engine="compiled")
    assert result.length == first.optimal == 57
    assert result.stats.generated == 276_361_932
    assert [i.bound for i in result.stats.iterations] == list(range(41, 58, 2))
    replay(puzzle, result)


@pytest.mark.parametrize(
    ("board", "limits", "cancelled"),
    [
        (LESSON, None, False),  # solved
        ("2 1/3 _", None, False),  # unsolvable: no solution within 6 moves, the 2x2's most
        (LESSON, Limits(max_expanded=1_000), False),
        (LESSON, Limits(max_pushed=1_000), False),
        ("korf100 #1", Limits(time_limit=0.2), False),
        ("korf100 #1", None, True),  # Ctrl-C
    ],
)
def test_compiled_ida_iterations_add_up_to_the_counters(
    board: str, limits: Limits | None, cancelled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The driver listed only the iterations it finished: one a budget stopped between
    slices is listed too, marked partial, with what it expanded and generated."""
    from statesearch.npuzzle import compiled

    monkeypatch.setattr(compiled, "SLICE", 997)  # many slices: a stop lands inside an iteration
    if board.startswith("korf100"):
        puzzle = NPuzzle(load("korf100")[1][0].tiles, 4, 4, tuple(range(16)))
    else:
        puzzle = NPuzzle.from_text(board)
    result = solve(
        puzzle, "idastar", "manhattan", limits=limits, precheck=False, engine="compiled",
        cancel=(cancel := threading.Event()), progress=ctrl_c(cancel) if cancelled else None,
    )  # fmt: skip
    assert result.engine == "compiled" and (result.limit is LimitKind.CANCELLED) == cancelled
    iterations_add_up(result)


def test_compiled_budgets() -> None:
    _, instances = load("korf100")
    puzzle = NPuzzle(instances[0].tiles, 4, 4, tuple(range(16)))
    timed = solve(puzzle, "idastar", "manhattan", limits=Limits(time_limit=0.2))
    assert timed.status is Status.LIMIT_REACHED and timed.limit is LimitKind.TIME
    assert timed.stats.elapsed_s < 2
    counted = solve(puzzle, "idastar", "manhattan", limits=Limits(max_expanded=12_345))
    assert counted.limit is LimitKind.EXPANDED and counted.stats.expanded == 12_345
    for budget in (1, 2):  # the root is the first: one used to be two
        few = solve(puzzle, "idastar", "manhattan", limits=Limits(max_expanded=budget))
        assert few.engine == "compiled" and few.stats.expanded == budget, budget
    shallow = solve(puzzle, "idastar", "manhattan", limits=Limits(max_depth=45))
    assert shallow.limit is LimitKind.DEPTH
    pushed = solve(puzzle, "idastar", "manhattan", limits=Limits(max_pushed=12_345))
    assert pushed.engine == "compiled" and pushed.limit is LimitKind.PUSHED
    assert pushed.stats.pushed == 12_345


@pytest.mark.parametrize("pushes", [0, 1, 50, 103])
def test_compiled_ida_stops_at_the_push_budget_where_python_does(pushes: int) -> None:
    """Pushed and expanded as the engine's at the stop (generated differs: the compiled IDA*
    never generates the move back, as Korf counts)."""
    puzzle, limits = NPuzzle.from_text(LESSON), Limits(max_pushed=pushes)
    python = solve(puzzle, "idastar", "manhattan", limits=limits, engine="python")
    compiled = solve(puzzle, "idastar", "manhattan", limits=limits, engine="compiled")
    assert python.limit is compiled.limit is LimitKind.PUSHED
    assert (compiled.stats.expanded, compiled.stats.pushed) == (
        python.stats.expanded,
        python.stats.pushed,
    )
    assert compiled.reason == python.reason == f"pushed {counted_states(pushes)} (max_pushed)"


def test_a_state_bound_an_ida_star_does_not_read_is_said() -> None:
    result = solve(NPuzzle.from_text(LESSON), "idastar", limits=Limits(max_states=5))
    assert result.solved and result.note == (
        "not used: the bound of 5 states kept (idastar keeps only its path, which max_depth bounds)"
    )


def test_engine_choice() -> None:
    puzzle = NPuzzle.from_text(LESSON)
    # auto keeps 3x3 boards in Python (done before a kernel would load) ...
    assert solve(puzzle, "idastar", "manhattan").engine == "python"
    assert solve(puzzle, "idastar", "manhattan", engine="compiled").engine == "compiled"
    # ... and compiles larger ones when there is a kernel.
    fifteen = NPuzzle.from_text("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15")
    assert solve(fifteen, "idastar", "manhattan").engine == "compiled"
    assert solve(fifteen, "idastar", "linear_conflict").engine == "compiled"
    assert solve(fifteen, "idastar", "rowcol").engine == "python"
    with pytest.raises(InputError, match="no compiled kernel"):
        solve(puzzle, "bfs", engine="compiled")
    with pytest.raises(InputError, match="unknown engine"):
        solve(puzzle, engine="gpu")


def test_compiled_search_can_be_cancelled() -> None:
    import threading

    _, instances = load("korf100")
    puzzle = NPuzzle(instances[0].tiles, 4, 4, tuple(range(16)))
    cancel = threading.Event()
    timer = threading.Timer(0.2, cancel.set)
    timer.start()
    result = solve(puzzle, "idastar", "manhattan", cancel=cancel)
    timer.join()
    assert result.limit is LimitKind.CANCELLED and result.stats.elapsed_s < 3


@pytest.mark.parametrize(
    ("heuristic", "partition"), [("manhattan", None), ("linear_conflict", None), ("pdb", "5-5-5")]
)
def test_kernels_resume_exactly_between_slices(
    heuristic: str, partition: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search cut into slices of 997 expansions (paused and resumed from its frames
    hundreds of times) finds the same path with the same counters as one that runs through."""
    from statesearch.npuzzle import compiled

    _, instances = load("korf100")
    puzzle = NPuzzle(instances[1].tiles, 4, 4, tuple(range(16)), partition)
    whole = solve(puzzle, "idastar", heuristic, engine="compiled")
    monkeypatch.setattr(compiled, "SLICE", 997)
    sliced = solve(puzzle, "idastar", heuristic, engine="compiled")
    assert whole.stats.expanded > 100 * 997
    assert counters(sliced) == counters(whole) and sliced.moves == whole.moves
    assert sliced.stats.iterations == whole.stats.iterations
    replay(puzzle, sliced)


def test_boards_too_big_for_a_frame_stay_in_python() -> None:
    side = 17  # 289 cells: a frame keeps the blank's cell in a byte
    puzzle = NPuzzle(tuple(range(side * side)), side, side, tuple(range(side * side)))
    assert puzzle.compiled("idastar", "manhattan", 1, required=True) is None
    small = NPuzzle(tuple(range(16 * 16)), 16, 16, tuple(range(16 * 16)))
    assert small.compiled("idastar", "manhattan", 1, required=True) is not None


def test_specialized_search_counts_like_the_loop_kernel() -> None:
    """The search compiled per board shape and the loop kernel (kept for boards over
    ``specialized.MAX_CELLS``) visit the same nodes in the same order."""
    from statesearch.core.limits import Meter
    from statesearch.core.result import Stats
    from statesearch.npuzzle.compiled import FrameSearch, PerShapeSearch, ida_star

    for rows, cols, moves, seed in [(4, 4, 60, 1), (3, 5, 50, 2), (2, 3, 30, 3), (6, 6, 40, 4)]:
        goal = (*range(1, rows * cols), 0)
        puzzle = NPuzzle(scramble(goal, rows, cols, moves, seed), rows, cols, goal)
        outcomes = []
        for search in (PerShapeSearch(puzzle), FrameSearch(puzzle, "manhattan")):
            stats = Stats()
            found = ida_star(search, puzzle, Meter(Limits()), stats)
            outcomes.append((found, stats.expanded, stats.generated, stats.iterations))
        assert outcomes[0] == outcomes[1]
        assert outcomes[0][2] > 0


def test_boards_over_the_specialized_size_use_the_loop_kernel() -> None:
    _ida_agrees_with_the_engine(7, 6, 30, 5, "manhattan")


def test_specialized_machine_code_is_cached_and_checked() -> None:
    """The compiled search is kept in the cache directory; a damaged copy is never loaded but
    compiled again (and rewritten), and the code of older versions is removed."""
    from statesearch.cache import cache_dir
    from statesearch.npuzzle import specialized

    specialized.search_function(2, 3)
    (saved,) = cache_dir().glob("ida-manhattan-2x3-*.o")
    good = saved.read_bytes()
    saved.write_bytes(good[:-100] + bytes(100))
    stale = cache_dir() / "ida-manhattan-2x3-0000000000000000.o"  # an older version's code
    stale.write_bytes(good)
    specialized.forget_compiled()
    goal = (1, 2, 3, 4, 5, 0)
    puzzle = NPuzzle(scramble(goal, 2, 3, 20, seed=7), 2, 3, goal)
    result = solve(puzzle, "idastar", "manhattan", engine="compiled")
    assert result.solved and result.length == solve(puzzle, "bfs").length
    assert saved.read_bytes() == good and not stale.exists()
    specialized.forget_compiled()
    assert specialized.search_function(2, 3) is not None  # loaded from the repaired copy


def test_a_search_with_time_to_spare_waits_for_its_shapes_compile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search under a tight limit starts on the loop kernel while its shape compiles; one
    with time to spare (a batch's warm-up, under its hour) waits for the compiled search."""
    from statesearch.core.limits import Meter
    from statesearch.npuzzle import compiled, specialized

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))  # no machine code cached
    specialized.forget_compiled()
    puzzle = NPuzzle(random_board(3, 4, 1), 3, 4)
    hurried = compiled.manhattan_search(puzzle, Meter(Limits(time_limit=5)))
    patient = compiled.manhattan_search(puzzle, Meter(Limits(time_limit=3600)))
    assert isinstance(hurried, compiled.FrameSearch)
    assert isinstance(patient, compiled.PerShapeSearch)


def test_the_loop_kernels_machine_code_is_setup_not_search() -> None:
    """numba loads a kernel's machine code on its first call, a quarter of a second in a fresh
    process. The facade has it loaded (``Prepared``) before the search's clock starts, so the
    search's seconds do not count it (the playground's comparison showed linear conflicts 15
    times slower than Manhattan on a cold worker), and not at all for a traced search, which
    runs on the Python engine."""
    import subprocess
    import sys

    code = (
        "from statesearch import Limits, solve\n"
        "from statesearch.npuzzle import NPuzzle\n"
        "from statesearch.npuzzle.compiled import kernel_for\n"
        "from statesearch.npuzzle.ida_kernels import KERNELS, LINEAR_CONFLICT\n"
        "board = NPuzzle.from_text('0 9 2 5 1 10 4 7 13 11 3 6 14 15 12 8')\n"
        "loaded = lambda: len(KERNELS[LINEAR_CONFLICT].signatures)\n"
        "kernel = kernel_for(board, 'idastar', 'linear_conflict', 1.0)\n"
        "traced = solve(board, 'idastar', 'linear_conflict', trace=True, "
        "limits=Limits(max_expanded=5))\n"
        "print(traced.engine, loaded())\n"
        "kernel.prepare()\n"
        "print(loaded())\n"
        "found = solve(board, 'idastar', 'linear_conflict')\n"
        "print(found.engine, found.length, loaded())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    # traced: nothing loaded; prepared: loaded; the search then loads nothing more
    assert done.stdout.split("\n")[:3] == ["python 0", "1", "compiled 30 1"], done.stdout
