"""Reading the coset table from a search: coordinates kept so that a move and a lookup touch
only tables that stay in the fastest caches, read by address (``memory``).

The IDA* reads the table once or twice per node, and what it reads around the table (move
tables, symmetry tables, the class of the corners) must not cost more than the read itself. So
the edges are kept as two 12-bit masks (the flips by position, and the positions of the
middle-slice edges): a move permutes their bits, and so does a symmetry (two lookups in
``[move or symmetry, 64]`` tables each, 4 KB in all); the slice mask becomes a rank only for the
table's index. The corners keep their layer and twist (moves by table: 70 x 18 and 2,187 x 18
small integers); their class and symmetry are one read in a 600 KB table. Every view uses the
same tables, with its moves renamed (``symmetry.axis_moves``).

The inverse position's views cannot follow a move by tables: a move multiplies the inverse on
the left, which relabels its pieces. So a node also keeps, per view, the whole cube as seen in
that view, packed in two words (five bits a cubie: ``piece * 3 + twist`` for the corners,
``piece * 2 + flip`` for the edges); a move permutes the fields (``turned_cube``), and the
inverse's coordinates read straight off them (``inverse_entry``): the inverse's top-layer places
are the pieces in the top-layer places, its twist at place p is minus the twist of piece p, and
so on. Those entries are read in the bounds (``bound_at``), which need no parent.

The root's estimate is worked out here in Python, view by view (``coset_estimates``), as the
Python engine's ``coset`` estimate is.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
from numba import njit

from ..model.cubies import Cubies, from_colours
from ..model.facelets import conjugate
from ..model.notation import metric_moves
from ..model.state import State, colours_of, move_cubies
from ..tables.coset_coords import (
    SLICE_POSITIONS,
    CosetCoordinates,
    coset_moves,
    of_colours,
    subset_ranks,
)
from ..tables.coset_table import SOLVED_COSET, CosetTable
from ..tables.symmetry import AXES, axis_moves, symmetry_tables
from .memory import addresses, peek8, peek16, peek32, peek64

Signed = int | np.int64
Tables = tuple[Any, ...]  # addresses and numbers
# The places in a lookup tuple: the addresses of the arrays, then three numbers.
(
    LAYER_MOVE,  # int16 [70, 18]
    TWIST_MOVE,  # int16 [2187, 18]
    MOVE_LOW,  # int16 [18, 64]: bit permutations of edge masks by move
    MOVE_HIGH,
    FLIP_CHANGE,  # int16 [18]: the flips a move adds
    VIEW_MOVES,  # int64 [3, 18]: what a move is in each view
    WORDS,  # uint64: the table, 32 entries a word
    CLASS_MAP,  # int32 [153090]: class << 4 | symmetry of the corners
    SYM_LOW,  # int16 [16, 64]: bit permutations of edge masks by symmetry
    SYM_HIGH,
    QUARTER,  # int8 [16]: 1 when the symmetry flips the edges out of the slice
    RANK,  # int16 [4096]: a slice mask's rank
    STEP,  # int64 [64 * 4]: a child's distance less its parent's, by the parent's and the code
    UD_VIEW,  # int8 [18]: the view in which a move is a turn of U or D
    BOUNDS,  # uint64: the bounds, 32 entries a word
    FACE_CORNER_MOVE,  # int16 [18, 4]: per move, the places it turns << 5 | the place each
    FACE_EDGE_MOVE,  #   takes from << 2 | twist (corners), << 1 | flip (edges)
    TWISTED,  # int8 [24, 4]: a packed corner twisted by 0-3
    CORNER_CODE,  # int32 [24]: per packed corner, 1 << piece << 16 | its share of the twist
    LAYER_RANK,  # int16 [256]: the rank of a mask of 4 of 8 corners (-1: not 4)
    FLIP_SHIFT,  # then numbers: 11 (0 when the table keeps no flips)
    ROW_WORDS,
    SPAN,  # 2187 (1 when it keeps no twists)
    BASE,  # the bounds' base
) = range(24)
SOLVED_MASK = SLICE_POSITIONS  # the slice mask of the solved coset
UD_MOVES = 0b111_000_000_111  # the moves of U (0-2) and D (9-11) among the 18
# The change of a distance by code: STEPS[distance * 4 + code] is -1, 0 or +1 (no coset is 64
# moves away).
STEPS = np.zeros(64 * 4, dtype=np.int64)
for _d in range(64):
    for _code in range(3):
        STEPS[_d * 4 + _code] = (_code - _d + 1) % 3 - 1


@cache
def move_bits() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``[move, 64]`` bit permutations of 12-bit edge masks (low and high six bits) and the
    flips each move adds, by the new positions."""
    low = np.zeros((18, 64), dtype=np.int16)
    high = np.zeros((18, 64), dtype=np.int16)
    change = np.zeros(18, dtype=np.int16)
    values = np.arange(64)
    for m in range(18):
        turn = move_cubies(3, m)
        for new, old in enumerate(turn.ep):
            if old < 6:
                low[m] |= (((values >> old) & 1) << new).astype(np.int16)
            else:
                high[m] |= (((values >> (old - 6)) & 1) << new).astype(np.int16)
            change[m] |= turn.eo[new] << new
    return low, high, change


