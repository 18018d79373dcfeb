"""The n-puzzle as a search problem: any rows x cols, any goal."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING

from ..algorithms._common import Budgets, Outcome
from ..errors import InputError
from ..problem import Heuristic
from ..result import Stats
from .board import Board, Tiles, check_permutation, format_board, parse_board, parse_goal
from .heuristics import make_linear_conflict, make_manhattan, make_misplaced, make_rowcol
from .solvability import is_solvable, parity_proof

# The blank moves down, up, right, left: this order is part of the published counts.
DIRECTIONS = (("D", 1, 0), ("U", -1, 0), ("R", 0, 1), ("L", 0, -1))
OPPOSITE = {"D": "U", "U": "D", "R": "L", "L": "R"}
if TYPE_CHECKING:  # numba loads slowly: import the pattern databases only when used
    from .pdb import PatternDatabase

SMALL_BOARD = 9
Kernel = Callable[[Budgets, Stats], Outcome]
HEURISTIC_ALIASES = {
    "h0": "zero",
    "none": "zero",
    "h1": "misplaced",
    "h2": "manhattan",
    "h3": "rowcol",
}


class NPuzzle:
    """Slide tiles into the blank until the board equals ``goal``.

    Actions are the direction the blank moves (U, D, L, R); every move costs 1.
    """

    unit_costs = True
    default_heuristic = "manhattan"
    heuristic_aliases = HEURISTIC_ALIASES

    def __init__(
        self,
        start: Tiles,
        rows: int,
        cols: int,
        goal: Tiles | None = None,
        partition: str | None = None,
    ) -> None:
        self.rows, self.cols = rows, cols
        n = rows * cols
        goal = goal if goal is not None else (*range(1, n), 0)
        for tiles in (start, goal):
            if len(tiles) != n:
                raise InputError(
                    "a {rows}x{cols} board has {tiles} tiles, got {count}",
                    rows=rows,
                    cols=cols,
                    tiles=n,
                    count=len(tiles),
                )
            check_permutation(tiles)
        self.initial: Tiles = tuple(start)
        self.goal: Tiles = tuple(goal)
        self._moves = [_moves_from(cell, rows, cols) for cell in range(n)]
        self.partition = partition

    @classmethod
    def from_text(
        cls,
        board: str,
        goal: str | None = None,
        rows: int | None = None,
        cols: int | None = None,
        partition: str | None = None,
    ) -> NPuzzle:
        parsed: Board = parse_board(board, rows, cols)
        goal_tiles = parse_goal(goal, parsed.rows, parsed.cols)
        return cls(parsed.tiles, parsed.rows, parsed.cols, goal_tiles, partition)

    def is_goal(self, state: Tiles) -> bool:
        return state == self.goal

    def successors(self, state: Tiles) -> list[tuple[str, Tiles, int]]:
        blank = state.index(0)
        out = []
        for action, cell in self._moves[blank]:
            tiles = list(state)
            tiles[blank] = tiles[cell]
            tiles[cell] = 0
            out.append((action, tuple(tiles), 1))
        return out

    def predecessors(self, state: Tiles) -> list[tuple[str, Tiles, int]]:
        # Every slide can be undone by the opposite slide.
        return [(OPPOSITE[a], prev, 1) for a, prev, _ in self.successors(state)]

    def unsolvable_reason(self) -> str | None:
        return parity_proof(self.initial, self.goal, self.cols)

    @property
    def solvable(self) -> bool:
        return is_solvable(self.initial, self.goal, self.cols)

    @cached_property
    def heuristics(self) -> Mapping[str, Heuristic]:
        made = {
            "misplaced": make_misplaced,
            "manhattan": make_manhattan,
            "rowcol": make_rowcol,
            "linear_conflict": make_linear_conflict,
        }
        table = {name: Heuristic(name, make(self.goal, self.cols)) for name, make in made.items()}
        table["pdb"] = Heuristic("pdb", lambda tiles: self.pattern_database.value(tiles))
        return table

    @cached_property
    def pattern_database(self) -> PatternDatabase:
        """The additive pattern database for this goal (built and cached on first use)."""
        from .pdb import shared

        return shared(self.rows, self.cols, self.goal, self.partition)

    def compiled(
        self, algorithm: str, heuristic: str, weight: float, required: bool
    ) -> Kernel | None:
        """A compiled kernel for this (algorithm, heuristic), or ``None`` (the facade then runs
        the Python engine). Unless ``required``, boards of 9 cells or fewer stay in Python: it
        finishes them before numba would have loaded its kernels (about a second)."""
        n = self.rows * self.cols
        if n <= SMALL_BOARD and not required and heuristic != "pdb":
            return None
        from . import compiled

        whole = float(weight).is_integer() and weight >= 0
        if algorithm in ("astar", "ucs") and whole and n <= compiled.A_STAR_MAX_CELLS:
            name = "zero" if algorithm == "ucs" else heuristic
            w = 0 if algorithm == "ucs" else int(weight)
            if name in compiled.A_STAR_HEURISTICS:
                return lambda budgets, stats: compiled.astar(self, name, w, budgets, stats)
        if algorithm != "idastar" or n > compiled.IDA_MAX_CELLS:
            return None
        if heuristic == "manhattan" and n <= compiled.SPECIALIZED_MAX_CELLS:
            return lambda budgets, stats: compiled.ida_specialized(self, budgets, stats)
        if heuristic == "manhattan":
            return lambda budgets, stats: compiled.ida_manhattan(self, budgets, stats)
        if heuristic == "linear_conflict" and max(self.rows, self.cols) <= compiled.LC_MAX_SIDE:
            return lambda budgets, stats: compiled.ida_manhattan(self, budgets, stats, True)
        if heuristic == "pdb":
            return lambda budgets, stats: compiled.ida_pdb(
                self, self.pattern_database, budgets, stats
            )
        return None

    def apply(self, state: Tiles, action: str) -> Tiles:
        """The board after the blank moves in direction ``action``."""
        for name, child, _ in self.successors(state):
            if name == action:
                return child
        raise InputError("the blank cannot move {move!r} here", move=action)

    def show(self, state: Tiles) -> str:
        return format_board(state, self.cols)


def _moves_from(cell: int, rows: int, cols: int) -> list[tuple[str, int]]:
    r, c = divmod(cell, cols)
    return [
        (name, (r + dr) * cols + (c + dc))
        for name, dr, dc in DIRECTIONS
        if 0 <= r + dr < rows and 0 <= c + dc < cols
    ]


def scramble(goal: Tiles, rows: int, cols: int, moves: int, seed: int | None = None) -> Tiles:
    """The goal after ``moves`` random slides (never undoing the previous one): always solvable."""
    rng = random.Random(seed)
    puzzle = NPuzzle(goal, rows, cols, goal)
    state, last = goal, None
    for _ in range(moves):
        options = [(a, s) for a, s, _ in puzzle.successors(state) if a != OPPOSITE.get(last or "")]
        last, state = rng.choice(options)
    return state


def random_board(
    rows: int,
    cols: int,
    seed: int | None = None,
    goal: Tiles | None = None,
    solvable: bool | None = True,
) -> Tiles:
    """A uniformly random board; by default one that can reach ``goal`` (``solvable=None``: any)."""
    rng = random.Random(seed)
    n = rows * cols
    goal = goal if goal is not None else (*range(1, n), 0)
    tiles = list(range(n))
    rng.shuffle(tiles)
    if solvable is not None and is_solvable(tuple(tiles), goal, cols) != solvable:
        # Swapping two tiles (not the blank) flips the parity.
        i, j = [k for k, t in enumerate(tiles) if t][:2]
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tuple(tiles)
