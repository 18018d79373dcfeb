"""The compiled IDA* of the 3x3x3 under the engine: which kernel, and the adapters that give
``kernels.ida_driver`` its root, its slices and the solution's states.

Two estimates run compiled: ``coset`` (the coset table along three axes, ``coset_kernel``) and
``korf`` (Korf's three pattern databases, ``korf``). Both search canonical sequences only (no
two turns of a face in a row, opposite faces in one order), in either metric. ``korf-then-coset``
runs one after the other (``two_passes``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...core.limits import LimitHit, LimitKind, Meter
from ...core.outcome import Exhausted, Found, Outcome
from ...core.result import Stats
from ...kernels import Prepared
from ...kernels.ida_driver import iterations
from ..model.cubies import Cubies, permutation_parity
from ..model.notation import MOVES, START, canonical_moves
from ..model.state import move_cubies, recipes, turned
from ..tables.searched import SearchedCube
from . import coset_kernel, coset_lookup, korf_kernel
from .coset_lookup import combine, coset_estimates, view_coordinates, view_cubies
from .ida_kernel import COSET, KORF, ida_slice
from .node_row import MAX_DEPTH, MOVE_COUNT, OWN, RULE, padded

if TYPE_CHECKING:
    from ...kernels import Kernel

SLICE = 1 << 16  # expansions between clock checks (about a million generated: 0.1-0.3 s)
COMPILED_HEURISTICS = ("coset", "korf", "korf-then-coset")


def kernel_for(
    cube: SearchedCube, algorithm: str, heuristic: str, korf_reach: int
) -> Kernel | None:
    """IDA* with ``coset``, ``korf`` or ``korf-then-coset`` (Korf's tables up to ``korf_reach``
    moves, then the coset table: ``two_passes``) on a solvable 3x3x3, else ``None`` (the Python
    engine)."""
    if cube.size != 3 or algorithm != "idastar" or heuristic not in COMPILED_HEURISTICS:
        return None
    if not cube.solvable:  # the kernels' coordinates cannot hold a twisted corner
        return None
    if heuristic == "korf-then-coset":
        return two_passes(cube, korf_reach)

    # Made as setup (``Prepared``), before the search's clock starts: packing Korf's move
    # tables takes about half a second the first time, which is not the search's time.
    def make() -> Kernel:
        search = CubeSearch(cube, heuristic)
        return lambda meter, stats: iterations(
            search, search.h, cube.initial == cube.goal, meter, stats
        )

    return Prepared(make)


def two_passes(cube: SearchedCube, reach: int) -> Kernel:
    """IDA* with Korf's tables while its bound is at most ``reach``, then with the coset table,
    read only then: a cube near solved is solved without waiting for 5 GB. Each bound of IDA* is
    a lower bound on the solution's length, so a solution found by either pass is optimal, and
    once the first has ruled out ``reach`` moves the second starts past them. Both count in
    ``stats`` and answer to ``meter``, so the budgets cover the two as one search; a limit
    reached says which pass it stopped."""
    return Prepared(lambda: _two_passes(cube, CubeSearch(cube, "korf"), reach))


def _two_passes(cube: SearchedCube, first: CubeSearch, reach: int) -> Kernel:
    """``two_passes``' search, its first made (``Prepared``: before the clock)."""

    def run(meter: Meter, stats: Stats) -> Outcome:
        # Korf's estimate of the start may rule out ``reach`` moves by itself: no first pass.
        if first.h <= reach:
            try:
                outcome = iterations(
                    first, first.h, cube.initial == cube.goal, meter, stats, longest=reach
                )
            except LimitHit as hit:
                hit.detail += f", in the search with Korf's tables (up to {reach} moves)"
                raise
            if not (isinstance(outcome, Exhausted) and outcome.beyond == reach):
                return outcome  # solved, or cut by the user's depth bound
        bound = reach + 1
        if first.parity >= 0 and (bound - first.parity) % 2:
            bound += 1  # a quarter-turn distance has the parity of the corner permutation
        if bound > meter.max_depth:  # no need of the coset table to stop there
            return Exhausted(LimitKind.DEPTH)
        ruled_out = f"Korf's tables ruled out {reach} moves or fewer"
        with meter.doing(f"reading the coset table and its bounds ({ruled_out})"):
            second = CubeSearch(cube, "coset")
        try:
            return iterations(second, max(second.h, bound), False, meter, stats)
        except LimitHit as hit:
            hit.detail += f", in the search with the coset table ({ruled_out})"
            raise

    return run


def _turn_arrays() -> tuple[np.ndarray, ...]:
    cubies = [move_cubies(3, m) for m in range(18)]
    return tuple(
        np.array([getattr(c, part) for c in cubies], dtype=np.int64)
        for part in ("cp", "co", "ep", "eo")
    )


class CubeSearch:
    """One IDA* run of a kernel on one cube (``kernels.ida_driver.IdaSearch``)."""

    slice = SLICE

    def __init__(self, cube: SearchedCube, heuristic: str) -> None:
        self.cube = cube
        self.moves = np.array(cube.move_numbers, dtype=np.int64)
        self.rule = canonical_moves(cube.metric).astype(np.int64)
        start: Cubies = cube.start
        self.root = tuple(
            np.array(getattr(start, part), dtype=np.int64) for part in ("cp", "co", "ep", "eo")
        )
        self.turns = _turn_arrays()
        self.parity = permutation_parity(start.cp) if cube.metric == "qtm" else -1
        self.path = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
        root: list[int]
        if heuristic == "coset":
            table = cube.coset_table
            self.kind = COSET
            self.tables = padded(coset_lookup.lookup_tables(table))
            by_view, bounds = coset_estimates(table, cube.initial)
            views, cubes = view_coordinates(cube.initial), view_cubies(cube.initial)
            root = coset_kernel.root_columns(views, by_view, cubes, bounds)
            self.h = max(combine(by_view), combine(bounds))
            width = coset_kernel.ROW
        else:
            pt = cube.pattern_tables
            self.kind = KORF
            self.tables = padded(korf_kernel.kernel_tables(pt))
            self.keep = pt  # the arrays the addresses point into
            root = korf_kernel.root_columns(pt, start)
            self.h = pt.value(start)
            width = korf_kernel.KORF_COLUMNS
        if self.parity >= 0 and (self.h - self.parity) % 2:
            self.h += 1  # a quarter-turn distance has the parity of the corner permutation
        self.nodes = np.zeros((MAX_DEPTH + 1, MOVE_COUNT, width), dtype=np.int64)
        self.root_row = np.zeros(width, dtype=np.int64)
        self.root_row[RULE] = START
        self.root_row[OWN : OWN + len(root)] = root

    def restart(self) -> None:
        self.nodes[0, 0] = self.root_row

    def run(self, registers: np.ndarray, expansions: int) -> int:
        return int(
            ida_slice(
                registers,
                self.nodes,
                self.path,
                expansions,
                self.moves,
                self.rule,
                self.kind,
                self.tables,
                self.root,
                self.turns,
                self.parity,
            )
        )

    def solution(self, depth: int) -> Found:
        state = self.cube.initial
        states, actions = [state], []
        for m in self.path[:depth]:
            state = turned(state, recipes(3)[int(m)])
            states.append(state)
            actions.append(MOVES[int(m)])
        return Found(states, actions, depth)
