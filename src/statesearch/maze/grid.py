"""Grid mazes with terrain costs, as text.

``S`` start, ``G`` goal, ``#`` wall, ``.`` open ground (cost 1), digits ``1``-``9`` the cost of
entering that cell (the lesson's grass 1, sand 3, water 5). Any rectangle; ``;`` starts a
comment (as in tilt files). Cells are ``(row, column)``.

Moves (``moves=4``, the lesson's): the four neighbours in the order down, up, right, left; the
action is the direction walked. ``moves=8`` adds the diagonals after them (``DR``, ``DL``,
``UR``, ``UL``). A move costs the terrain of the cell it enters, times √2 for a diagonal: a
diagonal into sand (3) costs 3√2, whatever the cells beside it cost. The corner rule
(``corners``): ``avoid`` (the default, Moving AI's) takes a diagonal only when both cells beside
it are open, so a path never touches a wall's corner; ``cut`` takes it when one of them is open.
Neither squeezes between two walls that meet at a corner.

The estimates, each times the cheapest cell's cost: ``manhattan`` (4 moves only: with diagonals
it overestimates, and is refused), ``octile`` (the exact distance on an open 8-connected grid:
the default for 8 moves), ``euclidean``, ``chebyshev`` and ``zero``. Each is admissible and
consistent for the moves it is offered with.

>>> maze = Maze.parse("S.#\\n..G")
>>> maze.initial, maze.goal
((0, 0), (1, 2))
>>> Maze.parse("S.#\\n..G", moves=8).successors((0, 0))[-1]
('DR', (1, 1), 1.4142135623842478)
"""

from __future__ import annotations

import copy
import functools
import math
import re
from collections.abc import Callable, Mapping
from functools import cached_property
from types import MappingProxyType
from typing import Any

from ..core.advice import Packed
from ..core.limits import LimitKind
from ..core.note import Note
from ..core.problem import Heuristic, NamedHeuristics
from ..errors import InputError
from .cells import REVERSE, SQRT2, TERRAIN, WALL, Cell

