"""Adapting the numba kernels to the engine: same Outcome, same counters, same budgets.

The kernels run in slices of ``SLICE`` expansions; between slices this module checks the clock
and the expansion budget, so a compiled search is bounded exactly like a Python one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ..algorithms._common import KERNEL_STOPS, Budgets, Exhausted, Found, Outcome
from ..result import Budget, Stats
from . import kernels as k
from . import specialized

if TYPE_CHECKING:
    from .pdb import PatternDatabase
    from .problem import NPuzzle

SLICE = 1 << 21  # expansions between clock checks: ~20-40 ms of kernel time
BIG = 1 << 40
LC_MAX_SIDE = k.ConflictTables.MAX_SIDE
IDA_MAX_CELLS = k.IDA_MAX_CELLS  # a frame keeps the blank's cell in a byte
SPECIALIZED_MAX_CELLS = specialized.MAX_CELLS


def _boards(puzzle: NPuzzle, directions: np.ndarray, order: str) -> Found:
    actions = [order[int(d)] for d in directions]
    path = [puzzle.initial]
    for action in actions:
        path.append(puzzle.apply(path[-1], action))
    return Found(path, actions, len(actions))


def ida_star(
    puzzle: NPuzzle,
    budgets: Budgets,
    stats: Stats,
    start_h: int,
    root: np.uint64,
    slice_fn: Callable[[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int], int],
    reset: Callable[[], None],
    order: str,
) -> Outcome:
    """The iteration loop around a resumable IDA* slice kernel.

    ``slice_fn(tiles, regs, frames, path, budget)`` runs the kernel from ``frames[0] = root``;
    ``reset()`` restores the kernel's own heuristic state to the root before each iteration.
    """
    start = np.array(puzzle.initial, dtype=np.uint8)
    regs = np.zeros(k.REGISTERS, dtype=np.int64)
    depth_cap = min(budgets.max_depth, 1000)
    frames = np.zeros(depth_cap + 2, dtype=np.uint64)
    path = np.zeros(depth_cap + 2, dtype=np.uint8)
    threshold = start_h
    while True:
        if threshold > depth_cap:
            return Exhausted(Budget.DEPTH)
        tiles = start.copy()
        reset()
        regs[:] = 0
        regs[k.R_THRESHOLD] = threshold
        regs[k.R_NEXT] = BIG
        frames[0] = root
        budgets.expand(stats.expanded)
        stats.expanded += 1  # the root, once per iteration
        before = stats.expanded - 1
        if start_h == 0:
            stats.iterations.append((threshold, 1))
            return Found([puzzle.initial], [], 0)
        while True:
            room = budgets.max_expanded - stats.expanded
            regs[k.R_EXPANDED] = stats.expanded
            regs[k.R_GENERATED] = stats.generated
            status = slice_fn(tiles, regs, frames, path, min(SLICE, max(room, 0)))
            stats.expanded = int(regs[k.R_EXPANDED])
            stats.generated = int(regs[k.R_GENERATED])
            stats.pushed = stats.expanded - len(stats.iterations) - 1
            stats.max_frontier = max(stats.max_frontier, int(regs[k.R_DEPTH]))
            if status != k.PAUSED:
                break
            budgets.expand(stats.expanded)  # the expansion budget, then the clock
        stats.iterations.append((threshold, stats.expanded - before))
        if status == k.FOUND:
            return _boards(puzzle, path[: regs[k.R_DEPTH]], order)
        if regs[k.R_NEXT] >= BIG:
            return Exhausted()
        threshold = int(regs[k.R_NEXT])


def ida_manhattan(
    puzzle: NPuzzle, budgets: Budgets, stats: Stats, with_conflicts: bool = False
) -> Outcome:
    """IDA* with Manhattan distance, or with linear conflicts added."""
    tables = k.MoveTables(puzzle.rows, puzzle.cols)
    goal = np.array(puzzle.goal, dtype=np.int64)
    delta = k.manhattan_deltas(goal, puzzle.cols, tables)
    h0 = int(
        puzzle.heuristics["linear_conflict" if with_conflicts else "manhattan"](puzzle.initial)
    )
    unused = np.zeros(1, dtype=np.int64)
    lines = k.ConflictTables(goal, puzzle.rows, puzzle.cols, tables) if with_conflicts else None
    root = lines.codes(np.array(puzzle.initial)) if lines else np.zeros(0, dtype=np.int64)
    codes = root.copy()

    def reset() -> None:
        codes[:] = root

    def run(
        tiles: np.ndarray, regs: np.ndarray, frames: np.ndarray, path: np.ndarray, budget: int
    ) -> int:
        kernel = k.ida_conflicts_slice if with_conflicts else k.ida_manhattan_slice
        return int(
            kernel(
                tiles,
                tables.cell_after,
                tables.opposite,
                delta,
                regs,
                frames,
                path,
                budget,
                codes,
                *(lines.arrays if lines else (unused,) * 8),
            )
        )

    frame = k.root_frame(puzzle.initial.index(0), h0)
    return ida_star(puzzle, budgets, stats, h0, frame, run, reset, tables.order)


def ida_specialized(puzzle: NPuzzle, budgets: Budgets, stats: Stats) -> Outcome:
    """IDA* with Manhattan distance through the search compiled for this board shape
    (``specialized``): same counters as ``ida_manhattan``, 1.6x its node rate."""
    tables = k.MoveTables(puzzle.rows, puzzle.cols)
    delta = k.manhattan_deltas(np.array(puzzle.goal, dtype=np.int64), puzzle.cols, tables)
    h0 = int(puzzle.heuristics["manhattan"](puzzle.initial))
    blank = puzzle.initial.index(0)
    search = specialized.search_function(puzzle.rows, puzzle.cols)
    registers = np.zeros(specialized.S_REGISTERS, dtype=np.int64)
    shared = [  # (the slice loop's register, the search's)
        (k.R_THRESHOLD, specialized.S_BOUND),
        (k.R_NEXT, specialized.S_NEXT),
        (k.R_EXPANDED, specialized.S_EXPANDED),
        (k.R_GENERATED, specialized.S_GENERATED),
    ]

    def reset() -> None:
        registers[specialized.S_REPLAY] = 0

    def run(
        tiles: np.ndarray, regs: np.ndarray, frames: np.ndarray, path: np.ndarray, budget: int
    ) -> int:
        for ours, theirs in shared:
            registers[theirs] = regs[ours]
        registers[specialized.S_STOP_AT] = regs[k.R_EXPANDED] + budget
        status = specialized.run_slice(search, tiles, delta, registers, path, blank, h0)
        for ours, theirs in shared:
            regs[ours] = registers[theirs]
        found = status == k.FOUND
        regs[k.R_DEPTH] = registers[specialized.S_DEPTH if found else specialized.S_REPLAY]
        return status

    return ida_star(puzzle, budgets, stats, h0, k.root_frame(blank, h0), run, reset, tables.order)


def ida_pdb(puzzle: NPuzzle, pdb: PatternDatabase, budgets: Budgets, stats: Stats) -> Outcome:
    tables = k.MoveTables(puzzle.rows, puzzle.cols)
    index_n, index_r = pdb.indices(puzzle.initial)

    def reset() -> None:
        index_n[:], index_r[:] = pdb.indices(puzzle.initial)

    h_normal, h_mirror = pdb.sums(puzzle.initial)
    h0 = max(h_normal, h_mirror)
    frame = k.root_frame(puzzle.initial.index(0), h_normal, h_mirror)

    def run(
        tiles: np.ndarray, regs: np.ndarray, frames: np.ndarray, path: np.ndarray, budget: int
    ) -> int:
        return int(
            k.ida_pdb_slice(
                tiles,
                tables.cell_after,
                tables.opposite,
                pdb.sigma,
                pdb.transpose,
                pdb.group_of,
                pdb.weight,
                pdb.offsets,
                pdb.tables,
                pdb.packed,
                pdb.group_size,
                pdb.reflect,
                index_n,
                index_r,
                regs,
                frames,
                path,
                budget,
            )
        )

    return ida_star(puzzle, budgets, stats, h0, frame, run, reset, tables.order)


A_STAR_HEURISTICS = {"zero": k.H_ZERO, "misplaced": k.H_MISPLACED, "manhattan": k.H_MANHATTAN}
A_STAR_MAX_CELLS = 12  # 12! boards: a byte of g and a byte of parent move each (~1 GB)


def astar(puzzle: NPuzzle, heuristic: str, weight: int, budgets: Budgets, stats: Stats) -> Outcome:
    """A* over flat arrays indexed by board rank; counts equal the Python engine's (classic)."""
    n = puzzle.rows * puzzle.cols
    factorial = np.array([math.factorial(i) for i in range(n + 1)], dtype=np.int64)
    g = np.full(math.factorial(n), 255, dtype=np.uint8)
    came = np.zeros(math.factorial(n), dtype=np.uint8)
    goal = np.array(puzzle.goal, dtype=np.int64)
    md = k.manhattan_table(goal, puzzle.cols)
    order = "DURL"  # the engine's order, so both count alike
    cell_after = k.MoveTables(puzzle.rows, puzzle.cols, order).cell_after.astype(np.int64)
    kind = A_STAR_HEURISTICS[heuristic]
    start = np.array(puzzle.initial, dtype=np.int64)
    start_rank = k.rank_board(start, factorial)
    g[start_rank] = 0
    heap = np.zeros(1 << 16, dtype=np.int64)
    f0 = weight * k._estimate(start, goal, md, kind)
    heap[0] = (f0 << k.F_SHIFT) | start_rank
    regs = np.zeros(k.A_REGISTERS, dtype=np.int64)
    regs[k.A_SIZE] = regs[k.A_MAX_SIZE] = regs[k.A_SEEN] = 1
    goal_rank = k.rank_board(goal, factorial)
    depth = min(budgets.max_depth, 254)
    while True:
        status = k.astar_slice(
            heap,
            g,
            came,
            goal,
            goal_rank,
            md,
            kind,
            weight,
            cell_after,
            factorial,
            regs,
            budgets.max_expanded,
            budgets.max_pushed,
            budgets.max_states,
            depth,
            SLICE,
        )
        stats.expanded, stats.pushed = int(regs[k.A_EXPANDED]), int(regs[k.A_PUSHED])
        stats.generated, stats.max_frontier = int(regs[k.A_GENERATED]), int(regs[k.A_MAX_SIZE])
        if status == k.NEED_ROOM:
            heap = np.concatenate([heap, np.zeros_like(heap)])
            continue
        if status == k.FOUND:
            break
        if status == k.EXHAUSTED:
            return Exhausted(Budget.DEPTH if regs[k.A_CUT] else None)
        budgets.after_pause(
            KERNEL_STOPS[regs[k.A_STOP]], stats.expanded, stats.pushed, int(regs[k.A_SEEN])
        )
    # Walk the parent moves back from the goal.
    directions = []
    tiles = goal.copy()
    r = goal_rank
    while r != start_rank:
        d = int(came[r])
        directions.append(d)
        blank = int(np.flatnonzero(tiles == 0)[0])
        back = int(cell_after[blank * 4 + "DURL".index(k.OPPOSITE[order[d]])])
        tiles[blank], tiles[back] = tiles[back], 0
        r = k.rank_board(tiles, factorial)
    return _boards(puzzle, np.array(directions[::-1]), order)
