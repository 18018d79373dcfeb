"""Korf's pattern databases for the 3x3x3 (1997): all 8 corners (8! x 3^7 = 88,179,840
entries) and two groups of 6 edges (12!/6! x 2^6 = 42,577,920 entries each), one byte per
entry, the estimate being the largest of the three.

Each table is the breadth-first distance of its pattern from solved (``breadth``), built once
and kept in the cache (checksummed). Smaller groups (any corners, any edges) make tables that
build in milliseconds, for the tests and for short scrambles. The compiled IDA* reads them
through ``compiled.korf_kernel``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ... import table_store as store
from ...core.limits import Meter, active_meter
from ..model.cubies import Cubies
from ..model.notation import metric_moves
from .breadth import Progress, distances
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


_LOADED: dict[str, PatternTables] = {}  # Korf's tables by metric, once a process


def stored_tables(metric: str = "htm", meter: Meter | None = None) -> PatternTables | None:
    """Korf's tables from the cache if all are there and sound, never built (``None``
    otherwise), read once a process; ``meter`` is looked at before each table is read."""
    if metric not in _LOADED:
        named = table_names(KORF_GROUPS, metric)
        tables = []
        for p, name, meta in named:
            if meter is not None:
                meter.check()
            table = store.load(name, meta, shape=(p.size,), dtype="uint8")[1]
            if table is None:
                return None
            tables.append(table)
        _LOADED[metric] = PatternTables(tuple(p for p, _, _ in named), tuple(tables), metric)
    return _LOADED[metric]


def korf_tables(metric: str = "htm", meter: Meter | None = None) -> PatternTables:
    """Korf's tables, loaded (or built, bounded by ``meter``, else by the running search's) the
    first time a process asks."""
    if metric not in _LOADED:
        _LOADED[metric] = load_tables(KORF_GROUPS, metric, meter or active_meter())
    return _LOADED[metric]
