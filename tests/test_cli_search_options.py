"""The command line's and batch's ways into the searches of issue 41: the tie-break ``auto`` by
default, beam search's width, anytime search's improvements, and the trace of a ``drop``."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from helpers import example
from statesearch.cli import main
from statesearch.cli.progress import improvement_line
from statesearch.cli.trace_table import Step, StepRecorder, cost_column, happened
from statesearch.core.problem import state_text
from statesearch.core.result import Improvement
from statesearch.core.trace import Trace
from statesearch.facade import solve
from statesearch.npuzzle import NPuzzle

ROOT = Path(__file__).parent.parent
PANCAKE = f"{ROOT / 'examples' / 'pancake.py'}:Pancake"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def solved(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, _ = run(capsys, "solve", *args, "--json")
    assert code == 0, out
    data: dict[str, Any] = json.loads(out)
    return data


def test_the_tie_break_is_auto_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    """A problem of one's own takes deep, the lesson's board keeps classic's published 283."""
    own = ("problem", PANCAKE, "--arg", "n=14", "-a", "astar")
    default = solved(capsys, *own)["stats"]["expanded"]
    assert default == solved(capsys, *own, "--tie-break", "deep")["stats"]["expanded"]
    assert default < solved(capsys, *own, "--tie-break", "classic")["stats"]["expanded"]
    assert solved(capsys, "npuzzle", "724506831", "-a", "astar")["stats"]["expanded"] == 283


