"""The tilt puzzles in examples/tilt/ (the README uses them) are what their headers say: the
optimal length, under the rules named, found by the default search and replayed; the small
ones checked by BFS too (the hard one's length came from a complete BFS census when it was
made, and the bidirectional search is held to BFS in test_tilt_reverse.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import replay
from statesearch import solve
from statesearch.cli import main
from statesearch.tilt import Tilt, parse_tilt

EXAMPLES = Path(__file__).parent.parent / "examples" / "tilt"
HEADER = re.compile(r"optimal (\d+) moves(?: under --step (\w+) --collide (\w+))?")


@pytest.mark.parametrize("name", ["easy", "hard", "slide"])
def test_each_example_has_the_optimal_length_it_states(name: str) -> None:
    text = (EXAMPLES / f"{name}.txt").read_text()
    found = HEADER.search(text)
    assert found is not None
    optimal, step, collide = int(found[1]), found[2] or "single", found[3] or "block"
    puzzle = Tilt(parse_tilt(text), step, collide)
    result = solve(puzzle)
    assert result.solved and result.optimal and result.length == optimal
    replay(puzzle, result)
    if name != "hard":
        assert solve(puzzle, "bfs").length == optimal


def test_the_readme_commands_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "tilt", str(EXAMPLES / "easy.txt"), "--show"]) == 0
    assert "solved: 8 moves (optimal)" in capsys.readouterr().out
    assert main(["solve", "tilt", str(EXAMPLES / "slide.txt"), "--step", "full"]) == 0
    assert "solved: 10 moves (optimal)" in capsys.readouterr().out
