"""Compiled IDA* over the numba slots of a problem of one's own (``compiled_problem``), one
iteration in slices under ``ida_driver``, counting as ``algorithms/bounded_walk.py`` does: a
child is generated when the walk takes it from its parent's list, skipped when it is on the
path, cut off when its f passes the bound, and otherwise pushed and expanded.

Each frame of the path keeps its state, its g and its children (written by ``successors`` when
the frame is entered), so a slice can stop anywhere and the next one go on from there.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from numba import njit

from ..core.limits import LimitHit, LimitKind
from ..core.outcome import Found, along
from .codes import EXHAUSTED, FOUND, PAUSED, TOO_DEEP
from .ida_driver import MAX_DEPTH, Register, on_path
from .slices import FIRST_SLICE, next_slice
from .state_table import (
    BAD_CHILD,
    BAD_COST,
    BAD_COUNT,
    BAD_ESTIMATE,
    BAD_SLOT,
    MAX_F,
    SlotProblem,
    bad_slot,
)

# The driver leaves two registers to the kernel: what a slot gave wrong, and for which state.
IDA_BAD_KIND, IDA_BAD_STATE = 6, 7
UNLISTED = -1  # a frame whose children are not written yet


@njit
def ida_slice(
    is_goal: Any,
    successors: Any,
    heuristic: Any,
    data: np.ndarray,
    states: np.ndarray,
    g: np.ndarray,
    kids: np.ndarray,
    kid_costs: np.ndarray,
    listed: np.ndarray,
    taken: np.ndarray,
    regs: np.ndarray,
    expansions: int,
) -> int:
    """Go on with the iteration of bound ``regs[Register.BOUND]`` for at most ``expansions``:
    FOUND (the path is ``states[: regs[Register.DEPTH] + 1]``), EXHAUSTED
    (``regs[Register.NEXT]`` holds the smallest f over the bound), PAUSED, TOO_DEEP or
    BAD_SLOT."""
    depth = regs[Register.DEPTH]
    bound, smallest = regs[Register.BOUND], regs[Register.NEXT]
    expanded, generated = regs[Register.EXPANDED], regs[Register.GENERATED]
    longest = regs[Register.LONGEST]
    stop_at = expanded + expansions
    branching = kids.shape[1]
    status = EXHAUSTED
    while True:
        if listed[depth] == UNLISTED:
            count = successors(states[depth], data, kids[depth], kid_costs[depth])
            if count < 0 or count > branching:
                regs[IDA_BAD_KIND], regs[IDA_BAD_STATE] = BAD_COUNT, states[depth]
                taken[0] = count  # the iteration ends here: its count, for the message
                status = BAD_SLOT
                break
            listed[depth], taken[depth] = count, 0
        if taken[depth] >= listed[depth]:
            if depth == 0:
                break
            depth -= 1
            continue
        i = taken[depth]
        taken[depth] += 1
        generated += 1
        child, step = kids[depth, i], kid_costs[depth, i]
        if child < 0 or step < 0:
            regs[IDA_BAD_KIND] = BAD_CHILD if child < 0 else BAD_COST
            regs[IDA_BAD_STATE] = states[depth]
            status = BAD_SLOT
            break
        if on_path(states, depth, child):
            continue
        estimate = heuristic(child, data)
        h = np.int64(estimate) if estimate >= 0 and estimate <= MAX_F else np.int64(-1)
        if h < 0 or h != estimate:
            regs[IDA_BAD_KIND], regs[IDA_BAD_STATE] = BAD_ESTIMATE, child
            status = BAD_SLOT
            break
        cost = g[depth] + step
        f = cost + h
        if f > bound:
            if f < smallest:
                smallest = f
            continue
        if expanded >= stop_at:  # the next slice takes this child again
            taken[depth] -= 1
            generated -= 1
            status = PAUSED
            break
        if depth + 2 >= states.shape[0]:
            status = TOO_DEEP
            break
        depth += 1
        states[depth], g[depth], listed[depth] = child, cost, UNLISTED
        expanded += 1
        if depth + 1 > longest:
            longest = depth + 1
        if is_goal(child, data):
            status = FOUND
            break
    regs[Register.DEPTH], regs[Register.NEXT] = depth, smallest
    regs[Register.EXPANDED], regs[Register.GENERATED] = expanded, generated
    regs[Register.LONGEST] = longest
    return status


class IdaSlots:
    """One compiled IDA* of compiled slots, for ``ida_driver.iterations``."""

    slice = FIRST_SLICE  # expansions the driver lets a slice run: sized by the clock (``run``)

    def __init__(self, problem: Any, compiled: SlotProblem) -> None:
        slots, data, start, branching = compiled
        self.problem, self.slots, self.data = problem, slots, data
        frames = MAX_DEPTH + 2
        self.states = np.zeros(frames, dtype=np.int64)
        self.g = np.zeros(frames, dtype=np.int64)
        self.kids = np.zeros((frames, max(branching, 1)), dtype=np.int64)
        self.kid_costs = np.zeros((frames, max(branching, 1)), dtype=np.int64)
        self.listed = np.full(frames, UNLISTED, dtype=np.int64)
        self.taken = np.zeros(frames, dtype=np.int64)
        self.start = start

    def restart(self) -> None:
        self.states[0], self.g[0], self.listed[0] = self.start, 0, UNLISTED

    def run(self, registers: np.ndarray, expansions: int) -> int:
        """A slice; what the driver cannot read as the end of an iteration is raised."""
        began = time.perf_counter()
        status = int(
            ida_slice(
                *self.slots,
                self.data,
                self.states,
                self.g,
                self.kids,
                self.kid_costs,
                self.listed,
                self.taken,
                registers,
                expansions,
            )
        )
        if expansions == self.slice:  # a whole slice (not one the budgets cut short)
            self.slice = next_slice(expansions, time.perf_counter() - began)
        if status == BAD_SLOT:
            kind, state = int(registers[IDA_BAD_KIND]), int(registers[IDA_BAD_STATE])
            raise bad_slot(kind, state, int(self.taken[0]))
        if status == TOO_DEEP:
            raise LimitHit(
                LimitKind.DEPTH, f"the compiled IDA*'s path reached {MAX_DEPTH:,} states"
            )
        return status

    def solution(self, depth: int) -> Found:
        return along(self.problem, [int(s) for s in self.states[: depth + 1]])
