"""Moves on a grid of cells, named once for every domain: up, down, left, right.

A domain picks the order its moves are generated in; that order is part of its published node
counts (the n-puzzle and mazes use the lesson's down, up, right, left; Korf's IDA* up, left,
right, down).
"""

from __future__ import annotations

STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
LESSON_ORDER = "DURL"
KORF_ORDER = "ULRD"


def neighbours(cell: int, rows: int, cols: int, order: str) -> list[tuple[str, int]]:
    """``(direction, next cell)`` for each direction in ``order`` that stays on the board
    (cells are numbered row by row)."""
    r, c = divmod(cell, cols)
    out = []
    for name in order:
        dr, dc = STEPS[name]
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            out.append((name, (r + dr) * cols + c + dc))
    return out
