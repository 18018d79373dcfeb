"""A maze's cells and moves, named once for the maze, its jumps and its compiled A*."""

from __future__ import annotations

import math

from ..directions import LESSON_ORDER, OPPOSITE, STEPS

Cell = tuple[int, int]
TERRAIN = {".": 1, "S": 1, "G": 1, **{str(d): d for d in range(1, 10)}}
WALL = "#"
MOVES = [(name, *STEPS[name]) for name in LESSON_ORDER]
SQRT2 = math.sqrt(2)
# The diagonals after the four straight moves: (name, dr, dc, the two straight moves beside it).
DIAGONALS = [("DR", 1, 1, "D", "R"), ("DL", 1, -1, "D", "L"), ("UR", -1, 1, "U", "R")]
DIAGONALS.append(("UL", -1, -1, "U", "L"))
REVERSE = {**OPPOSITE, "DR": "UL", "UL": "DR", "DL": "UR", "UR": "DL"}
