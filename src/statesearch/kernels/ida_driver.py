"""The iterations around a resumable compiled IDA*, for every domain's kernels.

A kernel runs one iteration (bound ``registers[Register.BOUND]``) in slices and counts as the
engine's IDA* does (``algorithms/bounded_walk.py``): a node is expanded when it is entered within
the bound (pushed, but for the root), ``generated`` counts the children it evaluates, and the
root is counted here, once per iteration. A slice that has made its expansions pauses at the
next child it would enter, before counting it: the point where the engine's walk checks its
budgets, the clock and the cancel flag. The driver checks them there, with the counts the walk
has then, so a compiled IDA* stops where the Python one does, on every counter.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Protocol

import numpy as np
from numba import njit

from ..core.limits import LimitKind, Meter
from ..core.outcome import Exhausted, Found, Outcome
from ..core.result import Stats
from .codes import FOUND, PAUSED


class Register(IntEnum):
    """The registers a resumable IDA* kernel reads and writes (an int64 array). numba compiles
    a member as the number it stands for: ``regs[Register.DEPTH]`` is ``regs[0]``."""

    DEPTH = 0
    BOUND = 1
    NEXT = 2  # the smallest f over the bound so far
    EXPANDED = 3
    GENERATED = 4
    LONGEST = 5  # the most states on the path at once


IDA_REGISTERS = len(Register) + 2  # two for the kernel's own use (the per-shape search's pause)
NO_F = 1 << 40  # Register.NEXT before any f exceeded the bound
# No iteration goes deeper than this: a bound beyond it is a depth limit, not a proof.
MAX_DEPTH = 10_000


@njit(inline="always")
def on_path(path: np.ndarray, depth: int, state: Any) -> bool:
    """Whether ``state`` is one of ``path[: depth + 1]``: the check of a kernel whose moves
    can lead back to any state on the path, not only to the parent."""
    for i in range(depth + 1):  # noqa: SIM110 (numba compiles a loop, not any() of a generator)
        if path[i] == state:
            return True
    return False


class IdaSearch(Protocol):
    """One domain's compiled IDA* on one problem."""

    slice: int  # expansions between clock checks

    def restart(self) -> None:
        """Back to the root, ready for an iteration (``Register.BOUND`` is set)."""

    def run(self, registers: np.ndarray, expansions: int) -> int:
        """Run for at most ``expansions`` more: FOUND, EXHAUSTED (the iteration is over) or
        PAUSED at the next child within the bound, not yet counted generated (the next run
        takes it again: generates, enters and counts it)."""

    def solution(self, depth: int) -> Found:
        """The path the last FOUND slice ended on, ``depth`` moves long."""


def iterations(
    search: IdaSearch,
    root_h: int,
    root_is_goal: bool,
    meter: Meter,
    stats: Stats,
    longest: int | None = None,
) -> Outcome:
    """IDA* from the root: bounds ``root_h``, then the smallest f over each bound, until a goal,
    a proof (nothing exceeded the bound, or the bound passed ``longest``, the problem's
    ``longest_optimal``: each bound is a lower bound on a solution's length), or the depth
    limit. Each iteration is listed in ``stats.iterations``, the one a limit stops too (marked
    partial), as the engine lists its walks."""
    registers = np.zeros(IDA_REGISTERS, dtype=np.int64)
    depth_cap = min(meter.max_depth, MAX_DEPTH)
    bound = root_h
    while True:
        if bound > depth_cap:
            return Exhausted(LimitKind.DEPTH)  # every step costs 1: no path within the limit
        meter.bound = bound
        with stats.iteration(bound):  # a limit stops it between slices, its counters kept
            status = _iteration(search, bound, root_is_goal, registers, meter, stats)
        if status == FOUND:
            return search.solution(int(registers[Register.DEPTH]))
        if registers[Register.NEXT] >= NO_F:
            return Exhausted()
        bound = int(registers[Register.NEXT])
        if longest is not None and bound > longest:
            return Exhausted(beyond=longest)


def _iteration(
    search: IdaSearch,
    bound: int,
    root_is_goal: bool,
    registers: np.ndarray,
    meter: Meter,
    stats: Stats,
) -> int:
    """One iteration within ``bound``, slice by slice: FOUND or EXHAUSTED."""
    meter.checkpoint(stats.expanded, 1)
    stats.expanded += 1  # the root, once per iteration
    registers[:] = 0
    if root_is_goal:
        return FOUND
    registers[Register.BOUND] = bound
    registers[Register.NEXT] = NO_F
    search.restart()
    while True:
        # Every expansion past the root follows a push; a slice of none stops at the next push.
        pushes_left = meter.max_pushed - (stats.expanded - len(stats.iterations) - 1)
        room = max(min(meter.max_expanded - stats.expanded, pushes_left), 0)
        registers[Register.EXPANDED] = stats.expanded
        registers[Register.GENERATED] = stats.generated
        status = search.run(registers, min(search.slice, room))
        stats.expanded = int(registers[Register.EXPANDED])
        stats.generated = int(registers[Register.GENERATED])
        stats.pushed = stats.expanded - len(stats.iterations) - 1  # all but the roots
        depth = int(registers[Register.DEPTH])
        stats.max_frontier = max(stats.max_frontier, int(registers[Register.LONGEST]), depth + 1)
        if status != PAUSED:
            return status
        _at_the_next_child(meter, stats, depth + 1)


def _at_the_next_child(meter: Meter, stats: Stats, depth: int) -> None:
    """Check the budgets where the engine's walk does, at the child a slice paused at: it has
    generated the child, checks the push budget, pushes it and checks the rest. A stop reports
    those counts; otherwise the kernel counts the child when it takes it again."""
    stats.generated += 1
    meter.push(stats.pushed)
    stats.pushed += 1
    meter.checkpoint(stats.expanded, depth)  # the expansion budget, clock, cancel, memory
    stats.generated -= 1
    stats.pushed -= 1
