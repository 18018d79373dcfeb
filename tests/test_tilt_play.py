"""The terminal game: scripted through a pipe, and redrawn in place in colour on a terminal."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from rich.console import Console

from statesearch import solve
from statesearch.cli import main, tilt_play
from statesearch.tilt import Tilt

EASY = Path(__file__).parent.parent / "examples" / "tilt" / "easy.txt"
KEY_FOR = {"U": "w", "D": "s", "L": "a", "R": "d"}
ARROW_KEY_FOR = {"U": "\x1b[A", "D": "\x1b[B", "R": "\x1b[C", "L": "\x1b[D"}


def easy() -> Tilt:
    return Tilt.from_text(EASY.read_text())


def test_a_scripted_game_through_a_pipe() -> None:
    best = solve(easy())
    assert best.solved and best.length == 8
    keys = "h" + "".join(KEY_FOR[m] for m in best.moves)
    played = subprocess.run(
        [sys.executable, "-m", "statesearch", "tilt", "play", str(EASY)],
        input=keys,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert played.returncode == 0, played.stderr
    out = played.stdout
    assert "o block  x target  @ block on a target  # wall" in out
    assert "moves: 0 (optimum 8)" in out
    assert f"hint: {tilt_play.ARROWS[best.moves[0]]}  (8 moves to go)" in out
    assert f"solved in 8 moves: {tilt_play.arrows(best.moves)} (optimal!)" in out


def test_piped_arrow_keys_are_arrows(monkeypatch: pytest.MonkeyPatch) -> None:
    """An arrow's escape sequence is one key through a pipe too (its last letter was read as a
    key of its own: the A of up as a, left)."""
    best = solve(easy())
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(ARROW_KEY_FOR[m] for m in best.moves)))
    screen = io.StringIO()
    game = tilt_play.play(easy(), Console(file=screen, width=80))
    assert game.won and game.moves == best.moves
    assert f"solved in 8 moves: {tilt_play.arrows(best.moves)} (optimal!)" in screen.getvalue()


def test_a_game_left_unsolved_ends_with_exit_0_and_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for keys in ("\x1b[A\x1b[Aq", "\x1b[A\x1b[A"):  # q, or the end of the keys
        monkeypatch.setattr(sys, "stdin", io.StringIO(keys))
        assert main(["tilt", "play", str(EASY)]) == 0
        last = capsys.readouterr().out.strip().splitlines()[-1]
        assert last == "not solved: stopped after 2 moves: ↑↑ (the optimum is 8)"


def test_one_move_is_one_move(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = Tilt.from_text("o.x")
    assert tilt_play.Game(puzzle).press("h") == "hint: →  (2 moves to go)"
    assert tilt_play.Game(Tilt.from_text("ox")).press("h") == "hint: →  (1 move to go)"
    monkeypatch.setattr(sys, "stdin", io.StringIO("d"))
    screen = io.StringIO()
    tilt_play.play(Tilt.from_text("ox"), Console(file=screen, width=80))
    assert "solved in 1 move: → (optimal!)" in screen.getvalue()


def test_keys_are_directions_and_hints_are_arrows() -> None:
    game = tilt_play.Game(easy())
    # Both blocks stand at the right edge: right moves nothing, left moves the top one.
    assert game.press("d") == "nothing moves that way" and game.moves == ""
    assert game.press("a") == "" and game.moves == "L"
    assert game.press("d") == "" and game.moves == "LR"  # right: not the D (down) of a move
    assert game.press("u") == "undone" and game.moves == "L"
    assert game.press("r") == "restarted" and game.moves == ""
    hint = game.press("h")
    assert hint.startswith("hint: ") and hint.split()[1] in tilt_play.ARROWS.values()
    assert hint.endswith("(8 moves to go)")


def test_a_terminal_sees_one_board_redrawn_in_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    best = solve(easy())
    keys = iter(KEY_FOR[m] for m in best.moves)

    @contextmanager
    def scripted() -> Iterator[Callable[[], str]]:
        yield lambda: next(keys, "q")

    monkeypatch.setattr(tilt_play, "_raw_terminal", scripted)
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, color_system="standard", width=80)
    game = tilt_play.play(easy(), console)
    assert game.won and game.moves == best.moves
    out = screen.getvalue()
    assert "\x1b[1;33mo" in out  # a block, bold yellow
    assert "\x1b[2K" in out  # Live erased the last screen's lines to draw the next in place
