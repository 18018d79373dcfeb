"""A maze's cells and moves, named once for the maze, its jumps and its compiled A*."""

from __future__ import annotations

import math

from ..directions import LESSON_ORDER, OPPOSITE, STEPS

Cell = tuple[int, int]
TERRAIN = {".": 1, "S": 1, "G": 1, **{str(d): d for d in range(1, 10)}}
WALL = "#"
MOVES = [(name, *STEPS[name]) for name in LESSON_ORDER]
# A diagonal's length: √2 rounded up to a multiple of 2**-32 (1.1e-11 above it). A cost below
# 2**21 is then a whole number of 2**-32 steps, so paths of equal cost sum to equal floats in any
# order (with √2 itself a cell reached again by an equal path, its steps added in another order,
# could be "improved" by 1e-15 and expanded again: 17% of A*'s expansions on an open 512x512
# map). Rounded up, the octile estimate stays exact and the Euclidean one admissible.
SQRT2 = math.ceil(math.sqrt(2) * 2**32) / 2**32
# The diagonals after the four straight moves: (name, dr, dc, the two straight moves beside it).
DIAGONALS = [("DR", 1, 1, "D", "R"), ("DL", 1, -1, "D", "L"), ("UR", -1, 1, "U", "R")]
DIAGONALS.append(("UL", -1, -1, "U", "L"))
REVERSE = {**OPPOSITE, "DR": "UL", "UL": "DR", "DL": "UR", "UR": "DL"}
