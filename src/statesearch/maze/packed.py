"""A maze as the Python engine's best-first loop searches it: cells packed into ints.

Cell ``(r, c)`` is ``(r + 1) * (width + 2) + c + 1``, its index in the rows of costs inside
their border of walls (``Maze.costs``), as the compiled A* numbers it. The numbering keeps the
order of cells (a smaller cell has a smaller number), so the classic tie-break takes the same
cells in the same order and every count is the maze's own; the successors, their order, their
step costs and the estimates are the maze's, made by the same operations. What it saves: a
dict looks an int up in a quarter of the time a ``(row, col)`` tuple takes, and a neighbour is
an addition. ``best_first`` searches this form when nothing watches the states (no trace) and
unpacks the path at the end (``core.advice.Packed``).

The moves a cell allows (its open neighbours, and the diagonals the corner rule lets through)
are worked out for every cell at once, a byte a cell (``move_masks``: whole rows shifted as one
big integer, a few milliseconds for 512x512, once a map); a cell's successors are then its
byte's moves from a table of 256. Measured on the 512x512 maps of ``benchmarks/grid_search.py``,
alternating with ``(row, col)`` cells, counts equal: 0.65-0.8 of the time per expansion.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, cast

from ..core.advice import Packed
from ..core.limits import reserve
from ..core.problem import ZERO, Heuristic
from .cells import DIAGONALS, MOVES, SQRT2, Cell

# The moves in the maze's order (``Maze.successors``), bit i of a cell's mask for the i-th.
ORDER: list[tuple[str, int, int, Any]] = [(name, dr, dc, 1) for name, dr, dc in MOVES]
ORDER += [(name, dr, dc, SQRT2) for name, dr, dc, _, _ in DIAGONALS]
Moves = tuple[tuple[str, int, Any], ...]  # (action, offset to the next cell, step cost)


def move_masks(rows: list[bytes], moves: int, cut: bool) -> bytes:
    """For each cell of ``rows`` (the costs inside their border, ``Maze.costs``), a byte whose
    bit i says the i-th move of ``ORDER`` is open from it. The grid is read as one integer, a
    byte a cell (1: open), so its neighbours' bytes are that integer shifted by their offset."""
    width = len(rows[0])
    flat = b"".join(rows)
    size = len(flat)
    grid = int.from_bytes(flat.translate(bytes([0] + [1] * 255)), "little")

    def at(dr: int, dc: int) -> int:  # byte i: whether cell i's neighbour (dr, dc) is open
        shift = 8 * (dr * width + dc)
        return grid >> shift if shift > 0 else grid << -shift

    side = [at(dr, dc) for _, dr, dc, _ in ORDER[:4]]
    mask = side[0] | side[1] << 1 | side[2] << 2 | side[3] << 3
    if moves == 8:
        named = {name: bits for (name, *_), bits in zip(ORDER, side, strict=False)}
        for bit, (_, dr, dc, _), (_, _, _, a, b) in zip(
            range(4, 8), ORDER[4:], DIAGONALS, strict=True
        ):
            beside = named[a] | named[b] if cut else named[a] & named[b]
            mask |= (beside & at(dr, dc)) << bit
    return (mask & ((1 << 8 * size) - 1)).to_bytes(size, "little")


def flat_costs(maze: Any) -> bytes:
    """The maze's costs inside their border (``Maze.costs``) as one string of bytes, a cell's
    byte at its packed number; made once a map (``with_ends``' copies share
    ``kernel_tables``), for this search and the compiled ones."""
    kept = maze.kernel_tables
    if "flat costs" not in kept:
        kept["flat costs"] = b"".join(maze.costs)
    return cast(bytes, kept["flat costs"])


def legal_moves(maze: Any) -> bytes:
    """``move_masks`` for the maze's moves and corner rule, made once a map, for this search
    and the compiled ones."""
    kept = maze.kernel_tables
    key = f"legal moves {maze.moves} {maze.corners}"
    if key not in kept:
        # the grid as an integer and its shifted copies: about a dozen bytes a cell at once
        reserve(16 * len(maze.costs) * len(maze.costs[0]), "working out the maze's moves")
        kept[key] = move_masks(maze.costs, maze.moves, maze.corners == "cut")
    return cast(bytes, kept[key])


