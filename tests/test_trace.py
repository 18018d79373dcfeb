"""The trace of a search: its events reproduce every counter, its waiting room is shown in the
order it is taken out, and the lesson's experiments come out of it exactly."""

from __future__ import annotations

import heapq
import io
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from statesearch import Heuristic, LimitKind, Limits, Problem, Status, solve
from statesearch.algorithms import ALGORITHMS
from statesearch.core.trace import CHILD_EVENTS, Event, Trace, smallest
from statesearch.examples.water_jugs import WaterJugs
from statesearch.maze import LESSON_MAZE, Maze
from statesearch.npuzzle import NPuzzle, scramble

LESSON = "7 2 4 5 0 6 8 3 1"
# The algorithms any problem can take (jps needs a grid's jump points: test_grid_moves.py).
GENERAL = [name for name, a in ALGORITHMS.items() if a.needs is None]


def counted(kinds: Counter[str]) -> tuple[int, int, int]:
    """(expanded, pushed, generated) as the events count them."""
    return (
        kinds["pop"],
        kinds["push"] + kinds["improve"],
        sum(kinds[k] for k in CHILD_EVENTS),
    )


PROBLEMS: dict[str, Callable[[], Problem[Any]]] = {
    "lesson board": lambda: NPuzzle.from_text(LESSON),
    "lesson maze": lambda: Maze.parse(LESSON_MAZE),
    "water jugs": lambda: WaterJugs(),
}


@pytest.mark.parametrize(
    ("problem", "algorithm"),
    [
        (problem, algorithm)
        for problem in sorted(PROBLEMS)
        for algorithm in sorted(GENERAL)
        if (problem, algorithm) != ("water jugs", "bidirectional")  # jugs cannot be run back
    ],
)
def test_events_reproduce_the_counters(problem: str, algorithm: str) -> None:
    puzzle = PROBLEMS[problem]()
    limits = Limits(max_depth=25) if algorithm == "dls" else None
    result = solve(puzzle, algorithm, trace=Trace(limit=0), limits=limits)
    assert result.solved and result.trace is not None
    s = result.stats
    assert counted(result.trace.counts) == (s.expanded, s.pushed, s.generated)
    assert result.trace.counts["goal"] + result.trace.counts["incumbent"] >= 1


@pytest.mark.parametrize("algorithm", ["astar", "bfs", "idastar", "dfbnb", "iddfs"])
def test_events_count_a_search_stopped_by_a_budget(algorithm: str) -> None:
    puzzle = NPuzzle.from_text("2 8 1 4 6 3 0 7 5")  # unsolvable: runs into the budget
    result = solve(puzzle, algorithm, precheck=False, trace=True, limits=Limits(max_expanded=5_000))
    assert result.status is Status.LIMIT_REACHED and result.trace is not None
    s = result.stats
    assert counted(result.trace.counts) == (s.expanded, s.pushed, s.generated)


@pytest.mark.parametrize("algorithm", sorted(set(GENERAL) - {"dls"}))
def test_at_the_push_budget_only_the_last_states_unpushed_successors_lack_events(
    algorithm: str,
) -> None:
    """Generated counts the last state's successors as the kernels make them, all at once; the
    ones from the refused push on have no event (the module's one exception)."""
    puzzle = NPuzzle.from_text(LESSON)
    result = solve(puzzle, algorithm, trace=True, limits=Limits(max_pushed=50))
    assert result.limit is LimitKind.PUSHED and result.trace is not None
    s = result.stats
    expanded, pushed, generated = counted(result.trace.counts)
    assert (expanded, pushed) == (s.expanded, s.pushed) == (s.expanded, 50)
    assert 1 <= s.generated - generated <= 4  # at most a board's four successors


def test_the_lessons_first_step_and_goal() -> None:
    result = solve(NPuzzle.from_text(LESSON), "astar", "manhattan", trace=True)
    assert result.trace is not None
    events = result.trace.events
    first = events[0]
    assert (first.event, first.step, first.state, first.f, first.g, first.h) == (
        "pop",
        1,
        (7, 2, 4, 5, 0, 6, 8, 3, 1),
        14,
        0,
        14,
    )
    goal = next(e for e in events if e.event == "goal")
    assert goal.step == 283 and goal.g == 20
    assert [e for e in events if e.event == "pop"][-1].step == 283


def popped_states(trace: Trace) -> list[Any]:
    return [e.state for e in trace.events if e.event == "pop"]


def test_adding_a_constant_to_h_changes_nothing() -> None:
    """The lesson: h + 3 shifts every f by 3, so A* takes out the same states in the same
    order."""
    puzzle = NPuzzle.from_text(LESSON)
    manhattan = puzzle.heuristics["manhattan"]
    plus_three = Heuristic("manhattan + 3", lambda s: manhattan(s) + 3)
    a = solve(puzzle, "astar", manhattan, trace=True)
    b = solve(puzzle, "astar", plus_three, trace=True)
    assert a.trace is not None and b.trace is not None
    assert popped_states(a.trace) == popped_states(b.trace)
    assert a.stats.expanded == b.stats.expanded == 283


