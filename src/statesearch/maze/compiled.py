"""The maze's compiled A* (``grid_kernel.py``) adapted to the engine: the packed grid, the
arrays it searches in, the slices under the meter, and the path read back.

The kernel runs A* and uniform-cost search with the ``zero``, ``manhattan``, ``octile`` and
``chebyshev`` estimates, any corner rule, 4 or 8 moves and terrain costs, with counts equal to
the Python engine's under the ``classic`` and ``deep`` tie-breaks (``ties``). ``euclidean``
stays in Python: its square root (``math.hypot``) is not computed to the same last bit by both.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

import numpy as np

from ..core.limits import LimitKind, Meter, reserve
from ..core.outcome import Exhausted, Found, Outcome
from ..core.result import Stats
from ..directions import STEPS
from ..errors import InputError
from ..kernels import Prepared
from ..kernels.codes import FOUND, LONGEST, STORED, UNLIMITED, Budget
from ..kernels.slices import grown, run_slices
from .bucket_queue import OpenBuckets
from .cells import DIAGONALS, MOVES, SQRT2
from .grid_kernel import (
    CUT,
    FIRST_G,
    H_CHEBYSHEV,
    H_MANHATTAN,
    H_OCTILE,
    H_ZERO,
    LAST_G,
    LEVEL,
    PLATEAU,
    REGISTERS,
    SIZE,
    estimate,
    grid_astar_slice,
    walk_back,
)
from .jump_kernel import jump_slice
from .jump_runs import bit_lines
from .packed import flat_costs, legal_moves
from .ties import row_key, shift_for

HEURISTICS = {
    "zero": H_ZERO,
    "manhattan": H_MANHATTAN,
    "octile": H_OCTILE,
    "chebyshev": H_CHEBYSHEV,
}
SLICE = 1 << 18  # the first slice's expansions (~20-40 ms): most searches end in one call
HEAP_ROWS = 1 << 12  # jump point search's open list's first length, doubled as it fills
ENTRIES, BUCKETS = 1 << 12, 1 << 8  # A*'s open list: first entries and f values, doubled
MOST_WEIGHT = 1 << 20  # f = g + w·h stays exact in a float64 below it
Kernel = Callable[[Meter, Stats], Outcome]


def packed(maze: Any) -> tuple[np.ndarray, np.ndarray]:
    """The maze's cells as terrain costs in one uint8 array with a border of walls (0)
    (``packed.flat_costs``, copied: the kernels take writable arrays), and its moves as
    ``(offset, diagonal, beside_a, beside_b, dr, dc)`` rows in the maze's order."""
    width = maze.width + 2
    cost = np.frombuffer(flat_costs(maze), dtype=np.uint8).copy()
    rows = [(dr * width + dc, 0, 0, 0, dr, dc) for _, dr, dc in MOVES]
    if maze.moves == 8:
        for _, dr, dc, a, b in DIAGONALS:
            beside = [STEPS[n][0] * width + STEPS[n][1] for n in (a, b)]
            rows.append((dr * width + dc, 1, *beside, dr, dc))
    return cost, np.array(rows, dtype=np.int64)


F64, F64_AS_INT64 = struct.Struct("=d"), struct.Struct("=q")  # a float's bits, as numpy's view
ACTIONS = np.array(["UL", "U", "UR", "L", "", "R", "DL", "D", "DR"], dtype=object)  # dr, dc
ACTION_NAMES: list[str] = ACTIONS.tolist()
# Up to so many cells a loop over the path reads it faster than numpy's dozen calls, each paid
# whatever the length (benchmarks/README.md, ``solve_overhead.py``).
SHORT_PATH = 80


def found(cost: np.ndarray, width: int, cells: np.ndarray) -> Found:
    """The path through the packed ``cells`` (``walk_back``): its cells, its moves, its cost
    added up as ``outcome.along`` adds it (in order, the terrain of the cell entered, times √2
    on a diagonal; an int without a diagonal), without asking for each cell's successors."""
    if len(cells) <= SHORT_PATH:
        return found_looped(cost, width, cells)
    return found_vectorized(cost, width, cells)


