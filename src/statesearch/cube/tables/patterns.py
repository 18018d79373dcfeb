"""Patterns: a set of pieces followed through the moves, as two integer coordinates.

A pattern's coordinate is a pair ``(a, b)``: ``a`` says where its pieces are (the rank of
their positions, in order of the pieces), ``b`` how they are turned. Moves act on it through
four small tables, the same for every kind of pattern::

    a' = place[a, m]          b' = add[turn[b, m], twist[a, m]]

- *complete* corner patterns (all the corners that move: Korf's 8 corners, the 2x2x2's 7)
  rank the permutation and keep the twist *by position* (Kociemba's twist coordinate, the last
  corner's twist implied), so ``turn`` moves the twist and ``twist`` is zero;
- *partial* patterns (k of the corners or edges) keep each piece's own twist or flip, which a
  move changes by what it does at the piece's new place: ``turn`` is the identity, ``twist[a, m]``
  that change for all k pieces at once, and ``add`` the digit-wise sum (mod 3, or XOR for edges).

The tables are built with numpy from the move cubies (``state.move_cubies``); ``coordinate``
reads a position's ``(a, b)`` in Python, for the engine's heuristics and for the kernels' roots.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import numpy as np
from numba import njit

from ..model.cubies import Cubies
from ..model.state import move_cubies


@dataclass(frozen=True)
class Pattern:
    """Which pieces, and the move tables of their coordinate (see the module docstring)."""

    name: str
    edges: bool  # edge pieces (orientation mod 2) or corners (mod 3)
    pieces: tuple[int, ...]
    positions: tuple[int, ...]  # where they can be
    moves: tuple[int, ...]  # the move numbers the tables' columns stand for
    complete: bool
    place: np.ndarray  # int32 [places, moves]
    turn: np.ndarray  # int32 [turns, moves]
    twist: np.ndarray  # int32 [places, moves]
    add: np.ndarray  # int32 [turns, changes]

    @property
    def places(self) -> int:
        return int(self.place.shape[0])

    @property
    def turns(self) -> int:
        return int(self.turn.shape[0])

    @property
    def size(self) -> int:
        return self.places * self.turns

    def coordinate(self, cube: Cubies) -> tuple[int, int]:
        perm, orient = (cube.ep, cube.eo) if self.edges else (cube.cp, cube.co)
        where = {piece: i for i, piece in enumerate(perm)}
        index = {p: i for i, p in enumerate(self.positions)}
        cells = [index[where[piece]] for piece in self.pieces]
        a = _rank(cells, len(self.positions))
        modulus = 2 if self.edges else 3
        if self.complete:
            digits = [orient[p] for p in self.positions[:-1]]
        else:
            digits = [orient[where[piece]] for piece in self.pieces]
        b = 0
        for d in digits:
            b = b * modulus + d
        return a, b


def _rank(cells: list[int], n: int) -> int:
    """Lexicographic rank of distinct cells (a k-permutation of 0..n-1)."""
    k = len(cells)
    r = 0
    for i, c in enumerate(cells):
        smaller = sum(1 for prior in cells[:i] if prior < c)
        r = r * (n - i) + (c - smaller)
    return r if k else 0


@njit(cache=True)
def _moved_places(
    cells: np.ndarray, dest: np.ndarray, change: np.ndarray, n: int, modulus: int
) -> tuple[np.ndarray, np.ndarray]:
    """For every placement (a row of ``cells``, in rank order) and move: the rank of the
    placement after the move, and the pieces' twist (flip) changes as one base-``modulus``
    number (a piece changes by the move's twist at its new place, found by its old one)."""
    count, k = cells.shape
    place = np.empty((count, dest.shape[0]), dtype=np.int64)
    twist = np.empty((count, dest.shape[0]), dtype=np.int64)
    moved = np.empty(k, dtype=np.int64)
    for r in range(count):
        for j in range(dest.shape[0]):
            rank = 0
            turned = 0
            for i in range(k):
                moved[i] = dest[j, cells[r, i]]
                smaller = 0
                for prior in range(i):
                    if moved[prior] < moved[i]:
                        smaller += 1
                rank = rank * (n - i) + moved[i] - smaller
                turned = turned * modulus + change[j, cells[r, i]]
            place[r, j] = rank
            twist[r, j] = turned
    return place, twist


def _digits(values: np.ndarray, count: int, modulus: int) -> np.ndarray:
    """Base-``modulus`` digits of each value, most significant first: [len, count]."""
    out = np.zeros((values.shape[0], count), dtype=np.int64)
    rest = values.copy()
    for i in range(count - 1, -1, -1):
        out[:, i] = rest % modulus
        rest //= modulus
    return out


def _number(digits: np.ndarray, modulus: int) -> np.ndarray:
    out = np.zeros(digits.shape[0], dtype=np.int64)
    for i in range(digits.shape[1]):
        out = out * modulus + digits[:, i]
    return out


@cache
def pattern(
    edges: bool, pieces: tuple[int, ...], positions: tuple[int, ...], moves: tuple[int, ...]
) -> Pattern:
    """The pattern of ``pieces`` (corner or edge numbers) moving among ``positions`` under
    ``moves``; complete when the pieces fill the positions (then the last twist is implied)."""
    n, k = len(positions), len(pieces)
    complete = not edges and sorted(pieces) == sorted(positions)
    modulus = 2 if edges else 3
    index = {p: i for i, p in enumerate(positions)}
    # dest[m, i]: where a piece at positions[i] goes; change[m, i]: what it adds to its turn.
    dest = np.zeros((len(moves), n), dtype=np.int64)
    change = np.zeros((len(moves), n), dtype=np.int64)
    for j, move in enumerate(moves):
        m = move_cubies(3 if edges else 2, move)
        perm, orient = (m.ep, m.eo) if edges else (m.cp, m.co)
        for new, old in enumerate(perm):
            if old in index:
                dest[j, index[old]] = index[new]
                change[j, index[old]] = orient[new]
    cells = np.array(list(itertools.permutations(range(n), k)), dtype=np.int64).reshape(-1, k)
    place, piece_twist = _moved_places(cells, dest, change, n, modulus)
    if complete:
        # Twist by position: position i receives the twist of the piece that comes from the
        # position it is filled from, plus the move's change there.
        free = n - 1
        twists = _digits(np.arange(modulus**free), free, modulus)
        full = np.concatenate([twists, (-twists.sum(axis=1) % modulus)[:, None]], axis=1)
        turn_cols = []
        for j in range(len(moves)):
            came_from = np.argsort(dest[j])  # came_from[i]: the position that moves to i
            moved = (full[:, came_from] + change[j][came_from]) % modulus
            turn_cols.append(_number(moved[:, :free], modulus))
        turn = np.stack(turn_cols, axis=1)
        twist = np.zeros_like(place)
        add = np.arange(turn.shape[0], dtype=np.int64)[:, None]
    else:
        turn = np.repeat(np.arange(modulus**k, dtype=np.int64)[:, None], len(moves), axis=1)
        twist = piece_twist
        digits = _digits(np.arange(modulus**k), k, modulus)
        add = _number_pairs(digits, modulus)
    name = f"{'edges' if edges else 'corners'}-{'-'.join(map(str, pieces))}"
    tables = (t.astype(np.int32) for t in (place, turn, twist, add))
    return Pattern(name, edges, pieces, positions, moves, complete, *tables)


def _number_pairs(digits: np.ndarray, modulus: int) -> np.ndarray:
    """``add[x, y]``: the number whose digits are those of x and y added mod ``modulus``."""
    summed = (digits[:, None, :] + digits[None, :, :]) % modulus
    size = digits.shape[0]
    return _number(summed.reshape(size * size, -1), modulus).reshape(size, size)
