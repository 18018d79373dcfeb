"""Jump points on a maze that moves in 8 directions with every open cell costing 1 (Harabor and
Grastien, "Online Graph Pruning for Pathfinding on Grid Maps", AAAI 2011, with the pruning of
intermediate jump points of their "Improving Jump Point Search", ICAPS 2014).

From a cell reached in direction ``d``, only the neighbours that no path avoiding the cell reaches
as cheaply are tried (the *natural* and *forced* neighbours); from each, the search does not stop
at every cell but runs straight (or diagonally, looking straight along both of the diagonal's
sides at every step) until it meets the goal, a cell with a forced neighbour, or a wall. The cells
where it stops are the *jump points*, the only states the search keeps. A diagonal run does not
stop at a cell whose straight runs find jump points (an *intermediate* jump point): those jump
points are its own successors, reached through the cell, and it goes on. So a jump is a
diagonal leg, a straight one, or a diagonal leg then a straight one; its cost is √2 a diagonal
move and 1 a straight one, and its last move (``entered``) is the direction the jump point it
ends at was reached in.

Both corner rules have their own pruning, as PathFinding.js writes them (``JPFMoveDiagonally
IfNoObstacles`` for ``avoid``, ``...IfAtMostOneObstacle`` for ``cut``): with ``avoid`` a
diagonal run has no forced neighbours of its own, and a straight run stops beside the end of a
wall it passes; with ``cut`` the paper's rules hold. The grid is flat bytes with a border of
walls, so a run needs no bounds checks; a straight run is read off one int of its line's stops
(``stop_lines``, made once a map), not cell by cell (the same jump points; the gain is in
benchmarks/README.md, "Grid path-finding").
"""

from __future__ import annotations

from typing import Any

from ..core.limits import reserve
from ..errors import InputError
from .cells import SQRT2
from .packed import flat_costs

