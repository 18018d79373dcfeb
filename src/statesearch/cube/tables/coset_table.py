"""The coset table: the distance of every coset of H (``coset_coords``), up to the 16
symmetries that keep the U-D axis, two bits an entry.

The corner coordinates (layer x twist: 153,090) fall into 9,930 classes under the symmetries;
a class is a *row* of the table and the edges (slice x flip: 495 x 2,048) are its entries, so the
table has 9,930 x 1,013,760 = 10,066,636,800 entries in 2.5 GB. To look a position up, its corner
coordinates give the class and a symmetry that takes them to the class's representative, and
that symmetry, applied to the edge coordinates, gives the entry. A class whose representative
is symmetric in itself keeps every symmetric form of its entries, so any such symmetry works.

An entry is the distance mod 3 (``coset_build``); the exact value of a child follows from its
parent's, and a root's is found by walking downhill to the solved coset (``exact_distance``).

Beside it, the *bounds*: the same entries, two bits each, read without a parent. Most cosets lie
within three moves of each other (in the full table, at 10, 11 or 12), so an entry says 0 for
"at most ``base``" and 1-3 for ``base + 1``, ``base + 2`` and "at least ``base + 3``", with
``base`` the commonest distance less two. ``bound`` is a lower bound on the distance (0 for the
first, else ``base`` plus the entry; a distance past ``base + 3`` shows as the one of its residue
mod 3 within reach, still lower). The compiled search reads it for the inverse position, whose
views a move changes by more than one (``coset_kernel``). It is derived from the mod-3 table and
a breadth-first pass cut at ``base`` (``derive_bounds``).

Smaller *variants* of the same table leave out the flips, or the flips and the twists (then a
row is 495 entries): the tests build those in a fraction of a second and check them against a
plain breadth-first search, and the code that builds and reads them is the code of the big one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from ...core.limits import Limits, Meter, reserve
from ..model.notation import metric_moves
from . import coset_build as build
from .breadth import Progress
from .coset_coords import FLIPS, LAYERS, SLICES, TWISTS, CosetCoordinates, coset_moves, moved
from .symmetry import SYMMETRIES, flip_image, symmetry_tables

VARIANTS = ("full", "no-flip", "no-twist", "layers")
# Backward steps once the frontier times this passes what is still unseen: a frontier entry
# writes up to 18 children, an unseen entry looks at children until one is on the frontier.
BACKWARD_WHEN = 3
ROW_SLICE_ENTRIES = 1 << 25  # entries per call into the builder between clock checks


@dataclass(frozen=True)
class Layout:
    """Which coordinates a table variant keeps, and the shape that follows."""

    variant: str
    twist: bool
    flip: bool

    @property
    def flips(self) -> int:
        return FLIPS if self.flip else 1

    @property
    def flip_shift(self) -> int:
        return 11 if self.flip else 0

    @property
    def row_entries(self) -> int:
        return SLICES * self.flips

    @property
    def row_words(self) -> int:
        return -(-self.row_entries // 32)

    @property
    def span(self) -> int:
        """What a layer is worth in the corner coordinate ``layer * span + twist``."""
        return TWISTS if self.twist else 1

    def kernel_layout(self) -> tuple[np.int64, np.int64, np.int64, np.int64]:
        return (
            np.int64(self.flip_shift),
            np.int64(self.row_entries),
            np.int64(self.row_words),
            np.int64(self.span),
        )


LAYOUTS = {
    "full": Layout("full", twist=True, flip=True),
    "no-flip": Layout("no-flip", twist=True, flip=False),
    "no-twist": Layout("no-twist", twist=False, flip=True),
    "layers": Layout("layers", twist=False, flip=False),
}


@dataclass(frozen=True)
class Classes:
    """The corner classes: each class's representative, and for every corner coordinate its
    ``class << 4 | symmetry`` (the symmetry takes it to the representative), and the
    representative's own symmetries as a 16-bit mask."""

    rep_layer: np.ndarray
    rep_twist: np.ndarray
    class_map: np.ndarray
    stabiliser: np.ndarray

    @property
    def count(self) -> int:
        return len(self.rep_layer)

    def arrays(self) -> tuple[np.ndarray, ...]:
        return (self.rep_layer, self.rep_twist, self.class_map, self.stabiliser)