@cache
def ud_views() -> np.ndarray:
    """``UD_VIEW``: every move is a turn of U or D in exactly one view of ``symmetry.AXES``."""
    is_ud = UD_MOVES >> axis_moves() & 1  # [view, move]
    views: np.ndarray = is_ud.argmax(axis=0).astype(np.int8)
    return views


@cache
def cube_moves() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The tables ``turned_cube`` reads: ``FACE_CORNER_MOVE``, ``FACE_EDGE_MOVE``, ``TWISTED``."""
    corners = np.zeros((18, 4), dtype=np.int16)
    edges = np.zeros((18, 4), dtype=np.int16)
    for m in range(18):
        turn = move_cubies(3, m)
        corners[m] = [
            place << 5 | src << 2 | t
            for place, (src, t) in enumerate(zip(turn.cp, turn.co, strict=True))
            if src != place
        ]
        edges[m] = [
            place << 5 | src << 1 | f
            for place, (src, f) in enumerate(zip(turn.ep, turn.eo, strict=True))
            if src != place
        ]
    twisted = np.array(
        [(c // 3) * 3 + (c % 3 + t) % 3 for c in range(24) for t in range(4)], dtype=np.int8
    )
    return corners, edges, twisted


@cache
def corner_codes() -> np.ndarray:
    """``CORNER_CODE``: what a packed corner (piece p, twist t) adds to its inverse: the place
    bit p, and at place p the twist -t, weighted as ``CosetCoordinates.of`` weighs it."""
    out = np.zeros(24, dtype=np.int32)
    for c in range(24):
        piece, twist = divmod(c, 3)
        share = (-twist) % 3 * 3 ** (6 - piece) if piece < 7 else 0
        out[c] = 1 << piece << 16 | share
    return out


def packed(cube: Cubies) -> tuple[int, int]:
    """A cube as the two words a node keeps."""
    corners = sum(
        (p * 3 + t) << 5 * i for i, (p, t) in enumerate(zip(cube.cp, cube.co, strict=True))
    )
    edges = sum((p * 2 + f) << 5 * i for i, (p, f) in enumerate(zip(cube.ep, cube.eo, strict=True)))
    return corners, edges


def mask_of(slice_value: int) -> int:
    return int(symmetry_tables().slice_masks[slice_value])


_made: dict[int, tuple[CosetTable, tuple[np.ndarray, ...], Tables]] = {}


def lookup_tables(table: CosetTable) -> Tables:
    """The tuple the compiled lookups read (made once per table; the arrays it points into are
    kept here as long as the table is)."""
    made = _made.get(id(table))
    if made is None or made[0] is not table:
        m, s = coset_moves(), symmetry_tables()
        low, high, change = move_bits()
        arrays = (
            m.layer.astype(np.int16),
            m.twist.astype(np.int16),
            low,
            high,
            change,
            axis_moves().astype(np.int64),
            table.words,
            table.classes.class_map,
            s.bits_low.astype(np.int16),
            s.bits_high.astype(np.int16),
            s.quarter.astype(np.int8),
            s.slice_ranks.astype(np.int16),
            STEPS,
            ud_views(),
            table.bounds,
            *cube_moves(),
            corner_codes(),
            subset_ranks(8, 4)[1].astype(np.int16),
        )
        layout = table.layout
        numbers = (layout.flip_shift, layout.row_words, layout.span, table.base)
        made = (table, arrays, (*addresses(*arrays), *numbers))
        _made[id(table)] = made
    return made[2]


@njit(cache=True, inline="always")
def permuted(mask: Signed, low: Signed, high: Signed, k: Signed) -> Signed:
    """A 12-bit mask with its bits moved by permutation ``k`` of a ``[k, 64]`` pair."""
    moved: Signed = peek16(low, k * 64 + (mask & 63)) | peek16(high, k * 64 + (mask >> 6))
    return moved


@njit(cache=True, inline="always")
def turned(
    layer: Signed, twist: Signed, flip: Signed, mask: Signed, move: Signed, t: Tables
) -> tuple[Signed, Signed, Signed, Signed]:
    """The coordinates after ``move``."""
    return (
        peek16(t[LAYER_MOVE], layer * 18 + move),
        peek16(t[TWIST_MOVE], twist * 18 + move),
        permuted(flip, t[MOVE_LOW], t[MOVE_HIGH], move) ^ peek16(t[FLIP_CHANGE], move),
        permuted(mask, t[MOVE_LOW], t[MOVE_HIGH], move),
    )


@njit(cache=True, inline="always")
def entry(layer: Signed, twist: Signed, flip: Signed, mask: Signed, t: Tables) -> Signed:
    """The table entry of a coset: its corners' class is the row; the symmetry that takes its
    corners to the class's representative, applied to its edges, gives the place in the row."""
    span = t[SPAN]
    target = peek32(t[CLASS_MAP], layer * span + twist * (span > 1))
    s = target & 15
    # A quarter turn about U-D flips the edges not both of and in the slice (no branch: the
    # symmetry is data the processor cannot predict).
    flip ^= (mask ^ SOLVED_MASK) & -peek8(t[QUARTER], s)
    seen_flip = permuted(flip, t[SYM_LOW], t[SYM_HIGH], s) & ((1 << t[FLIP_SHIFT]) - 1)
    seen_slice = peek16(t[RANK], permuted(mask, t[SYM_LOW], t[SYM_HIGH], s))
    index: Signed = (target >> 4) * t[ROW_WORDS] * 32 + (seen_slice << t[FLIP_SHIFT]) + seen_flip
    return index


