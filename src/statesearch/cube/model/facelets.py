"""The sticker model: the 6·n² facelets of an n×n×n cube (n = 2 or 3) in the common URFDLB
order, their places in space, and face turns and whole-cube symmetries as permutations of them.

Every table here is derived from geometry, not typed in: a facelet is a point on the cube's
surface, a clockwise quarter turn of a face rotates the points of its layer by -90 degrees about
the face's outward normal, and a symmetry maps every point by a rotation or a reflection. The
facelet order is the one of Kociemba's cube strings: the faces U R F D L B, each read row by row
as it appears in this net (U above F, D below it)::

              U1 U2 U3
              U4 U5 U6
              U7 U8 U9
    L1 L2 L3  F1 F2 F3  R1 R2 R3  B1 B2 B3
    L4 L5 L6  F4 F5 F6  R4 R5 R6  B4 B5 B6
    L7 L8 L9  F7 F8 F9  R7 R8 R9  B7 B8 B9
              D1 D2 D3
              D4 D5 D6
              D7 D8 D9
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

FACES = "URFDLB"
Vector = tuple[int, int, int]
Colours = tuple[int, ...]  # the face index (URFDLB = 0..5) of every facelet
Permutation = tuple[int, ...]

# Outward normal of each face, and the directions of a row (right) and of a column (down) on
# it as the net shows it. x points right, y up, z to the front.
NORMAL: dict[str, Vector] = {
    "U": (0, 1, 0),
    "R": (1, 0, 0),
    "F": (0, 0, 1),
    "D": (0, -1, 0),
    "L": (-1, 0, 0),
    "B": (0, 0, -1),
}
_RIGHT: dict[str, Vector] = {
    "U": (1, 0, 0),
    "R": (0, 0, -1),
    "F": (1, 0, 0),
    "D": (1, 0, 0),
    "L": (0, 0, 1),
    "B": (-1, 0, 0),
}
_DOWN: dict[str, Vector] = {
    "U": (0, 0, 1),
    "R": (0, -1, 0),
    "F": (0, -1, 0),
    "D": (0, 0, -1),
    "L": (0, -1, 0),
    "B": (0, -1, 0),
}


def _add(*terms: tuple[int, Vector]) -> Vector:
    return (
        sum(k * v[0] for k, v in terms),
        sum(k * v[1] for k, v in terms),
        sum(k * v[2] for k, v in terms),
    )


def _dot(a: Vector, b: Vector) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vector, b: Vector) -> Vector:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


@cache
def points(n: int) -> tuple[Vector, ...]:
    """The facelets' places, in URFDLB order: ``n`` times the normal plus odd offsets along the
    face (so every coordinate is an integer and the cubie a facelet sits on is ``point - normal``).
    """
    out = []
    for face in FACES:
        for row in range(n):
            for col in range(n):
                out.append(
                    _add(
                        (n, NORMAL[face]),
                        (2 * col - (n - 1), _RIGHT[face]),
                        (2 * row - (n - 1), _DOWN[face]),
                    )
                )
    return tuple(out)


def face_of(index: int, n: int) -> str:
    return FACES[index // (n * n)]


def cubie_of(index: int, n: int) -> Vector:
    """The centre of the cubie a facelet belongs to (its point minus the face normal)."""
    p = points(n)[index]
    return _add((1, p), (-1, NORMAL[face_of(index, n)]))


def quarter_turn(axis: Vector, v: Vector) -> Vector:
    """``v`` turned -90 degrees about ``axis``: clockwise seen from where ``axis`` points."""
    return _add((-1, _cross(axis, v)), (_dot(axis, v), axis))


def _permutation(n: int, image: list[Vector]) -> Permutation:
    """``source[j] = i`` where facelet ``i`` goes to facelet ``j``: new colours are
    ``colours[source]``."""
    where = {p: i for i, p in enumerate(points(n))}
    source = [0] * len(image)
    for i, p in enumerate(image):
        source[where[p]] = i
    return tuple(source)


@cache
def face_turn(face: str, n: int) -> Permutation:
    """The facelet permutation (``source``) of a clockwise quarter turn of ``face``: the layer of
    cubies whose centre lies on the face's side turns with it."""
    axis = NORMAL[face]
    image = []
    for i, p in enumerate(points(n)):
        on_layer = _dot(cubie_of(i, n), axis) > 0
        image.append(quarter_turn(axis, p) if on_layer else p)
    return _permutation(n, image)


