"""Which compiled kernel solves a tilt puzzle, and the adapters that give the engine its outcome,
counters and budgets from it (the same as the Python BFS, A* and IDA*: the tests hold them to
it).

``kernel_for`` is the dispatch (``Tilt.compiled`` delegates to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
from ..limits import LimitHit, LimitKind, Meter, reserve
from ..outcome import Exhausted, Found, Outcome, along
from ..result import Stats
from .astar_kernel import G_BITS, astar_slice
from .beyond import looked_past
from .bfs_kernel import CURSOR, FILL, GOAL_SLOT, REGISTERS, beyond_layer, bfs_layer
from .bidirectional_kernel import MOST_BLOCKS
from .board import MAX_CELLS
from .estimates import H_BOTTLENECK, H_DIRECTIONS, H_NEAREST
from .hash_table import MAX_G, Store
from .ida_kernel import ida_slice
from .rules import DIRECTIONS
from .tables import SLICE, Puzzle, Tables

if TYPE_CHECKING:
    from ..kernels import Kernel


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


def breadth_first(
    puzzle: Puzzle, meter: Meter, stats: Stats, store: Store | None = None
) -> Outcome:
    """Layer by layer, as the engine's BFS; ``store`` keeps every board reached (the generator
    reads the depths from it)."""
    t = Tables(puzzle, meter)
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
        regs[CURSOR] = regs[FILL] = 0
        if depth >= min(meter.max_depth, MAX_G):
            return _past_the_bound(layer, store, t, regs, meter, stats)
        following = np.zeros(max(64, 2 * len(layer)), dtype=np.uint64)
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
                    reserve(2 * following.nbytes, "growing the next layer")
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


def _past_the_bound(
    layer: np.ndarray, store: Store, t: Tables, regs: np.ndarray, meter: Meter, stats: Stats
) -> Exhausted:
    """The last layer the depth bound lets in: a proof if no new board lies past it."""
    return looked_past(
        lambda most: beyond_layer(layer, len(layer), store.table, *t.board[2:], regs, most),
        regs,
        meter,
        stats,
    )


def astar(puzzle: Puzzle, kind: int, meter: Meter, stats: Stats) -> Outcome:
    t = Tables(puzzle, meter)
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
                reserve(2 * heap.nbytes, "growing the waiting room")
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
                self.path, self.next_move, *t.board, self.kind, *t.bounds, registers, expansions
            )
        )

    def solution(self, depth: int) -> Found:
        return along(self.puzzle, [int(b) for b in self.path[: depth + 1]])


def ida_star(puzzle: Puzzle, kind: int, meter: Meter, stats: Stats) -> Outcome:
    search = TiltSearch(puzzle, kind, meter)
    root_h = search.tables.estimate(puzzle.initial, kind)
    return iterations(search, root_h, puzzle.is_goal(puzzle.initial), meter, stats)
