"""Beam search: layers cut to a width; never complete, never optimal, and says so."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from helpers import replay
from statesearch import InputError, LimitKind, Limits, Status, solve
from statesearch.core.trace import CHILD_EVENTS, Trace
from statesearch.npuzzle import NPuzzle
from test_engine import Graph
from test_properties import mazes

LESSON = "7 2 4 5 0 6 8 3 1"
# S's successors: A (h 0) looks best but ends there; only B (h 5) leads on to G.
TRAP = {"S": [("A", 1), ("B", 1)], "B": [("G", 1)]}
TRAP_H = {"S": 2, "A": 0, "B": 5, "G": 0}


@settings(max_examples=60, deadline=None)
@given(mazes())
def test_beam_never_beats_dijkstra_and_a_wide_beam_is_breadth_first(maze) -> None:  # type: ignore[no-untyped-def]
    reference = solve(maze, "ucs")
    narrow = solve(maze, "beam", "manhattan", beam_width=2)
    assert not narrow.optimal
    if narrow.solved:
        assert reference.solved and narrow.cost is not None and reference.cost is not None
        assert narrow.cost >= reference.cost
        replay(maze, narrow)
    else:  # a proof only when nothing was dropped
        assert narrow.status is Status.UNSOLVABLE or narrow.limit is LimitKind.WIDTH
        if narrow.status is Status.UNSOLVABLE:
            assert not reference.solved
    wide = solve(maze, "beam", "manhattan", beam_width=49)  # no maze of 7x7 keeps more
    steps = solve(maze, "bfs")
    assert wide.status == steps.status and wide.length == steps.length and not wide.optimal


def test_a_narrow_beam_drops_the_only_way_and_proves_nothing() -> None:
    graph = Graph(TRAP, "S", "G")
    trapped = solve(graph, "beam", TRAP_H.__getitem__, beam_width=1, trace=True)
    assert trapped.status is Status.LIMIT_REACHED and trapped.limit is LimitKind.WIDTH
    assert "the beam of 1 dropped states it never searched" in trapped.reason
    assert "a wider beam" in trapped.hint
    assert trapped.trace is not None and trapped.trace.counts["drop"] == 1
    wider = solve(graph, "beam", TRAP_H.__getitem__, beam_width=2)
    assert wider.solved and wider.length == 2 and not wider.optimal
    nowhere = solve(Graph({"S": [("A", 1)], "A": [("S", 1)]}, "S", "G"), "beam", beam_width=1)
    assert nowhere.status is Status.UNSOLVABLE  # nothing dropped: every state was searched


def test_the_lesson_board_with_beams_of_widths() -> None:
    board = NPuzzle.from_text(LESSON)
    found = {w: solve(board, "beam", "manhattan", beam_width=w) for w in (1, 5, 100)}
    assert [found[w].length for w in (1, 5, 100)] == [140, 20, 20]
    assert [found[w].stats.expanded for w in (1, 5, 100)] == [140, 91, 1_302]
    assert all(not r.optimal and "not guaranteed optimal" in r.verdict for r in found.values())
    default = solve(board, "beam", "manhattan")
    assert default.stats.expanded == found[100].stats.expanded  # 100 unless told


def test_events_add_up_and_a_drop_is_no_child_event() -> None:
    result = solve(NPuzzle.from_text(LESSON), "beam", "manhattan", beam_width=5, trace=Trace())
    assert result.trace is not None
    counts, s = result.trace.counts, result.stats
    assert counts["pop"] == s.expanded and counts["push"] == s.pushed
    assert sum(counts[k] for k in CHILD_EVENTS) == s.generated
    assert counts["drop"] == 67 and counts["layer"] == 20


def test_budgets_and_bad_widths() -> None:
    board = NPuzzle.from_text("2 8 1 4 6 3 0 7 5")
    stopped = solve(board, "beam", "manhattan", precheck=False, limits=Limits(max_expanded=300))
    assert stopped.limit is LimitKind.EXPANDED and stopped.stats.expanded == 300
    kept = solve(board, "beam", "manhattan", precheck=False, limits=Limits(max_states=50))
    assert kept.limit is LimitKind.MEMORY
    deep = solve(NPuzzle.from_text(LESSON), "beam", "manhattan", limits=Limits(max_depth=10))
    assert deep.status is Status.LIMIT_REACHED
    for width in (0, -3, 2.5, True):
        with pytest.raises(InputError, match="the beam width must be a whole number >= 1"):
            solve(board, "beam", beam_width=width)  # type: ignore[arg-type]
    assert solve(board, "astar", beam_width=7).note == "the beam width 7 (only beam reads it)"
