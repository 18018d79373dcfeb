"""Which compiled kernel solves a tilt puzzle, and the adapters that give the engine its outcome,
counters and budgets from it (the same as the Python BFS, A* and IDA*: the tests hold them to
it).

``kernel_for`` is the dispatch (``Tilt.compiled`` delegates to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..core.limits import LimitHit, LimitKind, Meter
from ..core.outcome import Exhausted, Found, Outcome, along
from ..core.result import Stats
from ..kernels.codes import AT_BOUND, FOUND, LONGEST, STORED, TOO_DEEP, Budget
from ..kernels.ida_driver import MAX_DEPTH, iterations
from ..kernels.slices import grown, run_slices
from .astar_kernel import G_BITS, astar_slice
from .bfs_kernel import CURSOR, FILL, GOAL_SLOT, REGISTERS, beyond_layer, bfs_layer
from .bidirectional_kernel import MOST_BLOCKS
from .board import MAX_CELLS
from .estimates import H_BOTTLENECK, H_DIRECTIONS, H_NEAREST
from .hash_table import MAX_G, Store
from .ida_kernel import ida_slice
from .layers import looked_past, run_layers
from .rules import DIRECTIONS
from .tables import SLICE, Puzzle, Tables

if TYPE_CHECKING:
    from ..kernels import Kernel

OPEN_LIST = 1 << 14  # the A* open list's first rows


def kernel_for(puzzle: Puzzle, algorithm: str, heuristic: str, weight: float) -> Kernel | None:
    """A kernel for BFS, or A* (weight 1) or IDA* with a built-in heuristic, on boards of at
    most 64 cells; ``None`` otherwise (the facade then runs the Python engine)."""
    if puzzle.board.cells > MAX_CELLS:
        return None
    if algorithm == "bfs":
        return lambda meter, stats: breadth_first(puzzle, meter, stats)
    goal = getattr(puzzle, "goal", None)
    few = puzzle.initial.bit_count() <= MOST_BLOCKS
    if algorithm == "bidirectional" and goal is not None and few:
        from .bidirectional import bidirectional

        return lambda meter, stats: bidirectional(puzzle, goal, meter, stats)
    if algorithm not in ("astar", "ucs", "idastar") or (algorithm == "astar" and weight != 1):
        return None
    distance = H_BOTTLENECK if puzzle.rules.collide == "block" else H_NEAREST
    kinds = {
        "zero": 0,
        "nearest": H_NEAREST,
        "bottleneck": H_BOTTLENECK,
        "directions": H_DIRECTIONS,
        "best": H_DIRECTIONS if puzzle.rules.step == "full" else distance | H_DIRECTIONS,
    }
    kind = 0 if algorithm == "ucs" else kinds.get(heuristic)
    if kind is None:
        return None
    if algorithm == "idastar":
        return lambda meter, stats: ida_star(puzzle, kind, meter, stats)
    return lambda meter, stats: astar(puzzle, kind, meter, stats)


def path_to(puzzle: Puzzle, store: Store, slot: int) -> Found:
    actions = [DIRECTIONS[m] for m in store.moves_to(puzzle.initial, slot)]
    path = [puzzle.initial]
    for a in actions:
        path.append(puzzle.apply(path[-1], a))
    return Found(path, actions, len(actions))


class LayerSearch:
    """The tilt BFS, run by ``kernels.slices.run_slices``: each layer's boards expanded into the
    next (``following``; the two arrays swap at the layer's end and grow under ``reserve``
    when full), each board reached kept in ``store``, each layer's size in ``stats.layers``."""

    def __init__(self, puzzle: Puzzle, meter: Meter, stats: Stats) -> None:
        self.tables, self.meter, self.stats = Tables(puzzle, meter), meter, stats
        self.budget = Budget.of(meter)
        self.store = Store()
        self.store.add(puzzle.initial, 0)
        self.registers = np.zeros(REGISTERS, dtype=np.int64)
        self.registers[STORED] = self.registers[LONGEST] = 1
        self.layer = np.zeros(64, dtype=np.uint64)
        self.layer[0], self.count = puzzle.initial, 1
        self.following = np.zeros(64, dtype=np.uint64)
        self.depth = 0
        stats.layers = [1]

    def run(self, expansions: int) -> int:
        return run_layers(self, expansions, min(self.meter.max_depth, MAX_G))

    def expand(self, stop_at: int) -> int:
        store = self.store
        return int(
            bfs_layer(
                self.layer,
                self.count,
                self.following,
                store.table,
                store.info,
                self.depth,
                self.tables.board,
                self.registers,
                self.budget,
                stop_at,
            )
        )

    def next_layer(self) -> None:
        regs = self.registers
        self.count = int(regs[FILL])
        self.stats.layers.append(self.count)
        self.layer, self.following = self.following, self.layer
        regs[CURSOR] = regs[FILL] = 0
        self.depth += 1

    def grow(self, meter: Meter) -> None:
        regs = self.registers
        if 2 * (regs[STORED] + 4) > len(self.store.table):
            self.store.grow(meter)
        if regs[FILL] + 4 > len(self.following):
            self.following = grown(self.following, "growing the next layer", meter)

    def look_past(self) -> Exhausted:
        """The last layer the depth bound lets in: a proof if no new board lies past it."""
        layer, count, table, regs = self.layer, self.count, self.store.table, self.registers
        regs[CURSOR] = 0
        board, budget = self.tables.board, self.budget
        return looked_past(
            lambda stop_at: beyond_layer(layer, count, table, board, regs, budget, stop_at),
            regs,
            self.meter,
            self.stats,
        )