def found_vectorized(cost: np.ndarray, width: int, cells: np.ndarray) -> Found:
    """``found`` in numpy's calls, for a long path."""
    rows, columns = np.divmod(cells, width)
    dr, dc = np.diff(rows), np.diff(columns)
    diagonal = (dr != 0) & (dc != 0)
    steps = cost[cells[1:]].astype(np.float64)
    steps[diagonal] *= SQRT2
    total: float = float(np.add.accumulate(steps)[-1]) if steps.size else 0
    if not diagonal.any():
        total = int(total)
    path = list(zip((rows - 1).tolist(), (columns - 1).tolist(), strict=True))
    return Found(path, ACTIONS[(dr + 1) * 3 + dc + 1].tolist(), total)


def found_looped(cost: np.ndarray, width: int, cells: np.ndarray) -> Found:
    """``found`` in a loop over the cells, for a short path: the same cells, moves and cost
    to the last bit (ints added as ints are exact, as numpy's float64 sums of them are; the
    total stays an int until a diagonal's step)."""
    names = ACTION_NAMES
    entered = cost[cells[1:]].tolist()
    r, c = divmod(int(cells[0]), width)
    path, actions = [(r - 1, c - 1)], []
    total: float = 0
    for cell, terrain in zip(cells[1:].tolist(), entered, strict=True):
        nr, nc = divmod(cell, width)
        dr, dc = nr - r, nc - c
        total += terrain * SQRT2 if dr and dc else terrain
        actions.append(names[(dr + 1) * 3 + dc + 1])
        path.append((nr - 1, nc - 1))
        r, c = nr, nc
    return Found(path, actions, total)


def refusal(maze: Any, algorithm: str, heuristic: str, weight: float) -> InputError | None:
    """Why the compiled grid search does not run this search (the Python engine runs it), or
    ``None``; jump point search's own refusal (4 moves, terrain) is raised, as both engines
    refuse it."""
    if algorithm == "jps" and (maze.moves != 8 or not maze.uniform):
        maze.jump_points()  # raises the reason
    if algorithm not in ("astar", "ucs", "jps"):
        return InputError("no compiled kernel for {algorithm} on this problem", algorithm=algorithm)
    if algorithm != "ucs" and heuristic not in HEURISTICS:
        return InputError(
            "the compiled grid search has no {heuristic} estimate (its square root is not "
            "computed to the last bit as Python computes it): use octile, or --engine python",
            heuristic=heuristic,
        )
    if algorithm == "astar" and not (float(weight).is_integer() and 0 <= weight <= MOST_WEIGHT):
        return InputError(
            "the compiled grid search takes a whole weight from 0 to {most}, so that f stays "
            "exact; --engine python takes any",
            most=MOST_WEIGHT,
        )
    return None


def kernel_for(
    maze: Any, algorithm: str, heuristic: str, weight: float, tie_break: str
) -> Kernel | InputError:
    """The compiled A* or jump point search for this search, or why there is none
    (``refusal``)."""
    why = refusal(maze, algorithm, heuristic, weight)
    if why is not None:
        return why
    if algorithm == "jps":

        def make_jumps() -> Kernel:
            search = JumpSearch(maze, HEURISTICS[heuristic], tie_break)
            search.load()
            return search.run

        return Prepared(make_jumps)
    name, w = ("zero", 0) if algorithm == "ucs" else (heuristic, int(weight))

    def make() -> Kernel:
        search = GridSearch(maze, HEURISTICS[name], w, tie_break)
        search.load()
        return search.run

    return Prepared(make)


def first_registers() -> np.ndarray:
    """A search's registers once its start is reached (``GridSearch.begin`` copies them)."""
    registers = np.zeros(REGISTERS, dtype=np.int64)
    registers[SIZE] = registers[LONGEST] = registers[STORED] = 1
    registers[LEVEL] = -1  # no expansion yet: no f has these bits
    return registers


FIRST_REGISTERS = first_registers()


def tied_count(registers: np.ndarray, stats: Stats) -> None:
    """``Stats.tied`` from the plateau's registers, as ``best_first`` counts it: the
    expansions at the last f, none if they all had one g (no tie-break ordered them)."""
    tied = registers[FIRST_G] != registers[LAST_G]
    stats.tied = int(registers[PLATEAU]) if tied else 0


