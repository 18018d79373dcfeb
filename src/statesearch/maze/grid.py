"""Grid mazes with terrain costs, as text.

``S`` start, ``G`` goal, ``#`` wall, ``.`` open ground (cost 1), digits ``1``-``9`` the cost of
entering that cell (the lesson's grass 1, sand 3, water 5). Any rectangle. Moves go to the four
neighbours in the order down, up, right, left; the action is the direction walked.

>>> maze = Maze.parse("S.#\\n..G")
>>> maze.initial, maze.goal
((0, 0), (1, 2))
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import ClassVar

from ..errors import InputError
from ..problem import Heuristic

Cell = tuple[int, int]
DIRECTIONS = (("D", 1, 0), ("U", -1, 0), ("R", 0, 1), ("L", 0, -1))
TERRAIN = {".": 1, "S": 1, "G": 1, **{str(d): d for d in range(1, 10)}}
WALL = "#"

LESSON_MAZE = """\
S.....#.##.#
.#.........#
##..#.......
#......#....
...#.....#..
..#...#..#.#
.......##..G
"""


class Maze:
    """Walk from ``S`` to ``G``; entering a cell costs its terrain."""

    default_heuristic = "manhattan"
    heuristic_aliases: ClassVar[dict[str, str]] = {"h": "manhattan", "none": "zero"}

    def __init__(self, rows: list[str]) -> None:
        self.rows = rows
        self.height, self.width = len(rows), len(rows[0])
        self.cost: dict[Cell, int] = {
            (r, c): TERRAIN[ch]
            for r, row in enumerate(rows)
            for c, ch in enumerate(row)
            if ch != WALL
        }
        self.initial: Cell = _only(rows, "S")
        self.goal: Cell = _only(rows, "G")
        self.min_cost = min(self.cost.values())
        self.unit_costs = set(self.cost.values()) == {1}
        self._neighbours = {cell: self._open_neighbours(cell) for cell in self.cost}

    @classmethod
    def parse(cls, text: str) -> Maze:
        lines = [line.rstrip() for line in text.splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        while lines and not lines[0]:
            lines.pop(0)
        if not lines:
            raise InputError("empty maze")
        widths = sorted({len(line) for line in lines})
        if len(widths) > 1:
            raise InputError(
                "ragged maze: rows are {widths} cells wide", widths=", ".join(map(str, widths))
            )
        for r, line in enumerate(lines, 1):
            for c, ch in enumerate(line, 1):
                if ch != WALL and ch not in TERRAIN:
                    raise InputError(
                        "unknown maze character {char!r} at row {row}, column {col}; "
                        "use S G # . or a digit 1-9",
                        char=ch,
                        row=r,
                        col=c,
                    )
        return cls(lines)

    def _open_neighbours(self, cell: Cell) -> list[tuple[str, Cell, int]]:
        r, c = cell
        out = []
        for name, dr, dc in DIRECTIONS:
            nxt = (r + dr, c + dc)
            if nxt in self.cost:
                out.append((name, nxt, self.cost[nxt]))
        return out

    def is_goal(self, state: Cell) -> bool:
        return state == self.goal

    def successors(self, state: Cell) -> list[tuple[str, Cell, int]]:
        return self._neighbours[state]

    def predecessors(self, state: Cell) -> list[tuple[str, Cell, int]]:
        back = {"D": "U", "U": "D", "R": "L", "L": "R"}
        return [(back[a], prev, self.cost[state]) for a, prev, _ in self._neighbours[state]]

    @cached_property
    def heuristics(self) -> Mapping[str, Heuristic]:
        goal_r, goal_c, unit = *self.goal, self.min_cost

        def manhattan(cell: Cell) -> int:
            return (abs(cell[0] - goal_r) + abs(cell[1] - goal_c)) * unit

        return {"manhattan": Heuristic("manhattan", manhattan)}

    def show(self, path: list[Cell] | None = None) -> str:
        """The maze with the path drawn as ``*`` (start and goal keep their letters)."""
        grid = [list(row) for row in self.rows]
        for r, c in path or []:
            if grid[r][c] not in "SG":
                grid[r][c] = "*"
        return "\n".join("".join(row) for row in grid)


def _only(rows: list[str], mark: str) -> Cell:
    found = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == mark]
    if len(found) != 1:
        raise InputError(
            "a maze needs exactly one {mark!r}, found {count}", mark=mark, count=len(found)
        )
    return found[0]
