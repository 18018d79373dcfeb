"""Checks shared by the tests: replaying a path, exact BFS distances to compare against, the
iterations of a stopped search, and a batch file whose tables are not built."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from statesearch import LimitKind, SearchResult, Stats, Status
from statesearch.core.limits import Snapshot


def replay(problem: Any, result: SearchResult[Any]) -> float:
    """Walk the returned actions from the start with the problem's own moves; return the cost.

    Fails unless every action is a legal move to the next listed state and the walk ends on a goal.
    """
    assert result.status is Status.SOLVED
    state = problem.initial
    assert result.path[0] == state
    assert len(result.path) == len(result.actions) + 1
    cost: float = 0
    for action, expected in zip(result.actions, result.path[1:], strict=True):
        moves = {a: (s, c) for a, s, c in problem.successors(state)}
        assert action in moves, f"{action!r} is not a legal move"
        state, step = moves[action]
        assert state == expected
        cost += step
    assert problem.is_goal(state)
    assert cost == result.cost
    return cost


def distances_to(problem: Any, goal: Any) -> dict[Any, int]:
    """Exact distance (in unit steps) from every state that can reach ``goal``, by BFS backwards."""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        for _, prev, _ in problem.predecessors(state):
            if prev not in dist:
                dist[prev] = dist[state] + 1
                queue.append(prev)
    return dist


def counters(stats: Stats) -> tuple[int, int, int, int]:
    """The counters two runs of one search must agree on."""
    return stats.expanded, stats.pushed, stats.generated, stats.max_frontier


def iterations_add_up(result: SearchResult[Any]) -> None:
    """An iterative search lists every walk it began, so the walks add up to its counters; a
    walk a limit (or Ctrl-C) stopped is the last one, marked partial, and only it is (unless it
    stopped before the walk did anything: no empty walk is listed)."""
    stats = result.stats
    assert stats.iterations or not (stats.expanded or stats.generated), result
    assert sum(i.expanded for i in stats.iterations) == stats.expanded, stats
    assert sum(i.generated for i in stats.iterations) == stats.generated, stats
    assert not any(i.partial for i in stats.iterations[:-1]), stats
    stopped = result.status is Status.LIMIT_REACHED and result.limit is not LimitKind.DEPTH
    if stats.iterations:  # none when the depth bound was below the start's estimate
        assert stopped or not stats.iterations[-1].partial, result
    assert all(i.expanded or i.generated for i in stats.iterations if i.partial), stats


def ctrl_c(cancel: threading.Event) -> Callable[[Snapshot], None]:
    """A progress callback that sets ``cancel`` once the search itself runs (not while its
    tables or kernel are made), as Ctrl-C does in the middle of a search."""

    def heard(snapshot: Snapshot) -> None:
        if snapshot.doing is None and snapshot.bound is not None:
            cancel.set()

    return heard


def unbuilt_tables(tmp_path: Path) -> Path:
    """A 15-puzzle whose goal no other test uses: its 6-6-3 tables (about 30 s) are not built."""
    line = {
        "id": 1,
        "start": "2 1 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
        "goal": "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0",
        "heuristic": "pdb",
        "partition": "6-6-3",
    }
    source = tmp_path / "unbuilt.jsonl"
    source.write_text(json.dumps(line) + "\n")
    return source


def example(name: str) -> Any:
    """The module ``examples/<name>.py`` (a problem of one's own, as a user writes it)."""
    import importlib.util
    import sys

    path = Path(__file__).resolve().parent.parent / "examples" / f"{name}.py"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def eventually(check: Callable[[], bool], within: float = 20.0, what: str = "") -> None:
    """Wait until ``check()`` holds, looking every 50 ms, and fail after ``within`` seconds:
    for what another thread or process does in its own time (a loaded machine's time)."""
    deadline = time.monotonic() + within
    while not check():
        assert time.monotonic() < deadline, f"not within {within:g} s: {what or check}"
        time.sleep(0.05)


def unwrapped(text: str) -> str:
    """``text`` without its whitespace: what a console printed, however it folded the lines (a
    long path is folded mid-word at 80 columns)."""
    return "".join(text.split())
