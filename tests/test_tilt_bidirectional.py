"""The compiled bidirectional tilt search under budgets, and on a hard puzzle: it looks the
boards new to a side up on the other side a chunk at a time (``bidirectional_kernel.meeting``),
so a budget or a meeting in the middle of a chunk must still stop it exactly where the engine's
bidirectional search stops, with the same counters, whatever the puzzle's ``backward_cost``."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import counters, replay
from statesearch import Limits, Status, solve
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
