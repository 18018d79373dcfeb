"""Adapting the tilt kernels to the engine: same Outcome, counters and budgets as the Python
BFS and A* (the tests hold them to it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..algorithms._common import (
    KERNEL_STOPS,
    Budgets,
    Exhausted,
    Found,
    LimitHit,
    Outcome,
    along,
)
from ..result import Budget, Stats
from . import kernels as k
from .board import cells_of
from .heuristics import UNREACHABLE, direction_needs, distances_from
from .rules import DIRECTIONS

if TYPE_CHECKING:
    from .problem import Tilt

SLICE = 1 << 18  # expansions between clock checks
MAX_CELLS = 64


class Tables:
    """The masks and distance tables a tilt kernel needs, as numpy arrays."""

    def __init__(self, puzzle: Tilt) -> None:
        board, rules = puzzle.board, puzzle.rules
        w, n = board.width, board.cells
        full = (1 << n) - 1
        first = sum(1 << (r * w) for r in range(board.height))
        last = first << (w - 1)
        self.width = w
        self.masks = np.array([full, full & ~first, full & ~last], dtype=np.uint64)
        self.blocked = np.array([rules.blocked(d) for d in DIRECTIONS], dtype=np.uint64)
        self.merge = rules.collide == "merge"
        self.full = rules.step == "full"
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
            self.width,
            self.masks,
            self.blocked,
            self.merge,
            self.full,
        )
        self.bounds = (self.nearest, self.within, self.need)


class Store:
    """The visited-state hash table of the kernels: ``table[slot] = (board, parent)`` rows (one
    cache line serves a probe and an insert) and ``info[slot] = g << 2 | move``; grown by
    rehashing."""

    def __init__(self, capacity: int = 1 << 16) -> None:
        self.table = np.zeros((capacity, 2), dtype=np.uint64)
        self.info = np.zeros(capacity, dtype=np.uint16)

    @property
    def keys(self) -> np.ndarray:
        return self.table[:, 0]

    @property
    def g(self) -> np.ndarray:
        return self.info >> 2

    def add(self, state: int, g: int) -> None:
        slot = k._slot(self.table, np.uint64(state))
        self.table[slot, 0] = state
        self.info[slot] = g << 2

    def grow(self) -> None:
        bigger = Store(2 * len(self.table))
        k.rehash(self.table, self.info, bigger.table, bigger.info)
        self.table, self.info = bigger.table, bigger.info

    def path_to(self, puzzle: Tilt, slot: int) -> Found:
        directions = []
        state = int(self.table[slot, 0])
        while state != puzzle.initial:
            directions.append(DIRECTIONS[int(self.info[slot]) & 3])
            state = int(self.table[slot, 1])
            slot = k.lookup(self.table, np.uint64(state))
        actions = directions[::-1]
        path = [puzzle.initial]
        for a in actions:
            path.append(puzzle.apply(path[-1], a))
        return Found(path, actions, len(actions))


def _stop(regs: np.ndarray, budgets: Budgets, stats: Stats) -> None:
    reason = KERNEL_STOPS[regs[k.STOP]]
    budgets.after_pause(reason, stats.expanded, stats.pushed, int(regs[k.STORED]))


def _copy(regs: np.ndarray, stats: Stats) -> None:
    stats.expanded, stats.pushed = int(regs[k.EXPANDED]), int(regs[k.PUSHED])
    stats.generated, stats.max_frontier = int(regs[k.GENERATED]), int(regs[k.MAX_FRONTIER])


def breadth_first(
    puzzle: Tilt, budgets: Budgets, stats: Stats, store: Store | None = None
) -> Outcome:
    t = Tables(puzzle)
    store = store or Store()
    store.add(puzzle.initial, 0)
    stats.layers = [1]
    if puzzle.is_goal(puzzle.initial):
        return Found([puzzle.initial], [], 0)
    regs = np.zeros(k.REGISTERS, dtype=np.int64)
    regs[k.STORED] = regs[k.MAX_FRONTIER] = 1
    layer = np.array([puzzle.initial], dtype=np.uint64)
    depth = 0
    while len(layer):
        if depth >= min(budgets.max_depth, k.MAX_G):
            return Exhausted(Budget.DEPTH)
        following = np.zeros(max(64, 2 * len(layer)), dtype=np.uint64)
        regs[k.CURSOR] = regs[k.FILL] = 0
        while True:
            cap = min(budgets.max_expanded, int(regs[k.EXPANDED]) + SLICE)
            status = k.bfs_layer(
                layer,
                len(layer),
                following,
                store.table,
                store.info,
                depth,
                *t.board,
                regs,
                cap,
                budgets.max_pushed,
                budgets.max_states,
            )
            _copy(regs, stats)
            if status == k.NEED_ROOM:
                if 2 * (regs[k.STORED] + 4) > len(store.table):
                    store.grow()
                if regs[k.FILL] + 4 > len(following):
                    following = np.concatenate([following, np.zeros_like(following)])
                continue
            if status == k.FOUND:
                stats.layers.append(int(regs[k.FILL]) + 1)
                return store.path_to(puzzle, int(regs[k.GOAL_SLOT]))
            if status == k.PAUSED:
                _stop(regs, budgets, stats)
                continue
            break
        layer = following[: regs[k.FILL]].copy()
        if len(layer):
            stats.layers.append(len(layer))
        depth += 1
    return Exhausted()


def astar(puzzle: Tilt, kind: int, budgets: Budgets, stats: Stats) -> Outcome:
    t = Tables(puzzle)
    store = Store()
    store.add(puzzle.initial, 0)
    heap = np.zeros((1 << 14, 2), dtype=np.uint64)
    scratch = np.empty(k.SCRATCH, dtype=np.uint64)
    cells = np.empty(64, dtype=np.int64)
    h0 = k.estimate(
        np.uint64(puzzle.initial), kind, t.nearest, t.within, t.target_count, t.need, scratch, cells
    )
    heap[0] = (h0 << k.G_BITS, puzzle.initial)
    heap_size = np.ones(1, dtype=np.int64)
    regs = np.zeros(k.REGISTERS, dtype=np.int64)
    regs[k.STORED] = regs[k.MAX_FRONTIER] = 1
    if budgets.depth_limited:
        raise LimitHit(Budget.DEPTH, "the compiled tilt A* has no depth bound; use --engine python")
    while True:
        status = k.astar_slice(
            heap,
            store.table,
            store.info,
            *t.board,
            kind,
            *t.bounds,
            regs,
            heap_size,
            budgets.max_expanded,
            budgets.max_pushed,
            budgets.max_states,
            SLICE,
        )
        _copy(regs, stats)
        if status == k.NEED_ROOM:
            if 2 * (regs[k.STORED] + 4) > len(store.table):
                store.grow()
            if heap_size[0] + 4 > len(heap):
                heap = np.concatenate([heap, np.zeros_like(heap)])
            continue
        if status == k.FOUND:
            return store.path_to(puzzle, int(regs[k.GOAL_SLOT]))
        if status == k.EXHAUSTED:
            return Exhausted()
        if status == k.TOO_DEEP:
            raise LimitHit(Budget.DEPTH, f"the compiled tilt A* stops at depth {k.MAX_G}")
        _stop(regs, budgets, stats)


BIG = 1 << 40


def ida_star(puzzle: Tilt, kind: int, budgets: Budgets, stats: Stats) -> Outcome:
    """The iteration loop around ``ida_slice``, with the engine IDA*'s counting and budgets."""
    t = Tables(puzzle)
    scratch = np.empty(k.SCRATCH, dtype=np.uint64)
    cells = np.empty(64, dtype=np.int64)
    start = np.uint64(puzzle.initial)
    threshold = int(
        k.estimate(start, kind, t.nearest, t.within, t.target_count, t.need, scratch, cells)
    )
    depth_cap = min(budgets.max_depth, 10_000)
    path = np.zeros(depth_cap + 2, dtype=np.uint64)
    next_dir = np.zeros(depth_cap + 2, dtype=np.int64)
    regs = np.zeros(k.I_REGISTERS, dtype=np.int64)
    while True:
        before = stats.expanded
        budgets.expand(stats.expanded)
        stats.expanded += 1  # the root, once per iteration
        if puzzle.is_goal(puzzle.initial):
            stats.iterations.append((threshold, 1))
            return Found([puzzle.initial], [], 0)
        path[0] = start
        next_dir[0] = 0
        regs[:] = 0
        regs[k.I_THRESHOLD] = threshold
        regs[k.I_NEXT] = BIG
        regs[k.I_MAX_PATH] = stats.max_frontier
        while True:
            regs[k.I_EXPANDED], regs[k.I_PUSHED] = stats.expanded, stats.pushed
            regs[k.I_GENERATED] = stats.generated
            room = max(min(SLICE, budgets.max_expanded - stats.expanded), 0)
            status = k.ida_slice(
                path,
                next_dir,
                *t.board,
                kind,
                *t.bounds,
                depth_cap,
                regs,
                room,
            )
            stats.expanded, stats.pushed = int(regs[k.I_EXPANDED]), int(regs[k.I_PUSHED])
            stats.generated, stats.max_frontier = int(regs[k.I_GENERATED]), int(regs[k.I_MAX_PATH])
            if status != k.PAUSED:
                break
            budgets.expand(stats.expanded)  # the expansion budget, then the clock
        stats.iterations.append((threshold, stats.expanded - before))
        if status == k.FOUND:
            return along(puzzle, [int(b) for b in path[: regs[k.I_DEPTH] + 1]])
        if regs[k.I_NEXT] >= BIG:
            return Exhausted(Budget.DEPTH if regs[k.I_CUT] else None)
        threshold = int(regs[k.I_NEXT])