@njit(cache=True, inline="always")
def turned_cube(corners: Signed, edges: Signed, move: Signed, t: Tables) -> tuple[Signed, Signed]:
    """The packed cube after ``move``: each of the four corner and four edge places the move
    turns takes the cubie of the place the move brings; the others keep theirs."""
    turned_corners: Signed = corners
    turned_edges: Signed = edges
    for k in range(4):
        step = peek16(t[FACE_CORNER_MOVE], move * 4 + k)
        cubie = (corners >> (5 * ((step >> 2) & 7))) & 31
        place = 5 * (step >> 5)
        turned_corners &= ~(31 << place)
        turned_corners |= peek8(t[TWISTED], cubie * 4 + (step & 3)) << place
        step = peek16(t[FACE_EDGE_MOVE], move * 4 + k)
        cubie = (edges >> (5 * ((step >> 1) & 15))) & 31
        place = 5 * (step >> 5)
        turned_edges &= ~(31 << place)
        turned_edges |= (cubie ^ (step & 1)) << place
    return turned_corners, turned_edges


@njit(cache=True, inline="always")
def inverse_entry(corners: Signed, edges: Signed, t: Tables) -> Signed:
    """The table entry of the coset of the packed cube's inverse."""
    layer: Signed = 0
    twist: Signed = 0
    for i in range(8):
        code = peek32(t[CORNER_CODE], (corners >> (5 * i)) & 31)
        twist += code & 0xFFF
        if i < 4:
            layer |= code >> 16
    flip: Signed = 0
    mask: Signed = 0
    for i in range(12):
        cubie = (edges >> (5 * i)) & 31
        flip |= (cubie & 1) << (cubie >> 1)
        if i >= 8:
            mask |= 1 << (cubie >> 1)
    return entry(peek16(t[LAYER_RANK], layer), twist, flip, mask, t)


