"""Compiled slots (``compiled_problem``): the examples written twice, Python and compiled, agree
on every count, under every budget, and a slot's mistake is one line."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest
from numba import njit

from helpers import example, replay
from statesearch import LimitKind, Limits, Status, solve
from statesearch.cli import main
from statesearch.compiled_problem import compiled_slots
from statesearch.core.limits import Snapshot, resident_bytes
from statesearch.errors import InputError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def twins(name: str, n: int) -> tuple[Any, Any]:
    """The Python problem and its compiled twin."""
    if name == "pancake":
        return example("pancake").Pancake(n), example("pancake_compiled").CompiledPancake(n)
    return example("hanoi").Hanoi(n), example("hanoi_compiled").CompiledHanoi(n)


def counts(result: Any) -> tuple[Any, ...]:
    stats = result.stats
    walks = [(i.bound, i.expanded, i.generated) for i in stats.iterations]
    return (
        result.status,
        result.limit,
        result.length,
        result.cost,
        stats.expanded,
        stats.pushed,
        stats.generated,
        stats.max_frontier,
        stats.layers,
        walks,
    )


CASES = [
    ("pancake", 8, "astar", "auto"),
    ("pancake", 8, "astar", "classic"),
    ("pancake", 7, "ucs", "fifo"),
    ("pancake", 7, "ucs", "lifo"),
    ("pancake", 8, "idastar", "auto"),
    ("pancake", 6, "bfs", "auto"),
    ("hanoi", 5, "astar", "auto"),
    ("hanoi", 5, "astar", "classic"),
    ("hanoi", 4, "idastar", "auto"),
    ("hanoi", 5, "bfs", "auto"),
]


@pytest.mark.parametrize(("name", "n", "algorithm", "tie_break"), CASES)
def test_compiled_and_python_slots_count_alike(
    name: str, n: int, algorithm: str, tie_break: str
) -> None:
    python, compiled = twins(name, n)
    expected = solve(python, algorithm, tie_break=tie_break)
    got = solve(compiled, algorithm, tie_break=tie_break, engine="compiled")
    assert got.engine == "compiled" and expected.engine == "python"
    assert counts(got) == counts(expected)
    replay(compiled, got)
    assert (
        [compiled.render(s) for s in got.path][-1] == python.render(expected.path[-1])
        if (name == "hanoi")
        else True
    )
    # The compiled problem's own Python slots count the same too (the way to trace).
    assert counts(solve(compiled, algorithm, tie_break=tie_break, engine="python")) == counts(got)


def test_a_weighted_search_counts_alike() -> None:
    python, compiled = twins("pancake", 9)
    expected = solve(python, "astar", weight=2, tie_break="classic")
    assert counts(solve(compiled, "astar", weight=2, tie_break="classic")) == counts(expected)


BUDGETS = [
    Limits(max_expanded=25),
    Limits(max_pushed=40),
    Limits(max_states=30),
    Limits(max_depth=3),
]


# Each algorithm with each budget it reads (IDA* keeps no states: max_states is not one).
STOPS = [
    pytest.param(algorithm, limits, id=f"{algorithm}-{name}")
    for algorithm in ("astar", "bfs", "idastar")
    for limits, name in zip(BUDGETS, ("expanded", "pushed", "states", "depth"), strict=True)
    if not (algorithm == "idastar" and limits.max_states is not None)
]


@pytest.mark.parametrize(("algorithm", "limits"), STOPS)
def test_budgets_stop_where_the_python_engine_stops(algorithm: str, limits: Limits) -> None:
    python, compiled = twins("hanoi", 5)
    expected = solve(python, algorithm, limits=limits)
    got = solve(compiled, algorithm, limits=limits)
    assert got.status is Status.LIMIT_REACHED or limits.max_depth is not None
    assert counts(got) == counts(expected)
    assert got.reason == expected.reason
    if limits.max_depth is None:
        assert got.engine == "compiled"  # a depth bound may leave IDA* and BFS to Python


def test_a_cancel_stops_the_compiled_search() -> None:
    """Ctrl-C as the command line hears it: the cancel flag set while the search runs."""
    cancel = threading.Event()

    def heard(snapshot: Snapshot) -> None:
        if snapshot.expanded > 0:
            cancel.set()

    problem = twins("hanoi", 12)[1]
    result = solve(problem, "ucs", cancel=cancel, progress=heard)
    assert result.engine == "compiled" and result.stats.expanded > 0
    assert result.status is Status.LIMIT_REACHED and result.limit is LimitKind.CANCELLED


def test_a_memory_bound_stops_the_tables_before_they_grow() -> None:
    solve(twins("hanoi", 3)[1], "bfs")  # the kernel compiled: its memory is held already
    bound = resident_bytes() + 32 * 2**20
    result = solve(twins("hanoi", 11)[1], "bfs", limits=Limits(max_memory=bound))
    assert result.engine == "compiled" and result.stats.expanded > 0
    assert result.status is Status.LIMIT_REACHED and result.limit is LimitKind.MEMORY
    assert result.reason is not None and "the compiled search's" in result.reason


def test_a_time_limit_stops_the_compiled_search() -> None:
    result = solve(twins("hanoi", 12)[1], "ucs", limits=Limits(time_limit=0.2))
    assert result.status is Status.LIMIT_REACHED and result.limit is LimitKind.TIME


@njit
def _goal(state, data):  # type: ignore[no-untyped-def]
    return state == 3


@njit
def _step(state, data, children, costs):  # type: ignore[no-untyped-def]
    children[0] = state + 1
    costs[0] = 1
    return 1


@njit
def _too_many(state, data, children, costs):  # type: ignore[no-untyped-def]
    return 5


@njit
def _infinite(state, data):  # type: ignore[no-untyped-def]
    return np.inf if state == 2 else 0.0


@njit
def _text(state, data):  # type: ignore[no-untyped-def]
    return object()


@njit
def _words(state, data):  # type: ignore[no-untyped-def]
    return "far"


def _line(slots: dict[str, Any], algorithm: str = "astar") -> str:
    @compiled_slots(**slots)
    class Line:
        initial = 0
        branching = 1

    with pytest.raises(InputError) as error:
        solve(cast(Any, Line()), algorithm, engine="compiled")
    message = str(error.value)
    assert "\n" not in message
    return message


def test_a_slot_that_is_no_numba_function_is_refused() -> None:
    with pytest.raises(InputError, match="must be a numba function"):
        compiled_slots(is_goal=lambda state, data: True, successors=_step)


def test_a_slot_of_the_wrong_parameters_is_refused() -> None:
    with pytest.raises(InputError, match=r"successors takes \(state, data, children, costs\)"):
        compiled_slots(is_goal=_goal, successors=_goal)


def test_a_slot_that_does_not_compile_is_one_line() -> None:
    message = _line({"is_goal": _goal, "successors": _step, "heuristic": _text})
    assert message.startswith("the compiled slot heuristic does not compile with numba")


def test_a_slot_that_returns_no_number_is_one_line() -> None:
    message = _line({"is_goal": _goal, "successors": _step, "heuristic": _words})
    assert message.startswith("the compiled slot heuristic returns "), message
    assert message.endswith("it must return integer or float or boolean"), message


@pytest.mark.parametrize("algorithm", ["astar", "idastar"])
def test_an_inf_estimate_is_refused(algorithm: str) -> None:
    message = _line({"is_goal": _goal, "successors": _step, "heuristic": _infinite}, algorithm)
    assert "inf and nan are refused" in message


@pytest.mark.parametrize("algorithm", ["astar", "bfs", "idastar"])
def test_more_successors_than_the_branching_is_refused(algorithm: str) -> None:
    message = _line({"is_goal": _goal, "successors": _too_many}, algorithm)
    assert "returned 5" in message


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reference = f"{EXAMPLES / 'pancake_compiled.py'}:CompiledPancake"
    assert main(["solve", "problem", reference, "--arg", "n=8", "-a", "idastar"]) == 0
    out, _ = capsys.readouterr()
    assert "compiled" in out and "flip" in out
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from statesearch.compiled_problem import compiled_slots\n"
        "@compiled_slots(is_goal=len, successors=len)\n"
        "class Bad:\n    initial = 0\n"
    )
    assert main(["solve", "problem", f"{bad}:Bad"]) == 2
    _, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1 and "must be a numba function" in err


BROKEN = """
from numba import njit
from statesearch.compiled_problem import compiled_slots