class Tables:
    """A search's g table, ``seen`` (``grid_kernel``) and open lists (A*'s bucket queue, jump
    point search's heap), lent to one search at a time and kept for the next one on the same
    map (``Borrowed``)."""

    def __init__(self, cells: int, meter: Meter | None) -> None:
        queue_bytes = OpenBuckets.nbytes(ENTRIES, BUCKETS)
        reserve(cells * 16 + HEAP_ROWS * 24 + queue_bytes, "making the grid search's tables", meter)
        self.g = np.empty(cells)  # read only where ``seen`` says this search reached the cell
        self.seen = np.zeros(cells, dtype=np.int64)
        self.heap = np.zeros((HEAP_ROWS, 3), dtype=np.int64)  # ``JumpSearch.start_row``
        self.queue = OpenBuckets(ENTRIES, BUCKETS)
        self.search = 0

    def next_search(self) -> int:
        """The next search's number (``seen``'s high half: 1 to 2**31 - 1, then cleared)."""
        self.search += 1
        if self.search >= 1 << 31:
            self.seen[:] = 0
            self.search = 1
        return self.search


class Slices:
    """One search as ``kernels.slices.run_slices`` runs it: ``step(expansions)`` runs the
    kernel, ``grow(meter)`` grows its open list in the borrowed tables (kept so for the next
    search)."""

    def __init__(
        self, registers: np.ndarray, step: Callable[[int], int], grow: Callable[[Meter], None]
    ) -> None:
        self.registers, self.run, self.grow = registers, step, grow


class Borrowed:
    """Tables for one search, in a ``with``: a free one of this map's (shared by
    ``with_ends``' copies), else new ones; given back when the search ends, however it ends. (A
    class, not a generator: ``contextmanager``'s machinery weighs on a trivial query.)"""

    def __init__(self, maze: Any, cells: int, meter: Meter) -> None:
        self.free: list[Tables] = maze.kernel_tables.setdefault("free", [])
        self.cells, self.meter = cells, meter

    def __enter__(self) -> Tables:
        try:
            self.tables = self.free.pop()  # pop and append are atomic: two threads never share one
        except IndexError:
            self.tables = Tables(self.cells, self.meter)
        return self.tables

    def __exit__(self, *exc: object) -> None:
        self.free.append(self.tables)


class GridSearch:
    """One search's arrays and its run under the meter."""

    def __init__(self, maze: Any, kind: int, weight: int, tie_break: str) -> None:
        self.maze, self.kind, self.weight = maze, kind, weight
        kept = maze.kernel_tables
        grid = kept.get("grid")
        if grid is None:  # one per map: the copies share it
            cost, moves = packed(maze)
            # each cell's legal moves, a byte (bit m: ``moves[m]``), as the Python engine's
            grid = kept["grid"] = cost, moves, np.frombuffer(legal_moves(maze), dtype=np.uint8)
        self.cost, self.moves, self.open_moves = grid
        self.width = maze.width + 2
        self.start = self.index(maze.initial)
        self.goal = self.index(maze.goal)
        self.shift = shift_for(tie_break, self.cost.shape[0])  # the rows' tie words (``ties``)

    def index(self, cell: tuple[int, int]) -> int:
        return int((cell[0] + 1) * self.width + cell[1] + 1)

    def load(self) -> None:
        """numba's machine code loaded (from its cache, or compiled once) before the clock: a
        call with an empty open list, which returns at once."""
        if not grid_astar_slice.overloads:
            tiny = Tables(1, None)
            self.slice(tiny, np.zeros(0, dtype=np.int32), np.zeros(REGISTERS, np.int64), 0)

    def slice(
        self,
        tables: Tables,
        depth: np.ndarray,
        registers: np.ndarray,
        expansions: int,
        budget: Budget = UNLIMITED,
    ) -> int:
        q = tables.queue
        return int(
            grid_astar_slice(
                q.cur,
                q.pool_g,
                q.pool_cell,
                q.pool_next,
                q.bucket_f,
                q.bucket_head,
                q.fheap,
                q.table,
                q.fcur,
                tables.g,
                tables.seen,
                tables.search,
                depth,
                self.cost,
                self.moves,
                self.open_moves,
                self.goal,
                self.width,
                self.kind,
                self.maze.min_cost,
                float(self.weight),
                self.shift,
                registers,
                budget,
                expansions,
            )
        )

    def begin(self, tables: Tables, weight: int, unit: int) -> tuple[np.ndarray, float]:
        """A new search's start reached; its registers and the start's f."""
        search = tables.next_search()
        tables.g[self.start] = 0.0
        tables.seen[self.start] = search << 32 | self.start  # reached from itself
        goal_r, goal_c = divmod(self.goal, self.width)
        start_r, start_c = divmod(self.start, self.width)
        h = estimate(start_r - goal_r, start_c - goal_c, self.kind, unit)
        return FIRST_REGISTERS.copy(), weight * h

    def run(self, meter: Meter, stats: Stats) -> Outcome:
        n = self.cost.shape[0]
        depth = np.zeros(0, dtype=np.int32)
        if meter.depth_limited:
            reserve(n * 4, "the grid search's table of depths", meter)
            depth = np.zeros(n, dtype=np.int32)
        budget = Budget.of(meter)
        with Borrowed(self.maze, n, meter) as tables:
            registers, f = self.begin(tables, self.weight, self.maze.min_cost)
            tables.queue.begin(registers, self.start, f, self.shift)
            moves = self.moves.shape[0]
            slices = Slices(
                registers,
                lambda k: self.slice(tables, depth, registers, k, budget),
                lambda meter: tables.queue.grow(registers, moves, meter),
            )
            try:
                status = run_slices(slices, meter, stats, SLICE)
            finally:
                tied_count(registers, stats)
            if status == FOUND:
                return self.found(tables.seen)
            return Exhausted(LimitKind.DEPTH if registers[CUT] else None)

    def found(self, seen: np.ndarray) -> Found:
        return found(self.cost, self.width, walk_back(seen, self.start, self.goal, self.width))


