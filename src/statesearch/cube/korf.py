"""Korf's pattern databases for the 3x3x3 (1997): all 8 corners (8! x 3^7 = 88,179,840
entries) and two groups of 6 edges (12!/6! x 2^6 = 42,577,920 entries each), one byte per
entry, the estimate being the largest of the three.

Each table is the breadth-first distance of its pattern from solved (``breadth``), built once
and kept in the cache (checksummed). Smaller groups (any corners, any edges) make tables that
build in milliseconds, for the tests and for short scrambles. ``korf_estimate`` is the compiled
IDA*'s estimate: a node keeps each pattern's coordinates, and a child's are three small table
reads per pattern away (``patterns``), worked out for all the children of a batch of nodes at
once (``korf_prepare``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from .. import table_store as store
from ..kernels.intrinsics import prefetch_at
from ..limits import Meter, active_meter
from .breadth import Progress, distances
from .cubies import Cubies
from .memory import addresses, peek32, peek64, peeku8, poke64
from .node_row import MOVE_COUNT, OWN, Signed, Tables
from .notation import metric_moves
from .patterns import Pattern, pattern

ALL = tuple(range(18))
KORF_GROUPS = (
    (False, tuple(range(8))),  # the corners
    (True, (0, 1, 2, 3, 4, 5)),  # UR UF UL UB DR DF
    (True, (6, 7, 8, 9, 10, 11)),  # DL DB FR FL BL BR
)
Group = tuple[bool, tuple[int, ...]]


def group_pattern(edges: bool, pieces: tuple[int, ...]) -> Pattern:
    return pattern(edges, pieces, tuple(range(12 if edges else 8)), ALL)


@dataclass(frozen=True)
class PatternTables:
    """Patterns and their distance tables (one byte per coordinate)."""

    patterns: tuple[Pattern, ...]
    tables: tuple[np.ndarray, ...]
    metric: str

    def value(self, cube: Cubies) -> int:
        """The estimate: the largest distance among the patterns."""
        best = 0
        for p, table in zip(self.patterns, self.tables, strict=True):
            a, b = p.coordinate(cube)
            best = max(best, int(table[a * p.turns + b]))
        return best

    @property
    def description(self) -> str:
        return " + ".join(p.name for p in self.patterns)

    @property
    def entries(self) -> int:
        return sum(t.size for t in self.tables)


def table_meta(p: Pattern, metric: str) -> dict[str, object]:
    return {"table": "3x3x3 pattern distances", "pattern": p.name, "metric": metric}


def build_group(
    p: Pattern, metric: str, meter: Meter | None = None, progress: Progress | None = None
) -> np.ndarray:
    cols = tuple(i for i, m in enumerate(p.moves) if m in metric_moves(metric))
    return distances(p, p.coordinate(Cubies.solved(3)), cols, meter, progress)[0]


def table_names(
    groups: Sequence[Group] = KORF_GROUPS, metric: str = "htm"
) -> list[tuple[Pattern, str, dict[str, object]]]:
    """Each group's pattern with the name and metadata of its table in the cache."""
    patterns = [group_pattern(edges, pieces) for edges, pieces in groups]
    return [(p, f"cube-pattern-{p.name}-{metric}", table_meta(p, metric)) for p in patterns]


def load_tables(
    groups: Sequence[Group] = KORF_GROUPS,
    metric: str = "htm",
    meter: Meter | None = None,
    progress: Progress | None = None,
    log: store.Log | None = None,
) -> PatternTables:
    """The tables of ``groups`` from the cache, built (bounded by ``meter``) where missing or
    unsound; the meter is looked at before each table, loaded or built."""
    named = table_names(groups, metric)
    tables = []
    for p, name, meta in named:
        if meter is not None:
            meter.check()
        tables.append(
            store.load_or_build(
                name,
                meta,
                lambda p=p: build_group(p, metric, meter, progress),  # type: ignore[misc]
                log,
                f"the {p.name} pattern database ({p.size:,} entries, {metric})",
                shape=(p.size,),
                dtype="uint8",
            )
        )
    return PatternTables(tuple(p for p, _, _ in named), tuple(tables), metric)


def is_stored(metric: str = "htm", groups: Sequence[Group] = KORF_GROUPS) -> bool:
    """Whether the cache holds every table of ``groups`` with the right metadata (a quick look:
    ``store.is_stored``)."""
    return all(store.is_stored(name, meta) for _, name, meta in table_names(groups, metric))


def stored_tables(
    metric: str = "htm", groups: Sequence[Group] = KORF_GROUPS, meter: Meter | None = None
) -> PatternTables | None:
    """The tables from the cache if all are there and sound, never built (``None`` otherwise);
    ``meter`` is looked at before each table is read."""
    named = table_names(groups, metric)
    tables = []
    for p, name, meta in named:
        if meter is not None:
            meter.check()
        table = store.load(name, meta, shape=(p.size,), dtype="uint8")[1]
        if table is None:
            return None
        tables.append(table)
    return PatternTables(tuple(p for p, _, _ in named), tuple(tables), metric)


_LOADED: dict[str, PatternTables] = {}  # Korf's tables by metric, once a process


def korf_tables(metric: str = "htm", meter: Meter | None = None) -> PatternTables:
    """Korf's tables, loaded (or built, bounded by ``meter``, else by the running search's) the
    first time a process asks."""
    if metric not in _LOADED:
        _LOADED[metric] = load_tables(KORF_GROUPS, metric, meter or active_meter())
    return _LOADED[metric]


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
