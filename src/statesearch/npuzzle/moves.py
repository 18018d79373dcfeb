"""The n-puzzle's move tables and Manhattan tables, as flat numpy arrays for the kernels.

Directions are numbered by their place in an order string (Korf's ``ULRD`` for IDA*, the
lesson's ``DURL`` for A*), and are always the direction the blank moves.
"""

from __future__ import annotations

import numpy as np

from ..directions import KORF_ORDER, OPPOSITE, neighbours


class MoveTables:
    """Flat tables for a rows x cols board and a direction order.

    ``cell_after[cell * 4 + d]`` is where the blank goes moving in direction ``d`` (-1: off the
    board); ``opposite[d]`` is the direction that undoes ``d``.
    """

    def __init__(self, rows: int, cols: int, order: str = KORF_ORDER) -> None:
        self.order = order
        self.cell_after = np.full(rows * cols * 4, -1, dtype=np.int16)  # boards to 256 cells
        for cell in range(rows * cols):
            for name, to in neighbours(cell, rows, cols, order):
                self.cell_after[cell * 4 + order.index(name)] = to
        self.opposite = np.array([order.index(OPPOSITE[name]) for name in order], dtype=np.uint8)


def goal_cells(goal: np.ndarray) -> np.ndarray:
    """``home[tile]``: the cell where ``tile`` stands in the goal."""
    home = np.empty(len(goal), dtype=np.int64)
    home[goal] = np.arange(len(goal))
    return home


def manhattan_table(goal: np.ndarray, cols: int) -> np.ndarray:
    """``table[tile, cell]``: Manhattan distance of ``tile`` on ``cell`` from its goal cell
    (0 for the blank)."""
    n = len(goal)
    home = goal_cells(goal)
    cells = np.arange(n)
    table = np.abs(cells // cols - (home // cols)[:, None]) + np.abs(
        cells % cols - (home % cols)[:, None]
    )
    table[0] = 0  # the blank is not a tile
    return table.astype(np.int64)


def manhattan_deltas(goal: np.ndarray, cols: int, tables: MoveTables) -> np.ndarray:
    """``delta[(tile * n + blank) * 4 + d]``: the change in Manhattan distance when the blank
    at ``blank`` moves in direction d (``tile`` slides from the blank's new cell into ``blank``)."""
    n = len(goal)
    distance = manhattan_table(goal, cols)
    delta = np.zeros(n * n * 4, dtype=np.int8)
    for blank in range(n):
        for d in range(4):
            cell = int(tables.cell_after[blank * 4 + d])
            if cell >= 0:
                for tile in range(1, n):
                    delta[(tile * n + blank) * 4 + d] = distance[tile, blank] - distance[tile, cell]
    return delta
