"""Moving AI benchmark files (Sturtevant, "Benchmarks for Grid-Based Pathfinding", 2012).

A ``.map`` file::

    type octile
    height 3
    width 4
    map
    ..@.
    .T..
    ....

``.`` and ``G`` are open ground, ``S`` (swamp) is open too; ``@``, ``O`` (out of bounds), ``T``
(trees) and ``W`` (water, which the benchmarks' octile searches never enter from ground) are
walls. A ``.scen`` file is ``version 1`` and then one scenario a line, its fields separated by
tabs: bucket, map, map width, map height, start x, start y, goal x, goal y, optimal length
(x is the column and y the row, from 0). The optimal lengths are octile: 8 moves, √2 a
diagonal, no corner cut (``Maze(..., moves=8, corners="avoid")``).

Lines may end in CRLF; anything else out of place is refused in one line that says where.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..errors import InputError
from .cells import Cell
from .grid import Maze

OPEN, WALLS = ".GS", "@OTW"
MARKS = str.maketrans({**dict.fromkeys(OPEN, "."), **dict.fromkeys(WALLS, "#")})
HEADER = ("type", "height", "width", "map")
# A scenario's numbers as the files write them, ASCII only (``int`` and ``float`` take more:
# ``3_0``, ``٣``, ``nan``, ``inf``); a length is ``1.41421356`` or ``1e2``, never negative.
INTEGER = re.compile(r"-?[0-9]+")
LENGTH = re.compile(r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")


def is_map(text: str) -> bool:
    """Whether ``text`` starts as a Moving AI map does: with a word of its header (``type``;
    ``height`` where that line is missing), which no text maze starts with."""
    first = text.removeprefix("\ufeff").lstrip().split(None, 1)
    return bool(first) and first[0] in HEADER


def whole(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (``str.isdigit`` takes ``²``, which
    ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def map_lines(text: str) -> list[str]:
    """The file's lines, a BOM and CRs left out."""
    return [line.removesuffix("\r") for line in text.removeprefix("\ufeff").split("\n")]


def map_size(text: str) -> tuple[int, int]:
    """A ``.map`` file's height and width, as its header says (its rows not read)."""
    return read_header(map_lines(text))


def read_header(lines: list[str]) -> tuple[int, int]:
    """The height and width the first four lines give (``type octile``, ``height``, ``width``,
    ``map``), or one line saying which is wrong."""
    fields: dict[str, str] = {}
    for number, key in enumerate(HEADER, 1):
        line = lines[number - 1] if number <= len(lines) else ""
        word, value = [*line.split(None, 1), "", ""][:2]  # a space or a tab after the word
        if word != key or (key == "map") != (not value.strip()):
            want = "map" if key == "map" else f"{key} ..."
            raise InputError(
                "not a Moving AI map: line {line} is {text!r}, not {want!r}",
                line=number,
                text=line[:40],
                want=want,
            )
        fields[key] = value.strip()
    if fields["type"] != "octile":
        raise InputError(
            "a Moving AI map of type {kind!r}: only octile maps are read", kind=fields["type"][:20]
        )
    size = {}
    for key in ("height", "width"):
        if not whole(fields[key]) or not 0 < int(fields[key]) <= 100_000:
            raise InputError(
                "cannot read the map's {key} {value!r}: a whole number from 1",
                key=key,
                value=fields[key][:20],
            )
        size[key] = int(fields[key])
    return size["height"], size["width"]


def read_map(text: str) -> list[str]:
    """The rows of a ``.map`` file as a maze's text rows (``.`` open, ``#`` wall)."""
    lines = map_lines(text)
    height, width = read_header(lines)
    body = lines[4:]
    while body and not body[-1].strip():  # blank lines at the end
        body.pop()
    if len(body) < height:
        raise InputError(
            "the map has {rows} rows, its header says height {height}",
            rows=len(body),
            height=height,
        )
    if len(body) > height:
        extra = next(r for r in range(height, len(body)) if body[r].strip())  # not a blank one
        raise InputError(
            "text after the map's {height} rows, at line {line}: {text!r}",
            height=height,
            line=4 + extra + 1,
            text=body[extra][:40],
        )
    rows = []
    for r, line in enumerate(body):
        if len(line) != width:
            raise InputError(
                "row {row} of the map (line {line}) is {cells} cells wide, its header says "
                "width {width}",
                row=r,
                line=r + 5,
                cells=len(line),
                width=width,
            )
        row = line.translate(MARKS)
        if row.strip(".#"):
            c = next(i for i, ch in enumerate(row) if ch not in ".#")
            raise InputError(
                "unknown map character {char!r} at line {line}, column {col}; "
                "use . G S (open) or @ O T W (walls)",
                char=line[c],
                line=r + 5,
                col=c + 1,
            )
        rows.append(row)
    return rows


