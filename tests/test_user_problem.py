"""Your own problem on the command line and in the batch runner: ``solve problem FILE.py:NAME``
and ``{"domain": "problem", "problem": "FILE.py:NAME"}``, every mistake one line."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest

from statesearch.cli import main
from statesearch.examples.water_jugs import WaterJugs

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RIVER = f"{EXAMPLES / 'river_crossing.py'}:RiverCrossing"

# A counter that must reach 5, one step at a time: small, and easy to break on purpose.
COUNTER = """
class Counter:
    unit_costs = True
    initial = 0

    def __init__(self, target=5):
        self.target = target

    def is_goal(self, state):
        return state == self.target

    def successors(self, state):
        if state == 3 and self.target == 99:
            return {}["no such step"]  # line 14: a bug of the problem's own
        return [("+1", state + 1, 1), ("+2", state + 2, 1)]

broken = Counter(99)
def endless():
    return Counter(-1)
"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def counter(tmp_path: Path) -> Path:
    path = tmp_path / "counter.py"
    path.write_text(COUNTER)
    return path


def test_solve_your_own_problem(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "problem", RIVER)
    assert code == 0
    assert "start: farmer wolf goat cabbage | -" in out
    assert "1. take the goat → wolf cabbage | farmer goat" in out
    assert "7. take the goat → - | farmer wolf goat cabbage" in out
    assert "solved: 7 moves (optimal)" in out
    assert "crossings" not in out  # the file's __main__ block stays out


@pytest.mark.parametrize(
    "algorithm", ["bfs", "astar", "idastar", "iddfs", "dfbnb", "bidirectional"]
)
def test_every_algorithm_and_the_json(capsys: pytest.CaptureFixture[str], algorithm: str) -> None:
    if algorithm == "bidirectional":  # the river crossing has no predecessors: one line says so
        code, _, err = run(capsys, "solve", "problem", RIVER, "-a", algorithm)
        assert code == 2 and err.count("\n") == 1 and "predecessors" in err
        return
    code, out, _ = run(capsys, "solve", "problem", RIVER, "-a", algorithm, "--json")
    data = json.loads(out)
    assert code == 0 and data["length"] == 7 and data["algorithm"] == algorithm
    assert data["start"] == "farmer wolf goat cabbage | -"
    assert data["path"][-1] == "- | farmer wolf goat cabbage" and len(data["path"]) == 8
    assert data["moves"].count(", ") == 6  # actions of several words are listed


def test_a_module_a_function_and_the_budgets(
    capsys: pytest.CaptureFixture[str], counter: Path
) -> None:
    code, out, _ = run(capsys, "solve", "problem", "statesearch.examples.water_jugs:WaterJugs")
    assert code == 0 and "solved: 4 moves" in out
    code, out, _ = run(capsys, "solve", "problem", f"{counter}:endless", "--max-expanded", "50")
    assert code == 4 and "limit reached (expanded)" in out
    code, out, _ = run(
        capsys, "solve", "problem", f"{counter}:Counter", "-a", "bfs", "--trace", "2"
    )
    assert code == 0 and "the search, step by step" in out and "solved: 3 moves" in out


def test_the_trace_writes_states_as_the_json_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """--trace-json (and the --trace table) wrote a state of a problem without ``render`` by
    ``str`` and --json's path by ``repr``: the string state 'ab' was ab in one and 'ab' in the
    other."""
    words = tmp_path / "words.py"
    words.write_text(
        "class Grow:\n    initial = ''\n    unit_costs = True\n"
        "    def is_goal(self, s):\n        return s == 'ab'\n"
        "    def successors(self, s):\n"
        "        return [(c, s + c, 1) for c in 'ab' if len(s) < 2]\n"
    )
    trace = tmp_path / "trace.jsonl"
    code, out, _ = run(
        capsys, "solve", "problem", f"{words}:Grow", "--json", "--trace-json", str(trace)
    )
    path = json.loads(out)["path"]
    assert code == 0 and path == ["''", "'a'", "'ab'"]
    events = [json.loads(line) for line in trace.read_text().splitlines()]
    assert {e["state"] for e in events} >= set(path)
    goal = next(e for e in events if e["event"] == "goal")
    assert goal["state"] == "'ab'"
    # The --trace table wrote them by ``str`` too, in its state column and its waiting room.
    code, out, _ = run(capsys, "solve", "problem", f"{words}:Grow", "-a", "bfs", "--trace", "3")
    rows = [line for line in out.splitlines() if line.startswith("│")]
    taken = [row.split("│")[2].strip() for row in rows if row.split("│")[1].strip()]
    assert code == 0 and taken == ["''", "'a'"]
    assert "'a' (depth 1)" in out and "'b' (depth 1)" in out


