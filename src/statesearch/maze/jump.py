"""Jump points on a maze that moves in 8 directions with every open cell costing 1 (Harabor and
Grastien, "Online Graph Pruning for Pathfinding on Grid Maps", AAAI 2011).

From a cell reached in direction ``d``, only the neighbours that no path avoiding the cell reaches
as cheaply are tried (the *natural* and *forced* neighbours); from each, the search does not stop
at every cell but runs straight (or diagonally, looking straight along both of the diagonal's
sides at every step) until it meets the goal, a cell with a forced neighbour, or a wall. The cells
where it stops are the *jump points*, the only states the search keeps.

Both corner rules have their own pruning, as PathFinding.js writes them (``JPFMoveDiagonally
IfNoObstacles`` for ``avoid``, ``...IfAtMostOneObstacle`` for ``cut``): with ``avoid`` a
diagonal run has no forced neighbours of its own, and a straight run stops beside the end of a
wall it passes; with ``cut`` the paper's rules hold. The grid is a flat bytearray with a border
of walls, so a run needs no bounds checks.
"""

from __future__ import annotations

import math
from typing import Any

from ..errors import InputError

SQRT2 = math.sqrt(2)
NAMES = {(1, 0): "D", (-1, 0): "U", (0, 1): "R", (0, -1): "L"}
NAMES |= {(1, 1): "DR", (1, -1): "DL", (-1, 1): "UR", (-1, -1): "UL"}
OPEN = bytes(0 if b == ord("#") else 1 for b in range(256))  # a maze's text: '#' is a wall


class JumpPoints:
    """A maze as jump point search sees it: ``jumps(cell, parent)`` and ``between(a, b)``
    (``statesearch.algorithms.jump_point``); refused, with the reason, for a maze it does not
    fit."""

    def __init__(self, maze: Any) -> None:
        if maze.moves != 8:
            raise InputError(
                "jump point search is for 8 moves (a 4-move maze has nothing to jump over "
                "diagonally): add --moves 8, or use astar"
            )
        if not maze.uniform:
            raise InputError(
                "jump point search needs every open cell to cost the same: a jump skips cells "
                "whose costs it would have to weigh; this maze has terrain digits, use astar"
            )
        self.width = width = maze.width + 2
        wall = bytes(width)
        rows = [b"\0" + row.encode("ascii").translate(OPEN) + b"\0" for row in maze.rows]
        self.grid = bytearray(b"".join([wall, *rows, wall]))
        self.goal = self.index(maze.goal)
        self.cut = maze.corners == "cut"

    def index(self, cell: tuple[int, int]) -> int:
        return int((cell[0] + 1) * self.width + cell[1] + 1)

    def cell(self, index: int) -> tuple[int, int]:
        r, c = divmod(index, self.width)
        return (r - 1, c - 1)

    def jumps(self, state: tuple[int, int], parent: Any) -> list[tuple[str, Any, float]]:
        """``(direction, jump point, cost)`` for each run from ``state`` that ends at a jump
        point (the start, whose ``parent`` is ``None``, tries every move)."""
        i = self.index(state)
        out: list[tuple[str, Any, float]] = []
        if parent is None:
            directions = self.start_directions(i)
        else:
            dr = (state[0] > parent[0]) - (state[0] < parent[0])
            dc = (state[1] > parent[1]) - (state[1] < parent[1])
            directions = self.pruned(i, dr, dc)
        for dr, dc in directions:
            j = self.diagonal(i, dr, dc) if dr and dc else self.straight(i, dr * self.width + dc)
            if j >= 0:
                cell = self.cell(j)
                steps = max(abs(cell[0] - state[0]), abs(cell[1] - state[1]))
                out.append((NAMES[dr, dc], cell, steps * SQRT2 if dr and dc else steps))
        return out

    def start_directions(self, i: int) -> list[tuple[int, int]]:
        """Every move the corner rule allows, the maze's order (straight, then diagonal)."""
        g, w = self.grid, self.width
        out = [d for d in ((1, 0), (-1, 0), (0, 1), (0, -1)) if g[i + d[0] * w + d[1]]]
        for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            if not g[i + dr * w + dc]:
                continue
            a, b = g[i + dr * w], g[i + dc]
            if (a or b) if self.cut else (a and b):
                out.append((dr, dc))
        return out

    def pruned(self, i: int, dr: int, dc: int) -> list[tuple[int, int]]:
        """The natural and forced neighbours of a cell entered in direction (dr, dc)."""
        g, w = self.grid, self.width
        out = []
        if dr and dc:
            down, side = g[i + dr * w], g[i + dc]
            if down:
                out.append((dr, 0))
            if side:
                out.append((0, dc))
            if (down or side) if self.cut else (down and side):
                out.append((dr, dc))
            if self.cut and down and not g[i - dc]:
                out.append((dr, -dc))
            if self.cut and side and not g[i - dr * w]:
                out.append((-dr, dc))
            return out
        # Straight: (dr, dc) ahead, (pr, pc) and its opposite beside.
        pr, pc = (0, 1) if dr else (1, 0)
        ahead = g[i + dr * w + dc]
        if ahead:
            out.append((dr, dc))
        for sign in (1, -1):
            beside = g[i + sign * (pr * w + pc)]
            if self.cut:
                if ahead and not beside:
                    out.append((dr + sign * pr, dc + sign * pc))
            else:
                if ahead and beside:
                    out.append((dr + sign * pr, dc + sign * pc))
                if beside:
                    out.append((sign * pr, sign * pc))
        return out

    def straight(self, i: int, d: int) -> int:
        """Run from cell ``i`` by ``d`` (±1 or ±width) to the next jump point; -1 at a wall."""
        g, goal = self.grid, self.goal
        p = self.width if d in (1, -1) else 1  # the step to a side
        cut = self.cut
        while True:
            i += d
            if not g[i]:
                return -1
            if i == goal:
                return i
            if cut:
                if (g[i + d + p] and not g[i + p]) or (g[i + d - p] and not g[i - p]):
                    return i
            elif (g[i + p] and not g[i + p - d]) or (g[i - p] and not g[i - p - d]):
                return i

    def diagonal(self, i: int, dr: int, dc: int) -> int:
        """Run diagonally from cell ``i`` to the next jump point: a cell from which a straight
        run along either side finds one (or, cutting corners, with a forced neighbour)."""
        g, goal, cut = self.grid, self.goal, self.cut
        v = dr * self.width
        while True:
            i += v + dc
            if not g[i]:
                return -1
            if i == goal:
                return i
            if cut and ((g[i + v - dc] and not g[i - dc]) or (g[i - v + dc] and not g[i - v])):
                return i
            if self.straight(i, v) >= 0 or self.straight(i, dc) >= 0:
                return i
            if not ((g[i + v] or g[i + dc]) if cut else (g[i + v] and g[i + dc])):
                return -1

    def between(self, a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
        """The cells a run from ``a`` to ``b`` enters, one move each, ``b`` included."""
        dr = (b[0] > a[0]) - (b[0] < a[0])
        dc = (b[1] > a[1]) - (b[1] < a[1])
        steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
        return [(a[0] + k * dr, a[1] + k * dc) for k in range(1, steps + 1)]
