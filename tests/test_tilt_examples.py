"""The tilt puzzles in examples/tilt/ (the README uses them) are what their headers say: the
optimal length, under the rules named, found by the default search and replayed; the small
ones checked by BFS too (the hard one's length came from a complete BFS census when it was
made, and the bidirectional search is held to BFS in test_tilt_reverse.py); and the command
in each header makes that board again."""

from __future__ import annotations

import re
import shlex
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


@pytest.mark.parametrize("name", ["easy", "hard", "slide"])
def test_each_example_is_made_again_by_the_command_in_its_header(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the command writes (its header and the board) is the file from the header on; the
    hard one takes a census of 33 million boards, about 8 s and 1 GB."""
    text = (EXAMPLES / f"{name}.txt").read_text()
    made_by = text.index("; made by: ")
    program, *argv = shlex.split(text[made_by:].splitlines()[0].removeprefix("; made by: "))
    assert program == "statesearch"
    assert main(argv) == 0
    assert capsys.readouterr().out == text[made_by:]