def test_arguments_for_the_class_or_function(
    capsys: pytest.CaptureFixture[str], counter: Path
) -> None:
    jugs = "statesearch.examples.water_jugs:WaterJugs"
    code, out, _ = run(capsys, "solve", "problem", jugs, "--arg", "a=5", "--arg", "b=3", "--arg",
                       "target=4", "--json")  # fmt: skip
    assert code == 0 and json.loads(out)["length"] == 6  # the Die Hard jugs: 5 and 3, measure 4
    code, out, _ = run(capsys, "solve", "problem", f"{counter}:Counter", "--arg", "target=8")
    assert code == 0 and "solved: 4 moves" in out
    for args, message in (
        (["--arg", "target"], "an argument is NAME=VALUE, not 'target'"),
        (["--arg", "size=3"], "Counter() raised TypeError"),
    ):
        code, _, err = run(capsys, "solve", "problem", f"{counter}:Counter", *args)
        assert code == 2 and message in err and err.count("\n") == 1, err
    code, _, err = run(capsys, "solve", "problem", f"{counter}:broken", "--arg", "target=2")
    assert code == 2 and "broken is a problem, not a class or function" in err


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        ("nowhere.py:Counter", "cannot read nowhere.py"),
        ("{counter}", "name a problem as FILE.py:NAME or MODULE:NAME"),
        ("{counter}:Nope", "has no 'Nope'"),
        (
            "{counter}:broken",
            "raised KeyError: 'no such step' (counter.py, line 14, in successors)",
        ),
        ("{boom}:X", "raised ZeroDivisionError while loading: division by zero"),
        ("{needs}:Needs", "Needs() raised TypeError"),
        ("{needs}:NotAProblem", "the problem has no is_goal"),
        ("no_such_module_here:X", "no module named 'no_such_module_here'"),
    ],
)
def test_every_mistake_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, counter: Path, reference: str, message: str
) -> None:
    (tmp_path / "boom.py").write_text("1 / 0\n")
    (tmp_path / "needs.py").write_text(
        "class Needs:\n    def __init__(self, n): ...\n\nclass NotAProblem:\n    initial = 0\n"
    )
    files = {"counter": counter, "boom": tmp_path / "boom.py", "needs": tmp_path / "needs.py"}
    code, out, err = run(capsys, "solve", "problem", reference.format(**files))
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err, err


