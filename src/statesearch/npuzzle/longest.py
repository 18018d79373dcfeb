"""The most moves an optimal solution can need: a bound that turns a deepening search into a
proof.

With the blank in a corner of its goal, the farthest solvable boards are known: complete
breadth-first searches found them (the tests repeat those up to 3x3 with this package's BFS;
the 4x4's 80 moves are from Brüngger, Marzetta, Fukuda and Nievergelt, 1999, and Korf and
Schultze's complete search, 2005). Every goal with its blank in a corner is as far from its
farthest board, since renaming tiles and mirroring the board map one such goal onto another. A
goal whose blank stands k moves from a corner is k moves from such a goal, so no board is more
than k further from it.
"""

from __future__ import annotations

from .board import Tiles

# (rows, cols) -> the moves to the farthest solvable board, for a goal with a corner blank.
FROM_A_CORNER = {(2, 2): 6, (2, 3): 21, (2, 4): 36, (3, 3): 31, (4, 4): 80}


def longest_optimal(rows: int, cols: int, goal: Tiles) -> int | None:
    """No solvable board of this shape needs more moves to reach ``goal``; ``None`` when the
    shape's farthest boards are not known."""
    known = FROM_A_CORNER.get((min(rows, cols), max(rows, cols)))
    if known is None:
        return None
    row, col = divmod(goal.index(0), cols)
    return known + min(row, rows - 1 - row) + min(col, cols - 1 - col)
