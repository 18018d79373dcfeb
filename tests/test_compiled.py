"""The numba kernels agree with the Python engine: same lengths, same counters where the
algorithm and the tie order are the same, same budgets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import replay
from statesearch import Budget, InputError, Limits, Status, solve
from statesearch.npuzzle import NPuzzle, random_board, scramble
from statesearch.npuzzle.benchmarks import load

LESSON = "7 2 4 5 0 6 8 3 1"


def counters(result):  # type: ignore[no-untyped-def]
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


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(3, 3), (2, 4), (2, 5), (3, 2)]))
def test_compiled_astar_on_other_shapes(seed: int, shape: tuple[int, int]) -> None:
    rows, cols = shape
    puzzle = NPuzzle(random_board(rows, cols, seed), rows, cols)
    python = solve(puzzle, "astar", "manhattan", engine="python")
    compiled = solve(puzzle, "astar", "manhattan", engine="compiled")
    assert counters(compiled) == counters(python)
    replay(puzzle, compiled)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_compiled_idastar_lengths_equal_bfs(seed: int) -> None:
    puzzle = NPuzzle(random_board(3, 3, seed), 3, 3)
    reference = solve(puzzle, "bidirectional")
    for heuristic in ("manhattan", "pdb"):
        result = solve(puzzle, "idastar", heuristic, engine="compiled")
        assert result.engine == "compiled" and result.optimal
        assert result.length == reference.length, heuristic
        replay(puzzle, result)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_compiled_idastar_on_15_puzzles(seed: int) -> None:
    goal = tuple(range(16))
    puzzle = NPuzzle(scramble(goal, 4, 4, 24, seed), 4, 4, goal)
    python = solve(puzzle, "astar", "linear_conflict", engine="python")
    compiled = solve(puzzle, "idastar", "manhattan", engine="compiled")
    assert compiled.length == python.length
    replay(puzzle, compiled)


def test_korf_1_generates_the_published_node_count() -> None:
    """Plain IDA* + Manhattan with parent pruning, moves tried in Korf's order U L R D."""
    _, instances = load("korf100")
    first = instances[0]
    puzzle = NPuzzle(first.tiles, 4, 4, tuple(range(16)))
    result = solve(puzzle, "idastar", "manhattan", engine="compiled")
    assert result.length == first.optimal == 57
    assert result.stats.generated == 276_361_932
    assert [t for t, _ in result.stats.iterations] == list(range(41, 58, 2))
    replay(puzzle, result)


def test_compiled_budgets() -> None:
    _, instances = load("korf100")
    puzzle = NPuzzle(instances[0].tiles, 4, 4, tuple(range(16)))
    timed = solve(puzzle, "idastar", "manhattan", limits=Limits(time_limit=0.2))
    assert timed.status is Status.LIMIT_REACHED and timed.limit is Budget.TIME
    assert timed.stats.elapsed_s < 2
    counted = solve(puzzle, "idastar", "manhattan", limits=Limits(max_expanded=12_345))
    assert counted.limit is Budget.EXPANDED and counted.stats.expanded == 12_345
    shallow = solve(puzzle, "idastar", "manhattan", limits=Limits(max_depth=45))
    assert shallow.limit is Budget.DEPTH


def test_engine_choice() -> None:
    puzzle = NPuzzle.from_text(LESSON)
    # auto keeps 3x3 boards in Python (done before a kernel would load) ...
    assert solve(puzzle, "idastar", "manhattan").engine == "python"
    assert solve(puzzle, "idastar", "manhattan", engine="compiled").engine == "compiled"
    # ... and compiles larger ones when there is a kernel.
    fifteen = NPuzzle.from_text("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15")
    assert solve(fifteen, "idastar", "manhattan").engine == "compiled"
    assert solve(fifteen, "idastar", "linear_conflict").engine == "python"
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
    assert result.limit is Budget.CANCELLED and result.stats.elapsed_s < 3
