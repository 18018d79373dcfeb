"""Linear conflicts kept current move by move, for the compiled IDA* (``ida_kernels``).

The heuristic itself (``heuristics.make_linear_conflict``) recounts every line of a board; the
kernel cannot afford that per node, so each line carries a code that one move changes by a few
additions, and a table per line length gives the conflicts of every code.
"""

from __future__ import annotations

import numpy as np

from .heuristics import board_lines, longest_increasing
from .moves import MoveTables


class ConflictTables:
    """What the IDA* kernel needs to keep linear conflicts up to date move by move.

    Each line (rows first, then columns) has a code: digit p (base ``length + 1``) is 1 + the
    goal position along the line of the tile on the line's p-th cell if that tile belongs to
    the line, else 0. ``conflicts[base[line] + code]`` is the number of tiles that must leave
    the line (count minus the longest increasing run, as ``heuristics.make_linear_conflict``).
    A move takes one tile out of a line and into a parallel one at the same position:
    ``leave[m]``, ``enter[m]`` and ``place[m]`` (the position's weight) for ``m = blank * 4 + d``;
    and it moves the tile one position along the line it moves in, ``along[m]``, whose code
    changes by the tile's digit times ``shift[m]`` (its conflicts do not: the order stays).
    ``digit[tile * lines + line]`` is the tile's digit on that line.
    """

    MAX_SIDE = 6  # 7^6 codes per line: the tables stay small

    def __init__(self, goal: np.ndarray, rows: int, cols: int, moves: MoveTables) -> None:
        n = rows * cols
        self.lines = rows + cols
        self.cells = cells = board_lines(rows, cols)
        self.digit = np.zeros(n * self.lines, dtype=np.int64)
        for line, members in enumerate(cells):
            for position, cell in enumerate(members):
                if goal[cell]:
                    self.digit[int(goal[cell]) * self.lines + line] = position + 1
        # One table for the rows (cols cells long), one for the columns.
        along_row, along_column = conflict_table(cols), conflict_table(rows)
        self.conflicts = np.concatenate([along_row, along_column]).astype(np.int64)
        self.base = np.array([0] * rows + [len(along_row)] * cols, dtype=np.int64)
        self.leave = np.zeros(n * 4, dtype=np.int64)
        self.enter = np.zeros(n * 4, dtype=np.int64)
        self.place = np.zeros(n * 4, dtype=np.int64)
        self.along = np.zeros(n * 4, dtype=np.int64)
        self.shift = np.zeros(n * 4, dtype=np.int64)
        for blank in range(n):
            for d in range(4):
                cell = int(moves.cell_after[blank * 4 + d])
                if cell < 0:
                    continue
                (br, bc), (cr, cc) = divmod(blank, cols), divmod(cell, cols)
                m = blank * 4 + d
                if bc == cc:  # vertical: the tile leaves the cell's row for the blank's
                    self.leave[m], self.enter[m] = cr, br
                    self.place[m] = (cols + 1) ** cc
                    self.along[m] = rows + cc
                    self.shift[m] = (rows + 1) ** br - (rows + 1) ** cr
                else:  # horizontal: from the cell's column into the blank's
                    self.leave[m], self.enter[m] = rows + cc, rows + bc
                    self.place[m] = (rows + 1) ** cr
                    self.along[m] = cr
                    self.shift[m] = (cols + 1) ** bc - (cols + 1) ** cc

    @property
    def arrays(self) -> tuple[np.ndarray, ...]:
        """The kernel's arguments after ``codes``."""
        return (
            self.digit,
            self.conflicts,
            self.base,
            self.leave,
            self.enter,
            self.place,
            self.along,
            self.shift,
        )

    def codes(self, tiles: np.ndarray) -> np.ndarray:
        out = np.zeros(self.lines, dtype=np.int64)
        for line, members in enumerate(self.cells):
            base = len(members) + 1
            for position, cell in enumerate(members):
                out[line] += int(self.digit[int(tiles[cell]) * self.lines + line]) * base**position
        return out


def conflict_table(length: int) -> np.ndarray:
    base = length + 1
    table = np.zeros(base**length, dtype=np.int8)
    for code in range(base**length):
        digits = [(code // base**p) % base for p in range(length)]
        seq = [v for v in digits if v]
        table[code] = len(seq) - longest_increasing(seq) if seq else 0
    return table