Matrix = tuple[Vector, Vector, Vector]  # rows


def _apply(m: Matrix, v: Vector) -> Vector:
    return (_dot(m[0], v), _dot(m[1], v), _dot(m[2], v))


def _compose(a: Matrix, b: Matrix) -> Matrix:
    """The matrix of ``a`` after ``b``."""
    columns = [_apply(a, (b[0][j], b[1][j], b[2][j])) for j in range(3)]
    return tuple((columns[0][i], columns[1][i], columns[2][i]) for i in range(3))  # type: ignore[return-value]


IDENTITY: Matrix = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
TURN_Y: Matrix = ((0, 0, -1), (0, 1, 0), (1, 0, 0))  # a quarter turn about U: the cube's y
TURN_Z2: Matrix = ((-1, 0, 0), (0, -1, 0), (0, 0, 1))  # a half turn about F: U and D swap
MIRROR_X: Matrix = ((-1, 0, 0), (0, 1, 0), (0, 0, 1))  # the reflection that swaps L and R
TURN_X: Matrix = ((1, 0, 0), (0, 0, -1), (0, 1, 0))  # a quarter turn about R: F goes up
TURN_Z: Matrix = ((0, 1, 0), (-1, 0, 0), (0, 0, 1))  # a quarter turn about F: U goes right


@cache
def keep_ud_axis() -> tuple[Matrix, ...]:
    """The 16 symmetries that keep the U-D axis (the group D4h): four turns about it, each with
    or without the half turn that swaps U and D, each with or without the L-R mirror. Index
    ``8 * mirror + 4 * swap + turns``; index 0 is the identity."""
    out = []
    for mirror in (IDENTITY, MIRROR_X):
        for swap in (IDENTITY, TURN_Z2):
            turn = IDENTITY
            for _ in range(4):
                out.append(_compose(mirror, _compose(swap, turn)))
                turn = _compose(TURN_Y, turn)
    return tuple(out)


def face_map(m: Matrix) -> dict[str, str]:
    """Where the symmetry sends each face (by its normal)."""
    by_normal = {v: f for f, v in NORMAL.items()}
    return {f: by_normal[_apply(m, NORMAL[f])] for f in FACES}


@cache
def _symmetry_arrays(m: Matrix, n: int) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np  # the tables' side: the model needs the standard library alone

    source = np.array(_permutation(n, [_apply(m, p) for p in points(n)]), dtype=np.int64)
    faces = face_map(m)
    relabel = np.array([FACES.index(faces[f]) for f in FACES], dtype=np.int64)
    return source, relabel


def conjugate(colours: np.ndarray | Sequence[int], m: Matrix) -> np.ndarray:
    """The cube (rows of face indices 0..5 per facelet, any leading shape, as a numpy array)
    as seen after the whole cube is moved by ``m`` and its colours renamed so the centres are
    home again: the conjugate of the position by the symmetry. A move sequence solves one
    exactly when its image under ``m`` solves the other, so both are the same distance from
    solved. (The tables' side: it needs numpy.)"""
    import numpy as np

    rows = np.asarray(colours)
    n = round((rows.shape[-1] // 6) ** 0.5)
    source, relabel = _symmetry_arrays(m, n)
    seen: np.ndarray = relabel[rows[..., source]]
    return seen


@cache
def solved_colours(n: int) -> Colours:
    """Face index per facelet of the solved cube."""
    return tuple(f for f in range(6) for _ in range(n * n))


def turn_colours(colours: Sequence[int], face: str, quarters: int) -> Colours:
    """The colours (one cube's) after ``quarters`` clockwise quarter turns of ``face``."""
    source = face_turn(face, round((len(colours) // 6) ** 0.5))
    out = tuple(colours)
    for _ in range(quarters % 4):
        out = tuple(out[i] for i in source)
    return out


def mirrored(m: Matrix) -> bool:
    """Whether the symmetry is a reflection (it turns clockwise turns into anticlockwise ones)."""
    a, b, c = m
    det = (
        a[0] * (b[1] * c[2] - b[2] * c[1])
        - a[1] * (b[0] * c[2] - b[2] * c[0])
        + a[2] * (b[0] * c[1] - b[1] * c[0])
    )
    return det < 0
