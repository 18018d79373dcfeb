"""Playing a tilt puzzle in the terminal: arrows or WASD move every block, u undoes, r
restarts, h hints the next optimal move, q quits. In a terminal the board is redrawn in place,
in colour; without one (a pipe) each screen is printed in turn and each key read (a
character, or an arrow's escape sequence) is played, so a game can be scripted."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

from rich.console import Console
from rich.live import Live
from rich.text import Text

from ..core.limits import Limits
from ..core.result import Status
from ..facade import solve
from ..tilt.board import TiltBoard, counted
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
# Moves are shown as arrows: a letter hint "D" (down) read as the key d (right) misled players.
ARROWS = {"U": "↑", "D": "↓", "L": "←", "R": "→"}
STYLES = {"o": "bold yellow", "x": "bold cyan", "@": "bold green", "#": "grey50", ".": "grey35"}
LEGEND = (("o", "block"), ("x", "target"), ("@", "block on a target"), ("#", "wall"))
SEARCH_SECONDS = 10.0  # the longest the optimum or a hint may take before the game says "?"


def read_key() -> str:
    """The next key: a character, an arrow's escape sequence (ESC [ A: up), or q when the
    input ends."""
    key = sys.stdin.read(1)
    if key == "\x1b":
        key += sys.stdin.read(2)
    return key or "q"


@contextmanager
def _raw_terminal() -> Iterator[Callable[[], str]]:
    """``read_key``, with a terminal's keys sent one by one (not a line at a time)."""
    if not sys.stdin.isatty():
        yield read_key
        return
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    try:
        yield read_key
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def arrows(moves: str) -> str:
    return "".join(ARROWS[m] for m in moves)


class Game:
    """The state of one game, separate from the terminal so it can be tested."""

    def __init__(self, puzzle: Tilt) -> None:
        self.puzzle = puzzle
        self.history = [puzzle.initial]
        self.moves = ""
        self.optimum = solve(puzzle, limits=Limits(time_limit=SEARCH_SECONDS)).length

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
            rules = self.puzzle.rules
            hint = solve(
                Tilt(self._board_now(), rules.step, rules.collide),
                limits=Limits(time_limit=SEARCH_SECONDS),
            )
            if hint.solved and hint.moves:
                return f"hint: {ARROWS[hint.moves[0]]}  ({counted(len(hint.moves), 'move')} to go)"
            if hint.status is Status.UNSOLVABLE:
                return "no way to the goal from here"
            return "no hint in time"
        return ""

    def _board_now(self) -> TiltBoard:
        return replace(self.puzzle.board, blocks=self.blocks)

    def screen(self, message: str) -> Text:
        picture = Text()
        for char in self.puzzle.show(self.blocks):
            picture.append(char, STYLES.get(char, ""))
        legend = Text("  ").join(Text.assemble((c, STYLES[c]), f" {what}") for c, what in LEGEND)
        optimum = "?" if self.optimum is None else str(self.optimum)
        return Text("\n").join(
            [
                picture,
                legend,
                Text(f"moves: {len(self.moves)} (optimum {optimum})  {arrows(self.moves)}"),
                Text(message, "bold"),
                Text("arrows/WASD move, u undo, r restart, h hint, q quit", "dim"),
            ]
        )


@contextmanager
def redrawn(console: Console, first: Text) -> Iterator[Callable[[Text], None]]:
    """A function that shows the next screen: redrawn in place on a terminal (rich's Live),
    printed after the last one elsewhere."""
    if not console.is_terminal:
        console.print(first)
        yield console.print
        return
    with Live(first, console=console, auto_refresh=False) as live:
        yield lambda screen: live.update(screen, refresh=True)


def play(puzzle: Tilt, console: Console) -> Game:
    game = Game(puzzle)
    with _raw_terminal() as read_key, redrawn(console, game.screen("")) as show:
        while not game.won:
            key = read_key()
            if key in ("q", "\x03", "\x04"):
                break
            if key in ("\n", "\r", " "):
                continue
            show(game.screen(game.press(key)))
    played = counted(len(game.moves), "move") + (f": {arrows(game.moves)}" if game.moves else "")
    if game.won and len(game.moves) == game.optimum:
        verdict = "optimal!"
    else:
        verdict = f"the optimum is {'not known' if game.optimum is None else game.optimum}"
    if game.won:
        console.print(f"solved in {played} ({verdict})")
    else:
        console.print(f"not solved: stopped after {played} ({verdict})")
    return game
