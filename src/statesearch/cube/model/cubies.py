"""The cubie model: which piece sits in each corner and edge position, and how it is turned.

A position is ``(cp, co, ep, eo)``: ``cp[i]`` is the corner piece in corner position ``i`` and
``co[i]`` its twist (0, 1 or 2: where its U or D sticker is among the position's facelets, counted
clockwise from the U or D facelet); ``ep[i]`` and ``eo[i]`` the same for edges (0 when the
piece's U/D sticker, or F/B sticker for the four middle edges, is on the position's U/D, or F/B,
facelet). Positions and pieces are numbered as in Kociemba's programs::

    corners  URF UFL ULB UBR DFR DLF DBL DRB
    edges    UR UF UL UB DR DF DL DB FR FL BL BR

The tables that link cubies to facelets are read off the sticker model (``facelets``). Reading
a sticker pattern checks that it describes a cube someone could assemble (six colours, n² of
each, every piece a real piece, each once), and raises ``InputError`` with one line if not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ...errors import InputError
from .facelets import FACES, NORMAL, Colours, Vector, cubie_of, face_of, solved_colours

CORNERS = ("URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB")
EDGES = ("UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR")


def _centre(name: str) -> Vector:
    x = sum(NORMAL[f][0] for f in name)
    y = sum(NORMAL[f][1] for f in name)
    z = sum(NORMAL[f][2] for f in name)
    return (x, y, z)


@cache
def corner_facelets(n: int) -> tuple[tuple[int, int, int], ...]:
    """The three facelets of each corner position: its U or D facelet first, then the others
    clockwise as seen from outside the corner."""
    out = []
    for name in CORNERS:
        at = {face_of(i, n): i for i in range(6 * n * n) if _sign(cubie_of(i, n)) == _centre(name)}
        out.append((at[name[0]], at[name[1]], at[name[2]]))
    return tuple(out)


@cache
def edge_facelets(n: int = 3) -> tuple[tuple[int, int], ...]:
    """The two facelets of each edge position, the reference one (U/D, else F/B) first."""
    out = []
    for name in EDGES:
        at = {face_of(i, n): i for i in range(6 * n * n) if _sign(cubie_of(i, n)) == _centre(name)}
        out.append((at[name[0]], at[name[1]]))
    return tuple(out)


def _sign(v: Vector) -> Vector:
    return (
        (v[0] > 0) - (v[0] < 0),
        (v[1] > 0) - (v[1] < 0),
        (v[2] > 0) - (v[2] < 0),
    )


@dataclass(frozen=True)
class Cubies:
    """A position of the cube in cubies; the 2x2x2 has no edges (``ep == eo == ()``)."""

    cp: tuple[int, ...]
    co: tuple[int, ...]
    ep: tuple[int, ...] = ()
    eo: tuple[int, ...] = ()

    @classmethod
    def solved(cls, n: int) -> Cubies:
        edges = tuple(range(12)) if n == 3 else ()
        return cls(tuple(range(8)), (0,) * 8, edges, (0,) * len(edges))

    def __mul__(self, other: Cubies) -> Cubies:
        """This position followed by ``other`` (``other`` read as the position it makes from
        solved, e.g. a face turn): position ``i`` receives what was at ``other.cp[i]``."""
        cp = tuple(self.cp[j] for j in other.cp)
        co = tuple((self.co[j] + t) % 3 for j, t in zip(other.cp, other.co, strict=True))
        ep = tuple(self.ep[j] for j in other.ep)
        eo = tuple((self.eo[j] + f) % 2 for j, f in zip(other.ep, other.eo, strict=True))
        return Cubies(cp, co, ep, eo)

    def inverse(self) -> Cubies:
        """The position that undoes this one: ``self * self.inverse()`` is solved."""
        cp, co = [0] * 8, [0] * 8
        for i, piece in enumerate(self.cp):
            cp[piece] = i
            co[piece] = (-self.co[i]) % 3
        ep, eo = [0] * len(self.ep), [0] * len(self.ep)
        for i, piece in enumerate(self.ep):
            ep[piece] = i
            eo[piece] = self.eo[i]
        return Cubies(tuple(cp), tuple(co), tuple(ep), tuple(eo))

    @property
    def size(self) -> int:
        return 3 if self.ep else 2

    def colours(self) -> Colours:
        """Face index (URFDLB = 0..5) of every facelet."""
        n = self.size
        home = solved_colours(n)
        out = list(home)
        corners = corner_facelets(n)
        for i, (piece, twist) in enumerate(zip(self.cp, self.co, strict=True)):
            for k in range(3):
                out[corners[i][(k + twist) % 3]] = home[corners[piece][k]]
        edges = edge_facelets() if self.ep else ()
        for i, (piece, flip) in enumerate(zip(self.ep, self.eo, strict=True)):
            for k in range(2):
                out[edges[i][(k + flip) % 2]] = home[edges[piece][k]]
        return tuple(out)


def permutation_parity(perm: tuple[int, ...]) -> int:
    """0 for an even permutation, 1 for an odd one (by counting cycles)."""
    seen = [False] * len(perm)
    parity = 0
    for start in range(len(perm)):
        length = 0
        i = start
        while not seen[i]:
            seen[i] = True
            i = perm[i]
            length += 1
        if length:
            parity ^= (length - 1) & 1
    return parity


def from_colours(colours: Sequence[int], n: int) -> Cubies:
    """The cubies of a sticker pattern given as face indices; ``InputError`` when no piece set
    could show it (a corner with two opposite colours, a mirrored corner, a piece twice)."""
    home = solved_colours(n)
    corners = corner_facelets(n)
    piece_of = {tuple(int(home[f]) for f in corners[p]): p for p in range(8)}
    cp, co = [], []
    for i, facelets in enumerate(corners):
        seen = [int(colours[f]) for f in facelets]
        ud = [k for k, c in enumerate(seen) if FACES[c] in "UD"]
        rotated = tuple(seen[(k + ud[0]) % 3] for k in range(3)) if len(ud) == 1 else None
        if rotated not in piece_of:
            raise InputError(
                "no corner has the colours {colours} (position {position})",
                colours="".join(FACES[c] for c in seen),
                position=CORNERS[i],
            )
        cp.append(piece_of[rotated])
        co.append(ud[0])
    ep, eo = [], []
    if n == 3:
        edges = edge_facelets()
        edge_of = {(int(home[a]), int(home[b])): p for p, (a, b) in enumerate(edges)}
        for i, (a, b) in enumerate(edges):
            pair = (int(colours[a]), int(colours[b]))
            if pair in edge_of:
                ep.append(edge_of[pair])
                eo.append(0)
            elif pair[::-1] in edge_of:
                ep.append(edge_of[pair[::-1]])
                eo.append(1)
            else:
                raise InputError(
                    "no edge has the colours {colours} (position {position})",
                    colours="".join(FACES[c] for c in pair),
                    position=EDGES[i],
                )
    for names, found in ((CORNERS, cp), (EDGES, ep)):
        twice = sorted({names[p] for p in found if found.count(p) > 1})
        if twice:
            raise InputError("the cube has two of the piece {pieces}", pieces=", ".join(twice))
    return Cubies(tuple(cp), tuple(co), tuple(ep), tuple(eo))


def broken_invariant(cube: Cubies) -> str | None:
    """Which invariant of the turns an assembled cube breaks, or ``None``: ``twist`` (the
    corners' twists add up to 0 mod 3 after any sequence of turns), ``flip`` (the edges' flips
    to 0 mod 2), ``parity`` (3x3x3: the corner and edge permutations have the same parity)."""
    if sum(cube.co) % 3:
        return "twist"
    if cube.eo and sum(cube.eo) % 2:
        return "flip"
    if cube.ep and permutation_parity(cube.cp) != permutation_parity(cube.ep):
        return "parity"
    return None


def invariant_violation(cube: Cubies) -> str | None:
    """Why an assembled cube cannot be solved by turning faces (``broken_invariant`` in words),
    or ``None``."""
    broken = broken_invariant(cube)
    # One piece off is named as such; several are described by their sum, which is all that
    # decides (two corners twisted clockwise are one twisted anticlockwise, as far as solving).
    if broken == "twist":
        twist = sum(cube.co) % 3
        way = "clockwise" if twist == 1 else "anticlockwise"
        if sum(1 for t in cube.co if t) == 1:
            return f"a corner is twisted {way} in place (the corner twists add up to {twist} mod 3)"
        return f"the corner twists add up to {twist} mod 3, as if one corner were twisted {way}"
    if broken == "flip":
        if sum(cube.eo) == 1:
            return "an edge is flipped in place (the edge flips add up to 1 mod 2)"
        return "the edge flips add up to 1 mod 2, as if one edge were flipped"
    if broken == "parity":
        return "two pieces are swapped: the corner and edge permutations have different parity"
    return None
