"""Additive pattern databases: partitions, the on-disk cache, and lookups.

A partition splits the tiles into disjoint groups; each group has a table (``pdb_build``) and the
tables' values add up. Reflection about the main diagonal (square boards) looks the same tables
up a second time for the mirrored board and takes the larger sum.

Tables live in the cache directory (``STATESEARCH_CACHE``, else the user cache dir), one ``.npy``
per group with a ``.json`` beside it (dimensions, goal, group, entries, format version, checksum).
A table whose metadata or checksum does not match is reported in one line and rebuilt, never used.
Files are written under a temporary name and renamed, so concurrent builds cannot corrupt them.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np
import platformdirs

from ..errors import InputError
from .board import Tiles
from .pdb_build import UNSET, build_group_table, placements

FORMAT_VERSION = 1

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
# Lookups use tables spread to n**k entries where that fits (see kernels.spread_table): an index
# is updated by one add. Bigger groups (the 8 tiles of 7-8) keep the compact table and rank the
# group's packed cells at each lookup (kernels.pdb_entry).
MAX_SPREAD = 1 << 28

Progress = Callable[[int, int], None]


def cache_dir() -> Path:
    return Path(os.environ.get("STATESEARCH_CACHE") or platformdirs.user_cache_dir("statesearch"))


def partition_groups(rows: int, cols: int, spec: str | None) -> tuple[tuple[int, ...], ...]:
    """Groups for a named partition (``6-6-3``), sizes (``4-3``: tiles in order) or explicit
    groups (``1,2,3/4,5,6,7``). Every tile must be in exactly one group."""
    n = rows * cols
    named = NAMED.get((rows, cols), {})
    spec = spec or DEFAULT.get((rows, cols)) or str(n - 1)
    if spec in named:
        return named[spec]
    try:
        if "/" in spec or "," in spec:
            groups = tuple(
                tuple(int(t) for t in part.split(",") if t.strip()) for part in spec.split("/")
            )
        else:
            sizes = [int(s) for s in spec.split("-")]
            if sum(sizes) != n - 1 or min(sizes) < 1:
                raise ValueError(spec)
            starts = [1 + sum(sizes[:i]) for i in range(len(sizes))]
            groups = tuple(tuple(range(a, a + size)) for a, size in zip(starts, sizes, strict=True))
    except ValueError:
        if named:
            raise InputError(
                "cannot read partition {spec!r}: use a name ({names}), "
                "sizes like 4-3, or groups like 1,2,3/4,5,6,7",
                spec=spec,
                names=", ".join(named),
            ) from None
        raise InputError(
            "cannot read partition {spec!r}: use sizes like 4-3, or groups like 1,2,3/4,5,6,7",
            spec=spec,
        ) from None
    flat = sorted(t for g in groups for t in g)
    if flat != list(range(1, n)) or any(not g for g in groups):
        raise InputError(
            "partition {spec!r} must put each tile 1..{last} in exactly one group",
            spec=spec,
            last=n - 1,
        )
    return groups


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
    if not meta_file.exists() or not table_file.exists():
        return "missing"
    try:
        meta = json.loads(meta_file.read_text())
        table = np.load(table_file, allow_pickle=False)
    except (OSError, ValueError) as err:
        return f"unreadable ({err.__class__.__name__})"
    expected = key.metadata()
    for field, value in expected.items():
        if meta.get(field) != value:
            return f"metadata mismatch ({field})"
    if table.dtype != np.uint8 or table.shape != (key.entries,):
        return "wrong size or type"
    if meta.get("checksum") != _checksum(table):
        return "checksum mismatch"
    return None


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Write to a temporary file beside ``path`` and rename it: readers and concurrent writers
    never see half a file."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    os.close(fd)
    try:
        write(Path(tmp))
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def load_or_build(
    key: GroupKey,
    progress: Progress | None = None,
    log: Callable[[str], None] | None = None,
    rebuild: bool = False,
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
    table = build_group_table(key.goal, key.rows, key.cols, key.group, progress)
    directory.mkdir(parents=True, exist_ok=True)
    write_atomically(directory / f"{key.name}.npy", lambda p: _save_npy(p, table))
    meta = {
        **key.metadata(),
        "checksum": _checksum(table),
        "max_value": int(table[table != UNSET].max()),
    }
    write_atomically(directory / f"{key.name}.json", lambda p: _save_json(p, meta))
    return table


def _save_json(path: Path, meta: dict[str, object]) -> None:
    path.write_text(json.dumps(meta, indent=1))


def _save_npy(path: Path, table: np.ndarray) -> None:
    with open(path, "wb") as handle:
        np.save(handle, table, allow_pickle=False)


def stored() -> Iterator[dict[str, object]]:
    """Metadata of every table in the cache, with its file name."""
    directory = cache_dir()
    if not directory.exists():
        return
    for meta_file in sorted(directory.glob("*.json")):
        try:
            meta = json.loads(meta_file.read_text())
        except (OSError, ValueError):
            meta = {}
        yield {"file": meta_file.with_suffix(".npy").name, **meta}


def key_from_metadata(meta: dict[str, object]) -> GroupKey | None:
    try:
        return GroupKey(
            int(meta["rows"]),  # type: ignore[call-overload]
            int(meta["cols"]),  # type: ignore[call-overload]
            tuple(meta["goal"]),  # type: ignore[arg-type]
            tuple(meta["group"]),  # type: ignore[arg-type]
        )
    except (KeyError, TypeError, ValueError):
        return None


@functools.lru_cache(maxsize=4)
def shared(rows: int, cols: int, goal: Tiles, partition: str | None) -> PatternDatabase:
    """One PatternDatabase per (board, goal, partition) per process: loading spreads the tables,
    which is worth doing once, not once per board solved."""
    return PatternDatabase(rows, cols, goal, partition, log=_say)


def _say(message: str) -> None:
    print(message, file=sys.stderr)


class PatternDatabase:
    """The tables of one partition for one goal, ready for the kernels and for Python lookups."""

    def __init__(
        self,
        rows: int,
        cols: int,
        goal: Tiles,
        partition: str | None = None,
        progress: Progress | None = None,
        log: Callable[[str], None] | None = None,
        reflect: bool = True,
        allow_large: bool = False,
    ) -> None:
        self.rows, self.cols, self.goal = rows, cols, tuple(goal)
        self.groups = partition_groups(rows, cols, partition)
        self.partition = partition or DEFAULT.get((rows, cols)) or str(rows * cols - 1)
        self.reflect = reflect and rows == cols
        n = rows * cols
        keys = [GroupKey(rows, cols, self.goal, g) for g in self.groups]
        too_big = [k for k in keys if k.entries > ON_DEMAND_MAX_PLACEMENTS]
        if too_big and not allow_large:
            missing = [k for k in too_big if check(k, cache_dir()) is not None]
            if missing:
                raise InputError(
                    "partition {partition} needs a table of {entries:,} entries; "
                    "build it once with: "
                    "statesearch pdb build {rows}x{cols} --partition {partition}",
                    partition=self.partition,
                    entries=missing[0].entries,
                    rows=rows,
                    cols=cols,
                )
        from .kernels import spread_table

        bits = (n - 1).bit_length()
        # packed[g]: bits per cell in group g's index if its table stays compact, else 0.
        self.packed = np.array(
            [bits if n ** len(k.group) > MAX_SPREAD else 0 for k in keys], dtype=np.int64
        )
        laid_out = []
        for key, packed in zip(keys, self.packed, strict=True):
            table = load_or_build(key, progress, log)
            laid_out.append(table if packed else spread_table(table, len(key.group), n))
        self.offsets = np.cumsum([0] + [len(t) for t in laid_out[:-1]]).astype(np.int64)
        self.tables = np.concatenate(laid_out)
        kmax = max(len(g) for g in self.groups)
        self.group_tiles = np.zeros((len(self.groups), kmax), dtype=np.int64)
        self.group_size = np.array([len(g) for g in self.groups], dtype=np.int64)
        self.group_of = np.zeros(n, dtype=np.int64)
        # The weight of a tile's cell in its group's index: n ** (its place in the group) for a
        # spread table, 2 ** (bits * place) for a packed one.
        self.weight = np.zeros(n, dtype=np.int64)
        for gi, group in enumerate(self.groups):
            self.group_tiles[gi, : len(group)] = group
            for i, t in enumerate(group):
                self.group_of[t] = gi
                self.weight[t] = 1 << (self.packed[gi] * i) if self.packed[gi] else n**i
        # Reflection: cell (r, c) <-> (c, r); tile t of a board maps to the goal's tile on the
        # mirrored cell of t's goal cell, so the goal maps to itself and distances are kept.
        self.transpose = np.array([(c % cols) * cols + c // cols for c in range(n)], dtype=np.int64)
        if not self.reflect:
            self.transpose = np.arange(n, dtype=np.int64)
        home = np.empty(n, dtype=np.int64)
        home[list(self.goal)] = np.arange(n)
        self.sigma = np.array(
            [self.goal[self.transpose[home[t]]] for t in range(n)], dtype=np.int64
        )
        self.sigma_inv = np.empty(n, dtype=np.int64)
        self.sigma_inv[self.sigma] = np.arange(n)

    @cached_property
    def description(self) -> str:
        return f"pdb {self.partition}" + (" + reflection" if self.reflect else "")

    def indices(self, tiles: Tiles) -> tuple[np.ndarray, np.ndarray]:
        """Each group's table index for the board and for its mirror image."""
        from .kernels import pdb_indices

        pos = np.empty(len(tiles), dtype=np.int64)
        pos[list(tiles)] = np.arange(len(tiles))
        index_n = np.zeros(len(self.groups), dtype=np.int64)
        index_r = np.zeros(len(self.groups), dtype=np.int64)
        pdb_indices(
            pos,
            self.sigma_inv,
            self.transpose,
            self.group_tiles,
            self.group_size,
            self.weight,
            index_n,
            index_r,
        )
        return index_n, index_r

    def sums(self, tiles: Tiles) -> tuple[int, int]:
        """The groups' values added up for the board and for its mirror image (0 without
        reflection); an entry is ``UNSET`` only in an exact table, for the wrong parity."""
        from .kernels import pdb_entry

        index_n, index_r = self.indices(tiles)
        n = len(tiles)
        normal = mirrored = 0
        for g in range(len(self.groups)):
            normal += pdb_entry(
                self.tables, self.offsets, self.packed, self.group_size, n, g, index_n[g]
            )
            if self.reflect:
                mirrored += pdb_entry(
                    self.tables, self.offsets, self.packed, self.group_size, n, g, index_r[g]
                )
        return normal, mirrored

    def value(self, tiles: Tiles) -> float:
        """h for one board (the Python engine's path; the kernels update it incrementally)."""
        normal, mirrored = self.sums(tiles)
        if len(self.groups) == 1 and normal >= UNSET:
            return float("inf")  # an exact table's unreachable entry: the wrong parity
        return max(normal, mirrored)