@njit(cache=True, inline="always")
def bound_at(t: Tables, index: Signed) -> Signed:
    """The bound of entry ``index`` (``CosetTable.bound``)."""
    v: Signed = (peek64(t[BOUNDS], index >> 5) >> ((index & 31) << 1)) & 3
    return t[BASE] + v if v else 0


@njit(cache=True, inline="always")
def code_at(t: Tables, index: Signed) -> Signed:
    code: Signed = (peek64(t[WORDS], index >> 5) >> ((index & 31) << 1)) & 3
    return code


@njit(cache=True, inline="always")
def stepped(t: Tables, parent: Signed, code: Signed) -> Signed:
    """A child's distance from its parent's and its code."""
    step: Signed = peek64(t[STEP], parent * 4 + code)
    return parent + step


@njit(cache=True)
def descend(start: np.ndarray, moves: np.ndarray, solved: Signed, t: Tables) -> int:
    """The exact distance of a coset (``layer, twist, flip, slice mask``): the steps of a walk to
    the solved coset (entry ``solved``), each to a neighbour whose code is one less mod 3; -1
    if there is no way down (a damaged table)."""
    layer, twist, flip, mask = start[0], start[1], start[2], start[3]
    here = entry(layer, twist, flip, mask, t)
    steps = 0
    while here != solved:
        code = code_at(t, here)
        for m in moves:
            l2, t2, f2, s2 = turned(layer, twist, flip, mask, m, t)
            there = entry(l2, t2, f2, s2, t)
            if code_at(t, there) == (code + 2) % 3:
                layer, twist, flip, mask, here = l2, t2, f2, s2, there
                steps += 1
                break
        else:
            return -1
    return steps


def exact_distance(table: CosetTable, c: CosetCoordinates) -> int:
    """``CosetTable.exact_distance``, compiled (microseconds instead of milliseconds)."""
    t = lookup_tables(table)
    start = np.array([c.layer, c.twist, c.flip, mask_of(c.slice)], dtype=np.int64)
    moves = np.array(metric_moves(table.metric), dtype=np.int64)
    steps = descend(start, moves, np.int64(table.index(SOLVED_COSET)), t)
    if steps < 0:
        raise AssertionError("the coset table has no way down: it is damaged")
    return int(steps)


def view_coordinates(state: State) -> list[CosetCoordinates]:
    """The coset coordinates of the position in each view of ``AXES``."""
    colours = colours_of(state)
    return of_colours(np.stack([conjugate(colours, view) for view in AXES]))


def view_cubies(state: State) -> list[Cubies]:
    """The position as seen in each view of ``AXES``."""
    colours = colours_of(state)
    return [from_colours(conjugate(colours, view).tolist(), 3) for view in AXES]


def combine(distances_by_view: list[int]) -> int:
    """Three views' distances (or lower bounds) as one estimate: the largest, plus one when all
    three are equal and not zero."""
    h = max(distances_by_view)
    if len(set(distances_by_view)) == 1 and h > 0:
        h += 1
    return h


def coset_estimates(table: CosetTable, state: State) -> tuple[list[int], list[int]]:
    """The exact distances of the position's three views and the bounds of its inverse's
    (``coset_kernel``: the inverse is as far from solved as the position)."""
    distances = [exact_distance(table, c) for c in view_coordinates(state)]
    bounds = [table.bound(CosetCoordinates.of(c.inverse())) for c in view_cubies(state)]
    return distances, bounds
