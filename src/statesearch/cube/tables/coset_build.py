"""The breadth-first builder of the coset table, in numba.

An entry holds its coset's distance mod 3 in two bits (``UNSEEN`` = 3 until reached): a move
changes a coset's distance by at most one, so a search that knows the distance of a parent reads
its child's exactly (``coset_table``). Entries are found for the current depth d one of two
ways, row by row (a row is one class of corner coordinates):

- *forward*, while the frontier is small: each entry whose code is ``d % 3`` gives its children
  ``(d + 1) % 3`` (entries at d - 3, d - 6 ... share the code; their children are all seen, so
  they only cost a little time);
- *backward*, once most of the table is frontier or beyond: each unseen entry looks for a
  child at ``d % 3`` (which can only be at depth d) and takes ``(d + 1) % 3`` if it finds one.
  An entry writes only itself, so rows are shared out among threads (``prange``).

Either way a row is done move by move: the class and symmetry of the children's corners are
the same for the whole row, so the corner work is done once per row and move, and each pass
writes (or reads) one child row, which stays in cache.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from ...kernels.intrinsics import popcount, trailing_zeros

UNSEEN = 3
PAIRS = np.uint64(0x5555555555555555)  # the low bit of every 2-bit entry
Signed = int | np.int64  # what the integer arguments may be, seen from Python
Layout = tuple[np.int64, np.int64, np.int64, np.int64]  # flip shift, row entries, row words, span
# What a step reads: per-row counts (this depth, then gained), the layout, the corner classes,
# the move tables, the symmetries, the (row, move) sources of each row, the frontier.
Given = tuple[Any, ...]
U = np.uint64


@njit(cache=True, inline="always")
def entry(table: np.ndarray, index: Signed) -> Signed:
    return np.int64((table[index >> 5] >> U((index & 31) << 1)) & U(3))


@njit(cache=True, inline="always")
def flip_image(
    flip: Signed,
    mask: Signed,
    s: Signed,
    low: np.ndarray,
    high: np.ndarray,
    quarter: np.ndarray,
) -> Signed:
    """The 12-bit flip after symmetry ``s`` (``symmetry.flip_image``)."""
    if quarter[s]:
        flip ^= mask ^ 0xF00
    return np.int64(low[s, flip & 63] | high[s, flip >> 6])


@njit(cache=True, inline="always")
def full_flip(flip11: Signed) -> Signed:
    """The 12-bit flip of 11 stored bits: the last edge's flip makes the total even."""
    parity = flip11
    parity ^= parity >> 8
    parity ^= parity >> 4
    parity ^= parity >> 2
    parity ^= parity >> 1
    return flip11 | ((parity & 1) << 11)


@njit(cache=True, inline="always")
def image_entry(
    flip: Signed,
    slice_value: Signed,
    s: Signed,
    flip_shift: Signed,
    sym: tuple[np.ndarray, ...],
) -> Signed:
    """The in-row entry ``slice * flips + flip`` of the edges after symmetry ``s``."""
    slice_image, low, high, quarter, masks = sym
    f = flip_image(flip, np.int64(masks[slice_value]), s, low, high, quarter)
    return (np.int64(slice_image[slice_value, s]) << flip_shift) | (
        f & ((np.int64(1) << flip_shift) - 1)
    )


@njit(cache=True, inline="always")
def child_class(
    c: Signed,
    m: Signed,
    span: Signed,
    classes: tuple[np.ndarray, ...],
    moves: tuple[np.ndarray, ...],
) -> Signed:
    """``class << 4 | symmetry`` of the corners of row ``c`` after move ``m``."""
    rep_layer, rep_twist, class_map = classes[0], classes[1], classes[2]
    cc = np.int64(moves[0][rep_layer[c], m]) * span
    if span > 1:
        cc += moves[1][rep_twist[c], m]
    return np.int64(class_map[cc])


@njit(cache=True, inline="always")
def _gather(
    table: np.ndarray,
    row: Signed,
    row_words: Signed,
    row_entries: Signed,
    pattern: np.uint64,
    out: np.ndarray,
) -> int:
    """The in-row entries of row ``row`` whose code is the one repeated in ``pattern``, into
    ``out``; returns how many."""
    count = 0
    for w in range(row_words):
        x = table[row * row_words + w] ^ pattern
        hits = ~(x | (x >> U(1))) & PAIRS
        while hits:
            e = np.int64(w * 32 + (trailing_zeros(hits) >> 1))
            hits &= hits - U(1)
            if e < row_entries:
                out[count] = e
                count += 1
    return count


@njit(cache=True, inline="always")
def _set(table: np.ndarray, index: Signed, code: np.uint64) -> int:
    word = index >> 5
    shift = U((index & 31) << 1)
    if (table[word] >> shift) & U(3) != U(UNSEEN):
        return 0
    table[word] ^= (U(UNSEEN) ^ code) << shift
    return 1


@njit(cache=True, parallel=True)
def count_codes(table: np.ndarray, code: int, row_words: int, counts: np.ndarray) -> None:
    """``counts[row]``: the entries of each row whose code is ``code`` (padding never is)."""
    pattern = U(code) * PAIRS
    for row in prange(counts.shape[0]):
        found = 0
        for w in range(row_words):
            x = table[row * row_words + w] ^ pattern
            found += popcount(~(x | (x >> U(1))) & PAIRS)
        counts[row] = found


