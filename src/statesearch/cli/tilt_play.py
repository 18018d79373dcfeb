"""Playing a tilt puzzle in the terminal: arrows or WASD move every block, u undoes, r
restarts, h hints the next optimal move, q quits. Without a terminal (a pipe), each character
read is a key, so a game can be scripted."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

from ..facade import solve
from ..tilt.board import TiltBoard
from ..tilt.problem import Tilt

KEYS = {
    "w": "U",
    "a": "L",
    "s": "D",
    "d": "R",
    "\x1b[A": "U",
    "\x1b[B": "D",
    "\x1b[C": "R",
    "\x1b[D": "L",
}


@contextmanager
def _raw_terminal() -> Iterator[Callable[[], str]]:
    if not sys.stdin.isatty():

        def read_piped() -> str:
            ch = sys.stdin.read(1)
            return ch if ch else "q"

        yield read_piped
        return
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)

    def read_key() -> str:
        ch = sys.stdin.read(1)
        if ch == "\x1b":
            ch += sys.stdin.read(2)
        return ch

    try:
        yield read_key
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


class Game:
    """The state of one game, separate from the terminal so it can be tested."""

    def __init__(self, puzzle: Tilt) -> None:
        self.puzzle = puzzle
        self.history = [puzzle.initial]
        self.moves = ""
        best = solve(puzzle, "astar")
        self.optimum = best.length

    @property
    def blocks(self) -> int:
        return self.history[-1]

    @property
    def won(self) -> bool:
        return self.puzzle.is_goal(self.blocks)

    def press(self, key: str) -> str:
        """Apply one key; return a line of feedback."""
        key = key.lower() if len(key) == 1 else key
        if key in KEYS:
            after = self.puzzle.apply(self.blocks, KEYS[key])
            if after == self.blocks:
                return "nothing moves that way"
            self.history.append(after)
            self.moves += KEYS[key]
            return "solved!" if self.won else ""
        if key == "u" and len(self.history) > 1:
            self.history.pop()
            self.moves = self.moves[:-1]
            return "undone"
        if key == "r":
            self.history = self.history[:1]
            self.moves = ""
            return "restarted"
        if key == "h":
            hint = solve(Tilt(self._board_now(), self.puzzle.rules.step, self.puzzle.rules.collide))
            return (
                f"hint: {hint.moves[:1]}"
                if hint.solved and hint.moves
                else "no way to the goal from here"
            )
        return ""

    def _board_now(self) -> TiltBoard:
        return replace(self.puzzle.board, blocks=self.blocks)

    def screen(self, message: str) -> str:
        optimum = "?" if self.optimum is None else str(self.optimum)
        return (
            f"{self.puzzle.show(self.blocks)}\n"
            f"moves: {len(self.moves)} (optimum {optimum})  {self.moves}\n"
            f"{message}\n"
            "arrows/WASD move, u undo, r restart, h hint, q quit"
        )


def play(puzzle: Tilt, out: Callable[[str], None]) -> Game:
    game = Game(puzzle)
    out(game.screen(""))
    with _raw_terminal() as read_key:
        while not game.won:
            key = read_key()
            if key in ("q", "\x03", "\x04"):
                break
            if key in ("\n", "\r", " "):
                continue
            out(game.screen(game.press(key)))
    if game.won:
        verdict = (
            "optimal!" if len(game.moves) == game.optimum else f"the optimum is {game.optimum}"
        )
        out(f"solved in {len(game.moves)} moves: {game.moves} ({verdict})")
    return game