@dataclass(frozen=True)
class Scenario:
    """One line of a ``.scen`` file; ``start`` and ``goal`` as (x, y)."""

    line: int
    bucket: int
    map: str
    width: int
    height: int
    start: tuple[int, int]
    goal: tuple[int, int]
    optimal: float

    @property
    def ends(self) -> tuple[Cell, Cell]:
        """The start and the goal as a maze's cells, (row, column)."""
        return (self.start[1], self.start[0]), (self.goal[1], self.goal[0])


def read_scenarios(text: str) -> list[Scenario]:
    """The scenarios of a ``.scen`` file (``version 1``), in order."""
    lines = [line.removesuffix("\r") for line in text.removeprefix("\ufeff").split("\n")]
    head = lines[0].split() if lines else []
    if head[:1] != ["version"] or len(head) != 2 or head[1] not in ("1", "1.0"):
        raise InputError(
            "not a Moving AI scenario file: line 1 is {text!r}, not 'version 1'",
            text=(lines[0] if lines else "")[:40],
        )
    out = []
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        parts = line.split("\t") if "\t" in line else line.split()
        try:
            numbers = parts[:1] + parts[2:8]
            if len(parts) != 9 or not all(INTEGER.fullmatch(p) for p in numbers):
                raise ValueError
            if not LENGTH.fullmatch(parts[8]):  # nor nan, inf, -1: a length is a distance
                raise ValueError
            bucket, width, height, sx, sy, gx, gy = map(int, numbers)
            optimal = float(parts[8])
            if not math.isfinite(optimal):  # 1e999
                raise ValueError
        except ValueError:
            raise InputError(
                "cannot read scenario line {line}: {text!r}; want bucket, map, width, height, "
                "start x, start y, goal x, goal y, optimal length",
                line=number,
                text=line[:60],
            ) from None
        out.append(Scenario(number, bucket, parts[1], width, height, (sx, sy), (gx, gy), optimal))
    if not out:
        raise InputError("the scenario file lists no scenarios")
    return out


def read_point(text: str, which: str) -> tuple[int, int]:
    """``X,Y`` (column, row) as a maze cell ``(row, column)``."""
    x, _, y = text.partition(",")
    if not (whole(x.strip()) and whole(y.strip())):
        raise InputError(
            "cannot read --{which} {text!r}: use X,Y (the column, then the row, from 0)",
            which=which,
            text=text[:20],
        )
    return (int(y), int(x))


def load_map(
    text: str,
    start: tuple[int, int] | None,
    goal: tuple[int, int] | None,
    moves: int = 8,
    corners: str = "avoid",
) -> Maze:
    """A Moving AI map as a maze from ``start`` to ``goal`` (cells as (row, column))."""
    rows = read_map(text)
    if start is None or goal is None:
        raise InputError("a Moving AI map has no start or goal: give --start X,Y and --goal X,Y")
    return Maze(rows, moves, corners, start, goal)


def scenario_map(text: str) -> Maze:
    """A map whose scenarios will set the start and the goal (``Maze.with_ends``): until then
    both are its first open cell."""
    rows = read_map(text)
    first = next(((r, row.index(".")) for r, row in enumerate(rows) if "." in row), None)
    if first is None:
        raise InputError("the map has no open cell")
    return Maze(rows, 8, "avoid", first, first)


def read_maze(
    text: str, moves: int | None, corners: str, start: str | None, goal: str | None
) -> Maze:
    """A text maze (4 moves unless told) or a Moving AI map (8 unless told, told by its
    header), with ``start`` and ``goal`` as ``X,Y`` (a text maze's ``S`` and ``G`` otherwise)."""
    ends = [None if p is None else read_point(p, n) for p, n in ((start, "start"), (goal, "goal"))]
    if is_map(text):
        return load_map(text, ends[0], ends[1], moves or 8, corners)
    return Maze.parse(text, moves or 4, corners, ends[0], ends[1])