def test_a_push_limit_stops_only_the_uninformed_search() -> None:
    puzzle = NPuzzle.from_text(LESSON)
    limits = Limits(max_pushed=20_000)
    stopped = solve(puzzle, "astar", "zero", weight=0, limits=limits)
    assert stopped.status is Status.LIMIT_REACHED and stopped.stats.expanded == 13_594
    for name in ("misplaced", "manhattan"):
        assert solve(puzzle, "astar", name, limits=limits).solved


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["classic", "deep", "fifo", "lifo"]))
def test_the_waiting_room_is_shown_in_the_order_it_is_taken_out(seed: int, tie: str) -> None:
    """After every event, the first entry of the snapshot is what the next pop (or stale
    turn-away) takes out, and stale entries are marked as such; now and then the whole
    snapshot equals the order in which the heap gives its entries up."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    puzzle = NPuzzle(scramble(goal, 3, 3, 18, seed), 3, 3)
    expected: list[Any] = []

    def check(event: Event, trace: Trace) -> None:
        if event.event in ("pop", "stale") and expected:
            head = expected[-1]
            assert (head.state, head.g, head.stale) == (
                event.state,
                event.g,
                event.event == "stale",
            )
        waiting = trace.frontier(1)
        expected.append(waiting[0] if waiting else None)
        if len(expected) % 500 == 1:
            heap = list(trace._frontier)
            order = [heapq.heappop(heap)[-1] for _ in range(len(heap))]
            assert [w.state for w in trace.frontier()] == order

    # Reached first by a longer path, a state is pushed again with a smaller g: stale entries.
    result = solve(puzzle, "astar", "misplaced", tie_break=tie, trace=Trace(on_event=check))
    assert result.solved
    assert any(w is not None for w in expected)


def test_stale_entries_are_reported_and_turned_away() -> None:
    """An inconsistent heuristic makes A* reopen states: the old entries come out stale."""
    puzzle = NPuzzle.from_text(LESSON)
    manhattan = puzzle.heuristics["manhattan"]
    wobbly = Heuristic("wobbly", lambda s: manhattan(s) * (s[0] % 2), admissible=False)
    result = solve(puzzle, "astar", wobbly, trace=Trace(limit=0))
    assert result.trace is not None
    kinds = result.trace.counts
    assert kinds["improve"] > 0 and kinds["stale"] > 0
    assert counted(kinds)[0] == result.stats.expanded


def test_ida_star_reports_iterations_and_cutoffs() -> None:
    result = solve(NPuzzle.from_text(LESSON), "idastar", "manhattan", trace=True)
    assert result.trace is not None
    bounds = [e.bound for e in result.trace.events if e.event == "iteration"]
    assert bounds == [i.bound for i in result.stats.iterations] == [14, 16, 18, 20]
    smallest_over: dict[float | None, float] = {}
    current: float | None = None
    for e in result.trace.events:
        if e.event == "iteration":
            current = e.bound
        elif e.event == "cutoff":
            assert current is not None and e.f is not None and e.f > current
            smallest_over[current] = min(smallest_over.get(current, e.f), e.f)
    assert [smallest_over[b] for b in bounds[:-1]] == bounds[1:]


def test_bfs_reports_its_layers() -> None:
    result = solve(NPuzzle.from_text(LESSON), "bfs", trace=Trace(limit=10**6))
    assert result.trace is not None
    layers = [e.g for e in result.trace.events if e.event == "layer"]
    assert layers == result.stats.layers[:-1]


def test_a_bounded_trace_keeps_its_first_events_and_counts_all() -> None:
    result = solve(NPuzzle.from_text(LESSON), "astar", "misplaced", trace=Trace(limit=100))
    assert result.trace is not None
    assert len(result.trace.events) == 100 and result.trace.truncated
    assert result.trace.counts["pop"] == result.stats.expanded == 3_667


def test_events_stream_as_json_lines() -> None:
    out = io.StringIO()
    solve(NPuzzle.from_text(LESSON), "astar", "manhattan", trace=Trace(write=out))
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0] == {"event": "pop", "step": 1, "state": LESSON, "f": 14, "g": 0, "h": 14}
    push = next(line for line in lines if line["event"] == "push")
    assert set(push) >= {"event", "state", "f", "g", "h", "parent"}


def test_a_compiled_domain_is_traced_on_the_python_engine() -> None:
    goal = tuple(range(16))
    puzzle = NPuzzle((4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), 4, 4, goal)
    result = solve(puzzle, "idastar", "manhattan", trace=True)
    assert result.solved and result.engine == "python" and "traced" in result.note


class Counted:
    """A heap entry that counts the comparisons made on it."""

    made = 0

    def __init__(self, value: int) -> None:
        self.value = value

    def __lt__(self, other: Counted) -> bool:
        Counted.made += 1
        return self.value < other.value


@given(st.lists(st.integers(0, 50), max_size=300), st.integers(0, 8))
def test_the_head_of_the_waiting_room_is_found_without_scanning_it(
    values: list[int], n: int
) -> None:
    heap = [Counted(v) for v in values]
    heapq.heapify(heap)
    Counted.made = 0
    head = smallest(heap, n)  # type: ignore[arg-type]
    assert [e.value for e in head] == sorted(values)[:n]  # type: ignore[attr-defined]
    assert Counted.made <= 4 * n * max(1, n.bit_length())  # not the whole heap: O(n log n)


def test_a_trace_and_a_result_say_what_they_hold_in_their_repr() -> None:
    """A trace printed as '<statesearch.core.trace.Trace object at 0x...>', and a one-move
    solution as 'solved in 1 moves'."""
    from statesearch.npuzzle import NPuzzle

    trace = Trace(limit=3)
    result = solve(NPuzzle.from_text("123456708"), "astar", trace=trace)
    assert repr(result).startswith("<SearchResult solved in 1 move: astar")
    counts = trace.counts
    assert repr(trace) == (
        f"<Trace 3 events of {sum(counts.values())}: "
        + ", ".join(f"{n:,} {k}" for k, n in counts.items()) + ">"
    )  # fmt: skip
