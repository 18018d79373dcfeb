"""The maze's compiled A* (``grid_kernel.py``) adapted to the engine: the packed grid, the
arrays it searches in, the slices under the meter, and the path read back.

The kernel runs A* and uniform-cost search with the ``zero``, ``manhattan``, ``octile`` and
``chebyshev`` estimates, any corner rule, 4 or 8 moves and terrain costs, with counts equal to
the Python engine's (the ``classic`` tie-break). ``euclidean`` stays in Python: its square root
(``math.hypot``) is not computed to the same last bit by both.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

from ..directions import STEPS
from ..errors import InputError
from ..kernels import Prepared
from ..kernels.codes import (
    EXHAUSTED,
    FOUND,
    LONGEST,
    NEED_ROOM,
    STORED,
    after_pause,
    read_counters,
)
from ..limits import UNBOUNDED, LimitKind, Meter, reserve
from ..outcome import Exhausted, Found, Outcome
from ..result import Stats
from .cells import DIAGONALS, MOVES, SQRT2, TERRAIN
from .grid_kernel import (
    CUT,
    H_CHEBYSHEV,
    H_MANHATTAN,
    H_OCTILE,
    H_ZERO,
    REGISTERS,
    SIZE,
    estimate,
    grid_astar_slice,
)
from .jump_kernel import jump_slice

HEURISTICS = {
    "zero": H_ZERO,
    "manhattan": H_MANHATTAN,
    "octile": H_OCTILE,
    "chebyshev": H_CHEBYSHEV,
}
SLICE = 1 << 18  # expansions between clock checks: ~20-40 ms of kernel time
MOST_WEIGHT = 1 << 20  # f = g + w·h stays exact in a float64 below it
Kernel = Callable[[Meter, Stats], Outcome]


def packed(maze: Any) -> tuple[np.ndarray, np.ndarray]:
    """The maze's cells as terrain costs in one float64 array with a border of walls (0), and
    its moves as ``(offset, diagonal, beside_a, beside_b)`` rows in the maze's order."""
    width = maze.width + 2
    table = np.zeros(256, dtype=np.float64)
    for ch, value in TERRAIN.items():
        table[ord(ch)] = value
    text = np.frombuffer("".join(maze.rows).encode("ascii"), dtype=np.uint8)
    cost = np.zeros((maze.height + 2, width), dtype=np.float64)
    cost[1:-1, 1:-1] = table[text].reshape(maze.height, maze.width)
    rows = [(dr * width + dc, 0, 0, 0) for _, dr, dc in MOVES]
    if maze.moves == 8:
        for _, dr, dc, a, b in DIAGONALS:
            beside = [STEPS[n][0] * width + STEPS[n][1] for n in (a, b)]
            rows.append((dr * width + dc, 1, *beside))
    return cost.reshape(-1), np.array(rows, dtype=np.int64)


NAMES = {(1, 0): "D", (-1, 0): "U", (0, 1): "R", (0, -1): "L"}
NAMES |= {(1, 1): "DR", (1, -1): "DL", (-1, 1): "UR", (-1, -1): "UL"}


def found(maze: Any, cells: list[tuple[int, int]]) -> Found:
    """The path's moves and cost, added up as ``outcome.along`` adds them (in order, a step the
    terrain entered, times √2 on a diagonal), without asking for each cell's successors."""
    rows, actions = maze.rows, []
    cost: float = 0  # an int until the first diagonal, as along's sum
    for (r, c), (r2, c2) in itertools.pairwise(cells):
        dr, dc = r2 - r, c2 - c
        actions.append(NAMES[dr, dc])
        step = TERRAIN[rows[r2][c2]]
        cost += step * SQRT2 if dr and dc else step
    return Found(cells, actions, cost)