NAMES = {(1, 0): "D", (-1, 0): "U", (0, 1): "R", (0, -1): "L"}
NAMES |= {(1, 1): "DR", (1, -1): "DL", (-1, 1): "UR", (-1, -1): "UL"}


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
        self.cut = maze.corners == "cut"
        kept, key = maze.kernel_tables, f"jump lines {maze.corners}"
        if key not in kept:  # once a map: ``with_ends``' copies share it
            # the grid, a byte a cell (unless a search made it), and its lines' stops, 4 bits
            reserve(2 * width * (maze.height + 2), "working out the jump point search's runs")
            kept[key] = stop_lines(flat_costs(maze), width, self.cut)
        # every open cell costs 1 (refused above otherwise): the costs are the open cells
        self.grid: bytes = flat_costs(maze)
        self.stops: dict[int, list[int]] = kept[key]
        self.goal = self.index(maze.goal)
        self.goal_row, self.goal_column = divmod(self.goal, width)

    def index(self, cell: tuple[int, int]) -> int:
        return int((cell[0] + 1) * self.width + cell[1] + 1)

    def cell(self, index: int) -> tuple[int, int]:
        r, c = divmod(index, self.width)
        return (r - 1, c - 1)

    def jumps(self, state: tuple[int, int], parent: Any) -> list[tuple[str, Any, float]]:
        """``(action, jump point, cost)`` for each jump point the runs from ``state`` find (the
        start, whose ``parent`` is ``None``, tries every move); a jump's action names its
        diagonal and straight legs in turn (``"DR"``, ``"D"``, ``"DR D"``)."""
        i = self.index(state)
        if parent is None:
            directions = self.start_directions(i)
        else:
            directions = self.pruned(i, *entered(state[0] - parent[0], state[1] - parent[1]))
        out: list[tuple[str, Any, float]] = []
        for dr, dc in directions:
            if dr and dc:
                out += self.diagonal(i, dr, dc)
                continue
            d = dr * self.width + dc
            j = self.straight(i, d)
            if j >= 0:
                out.append((NAMES[dr, dc], self.cell(j), (j - i) // d))
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
        """Run from cell ``i`` by ``d`` (±1 or ±width) to the next jump point; -1 at a wall.
        The run is read off its line's stops (``stop_lines``): the first set bit past ``i``."""
        w = self.width
        if d == 1 or d == -1:
            line, x = divmod(i, w)
            goal_line, goal_x, base, unit = self.goal_row, self.goal_column, line * w, 1
        else:
            x, line = divmod(i, w)
            goal_line, goal_x, base, unit = self.goal_column, self.goal_row, line, w
        stops = self.stops[d][line]
        if d > 0:
            ahead = stops >> (x + 1)
            at = x + (ahead & -ahead).bit_length()
            if goal_line == line and x < goal_x <= at:
                return self.goal
        else:
            at = (stops & ((1 << x) - 1)).bit_length() - 1
            if goal_line == line and at <= goal_x < x:
                return self.goal
        j = base + at * unit
        return j if self.grid[j] else -1

    def diagonal(self, i: int, dr: int, dc: int) -> list[tuple[str, Any, float]]:
        """Run diagonally from cell ``i``: ``(action, jump point, cost)`` for each jump point
        found. A cell on the way that is the goal or has a forced neighbour (cutting corners)
        ends the run as a jump point; at any other, the straight runs along both sides go on
        from it, and the jump points they find are the diagonal run's own, the cell passed over
        (Harabor and Grastien 2014, "pruning intermediate jump points"). A jump costs √2 a
        diagonal move plus 1 a straight one, added in that order."""
        g, goal, cut = self.grid, self.goal, self.cut
        v = dr * self.width
        slant = NAMES[dr, dc]
        down, side = f"{slant} {NAMES[dr, 0]}", f"{slant} {NAMES[0, dc]}"
        out: list[tuple[str, Any, float]] = []
        steps = 0
        while True:
            i += v + dc
            steps += 1
            if not g[i]:
                return out
            cost = steps * SQRT2
            if i == goal or (
                cut and ((g[i + v - dc] and not g[i - dc]) or (g[i - v + dc] and not g[i - v]))
            ):
                out.append((slant, self.cell(i), cost))
                return out
            if (j := self.straight(i, v)) >= 0:
                out.append((down, self.cell(j), cost + (j - i) // v))
            if (j := self.straight(i, dc)) >= 0:
                out.append((side, self.cell(j), cost + (j - i) // dc))
            if not ((g[i + v] or g[i + dc]) if cut else (g[i + v] and g[i + dc])):
                return out

    def between(self, a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
        """The cells a jump from ``a`` to ``b`` enters, one move each, ``b`` included: its
        diagonal moves first, then its straight ones."""
        dr, dc = b[0] - a[0], b[1] - a[1]
        slant, span = min(abs(dr), abs(dc)), max(abs(dr), abs(dc))
        sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
        er, ec = entered(dr, dc)
        return [
            (a[0] + min(k, slant) * sr + max(0, k - slant) * er,
             a[1] + min(k, slant) * sc + max(0, k - slant) * ec)
            for k in range(1, span + 1)
        ]  # fmt: skip


def entered(dr: int, dc: int) -> tuple[int, int]:
    """The last move of a jump ``dr`` rows and ``dc`` columns long (its diagonal moves first,
    then its straight ones); (0, 0) for none."""
    r, c = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    if abs(dr) > abs(dc):
        return r, 0
    if abs(dc) > abs(dr):
        return 0, c
    return r, c


def stop_lines(grid: bytes, width: int, cut: bool) -> dict[int, list[int]]:
    """Where a straight run stops, for each of its four steps in the flat ``grid`` (±1 along
    the rows, ±width along the columns): one int per line it runs along, bit k its k-th cell
    (border included), set where a run stops (a wall, or a cell with a forced neighbour by the
    corner rule). A run then costs a few operations on one int, not a loop over its cells
    (Harabor and Grastien 2014's runs read many cells at once)."""
    digits = bytes.maketrans(b"\0\1", b"01")

    def bits(cells: bytes) -> int:
        return int(cells.translate(digits)[::-1], 2)

    height = len(grid) // width
    rows = [bits(grid[r * width : (r + 1) * width]) for r in range(height)]
    columns = [bits(grid[c::width]) for c in range(width)]
    out: dict[int, list[int]] = {}
    for step, lines, length in ((1, rows, width), (width, columns, height)):
        every = (1 << length) - 1
        for sign in (1, -1):
            stops = []
            for k, here in enumerate(lines):
                forced = 0
                for side in (lines[k - 1] if k else 0, lines[k + 1] if k + 1 < len(lines) else 0):
                    on, back = (side >> 1, side << 1) if sign == 1 else (side << 1, side >> 1)
                    # cut: the side blocked here, open one step on; avoid: the side open here,
                    # blocked one step back
                    forced |= on & ~side if cut else side & ~back
                stops.append((forced | ~here) & every)
            out[sign * step] = stops
    return out