@cache
def classes(twist: bool) -> Classes:
    t = symmetry_tables()
    span = TWISTS if twist else 1
    layer = np.repeat(np.arange(LAYERS), span)
    twists = np.tile(np.arange(span), LAYERS)
    images = t.layer[layer] * span + (t.twist[twists] if twist else 0)  # [cc, symmetry]
    best = images.min(axis=1)
    reps, class_of = np.unique(best, return_inverse=True)
    symmetry = images.argmin(axis=1)
    stabiliser = np.zeros(len(reps), dtype=np.int32)
    for s in range(SYMMETRIES):
        stabiliser |= (images[reps, s] == reps).astype(np.int32) << s
    return Classes(
        (reps // span).astype(np.int32),
        (reps % span).astype(np.int32),
        (class_of << 4 | symmetry).astype(np.int32),
        stabiliser,
    )


def kernel_symmetries() -> tuple[np.ndarray, ...]:
    t = symmetry_tables()
    return (t.slice, t.bits_low, t.bits_high, t.quarter, t.slice_masks)


@dataclass
class CosetTable:
    """A built table and how to read it."""

    layout: Layout
    metric: str
    words: np.ndarray  # uint64, 32 entries a word
    layers: list[int]  # entries set per depth (symmetric forms counted), for the record
    bounds: np.ndarray  # uint64, the bounds of the same entries (``derive_bounds``)

    @property
    def classes(self) -> Classes:
        return classes(self.layout.twist)

    def index(self, c: CosetCoordinates) -> int:
        return entry_index(self.layout, c)

    def code(self, c: CosetCoordinates) -> int:
        i = self.index(c)
        return int(self.words[i >> 5] >> np.uint64((i & 31) * 2)) & 3

    @property
    def base(self) -> int:
        return bound_base(self.layers)

    def bound(self, c: CosetCoordinates) -> int:
        """A lower bound on the coset's distance, read without its parent's."""
        i = self.index(c)
        v = int(self.bounds[i >> 5] >> np.uint64((i & 31) * 2)) & 3
        return self.base + v if v else 0

    def exact_distance(self, c: CosetCoordinates) -> int:
        """The coset's distance: from its code, walk to a neighbour one closer (code one less,
        mod 3) until the solved coset; the steps are the distance."""
        solved = self.index(SOLVED_COSET)
        moves = metric_moves(self.metric)
        distance = 0
        code = self.code(c)
        while self.index(c) != solved:
            closer = [moved(c, m) for m in moves if self.code(moved(c, m)) == (code - 1) % 3]
            if not closer:
                raise AssertionError("the coset table has no way down: it is damaged")
            c, code = closer[0], (code - 1) % 3
            distance += 1
        return distance

    def entries(self) -> int:
        return self.classes.count * self.layout.row_entries


SOLVED_COSET = CosetCoordinates(0, 0, 0, SLICES - 1)


def entry_index(layout: Layout, c: CosetCoordinates) -> int:
    """The entry of a coset."""
    cc = c.layer * layout.span + (c.twist if layout.twist else 0)
    target = int(classes(layout.twist).class_map[cc])
    s = target & 15
    t = symmetry_tables()
    flip = flip_image(t, c.flip, c.slice, s) & (layout.flips - 1)
    entry = int(t.slice[c.slice, s]) * layout.flips + flip
    return (target >> 4) * layout.row_words * 32 + entry


def sources(layout: Layout, metric: str) -> tuple[np.ndarray, ...]:
    """For the forward step: per row, the (row, move, symmetry) that lead into it (``first``
    are the offsets), then the moves of the metric."""
    cl = classes(layout.twist)
    m = coset_moves()
    columns = np.array(metric_moves(metric), dtype=np.int64)
    corners = m.layer[cl.rep_layer][:, columns] * layout.span
    if layout.twist:
        corners = corners + m.twist[cl.rep_twist][:, columns]
    target = cl.class_map[corners]  # [row, move]
    rows = np.repeat(np.arange(cl.count), len(columns))
    flat = target.reshape(-1)
    order = np.argsort(flat >> 4, kind="stable")
    first = np.searchsorted(flat[order] >> 4, np.arange(cl.count + 1))
    return (
        first.astype(np.int64),
        rows[order].astype(np.int64),
        np.tile(columns, cl.count)[order],
        (flat[order] & 15).astype(np.int64),
        columns,
    )


def builder_moves() -> tuple[np.ndarray, ...]:
    """The move tables as the builder reads them: corners by ``[value, move]``, edges by
    ``[move, value]`` (a pass runs one move over many edge values)."""
    m = coset_moves()
    return (m.layer, m.twist, np.ascontiguousarray(m.flip.T), np.ascontiguousarray(m.slice.T))


def build_table(
    variant: str,
    metric: str,
    meter: Meter | None = None,
    progress: Progress | None = None,
    layer_done: Callable[[int, int], None] | None = None,
) -> CosetTable:
    """Breadth-first over the cosets from the solved one (forward while the frontier is small,
    then backward), then the bounds, bounded by ``meter`` between slices of rows."""
    layout = LAYOUTS[variant]
    meter = meter or Meter(Limits())
    words, layers = breadth_first(layout, metric, meter, progress, layer_done)
    bounds = derive_bounds(words, layout, metric, layers, meter)
    return CosetTable(layout, metric, words, layers, bounds)


def bound_base(layers: list[int]) -> int:
    """The bounds' ``base``: the commonest distance less two (at least 0)."""
    return max(0, int(np.argmax(layers)) - 2)


def derive_bounds(
    words: np.ndarray,
    layout: Layout,
    metric: str,
    layers: list[int],
    meter: Meter | None = None,
    progress: Progress | None = None,
) -> np.ndarray:
    """The bounds of a built table (``words``, its ``layers``): a breadth-first pass to ``base``
    says which entries are that close; the others have their residue mod 3 from ``words``."""
    base = bound_base(layers)
    meter = meter or Meter(Limits())
    near, _ = breadth_first(layout, metric, meter, progress, None, base, sum(layers[: base + 1]))
    build.bounds_from(words, near, base)
    return near


def breadth_first(
    layout: Layout,
    metric: str,
    meter: Meter,
    progress: Progress | None,
    layer_done: Callable[[int, int], None] | None,
    last: int | None = None,
    expected: int | None = None,
) -> tuple[np.ndarray, list[int]]:
    """The mod-3 entries of every coset (of those within ``last`` moves, if given: the rest
    stay ``UNSEEN``; ``expected`` of them, for the progress) and the count at each depth."""
    cl = classes(layout.twist)
    reserve(cl.count * layout.row_words * 8, "building the coset table", meter)
    words = np.full(cl.count * layout.row_words, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    layers = [1]
    start = entry_index(layout, SOLVED_COSET)
    words[start >> 5] ^= np.uint64(3) << np.uint64((start & 31) * 2)
    counts = np.zeros(2 * cl.count, dtype=np.int64)  # entries at this depth, then gained, by row
    counts[start // (layout.row_words * 32)] = 1
    total = cl.count * layout.row_entries
    reached = 1
    rows = max(1, ROW_SLICE_ENTRIES // layout.row_entries)
    arguments = (
        counts,
        layout.kernel_layout(),
        cl.arrays(),
        builder_moves(),
        kernel_symmetries(),
        sources(layout, metric),
    )
    nothing = (np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int32))
    while last is None or len(layers) <= last:
        depth = len(layers) - 1
        backward = layers[-1] * BACKWARD_WHEN > total - reached
        step = build.backward_rows if backward else build.forward_rows
        frontier = nothing if backward else _frontier(words, depth % 3, layout, cl.count, meter)
        for begin in range(0, cl.count, rows):
            gained = int(counts[cl.count :].sum())
            meter.check(reached + gained, layers[-1])
            step(words, begin, min(begin + rows, cl.count), depth, (*arguments, frontier))
            if progress is not None:
                progress(reached + int(counts[cl.count :].sum()), expected or total)
        del frontier
        new = int(counts[cl.count :].sum())
        if not new:
            break
        if layer_done is not None:
            layer_done(depth + 1, new)
        layers.append(new)
        reached += new
        counts[: cl.count] = counts[cl.count :]
        counts[cl.count :] = 0
    return words, layers


def _frontier(
    words: np.ndarray, code: int, layout: Layout, rows: int, meter: Meter
) -> tuple[np.ndarray, np.ndarray]:
    """The entries whose code is ``code``, by row (offsets, entries): the frontier, with the
    entries three, six ... moves closer, whose children are all seen already."""
    counts = np.zeros(rows, dtype=np.int64)
    build.count_codes(words, code, layout.row_words, counts)
    offsets = np.zeros(rows + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    reserve(
        int(offsets[-1]) * 4, f"the coset table's frontier ({int(offsets[-1]):,} entries)", meter
    )
    entries = np.empty(int(offsets[-1]), dtype=np.int32)
    build.gather_codes(words, code, layout.kernel_layout(), offsets, entries)
    return offsets, entries
