"""Sliding-tile boards as text: parsing, goals and printing.

A board is a tuple of tiles in row-major order, ``0`` for the blank. Accepted spellings:

>>> parse_board("7 2 4 5 0 6 8 3 1").tiles
(7, 2, 4, 5, 0, 6, 8, 3, 1)
>>> parse_board("724506831") == parse_board("7 2 4/5 _ 6/8 3 1")
True
>>> print(format_board((7, 2, 4, 5, 0, 6, 8, 3, 1), 3))
7 2 4
5 _ 6
8 3 1
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from ..errors import InputError

Tiles = tuple[int, ...]
BLANK_TOKENS = {"_", "0", ".", "-"}
MAX_DIGITS = 6  # a tile number of more digits is out of range on any board that fits in memory
ROW_SEPARATORS = re.compile(r"[/\n;|]")
TILE_SEPARATORS = re.compile(r"[\s,]+")


@dataclass(frozen=True)
class Board:
    tiles: Tiles
    rows: int
    cols: int


def parse_board(text: str, rows: int | None = None, cols: int | None = None) -> Board:
    """Read a board; ``rows``/``cols`` fix the shape when the text does not show it."""
    lines = [line.strip() for line in ROW_SEPARATORS.split(text.strip()) if line.strip()]
    if not lines:
        raise InputError("empty board")
    grid = [_tokens(line) for line in lines]
    if len(grid) > 1:
        widths = {len(row) for row in grid}
        if len(widths) != 1:
            raise InputError("ragged board: rows have {widths} tiles", widths=sorted(widths))
        shape = (len(grid), len(grid[0]))
        if (rows or shape[0]) != shape[0] or (cols or shape[1]) != shape[1]:
            raise InputError(
                "board is {rows}x{cols} but {asked_rows}x{asked_cols} was asked for",
                rows=shape[0],
                cols=shape[1],
                asked_rows=rows or shape[0],
                asked_cols=cols or shape[1],
            )
        rows, cols = shape
    flat = [token for row in grid for token in row]
    rows, cols = _shape(len(flat), rows, cols)
    tiles = tuple(_tile(token) for token in flat)
    check_permutation(tiles)
    return Board(tiles, rows, cols)


def _tokens(line: str) -> list[str]:
    tokens = [t for t in TILE_SEPARATORS.split(line) if t]
    if len(tokens) == 1 and len(tokens[0]) > 2 and all(_is_cell(c) for c in tokens[0]):
        # "724506831" or "7245_6831": one character per tile, which only spells boards up to 3x3.
        return list(tokens[0])
    if len(tokens) == 1 and len(tokens[0]) > 1 and not _is_number(tokens[0]):
        raise InputError("cannot read tile {token!r}", token=_shown(tokens[0]))
    return tokens


def _is_cell(char: str) -> bool:
    return char in BLANK_TOKENS or _is_number(char)


def _tile(token: str) -> int:
    if token in BLANK_TOKENS:
        return 0
    if not _is_number(token):
        raise InputError(
            "cannot read tile {token!r}: tiles are numbers written with 0-9, "
            "the blank 0, _, . or -",
            token=_shown(token),
        )
    if len(token) > MAX_DIGITS:
        raise InputError("tile {token} is out of range", token=_shown(token))
    return int(token)


def _is_number(token: str) -> bool:
    """Digits 0-9 only: ``str.isdigit`` also takes superscripts and circled digits, which
    ``int`` rejects, and fullwidth or Arabic-Indic digits, which it reads; a board is plain
    ASCII so that what is shown is what was read."""
    return token.isascii() and token.isdigit()


def _shown(token: str) -> str:
    return token if len(token) <= 12 else token[:12] + "..."


def _shape(count: int, rows: int | None, cols: int | None) -> tuple[int, int]:
    if rows is None and cols is None:
        side = math.isqrt(count)
        if side * side != count:
            raise InputError(
                "{count} tiles do not make a square board; give the shape (rows and cols)",
                count=count,
            )
        rows = cols = side
    elif rows is None:
        assert cols is not None
        rows = count // cols if cols > 0 else 0
        if cols > 0 and count % cols:
            raise InputError("{count} tiles do not fill {lines} columns", count=count, lines=cols)
    elif cols is None:
        cols = count // rows if rows > 0 else 0
        if rows > 0 and count % rows:
            raise InputError("{count} tiles do not fill {lines} rows", count=count, lines=rows)
    if rows < 2 or cols < 2:
        raise InputError(
            "a board needs at least 2 rows and 2 columns, got {rows}x{cols}", rows=rows, cols=cols
        )
    if rows * cols != count:
        raise InputError(
            "a {rows}x{cols} board has {tiles} cells, got {count}",
            rows=rows,
            cols=cols,
            tiles=rows * cols,
            count=count,
        )
    return rows, cols


def check_permutation(tiles: Tiles) -> None:
    n = len(tiles)
    counts = Counter(tiles)
    seen = set(counts)
    duplicates = sorted(t for t, k in counts.items() if k > 1)
    if duplicates:
        raise InputError("duplicate tiles: {tiles}", tiles=", ".join(map(str, duplicates)))
    missing = sorted(set(range(n)) - seen)
    if missing:
        extra = sorted(seen - set(range(n)))
        raise InputError(
            "missing tiles: {missing}; out of range: {extra}"
            if extra
            else "missing tiles: {missing}",
            missing=", ".join(map(str, missing)),
            extra=", ".join(map(str, extra)),
        )


def parse_goal(spec: str | None, rows: int, cols: int) -> Tiles:
    """``blank-last`` (default, ``1 2 ... 0``), ``blank-first`` (Korf's ``0 1 ...``), or a board."""
    n = rows * cols
    if spec is None:
        return (*range(1, n), 0)
    name = spec.lower().replace("_", "-")  # blank_first, as heuristics are spelled
    if name in ("blank-last", "last", "default"):
        return (*range(1, n), 0)
    if name in ("blank-first", "first", "korf"):
        return tuple(range(n))
    try:
        return parse_board(spec, rows, cols).tiles
    except InputError as err:  # said of the start, it would send the user to the wrong board
        raise InputError(
            "cannot read the goal {goal!r} ({why}): use blank-last, blank-first or a board",
            goal=spec[:80],
            why=err,
        ) from None


def format_board(tiles: Tiles, cols: int) -> str:
    width = len(str(len(tiles) - 1))
    cells = [("_" if t == 0 else str(t)).rjust(width) for t in tiles]
    return "\n".join(" ".join(cells[i : i + cols]) for i in range(0, len(cells), cols))


def goal_spelling(goal: Tiles) -> str:
    """A goal as ``--goal`` reads it: ``blank-last``, ``blank-first`` or a quoted board."""
    n = len(goal)
    if goal == (*range(1, n), 0):
        return "blank-last"
    if goal == tuple(range(n)):
        return "blank-first"
    return '"' + compact(goal) + '"'


def goal_option(goal: Tiles) -> str:
    """`` --goal ...`` for a command that defaults to blank-last, as solve and pdb build do."""
    spelled = goal_spelling(goal)
    return "" if spelled == "blank-last" else f" --goal {spelled}"


def compact(tiles: Tiles) -> str:
    """One-line spelling that parses back: ``7 2 4 5 0 6 8 3 1``."""
    return " ".join(map(str, tiles))
