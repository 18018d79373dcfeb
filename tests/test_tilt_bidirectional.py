"""The compiled bidirectional tilt search under budgets, and on a hard puzzle: it looks the
boards new to a side up on the other side a chunk at a time (``bidirectional_kernel.meeting``),
so a budget or a meeting in the middle of a chunk must still stop it exactly where the engine's
bidirectional search stops, with the same counters (growing the sides the engine grows)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import counters, replay
from statesearch import Limits, Status, solve
from statesearch.tilt import Tilt, parse_tilt
from test_tilt_reverse import boards, engine_side_choice

BENCHMARK = Path(__file__).parent.parent / "benchmarks" / "tilt_hard_puzzles.txt"
# 11 moves; the engine's bidirectional search expands 184 boards and pushes 490.
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
    """The compiled search, growing the sides the engine's grows, stops as the engine's does:
    status, bound, length and counters."""
    python = solve(puzzle, "bidirectional", engine="python", limits=limits)
    with engine_side_choice():
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
)
def test_budgets_stop_both_engines_at_the_same_count(text: str, budget: str, amount: int) -> None:
    agree(Tilt.from_text(text), Limits(**{budget: amount}))


def test_every_budget_up_to_the_meeting() -> None:
    """Each budget from 0 to past the meeting, so one stops right after the board where the
    sides meet (the meeting must be found before the stop is reported)."""
    puzzle = Tilt.from_text(ELEVEN)
    for expanded in range(190):
        agree(puzzle, Limits(max_expanded=expanded))
    for pushed in range(0, 500, 3):
        agree(puzzle, Limits(max_pushed=pushed))


def test_a_hard_puzzle_is_solved_at_its_census_length() -> None:
    """The 25-move puzzle of seed 5 (22 M reachable boards; its length comes from a complete
    BFS census): about 0.2 M expansions."""
    header = "; seed 5: 8x8, 8 blocks, optimal 25 moves"
    puzzle = Tilt(parse_tilt(next(t for t in BENCHMARK.read_text().split("\n\n") if header in t)))
    result = solve(puzzle, "bidirectional")
    assert result.engine == "compiled" and result.status is Status.SOLVED
    assert result.length == 25
    replay(puzzle, result)
