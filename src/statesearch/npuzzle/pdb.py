"""Additive pattern databases: partitions, and the tables stored in the cache.

A partition splits the tiles into disjoint groups; each group has a table (``pdb_build``) and the
tables' values add up (``pdb_lookup`` reads them).

Tables live in the cache directory, one per group, kept by ``table_store`` (its metadata: the
board's dimensions, goal, group and entries). A table whose metadata, header or checksum does
not match is reported in one line and rebuilt, never used; one that cannot be written is kept
in memory.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .. import table_store
from ..errors import InputError
from .board import Tiles, goal_option
from .pdb_build import UNSET, build_group_table, placements

TABLE_NAME = re.compile(
    r"\d+x\d+-\d+tiles-[0-9a-f]{10}"
)  # GroupKey.name (other tables share the cache)

# Named partitions by board size, as tile numbers for Korf's goal (blank first, 1 2 3 ...). For
# another goal the same tile numbers are used: any disjoint grouping is admissible.
NAMED: dict[tuple[int, int], dict[str, tuple[tuple[int, ...], ...]]] = {
    (3, 3): {"exact": ((1, 2, 3, 4, 5, 6, 7, 8),)},
    (2, 4): {"exact": ((1, 2, 3, 4, 5, 6, 7),), "4-3": ((1, 2, 3, 4), (5, 6, 7))},
    (4, 4): {
        "6-6-3": ((1, 2, 3), (4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15)),
        "5-5-5": ((1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15)),
        "7-8": ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15)),
        "3-3": ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15)),
    },
    (5, 5): {
        "6-6-6-6": (
            (1, 2, 5, 6, 7, 12),
            (3, 4, 8, 9, 13, 14),
            (10, 11, 15, 16, 20, 21),
            (17, 18, 19, 22, 23, 24),
        ),
    },
}
DEFAULT = {(3, 3): "exact", (2, 4): "exact", (4, 4): "6-6-3", (5, 5): "6-6-6-6"}
# Groups this large take minutes and gigabytes to build; `pdb build` does it, a search will not.
ON_DEMAND_MAX_PLACEMENTS = 60_000_000

Progress = Callable[[int, int], None]


def partition_name(rows: int, cols: int, spec: str | None) -> str:
    """The partition asked for, or the board's default (one group of every tile if none)."""
    return spec or DEFAULT.get((rows, cols)) or str(rows * cols - 1)


def partition_groups(rows: int, cols: int, spec: str | None) -> tuple[tuple[int, ...], ...]:
    """Groups for a named partition (``6-6-3``), sizes (``4-4``: tiles in order) or explicit
    groups (``1,2,3,4/5,6,7,8``). Every tile must be in exactly one group."""
    n = rows * cols
    named = NAMED.get((rows, cols), {})
    spec = partition_name(rows, cols, spec)
    if spec in named:
        return named[spec]
    sizes: list[int] = []
    try:
        if "/" in spec or "," in spec:
            groups = tuple(
                tuple(int(t) for t in part.split(",") if t.strip()) for part in spec.split("/")
            )
        else:
            sizes = [int(s) for s in spec.split("-")]
            if min(sizes) < 1:
                raise ValueError(spec)
    except ValueError:
        example = _example_sizes(n - 1)
        groups_example = "/".join(",".join(map(str, g)) for g in _consecutive(example))
        if named:
            raise InputError(
                "cannot read partition {spec!r}: use a name ({names}), "
                "sizes like {sizes}, or groups like {groups}",
                spec=spec,
                names=", ".join(named),
                sizes="-".join(map(str, example)),
                groups=groups_example,
            ) from None
        raise InputError(
            "cannot read partition {spec!r}: use sizes like {sizes}, or groups like {groups}",
            spec=spec,
            sizes="-".join(map(str, example)),
            groups=groups_example,
        ) from None
    if sizes:
        if sum(sizes) != n - 1:
            raise InputError(
                "partition {spec!r} adds up to {count}; the {rows}x{cols} has {tiles} tiles: "
                "sizes must add up to {tiles}, e.g. {example}",
                spec=spec,
                count=sum(sizes),
                rows=rows,
                cols=cols,
                tiles=n - 1,
                example="-".join(map(str, _example_sizes(n - 1))),
            )
        groups = _consecutive(sizes)
    flat = sorted(t for g in groups for t in g)
    if flat != list(range(1, n)) or any(not g for g in groups):
        raise InputError(
            "partition {spec!r} must put each tile 1..{last} in exactly one group",
            spec=spec,
            last=n - 1,
        )
    return groups


def _consecutive(sizes: list[int]) -> tuple[tuple[int, ...], ...]:
    """Tiles 1, 2, ... in groups of ``sizes``, in order."""
    starts = [1 + sum(sizes[:i]) for i in range(len(sizes))]
    return tuple(tuple(range(a, a + size)) for a, size in zip(starts, sizes, strict=True))