ROW = re.compile(r"[SG#.1-9]*")
COSTS = bytes(TERRAIN.get(chr(b), 0) for b in range(256))  # a row's text as its cells' costs
CORNER_RULES = ("avoid", "cut")
COMPILED_FROM = 20_000  # open cells from which engine="auto" runs the compiled A*
MOVE_COUNTS = (4, 8)

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
    """Walk from the start to the goal; entering a cell costs its terrain (see the module).

    The maze keeps only its rows of text and works out a cell's neighbours when they are asked
    for, so a maze of millions of cells is read in a fraction of a second. ``start`` and
    ``goal``, when given, replace the ``S`` and ``G`` of the rows (a Moving AI map has none).
    """

    compiled_tie_breaks = ("classic", "deep")  # ``maze.ties``
    # Among jump points of equal f the deepest first: with exact diagonal sums (``SQRT2``) ties
    # are many, and ``classic`` takes whole plateaus shallow first (benchmarks/README.md).
    tie_breaks: Mapping[str, str] = MappingProxyType({"jps": "deep"})

    def __init__(
        self,
        rows: list[str],
        moves: int = 4,
        corners: str = "avoid",
        start: Cell | None = None,
        goal: Cell | None = None,
    ) -> None:
        if moves not in MOVE_COUNTS:
            raise InputError("a maze moves in 4 or 8 directions, not {moves}", moves=moves)
        if corners not in CORNER_RULES:
            raise InputError(
                "unknown corner rule {rule!r}; choose from avoid, cut", rule=str(corners)[:20]
            )
        self.rows = rows
        self.height, self.width = len(rows), len(rows[0])
        self.moves, self.corners = moves, corners
        self.initial: Cell = _only(rows, "S") if start is None else self._open(start, "start")
        self.goal: Cell = _only(rows, "G") if goal is None else self._open(goal, "goal")
        terrain = set().union(*map(set, rows)) - {WALL}
        self.min_cost = min((TERRAIN[ch] for ch in terrain), default=1)
        self.unit_costs = moves == 4 and {TERRAIN[ch] for ch in terrain} == {1}
        self.uniform = {TERRAIN[ch] for ch in terrain} <= {1}  # every open cell costs 1
        self.open_cells = sum(len(row) - row.count(WALL) for row in rows)
        self.default_heuristic = "manhattan" if moves == 4 else "octile"
        self.heuristic_aliases = {"h": self.default_heuristic, "none": "zero"}
        # The tables searches make from the rows, one set per map (the compiled searches',
        # ``maze.compiled``, and the Python engine's packed moves, ``maze.packed``):
        # ``with_ends``' copies share this dict.
        self.kernel_tables: dict[str, Any] = {}

    @classmethod
    def parse(
        cls,
        text: str,
        moves: int = 4,
        corners: str = "avoid",
        start: Cell | None = None,
        goal: Cell | None = None,
    ) -> Maze:
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
        return cls(lines, moves, corners, start, goal)

    def with_ends(self, start: Cell, goal: Cell) -> Maze:
        """The same maze (its rows shared, not copied) from ``start`` to ``goal``."""
        self.costs  # made before the copy, so that every copy shares them  # noqa: B018
        other = copy.copy(self)  # its packed rows (``costs``, ``kernel_tables``) shared
        other.__dict__.pop("heuristics", None)
        other.initial, other.goal = self._open(start, "start"), self._open(goal, "goal")
        return other

    def _open(self, cell: Cell, which: str) -> Cell:
        r, c = cell
        start = which == "start"
        if not (0 <= r < self.height and 0 <= c < self.width):
            raise InputError(
                "the start {x},{y} is outside the {width}x{height} map"
                if start
                else "the goal {x},{y} is outside the {width}x{height} map",
                x=c,
                y=r,
                width=self.width,
                height=self.height,
            )
        if self.rows[r][c] == WALL:
            raise InputError(
                "the start {x},{y} is a wall" if start else "the goal {x},{y} is a wall", x=c, y=r
            )
        return (r, c)

    def choose_algorithm(self, heuristic: str | None) -> tuple[str, str, str]:
        """``algorithm="auto"``: A*, which keeps every cell it reaches: a maze's cells fit."""
        chosen = heuristic or self.default_heuristic
        fits = Note(
            "A* + {chosen}: the maze's {open:,} open cells fit", chosen=chosen, open=self.open_cells
        )
        return "astar", chosen, fits

    def is_goal(self, state: Cell) -> bool:
        return state == self.goal

    @cached_property
    def costs(self) -> list[bytes]:
        """The rows as the cost of entering each cell, a byte each (0: a wall), inside a border
        of walls: cell ``(r, c)`` costs ``costs[r + 1][c + 1]``, so a neighbour needs no bounds
        check and no lookup of its character (shared by ``with_ends``' copies; made at C speed
        the first time a search asks)."""
        border = bytes(self.width + 2)
        return [
            border,
            *(b"\0" + row.encode().translate(COSTS) + b"\0" for row in self.rows),
            border,
        ]

    def successors(self, state: Cell) -> list[tuple[str, Cell, float]]:
        """The open neighbours, down, up, right, left (the lesson's order), then with 8 moves
        the diagonals the corner rule allows (``DIAGONALS``' order). Written out move by move:
        a loop over the moves took twice as long; reading costs as bytes (``costs``) instead of
        characters looked up in ``TERRAIN``, a call takes 1/1.17 of the time (50,000 cells of an
        open 512x512 map, in turns)."""
        r, c = state
        costs = self.costs
        above, here, below = costs[r], costs[r + 1], costs[r + 2]
        x = c + 1
        d, u, right, left = below[x], above[x], here[x + 1], here[x - 1]
        out: list[tuple[str, Cell, float]] = []
        if d:
            out.append(("D", (r + 1, c), d))
        if u:
            out.append(("U", (r - 1, c), u))
        if right:
            out.append(("R", (r, c + 1), right))
        if left:
            out.append(("L", (r, c - 1), left))
        if self.moves == 4:
            return out
        if self.corners == "avoid":
            dr, dl, ur, ul = d and right, d and left, u and right, u and left
        else:
            dr, dl, ur, ul = d or right, d or left, u or right, u or left
        if dr and (cost := below[x + 1]):
            out.append(("DR", (r + 1, c + 1), cost * SQRT2))
        if dl and (cost := below[x - 1]):
            out.append(("DL", (r + 1, c - 1), cost * SQRT2))
        if ur and (cost := above[x + 1]):
            out.append(("UR", (r - 1, c + 1), cost * SQRT2))
        if ul and (cost := above[x - 1]):
            out.append(("UL", (r - 1, c - 1), cost * SQRT2))
        return out

    def predecessors(self, state: Cell) -> list[tuple[str, Cell, float]]:
        """Entering ``state`` costs its own terrain (times √2 on a diagonal), from whichever
        side; the cells beside a diagonal are the same both ways, so is the corner rule."""
        here = TERRAIN[self.rows[state[0]][state[1]]]
        return [
            (REVERSE[a], prev, here * SQRT2 if len(a) == 2 else here)
            for a, prev, _ in self.successors(state)
        ]

    @cached_property
    def heuristics(self) -> Mapping[str, Heuristic]:
        goal_r, goal_c, unit = *self.goal, self.min_cost

        def manhattan(cell: Cell) -> int:
            return (abs(cell[0] - goal_r) + abs(cell[1] - goal_c)) * unit

        def octile(cell: Cell) -> float:
            dr, dc = cell[0] - goal_r, cell[1] - goal_c
            dr, dc = -dr if dr < 0 else dr, -dc if dc < 0 else dc
            if dr < dc:  # diagonal steps, then straight ones (as the compiled A* computes it)
                return (dc - dr + SQRT2 * dr) * unit
            return (dr - dc + SQRT2 * dc) * unit

        def euclidean(cell: Cell) -> float:
            return math.hypot(cell[0] - goal_r, cell[1] - goal_c) * unit

        def chebyshev(cell: Cell) -> int:
            return max(abs(cell[0] - goal_r), abs(cell[1] - goal_c)) * unit

        offered: dict[str, Callable[[Cell], float]] = {
            "octile": octile,
            "euclidean": euclidean,
            "chebyshev": chebyshev,
        }
        if self.moves == 4:
            offered = {"manhattan": manhattan, **offered}
        makers = {name: _maker(name, fn) for name, fn in offered.items()}
        return GridHeuristics(makers, refused=() if self.moves == 4 else ("manhattan",))

    def compiled(
        self, algorithm: str, heuristic: str, weight: float, required: bool, tie_break: str
    ) -> Any:
        """The compiled A* or JPS (``maze.compiled``), or ``None``: unless one is
        ``required``, a maze of fewer than ``COMPILED_FROM`` open cells stays in Python, which
        finishes it before numba would have loaded; a search no kernel runs is refused with
        its reason when one is ``required``."""
        if self.open_cells < COMPILED_FROM and not required:
            return None
        made = _kernel_for()(self, algorithm, heuristic, weight, tie_break)
        if isinstance(made, InputError):
            if required:  # --engine compiled: the reason, not only that there is none
                raise made
            return None
        return made

    def packed(self, heuristic: Heuristic) -> Packed | None:
        """The maze with its cells as ints (``maze.packed``), searched by ``best_first`` when
        no trace watches; ``None`` for a heuristic not the maze's own."""
        from .packed import packed

        return packed(self, heuristic)

    def limit_hint(self, algorithm: str, heuristic: str | None, kind: LimitKind) -> str | None:
        """After the memory bound, instead of the generic IDA* (which keeps no states, but
        would walk a grid's many paths of one cost to each cell one by one): jump point search,
        which keeps only jump points, where it applies."""
        if kind is not LimitKind.MEMORY or algorithm == "idastar":
            return None
        if algorithm != "jps" and self.moves == 8 and self.uniform:
            return (
                "jump point search keeps only its jump points: try algorithm jps, or allow "
                "more memory"
            )
        return (
            "allow more memory: a grid has many paths of one cost to each cell, which IDA* "
            "(keeping no states) would walk one by one"
        )

    def jump_points(self) -> Any:
        """Jump point search's view of this maze (``maze.jump.JumpPoints``), or the reason it
        has none: a grid with terrain costs, or one that moves in 4 directions."""
        from .jump import JumpPoints

        return JumpPoints(self)

    def marked(self) -> list[list[str]]:
        """The rows as characters with ``S`` and ``G`` where this search starts and ends: a
        Moving AI map has neither, and ``--start`` and ``--goal`` move a text maze's."""
        grid = [list(row.replace("S", ".").replace("G", ".")) for row in self.rows]
        for (r, c), mark in ((self.initial, "S"), (self.goal, "G")):
            grid[r][c] = mark
        return grid

    def show(self, path: list[Cell] | None = None) -> str:
        """The maze with the path drawn as ``*`` on open ground (start, goal and terrain digits
        keep their characters, so the path's costs stay readable).

        >>> print(Maze.parse("S.#\\n..G", start=(1, 0)).show([(1, 0), (1, 1), (1, 2)]))
        ..#
        S*G
        """
        grid = self.marked()
        for r, c in path or []:
            if grid[r][c] == ".":
                grid[r][c] = "*"
        return "\n".join("".join(row) for row in grid)

    def _repr_html_(self) -> str:
        from ..pictures import maze_html  # a notebook's picture, loaded only there

        return maze_html(self)