def kernel_for(maze: Any, algorithm: str, heuristic: str, weight: float) -> Kernel | None:
    """The compiled A* or jump point search for this search, or ``None`` (the Python engine
    runs it, or refuses it with its reason)."""
    if algorithm == "jps":
        if maze.moves != 8 or not maze.uniform or heuristic not in HEURISTICS:
            return None

        def make_jumps() -> Kernel:
            search = JumpSearch(maze, HEURISTICS[heuristic])
            search.load()
            return search.run

        return Prepared(make_jumps)
    name = "zero" if algorithm == "ucs" else heuristic
    if algorithm not in ("astar", "ucs") or name not in HEURISTICS:
        return None
    if not (float(weight).is_integer() and 0 <= weight <= MOST_WEIGHT):
        return None
    w = 0 if algorithm == "ucs" else int(weight)

    def make() -> Kernel:
        search = GridSearch(maze, HEURISTICS[name], w)
        search.load()
        return search.run

    return Prepared(make)


class GridSearch:
    """One search's arrays and its run under the meter."""

    def __init__(self, maze: Any, kind: int, weight: int) -> None:
        self.maze, self.kind, self.weight = maze, kind, weight
        grid = maze.__dict__.get("_kernel_grid")
        if grid is None:  # shared by the maze's copies (``with_ends``): one per map
            grid = maze.__dict__["_kernel_grid"] = packed(maze)
        self.cost, self.moves = grid
        self.width = maze.width + 2
        self.start = self.index(maze.initial)
        self.goal = self.index(maze.goal)

    def index(self, cell: tuple[int, int]) -> int:
        return int((cell[0] + 1) * self.width + cell[1] + 1)

    def load(self) -> None:
        """numba's machine code loaded (from its cache, or compiled once) before the clock: a
        call with an empty open list, which returns at once."""
        tiny: list[np.ndarray] = [np.zeros((1, 3)), np.zeros(1), np.zeros(1, dtype=np.int8)]
        tiny.append(np.zeros(0, dtype=np.int32))
        self.slice(tiny, np.zeros(REGISTERS, dtype=np.int64), (UNBOUNDED,) * 4, 0)

    def arrays(self, meter: Meter, heap: int) -> list[np.ndarray]:
        """The open list (``heap`` rows), g, the parent moves, the depths."""
        n = self.cost.shape[0]
        limited = meter.depth_limited
        reserve(n * (8 + 1 + (4 if limited else 0)) + heap * 24, "the grid search's tables", meter)
        g = np.full(n, np.inf)
        came = np.zeros(n, dtype=np.int8)
        depth = np.zeros(n if limited else 0, dtype=np.int32)
        return [np.zeros((heap, 3)), g, came, depth]

    def slice(
        self,
        arrays: list[np.ndarray],
        registers: np.ndarray,
        budgets: tuple[int, int, int, int],
        expansions: int,
    ) -> int:
        heap, g, came, depth = arrays
        expanded, pushed, stored, deepest = budgets
        return int(
            grid_astar_slice(
                heap,
                g,
                came,
                depth,
                self.cost,
                self.moves,
                self.goal,
                self.width,
                self.kind,
                self.maze.min_cost,
                float(self.weight),
                self.maze.corners == "cut",
                registers,
                expanded,
                pushed,
                stored,
                deepest,
                expansions,
            )
        )

    def run(self, meter: Meter, stats: Stats) -> Outcome:
        arrays = self.arrays(meter, 1 << 12)
        heap, g = arrays[:2]
        g[self.start] = 0.0
        goal_r, goal_c = divmod(self.goal, self.width)
        h = estimate(self.start, self.width, goal_r, goal_c, self.kind, self.maze.min_cost)
        heap[0] = (self.weight * h, 0.0, self.start)
        registers = np.zeros(REGISTERS, dtype=np.int64)
        registers[SIZE] = registers[LONGEST] = registers[STORED] = 1
        budgets = (meter.max_expanded, meter.max_pushed, meter.max_states, meter.max_depth)
        while True:
            status = self.slice(arrays, registers, budgets, SLICE)
            read_counters(registers, stats)
            if status == NEED_ROOM:
                reserve(arrays[0].nbytes, "the grid search's open list", meter)
                arrays[0] = np.concatenate([arrays[0], np.zeros_like(arrays[0])])
                continue
            if status == FOUND:
                return found(self.maze, self.path(arrays[2]))
            if status == EXHAUSTED:
                return Exhausted(LimitKind.DEPTH if registers[CUT] else None)
            after_pause(registers, meter)

    def path(self, came: np.ndarray) -> list[tuple[int, int]]:
        """The cells from the start to the goal, by the moves that reached each."""
        offsets = self.moves[:, 0]
        cells, i = [], self.goal
        while i != self.start:
            cells.append(divmod(i, self.width))
            i -= int(offsets[came[i]])
        cells.append(divmod(self.start, self.width))
        return [(r - 1, c - 1) for r, c in reversed(cells)]


