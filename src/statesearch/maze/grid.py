"""Grid mazes with terrain costs, as text.

``S`` start, ``G`` goal, ``#`` wall, ``.`` open ground (cost 1), digits ``1``-``9`` the cost of
entering that cell (the lesson's grass 1, sand 3, water 5). Any rectangle; ``;`` starts a
comment (as in tilt files). Moves go to the four
neighbours in the order down, up, right, left; the action is the direction walked.

>>> maze = Maze.parse("S.#\\n..G")
>>> maze.initial, maze.goal
((0, 0), (1, 2))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cached_property
from typing import ClassVar

from ..directions import LESSON_ORDER, OPPOSITE, STEPS
from ..errors import InputError
from ..problem import Heuristic

Cell = tuple[int, int]
TERRAIN = {".": 1, "S": 1, "G": 1, **{str(d): d for d in range(1, 10)}}
WALL = "#"
ROW = re.compile(r"[SG#.1-9]*")
MOVES = [(name, *STEPS[name]) for name in LESSON_ORDER]

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
    """Walk from ``S`` to ``G``; entering a cell costs its terrain.

    The maze keeps only its rows of text and works out a cell's neighbours when they are asked
    for, so a maze of millions of cells is read in a fraction of a second.
    """

    default_heuristic = "manhattan"
    heuristic_aliases: ClassVar[dict[str, str]] = {"h": "manhattan", "none": "zero"}

    def __init__(self, rows: list[str]) -> None:
        self.rows = rows
        self.height, self.width = len(rows), len(rows[0])
        self.initial: Cell = _only(rows, "S")
        self.goal: Cell = _only(rows, "G")
        terrain = set().union(*map(set, rows)) - {WALL}
        self.min_cost = min(TERRAIN[ch] for ch in terrain)
        self.unit_costs = {TERRAIN[ch] for ch in terrain} == {1}
        self.open_cells = sum(len(row) - row.count(WALL) for row in rows)

    @classmethod
    def parse(cls, text: str) -> Maze:
        lines = [
            line.split(";", 1)[0].rstrip() for line in text.removeprefix("\ufeff").splitlines()
        ]
        while lines and not lines[-1]:
            lines.pop()
        while lines and not lines[0]:
            lines.pop(0)
        if not lines:
            raise InputError("empty maze")
        widths = sorted({len(line) for line in lines})
        if len(widths) > 1:
            raise InputError(
                "ragged maze: rows are {widths} cells wide", widths=", ".join(map(str, widths[:8]))
            )
        for r, line in enumerate(lines, 1):
            if not ROW.fullmatch(line):
                c = next(i for i, ch in enumerate(line) if not ROW.fullmatch(ch))
                raise InputError(
                    "unknown maze character {char!r} at row {row}, column {col}; "
                    "use S G # . or a digit 1-9",
                    char=line[c],
                    row=r,
                    col=c + 1,
                )
        return cls(lines)

    def choose_algorithm(self, heuristic: str | None) -> tuple[str, str, str]:
        """``algorithm="auto"``: A*, which keeps every cell it reaches: a maze's cells fit."""
        chosen = heuristic or self.default_heuristic
        return "astar", chosen, f"A* + {chosen}: the maze's {self.open_cells:,} open cells fit"

    def is_goal(self, state: Cell) -> bool:
        return state == self.goal

    def successors(self, state: Cell) -> list[tuple[str, Cell, int]]:
        """The open neighbours, down, up, right, left (the lesson's order)."""
        r, c = state
        rows, height, width = self.rows, self.height, self.width
        out = []
        for name, dr, dc in MOVES:
            nr, nc = r + dr, c + dc
            if 0 <= nr < height and 0 <= nc < width and (ch := rows[nr][nc]) != WALL:
                out.append((name, (nr, nc), TERRAIN[ch]))
        return out

    def predecessors(self, state: Cell) -> list[tuple[str, Cell, int]]:
        """Entering ``state`` costs its own terrain, from whichever side."""
        here = TERRAIN[self.rows[state[0]][state[1]]]
        return [(OPPOSITE[a], prev, here) for a, prev, _ in self.successors(state)]

    @cached_property
    def heuristics(self) -> Mapping[str, Heuristic]:
        goal_r, goal_c, unit = *self.goal, self.min_cost

        def manhattan(cell: Cell) -> int:
            return (abs(cell[0] - goal_r) + abs(cell[1] - goal_c)) * unit

        return {"manhattan": Heuristic("manhattan", manhattan)}

    def show(self, path: list[Cell] | None = None) -> str:
        """The maze with the path drawn as ``*`` on open ground (start, goal and terrain digits
        keep their characters, so the path's costs stay readable)."""
        grid = [list(row) for row in self.rows]
        for r, c in path or []:
            if grid[r][c] == ".":
                grid[r][c] = "*"
        return "\n".join("".join(row) for row in grid)

    def _repr_html_(self) -> str:
        from ..pictures import maze_html  # a notebook's picture, loaded only there

        return maze_html(self)


def _only(rows: list[str], mark: str) -> Cell:
    found = [(r, row.index(mark)) for r, row in enumerate(rows) if mark in row]
    count = sum(row.count(mark) for row in rows)
    if count != 1:
        raise InputError("a maze needs exactly one {mark!r}, found {count}", mark=mark, count=count)
    return found[0]
