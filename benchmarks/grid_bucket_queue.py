"""A prototype open list for the maze's compiled A*, measured against the kernel in the code:
a full bucket queue, each distinct f (exactly) a bucket.

    .venv/bin/python benchmarks/grid_bucket_queue.py [--queries 100] [--size 512]

The current bucket (f == ``fcur``) is a 4-ary heap of (g, cell) rows; every other bucket is an
unordered list in a pool of entries, found by an open-addressing hash of f and kept in a 4-ary
heap of the distinct f values; a bucket is taken whole when its f becomes the lowest (an f that
arrives below the current one puts the current bucket back first). The order is the engine's
``classic`` one exactly, so every count must equal the kernel's, and the program stops if one
differs. The arrays are sized for the map up front (no NEED_ROOM, no budgets): what is measured
is the open list, on the maps of ``grid_search.py``, queries in turns, each first in turn.
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
from statesearch.kernels import codes as k
from statesearch.maze import Maze
from statesearch.maze.compiled import GridSearch, Tables
from statesearch.maze.grid_kernel import SQRT2, estimate

HASH_SLOTS = 1 << 13  # distinct f values waiting: ~100 on the open map, far below half of it
BUCKETS = 1 << 12
# the pool's fields: where the free entries start, the next never used, entries in the pool
FREE, TOP, POOLED = 0, 1, 2


@njit(cache=True, inline="always")
def cur_push(cur: np.ndarray, size: int, g: float, cell: int) -> int:
    s = float(cell)
    i = size
    while i > 0:
        parent = (i - 1) >> 2
        if not (g < cur[parent, 0] or (g == cur[parent, 0] and s < cur[parent, 1])):
            break
        cur[i, 0], cur[i, 1] = cur[parent, 0], cur[parent, 1]
        i = parent
    cur[i, 0], cur[i, 1] = g, s
    return size + 1


@njit(cache=True, inline="always")
def cur_pop(cur: np.ndarray, size: int) -> int:
    size -= 1
    g, s = cur[size, 0], cur[size, 1]
    i = 0
    while True:
        first = 4 * i + 1
        if first >= size:
            break
        best = first
        for c in range(first + 1, min(first + 4, size)):
            if cur[c, 0] < cur[best, 0] or (cur[c, 0] == cur[best, 0] and cur[c, 1] < cur[best, 1]):
                best = c
        if not (cur[best, 0] < g or (cur[best, 0] == g and cur[best, 1] < s)):
            break
        cur[i, 0], cur[i, 1] = cur[best, 0], cur[best, 1]
        i = best
    if size > 0:
        cur[i, 0], cur[i, 1] = g, s
    return size


@njit(cache=True, inline="always")
def slot_of(f: float, mask: int) -> int:
    return (int(f * 1024.0) * 0x9E3779B1) & mask


@njit(cache=True, inline="always")
def f_push(fheap: np.ndarray, size: int, bf: np.ndarray, b: int) -> int:
    f = bf[b]
    i = size
    while i > 0:
        parent = (i - 1) >> 2
        if not f < bf[fheap[parent]]:
            break
        fheap[i] = fheap[parent]
        i = parent
    fheap[i] = b
    return size + 1


@njit(cache=True, inline="always")
def f_pop(fheap: np.ndarray, size: int, bf: np.ndarray) -> int:
    size -= 1
    last = fheap[size]
    f = bf[last]
    i = 0
    while True:
        first = 4 * i + 1
        if first >= size:
            break
        best = first
        for c in range(first + 1, min(first + 4, size)):
            if bf[fheap[c]] < bf[fheap[best]]:
                best = c
        if not bf[fheap[best]] < f:
            break
        fheap[i] = fheap[best]
        i = best
    if size > 0:
        fheap[i] = last
    return size


@njit(cache=True, inline="always")
def new_bucket(
    f: float, slot: int, bf: np.ndarray, bhead: np.ndarray, ids: np.ndarray, free_ids: int,
    table: np.ndarray, fheap: np.ndarray, fsize: int,
) -> tuple[int, int, int]:  # fmt: skip
    """A bucket for ``f`` at the hash's empty ``slot``: ``(bucket, free ids, fheap size)``."""
    free_ids -= 1
    b = ids[free_ids]
    bf[b], bhead[b], table[slot] = f, -1, b
    return b, free_ids, f_push(fheap, fsize, bf, b)


