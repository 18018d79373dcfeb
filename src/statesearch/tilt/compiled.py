"""Which compiled kernel solves a tilt puzzle, and the adapters that give the engine its outcome,
counters and budgets from it (the same as the Python BFS, A* and IDA*: the tests hold them to
it).

``kernel_for`` is the dispatch (``Tilt.compiled`` delegates to it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import numpy as np

from ..kernels.codes import (
    EXHAUSTED,
    EXPANDED,
    FOUND,
    LONGEST,
    NEED_ROOM,
    PAUSED,
    STORED,
    TOO_DEEP,
    after_pause,
    read_counters,
)
from ..kernels.ida_driver import MAX_DEPTH, iterations
from ..limits import LimitHit, LimitKind, Meter
from ..outcome import Exhausted, Found, Outcome, along
from ..result import Stats
from .astar_kernel import G_BITS, astar_slice
from .bfs_kernel import CURSOR, FILL, GOAL_SLOT, REGISTERS, bfs_layer
from .bitboard import MAX_CELLS
from .board import TiltBoard, cells_of
from .estimates import H_BOTTLENECK, H_DIRECTIONS, H_NEAREST, SCRATCH, estimate
from .hash_table import MAX_G, Store
from .heuristics import UNREACHABLE, direction_needs, distances_from
from .ida_kernel import ida_slice
from .rules import DIRECTIONS, Rules

SLICE = 1 << 18  # expansions between clock checks
Kernel = Callable[[Meter, Stats], Outcome]


class Puzzle(Protocol):
    """What the adapters read of a ``Tilt``."""

    board: TiltBoard
    rules: Rules
    initial: int

    def is_goal(self, blocks: int) -> bool: ...

    def successors(self, blocks: int) -> list[tuple[str, int, int]]: ...

    def apply(self, blocks: int, direction: str) -> int: ...


def kernel_for(puzzle: Puzzle, algorithm: str, heuristic: str, weight: float) -> Kernel | None:
    """A kernel for BFS, or A* (weight 1) or IDA* with a built-in heuristic, on boards of at
    most 64 cells; ``None`` otherwise (the facade then runs the Python engine)."""
    if puzzle.board.cells > MAX_CELLS:
        return None
    if algorithm == "bfs":
        return lambda meter, stats: breadth_first(puzzle, meter, stats)
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


class Tables:
    """The masks and distance tables a tilt kernel needs, as numpy arrays."""

    def __init__(self, puzzle: Puzzle) -> None:
        board, rules = puzzle.board, puzzle.rules
        w, n = board.width, board.cells
        full = (1 << n) - 1
        first = sum(1 << (r * w) for r in range(board.height))
        last = first << (w - 1)
        masks = np.array([full, full & ~first, full & ~last], dtype=np.uint64)
        blocked = np.array([rules.blocked(d) for d in DIRECTIONS], dtype=np.uint64)
        self.targets = np.uint64(board.targets)
        self.target_count = board.targets.bit_count()
        target_cells = cells_of(board.targets)
        self.nearest = np.array(distances_from(board, target_cells), dtype=np.int64)
        table = np.array([distances_from(board, [t]) for t in target_cells], dtype=np.int64)
        # within[L, cell]: bitmask of the targets at most L steps from cell (for the matching).
        finite = table[table < UNREACHABLE]
        longest = int(finite.max()) if finite.size else 0
        self.within = np.zeros((longest + 2, n), dtype=np.uint64)
        for t, row in enumerate(table[:64]):
            for limit in range(longest + 2):
                self.within[limit] |= np.where(
                    row <= limit, np.uint64(1) << np.uint64(t), 0
                ).astype(np.uint64)
        self.need = np.array(direction_needs(board, rules), dtype=np.int64).reshape(4, n)
        # The kernels' leading arguments, in their order: the board and its rules, and what
        # the heuristics read.
        self.board = (
            self.targets,
            self.target_count,
            w,
            masks,
            blocked,
            rules.collide == "merge",
            rules.step == "full",
        )
        self.bounds = (self.nearest, self.within, self.need)

    def estimate(self, blocks: int, kind: int) -> int:
        scratch = np.empty(SCRATCH, dtype=np.uint64)
        cells = np.empty(64, dtype=np.int64)
        return int(
            estimate(
                np.uint64(blocks),
                kind,
                self.nearest,
                self.within,
                self.target_count,
                self.need,
                scratch,
                cells,
            )
        )


def path_to(puzzle: Puzzle, store: Store, slot: int) -> Found:
    actions = [DIRECTIONS[m] for m in store.moves_to(puzzle.initial, slot)]
    path = [puzzle.initial]
    for a in actions:
        path.append(puzzle.apply(path[-1], a))
    return Found(path, actions, len(actions))


def breadth_first(
    puzzle: Puzzle, meter: Meter, stats: Stats, store: Store | None = None
) -> Outcome:
    """Layer by layer, as the engine's BFS; ``store`` keeps every board reached (the generator
    reads the depths from it)."""
    t = Tables(puzzle)
    store = store or Store()
    store.add(puzzle.initial, 0)
    stats.layers = [1]
    if puzzle.is_goal(puzzle.initial):
        return Found([puzzle.initial], [], 0)
    regs = np.zeros(REGISTERS, dtype=np.int64)
    regs[STORED] = regs[LONGEST] = 1
    layer = np.array([puzzle.initial], dtype=np.uint64)
    depth = 0
    while len(layer):
        if depth >= min(meter.max_depth, MAX_G):
            return Exhausted(LimitKind.DEPTH)
        following = np.zeros(max(64, 2 * len(layer)), dtype=np.uint64)
        regs[CURSOR] = regs[FILL] = 0
        while True:
            status = bfs_layer(
                layer,
                len(layer),
                following,
                store.table,
                store.info,
                depth,
                *t.board,
                regs,
                min(meter.max_expanded, int(regs[EXPANDED]) + SLICE),
                meter.max_pushed,
                meter.max_states,
            )
            read_counters(regs, stats)
            if status == NEED_ROOM:
                if 2 * (regs[STORED] + 4) > len(store.table):
                    store.grow()
                if regs[FILL] + 4 > len(following):
                    following = np.concatenate([following, np.zeros_like(following)])
                continue
            if status == FOUND:
                stats.layers.append(int(regs[FILL]) + 1)
                return path_to(puzzle, store, int(regs[GOAL_SLOT]))
            if status == PAUSED:
                after_pause(regs, meter)
                continue
            break
        layer = following[: regs[FILL]].copy()
        if len(layer):
            stats.layers.append(len(layer))
        depth += 1
    return Exhausted()


def astar(puzzle: Puzzle, kind: int, meter: Meter, stats: Stats) -> Outcome:
    t = Tables(puzzle)
    store = Store()
    store.add(puzzle.initial, 0)
    heap = np.zeros((1 << 14, 2), dtype=np.uint64)
    heap[0] = (t.estimate(puzzle.initial, kind) << G_BITS, puzzle.initial)
    heap_size = np.ones(1, dtype=np.int64)
    regs = np.zeros(REGISTERS, dtype=np.int64)
    regs[STORED] = regs[LONGEST] = 1
    if meter.depth_limited:
        raise LimitHit(
            LimitKind.DEPTH, "the compiled tilt A* has no depth bound; use --engine python"
        )
    while True:
        status = astar_slice(
            heap,
            store.table,
            store.info,
            *t.board,
            kind,
            *t.bounds,
            regs,
            heap_size,
            meter.max_expanded,
            meter.max_pushed,
            meter.max_states,
            SLICE,
        )
        read_counters(regs, stats)
        if status == NEED_ROOM:
            if 2 * (regs[STORED] + 4) > len(store.table):
                store.grow()
            if heap_size[0] + 4 > len(heap):
                heap = np.concatenate([heap, np.zeros_like(heap)])
            continue
        if status == FOUND:
            return path_to(puzzle, store, int(regs[GOAL_SLOT]))
        if status == EXHAUSTED:
            return Exhausted()
        if status == TOO_DEEP:
            raise LimitHit(LimitKind.DEPTH, f"the compiled tilt A* stops at depth {MAX_G}")
        after_pause(regs, meter)


class TiltSearch:
    """The tilt IDA* kernel on one puzzle, for ``kernels.ida_driver``."""

    slice = SLICE

    def __init__(self, puzzle: Puzzle, kind: int) -> None:
        self.puzzle, self.kind = puzzle, kind
        self.tables = Tables(puzzle)
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
                self.path, self.next_move, *t.board, self.kind, *t.bounds, registers, expansions
            )
        )

    def solution(self, depth: int) -> Found:
        return along(self.puzzle, [int(b) for b in self.path[: depth + 1]])


def ida_star(puzzle: Puzzle, kind: int, meter: Meter, stats: Stats) -> Outcome:
    search = TiltSearch(puzzle, kind)
    root_h = search.tables.estimate(puzzle.initial, kind)
    return iterations(search, root_h, puzzle.is_goal(puzzle.initial), meter, stats)
