"""``solve ... --trace N``: each row says f in its search's terms, is complete (or says it is
not), shows the side of a bidirectional search and which entries are stale; the whole
lesson's h = 0 trace is drawn in seconds."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from statesearch import LimitKind, Limits, solve
from statesearch.cli.options import MAX_TRACE_ROWS
from statesearch.cli.trace_table import StepRecorder, happened, trace_table
from statesearch.core.trace import Event, Trace
from statesearch.npuzzle import NPuzzle

LESSON = "7 2 4 5 0 6 8 3 1"


def traced(steps: int, algorithm: str, **options: Any) -> tuple[StepRecorder, list[Event]]:
    """The recorder of ``--trace steps`` and every event of the same search."""
    puzzle = NPuzzle.from_text(LESSON)
    recorder = StepRecorder(steps, puzzle.render)
    trace = Trace(limit=10**6, on_event=recorder)
    solve(puzzle, algorithm, trace=trace, **options)
    return recorder, trace.events


def table(
    recorder: StepRecorder,
    algorithm: str,
    weight: float | None = None,
    limit: LimitKind | None = None,
) -> list[dict[str, str]]:
    """The table's rows as {column title: the cell's first line}."""
    out = io.StringIO()
    Console(file=out, width=250).print(trace_table(recorder, str, algorithm, weight, limit))
    lines = out.getvalue().splitlines()
    heads = [[t.strip() for t in line.split("┃")] for line in lines if line.startswith("┃")]
    titles = [" ".join(filter(None, parts)) for parts in zip(*heads, strict=True)]
    rows = []
    for line in lines:
        cells = [c.strip() for c in line.split("│")]
        if line.startswith("│") and cells[1]:  # a row's first line: its step number
            rows.append(dict(zip(titles, cells, strict=True)))
    return rows


# The f each search orders by, as the title says, and how a cell is checked against it.
@pytest.mark.parametrize(
    ("algorithm", "options", "title", "terms"),
    [
        ("astar", {}, "f = g + h", lambda g, h: g + h),
        ("astar", {"weight": 5}, "f = g + 5·h", lambda g, h: g + 5 * h),
        ("astar", {"weight": 1.5}, "f = g + 1.5·h", lambda g, h: g + 1.5 * h),
        ("astar", {"weight": 0}, "f = g", lambda g, h: g),
        ("ucs", {}, "f = g", lambda g, h: g),
        ("greedy", {}, "f = h", lambda g, h: h),
        ("idastar", {}, "f = g + h", lambda g, h: g + h),
        ("dfbnb", {}, "f = g + h", lambda g, h: g + h),
    ],
)
def test_f_is_written_in_the_searchs_own_terms(
    algorithm: str, options: dict[str, Any], title: str, terms: Any
) -> None:
    recorder, _ = traced(40, algorithm, **options)
    rows = table(recorder, algorithm, options.get("weight"))
    steps = [s for s in recorder.steps if s.event.event == "pop"]
    assert rows and title in rows[0]
    for row, step in zip([r for r in rows if r["step"] != "-"], steps, strict=True):
        e = step.event
        assert e.f == terms(e.g, e.h)  # the search ordered by exactly this
        numbers = [float(n) for n in re.findall(r"[\d.]+", row[title].replace("·", " "))]
        weight = options.get("weight")
        shown = [e.f, e.g, weight, e.h] if "w" in title or "·" in title else [e.f, e.g, e.h]
        assert numbers == [n for n in shown if n is not None][: len(numbers)]
        assert numbers[0] == e.f


@pytest.mark.parametrize("algorithm", ["bfs", "bidirectional", "dfs", "iddfs"])
def test_a_search_ordered_by_no_f_shows_none(algorithm: str) -> None:
    recorder, _ = traced(5, algorithm)
    row = table(recorder, algorithm)[0]
    assert not any(title.startswith("f") for title in row)


@pytest.mark.parametrize(("algorithm", "few"), [("idastar", 3), ("iddfs", 4), ("dfbnb", 5)])
def test_a_walks_row_does_not_depend_on_how_many_are_asked_for(algorithm: str, few: int) -> None:
    """A walk comes back to a state's other successors after its subtree: the row of the
    first steps must not stop at step N."""
    short, _ = traced(few, algorithm)
    long, _ = traced(200, algorithm)
    said = [r["what happened"] for r in table(short, algorithm)]
    assert said == [r["what happened"] for r in table(long, algorithm)][: len(said)]
    assert all("unfinished" not in s for s in said)


def test_rows_left_on_the_path_when_the_search_stops_say_so() -> None:
    """IDA* stops at the goal: the states on its path have successors it never generated."""
    recorder, events = traced(10**4, "idastar", heuristic="manhattan")
    rows = table(recorder, "idastar")
    unfinished = [r for r in rows if "unfinished" in r["what happened"]]
    moves = next(e.g for e in events if e.event == "goal")
    assert len(unfinished) == moves  # the goal's ancestors, the start included
    assert "goal" in rows[-1]["what happened"] and "unfinished" not in rows[-1]["what happened"]


def test_bidirectional_rows_say_their_side() -> None:
    recorder, _ = traced(6, "bidirectional")
    sides = [r["side"] for r in table(recorder, "bidirectional")]
    assert sides == [s.event.side for s in recorder.steps]
    assert {"forward", "backward"} <= set(sides)


def upcoming(events: list[Event], after: Event) -> list[tuple[Any, str, float | None]]:
    """(state, kind, f) of what is taken out after ``after``."""
    start = next(i for i, e in enumerate(events) if e is after)
    return [(e.state, e.event, e.f) for e in events[start + 1 :] if e.event in ("pop", "stale")]


def test_stale_entries_in_line_are_marked_and_come_out_stale() -> None:
    """-w 5 reopens states: every entry marked stale in "next in line" is later taken out
    stale (turned away: a stale entry never gets fresh again), and the first entry is what
    comes out next, marked stale exactly when it comes out stale."""
    recorder, events = traced(45, "astar", weight=5)
    marked = 0
    for step in recorder.steps[:-1]:
        later = upcoming(events, step.event)
        for n, entry in enumerate(step.next_in_line):
            board, about = re.fullmatch(r"(.*) \((.*)\)", entry).groups()  # type: ignore[union-attr]
            state = tuple(int(t) for t in board.split())
            f = float(about.split(",")[0].removeprefix("f="))
            if n == 0:
                assert later[0] == (state, "stale" if about.endswith("stale") else "pop", f)
            if about.endswith("stale"):
                marked += 1
                assert (state, "stale", f) in later, (step.event.step, entry)
    assert marked > 0


def test_the_waiting_room_column_is_the_heaps_size() -> None:
    """-w 5 turns stale entries away: each leaves the waiting room as a pop does (the column
    used to stay one too high after the first). A row's size is the heap's after its
    successors, which is one more than the heap holds when the next entry has been taken out."""
    puzzle = NPuzzle.from_text(LESSON)
    recorder = StepRecorder(100, puzzle.render)
    sizes: list[int] = []

    def hear(event: Event, trace: Trace) -> None:
        if event.event in ("pop", "stale"):
            sizes.append(len(trace.frontier()))
        recorder(event, trace)

    solve(puzzle, "astar", weight=5, trace=Trace(limit=10**6, on_event=hear))
    assert any(step.event.event == "stale" for step in recorder.steps)
    rows = [step.waiting for step in recorder.steps]
    assert len(rows) == len(sizes) < 100  # the whole search, to the goal's row
    assert rows[:-1] == [n + 1 for n in sizes[1:]]


def test_turned_away_is_said_only_of_stale_entries() -> None:
    recorder, _ = traced(45, "astar", weight=5)
    for row, step in zip(table(recorder, "astar", 5), recorder.steps, strict=True):
        assert ("turned away" in row["what happened"]) == (step.event.event == "stale")
    assert any(step.children["skip"] for step in recorder.steps)


@pytest.mark.parametrize("algorithm", ["bfs", "bidirectional"])
def test_a_breadth_first_queue_shows_who_is_next(algorithm: str) -> None:
    recorder, events = traced(30, algorithm)
    longer = 0
    for step in recorder.steps[:-1]:
        boards = [tuple(int(t) for t in n.split(" (")[0].split()) for n in step.next_in_line]
        assert boards == [s for s, _, _ in upcoming(events, step.event)][: len(boards)]
        longer += len(boards) > 1
    assert longer > len(recorder.steps) // 2


def test_the_longest_table_asked_for_is_whole() -> None:
    """--trace takes at most 10,000 steps (the whole search is --trace-json's): its last row
    is there, as complete as the first."""
    recorder, _ = traced(MAX_TRACE_ROWS, "astar", heuristic="zero")
    out = io.StringIO()
    Console(file=out, width=200).print(trace_table(recorder, str, "astar"))
    assert len([s for s in recorder.steps if s.event.event == "pop"]) == MAX_TRACE_ROWS
    assert out.getvalue().count(f"\n│ {MAX_TRACE_ROWS:>5} │") == 1
    assert all(step.closed for step in recorder.steps)


def test_a_walk_stopped_by_a_budget_leaves_its_path_unfinished() -> None:
    recorder, _ = traced(1_000, "dfbnb", limits=Limits(max_expanded=500))
    said = [happened(s, "dfbnb", cut_short=True) for s in recorder.steps]
    complete = [happened(s, "dfbnb") for s in recorder.steps]
    unfinished = [s for s in said if "unfinished" in s]
    assert 0 < len(unfinished) < len(said) and not any("unfinished" in s for s in complete)
    rows = table(recorder, "dfbnb", limit=LimitKind.EXPANDED)
    assert [r["what happened"] for r in rows] == said


def test_branch_and_bound_calls_only_its_last_goal_the_solution() -> None:
    """Each better solution DFBnB finds (an incumbent) read 'goal: the path walked is the
    solution', though the walk went on and found a cheaper one."""
    recorder, _ = traced(MAX_TRACE_ROWS, "dfbnb")
    said = [happened(s, "dfbnb") for s in recorder.steps]
    incumbents = [s for s in said if s.startswith("a goal: the best solution so far")]
    assert incumbents and not any(s == "goal: the path walked is the solution" for s in said)


def test_a_row_the_push_budget_cut_says_so() -> None:
    """The push budget stops a search among one state's successors; the row used to read as
    if the state had no more. An expansion budget stops between rows: each row is whole."""
    for limits, cut in ((Limits(max_pushed=5), True), (Limits(max_expanded=2), False)):
        puzzle = NPuzzle.from_text(LESSON)
        recorder = StepRecorder(10, puzzle.render)
        result = solve(puzzle, "astar", trace=Trace(limit=10**6, on_event=recorder), limits=limits)
        out = io.StringIO()
        Console(file=out, width=250).print(trace_table(recorder, str, "astar", None, result.limit))
        assert ("cut short: the push budget ran out" in out.getvalue()) is cut, limits


def test_a_stale_row_names_both_gs() -> None:
    """ "A cheaper g" is something a student can check: the row gives the entry's g and the g
    table's, which is smaller, as the table held it when the entry came out."""
    recorder, _ = traced(45, "astar", weight=5)
    rows = zip(table(recorder, "astar", 5), recorder.steps, strict=True)
    stale = [(row, step) for row, step in rows if step.event.event == "stale"]
    assert stale
    for row, step in stale:
        said = re.fullmatch(
            r"stale: g = (\d+), but the g table holds (\d+); turned away", row["what happened"]
        )
        assert said and int(said[1]) == step.event.g and int(said[2]) < int(said[1])


@pytest.mark.parametrize("weight", [None, 5])
def test_a_lesson_trace_keeps_its_edge_at_80_columns(weight: float | None) -> None:
    """A pipe's 80 columns: every line of the table ends on its border (rich crops a table its
    columns cannot shrink to fit; g + 5·h used to push it past)."""
    puzzle = NPuzzle.from_text(LESSON)
    recorder = StepRecorder(45, puzzle.render)
    solve(puzzle, "astar", weight=weight or 1, trace=Trace(limit=10**6, on_event=recorder))
    out = io.StringIO()
    Console(file=out, width=80).print(trace_table(recorder, puzzle.show, "astar", weight))
    lines = [line.rstrip() for line in out.getvalue().splitlines()[1:]]  # under the title
    assert lines and all(len(line) <= 80 and line[-1] in "┓┃┩│┤┘" for line in lines)
