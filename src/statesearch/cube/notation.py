"""Singmaster notation and the two metrics.

A move is a face letter (``U R F D L B``) with nothing (a clockwise quarter turn, seen from that
face), ``'`` (anticlockwise) or ``2`` (a half turn). Moves are numbered ``3 * face + quarters - 1``
with the faces in URFDLB order: ``U U2 U' R R2 R' ...``.

In the half-turn metric (``htm``, the default) each of the 18 moves costs 1; in the quarter-turn
metric (``qtm``) only the 12 quarter turns are moves, and a half turn costs 2.

``canonical_moves`` is the rule the compiled searches use to skip sequences that another,
no longer sequence reaches too: no two turns of the same face in a row (``U U2`` is ``U'``) and
opposite faces, which commute, in one order only (``D U`` is skipped for ``U D``).
"""

from __future__ import annotations

import re

import numpy as np

from ..errors import InputError
from ..result import Spaced
from .facelets import FACES

METRICS = ("htm", "qtm")
SUFFIXES = ("", "2", "'")  # one, two, three clockwise quarter turns
MOVES = tuple(Spaced(face + suffix) for face in FACES for suffix in SUFFIXES)
QUARTER_MOVES = tuple(m for m in MOVES if not m.endswith("2"))
_TOKEN = re.compile(r"\s*([URFDLB])(2'|2’|2|'|’|3)?")


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
    """Move numbers of a sequence such as ``"R U R' U2"`` (spaces optional; ``X2'`` and ``X3``
    are read as ``X2`` and ``X'``)."""
    out = []
    position = 0
    text = text.strip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            token = text[position:].split()[0][:8]
            raise InputError(
                "cannot read move {token!r}: use U D L R F B, each with nothing, ' or 2",
                token=token,
            )
        face, suffix = match.group(1), match.group(2) or ""
        quarters = {"": 1, "2": 2, "2'": 2, "2’": 2, "'": 3, "’": 3, "3": 3}[suffix]
        out.append(3 * FACES.index(face) + quarters - 1)
        position = match.end()
        while position < len(text) and text[position].isspace():
            position += 1
    return out


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


def format_moves(moves: list[int]) -> str:
    return " ".join(MOVES[m] for m in moves)


# States of the canonical-sequence rule: START, then for each face one state per way the
# sequence can end on it (htm: any turn; qtm: a clockwise quarter, an anticlockwise one, or two
# clockwise quarters in a row, which is the half turn).
START = 0
PRUNED = -1


def canonical_moves(metric: str, faces: tuple[int, ...] = tuple(range(6))) -> np.ndarray:
    """``next[state, i]``: the state after the ``i``-th move of ``metric_moves(metric)``
    (restricted to ``faces``), or ``PRUNED`` when that move would make a sequence that a shorter
    or earlier one already covers. The start state is ``START``."""
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