@njit(cache=True, inline="always")
def pool_add(pool: np.ndarray, pg: np.ndarray, pc: np.ndarray, pnext: np.ndarray, g: float,
             cell: int, head: int) -> int:  # fmt: skip
    """An entry before ``head`` in a bucket's list; returns it."""
    e = pool[FREE]
    if e >= 0:
        pool[FREE] = pnext[e]
    else:
        e = pool[TOP]
        pool[TOP] += 1
    pg[e], pc[e], pnext[e] = g, cell, head
    pool[POOLED] += 1
    return e


@njit(cache=True)
def bucket_astar(
    cur: np.ndarray, fheap: np.ndarray, bf: np.ndarray, bhead: np.ndarray, ids: np.ndarray,
    table: np.ndarray, pg: np.ndarray, pc: np.ndarray, pnext: np.ndarray, pool: np.ndarray,
    g: np.ndarray, seen: np.ndarray, search: int, start: int, h_start: float, cost: np.ndarray,
    moves: np.ndarray, goal: int, width: int, kind: int, regs: np.ndarray,
) -> int:  # fmt: skip
    """``grid_kernel.grid_astar_slice``'s A* (no budgets, no depth limit, unit estimate scale)
    on the bucket queue; the counters into ``regs`` as the kernel keeps them."""
    count = moves.shape[0]
    mask = table.shape[0] - 1
    mark = search << 32
    goal_r, goal_c = goal // width, goal % width
    table[:] = -1
    pool[FREE], pool[TOP], pool[POOLED] = -1, 0, 0
    free_ids = ids.shape[0]
    for i in range(free_ids):
        ids[i] = i
    fsize = 0
    b, free_ids, fsize = new_bucket(
        h_start, slot_of(h_start, mask), bf, bhead, ids, free_ids, table, fheap, fsize
    )
    bhead[b] = pool_add(pool, pg, pc, pnext, 0.0, start, -1)
    g[start] = 0.0
    seen[start] = mark | start
    csize, fcur = 0, -1.0
    expanded = pushed = generated = 0
    stored = longest = 1
    status = k.EXHAUSTED
    while True:
        while True:  # the top: the current bucket's, unless a lower f waits
            if fsize > 0 and (csize == 0 or bf[fheap[0]] < fcur):
                if csize > 0:  # an f below the current one arrived: the bucket waits again
                    slot = slot_of(fcur, mask)
                    while table[slot] >= 0:
                        slot = (slot + 1) & mask
                    b, free_ids, fsize = new_bucket(
                        fcur, slot, bf, bhead, ids, free_ids, table, fheap, fsize
                    )
                    for j in range(csize):
                        bhead[b] = pool_add(
                            pool, pg, pc, pnext, cur[j, 0], int(cur[j, 1]), bhead[b]
                        )
                    csize = 0
                b = fheap[0]
                fsize = f_pop(fheap, fsize, bf)
                fcur = bf[b]
                slot = slot_of(fcur, mask)  # out of the hash, the probe run closed up behind
                while table[slot] != b:
                    slot = (slot + 1) & mask
                hole, slot = slot, (slot + 1) & mask
                while table[slot] >= 0:
                    home = slot_of(bf[table[slot]], mask)
                    if ((slot - home) & mask) >= ((slot - hole) & mask):
                        table[hole] = table[slot]
                        hole = slot
                    slot = (slot + 1) & mask
                table[hole] = -1
                e = bhead[b]
                while e >= 0:
                    csize = cur_push(cur, csize, pg[e], pc[e])
                    following = pnext[e]
                    pnext[e], pool[FREE] = pool[FREE], e
                    pool[POOLED] -= 1
                    e = following
                ids[free_ids] = b
                free_ids += 1
            if csize > 0 and cur[0, 0] > g[int(cur[0, 1])]:
                csize = cur_pop(cur, csize)  # stale
                continue
            break
        if csize == 0:
            break
        s, gs = int(cur[0, 1]), cur[0, 0]
        csize = cur_pop(cur, csize)
        expanded += 1
        if s == goal:
            status = k.FOUND
            break
        legal = 0
        for m in range(count):
            ok = cost[s + moves[m, 0]] > 0
            if ok and moves[m, 1]:
                ok = cost[s + moves[m, 2]] > 0 and cost[s + moves[m, 3]] > 0
            if ok:
                legal |= 1 << m
                generated += 1
        dr, dc = s // width - goal_r, s % width - goal_c
        for m in range(count):
            if not legal >> m & 1:
                continue
            child = s + moves[m, 0]
            ng = gs + (float(cost[child]) * SQRT2 if moves[m, 1] else float(cost[child]))
            fresh = seen[child] >> 32 != search
            if not fresh and ng >= g[child]:
                continue
            stored += fresh
            f = ng + estimate(dr + moves[m, 4], dc + moves[m, 5], kind, 1)
            g[child] = ng
            seen[child] = mark | s
            pushed += 1
            if f == fcur:
                csize = cur_push(cur, csize, ng, child)
                continue
            slot = slot_of(f, mask)
            while table[slot] >= 0 and bf[table[slot]] != f:
                slot = (slot + 1) & mask
            b = table[slot]
            if b < 0:
                b, free_ids, fsize = new_bucket(
                    f, slot, bf, bhead, ids, free_ids, table, fheap, fsize
                )
            bhead[b] = pool_add(pool, pg, pc, pnext, ng, child, bhead[b])
        longest = max(longest, csize + pool[POOLED])
    regs[k.EXPANDED], regs[k.PUSHED], regs[k.GENERATED] = expanded, pushed, generated
    regs[k.STORED], regs[k.LONGEST] = stored, longest
    return status


