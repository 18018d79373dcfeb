"""Compiled breadth-first search over the numba slots of a problem of one's own
(``compiled_problem``), counting as ``algorithms/breadth_first.py`` does: the goal test when a
state is generated (the goal is pushed, never expanded), a layer's sizes in ``Stats.layers``.

The queue holds every state ever pushed, in order, so the layers are read off it at the end
(each state's depth is in the table); the waiting states are those past the queue's head.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..core.limits import Meter
from ..core.result import Stats
from . import codes
from .slices import grown, run_slices
from .state_table import (
    BAD_CHILD,
    BAD_COUNT,
    BAD_SLOT,
    EMPTY,
    SlotProblem,
    grown_table,
    slot_of,
    table_from,
    walk_back,
)

HEAD, TAIL, GOAL, BAD_KIND, BAD_STATE, BAD_VALUE = range(codes.COUNTERS, codes.COUNTERS + 6)
REGISTERS = codes.COUNTERS + 6


@njit
def breadth_first_slice(
    is_goal: Any,
    successors: Any,
    data: np.ndarray,
    keys: np.ndarray,
    g: np.ndarray,
    parents: np.ndarray,
    depths: np.ndarray,
    queue: np.ndarray,
    children: np.ndarray,
    costs: np.ndarray,
    regs: np.ndarray,
    budget: codes.Budget,
    slice_expansions: int,
) -> int:
    """Expand up to ``slice_expansions`` states: FOUND (``regs[GOAL]``), EXHAUSTED, PAUSED,
    NEED_ROOM or BAD_SLOT, as ``best_first_slice``."""
    max_expanded, max_pushed, max_stored, _ = budget
    branching = children.shape[0]
    stop_at = regs[codes.EXPANDED] + slice_expansions
    while regs[HEAD] < regs[TAIL]:
        full = 2 * (regs[codes.STORED] + branching) > len(keys)
        if regs[TAIL] + branching > queue.shape[0] or full:
            return codes.NEED_ROOM
        if regs[codes.EXPANDED] >= stop_at:
            regs[codes.STOP] = codes.STOP_SLICE
            return codes.PAUSED
        if regs[codes.EXPANDED] >= max_expanded:
            regs[codes.STOP] = codes.STOP_EXPANDED
            return codes.PAUSED
        state = queue[regs[HEAD]]
        regs[HEAD] += 1
        regs[codes.EXPANDED] += 1
        depth = depths[slot_of(keys, state)] + 1
        count = successors(state, data, children, costs)
        if count < 0 or count > branching:
            regs[BAD_KIND], regs[BAD_STATE], regs[BAD_VALUE] = BAD_COUNT, state, count
            return BAD_SLOT
        for i in range(count):
            child = children[i]
            regs[codes.GENERATED] += 1
            if child < 0:
                regs[BAD_KIND], regs[BAD_STATE], regs[BAD_VALUE] = BAD_CHILD, state, child
                return BAD_SLOT
            at = slot_of(keys, child)
            if keys[at] != EMPTY:
                continue
            if regs[codes.PUSHED] >= max_pushed:
                regs[codes.STOP] = codes.STOP_PUSHED
                return codes.PAUSED
            regs[codes.PUSHED] += 1
            keys[at], g[at], parents[at], depths[at] = child, depth, state, depth
            regs[codes.STORED] += 1
            queue[regs[TAIL]] = child
            regs[TAIL] += 1
            if is_goal(child, data):
                regs[GOAL] = child
                return codes.FOUND
        if codes.memory_full(regs, max_stored):
            return codes.PAUSED
        regs[codes.LONGEST] = max(regs[codes.LONGEST], regs[TAIL] - regs[HEAD])
    return codes.EXHAUSTED


@njit(cache=True)
def _depths_of(keys: np.ndarray, depths: np.ndarray, queue: np.ndarray, tail: int) -> np.ndarray:
    out = np.empty(tail, dtype=np.int64)
    for i in range(tail):
        out[i] = depths[slot_of(keys, queue[i])]
    return out


class BreadthFirstSlots:
    """One breadth-first search of compiled slots, run by ``slices.run_slices``."""

    def __init__(self, compiled: SlotProblem, meter: Meter) -> None:
        slots, data, start, branching = compiled
        self.slots, self.data, self.meter = slots[:2], data, meter  # no heuristic
        self.budget = codes.Budget.of(meter)
        self.table = table_from(start, meter)
        self.queue = grown(np.zeros(1 << 11, dtype=np.int64), "the compiled search's queue", meter)
        self.children = np.zeros(max(branching, 1), dtype=np.int64)
        self.costs = np.zeros(max(branching, 1), dtype=np.int64)
        self.registers = regs = np.zeros(REGISTERS, dtype=np.int64)
        self.queue[0] = start
        regs[TAIL] = regs[codes.STORED] = regs[codes.LONGEST] = 1

    def run(self, expansions: int) -> int:
        return int(
            breadth_first_slice(
                *self.slots,
                self.data,
                *self.table,
                self.queue,
                self.children,
                self.costs,
                self.registers,
                self.budget,
                expansions,
            )
        )

    def grow(self, meter: Meter) -> None:
        regs, branching = self.registers, self.children.shape[0]
        if regs[TAIL] + branching > self.queue.shape[0]:
            self.queue = grown(self.queue, "the compiled search's queue", meter)
        if 2 * (regs[codes.STORED] + branching) > self.table[0].shape[0]:
            self.table = grown_table(self.table, meter)

    def search(self, stats: Stats) -> int:
        """FOUND, EXHAUSTED or BAD_SLOT; a budget raises ``LimitHit`` (``layers`` set either
        way, as the engine lists them)."""
        status = codes.EXHAUSTED
        try:
            status = run_slices(self, self.meter, stats)
            return status
        finally:
            self.layers(stats, status == codes.FOUND)

    def layers(self, stats: Stats, found: bool) -> None:
        """The engine lists a layer once the one before it is expanded whole (and the goal's
        with the goal in it): every layer up to the next state's to expand."""
        keys, _, _, depths = self.table
        head, tail = int(self.registers[HEAD]), int(self.registers[TAIL])
        at = _depths_of(keys, depths, self.queue, tail)
        counts = [int(c) for c in np.bincount(at)]
        stats.layers = counts if found or head >= tail else counts[: int(at[head]) + 1]

    def path(self) -> list[int]:
        keys, _, parents, _ = self.table
        return [int(s) for s in walk_back(keys, parents, self.registers[GOAL])]
