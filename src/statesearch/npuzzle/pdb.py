"""Additive pattern databases: partitions, and the tables stored in the cache.

A partition splits the tiles into disjoint groups; each group has a table (``pdb_build``) and the
tables' values add up (``pdb_lookup`` reads them).

Tables live in the cache directory (``statesearch.cache``), one ``.npy`` per group with a
``.json`` beside it (dimensions, goal, group, entries, format version, checksum). A table whose
metadata or checksum does not match is reported in one line and rebuilt, never used; one that
cannot be written is kept in memory.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..cache import cache_dir, cached_text, is_dir, npy_mismatch, write_or_keep
from ..errors import InputError
from .board import Tiles, goal_option
from .pdb_build import UNSET, build_group_table, placements

FORMAT_VERSION = 1
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

    def metadata(self) -> dict[str, object]:
        return {
            "format_version": FORMAT_VERSION,
            "rows": self.rows,
            "cols": self.cols,
            "goal": list(self.goal),
            "group": list(self.group),
            "entries": self.entries,
        }


def _checksum(table: np.ndarray) -> str:
    return hashlib.blake2b(table.tobytes(), digest_size=16).hexdigest()


def check(key: GroupKey, directory: Path) -> str | None:
    """Why the stored table for ``key`` cannot be used, or ``None`` when it is sound."""
    meta_file, table_file = directory / f"{key.name}.json", directory / f"{key.name}.npy"
    try:
        if not meta_file.exists() or not table_file.exists():
            return "missing"
        meta = json.loads(cached_text(meta_file))
        if not isinstance(meta, dict):
            return "metadata is not a JSON object"
        expected = key.metadata()
        for field, value in expected.items():
            if meta.get(field) != value:
                return f"metadata mismatch ({field})"
        # The header before the data: a changed digit in its shape would ask for terabytes.
        damaged = npy_mismatch(table_file, (key.entries,), "uint8")
        if damaged is not None:
            return damaged
        table = np.load(table_file, allow_pickle=False)
    except OSError as err:  # a cache that cannot be entered too (exists() raises)
        return f"unreadable ({err.strerror or err.__class__.__name__})"
    except (ValueError, EOFError) as err:  # EOFError: an empty or truncated .npy
        return f"unreadable ({err.__class__.__name__})"
    if table.dtype != np.uint8 or table.shape != (key.entries,):
        return "wrong size or type"
    if meta.get("checksum") != _checksum(table):
        return "checksum mismatch"
    return None


def load_or_build(
    key: GroupKey,
    progress: Progress | None = None,
    log: Callable[[str], None] | None = None,
    rebuild: bool = False,
    check_limits: Callable[[], None] | None = None,
) -> np.ndarray:
    """The table for ``key`` from the cache, building (and caching) it when missing or unsound."""
    directory = cache_dir()
    problem = "rebuild requested" if rebuild else check(key, directory)
    if problem is None:
        table: np.ndarray = np.load(directory / f"{key.name}.npy", allow_pickle=False)
        return table
    if log is not None:
        what = f"group {'-'.join(map(str, key.group))} of the {key.rows}x{key.cols} puzzle"
        log(f"pattern database for {what}: {problem}; building {key.entries:,} entries")
    table = build_group_table(key.goal, key.rows, key.cols, key.group, progress, check_limits)
    meta = {
        **key.metadata(),
        "checksum": _checksum(table),
        "max_value": int(table[table != UNSET].max()),
    }
    say = log or (lambda message: None)
    # The table first: a reader who finds the metadata finds the table it describes.
    if write_or_keep(directory / f"{key.name}.npy", lambda p: _save_npy(p, table), say):
        write_or_keep(directory / f"{key.name}.json", lambda p: _save_json(p, meta), say)
    return table


def tables_built(rows: int, cols: int, goal: Tiles, partition: str | None) -> bool:
    """Whether every table of the partition (the board's named default when ``None``) is in the
    cache and sound; ``False`` for shapes without a named partition."""
    if partition is None and (rows, cols) not in DEFAULT:
        return False
    groups = partition_groups(rows, cols, partition)
    return all(check(GroupKey(rows, cols, goal, g), cache_dir()) is None for g in groups)


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
    """A search does not build a table that takes minutes and gigabytes: say how to build it."""
    missing = [
        key
        for key in keys
        if key.entries > ON_DEMAND_MAX_PLACEMENTS and check(key, cache_dir()) is not None
    ]
    if missing:
        key = missing[0]
        raise InputError(
            "partition {partition} needs a table of {entries:,} entries; build it once with: "
            "statesearch pdb build {rows}x{cols} --partition {partition}{goal}",
            partition=partition,
            entries=key.entries,
            rows=key.rows,
            cols=key.cols,
            goal=goal_option(key.goal),
        )


def _save_json(path: Path, meta: dict[str, object]) -> None:
    path.write_text(json.dumps(meta, indent=1))


def _save_npy(path: Path, table: np.ndarray) -> None:
    with open(path, "wb") as handle:
        np.save(handle, table, allow_pickle=False)


def stored() -> Iterator[dict[str, object]]:
    """Metadata of every table in the cache (by its ``.npy`` or its ``.json``: a table whose
    metadata is missing is listed too), with its file name; unreadable metadata reads as
    ``{}``."""
    directory = cache_dir()
    if not is_dir(directory):
        return
    names = {p.stem for pattern in ("*.npy", "*.json") for p in directory.glob(pattern)}
    for name in sorted(n for n in names if TABLE_NAME.fullmatch(n)):
        try:
            meta = json.loads(cached_text(directory / f"{name}.json"))
        except (OSError, ValueError):
            meta = {}
        yield {**(meta if isinstance(meta, dict) else {}), "file": f"{name}.npy"}


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
