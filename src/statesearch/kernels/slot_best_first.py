"""Compiled best-first search (uniform-cost, A*, weighted A* with a whole weight) over the
numba slots of a problem of one's own (``compiled_problem``), counting as
``algorithms/best_first.py`` does and taking the same tie policies.

A heap entry is ``(priority, key)`` (``kernels.heap``). ``classic`` packs ``f << 24 | g`` and
keys by state: smaller f, then smaller g, then the smaller state, the engine's heapq order.
The others key by push order, with the pushed state and g kept in arrays by that order:
``deep`` packs ``f << 24 | (MAX_G - g)`` and takes the newest first (larger g, then newest, as
the engine's ``(f, -g, -order, g, state)``), ``fifo`` and ``lifo`` pack f alone.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..core.limits import Meter, reserve
from ..core.result import Stats
from . import codes
from .heap import heap_pop, heap_push
from .slices import grown, run_slices
from .state_table import (
    BAD_CHILD,
    BAD_COST,
    BAD_COUNT,
    BAD_ESTIMATE,
    BAD_SLOT,
    EMPTY,
    MAX_F,
    MAX_G,
    MAX_G_BITS,
    TOO_BIG,
    SlotProblem,
    bad_slot,
    grown_table,
    slot_of,
    table_from,
    walk_back,
)

SIZE, CUT, GOAL, BAD_KIND, BAD_STATE, BAD_VALUE, ORDER = range(codes.COUNTERS, codes.COUNTERS + 7)
REGISTERS = codes.COUNTERS + 7
POLICIES = {"classic": 0, "deep": 1, "fifo": 2, "lifo": 3}
CLASSIC, DEEP, FIFO, LIFO = range(4)
G_BITS = np.uint64(MAX_G_BITS)
G_MASK = np.uint64((1 << MAX_G_BITS) - 1)
NEWEST = np.uint64(1 << 62)  # key = NEWEST - order: the newest entry first


@njit
def _bad(regs: np.ndarray, kind: int, state: np.int64, value: np.int64) -> int:
    regs[BAD_KIND], regs[BAD_STATE], regs[BAD_VALUE] = kind, state, value
    return BAD_SLOT


@njit
def best_first_slice(
    is_goal: Any,
    successors: Any,
    heuristic: Any,
    data: np.ndarray,
    keys: np.ndarray,
    g: np.ndarray,
    parents: np.ndarray,
    depths: np.ndarray,
    heap: np.ndarray,
    by_order: np.ndarray,
    children: np.ndarray,
    costs: np.ndarray,
    regs: np.ndarray,
    weight: int,
    policy: int,
    budget: codes.Budget,
    slice_expansions: int,
) -> int:
    """Expand up to ``slice_expansions`` states. FOUND (``regs[GOAL]``), EXHAUSTED, PAUSED
    (``regs[STOP]`` says why), NEED_ROOM (grow the table, the heap or ``by_order``, then call
    again) or BAD_SLOT (a slot gave what no search can use)."""
    max_expanded, max_pushed, max_stored, max_depth = budget
    branching = children.shape[0]
    stop_at = regs[codes.EXPANDED] + slice_expansions
    while regs[SIZE] > 0:
        if (
            regs[SIZE] + branching > heap.shape[0]
            or 2 * (regs[codes.STORED] + branching) > keys.shape[0]
            or (policy != CLASSIC and regs[ORDER] + branching > by_order.shape[0])
        ):
            return codes.NEED_ROOM
        if regs[codes.EXPANDED] >= stop_at:
            regs[codes.STOP] = codes.STOP_SLICE
            return codes.PAUSED
        priority, key = heap[0, 0], heap[0, 1]
        if policy == CLASSIC:
            state, gs = np.int64(key), np.int64(priority & G_MASK)
        else:
            order = np.int64(key) if policy == FIFO else np.int64(NEWEST - key)
            state, gs = by_order[order, 0], by_order[order, 1]
        slot = slot_of(keys, state)
        if gs > g[slot]:  # stale: a cheaper entry for this state was pushed later
            regs[SIZE] = heap_pop(heap, regs[SIZE])
            continue
        if regs[codes.EXPANDED] >= max_expanded:
            regs[codes.STOP] = codes.STOP_EXPANDED
            return codes.PAUSED
        regs[SIZE] = heap_pop(heap, regs[SIZE])
        regs[codes.EXPANDED] += 1
        if is_goal(state, data):
            regs[GOAL] = state
            return codes.FOUND
        count = successors(state, data, children, costs)
        if count < 0 or count > branching:
            return _bad(regs, BAD_COUNT, state, count)
        regs[codes.GENERATED] += count
        child_depth = depths[slot] + 1
        for i in range(count):
            child, step = children[i], costs[i]
            if child < 0:
                return _bad(regs, BAD_CHILD, state, child)
            if step < 0:
                return _bad(regs, BAD_COST, state, step)
            ng = gs + step
            at = slot_of(keys, child)
            known = keys[at] != EMPTY
            if known and ng >= g[at]:
                continue
            if child_depth > max_depth:
                regs[CUT] = 1
                continue
            if regs[codes.PUSHED] >= max_pushed:
                regs[codes.STOP] = codes.STOP_PUSHED
                return codes.PAUSED
            estimate = heuristic(child, data)
            h = np.int64(estimate) if estimate >= 0 and estimate <= MAX_F else np.int64(-1)
            if h < 0 or h != estimate:
                return _bad(regs, BAD_ESTIMATE, child, 0)
            f = ng + weight * h
            if ng > MAX_G or f > MAX_F:
                return _bad(regs, TOO_BIG, child, f)
            regs[codes.PUSHED] += 1
            if not known:
                keys[at] = child
                regs[codes.STORED] += 1
            g[at], parents[at], depths[at] = ng, state, child_depth
            f_bits = np.uint64(f) << G_BITS
            if policy == CLASSIC:
                entry, entry_key = f_bits | np.uint64(ng), np.uint64(child)
            else:
                order = regs[ORDER]
                regs[ORDER] += 1
                by_order[order, 0], by_order[order, 1] = child, ng
                entry = f_bits | np.uint64(MAX_G - ng) if policy == DEEP else f_bits
                entry_key = np.uint64(order) if policy == FIFO else NEWEST - np.uint64(order)
            regs[SIZE] = heap_push(heap, regs[SIZE], (entry, entry_key))
        if codes.memory_full(regs, max_stored):
            return codes.PAUSED
        regs[codes.LONGEST] = max(regs[codes.LONGEST], regs[SIZE])
    return codes.EXHAUSTED


class BestFirstSlots:
    """One best-first search of compiled slots, run by ``slices.run_slices``."""

    def __init__(self, compiled: SlotProblem, weight: int, tie_break: str, meter: Meter) -> None:
        slots, data, start, branching = compiled
        self.slots, self.data, self.weight = slots, data, weight
        self.policy = POLICIES[tie_break]
        self.meter, self.budget = meter, codes.Budget.of(meter)
        self.table = table_from(start, meter)
        reserve((1 << 12) * 16 * 2, "the compiled search's waiting room", meter)
        self.heap = np.zeros((1 << 12, 2), dtype=np.uint64)
        self.by_order = np.zeros((1 << 12 if self.policy != CLASSIC else 1, 2), dtype=np.int64)
        self.children = np.zeros(max(branching, 1), dtype=np.int64)
        self.costs = np.zeros(max(branching, 1), dtype=np.int64)
        self.registers = np.zeros(REGISTERS, dtype=np.int64)
        estimate = slots[2](np.int64(start), data)
        if not (0 <= estimate <= MAX_F and int(estimate) == estimate):
            raise bad_slot(BAD_ESTIMATE, start, 0)  # a float the facade's check let through
        regs = self.registers
        f = weight * int(estimate)
        if self.policy == CLASSIC:
            self.heap[0] = (f << MAX_G_BITS, start)
        else:
            self.by_order[0] = (start, 0)
            low = MAX_G if self.policy == DEEP else 0
            self.heap[0] = ((f << MAX_G_BITS) | low, 0 if self.policy == FIFO else int(NEWEST))
            regs[ORDER] = 1
        regs[SIZE] = regs[codes.LONGEST] = regs[codes.STORED] = 1

    def run(self, expansions: int) -> int:
        return int(
            best_first_slice(
                *self.slots,
                self.data,
                *self.table,
                self.heap,
                self.by_order,
                self.children,
                self.costs,
                self.registers,
                self.weight,
                self.policy,
                self.budget,
                expansions,
            )
        )

    def grow(self, meter: Meter) -> None:
        regs, branching = self.registers, self.children.shape[0]
        if regs[SIZE] + branching > self.heap.shape[0]:
            self.heap = grown(self.heap, "the compiled search's waiting room", meter)
        if 2 * (regs[codes.STORED] + branching) > self.table[0].shape[0]:
            self.table = grown_table(self.table, meter)
        if self.policy != CLASSIC and regs[ORDER] + branching > self.by_order.shape[0]:
            self.by_order = grown(self.by_order, "the compiled search's pushes", meter)

    def search(self, stats: Stats) -> int:
        """FOUND, EXHAUSTED or BAD_SLOT; a budget raises ``LimitHit``."""
        return run_slices(self, self.meter, stats)

    def path(self) -> list[int]:
        keys, _, parents, _ = self.table
        return [int(s) for s in walk_back(keys, parents, self.registers[GOAL])]
