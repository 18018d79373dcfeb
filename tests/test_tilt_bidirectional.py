"""The compiled bidirectional tilt search under budgets, and on a hard puzzle: it looks the
boards new to a side up on the other side a chunk at a time (``bidirectional_kernel.meeting``),
so a budget or a meeting in the middle of a chunk must still stop it exactly where the engine's
bidirectional search stops, with the same counters, whatever the puzzle's ``backward_cost``."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import counters, replay
from statesearch import LimitKind, Limits, Status, solve
from statesearch.tilt import Tilt, parse_tilt
from test_tilt_reverse import boards

BENCHMARK = Path(__file__).parent.parent / "benchmarks" / "tilt_hard_puzzles.txt"
# 11 moves; the engine's bidirectional search expands 212 boards and pushes 564 (184 and 490
# growing the smaller side: ``backward_cost`` 1).
ELEVEN = """
......#.
...#....
#......#
.##..oo.
.x......
.x.o##..
#x......
.#.#..#.
"""


def agree(puzzle: Tilt, limits: Limits) -> None:
    """The compiled search stops as the engine's does: status, bound, length and counters."""
    python = solve(puzzle, "bidirectional", engine="python", limits=limits)
    compiled = solve(puzzle, "bidirectional", engine="compiled", limits=limits)
    assert compiled.engine == "compiled"
    assert (compiled.status, compiled.limit, compiled.length) == (
        python.status,
        python.limit,
        python.length,
    ), limits
    assert counters(python.stats) == counters(compiled.stats), limits
    if compiled.solved:
        replay(puzzle, compiled)


@settings(max_examples=60, deadline=None)
@given(
    boards(most_cells=30),
    st.sampled_from(["max_expanded", "max_pushed", "max_states"]),
    st.integers(0, 300),
    st.sampled_from([1.0, 2.0, 3.5]),
)
def test_budgets_stop_both_engines_at_the_same_count(
    text: str, budget: str, amount: int, cost: float
) -> None:
    puzzle = Tilt.from_text(text)
    puzzle.backward_cost = cost
    agree(puzzle, Limits(**{budget: amount}))


def test_every_budget_up_to_the_meeting() -> None:
    """Each budget from 0 to past the meeting, so one stops right after the board where the
    sides meet (the meeting must be found before the stop is reported)."""
    for cost, expanded, pushed in ((1.0, 184, 490), (2.0, 212, 564)):
        puzzle = Tilt.from_text(ELEVEN)
        puzzle.backward_cost = cost
        whole = solve(puzzle, "bidirectional", engine="python")
        assert (whole.length, whole.stats.expanded, whole.stats.pushed) == (11, expanded, pushed)
        for budget in range(expanded + 5):
            agree(puzzle, Limits(max_expanded=budget))
        for budget in range(0, pushed + 10, 3):
            agree(puzzle, Limits(max_pushed=budget))


def test_a_hard_puzzle_is_solved_at_its_census_length() -> None:
    """The 25-move puzzle of seed 5 (22 M reachable boards; its length comes from a complete
    BFS census): about 0.2 M expansions."""
    header = "; seed 5: 8x8, 8 blocks, optimal 25 moves"
    puzzle = Tilt(parse_tilt(next(t for t in BENCHMARK.read_text().split("\n\n") if header in t)))
    result = solve(puzzle, "bidirectional")
    assert result.engine == "compiled" and result.status is Status.SOLVED
    assert result.length == 25
    replay(puzzle, result)


def test_the_sides_grow_only_within_the_memory_bound() -> None:
    """Each side's set of boards and its layers double as they fill (15-19 MB on this puzzle),
    each doubling asked of the bound first: the limit names what was to grow, and nothing was
    allocated past the bound before it."""
    from statesearch.core.limits import resident_bytes

    header = "; seed 5: 8x8, 8 blocks, optimal 25 moves"
    puzzle = Tilt(parse_tilt(next(t for t in BENCHMARK.read_text().split("\n\n") if header in t)))
    solve(Tilt.from_text(ELEVEN), "bidirectional")  # its kernel compiled or loaded first
    bound = resident_bytes() + (4 << 20)  # room for the first tables, not for many doublings
    result = solve(puzzle, "bidirectional", limits=Limits(max_memory=bound))
    assert result.engine == "compiled"
    assert result.status is Status.LIMIT_REACHED and result.limit == "memory", result.reason
    assert result.reason.startswith("growing the "), result.reason
    assert resident_bytes() <= bound + (2 << 20)


# The block reaches 8 boards in 4 moves, and no target: a wall row shuts it off.
SHUT_OFF = "o...\n....\n####\n...x"


@settings(max_examples=40, deadline=None)
@given(boards(most_cells=30), st.integers(0, 12), st.sampled_from([1.0, 2.0]))
def test_a_depth_bound_stops_both_engines_alike(text: str, depth: int, cost: float) -> None:
    """At the bound, BFS and bidirectional search look one move past the last layer; both
    engines then give the same answer (a proof when nothing new lies there) and counters."""
    puzzle = Tilt.from_text(text)
    puzzle.backward_cost = cost
    for algorithm in ("bfs", "bidirectional"):
        python, compiled = (
            solve(puzzle, algorithm, engine=engine, limits=Limits(max_depth=depth), precheck=False)
            for engine in ("python", "compiled")
        )
        assert compiled.engine == "compiled"
        assert (compiled.status, compiled.limit, compiled.length) == (
            python.status,
            python.limit,
            python.length,
        ), (algorithm, depth)
        assert counters(python.stats) == counters(compiled.stats), (algorithm, depth)


def test_a_depth_bound_past_every_board_is_a_proof() -> None:
    for algorithm in ("bfs", "bidirectional"):
        for engine in ("python", "compiled"):
            whole, cut = (
                solve(
                    Tilt.from_text(SHUT_OFF),
                    algorithm,
                    engine=engine,
                    limits=Limits(max_depth=depth),
                    precheck=False,
                )
                for depth in (4, 3)
            )
            assert (whole.status, whole.limit, whole.stats.expanded) == (
                Status.UNSOLVABLE,
                None,
                8,
            ), (algorithm, engine)
            assert (cut.status, cut.limit) == (Status.LIMIT_REACHED, LimitKind.DEPTH)
