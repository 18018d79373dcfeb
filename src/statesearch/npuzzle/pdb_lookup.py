"""Looking pattern databases up: the table layouts the kernels read and the lookup itself.

A group's table (``pdb_build``) is indexed by the compact rank of its tiles' cells. Where it
fits (``MAX_SPREAD``), the lookups use the table *spread* to ``n**k`` entries, indexed by
``sum(cell_i * n**i)``, so a move updates an index with one add; a bigger group (the 8 tiles
of 7-8) keeps its compact table, its index packs the cells a few bits each (the same one add),
and a lookup ranks them with popcounts (``pdb_entry``).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable

import numpy as np
from numba import njit

from ..core.limits import active_meter
from ..kernels.intrinsics import popcount
from .board import Tiles
from .moves import goal_cells
from .pdb import (
    GroupKey,
    Progress,
    check_buildable,
    load_or_build,
    partition_groups,
    partition_name,
    refuse_large_builds,
)
from .pdb_build import UNSET

MAX_SPREAD = 1 << 28


@njit(cache=True)
def spread_table(compact: np.ndarray, tiles: int, n: int) -> np.ndarray:
    """Re-lay a group's table (of ``tiles`` tiles on ``n`` cells) by ``sum(cell_i * n**i)``
    instead of the compact rank, so a move changes the index by ``(new - old) * n**i``: one add
    per lookup instead of an O(tiles^2) rank. Indices where two tiles would share a cell stay
    at 0 and are never read.

    Every placement is walked once, depth first, its rank and spread index kept level by level
    (``rank_cells`` and the sum, built up a cell at a time): ranking each of the n**tiles
    indices instead took a second for a 6-tile group, unbounded, before the search's clock."""
    spread = np.zeros(n**tiles, dtype=np.uint8)
    cell = np.full(tiles, -1, dtype=np.int64)  # the cell chosen at each level, -1: none yet
    rank = np.zeros(tiles + 1, dtype=np.int64)
    index = np.zeros(tiles + 1, dtype=np.int64)
    power = np.ones(tiles, dtype=np.int64)
    for i in range(1, tiles):
        power[i] = power[i - 1] * n
    level = 0
    while level >= 0:
        c = cell[level] + 1
        taken = True
        while c < n and taken:  # the next cell no earlier level holds
            taken = False
            for j in range(level):
                if cell[j] == c:
                    taken = True
                    c += 1
                    break
        if c == n:
            cell[level] = -1
            level -= 1
            continue
        cell[level] = c
        smaller = 0
        for j in range(level):
            if cell[j] < c:
                smaller += 1
        rank[level + 1] = rank[level] * (n - level) + (c - smaller)
        index[level + 1] = index[level] + c * power[level]
        if level + 1 == tiles:
            spread[index[tiles]] = compact[rank[tiles]]
        else:
            level += 1
    return spread


@njit(cache=True)
def pdb_indices(
    pos: np.ndarray,
    mirror_tile_inverse: np.ndarray,
    mirror_cell: np.ndarray,
    group_tiles: np.ndarray,
    group_size: np.ndarray,
    weight: np.ndarray,
    index: np.ndarray,
    index_mirror: np.ndarray,
) -> None:
    """Each group's index (``sum(cell of tile * weight[tile])``), for the board and for its
    mirror image."""
    for g in range(group_size.shape[0]):
        normal = 0
        mirrored = 0
        for i in range(group_size[g]):
            tile = group_tiles[g, i]
            normal += pos[tile] * weight[tile]
            mirrored += mirror_cell[pos[mirror_tile_inverse[tile]]] * weight[tile]
        index[g] = normal
        index_mirror[g] = mirrored


@njit(cache=True)
def pdb_entry(
    tables: np.ndarray,
    offsets: np.ndarray,
    packed: np.ndarray,
    group_size: np.ndarray,
    n: int | np.uint64,
    g: int,
    index: int,
) -> int:
    """Group g's value at ``index``. A spread table (``packed[g] == 0``) is read at the index;
    a compact one (its spread layout would be too big) stores the group's cells packed in
    ``packed[g]`` bits each, and is read at their rank (as ``pdb_build.rank_cells``)."""
    bits = packed[g]
    if bits == 0:
        return tables[offsets[g] + index]
    mask = (1 << bits) - 1
    occupied = 0
    rank = 0
    for i in range(group_size[g]):
        c = (index >> (bits * i)) & mask
        rank = rank * (n - i) + c - popcount(occupied & ((1 << c) - 1))
        occupied |= 1 << c
    return tables[offsets[g] + rank]