class JumpSearch(GridSearch):
    """Jump point search's arrays (``jump_kernel``) and its run under the meter."""

    def __init__(self, maze: Any, kind: int) -> None:
        super().__init__(maze, kind, 1)
        grid = maze.__dict__.get("_kernel_open")
        if grid is None:  # one per map, as the packed costs
            grid = maze.__dict__["_kernel_open"] = (self.cost > 0).astype(np.uint8)
        self.open: np.ndarray = grid

    def load(self) -> None:
        tiny = np.zeros((1, 3))
        self.jump(tiny, np.zeros(1), np.zeros(1, dtype=np.int64), np.zeros(REGISTERS, np.int64))

    def jump(
        self,
        heap: np.ndarray,
        g: np.ndarray,
        came: np.ndarray,
        registers: np.ndarray,
        budgets: tuple[int, int, int] = (UNBOUNDED,) * 3,
        expansions: int = 0,
    ) -> int:
        return int(
            jump_slice(
                heap,
                g,
                came,
                self.open,
                self.goal,
                self.width,
                self.kind,
                self.maze.corners == "cut",
                registers,
                budgets[0],
                budgets[1],
                budgets[2],
                expansions,
            )
        )

    def run(self, meter: Meter, stats: Stats) -> Outcome:
        if meter.depth_limited:
            raise InputError(
                "jump point search takes no depth limit (a jump spans many moves): use astar"
            )
        n, heap = self.cost.shape[0], 1 << 12
        reserve(n * 16 + heap * 24, "the jump point search's tables", meter)
        rows, g = np.zeros((heap, 3)), np.full(n, np.inf)
        came = np.empty(n, dtype=np.int64)
        came[self.start], g[self.start] = -1, 0.0
        goal_r, goal_c = divmod(self.goal, self.width)
        h = estimate(self.start, self.width, goal_r, goal_c, self.kind, 1)
        rows[0] = (h, 0.0, self.start)
        registers = np.zeros(REGISTERS, dtype=np.int64)
        registers[SIZE] = registers[LONGEST] = registers[STORED] = 1
        budgets = (meter.max_expanded, meter.max_pushed, meter.max_states)
        while True:
            status = self.jump(rows, g, came, registers, budgets, SLICE)
            read_counters(registers, stats)
            if status == NEED_ROOM:
                reserve(rows.nbytes, "the jump point search's open list", meter)
                rows = np.concatenate([rows, np.zeros_like(rows)])
                continue
            if status == FOUND:
                return found(self.maze, self.jump_path(came))
            if status == EXHAUSTED:
                return Exhausted()
            after_pause(registers, meter)

    def jump_path(self, came: np.ndarray) -> list[tuple[int, int]]:
        """The cells from the start to the goal: the jump points, and the cells between."""
        points, i = [], self.goal
        while i >= 0:
            r, c = divmod(int(i), self.width)
            points.append((r - 1, c - 1))
            i = came[i]
        points.reverse()
        cells = [points[0]]
        for (r, c), (r2, c2) in itertools.pairwise(points):
            dr, dc = (r2 > r) - (r2 < r), (c2 > c) - (c2 < c)
            steps = max(abs(r2 - r), abs(c2 - c))
            cells += [(r + k * dr, c + k * dc) for k in range(1, steps + 1)]
        return cells
