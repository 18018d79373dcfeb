"""The compiled A*'s open list, A/B in one process: the bucket queue in the kernel
(``maze/bucket_queue.py``) against the one 4-ary heap of ``(f, g, cell)`` rows it replaced
(kept here only as the reference, ``one_heap_astar``: the old kernel's loop, budgets and all).

    .venv/bin/python benchmarks/grid_bucket_queue.py [--queries 100] [--size 512]

On the maps of ``grid_search.py``, random queries, the two taking each query in turn, each first
in turn, one kernel call a query (arrays grown when they ask, off the clock); kernel CPU time only.
The order is the engine's ``classic`` one in both, so every count (expanded, pushed, generated,
stored, the longest open list) must be equal: the program stops if one differs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).parent))
from grid_search import maps
from statesearch.core.limits import UNBOUNDED
from statesearch.kernels import codes as k
from statesearch.maze import Maze
from statesearch.maze.compiled import GridSearch, Tables
from statesearch.maze.grid_kernel import (
    CUT,
    GO,
    SQRT2,
    counters,
    estimate,
    halt,
    keep,
    push,
    settle,
)
from statesearch.maze.grid_kernel import pop as heap_pop


@njit(cache=True)
def one_heap_astar(
    heap: np.ndarray,
    g: np.ndarray,
    seen: np.ndarray,
    search: int,
    depth: np.ndarray,
    cost: np.ndarray,
    moves: np.ndarray,
    goal: int,
    width: int,
    kind: int,
    unit: int,
    weight: float,
    cut_corners: bool,
    regs: np.ndarray,
    max_expanded: int,
    max_pushed: int,
    max_stored: int,
    max_depth: int,
    slice_expansions: int,
) -> int:
    """``grid_kernel.grid_astar_slice`` as it was before the bucket queue (the commit before
    this file became the A/B harness): one 4-ary heap of ``(f, g, cell)`` rows."""
    count = moves.shape[0]
    limited = depth.shape[0] > 0
    mark = search << 32
    goal_r, goal_c = goal // width, goal % width
    size, expanded, pushed, generated, stored, longest = counters(regs)
    stop_at = expanded + slice_expansions
    while True:
        size, status, stop = halt(heap, size, g, 0, count, expanded, stop_at, max_expanded)
        if status != GO:
            break
        s, gs = int(heap[0, 2]), heap[0, 1]
        size = heap_pop(heap, size)
        expanded += 1
        if s == goal:
            status = k.FOUND
            break
        legal = 0  # every successor is generated before any is pushed
        for m in range(count):
            ok = cost[s + moves[m, 0]] > 0
            if ok and moves[m, 1]:
                a, b = cost[s + moves[m, 2]] > 0, cost[s + moves[m, 3]] > 0
                ok = (a or b) if cut_corners else (a and b)
            if ok:
                legal |= 1 << m
                generated += 1
        dr, dc = s // width - goal_r, s % width - goal_c
        for m in range(count):
            if not legal >> m & 1:
                continue
            child = s + moves[m, 0]
            step = float(cost[child])
            if moves[m, 1]:
                step *= SQRT2
            ng = gs + step
            fresh = seen[child] >> 32 != search
            if not fresh and ng >= g[child]:
                continue  # reached before at no greater cost
            if limited and depth[s] + 1 > max_depth:
                regs[CUT] = 1
                continue
            if pushed >= max_pushed:
                status, stop = k.PAUSED, k.STOP_PUSHED
                break
            stored += fresh
            if limited:
                depth[child] = depth[s] + 1
            h = estimate(dr + moves[m, 4], dc + moves[m, 5], kind, unit)
            g[child], seen[child] = ng, mark | s
            size = push(heap, size, ng + weight * h, ng, float(child))
            pushed += 1
        status, stop, longest = settle(status, stop, stored, max_stored, size, longest)
        if status == k.PAUSED:
            break
    keep(regs, size, expanded, pushed, generated, stored, longest, stop)
    return status


def counted(status: int, regs: np.ndarray) -> tuple[int, ...]:
    keys = (k.EXPANDED, k.PUSHED, k.GENERATED, k.STORED, k.LONGEST)
    return (int(status), *(int(regs[key]) for key in keys))


NO_DEPTH = np.zeros(0, dtype=np.int32)


def one_heap(search: GridSearch, tables: Tables) -> tuple[int, ...]:
    """The reference: one call, its heap doubled when it asks."""
    regs, f = search.begin(tables, 1, 1)
    tables.heap[0] = (f, 0.0, search.start)
    while True:
        status = one_heap_astar(
            tables.heap, tables.g, tables.seen, tables.search, NO_DEPTH, search.cost,
            search.moves, search.goal, search.width, search.kind, 1, 1.0, False, regs,
            UNBOUNDED, UNBOUNDED, UNBOUNDED, UNBOUNDED, 1 << 40,
        )  # fmt: skip
        if status != k.NEED_ROOM:
            return counted(status, regs)
        tables.heap = np.concatenate([tables.heap, np.zeros_like(tables.heap)])


def in_code(search: GridSearch, tables: Tables) -> tuple[int, ...]:
    """The kernel in the code, one call, its queue grown when it asks."""
    regs, f = search.begin(tables, 1, 1)
    tables.queue.begin(regs, search.start, f, search.shift)
    while True:
        status = search.slice(tables, NO_DEPTH, regs, 1 << 40)
        if status != k.NEED_ROOM:
            return counted(status, regs)
        tables.queue.grow(regs, search.moves.shape[0], None)  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    for name, text_rows in maps(args.size, 1).items():
        rows = [row.replace("@", "#") for row in text_rows]
        cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
        rng = random.Random(args.seed)
        pairs = [(rng.choice(cells), rng.choice(cells)) for _ in range(args.queries)]
        base = Maze(rows, 8, "avoid", *pairs[0])
        cell_count = (args.size + 2) ** 2
        tables = [Tables(cell_count, None), Tables(cell_count, None)]
        tables[0].heap = np.zeros((1 << 12, 3))  # the reference's rows: (f, g, cell) as floats
        variants = [one_heap, in_code]
        spent = [0.0, 0.0]
        for n, (start, goal) in enumerate([pairs[0], *pairs]):  # the first loads the code
            search = GridSearch(base.with_ends(start, goal), 2, 1, "classic")
            answers = {}
            for v in (0, 1) if n % 2 == 0 else (1, 0):
                began = time.thread_time()
                answers[v] = variants[v](search, tables[v])
                spent[v] += (time.thread_time() - began) * (n > 0)
            if answers[0] != answers[1]:
                sys.exit(f"{name}: {start}->{goal}: counts differ {answers}")
        print(
            f"{name}: one heap {spent[0]:.3f} s, the bucket queue {spent[1]:.3f} s, "
            f"×{spent[0] / spent[1]:.2f}; every count equal on {args.queries} queries",
            flush=True,
        )


if __name__ == "__main__":
    main()