def test_a_batch_takes_auto_by_default(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = [
        {"id": t or "default", "domain": "problem", "problem": PANCAKE, "args": {"n": 14}}
        | ({"tie_break": t} if t else {})
        for t in (None, "deep", "classic")
    ]
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "out.jsonl"
    code, _, _ = run(capsys, "batch", str(tmp_path / "in.jsonl"), "--out", str(out), "-a", "astar")
    assert code == 0
    rows = {r["id"]: r["stats"]["expanded"] for r in map(json.loads, out.read_text().splitlines())}
    assert rows["default"] == rows["deep"] < rows["classic"]


def test_beam_width_is_beam_searchs_alone(capsys: pytest.CaptureFixture[str]) -> None:
    board = ("npuzzle", "724506831", "-a", "beam")
    narrow, wide = (solved(capsys, *board, "--beam-width", w)["stats"] for w in ("5", "100"))
    assert narrow["expanded"] < wide["expanded"]
    assert solved(capsys, *board)["stats"]["expanded"] == wide["expanded"]  # 100 by default
    for algorithm in ("auto", "astar", "dijkstra"):
        code, out, err = run(
            capsys, "solve", "npuzzle", "724506831", "-a", algorithm, "--beam-width", "5"
        )
        assert (code, out) == (2, "")
        assert err == (
            f"error: the algorithm must be beam (-a beam) for --beam-width, not {algorithm!r}\n"
        )
    code, _, err = run(capsys, "solve", "npuzzle", "724506831", "-a", "beam", "--beam-width", "0")
    assert code == 2 and err.count("\n") == 1


def test_a_batch_spec_takes_a_beam_width(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    start: dict[str, Any] = {
        "domain": "npuzzle",
        "start": "7 2 4 5 0 6 8 3 1",
        "goal": "1 2 3 4 5 6 7 8 0",
    }
    lines = [start | {"id": w, "algorithm": "beam", "beam_width": w} for w in (1, 5)]
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "out.jsonl"
    code, _, _ = run(capsys, "batch", str(tmp_path / "in.jsonl"), "--out", str(out))
    rows = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert code == 0 and rows[1]["stats"]["expanded"] != rows[5]["stats"]["expanded"]
    alone = solved(capsys, "npuzzle", "724506831", "-a", "beam", "--beam-width", "5")
    assert rows[5]["stats"]["expanded"] == alone["stats"]["expanded"]
    for wrong, said in (
        ({"algorithm": "astar", "beam_width": 5}, "the algorithm must be beam for beam_width"),
        ({"algorithm": "beam", "beam_width": 0}, "the beam width must be a whole number >= 1"),
        ({"algorithm": "beam", "beam_width": 2.5}, "beam_width must be a whole number"),
    ):
        (tmp_path / "bad.jsonl").write_text(json.dumps(start | {"id": 1} | wrong) + "\n")
        code, _, err = run(capsys, "batch", str(tmp_path / "bad.jsonl"), "--out", str(out))
        assert code == 2 and said in err and err.count("\n") == 1, err
    (tmp_path / "plain.jsonl").write_text(json.dumps(start | {"id": 1}) + "\n")
    for algorithm, code in (("astar", 2), ("beam", 0)):
        again = tmp_path / f"{algorithm}.jsonl"
        got = run(capsys, "batch", str(tmp_path / "plain.jsonl"), "--out", str(again),
                  "-a", algorithm, "--beam-width", "5")  # fmt: skip
        assert got[0] == code, got
    row = json.loads((tmp_path / "beam.jsonl").read_text())
    assert row["stats"]["expanded"] == rows[5]["stats"]["expanded"]


def test_anytime_says_each_improvement_as_it_comes(capsys: pytest.CaptureFixture[str]) -> None:
    board = ("npuzzle", "4 11 10 13 12 3 6 0 1 15 14 5 2 8 9 7", "-a", "anytime", "-w", "3")
    code, out, err = run(capsys, "solve", *board, "--max-expanded", "40000", "--json")
    data = json.loads(out)
    found = data["stats"]["improvements"]
    assert code == 0 and len(found) >= 2 and data["optimal"] is False
    assert [f["cost"] for f in found] == sorted((f["cost"] for f in found), reverse=True)
    assert data["cost"] == found[-1]["cost"] and "before proving it optimal" in data["note"]
    said = [line for line in err.splitlines() if line.startswith("improved: ")]
    assert said == [
        f"improved: cost {f['cost']}, at least {f['lower']:g} (×{f['bound']:.3g}), "
        f"{f['expanded']:,} expanded, {f['elapsed_s']:.2f} s"
        for f in found
    ]
    code, out, err = run(capsys, "solve", *board, "--max-expanded", "40000")
    assert code == 0 and err.count("improved: cost ") == len(found)
    assert f"solved: {found[-1]['cost']} moves" in out


def test_no_bound_is_claimed_for_an_estimate_that_may_overestimate() -> None:
    line = improvement_line(Improvement(62, None, None, 442, 900, 0.0512))
    assert line == (
        "improved: cost 62, no bound proved (the heuristic may overestimate), 442 expanded, 0.05 s"
    )
    assert improvement_line(Improvement(62, 30, 62 / 30, 442, 900, 0.0512)) == (
        "improved: cost 62, at least 30 (×2.07), 442 expanded, 0.05 s"
    )


def recorded(problem: Any, algorithm: str, rows: int, **options: Any) -> list[Step]:
    recorder = StepRecorder(rows, state_text(problem), shown=3)
    solve(problem, algorithm, trace=Trace(on_event=recorder), **options)
    return recorder.steps


def test_a_beams_drops_leave_the_waiting_room() -> None:
    """Each row's waiting room is the last one's, less the state taken out, plus its new
    successors, less the states the beam dropped after it; a row that dropped any leaves
    exactly the width waiting; who is next in line is who is taken out next."""
    board = NPuzzle.from_text("7 2 4 5 0 6 8 3 1")
    steps = recorded(board, "beam", 40, heuristic="manhattan", beam_width=2)
    assert [s.event.event for s in steps] == ["pop"] * 40
    waiting = 1
    for step in steps:
        waiting += step.children["push"] - 1 - step.children["drop"]
        assert step.waiting == waiting
        if step.children["drop"]:
            assert waiting == 2
    assert sum(s.children["drop"] for s in steps) > 5
    text = state_text(board)
    for step, after in itertools.pairwise(steps):
        assert step.next_in_line[0].startswith(text(after.event.state).replace(" ", "\u00a0"))
    assert "2 dropped past the beam's width" in happened(steps[0], "beam")


def test_anytime_drops_are_rows_taken_out() -> None:
    stack = example("pancake").Pancake(5)
    steps = recorded(stack, "anytime", 60, weight=5)
    drops = [s for s in steps if s.event.event == "drop"]
    assert drops and all(s.closed and s.best == 3 for s in drops)
    waiting = 1
    for step in steps:
        waiting += sum(step.children[k] for k in ("push", "improve")) - 1
        assert step.waiting == waiting
    said = happened(drops[0], "anytime")
    assert said.startswith("dropped: g + h = ") and "the best solution, 3; not expanded" in said
    incumbent = next(s for s in steps if s.incumbent)
    assert "the search goes on for a cheaper one" in happened(incumbent, "anytime")
    assert cost_column("anytime", 5.0) is not None


def test_the_beam_and_anytime_tables_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys, "solve", "npuzzle", "724506831", "-a", "beam", "--beam-width", "2", "--trace", "3"
    )
    assert code == 0 and "dropped past the" in out
    code, out, _ = run(capsys, "solve", "problem", PANCAKE, "--arg", "n=5", "-a", "anytime",
                       "-w", "5", "--trace", "10")  # fmt: skip
    assert code == 0 and "12 = 2+5·2" in out and "(dropped)" in out