@functools.cache
def _kernel_for() -> Callable[..., Any]:
    """``maze.compiled.kernel_for``, imported by the first compiled search (it loads numba),
    then kept: an ``import`` statement in ``compiled`` weighed on every short query."""
    from .compiled import kernel_for

    return kernel_for


def _maker(name: str, fn: Callable[[Cell], float]) -> Callable[[], Heuristic]:
    return lambda: Heuristic(name, fn)


class GridHeuristics(NamedHeuristics):
    """The maze's estimates; a name it knows but refuses (Manhattan with diagonal moves, which
    overestimates) is refused with the reason rather than called unknown."""

    def __init__(
        self, makers: Mapping[str, Callable[[], Heuristic]], refused: tuple[str, ...]
    ) -> None:
        super().__init__(makers)
        self.refused = refused

    def __getitem__(self, name: str) -> Heuristic:
        if name in self.refused:
            raise InputError(
                "{name} overestimates with diagonal moves (a diagonal costs √2, not 2); "
                "use octile, euclidean, chebyshev or zero, or --moves 4",
                name=name,
            )
        return super().__getitem__(name)

    def __contains__(self, name: object) -> bool:
        return name in self.refused or super().__contains__(name)


def _only(rows: list[str], mark: str) -> Cell:
    found = [(r, row.index(mark)) for r, row in enumerate(rows) if mark in row]
    count = sum(row.count(mark) for row in rows)
    if count != 1:
        raise InputError("a maze needs exactly one {mark!r}, found {count}", mark=mark, count=count)
    return found[0]
