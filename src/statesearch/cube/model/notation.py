"""Singmaster notation and the two metrics.

A move is a face letter (``U R F D L B``) with nothing (a clockwise quarter turn, seen from that
face), ``'`` (anticlockwise) or ``2`` (a half turn); ``2'`` is read as ``2`` and ``3`` as ``'``.
Moves are separated by spaces; wide, slice and rotation moves are not read. Moves are numbered
``3 * face + quarters - 1`` with the faces in URFDLB order: ``U U2 U' R R2 R' ...``.

In the half-turn metric (``htm``, the default) each of the 18 moves costs 1; in the quarter-turn
metric (``qtm``) only the 12 quarter turns are moves, and a half turn costs 2.

``canonical_moves`` is the rule the compiled searches use to skip sequences that another,
no longer sequence reaches too: no two turns of the same face in a row (``U U2`` is ``U'``) and
opposite faces, which commute, in one order only (``D U`` is skipped for ``U D``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.result import Spaced
from ...errors import InputError
from .facelets import FACES

if TYPE_CHECKING:
    import numpy as np

METRICS = ("htm", "qtm")
SUFFIXES = ("", "2", "'")  # one, two, three clockwise quarter turns
MOVES = tuple(Spaced(face + suffix) for face in FACES for suffix in SUFFIXES)
# One move per word: a run-together word such as "UUUUUUUUU" (one face of a facelet string)
# would otherwise be read as nine turns without a word.
# The prime may be typed as ', as a typographic apostrophe ’ or as the prime sign ′ (the
# playground's buttons show it).
_SUFFIX = "(2'|2’|2′|2|'|’|′|3)?"
_MOVE = re.compile(f"([URFDLB]){_SUFFIX}")
_RUN_TOGETHER = re.compile(f"([URFDLB]{_SUFFIX})+")
_QUARTERS = {"": 1, "2": 2, "2'": 2, "2’": 2, "2′": 2, "'": 3, "’": 3, "′": 3, "3": 3}
# Wide (Rw, r), slice (M E S) and rotation (x y z) moves: a face letter is all this cube reads.
_NOT_FACE_TURN = re.compile(f"([URFDLB]w|[urfdlbMESxyzXYZ]){_SUFFIX}")


def check_metric(metric: str) -> str:
    key = metric.lower()
    if key not in METRICS:
        raise InputError(
            "unknown metric {metric!r}; choose from {choices}",
            metric=metric,
            choices=", ".join(METRICS),
        )
    return key


def parse_moves(text: str) -> list[int]:
    """Move numbers of a sequence such as ``"R U R' U2"``, one move per word (``X2'`` and ``X3``
    are read as ``X2`` and ``X'``)."""
    out = []
    for word in text.split():
        match = _MOVE.fullmatch(word)
        if match is None:
            raise _unreadable(word)
        face, suffix = match.group(1), match.group(2) or ""
        out.append(3 * FACES.index(face) + _QUARTERS[suffix] - 1)
    return out


MAX_QUOTED = 20  # characters of a bad word quoted back: a move is at most three


def _unreadable(word: str) -> InputError:
    token = word if len(word) <= MAX_QUOTED else word[:MAX_QUOTED] + "…"
    if _NOT_FACE_TURN.fullmatch(word):
        return InputError(
            "cannot read move {token!r}: wide, slice and rotation moves (Rw, r, M, x, y, z) "
            "are not supported; use U D L R F B, each with nothing, ', 2, 2' or 3",
            token=token,
        )
    if _RUN_TOGETHER.fullmatch(word):
        return InputError("cannot read move {token!r}: put a space between moves", token=token)
    return InputError(
        "cannot read move {token!r}: use U D L R F B, each with nothing, ', 2, 2' or 3",
        token=token,
    )


def face_of(move: int) -> int:
    return move // 3


def quarters_of(move: int) -> int:
    return move % 3 + 1


def inverse(move: int) -> int:
    """The move that undoes ``move`` (``U`` for ``U'``, ``U2`` for ``U2``)."""
    return 3 * face_of(move) + (3 - quarters_of(move))


def metric_moves(metric: str) -> tuple[int, ...]:
    """The move numbers that are single moves in ``metric``."""
    return tuple(range(18)) if metric == "htm" else tuple(m for m in range(18) if m % 3 != 1)


def cost_in(metric: str, moves: list[int]) -> int:
    """The length of a sequence in ``metric`` (a half turn counts 2 in ``qtm``)."""
    return len(moves) if metric == "htm" else sum(2 if m % 3 == 1 else 1 for m in moves)


def merging_at(moves: list[int], face: int) -> int | None:
    """Where in ``moves`` a turn of ``face`` added at the end would merge: the last turn if it
    is of that face, or the one before it if the last is of the opposite face (they commute)."""
    at = len(moves) - 1
    if at >= 0 and face_of(moves[at]) == (face + 3) % 6:  # FACES is URFDLB: opposites 3 apart
        at -= 1
    return at if at >= 0 and face_of(moves[at]) == face else None


def merged(moves: list[int]) -> list[int]:
    """The same position's turns with those that combine merged: turns of one face in a row,
    or with only turns of the opposite face between them (they commute), become one turn or
    none (``R R`` is ``R2``, ``R L R'`` is ``L``). How long a scramble really is."""
    out: list[int] = []
    for move in moves:
        face = face_of(move)
        at = merging_at(out, face)
        if at is None:
            out.append(move)
            continue
        quarters = (quarters_of(out[at]) + quarters_of(move)) % 4
        if quarters:
            out[at] = 3 * face + quarters - 1
        else:
            del out[at]
    return out


def format_moves(moves: list[int]) -> str:
    return " ".join(MOVES[m] for m in moves)


def as_written(moves: list[int], metric: str) -> list[int]:
    """A solution's turns as a cuber writes them. In ``qtm`` a half turn is searched as two
    quarter turns, so two equal quarter turns of a face in a row are written as the half turn
    (``U U`` and ``U' U'`` as ``U2``, which still counts 2); every other turn is left as it is,
    so the written turns pass the same positions as the searched ones."""
    if metric == "htm":
        return list(moves)
    out: list[int] = []
    at = 0
    while at < len(moves):
        move = moves[at]
        if at + 1 < len(moves) and moves[at + 1] == move and quarters_of(move) != 2:
            out.append(3 * face_of(move) + 1)  # the half turn of that face
            at += 2
        else:
            out.append(move)
            at += 1
    return out


# States of the canonical-sequence rule: START, then for each face one state per way the
# sequence can end on it (htm: any turn; qtm: a clockwise quarter, an anticlockwise one, or two
# clockwise quarters in a row, which is the half turn).
START = 0
PRUNED = -1


def canonical_moves(metric: str, faces: tuple[int, ...] = tuple(range(6))) -> np.ndarray:
    """``next[state, i]``: the state after the ``i``-th move of ``metric_moves(metric)``
    (restricted to ``faces``), or ``PRUNED`` when that move would make a sequence that a shorter
    or earlier one already covers. The start state is ``START``. (The compiled searches'
    table: it needs numpy.)"""
    import numpy as np

    moves = [m for m in metric_moves(metric) if face_of(m) in faces]
    kinds = 1 if metric == "htm" else 3
    table = np.full((1 + 6 * kinds, len(moves)), PRUNED, dtype=np.int8)
    for state in range(1 + 6 * kinds):
        last_face = -1 if state == START else (state - 1) // kinds
        last_kind = 0 if state == START else (state - 1) % kinds
        for i, m in enumerate(moves):
            face = face_of(m)
            if face == last_face:
                # qtm only: a second clockwise quarter after a first one makes the half turn.
                if metric == "qtm" and last_kind == 0 and quarters_of(m) == 1:
                    table[state, i] = 1 + face * kinds + 2
                continue
            if last_face >= 0 and face == last_face - 3:  # D then U: searched as U then D
                continue
            kind = 0 if metric == "htm" or quarters_of(m) == 1 else 1
            table[state, i] = 1 + face * kinds + kind
    return table