class JumpSearch(GridSearch):
    """Jump point search's arrays (``jump_kernel``) and its run under the meter."""

    def __init__(self, maze: Any, kind: int, tie_break: str) -> None:
        super().__init__(maze, kind, 1, tie_break)
        kept = maze.kernel_tables
        if "bits" not in kept:  # one per map, as the packed costs
            kept["bits"] = bit_lines(self.cost.reshape(-1, self.width) > 0)
        self.bits: np.ndarray = kept["bits"]

    def load(self) -> None:
        if not jump_slice.overloads:
            self.jump(Tables(1, None), np.zeros(REGISTERS, np.int64), 0)

    def jump(
        self,
        tables: Tables,
        registers: np.ndarray,
        expansions: int,
        budget: Budget = UNLIMITED,
    ) -> int:
        return int(
            jump_slice(
                tables.heap,
                tables.g,
                tables.seen,
                tables.search,
                self.cost,
                self.bits,
                self.goal,
                self.width,
                self.kind,
                self.maze.corners == "cut",
                self.shift,
                registers,
                budget,
                expansions,
            )
        )

    def start_row(self, f: float) -> tuple[int, int, int]:
        """The open list's first row: f's bits as an integer (non-negative floats order as
        their bit patterns, and integers compare with one branch fewer than floats), then the
        start at g = 0 as the tie policy keeps it (``ties.row_key``), the first push. Both in
        Python (``row_key``'s own code, ``py_func``): a call into numba costs more than this."""
        (f_bits,) = F64_AS_INT64.unpack(F64.pack(f))
        return (f_bits, *row_key.py_func(0, self.start, 0, self.shift))

    def run(self, meter: Meter, stats: Stats) -> Outcome:
        if meter.depth_limited:
            raise InputError(
                "jump point search takes no depth limit (a jump spans many moves): use astar"
            )
        budget = Budget.of(meter)
        with Borrowed(self.maze, self.cost.shape[0], meter) as tables:
            registers, f = self.begin(tables, 1, 1)
            tables.heap[0] = self.start_row(f)

            def grow(meter: Meter) -> None:
                tables.heap = grown(tables.heap, "the grid search's open list", meter)

            slices = Slices(registers, lambda k: self.jump(tables, registers, k, budget), grow)
            try:
                status = run_slices(slices, meter, stats, SLICE)
            finally:
                tied_count(registers, stats)
            if status == FOUND:
                cells = walk_back(tables.seen, self.start, self.goal, self.width)
                return found(self.cost, self.width, cells)
            return Exhausted()
