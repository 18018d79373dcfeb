"""Korf's tables as the compiled IDA* reads them (``korf_estimate``): a node keeps each
pattern's coordinates, and a child's are three small table reads per pattern away
(``patterns``), worked out for all the children of a batch of nodes at once
(``korf_prepare``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...kernels.intrinsics import prefetch_at
from ..model.cubies import Cubies
from ..tables.korf import PatternTables
from .memory import addresses, peek32, peek64, peeku8, poke64
from .node_row import MOVE_COUNT, OWN, Signed, Tables

# Per pattern in the tables: place and twist packed, turn, add, distance (addresses), then
# turns, changes and the packing's shift.
GROUP = 7
KEPT = OWN + 6  # after a node's own coordinates: per move, its child's (``korf_prepare``)
KORF_COLUMNS = KEPT + 18 * 6


@njit(cache=True, inline="always")
def _child(node: Signed, g: Signed, move: Signed, kept: Signed, tables: Tables) -> None:
    """Work out the child's coordinates in pattern ``g``, keep them in the node's row from
    ``kept``, and ask for the child's table entry (it is read in ``korf_estimate``)."""
    at = g * GROUP
    shift = tables[at + 6]
    a = peek64(node, OWN + 2 * g)
    b = peek64(node, OWN + 2 * g + 1)
    both = peek32(tables[at], a * 18 + move)  # place << shift | twist: one read, one line
    a2 = both >> shift
    turned = peek32(tables[at + 1], b * 18 + move)
    b2 = peek32(tables[at + 2], turned * tables[at + 5] + (both & ((1 << shift) - 1)))
    poke64(node, kept, a2)
    poke64(node, kept + 1, b2)
    prefetch_at(tables[at + 3] + a2 * tables[at + 4] + b2)


@njit(cache=True, inline="always")
def korf_prepare(
    batch: Signed, size: Signed, moves: Signed, count: Signed, room: Signed, tables: Tables
) -> None:
    """Work out every child's coordinates of the nodes in ``batch`` (``ida_kernel._prepare``)
    and ask for all their table entries at once, so that the cache misses (a random byte in
    42 to 88 MB each) overlap instead of coming one after another in ``korf_estimate``."""
    for k in range(size):
        node = peek64(batch, k)
        allowed = peek64(batch, MOVE_COUNT + k)
        for i in range(count):
            if peek64(allowed, i) >= 0:
                move = peek64(moves, i)
                for g in range(3):
                    _child(node, g, move, KEPT + 6 * i + 2 * g, tables)


@njit(cache=True, inline="always")
def _group_distance(node: Signed, child: Signed, g: Signed, i: Signed, tables: Tables) -> Signed:
    """The child's distance in pattern ``g`` (its coordinates written to the child's row)."""
    at = g * GROUP
    kept = KEPT + 6 * i + 2 * g
    a2 = peek64(node, kept)
    b2 = peek64(node, kept + 1)
    poke64(child, OWN + 2 * g, a2)
    poke64(child, OWN + 2 * g + 1, b2)
    found: Signed = peeku8(tables[at + 3], a2 * tables[at + 4] + b2)
    return found


@njit(cache=True, inline="always")
def korf_estimate(
    node: Signed, child: Signed, i: Signed, move: Signed, room: Signed, tables: Tables
) -> Signed:
    """The largest of the child's three distances, read where ``korf_prepare`` asked."""
    first = _group_distance(node, child, 0, i, tables)
    if first > room:
        return first
    second = _group_distance(node, child, 1, i, tables)
    if second > room:
        return second
    return max(first, second, _group_distance(node, child, 2, i, tables))


_packed: dict[int, tuple[PatternTables, list[np.ndarray], Tables]] = {}


def kernel_tables(pt: PatternTables) -> Tables:
    """What ``korf_estimate`` reads: for each of the three patterns the addresses of its move
    tables and table, and three numbers. ``place`` and ``twist`` are packed in one int32
    (``place << shift | twist``): the edges' are 48 MB each, so a node's move costs one cache
    miss per pattern instead of two. Made once per tables (kept here with them)."""
    made = _packed.get(id(pt))
    if made is None or made[0] is not pt:
        if len(pt.patterns) != 3:
            raise ValueError("the compiled search takes exactly three patterns")
        arrays: list[np.ndarray] = []
        out: list[int] = []
        for p, t in zip(pt.patterns, pt.tables, strict=True):
            changes = p.add.shape[1]
            shift = (changes - 1).bit_length()
            if int(p.place.max()) >= 1 << (31 - shift):
                raise ValueError("a pattern too large to pack its moves in 32 bits")
            both = (p.place.astype(np.int64) << shift | p.twist).astype(np.int32)
            arrays.append(both)
            out += addresses(both, p.turn, p.add, t)
            out += [p.turns, changes, shift]
        made = (pt, arrays, tuple(out))
        _packed[id(pt)] = made
    return made[2]


def root_columns(pt: PatternTables, cube: Cubies) -> list[int]:
    out: list[int] = []
    for p in pt.patterns:
        out.extend(p.coordinate(cube))
    return out
