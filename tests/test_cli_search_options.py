"""The command line's and batch's ways into the searches of issue 41: the tie-break ``auto`` by
default, beam search's width, anytime search's improvements, and the trace of a ``drop``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from statesearch.cli import main
from statesearch.cli.progress import improvement_line
from statesearch.result import Improvement

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
