"""Admissible, consistent estimates of the moves left on a sliding-tile board.

Each ``make_*`` takes the goal and the width and returns a function of a board. The blank is
never counted: it is not a tile, and counting it would overestimate.
"""

from __future__ import annotations

from collections.abc import Callable

from .board import Tiles

Estimate = Callable[[Tiles], int]
# The lesson's heuristics, weakest first (each dominates the one before it).
LESSON_HEURISTICS = ("misplaced", "rowcol", "manhattan", "linear_conflict")


def _goal_cells(goal: Tiles) -> list[int]:
    cells = [0] * len(goal)
    for cell, tile in enumerate(goal):
        cells[tile] = cell
    return cells


def make_misplaced(goal: Tiles, cols: int) -> Estimate:
    """Tiles not on their goal cell (each needs at least one move)."""
    pairs = [(cell, tile) for cell, tile in enumerate(goal) if tile]

    def misplaced(tiles: Tiles) -> int:
        return sum(1 for cell, tile in pairs if tiles[cell] != tile)

    return misplaced


# Above this many cells the per-cell tables (cells x tiles entries) would take seconds and
# gigabytes to build; the estimates then add a row part and a column part instead.
TABLE_CELLS = 1024


def _cost_per_cell(goal: Tiles, cols: int, axis: Callable[[int, int], int]) -> Estimate:
    """The sum over tiles of ``axis(row, goal row) + axis(column, goal column)``."""
    home = _goal_cells(goal)
    n = len(goal)
    if n <= TABLE_CELLS:
        # tables[cell][tile]: one lookup per cell, the fastest form for the Python engine.
        tables = [
            [
                0
                if tile == 0
                else axis(cell // cols, home[tile] // cols) + axis(cell % cols, home[tile] % cols)
                for tile in range(n)
            ]
            for cell in range(n)
        ]

        def by_table(tiles: Tiles) -> int:
            return sum([table[tile] for table, tile in zip(tables, tiles, strict=True)])

        return by_table
    rows = n // cols
    by_row = [[axis(r, home[t] // cols) if t else 0 for r in range(rows)] for t in range(n)]
    by_col = [[axis(c, home[t] % cols) if t else 0 for c in range(cols)] for t in range(n)]
    cell_row, cell_col = [c // cols for c in range(n)], [c % cols for c in range(n)]

    def by_axes(tiles: Tiles) -> int:
        return sum(
            by_row[t][cell_row[c]] + by_col[t][cell_col[c]] for c, t in enumerate(tiles) if t
        )

    return by_axes


def make_manhattan(goal: Tiles, cols: int) -> Estimate:
    """Sum over tiles of rows plus columns to their goal cell (each move shifts one tile by one)."""
    estimate = _cost_per_cell(goal, cols, lambda here, home: abs(here - home))
    estimate.__name__ = "manhattan"
    return estimate


def make_rowcol(goal: Tiles, cols: int) -> Estimate:
    """1 for each tile out of its goal row plus 1 for each out of its goal column."""
    estimate = _cost_per_cell(goal, cols, lambda here, home: int(here != home))
    estimate.__name__ = "rowcol"
    return estimate


def make_linear_conflict(goal: Tiles, cols: int) -> Estimate:
    """Manhattan plus 2 for every tile that must leave its line so the others can pass.

    In each row (and column), take the tiles whose goal is in that line; if their goal order is
    not their current order, the fewest tiles that must step out of the line is the count minus
    the longest increasing run of goal positions, and each costs two extra moves (out and back).
    """
    manhattan = make_manhattan(goal, cols)
    n = len(goal)
    rows = n // cols
    lines = board_lines(rows, cols)
    # For each line, the tile -> goal position along the line, for tiles whose goal is in it.
    keys: list[dict[int, int]] = []
    for line in lines:
        keys.append({goal[cell]: k for k, cell in enumerate(line) if goal[cell]})

    def linear_conflict(tiles: Tiles) -> int:
        extra = 0
        for line, key in zip(lines, keys, strict=True):
            seq = [key[t] for t in (tiles[cell] for cell in line) if t in key]
            if len(seq) > 1:
                extra += len(seq) - longest_increasing(seq)
        return manhattan(tiles) + 2 * extra

    return linear_conflict


def board_lines(rows: int, cols: int) -> list[list[int]]:
    """The cells of every row, then of every column, in order along the line."""
    lines = [[r * cols + c for c in range(cols)] for r in range(rows)]
    return lines + [[r * cols + c for r in range(rows)] for c in range(cols)]


def longest_increasing(seq: list[int]) -> int:
    best = [1] * len(seq)
    for i in range(1, len(seq)):
        for j in range(i):
            if seq[j] < seq[i] and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
    return max(best)