@njit(cache=True, parallel=True)
def gather_codes(
    table: np.ndarray, code: int, layout: Layout, offsets: np.ndarray, out: np.ndarray
) -> None:
    """The in-row entries whose code is ``code``, row by row into ``out`` from ``offsets[row]``
    (``count_codes`` made the offsets)."""
    row_words, row_entries = layout[2], layout[1]
    for row in prange(offsets.shape[0] - 1):
        scratch = out[offsets[row] : offsets[row + 1]]
        _gather(table, np.int64(row), row_words, row_entries, U(code) * PAIRS, scratch)


@njit(cache=True, parallel=True)
def forward_rows(table: np.ndarray, begin: int, end: int, depth: int, given: Given) -> None:
    """Forward step into rows ``begin:end`` (``Given``): every row takes, from each (row, move)
    that leads into it, the children of that row's frontier entries (offsets by row and the
    entries; ``counts[rows + row]``: how many entries the row gains). A row is written only by
    the thread that owns it, so threads share the rows, and it stays in cache while its sources
    write into it; a child whose corners are symmetric in themselves is set in every form the
    symmetries give it."""
    counts, layout, classes, moves, sym, sources, frontier = given
    flip_shift = layout[0]
    stabiliser = classes[3]
    flip_move, slice_move = moves[2], moves[3]
    first, source_row, source_move, source_symmetry = sources[0], sources[1], sources[2], sources[3]
    offsets, entries = frontier
    rows = counts.shape[0] // 2
    flip_mask = (np.int64(1) << flip_shift) - 1
    child_code = U((depth + 1) % 3)
    for r in prange(end - begin):
        target = np.int64(begin + r)
        child_row = target * layout[2] * 32
        others = np.int64(stabiliser[target]) & ~np.int64(1)
        new = 0
        for k in range(first[target], first[target + 1]):
            c = source_row[k]
            m = source_move[k]
            s = np.int64(source_symmetry[k])
            for j in range(offsets[c], offsets[c + 1]):
                e = np.int64(entries[j])
                flip = np.int64(flip_move[m, full_flip(e & flip_mask)])
                slice_value = np.int64(slice_move[m, e >> flip_shift])
                e2 = image_entry(flip, slice_value, s, flip_shift, sym)
                new += _set(table, child_row + e2, child_code)
                more = others
                while more:
                    t = np.int64(trailing_zeros(more))
                    more &= more - 1
                    f2 = full_flip(e2 & flip_mask)
                    e3 = image_entry(f2, e2 >> flip_shift, t, flip_shift, sym)
                    new += _set(table, child_row + e3, child_code)
        counts[rows + target] = new


@njit(cache=True, parallel=True)
def backward_rows(table: np.ndarray, begin: int, end: int, depth: int, given: Given) -> None:
    """Backward step for rows ``begin:end`` (threads share the rows; ``counts[rows + row]``:
    the entries each row gains). A row's unseen entries are gathered once and the list is
    shortened after each move by the ones that found a parent."""
    counts, layout, classes, moves, sym, sources = given[:6]
    flip_shift, row_entries, row_words, span = layout
    flip_move, slice_move = moves[2], moves[3]
    columns = sources[4]
    rows = counts.shape[0] // 2
    flip_mask = (np.int64(1) << flip_shift) - 1
    code = np.int64(depth % 3)
    flip_bits = U((depth + 1) % 3) ^ U(UNSEEN)
    for r in prange(end - begin):
        c = np.int64(begin + r)
        unseen = np.empty(row_entries, dtype=np.int32)
        count = _gather(table, c, row_words, row_entries, U(UNSEEN) * PAIRS, unseen)
        found = 0
        for m in columns:
            if count == 0:
                break
            target = child_class(c, m, span, classes, moves)
            child_row = (target >> 4) * row_words * 32
            s = target & 15
            kept = 0
            for k in range(count):
                e = np.int64(unseen[k])
                flip = np.int64(flip_move[m, full_flip(e & flip_mask)])
                slice_value = np.int64(slice_move[m, e >> flip_shift])
                child = child_row + image_entry(flip, slice_value, s, flip_shift, sym)
                if entry(table, child) == code:
                    index = c * row_words * 32 + e
                    table[index >> 5] ^= flip_bits << U((index & 31) << 1)
                    found += 1
                else:
                    unseen[kept] = e
                    kept += 1
            count = kept
        counts[rows + c] = found


def _bound_bytes(base: int) -> np.ndarray:
    """``[near byte << 8 | mod-3 byte]``: the bound entries of four entries at once."""
    out = np.zeros(1 << 16, dtype=np.uint8)
    for near in range(256):
        for code in range(256):
            byte = 0
            for k in range(4):
                n, r = near >> 2 * k & 3, code >> 2 * k & 3
                v = 0 if n != UNSEEN else 3 if r == UNSEEN else 1 + (r - base - 1) % 3
                byte |= v << 2 * k
            out[near << 8 | code] = byte
    return out


def bounds_from(words: np.ndarray, near: np.ndarray, base: int) -> None:
    """Turn ``near`` (the mod-3 entries within ``base`` moves, the rest ``UNSEEN``) into the
    bounds, given the whole table ``words`` (``coset_table``)."""
    _combine_bytes(words.view(np.uint8), near.view(np.uint8), _bound_bytes(base))


@njit(cache=True, parallel=True)
def _combine_bytes(words: np.ndarray, near: np.ndarray, table: np.ndarray) -> None:
    for i in prange(near.shape[0]):
        near[i] = table[np.int64(near[i]) << 8 | np.int64(words[i])]