@functools.lru_cache(maxsize=16)
def move_table(width: int) -> tuple[Moves, ...]:
    """For each of the 256 masks, its moves: ``(action, offset, factor)``, the factor (1 or √2)
    of the entered cell's cost, so the step's cost where every open cell costs 1. Kept for each
    width: making it takes as long as a search of the lesson's maze."""
    steps = [(name, dr * width + dc, factor) for name, dr, dc, factor in ORDER]
    return tuple(
        tuple(step for i, step in enumerate(steps) if mask >> i & 1) for mask in range(256)
    )


class PackedMaze:
    """The maze's moves and goal over packed cells (see the module)."""

    def __init__(self, maze: Any) -> None:
        self.width: int = maze.width + 2
        width = self.width
        self.initial: int = self.pack(maze.initial)
        self.goal: int = self.pack(maze.goal)
        masks = legal_moves(maze)
        table = move_table(width)
        self.successors: Callable[[int], list[tuple[str, int, Any]]]
        if maze.uniform:  # the step costs are the table's: 1, or √2 on a diagonal

            def successors(cell: int) -> list[tuple[str, int, Any]]:
                return [
                    (action, cell + offset, cost) for action, offset, cost in table[masks[cell]]
                ]

        else:  # the entered cell's terrain, times 1 or √2
            costs = flat_costs(maze)

            def successors(cell: int) -> list[tuple[str, int, Any]]:
                return [
                    (action, (to := cell + offset), costs[to] * factor)
                    for action, offset, factor in table[masks[cell]]
                ]

        self.successors = successors

    def pack(self, cell: Cell) -> int:
        return (cell[0] + 1) * self.width + cell[1] + 1

    def unpack(self, cell: int) -> Cell:
        r, c = divmod(cell, self.width)
        return (r - 1, c - 1)

    def is_goal(self, cell: int) -> bool:
        return cell == self.goal


def packed(maze: Any, heuristic: Heuristic) -> Packed | None:
    """``maze`` packed, with ``heuristic`` over packed cells; ``None`` when the heuristic is not
    one of the maze's own (a function of one's own reads ``(row, col)`` cells)."""
    name = heuristic.name
    if heuristic is not ZERO and maze.heuristics.built(name) is not heuristic:
        return None
    problem = PackedMaze(maze)
    fn = ZERO.fn if heuristic is ZERO else estimate(name, problem, maze.min_cost)
    return Packed(problem, Heuristic(name, fn, heuristic.admissible), problem.unpack)


def estimate(name: str, maze: PackedMaze, unit: int) -> Callable[[int], float]:
    """The maze's estimate ``name`` over packed cells: the same operations on the same
    differences as ``Maze.heuristics``' (so the same numbers, and the same ties)."""
    width = maze.width
    goal_r, goal_c = divmod(maze.goal, width)

    def manhattan(cell: int) -> int:
        r, c = divmod(cell, width)
        return (abs(r - goal_r) + abs(c - goal_c)) * unit

    def octile(cell: int) -> float:
        r, c = divmod(cell, width)
        dr, dc = r - goal_r, c - goal_c
        dr, dc = -dr if dr < 0 else dr, -dc if dc < 0 else dc
        if dr < dc:
            return (dc - dr + SQRT2 * dr) * unit
        return (dr - dc + SQRT2 * dc) * unit

    def euclidean(cell: int) -> float:
        r, c = divmod(cell, width)
        return math.hypot(r - goal_r, c - goal_c) * unit

    def chebyshev(cell: int) -> int:
        r, c = divmod(cell, width)
        return max(abs(r - goal_r), abs(c - goal_c)) * unit

    estimates: dict[str, Callable[[int], float]] = {
        "manhattan": manhattan,
        "octile": octile,
        "euclidean": euclidean,
        "chebyshev": chebyshev,
    }
    return estimates[name]