def test_a_batch_of_your_own_problems(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, counter: Path
) -> None:
    out = tmp_path / "results.jsonl"
    assert main(["batch", str(EXAMPLES / "own-problems.jsonl"), "--out", str(out)]) == 0
    rows = {row["id"]: row for row in map(json.loads, out.read_text().splitlines())}
    assert {i: (r["length"], r["correct"]) for i, r in rows.items()} == {
        "river": (7, True),
        "river-idastar": (7, True),
        "jugs-bfs": (4, True),
        "jugs-5-3-4": (6, True),
    }
    assert rows["river"]["path"][0] == "farmer wolf goat cabbage | -"
    # Relative to the batch file, run by workers in their own processes; a problem's bug is
    # that instance's failure, in one line, and the others go on.
    lines = [
        {"id": "fine", "domain": "problem", "problem": "counter.py:Counter", "optimal": 3},
        {"id": "buggy", "domain": "problem", "problem": "counter.py:broken"},
    ]
    source = tmp_path / "mine.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    elsewhere = tmp_path / "elsewhere.jsonl"
    code = main(["batch", str(source), "--out", str(elsewhere), "--workers", "2"])
    said, _ = capsys.readouterr()
    assert code == 1 and "failed: buggy: the problem raised KeyError" in said
    (fine,) = map(json.loads, elsewhere.read_text().splitlines())
    assert fine["id"] == "fine" and fine["correct"] is True
    # A search the problem cannot have is refused before any instance runs, as a misnamed
    # heuristic is (it used to run, and fail instance by instance).
    lines[1] = {"domain": "problem", "problem": "counter.py:Counter", "algorithm": "bidirectional"}
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    code = main(["batch", str(source), "--out", str(tmp_path / "none.jsonl")])
    _, err = capsys.readouterr()
    assert code == 2 and "bidirectional search needs one goal state" in err
    assert err.count("\n") == 1 and not (tmp_path / "none.jsonl").exists()


