"""The n-puzzle's heuristics as flat tables and one compiled function, for kernels that
evaluate them on many boards: ``estimates`` computes exactly what the functions of the same
names in ``heuristics.py`` do (a test holds them equal on samples of boards and goals)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from .board import Tiles
from .conflicts import ConflictTables
from .moves import MoveTables, manhattan_table

KINDS = {"misplaced": 0, "manhattan": 1, "rowcol": 2, "linear_conflict": 3}
MISPLACED, MANHATTAN, ROWCOL, LINEAR_CONFLICT = range(4)
HEURISTICS = len(KINDS)


@njit(cache=True)
def estimates(tiles: np.ndarray, tables: Any, conflicts_too: bool, out: np.ndarray) -> None:
    """Every heuristic of the board at once, ``out[KINDS[name]]``, exactly as the function of
    the same name in ``heuristics.py`` computes it; ``linear_conflict`` only when
    ``conflicts_too`` (else -1). One call for all four: the calls cost more than the sums."""
    goal, manhattan, rowcol, line_cells, digit, conflicts, base = tables
    misplaced = distance = rows_and_columns = 0
    for cell in range(tiles.shape[0]):
        tile = tiles[cell]
        misplaced += goal[cell] != 0 and tile != goal[cell]
        distance += manhattan[tile, cell]
        rows_and_columns += rowcol[tile, cell]
    out[MISPLACED], out[MANHATTAN], out[ROWCOL] = misplaced, distance, rows_and_columns
    out[LINEAR_CONFLICT] = -1
    if not conflicts_too:
        return
    extra = 0
    lines, widest = line_cells.shape
    for line in range(lines):
        length = 0
        while length < widest and line_cells[line, length] >= 0:
            length += 1
        code, weight = 0, 1  # as ConflictTables.codes: digits in base length + 1
        for p in range(length):
            code += digit[tiles[line_cells[line, p]] * lines + line] * weight
            weight *= length + 1
        extra += conflicts[base[line] + code]
    out[LINEAR_CONFLICT] = distance + 2 * extra


@dataclass(frozen=True)
class CompiledHeuristics:
    """The heuristics of one goal as flat tables for ``estimates``.

    ``manhattan[tile, cell]`` and ``rowcol[tile, cell]`` are a tile's cost on a cell (0 for the
    blank); ``line_cells[line]`` lists a row's (then a column's) cells, padded with -1; ``digit``,
    ``conflicts`` and ``base`` are ``conflicts.ConflictTables``' line codes and their conflicts.
    """

    goal: np.ndarray
    manhattan: np.ndarray
    rowcol: np.ndarray
    line_cells: np.ndarray
    digit: np.ndarray
    conflicts: np.ndarray
    base: np.ndarray

    @classmethod
    def of(cls, goal: Tiles, rows: int, cols: int) -> CompiledHeuristics:
        tiles = np.array(goal, dtype=np.int64)
        home = np.argsort(tiles)
        cells = np.arange(len(goal))
        rowcol = (cells // cols != (home // cols)[:, None]).astype(np.int64) + (
            cells % cols != (home % cols)[:, None]
        )
        rowcol[0] = 0  # the blank is not a tile
        lines = ConflictTables(tiles, rows, cols, MoveTables(rows, cols))
        line_cells = np.full((rows + cols, max(rows, cols)), -1, dtype=np.int64)
        for line, members in enumerate(lines.cells):
            line_cells[line, : len(members)] = members
        return cls(
            tiles,
            manhattan_table(tiles, cols),
            rowcol,
            line_cells,
            lines.digit,
            lines.conflicts,
            lines.base,
        )

    def as_tuple(self) -> tuple[np.ndarray, ...]:
        return (
            self.goal,
            self.manhattan,
            self.rowcol,
            self.line_cells,
            self.digit,
            self.conflicts,
            self.base,
        )

    def highest(self, rows: int, cols: int) -> int:
        """No heuristic's value exceeds this on any board (the height of the histograms)."""
        n = len(self.goal)
        worst_manhattan = int(self.manhattan.max(axis=1).sum())
        return max(2 * n, worst_manhattan + 2 * (2 * n - rows - cols))
