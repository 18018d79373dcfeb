"""The coordinates of a 3x3x3 position's coset in the subgroup H that keeps every orientation,
the four middle-slice edges in the middle slice and the four top corners in the top layer.

H holds all the turns of U and D (and more), so its cosets are a coarse picture of a position:

- ``layer``: which 4 corner positions hold top-layer corners (URF UFL ULB UBR): C(8,4) = 70;
- ``twist``: the corners' twists by position (Kociemba's coordinate): 3^7 = 2,187;
- ``flip``: the edges' flips by position, 12 bits (the 12th is implied): 2^11 = 2,048;
- ``slice``: which 4 edge positions hold middle-slice edges (FR FL BL BR): C(12,4) = 495.

A coset's distance (the fewest moves that bring the position into H) is a lower bound on the
position's distance. Each coordinate has a move table (``[value, move]``), so a search follows
its coset move by move; ``of`` reads them from cubies.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import numpy as np

from ..model.cubies import Cubies, corner_facelets, edge_facelets
from ..model.state import move_cubies
from .patterns import pattern

TOP_CORNERS = (0, 1, 2, 3)
SLICE_EDGES = (8, 9, 10, 11)
SLICE_POSITIONS = 0xF00  # bit i: edge position i
LAYERS, TWISTS, FLIPS, SLICES = 70, 2187, 2048, 495


def _subsets(n: int, k: int) -> list[int]:
    """Every k-subset of n positions as a bitmask, in rank order."""
    return [sum(1 << i for i in c) for c in itertools.combinations(range(n), k)]


@cache
def subset_ranks(n: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """``(mask by rank, rank by mask)`` for k-subsets of n positions (-1: not a k-subset)."""
    masks = np.array(_subsets(n, k), dtype=np.int64)
    ranks = np.full(1 << n, -1, dtype=np.int64)
    ranks[masks] = np.arange(len(masks))
    return masks, ranks


@dataclass(frozen=True)
class CosetCoordinates:
    """A position's coset coordinates."""

    layer: int
    twist: int
    flip: int  # 12 bits
    slice: int

    @classmethod
    def of(cls, cube: Cubies) -> CosetCoordinates:
        top = sum(1 << i for i, piece in enumerate(cube.cp) if piece in TOP_CORNERS)
        middle = sum(1 << i for i, piece in enumerate(cube.ep) if piece in SLICE_EDGES)
        twist = 0
        for t in cube.co[:7]:
            twist = 3 * twist + t
        flip = sum(f << i for i, f in enumerate(cube.eo))
        return cls(
            int(subset_ranks(8, 4)[1][top]), twist, flip, int(subset_ranks(12, 4)[1][middle])
        )


SOLVED = CosetCoordinates(0, 0, 0, int(subset_ranks(12, 4)[1][SLICE_POSITIONS]))
_U, _D, _F, _B = 0, 3, 2, 5  # face indices (URFDLB)
_POWERS3 = 3 ** np.arange(6, -1, -1)


def of_colours(colours: np.ndarray) -> list[CosetCoordinates]:
    """The coset coordinates of each row of face indices, read straight off the stickers (a
    faster ``of(from_colours(...))`` for patterns known to be cubes)."""
    corners = colours[:, np.array(corner_facelets(3))]  # [cube, position, facelet]
    up_down = (corners == _U) | (corners == _D)
    twist = up_down.argmax(axis=2)
    top = (corners == _U).any(axis=2) @ (1 << np.arange(8))
    edges = colours[:, np.array(edge_facelets())]
    reference, other = edges[..., 0], edges[..., 1]
    ud_piece = (reference == _U) | (reference == _D) | (other == _U) | (other == _D)
    reference_ud = (reference == _U) | (reference == _D)
    reference_fb = (reference == _F) | (reference == _B)
    flipped = np.where(ud_piece, ~reference_ud, ~reference_fb)
    weights = 1 << np.arange(12)
    flip = flipped @ weights
    middle = (~ud_piece) @ weights
    layer_rank, slice_rank = subset_ranks(8, 4)[1], subset_ranks(12, 4)[1]
    return [
        CosetCoordinates(int(layer_rank[t]), int(w @ _POWERS3), int(f), int(slice_rank[m]))
        for t, w, f, m in zip(top, twist[:, :7], flip, middle, strict=True)
    ]


def _mask_moves(n: int, k: int, edges: bool) -> np.ndarray:
    """Move table of a k-subset coordinate: where the positions in the subset go."""
    masks, ranks = subset_ranks(n, k)
    out = np.empty((len(masks), 18), dtype=np.int32)
    for move in range(18):
        m = move_cubies(3, move)
        perm = m.ep if edges else m.cp
        dest = [perm.index(old) for old in range(n)]  # the position a piece at ``old`` goes to
        for r, mask in enumerate(masks):
            moved = sum(1 << dest[i] for i in range(n) if mask >> i & 1)
            out[r, move] = ranks[moved]
    return out


@dataclass(frozen=True)
class CosetMoves:
    """The move tables ``[value, move]`` of the four coordinates (int32, 18 moves)."""

    layer: np.ndarray
    twist: np.ndarray
    flip: np.ndarray
    slice: np.ndarray


@cache
def coset_moves() -> CosetMoves:
    twist = pattern(False, tuple(range(8)), tuple(range(8)), tuple(range(18))).turn
    flip = np.empty((1 << 12, 18), dtype=np.int32)
    values = np.arange(1 << 12)
    for move in range(18):
        m = move_cubies(3, move)
        moved = np.zeros_like(values)
        for new, old in enumerate(m.ep):
            moved |= (((values >> old) & 1) ^ m.eo[new]) << new
        flip[:, move] = moved
    return CosetMoves(
        _mask_moves(8, 4, edges=False), twist.astype(np.int32), flip, _mask_moves(12, 4, True)
    )


def moved(c: CosetCoordinates, move: int) -> CosetCoordinates:
    t = coset_moves()
    return CosetCoordinates(
        int(t.layer[c.layer, move]),
        int(t.twist[c.twist, move]),
        int(t.flip[c.flip, move]),
        int(t.slice[c.slice, move]),
    )
