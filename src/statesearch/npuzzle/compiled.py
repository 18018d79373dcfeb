"""Which compiled kernel solves an n-puzzle, and the adapters that give the engine its outcome,
counters and budgets from it.

``kernel_for`` is the dispatch (``NPuzzle.compiled`` delegates to it); the IDA* kernels run
under ``kernels.ida_driver``, the A* kernel in slices like every kernel, so a compiled search is
bounded exactly like a Python one.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Protocol

import numpy as np

from ..core.limits import LimitKind, Meter, reserve
from ..core.outcome import Exhausted, Found, Outcome
from ..core.problem import longest_optimal
from ..core.result import Stats
from ..directions import LESSON_ORDER, OPPOSITE
from ..kernels import Prepared, compile_for
from ..kernels.codes import EXHAUSTED, LONGEST, PAUSED, STORED, Budget
from ..kernels.ida_driver import IDA_REGISTERS, MAX_DEPTH, Register, iterations
from ..kernels.slices import grown, run_slices
from . import specialized
from .astar_kernel import (
    CUT,
    G_BITS,
    H_MANHATTAN,
    H_MISPLACED,
    H_ZERO,
    MAX_G,
    REGISTERS,
    SIZE,
    UNSEEN,
    Rules,
    astar_slice,
    estimate,
    rank_board,
)
from .board import Tiles
from .conflicts import ConflictTables
from .heuristics import make_linear_conflict, make_manhattan
from .ida_kernels import (
    F_BACK,
    F_DIRECTION,
    IDA_MAX_CELLS,
    KERNELS,
    LINEAR_CONFLICT,
    MANHATTAN,
    PATTERN_DB,
    root_frame,
)
from .moves import MoveTables, manhattan_deltas, manhattan_table

if TYPE_CHECKING:
    from ..kernels import Kernel
    from .pdb_lookup import PatternDatabase

SLICE = 1 << 21  # IDA* expansions between clock checks: ~20-40 ms of kernel time
# Seconds left above which a search waits for its shape's compile (a few seconds, once per
# machine) rather than starting on the loop kernel: a batch's warm-up, a search with no limit.
COMPILE_WAIT = 60.0
A_STAR_MAX_CELLS = 12  # 12! boards: a byte of g and a byte of parent move each (~1 GB)
OPEN_LIST = 1 << 16  # the A* open list's first rows
# f = g + w·h sits above g's byte in a 64-bit priority; beyond this weight (a greedy search in
# all but name) the Python engine runs it.
A_STAR_MAX_WEIGHT = 1 << 20
A_STAR_HEURISTICS = {"zero": H_ZERO, "misplaced": H_MISPLACED, "manhattan": H_MANHATTAN}
NO_ARRAYS: tuple[np.ndarray, ...] = (np.zeros(0, dtype=np.int64),) * 10  # for a kernel copy
# that does not read them


class Puzzle(Protocol):
    """What the adapters read of an ``NPuzzle``."""

    rows: int
    cols: int
    initial: Tiles
    goal: Tiles

    @property
    def pattern_database(self) -> PatternDatabase: ...


def kernel_for(puzzle: Puzzle, algorithm: str, heuristic: str, weight: float) -> Kernel | None:
    """A compiled kernel for this (algorithm, heuristic), or ``None`` (the facade then runs the
    Python engine)."""
    n = puzzle.rows * puzzle.cols
    whole = float(weight).is_integer() and 0 <= weight <= A_STAR_MAX_WEIGHT
    if algorithm in ("astar", "ucs") and whole and n <= A_STAR_MAX_CELLS:
        name = "zero" if algorithm == "ucs" else heuristic
        w = 0 if algorithm == "ucs" else int(weight)
        if name in A_STAR_HEURISTICS:
            return lambda meter, stats: astar(puzzle, name, w, meter, stats)
    if algorithm != "idastar" or n > IDA_MAX_CELLS:
        return None
    if heuristic == "manhattan" and n <= specialized.MAX_CELLS:
        return lambda meter, stats: ida_star(manhattan_search(puzzle, meter), puzzle, meter, stats)
    if heuristic in ("manhattan", "pdb") or (
        heuristic == "linear_conflict" and max(puzzle.rows, puzzle.cols) <= ConflictTables.MAX_SIDE
    ):
        # Made as setup (``Prepared``): its tables, and its machine code loaded from numba's
        # cache (a quarter of a second in a fresh process), are not the search's seconds.
        def make() -> Kernel:
            search = FrameSearch(puzzle, heuristic)
            search.load()
            return lambda meter, stats: ida_star(search, puzzle, meter, stats)

        return Prepared(make)
    return None


def solution(puzzle: Puzzle, directions: np.ndarray, order: str) -> Found:
    """The boards along a path of blank moves (numbered in ``order``)."""
    actions = [order[int(d)] for d in directions]
    tiles = list(puzzle.initial)
    path = [puzzle.initial]
    step = {"U": -puzzle.cols, "D": puzzle.cols, "L": -1, "R": 1}
    for action in actions:
        blank = tiles.index(0)
        tiles[blank], tiles[blank + step[action]] = tiles[blank + step[action]], 0
        path.append(tuple(tiles))
    return Found(path, actions, len(actions))


class FrameSearch:
    """The loop kernels (``ida_kernels``): any board size, Manhattan distance, linear conflicts
    or a pattern database.

    With ``last_move`` (a direction in ``MoveTables`` order) the search starts at a node that
    move led to, below the root of a bigger search: its first children then skip the move that
    undoes it, so a subtree prunes and counts exactly as it does inside the whole search
    (``split``)."""

    slice = SLICE

    def __init__(self, puzzle: Puzzle, heuristic: str, last_move: int | None = None) -> None:
        self.puzzle = puzzle
        self.moves = MoveTables(puzzle.rows, puzzle.cols)
        goal = np.array(puzzle.goal, dtype=np.int64)
        self.delta = manhattan_deltas(goal, puzzle.cols, self.moves)
        self.start = np.array(puzzle.initial, dtype=np.uint8)
        self.tiles = self.start.copy()
        self.frames = np.zeros(MAX_DEPTH + 2, dtype=np.uint64)
        self.path = np.zeros(MAX_DEPTH + 2, dtype=np.uint8)
        self.lines, self.pdb, self.mirror = NO_ARRAYS[:9], NO_ARRAYS, False
        blank = puzzle.initial.index(0)
        if heuristic == "pdb":
            self.kernel = KERNELS[PATTERN_DB]
            pdb = puzzle.pattern_database
            self.pdb, self.mirror = pdb.kernel_arrays(puzzle.initial), pdb.mirror
            normal, mirrored = pdb.sums(puzzle.initial)
            self.root, self.h = root_frame(blank, normal, mirrored), max(normal, mirrored)
        elif heuristic == "linear_conflict":
            self.kernel = KERNELS[LINEAR_CONFLICT]
            table = ConflictTables(goal, puzzle.rows, puzzle.cols, self.moves)
            self.lines = (table.codes(self.start), *table.arrays)
            self.h = make_linear_conflict(puzzle.goal, puzzle.cols)(puzzle.initial)
            self.root = root_frame(blank, self.h)
        else:
            self.kernel = KERNELS[MANHATTAN]
            self.h = make_manhattan(puzzle.goal, puzzle.cols)(puzzle.initial)
            self.root = root_frame(blank, self.h)
        if last_move is not None:
            back = np.uint64(self.moves.opposite[last_move])
            self.root = self.root & ~(F_DIRECTION << F_BACK) | back << F_BACK
        # What the kernel keeps current move by move, as it stands at the root.
        self.moving = [a for a in (*self.lines[:1], *self.pdb[8:]) if len(a)]
        self.at_root = [a.copy() for a in self.moving]

    def restart(self) -> None:
        self.tiles[:] = self.start
        self.frames[0] = self.root
        for array, root in zip(self.moving, self.at_root, strict=True):
            array[:] = root

    def run(self, registers: np.ndarray, expansions: int) -> int:
        return int(self.kernel(*self._arguments(registers, expansions)))

    def load(self) -> None:
        """Have numba load (or compile) the kernel's machine code for these arguments now,
        which it would otherwise do on the first ``run``."""
        arguments = self._arguments(np.zeros(IDA_REGISTERS, dtype=np.int64), SLICE)
        compile_for(self.kernel, arguments)

    def _arguments(self, registers: np.ndarray, expansions: int) -> tuple[object, ...]:
        return (
            self.tiles,
            self.moves.cell_after,
            self.moves.opposite,
            registers,
            self.frames,
            self.path,
            expansions,
            self.delta,
            self.lines,
            self.pdb,
            self.mirror,
        )

    def solution(self, depth: int) -> Found:
        return solution(self.puzzle, self.path[:depth], self.moves.order)


def manhattan_search(puzzle: Puzzle, meter: Meter) -> FrameSearch | PerShapeSearch:
    """The per-shape search when its machine code is at hand (or worth waiting for: more than
    ``COMPILE_WAIT`` seconds left), else the loop kernel while the code compiles in the
    background: both count the same, so only the speed differs."""
    left = meter.deadline - time.perf_counter()
    search = specialized.ready_search(
        puzzle.rows, puzzle.cols, can_wait=left > COMPILE_WAIT, check=meter.check
    )
    return FrameSearch(puzzle, "manhattan") if search is None else PerShapeSearch(puzzle, search)


class PerShapeSearch:
    """IDA* + Manhattan through the search compiled for this board shape (``specialized``): the
    same counters as the loop kernel, 1.6x its node rate."""

    slice = SLICE

    def __init__(self, puzzle: Puzzle, search: specialized.Search | None = None) -> None:
        self.puzzle = puzzle
        self.moves = MoveTables(puzzle.rows, puzzle.cols)
        goal = np.array(puzzle.goal, dtype=np.int64)
        self.delta = manhattan_deltas(goal, puzzle.cols, self.moves)
        self.h = make_manhattan(puzzle.goal, puzzle.cols)(puzzle.initial)
        self.blank = puzzle.initial.index(0)
        self.tiles = np.array(puzzle.initial, dtype=np.uint8)
        self.path = np.zeros(MAX_DEPTH + 2, dtype=np.uint8)
        self.search = search or specialized.search_function(puzzle.rows, puzzle.cols)

    def restart(self) -> None:
        """Nothing to do: the search unwinds to the root (restoring the board) when it pauses
        or ends, and the driver clears its replay register."""

    def run(self, registers: np.ndarray, expansions: int) -> int:
        registers[specialized.S_STOP_AT] = registers[Register.EXPANDED] + expansions
        status = specialized.run_slice(
            self.search, self.tiles, self.delta, registers, self.path, self.blank, self.h
        )
        if status == PAUSED:
            registers[Register.DEPTH] = registers[specialized.S_REPLAY] - 1  # the child's parent
        return status

    def solution(self, depth: int) -> Found:
        return solution(self.puzzle, self.path[:depth], self.moves.order)


def ida_star(
    search: FrameSearch | PerShapeSearch, puzzle: Puzzle, meter: Meter, stats: Stats
) -> Outcome:
    root_is_goal = puzzle.initial == puzzle.goal
    return iterations(search, int(search.h), root_is_goal, meter, stats, longest_optimal(puzzle))


class BoardAStar:
    """The A* kernel on one board, run by ``kernels.slices.run_slices``: g and the parent moves
    in flat arrays indexed by board rank (a byte each per board, asked of ``reserve`` before
    they are allocated), the open list doubled under ``reserve`` when full."""

    def __init__(self, puzzle: Puzzle, heuristic: str, weight: int, meter: Meter) -> None:
        n = puzzle.rows * puzzle.cols
        boards = math.factorial(n)
        reserve(
            2 * boards + OPEN_LIST * 16, "making the compiled A*'s tables (2 bytes a board)", meter
        )
        self.puzzle, self.weight = puzzle, weight
        self.factorial = np.array([math.factorial(i) for i in range(n + 1)], dtype=np.int64)
        self.g = np.full(boards, UNSEEN, dtype=np.uint8)
        self.came = np.zeros(boards, dtype=np.uint8)
        self.goal = np.array(puzzle.goal, dtype=np.int64)
        self.md = manhattan_table(self.goal, puzzle.cols)
        # The engine's order, so both count alike.
        self.cell_after = MoveTables(puzzle.rows, puzzle.cols, LESSON_ORDER).cell_after
        self.cell_after = self.cell_after.astype(np.int64)
        self.kind = A_STAR_HEURISTICS[heuristic]
        start = np.array(puzzle.initial, dtype=np.int64)
        self.start_rank = rank_board(start, self.factorial)
        self.goal_rank = rank_board(self.goal, self.factorial)
        self.g[self.start_rank] = 0
        self.heap = np.zeros((OPEN_LIST, 2), dtype=np.uint64)
        self.heap[0] = (
            weight * estimate(start, self.goal, self.md, self.kind) << G_BITS,
            self.start_rank,
        )
        self.registers = np.zeros(REGISTERS, dtype=np.int64)
        self.registers[SIZE] = self.registers[LONGEST] = self.registers[STORED] = 1
        self.budget = Budget.of(meter, MAX_G)
        self.rules = Rules(
            self.goal,
            self.goal_rank,
            self.md,
            self.kind,
            weight,
            self.cell_after,
            self.factorial,
        )

    def run(self, expansions: int) -> int:
        return int(
            astar_slice(
                self.heap,
                self.g,
                self.came,
                self.rules,
                self.registers,
                self.budget,
                expansions,
            )
        )

    def grow(self, meter: Meter) -> None:
        self.heap = grown(self.heap, "growing the compiled A*'s open list", meter)

    def solution(self) -> Found:
        """Walk the parent moves back from the goal."""
        order, cell_after = LESSON_ORDER, self.cell_after
        directions = []
        tiles = self.goal.copy()
        rank = self.goal_rank
        while rank != self.start_rank:
            d = int(self.came[rank])
            directions.append(d)
            blank = int(np.flatnonzero(tiles == 0)[0])
            back = int(cell_after[blank * 4 + order.index(OPPOSITE[order[d]])])
            tiles[blank], tiles[back] = tiles[back], 0
            rank = rank_board(tiles, self.factorial)
        return solution(self.puzzle, np.array(directions[::-1]), order)


def astar(puzzle: Puzzle, heuristic: str, weight: int, meter: Meter, stats: Stats) -> Outcome:
    """A* over flat arrays indexed by board rank; counts equal the Python engine's (classic)."""
    search = BoardAStar(puzzle, heuristic, weight, meter)
    if run_slices(search, meter, stats) == EXHAUSTED:
        return Exhausted(LimitKind.DEPTH if search.registers[CUT] else None)
    return search.solution()