def _example_sizes(tiles: int) -> list[int]:
    """Sizes for an error's example that this board's search would accept: the fewest groups
    (two at least), as even as can be, whose tables a search builds on demand."""
    count = 2
    while placements(tiles + 1, -(-tiles // count)) > ON_DEMAND_MAX_PLACEMENTS:
        count += 1
    return [tiles // count + (i < tiles % count) for i in range(count)]


@dataclass(frozen=True)
class GroupKey:
    rows: int
    cols: int
    goal: Tiles
    group: tuple[int, ...]

    @property
    def name(self) -> str:
        digest = hashlib.sha1(f"{self.goal}|{self.group}".encode()).hexdigest()[:10]
        return f"{self.rows}x{self.cols}-{len(self.group)}tiles-{digest}"

    @property
    def entries(self) -> int:
        return placements(self.rows * self.cols, len(self.group))

    @property
    def shape(self) -> tuple[int]:
        return (self.entries,)

    def metadata(self) -> dict[str, object]:
        """What the table is for, as ``table_store`` keeps and checks it."""
        return {
            "rows": self.rows,
            "cols": self.cols,
            "goal": list(self.goal),
            "group": list(self.group),
            "entries": self.entries,
        }


def check(key: GroupKey, directory: Path | None = None) -> str | None:
    """Why the stored table for ``key`` cannot be used, or ``None`` when it is sound (read
    through a memory map, not held)."""
    return table_store.problem_with(key.name, key.metadata(), key.shape, "uint8", directory)


def load_or_build(
    key: GroupKey,
    progress: Progress | None = None,
    log: Callable[[str], None] | None = None,
    rebuild: bool = False,
    check_limits: Callable[[], None] | None = None,
    refuse_large: str | None = None,
) -> np.ndarray:
    """The table for ``key`` from the cache, read once and checked, building (and caching) it
    when missing or unsound; with ``refuse_large`` (the partition's name), a table a search
    should not build (``ON_DEMAND_MAX_PLACEMENTS``) is refused with the command that builds
    it."""
    stop = check_limits or table_store.never_stop
    meta, shape = key.metadata(), key.shape
    if refuse_large is not None and key.entries > ON_DEMAND_MAX_PLACEMENTS:
        table = table_store.load(key.name, meta, stop, shape, "uint8")[1]
        if table is None:  # missing or unsound: one line, how to build it
            raise build_it_once(key, refuse_large)
        return table
    group = "-".join(map(str, key.group))
    return table_store.load_or_build(
        key.name,
        meta,
        lambda: build_group_table(key.goal, key.rows, key.cols, key.group, progress, check_limits),
        log,
        f"pattern database for group {group} of the {key.rows}x{key.cols} puzzle",
        rebuild,
        check=stop,
        shape=shape,
        dtype="uint8",
        notes_of=lambda table: {"max_value": int(table[table != UNSET].max())},
    )


def tables_built(rows: int, cols: int, goal: Tiles, partition: str | None) -> bool:
    """Whether every table of the partition (the board's named default when ``None``) is in the
    cache with its metadata (a quick look: ``table_store.is_stored``; a search reads them
    whole); ``False`` for shapes without a named partition."""
    if partition is None and (rows, cols) not in DEFAULT:
        return False
    groups = partition_groups(rows, cols, partition)
    keys = [GroupKey(rows, cols, goal, g) for g in groups]
    return all(table_store.is_stored(key.name, key.metadata()) for key in keys)


MAX_CELLS = 32  # the builder packs a cell in 5 bits
MAX_GROUP = 11  # ... and a state (a group's cells and the blank's region) in one 64-bit word


def check_buildable(keys: list[GroupKey], partition: str) -> None:
    """Refuse a partition whose tables the builder cannot lay out (whether they fit in memory
    is asked by the build itself, ``limits.reserve``)."""
    n = keys[0].rows * keys[0].cols
    if n > MAX_CELLS:
        raise InputError(
            "pattern databases work on boards of at most {most} cells; {rows}x{cols} has {cells}",
            most=MAX_CELLS,
            rows=keys[0].rows,
            cols=keys[0].cols,
            cells=n,
        )
    for key in keys:
        if len(key.group) > MAX_GROUP:
            raise InputError(
                "partition {partition} has a group of {tiles} tiles; groups hold at most {most} "
                "(give smaller ones, e.g. sizes like 5-5-4 or groups like 1,2,3/4,5,6)",
                partition=partition,
                tiles=len(key.group),
                most=MAX_GROUP,
            )


def refuse_large_builds(keys: list[GroupKey], partition: str) -> None:
    """A search does not build a table that takes minutes and gigabytes: say how to build it.
    A quick look here, before any table is built (``load_or_build`` refuses too, for a large
    table found damaged when it is read)."""
    for key in keys:
        if key.entries > ON_DEMAND_MAX_PLACEMENTS and not table_store.is_stored(
            key.name, key.metadata()
        ):
            raise build_it_once(key, partition)


def build_it_once(key: GroupKey, partition: str) -> InputError:
    return InputError(
        "partition {partition} needs a table of {entries:,} entries; build it once with: "
        "statesearch pdb build {rows}x{cols} --partition {partition}{goal}",
        partition=partition,
        entries=key.entries,
        rows=key.rows,
        cols=key.cols,
        goal=goal_option(key.goal),
    )


def stored() -> list[dict[str, object]]:
    """Metadata of every table in the cache (``table_store.stored_tables``) with its file
    name; missing or unreadable metadata reads as ``{}``."""
    return table_store.stored_tables(TABLE_NAME)


def verify_all() -> list[tuple[str, str | None]]:
    """Every pattern database in the cache with why it is unsound (``None``: sound), checked
    against the table its metadata names (its shape from the board and the group)."""
    return table_store.verify_all(TABLE_NAME, _expected)


def _expected(record: dict[str, object]) -> tuple[dict[str, object], tuple[int], str] | str:
    key = key_from_metadata(record)
    if key is None:
        return "metadata missing or unreadable"
    if f"{key.name}.npy" != record["file"]:
        return "metadata of another table (its goal or group)"
    return key.metadata(), key.shape, "uint8"


def key_from_metadata(meta: dict[str, object]) -> GroupKey | None:
    try:
        return GroupKey(
            int(meta["rows"]),  # type: ignore[call-overload]
            int(meta["cols"]),  # type: ignore[call-overload]
            tuple(meta["goal"]),  # type: ignore[arg-type]
            tuple(meta["group"]),  # type: ignore[arg-type]
        )
    except (KeyError, TypeError, ValueError, OverflowError):  # OverflowError: "rows": 1e999
        return None
