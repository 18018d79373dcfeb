"""The compiled searches of a problem's compiled slots (``compiled_problem``) run and turned
into the engine's outcome: best-first and breadth-first under ``slices``, IDA* under
``ida_driver``."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..core.limits import LimitKind, Meter
from ..core.outcome import Exhausted, Found, Outcome, along
from ..core.problem import longest_optimal
from ..core.result import Stats
from . import compile_for, slot_best_first, slot_breadth_first
from .codes import FOUND, UNLIMITED
from .ida_driver import iterations
from .slot_best_first import BestFirstSlots, best_first_slice
from .slot_breadth_first import BreadthFirstSlots, breadth_first_slice
from .slot_ida import IdaSlots, ida_slice
from .state_table import BAD_SLOT, SlotProblem, bad_slot

Slots = tuple[Any, Any, Any]  # is_goal, successors, heuristic
_COMPILED: set[tuple[str, Slots]] = set()  # the kernels compiled in this process


@njit(cache=True)
def zero_estimate(state: np.int64, data: np.ndarray) -> np.int64:
    """The heuristic of the searches that read none (UCS, BFS) or were given ``zero``."""
    return np.int64(0)


def compile_kernel(algorithm: str, slots: Slots) -> None:
    """Have numba compile the kernel for these slots now (a second or two, once per process and
    slots), which it would otherwise do in the search's first slice."""
    kind = "best_first" if algorithm in ("astar", "ucs") else algorithm
    if (kind, slots) in _COMPILED:
        return
    tables = (np.full(16, -1, np.int64), *(np.zeros(16, np.int64) for _ in range(3)))
    ints, heap = np.zeros(1, np.int64), np.zeros((1, 2), np.uint64)
    pairs = np.zeros((1, 2), np.int64)
    if algorithm in ("astar", "ucs"):
        arguments: tuple[object, ...] = (*slots, ints, *tables, heap, pairs, ints, ints, ints)
        arguments += (1, 1, UNLIMITED, 1)
        compile_for(best_first_slice, arguments)
    elif algorithm == "bfs":
        arguments = (*slots[:2], ints, *tables, ints, ints, ints, ints, UNLIMITED, 1)
        compile_for(breadth_first_slice, arguments)
    else:
        arguments = (*slots, ints, ints, ints, pairs, pairs, ints, ints, ints, 1)
        compile_for(ida_slice, arguments)
    _COMPILED.add((kind, slots))


def run_search(
    problem: Any,
    algorithm: str,
    compiled: SlotProblem,
    weight: int,
    tie_break: str,
    meter: Meter,
    stats: Stats,
) -> Outcome:
    """One compiled search of ``problem``; a slot's mistake raises ``InputError``."""
    (is_goal, _, heuristic), data, start, _ = compiled
    if algorithm == "idastar":
        ida = IdaSlots(problem, compiled)
        root_h = int(heuristic(np.int64(start), data))
        root_is_goal = bool(is_goal(np.int64(start), data))
        return iterations(ida, root_h, root_is_goal, meter, stats, longest_optimal(problem))
    if algorithm == "bfs":
        stats.layers, stats.max_frontier = [1], 1
        if is_goal(np.int64(start), data):
            return Found([start], [], 0)
        search: BestFirstSlots | BreadthFirstSlots = BreadthFirstSlots(compiled, meter)
        bad = slot_breadth_first.BAD_KIND
    else:
        search = BestFirstSlots(compiled, weight, tie_break, meter)
        bad = slot_best_first.BAD_KIND
    status = search.search(stats)
    regs = search.registers
    if status == BAD_SLOT:
        raise bad_slot(int(regs[bad]), int(regs[bad + 1]), int(regs[bad + 2]))
    if status == FOUND:
        return along(problem, search.path())
    cut = algorithm != "bfs" and regs[slot_best_first.CUT]
    return Exhausted(LimitKind.DEPTH if cut else None)