class PatternDatabase:
    """The tables of one partition for one goal, laid out for the kernels and for Python lookups.

    With ``mirror`` (square boards), the tables are looked up a second time for the board's
    mirror image about the main diagonal, and the estimate is the larger sum: cell (r, c) maps
    to (c, r) (``mirror_cell``), and tile t to the goal's tile on the mirrored cell of t's goal
    cell (``mirror_tile``), so the goal maps to itself and distances are kept.
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        goal: Tiles,
        partition: str | None = None,
        progress: Progress | None = None,
        log: Callable[[str], None] | None = None,
        mirror: bool = True,
        allow_large: bool = False,
        check_limits: Callable[[], None] | None = None,
    ) -> None:
        self.rows, self.cols, self.goal = rows, cols, tuple(goal)
        self.groups = partition_groups(rows, cols, partition)
        self.partition = partition_name(rows, cols, partition)
        self.mirror = mirror and rows == cols
        n = rows * cols
        keys = [GroupKey(rows, cols, self.goal, g) for g in self.groups]
        check_buildable(keys, self.partition)
        if not allow_large:
            refuse_large_builds(keys, self.partition)
        bits = (n - 1).bit_length()
        # packed[g]: bits per cell in group g's index if its table stays compact, else 0.
        self.packed = np.array(
            [bits if n ** len(key.group) > MAX_SPREAD else 0 for key in keys], dtype=np.int64
        )
        laid_out = []
        for key, packed in zip(keys, self.packed, strict=True):
            if check_limits is not None:  # a table read and spread takes up to seconds
                check_limits()
            refuse = None if allow_large else self.partition
            table = load_or_build(key, progress, log, False, check_limits, refuse)
            laid_out.append(table if packed else spread_table(table, len(key.group), n))
        self.offsets = np.cumsum([0] + [len(t) for t in laid_out[:-1]]).astype(np.int64)
        self.tables = np.concatenate(laid_out)
        largest = max(len(g) for g in self.groups)
        self.group_tiles = np.zeros((len(self.groups), largest), dtype=np.int64)
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
        self.mirror_cell = np.arange(n, dtype=np.int64)
        if self.mirror:
            self.mirror_cell = np.array([(c % cols) * cols + c // cols for c in range(n)])
        home = goal_cells(np.array(self.goal))
        self.mirror_tile = np.array(
            [self.goal[self.mirror_cell[home[t]]] for t in range(n)], dtype=np.int64
        )
        self.mirror_tile_inverse = np.empty(n, dtype=np.int64)
        self.mirror_tile_inverse[self.mirror_tile] = np.arange(n)

    @property
    def description(self) -> str:
        return f"pdb {self.partition}" + (" + reflection" if self.mirror else "")

    def indices(self, tiles: Tiles) -> tuple[np.ndarray, np.ndarray]:
        """Each group's table index for the board and for its mirror image."""
        pos = np.empty(len(tiles), dtype=np.int64)
        pos[list(tiles)] = np.arange(len(tiles))
        index = np.zeros(len(self.groups), dtype=np.int64)
        index_mirror = np.zeros(len(self.groups), dtype=np.int64)
        pdb_indices(
            pos,
            self.mirror_tile_inverse,
            self.mirror_cell,
            self.group_tiles,
            self.group_size,
            self.weight,
            index,
            index_mirror,
        )
        return index, index_mirror

    def sums(self, tiles: Tiles) -> tuple[int, int]:
        """The groups' values added up for the board and for its mirror image (0 without
        ``mirror``); an entry is ``UNSET`` only in an exact table, for the wrong parity."""
        index, index_mirror = self.indices(tiles)
        n = len(tiles)
        entries = (self.tables, self.offsets, self.packed, self.group_size, n)
        normal = sum(pdb_entry(*entries, g, index[g]) for g in range(len(self.groups)))
        mirrored = 0
        if self.mirror:
            mirrored = sum(pdb_entry(*entries, g, index_mirror[g]) for g in range(len(self.groups)))
        return int(normal), int(mirrored)

    def value(self, tiles: Tiles) -> float:
        """h for one board (the Python engine's path; the kernels update it incrementally)."""
        normal, mirrored = self.sums(tiles)
        if len(self.groups) == 1 and normal >= UNSET:
            return float("inf")  # an exact table's unreachable entry: the wrong parity
        return max(normal, mirrored)

    def kernel_arrays(self, tiles: Tiles) -> tuple[np.ndarray, ...]:
        """What ``ida_kernels`` reads, ending with the board's group indices (which the kernel
        keeps current)."""
        index, index_mirror = self.indices(tiles)
        return (
            self.mirror_tile,
            self.mirror_cell,
            self.group_of,
            self.weight,
            self.offsets,
            self.tables,
            self.packed,
            self.group_size,
            index,
            index_mirror,
        )


@functools.lru_cache(maxsize=4)
def loaded(rows: int, cols: int, goal: Tiles, partition: str | None) -> PatternDatabase:
    """One PatternDatabase per (board, goal, partition) per process: laying the tables out is
    worth doing once, not once per board solved. A build is bounded by the running search's
    limits."""
    meter = active_meter()
    check = meter.check if meter is not None else None
    return PatternDatabase(rows, cols, goal, partition, log=_say, check_limits=check)


def _say(message: str) -> None:
    print(message, file=sys.stderr)
