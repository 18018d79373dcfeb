"""The 16 symmetries that keep the U-D axis, acting on the coset coordinates, and the turns of
the whole cube that bring the other two axes to U-D.

Seen after a symmetry (``facelets.conjugate``), a position keeps its distance, and its coset in
H (``coset_coords``) becomes the coset of the image, because these symmetries map H to itself.
On the coordinates a symmetry acts simply: the corner (edge) positions are permuted as the
symmetry moves them; the top-layer corners become the bottom ones when U and D swap; a mirror
turns every twist the other way; and a quarter turn about U-D flips, by the edge convention, each
edge whose piece and place are not both in the middle slice. ``tests/test_cube_symmetry.py``
holds these tables to the sticker-level conjugation on random positions.

``AXES`` are the views a search looks the table up in: as the cube is, with F-B turned to U-D,
and with R-L turned to U-D; ``axis_moves`` says what each face turn becomes in each view.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from ..model.cubies import CORNERS, EDGES
from ..model.facelets import (
    FACES,
    IDENTITY,
    TURN_X,
    TURN_Z,
    Matrix,
    conjugate,
    face_map,
    keep_ud_axis,
    mirrored,
    solved_colours,
    turn_colours,
)
from .coset_coords import LAYERS, SLICE_POSITIONS, TWISTS, subset_ranks

SYMMETRIES = 16
AXES: tuple[Matrix, ...] = (IDENTITY, TURN_X, TURN_Z)  # U-D, F-B and R-L brought to U-D


def _position_map(names: tuple[str, ...], m: Matrix) -> list[int]:
    """Where the symmetry sends each cubie position (by the faces it touches)."""
    faces = face_map(m)
    by_faces = {frozenset(name): i for i, name in enumerate(names)}
    return [by_faces[frozenset(faces[f] for f in name)] for name in names]


def _turns_about_ud(m: Matrix) -> int:
    """Quarter turns about U-D in the symmetry (0..3), read off where it sends F."""
    front = face_map(m)["F"]
    return "FLBR".index(front) if front in "FLBR" else 0


@dataclass(frozen=True)
class SymmetryTables:
    """``[value, symmetry]`` tables of the coordinates' images, and the bit permutations of the
    flip and slice masks (``bits_low[s, x & 63] | bits_high[s, x >> 6]``)."""

    layer: np.ndarray  # int32 [70, 16]
    twist: np.ndarray  # int32 [2187, 16]
    slice: np.ndarray  # int32 [495, 16]
    bits_low: np.ndarray  # int32 [16, 64]
    bits_high: np.ndarray  # int32 [16, 64]
    quarter: np.ndarray  # int32 [16]: 1 when the symmetry flips edges out of the slice
    slice_masks: np.ndarray  # int32 [495]: the 12-bit mask of each slice value
    slice_ranks: np.ndarray  # int32 [4096]: back from mask to value


@cache
def symmetry_tables() -> SymmetryTables:
    syms = keep_ud_axis()
    layer = np.empty((LAYERS, SYMMETRIES), dtype=np.int32)
    twist = np.empty((TWISTS, SYMMETRIES), dtype=np.int32)
    slices = np.empty((495, SYMMETRIES), dtype=np.int32)
    low = np.zeros((SYMMETRIES, 64), dtype=np.int32)
    high = np.zeros((SYMMETRIES, 64), dtype=np.int32)
    quarter = np.zeros(SYMMETRIES, dtype=np.int32)
    corner_masks, corner_ranks = subset_ranks(8, 4)
    edge_masks, edge_ranks = subset_ranks(12, 4)
    values = np.arange(64)
    digits = np.zeros((TWISTS, 8), dtype=np.int64)
    rest = np.arange(TWISTS)
    for i in range(6, -1, -1):
        digits[:, i] = rest % 3
        rest //= 3
    digits[:, 7] = -digits[:, :7].sum(axis=1) % 3
    for s, m in enumerate(syms):
        corners = _position_map(CORNERS, m)
        edges = _position_map(EDGES, m)
        swaps = face_map(m)["U"] == "D"
        for r, mask in enumerate(corner_masks):
            image = sum(1 << corners[i] for i in range(8) if mask >> i & 1)
            layer[r, s] = corner_ranks[image ^ 0xFF if swaps else image]
        turned = np.zeros_like(digits)
        for i in range(8):
            turned[:, corners[i]] = -digits[:, i] % 3 if mirrored(m) else digits[:, i]
        number = np.zeros(TWISTS, dtype=np.int64)
        for i in range(7):
            number = number * 3 + turned[:, i]
        twist[:, s] = number
        for i in range(6):
            low[s] |= ((values >> i) & 1) << edges[i]
            high[s] |= ((values >> i) & 1) << edges[i + 6]
        for r, mask in enumerate(edge_masks):
            image = sum(1 << edges[i] for i in range(12) if mask >> i & 1)
            slices[r, s] = edge_ranks[image]
        quarter[s] = _turns_about_ud(m) % 2
    masks, ranks = edge_masks.astype(np.int32), edge_ranks.astype(np.int32)
    return SymmetryTables(layer, twist, slices, low, high, quarter, masks, ranks)


def flip_image(t: SymmetryTables, flip: int, slice_value: int, s: int) -> int:
    """The 12-bit flip after symmetry ``s`` (Python twin of the kernels' inline version)."""
    x = flip
    if t.quarter[s]:
        x ^= int(t.slice_masks[slice_value]) ^ SLICE_POSITIONS
    return int(t.bits_low[s, x & 63]) | int(t.bits_high[s, x >> 6])


@cache
def axis_moves() -> np.ndarray:
    """``[axis, move]``: the move a face turn is in each view of ``AXES``."""
    solved = solved_colours(3)
    by_colours = {turn_colours(solved, FACES[m // 3], m % 3 + 1): m for m in range(18)}
    out = np.empty((len(AXES), 18), dtype=np.int32)
    for a, view in enumerate(AXES):
        for m in range(18):
            seen = conjugate(turn_colours(solved, FACES[m // 3], m % 3 + 1), view)
            out[a, m] = by_colours[tuple(seen.tolist())]
    return out
