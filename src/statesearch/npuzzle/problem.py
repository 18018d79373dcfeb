"""The n-puzzle as a search problem: any rows x cols, any goal."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING

from ..core.limits import LimitKind
from ..core.note import Note
from ..core.problem import Heuristic, NamedHeuristics
from ..directions import LESSON_ORDER, OPPOSITE, neighbours
from ..errors import InputError
from .board import (
    Board,
    Tiles,
    check_permutation,
    compact,
    format_board,
    goal_option,
    goal_spelling,
    parse_board,
    parse_goal,
)
from .heuristics import make_linear_conflict, make_manhattan, make_misplaced, make_rowcol
from .longest import longest_optimal
from .solvability import is_solvable, parity_proof

if TYPE_CHECKING:  # numba loads slowly: import the pattern databases only when used
    from ..kernels import Kernel
    from .pdb_lookup import PatternDatabase

Maker = Callable[[], Heuristic]
SMALL_BOARD = 9  # cells
SMALL_SPACE = 2_000_000  # reachable states A* may keep (2x5 has 1,814,400; 3x4 239,500,800)
HEURISTIC_ALIASES = {
    "h0": "zero",
    "none": "zero",
    "h1": "misplaced",
    "h2": "manhattan",
    "h3": "rowcol",
}


class NPuzzle:
    """Slide tiles into the blank until the board equals ``goal``.

    Actions are the direction the blank moves (U, D, L, R), generated in the order down, up,
    right, left (part of the lesson's published counts); every move costs 1. A
    ``pattern_database`` given here is used for ``-H pdb``; otherwise the one for ``partition``
    is loaded (or built) on first use.
    """

    unit_costs = True
    default_heuristic = "manhattan"
    heuristic_aliases = HEURISTIC_ALIASES
    # Said with a compiled IDA*'s result (``result.py``: the meanings are one, the trees not).
    compiled_ida_counts = (
        "the compiled IDA* counts Korf's way: it never produces the move back and tries up, "
        "left, right, down, so its counts differ from the Python engine's"
    )

    def __init__(
        self,
        start: Tiles,
        rows: int,
        cols: int,
        goal: Tiles | None = None,
        partition: str | None = None,
        pattern_database: PatternDatabase | None = None,
    ) -> None:
        self.rows, self.cols = rows, cols
        n = rows * cols
        goal = goal if goal is not None else (*range(1, n), 0)
        for tiles in (start, goal):
            if len(tiles) != n:
                raise InputError(
                    "a {rows}x{cols} board has {tiles} cells, got {count}",
                    rows=rows,
                    cols=cols,
                    tiles=n,
                    count=len(tiles),
                )
            check_permutation(tiles)
        self.initial: Tiles = tuple(start)
        self.goal: Tiles = tuple(goal)
        self._moves = [neighbours(cell, rows, cols, LESSON_ORDER) for cell in range(n)]
        self.partition = partition
        self._pattern_database = pattern_database

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

    def with_pattern_database(self, pattern_database: PatternDatabase) -> NPuzzle:
        """The same puzzle, searching with these tables for ``-H pdb``."""
        return NPuzzle(
            self.initial, self.rows, self.cols, self.goal, self.partition, pattern_database
        )

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

    def backward_heuristic(self, state: Tiles) -> int:
        """Linear conflicts toward the start, for mm's backward side (a slide undoes itself,
        so an estimate of the moves between two boards serves either way)."""
        return self._toward_start(state)

    @cached_property
    def _toward_start(self) -> Callable[[Tiles], int]:
        return make_linear_conflict(self.initial, self.cols)

    def unsolvable_reason(self) -> str | None:
        return parity_proof(self.initial, self.goal, self.cols)

    @property
    def longest_optimal(self) -> int | None:
        """No solvable board needs more moves (known for boards up to 4x4; ``None`` above)."""
        return longest_optimal(self.rows, self.cols, self.goal)

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

        def maker(name: str, make: Callable[[Tiles, int], Callable[[Tiles], int]]) -> Maker:
            return lambda: Heuristic(name, make(self.goal, self.cols))

        makers = {name: maker(name, make) for name, make in made.items()}
        makers["pdb"] = lambda: Heuristic("pdb", lambda tiles: self.pattern_database.value(tiles))
        return NamedHeuristics(makers)

    @property
    def pattern_database(self) -> PatternDatabase:
        """The additive pattern database for this goal (built and cached on first use)."""
        if self._pattern_database is None:
            from .pdb_lookup import loaded

            self._pattern_database = loaded(self.rows, self.cols, self.goal, self.partition)
        return self._pattern_database

    def choose_algorithm(self, heuristic: str | None) -> tuple[str, str, str]:
        """What ``algorithm="auto"`` runs: A* where the whole space fits in memory (the lesson's
        boards), else IDA* (it keeps only its path) with the strongest admissible heuristic at
        hand: the pattern database when its tables are built, else linear conflicts."""
        reachable = math.factorial(self.rows * self.cols) // 2
        if reachable <= SMALL_SPACE:
            chosen = heuristic or self.default_heuristic
            fits = Note(
                "A* + {chosen}, the whole space ({reachable:,} states) fits",
                chosen=chosen,
                reachable=reachable,
            )
            return "astar", chosen, fits
        if heuristic is None:
            from .pdb import tables_built

            built = tables_built(self.rows, self.cols, self.goal, self.partition)
            heuristic = "pdb" if built else "linear_conflict"
            strongest: str = (
                Note("the pattern database (its tables are built)")
                if built
                else Note(
                    "linear conflicts, the strongest heuristic without pattern-database tables "
                    "(build them once with: {command})",
                    command=self.pdb_build_command(),
                )
            )
        else:
            strongest = heuristic
        why = Note(
            "IDA* + {heuristic}: {reachable} reachable states are too many to keep, IDA* keeps "
            "only its path; {strongest}",
            heuristic=heuristic,
            reachable=count(reachable),
            strongest=strongest,
        )
        return "idastar", heuristic, why

    def goal_spelling(self) -> str:
        """The goal as ``--goal`` reads it: ``blank-last``, ``blank-first`` or a quoted board."""
        return goal_spelling(self.goal)

    def limit_hint(self, algorithm: str, heuristic: str | None, kind: LimitKind) -> str | None:
        """After the time limit, on a board too big to keep whole: the pattern databases are
        the stronger heuristic, built or to be built (the generic hint names neither)."""
        if kind is not LimitKind.TIME or heuristic in (None, "pdb") or algorithm != "idastar":
            return None
        from .pdb import tables_built

        if tables_built(self.rows, self.cols, self.goal, self.partition):
            return "-H pdb, the stronger heuristic, has its tables built: try it"
        return (
            f"-H pdb is far stronger: build its tables once with {self.pdb_build_command()}, "
            "or a longer time limit may get further"
        )

    def pdb_build_command(self) -> str:
        """The command that builds this board's pattern databases for its goal."""
        goal = goal_option(self.goal)  # pdb build's default goal is solve's
        partition = f" --partition {self.partition}" if self.partition else ""
        return f"statesearch pdb build {self.rows}x{self.cols}{goal}{partition}"

    def compiled(
        self, algorithm: str, heuristic: str, weight: float, required: bool
    ) -> Kernel | None:
        """A compiled kernel for this (algorithm, heuristic), or ``None``: see ``compiled``.
        Unless one is ``required``, boards of up to 9 cells stay in Python: it finishes them
        before numba would have loaded (so they do not load it at all)."""
        if self.rows * self.cols <= SMALL_BOARD and not required and heuristic != "pdb":
            return None
        from .compiled import kernel_for

        return kernel_for(self, algorithm, heuristic, weight)

    def apply(self, state: Tiles, action: str) -> Tiles:
        """The board after the blank moves in direction ``action``."""
        for name, child, _ in self.successors(state):
            if name == action:
                return child
        raise InputError("the blank cannot move {move!r} here", move=action)

    def show(self, state: Tiles) -> str:
        """The board as rows (for pictures)."""
        return format_board(state, self.cols)

    def render(self, state: Tiles) -> str:
        """The board on one line, as it is typed: ``7 2 4 5 0 6 8 3 1`` (traces use this)."""
        return compact(state)

    def _repr_html_(self) -> str:
        from ..pictures import puzzle_html  # a notebook's picture, loaded only there

        return puzzle_html(self)


def count(n: int) -> str:
    """``10,461,394,944,000``, or ``about 10^35,659`` when the digits would fill the screen."""
    return f"{n:,}" if n < 10**30 else f"about 10^{int(math.log10(n)):,}"


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