@njit
def goal(state, data):
    return state == 3

@njit
def steps(state, data, children, costs):
    children[0] = object()
    return 1

@njit
def two(state):
    return 2

@compiled_slots(is_goal=goal, successors=steps)
class Broken:
    initial = 0
    branching = 1

def wrong():
    @compiled_slots(is_goal=goal, successors=steps, heuristic=two)
    class Wrong:
        initial = 0
        branching = 1
    return Wrong()
"""


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Broken", "error: the compiled slot successors does not compile with numba: "),
        ("wrong", "error: wrong() raised InputError: the compiled slot heuristic takes (state, "),
    ],
)
def test_the_command_line_refuses_broken_slots_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, said: str
) -> None:
    source = tmp_path / "broken.py"
    source.write_text(BROKEN)
    assert main(["solve", "problem", f"{source}:{name}", "-a", "bfs"]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert len(err.strip().splitlines()) == 1 and err.startswith(said), err


def test_a_batch_runs_compiled_slots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = {
        "id": "stack",
        "domain": "problem",
        "problem": f"{EXAMPLES / 'pancake_compiled.py'}:CompiledPancake",
        "args": {"n": 8},
        "algorithm": "idastar",
    }
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(json.dumps(line) + "\n")
    assert main(["batch", str(source), "--out", str(out), "--workers", "1"]) == 0
    capsys.readouterr()
    row = json.loads(out.read_text().splitlines()[0])
    expected = solve(example("pancake").Pancake(8), "idastar")
    assert (row["status"], row["engine"]) == ("solved", "compiled")
    assert row["stats"]["expanded"] == expected.stats.expanded
    assert row["stats"]["generated"] == expected.stats.generated
    assert row["length"] == expected.length