def breadth_first(puzzle: Puzzle, meter: Meter, stats: Stats) -> Outcome:
    """Layer by layer, as the engine's BFS."""
    search = LayerSearch(puzzle, meter, stats)
    if puzzle.is_goal(puzzle.initial):
        return Found([puzzle.initial], [], 0)
    status = run_slices(search, meter, stats)
    if status == FOUND:
        stats.layers.append(int(search.registers[FILL]) + 1)
        return path_to(puzzle, search.store, int(search.registers[GOAL_SLOT]))
    return search.look_past() if status == AT_BOUND else Exhausted()


class BestFirst:
    """The tilt A*, run by ``kernels.slices.run_slices``: its open list and table of boards
    doubled under ``reserve`` when full."""

    def __init__(self, puzzle: Puzzle, kind: int, meter: Meter) -> None:
        self.tables, self.kind, self.budget = Tables(puzzle, meter), kind, Budget.of(meter)
        self.store = Store()
        self.store.add(puzzle.initial, 0)
        self.heap = np.zeros((OPEN_LIST, 2), dtype=np.uint64)
        self.heap[0] = (self.tables.estimate(puzzle.initial, kind) << G_BITS, puzzle.initial)
        self.heap_size = np.ones(1, dtype=np.int64)
        self.registers = np.zeros(REGISTERS, dtype=np.int64)
        self.registers[STORED] = self.registers[LONGEST] = 1

    def run(self, expansions: int) -> int:
        store, t = self.store, self.tables
        return int(
            astar_slice(
                self.heap,
                store.table,
                store.info,
                t.board,
                self.kind,
                t.bounds,
                self.registers,
                self.heap_size,
                self.budget,
                expansions,
            )
        )

    def grow(self, meter: Meter) -> None:
        if 2 * (self.registers[STORED] + 4) > len(self.store.table):
            self.store.grow(meter)
        if self.heap_size[0] + 4 > len(self.heap):
            self.heap = grown(self.heap, "growing the waiting room", meter)


def astar(puzzle: Puzzle, kind: int, meter: Meter, stats: Stats) -> Outcome:
    if meter.depth_limited:
        raise LimitHit(
            LimitKind.DEPTH, "the compiled tilt A* has no depth bound; use --engine python"
        )
    search = BestFirst(puzzle, kind, meter)
    status = run_slices(search, meter, stats)
    if status == FOUND:
        return path_to(puzzle, search.store, int(search.registers[GOAL_SLOT]))
    if status == TOO_DEEP:
        raise LimitHit(LimitKind.DEPTH, f"the compiled tilt A* stops at depth {MAX_G}")
    return Exhausted()


class TiltSearch:
    """The tilt IDA* kernel on one puzzle, for ``kernels.ida_driver``."""

    slice = SLICE

    def __init__(self, puzzle: Puzzle, kind: int, meter: Meter) -> None:
        self.puzzle, self.kind = puzzle, kind
        self.tables = Tables(puzzle, meter)
        self.path = np.zeros(MAX_DEPTH + 2, dtype=np.uint64)
        self.next_move = np.zeros(MAX_DEPTH + 2, dtype=np.int64)
        self.restart()

    def restart(self) -> None:
        self.path[0] = self.puzzle.initial
        self.next_move[0] = 0

    def run(self, registers: np.ndarray, expansions: int) -> int:
        t = self.tables
        return int(
            ida_slice(
                self.path, self.next_move, t.board, self.kind, t.bounds, registers, expansions
            )
        )

    def solution(self, depth: int) -> Found:
        return along(self.puzzle, [int(b) for b in self.path[: depth + 1]])


def ida_star(puzzle: Puzzle, kind: int, meter: Meter, stats: Stats) -> Outcome:
    search = TiltSearch(puzzle, kind, meter)
    root_h = search.tables.estimate(puzzle.initial, kind)
    return iterations(search, root_h, puzzle.is_goal(puzzle.initial), meter, stats)