class BucketQueue:
    """The prototype's arrays, sized for a map of ``cells`` cells."""

    def __init__(self, cells: int) -> None:
        self.cur = np.zeros((cells, 2))
        self.fheap = np.zeros(BUCKETS, dtype=np.int64)
        self.bf = np.zeros(BUCKETS)
        self.bhead = np.zeros(BUCKETS, dtype=np.int64)
        self.ids = np.zeros(BUCKETS, dtype=np.int64)
        self.table = np.zeros(HASH_SLOTS, dtype=np.int64)
        self.pg = np.zeros(cells)
        self.pc = np.zeros(cells, dtype=np.int64)
        self.pnext = np.zeros(cells, dtype=np.int64)
        self.pool = np.zeros(3, dtype=np.int64)

    def run(self, search: GridSearch, tables: Tables) -> tuple[int, ...]:
        goal_r, goal_c = divmod(search.goal, search.width)
        start_r, start_c = divmod(search.start, search.width)
        h = estimate.py_func(start_r - goal_r, start_c - goal_c, search.kind, 1)
        regs = np.zeros(k.COUNTERS, dtype=np.int64)
        status = bucket_astar(
            self.cur, self.fheap, self.bf, self.bhead, self.ids, self.table, self.pg, self.pc,
            self.pnext, self.pool, tables.g, tables.seen, tables.search, search.start, h,
            search.cost, search.moves, search.goal, search.width, search.kind, regs,
        )  # fmt: skip
        return counted(status, regs)


def counted(status: int, regs: np.ndarray) -> tuple[int, ...]:
    keys = (k.EXPANDED, k.PUSHED, k.GENERATED, k.STORED, k.LONGEST)
    return (int(status), *(int(regs[key]) for key in keys))


def in_code(search: GridSearch, tables: Tables) -> tuple[int, ...]:
    """The kernel in the code, one call (its open list grown when it asks)."""
    regs = search.begin(tables, 1, 1)
    while True:
        status = search.slice(tables, np.zeros(0, dtype=np.int32), regs, 1 << 40)
        if status != k.NEED_ROOM:
            return counted(status, regs)
        tables.heap = np.concatenate([tables.heap, np.zeros_like(tables.heap)])


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
        queue = BucketQueue(cell_count)
        variants = [in_code, queue.run]
        spent = [0.0, 0.0]
        for n, (start, goal) in enumerate([pairs[0], *pairs]):  # the first loads the code
            search = GridSearch(base.with_ends(start, goal), 2, 1)
            answers = {}
            for v in (0, 1) if n % 2 == 0 else (1, 0):
                tables[v].next_search()
                began = time.perf_counter()
                answers[v] = variants[v](search, tables[v])
                spent[v] += (time.perf_counter() - began) * (n > 0)
            if answers[0] != answers[1]:
                sys.exit(f"{name}: {start}->{goal}: counts differ {answers}")
        print(
            f"{name}: the kernel {spent[0]:.3f} s, the bucket queue {spent[1]:.3f} s, "
            f"×{spent[0] / spent[1]:.2f}; every count equal on {args.queries} queries",
            flush=True,
        )


if __name__ == "__main__":
    main()