def test_a_problem_instance_names_its_problem_and_no_start(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "bad.jsonl"
    source.write_text(textwrap.dedent('{"id": 1, "domain": "problem", "start": "0"}\n'))
    code = main(["batch", str(source), "--out", str(tmp_path / "out.jsonl")])
    _, err = capsys.readouterr()
    assert code == 2 and "names its problem (FILE.py:NAME) and no start" in err


def test_a_batch_line_carries_its_problems_code(tmp_path: Path, counter: Path) -> None:
    """A worker needs no copy of the file (a Dask worker on another machine has none): the
    batch reads the file once and sends its text with the instance; its errors still name the
    file and line."""
    from statesearch.batch.solve_one import solve_spec
    from statesearch.batch.spec import normalize

    lines = [
        {"id": i, "domain": "problem", "problem": f"counter.py:{i}"} for i in ("Counter", "broken")
    ]
    specs = [json.loads(json.dumps(normalize(line, {}, tmp_path))) for line in lines]
    counter.unlink()
    assert solve_spec(specs[0])["length"] == 3
    with pytest.raises(Exception, match=r"KeyError: 'no such step' \(counter.py, line 14"):
        solve_spec(specs[1])


def test_a_deep_search_prints_the_ends_of_its_depths(
    counter: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """BFS's new states by depth (and IDA*'s iterations) show their first and last twelve: a
    search a million depths deep printed for minutes after its time limit."""
    endless = f"{counter}:endless"
    code, out, _ = run(capsys, "solve", "problem", endless, "-a", "bfs", "--max-expanded", "5000")
    assert code == 4 and len(out.splitlines()) < 40
    depths = json.loads(run(capsys, "solve", "problem", endless, "-a", "bfs", "--max-expanded",
                            "5000", "--json")[1])["stats"]["layers"]  # fmt: skip
    assert f"… {len(depths) - 24:,} more (--json lists them all) …" in out
    assert f"{len(depths) - 1}: {depths[-1]:,}" in out
    assert re.search(r"(?<!\d)11: ", out) and not re.search(r"(?<!\d)12: ", out)


HEURISTICS = """
class Forgot:
    initial = 0

    def is_goal(self, state):
        return state == 3

    def successors(self, state):
        return [("+1", state + 1, 1)]

    def heuristic(self, state):
        3 - state  # the return forgotten


class Text(Forgot):
    def heuristic(self, state):
        return "1"


class Plain(Forgot):
    heuristics = {"left": lambda state: 3 - state}
    heuristic = None


class NotAFunction(Forgot):
    heuristics = {"left": 3}


class Own(Forgot):
    def heuristic(self, state):
        return 3 - state


class Unproved(Forgot):
    from statesearch import Heuristic

    heuristic = Heuristic("guess", lambda state: 3 - state, admissible=False)


class Number(Forgot):
    heuristic = 3
"""


@pytest.mark.parametrize(
    ("name", "args", "code", "said"),
    [
        ("Forgot", [], 2, "the heuristic 'heuristic' must return a number >= 0; for the start it"),
        ("Forgot", [], 2, "for the start it gave None"),
        ("Text", [], 2, "for the start it gave '1'"),
        ("Text", ["-a", "bfs"], 0, "solved: 3 moves"),  # BFS reads no estimate
        ("Plain", ["-H", "left"], 0, "solved: 3 moves (optimal)"),
        ("NotAFunction", ["-H", "left"], 2, "heuristics['left'] is a int, not a function of a"),
        ("Own", ["-H", "heuristic"], 0, "astar + heuristic"),  # slot 3 by the name it shows
        ("Unproved", ["-a", "astar"], 0, "(not guaranteed optimal)"),  # its word is kept
        ("Unproved", ["-H", "guess"], 0, "astar + guess"),
        ("Number", [], 2, "heuristic is a int, not a function of a state"),
    ],
)  # fmt: skip
def test_a_heuristic_of_ones_own_is_checked_or_taken_as_a_function(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    args: list[str],
    code: int,
    said: str,
) -> None:
    """A heuristic that gives no number was 'internal error (not your input)', exit 70, from
    inside the search; a plain function in ``heuristics`` was one too. Slot 3 holding a
    ``Heuristic`` marked unproved was taken as admissible (and renamed 'heuristic'), and the
    name it is shown by was refused by ``-H``."""
    path = tmp_path / "heuristics.py"
    path.write_text(HEURISTICS)
    got, out, err = run(capsys, "solve", "problem", f"{path}:{name}", *args)
    assert got == code and said in (out if code == 0 else err), out + err
    assert code == 0 or err.count("\n") == 1


def test_a_problem_file_may_import_a_module_beside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As when Python runs the file: 'No module named' for a helper beside it, before."""
    (tmp_path / "steps_beside.py").write_text("def step(s):\n    return [('+1', s + 1, 1)]\n")
    (tmp_path / "uses_it.py").write_text(
        "from steps_beside import step\n\n"
        "class Count:\n    initial = 0\n\n"
        "    def is_goal(self, s):\n        return s == 3\n\n"
        "    def successors(self, s):\n        return step(s)\n"
    )
    code, out, err = run(capsys, "solve", "problem", f"{tmp_path / 'uses_it.py'}:Count")
    assert code == 0 and "solved: 3 moves" in out, err
    line = {"id": 1, "domain": "problem", "problem": "uses_it.py:Count"}
    (tmp_path / "in.jsonl").write_text(json.dumps(line) + "\n")
    out_file = tmp_path / "out.jsonl"
    argv = ["batch", str(tmp_path / "in.jsonl"), "--out", str(out_file), "--workers", "1"]
    assert main(argv) == 0
    assert json.loads(out_file.read_text())["length"] == 3


def test_a_batch_runs_a_problem_of_ones_own_only_for_its_instances(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every worker warmed up with a search of 1,000 expansions of the problem before the
    batch began: 2,012 calls of its successors for one instance capped at 5 expansions."""
    calls = tmp_path / "calls.log"
    (tmp_path / "logged.py").write_text(
        f"class Logged:\n    initial = 0\n\n    def is_goal(self, s):\n        return False\n\n"
        f"    def successors(self, s):\n        with open({str(calls)!r}, 'a') as f:\n"
        f"            f.write('.')\n        return [('+1', s + 1, 1), ('+2', s + 2, 1)]\n"
    )
    line = {"id": 1, "domain": "problem", "problem": "logged.py:Logged", "max_expanded": 5}
    (tmp_path / "in.jsonl").write_text(json.dumps(line) + "\n")
    argv = ["batch", str(tmp_path / "in.jsonl"), "--out", str(tmp_path / "out.jsonl")]
    assert main([*argv, "--workers", "2"]) == 4  # the expansion budget, as asked
    assert 5 <= len(calls.read_text()) <= 10, calls.read_text()  # the search and its checks


UNORDERED = """
from dataclasses import dataclass


@dataclass(frozen=True)
class Pos:
    x: int


class Line:
    unit_costs = True
    initial = Pos(0)

    def is_goal(self, state):
        return state == Pos(3)

    def successors(self, state):
        return [("+1", Pos(state.x + 1), 1), ("-1", Pos(state.x - 1), 1)]


class Mixed:
    initial = (0, 0)

    def is_goal(self, state):
        return state == (3, 3)

    def successors(self, state):
        if state[0] is not None:
            yield from [("x", (None, state[1]), 1), ("a", (state[0] + 1, state[1]), 1)]
"""


@pytest.mark.parametrize(
    ("name", "args", "code"),
    [("Line", ["--tie-break", "classic"], 2), ("Line", ["-a", "ucs", "--tie-break", "classic"], 2),
     ("Mixed", ["-a", "ucs", "--tie-break", "classic"], 2), ("Line", [], 0),
     ("Line", ["--tie-break", "fifo"], 0), ("Line", ["-a", "bfs"], 0)],
)  # fmt: skip
def test_states_that_do_not_compare_are_one_line_or_another_tie_break(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, args: list[str], code: int
) -> None:
    """A frozen dataclass (hashable, not orderable) crashed A* with 'internal error (not your
    input)': the classic tie-break orders equal f and g by state. The default for a problem of
    one's own (auto: deep) does not compare states."""
    path = tmp_path / "unordered.py"
    path.write_text(UNORDERED)
    got, out, err = run(capsys, "solve", "problem", f"{path}:{name}", *args)
    assert got == code, out + err
    if code:
        assert err.count("\n") == 1 and "use --tie-break fifo, or make states orderable" in err
    else:
        assert "solved: 3 moves" in out


def test_an_error_in_a_module_beside_the_problem_names_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only the problem's own file was blamed: a simulator in a module it imports raised
    'internal error (not your input)', exit 70."""
    (tmp_path / "simulator.py").write_text(
        "def step(s):\n    if s > 2:\n        raise RuntimeError(f'diverged at {s}')\n"
        "    return [('+1', s + 1, 1)]\n"
    )
    (tmp_path / "simulated.py").write_text(
        "from simulator import step\n\nclass Run:\n    initial = 0\n\n"
        "    def is_goal(self, s):\n        return s == 9\n\n"
        "    def successors(self, s):\n        return step(s)\n"
    )
    code, _, err = run(capsys, "solve", "problem", f"{tmp_path / 'simulated.py'}:Run")
    assert code == 2 and err.count("\n") == 1
    assert "the problem raised RuntimeError: diverged at 3 (simulator.py, line 3, in step)" in err


LATER = """
class Later:
    initial = 0

    def is_goal(self, state):
        return state == 5

    def successors(self, state):
        if state < 2:
            return [("+1", state + 1, 1)]
        return self.later(state)

    def later(self, state):
        return [("+1", state + 1, 1)]


class Quadruple(Later):
    def later(self, state):
        return [("+1", state + 1, 1, "extra")]


class ListState(Later):
    def later(self, state):
        return [("+1", [state + 1], 1)]


class TextCost(Later):
    def later(self, state):
        return [("+1", state + 1, "1")]


class NegativeCost(Later):
    def later(self, state):
        return [("+1", state + 1, -3)]


class InfiniteCost(Later):
    def later(self, state):
        return [("+1", state + 1, float("inf"))]


class HugeCost(Later):
    def later(self, state):
        return [("+1", state + 1, 10**400)]


class HugeEstimate(Later):
    def heuristic(self, state):
        return 5 - state if state < 3 else 10**400


class RenderRaises(Later):
    def render(self, state):
        raise RuntimeError("no render for " + str(state))


class UnitCostsLie(Later):
    unit_costs = True

    def later(self, state):
        return [("+1", state + 1, 3)]


class NoSuccessors(Later):
    def later(self, state):
        return None


class EstimateForgotten(Later):
    def heuristic(self, state):
        if state < 3:
            return 5 - state


class EstimateNaN(Later):
    def heuristic(self, state):
        return 5 - state if state < 3 else float("nan")


class NotAMethod(Later):
    successors = 5
"""


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Quadruple", "successors(state) must give (action, next_state, step_cost) triples; got"),
        ("ListState", "states must be hashable (tuples, not lists); successors gave a list"),
        ("TextCost", "a step cost must be a finite number >= 0; successors gave '1'"),
        ("NegativeCost", "a step cost must be a finite number >= 0; successors gave -3"),
        ("InfiniteCost", "a step cost must be a finite number >= 0; successors gave inf"),
        ("HugeCost", "a step cost must be a finite number >= 0; successors gave 1000"),
        ("HugeEstimate", "must return a number >= 0; for 3 it gave 1000"),
        ("UnitCostsLie", "says unit_costs = True, but successors gave a step cost of 3"),
        ("RenderRaises", "the problem raised RuntimeError: no render for 0 (later.py, line"),
        ("NoSuccessors", "triples; got None"),
        ("EstimateForgotten", "must return a number >= 0; for 3 it gave None"),
        ("EstimateNaN", "for 3 it gave nan"),
        ("NotAMethod", "the problem's successors is a int, not a method"),
    ],
)  # fmt: skip
def test_what_a_problem_gives_later_in_the_search_is_checked_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, said: str
) -> None:
    """Only the start was checked: bad data later was 'internal error (not your input)', exit
    70, a negative cost gave 'solved: cost -7 (optimal)' and an infinite one 'cost inf
    (optimal)'; a render that raised while the path was printed was an internal error too."""
    path = tmp_path / "later.py"
    path.write_text(LATER)
    code, out, err = run(capsys, "solve", "problem", f"{path}:{name}", "-a", "astar")
    assert code == 2 and err.count("\n") == 1 and said in err, out + err


def test_json_lists_the_actions_one_by_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``moves`` joins the actions into a line that cannot always be split back ('go x, then
    wait, go y': two actions or three?); ``actions`` lists them."""
    (tmp_path / "wordy.py").write_text(
        "class Wordy:\n    initial = 0\n\n    def is_goal(self, s):\n        return s == 2\n\n"
        "    def successors(self, s):\n        return [('go x, then wait', s + 1, 1)]\n"
    )
    code, out, _ = run(capsys, "solve", "problem", f"{tmp_path / 'wordy.py'}:Wordy", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["actions"] == ["go x, then wait", "go x, then wait"]
    assert answer["moves"] == "go x, then wait, go x, then wait"


# Text a problem writes that looks like rich markup, a render that is no string, a heuristic
# named with capitals, numpy numbers, and a path longer than the 100 moves shown.
OWN_WORDS = """
import numpy as np

class Marked:
    initial = 0
    heuristics = {"Ahead": lambda state: 3 - min(state, 3)}
    default_heuristic = "Ahead"

    def __init__(self, target=3, picture=True):
        self.target, self.picture = target, picture

    def is_goal(self, state):
        return state == self.target

    def successors(self, state):
        return [("[red]up[/red]", state + 1, np.int64(1))]

    def render(self, state):
        return f"[/] {state}" if self.picture else [state]
"""


@pytest.fixture
def marked(tmp_path: Path) -> Path:
    path = tmp_path / "marked.py"
    path.write_text(OWN_WORDS)
    return path


def test_a_problems_own_text_is_printed_as_it_is(
    marked: Path, capsys: pytest.CaptureFixture[str], recwarn: pytest.WarningsRecorder
) -> None:
    """Rich markup in a state or action used to be parsed (exit 70 for "[/]", "[a]" dropped);
    a numpy cost warned of an overflow; a heuristic called "Ahead" could not be chosen."""
    for extra in ([], ["--trace", "3"], ["-H", "ahead"], ["-a", "bfs", "--trace", "2"]):
        code, out, err = run(capsys, "solve", "problem", f"{marked}:Marked", *extra)
        assert code == 0 and err == "", (extra, err)
        assert "[/] 3" in out and "[red]up[/red]" in out, extra
    assert "astar + Ahead" in out or "bfs" in out
    assert not [w for w in recwarn if "overflow" in str(w.message)]
    code, _, err = run(capsys, "solve", "problem", f"{marked}:Marked", "--arg", "picture=false")
    assert code == 2 and err.strip() == "error: render() returned a list, not a string"


def test_a_long_path_says_where_it_leaves_moves_out(
    marked: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "solve", "problem", f"{marked}:Marked", "--arg", "target=300")
    assert code == 0
    lines = out.splitlines()
    at = lines.index("… 200 more (--all-moves prints them all)")
    assert lines[at - 1].startswith("50. ") and lines[at + 1].startswith("251. ")


def test_the_trace_is_never_written_over_the_problems_file(
    marked: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "solve", "problem", f"{marked}:Marked", "--trace-json", str(marked))
    assert code == 2 and "is the input" in err
    assert marked.read_text() == OWN_WORDS


HANGS = """
class Hangs:
    initial = 0

    def is_goal(self, state):
        return state == 5

    def successors(self, state):
        while state == 2:  # line 9: a bug that never returns
            pass
        return [("+1", state + 1, 1)]
"""


HANGS_AT_ONCE = """
class HangsAtOnce:
    initial = 0

    def is_goal(self, state):
        return False

    def successors(self, state):
        while True:  # line 9: never returns, not even for the start
            pass
"""


@pytest.mark.parametrize(
    ("source", "name", "said_first"),
    [
        # In the search: the meter looks at the clock between expansions, never inside one.
        (HANGS, "Hangs", "limit reached (time): time limit, passed by"),
        # In the first look at the start (check_problem), before the search begins.
        (HANGS_AT_ONCE, "HangsAtOnce", "limit reached (time): before the search began: time"),
    ],
)
def test_a_problem_that_never_returns_is_stopped_at_its_time_limit(
    source: str, name: str, said_first: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A successors that loops for ever ran past --time-limit for ever; the watchdog stops it
    GRACE_S after, naming the line, wherever it is called."""
    import time

    from statesearch import Limits, Status, solve
    from statesearch.overdue import GRACE_S

    path = tmp_path / f"{name.lower()}.py"
    path.write_text(source)
    began = time.perf_counter()
    code, out, _ = run(capsys, "solve", "problem", f"{path}:{name}", "--time-limit", "0.5")
    assert code == 4 and time.perf_counter() - began < 0.5 + GRACE_S + 3
    said = " ".join(out.split())
    assert said_first in said
    assert f"(stopped in successors, {path.name} line 9)" in said and "hint" not in said
    # A search that ends in time leaves no watchdog behind to stop anything later.
    done = solve(WaterJugs(), "bfs", limits=Limits(time_limit=0.3))
    time.sleep(0.3 + GRACE_S + 0.5)
    assert done.status is Status.SOLVED


def test_a_cancel_the_problems_code_never_heeds_still_stops_the_search() -> None:
    """Ctrl-C sets a flag the search reads between expansions; a successors that never returns
    never gets there, so the watchdog stops it GRACE_S after the cancel, as a cancel."""
    import threading
    import time

    from statesearch import LimitKind, Status, solve
    from statesearch.overdue import GRACE_S
    from statesearch.user_problem import load_problem

    problem = load_problem("hangs.py:Hangs", source=HANGS)
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    began = time.perf_counter()
    result = solve(problem, "bfs", cancel=cancel)
    assert result.status is Status.LIMIT_REACHED and result.limit is LimitKind.CANCELLED
    assert time.perf_counter() - began < 0.3 + GRACE_S + 2
    assert "stopped in successors" in result.reason and not result.hint
