"""The command line's and batch's ways into the searches of issue 41: the tie-break ``auto`` by
default, beam search's width, anytime search's improvements, and the trace of a ``drop``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from statesearch.cli import main

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
