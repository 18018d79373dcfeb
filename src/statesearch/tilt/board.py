"""Tilt boards as text, and the bitboards the rules work on.

``.`` free, ``#`` wall, ``o`` block, ``x`` target, ``@`` block on a target; one row per line;
blank lines and ``;`` comments are ignored. Cell ``(r, c)`` is bit ``r * width + c``.

>>> board = parse_tilt("o.x\\n.#.\\n")
>>> board.height, board.width, bin(board.blocks), bin(board.targets), bin(board.walls)
(2, 3, '0b1', '0b100', '0b10000')
>>> print(format_tilt(board))
o.x
.#.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError

SYMBOLS = {".": (0, 0, 0), "#": (1, 0, 0), "o": (0, 1, 0), "x": (0, 0, 1), "@": (0, 1, 1)}
# A board's size is checked before its cells are read: 500x500 reads in about 0.3 s, and the
# Python engine's tables for it take about as long.
MAX_BOARD_CELLS = 250_000
MAX_CELLS = 64  # a bitboard's cells: the compiled kernels, the census and the generator


@dataclass(frozen=True)
class TiltBoard:
    height: int
    width: int
    walls: int  # bitmasks over cells
    targets: int
    blocks: int

    @property
    def cells(self) -> int:
        return self.height * self.width


def parse_tilt(text: str) -> TiltBoard:
    rows = []
    for line in text.splitlines():
        line = line.split(";", 1)[0].strip()
        if line:
            rows.append(line)
    if not rows:
        raise InputError("empty tilt board")
    widths = sorted({len(r) for r in rows})
    if len(rows) * widths[-1] > MAX_BOARD_CELLS:
        raise InputError(
            "a tilt board has at most {most} cells; this one has {rows} rows of up to {width}",
            most=f"{MAX_BOARD_CELLS:,}",
            rows=f"{len(rows):,}",
            width=f"{widths[-1]:,}",
        )
    if len(widths) > 1:
        raise InputError(
            "ragged tilt board: rows are {widths} cells wide", widths=", ".join(map(str, widths))
        )
    walls = targets = blocks = 0
    width = widths[0]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in SYMBOLS:
                raise InputError(
                    "unknown tilt character {char!r} at row {row}, column {col}; use . # o x @",
                    char=ch,
                    row=r + 1,
                    col=c + 1,
                )
            wall, block, target = SYMBOLS[ch]
            bit = 1 << (r * width + c)
            walls |= bit * wall
            blocks |= bit * block
            targets |= bit * target
    board = TiltBoard(len(rows), width, walls, targets, blocks)
    if not blocks:
        raise InputError("a tilt board needs at least one block (o or @)")
    return board


def format_tilt(board: TiltBoard, blocks: int | None = None) -> str:
    blocks = board.blocks if blocks is None else blocks
    lines = []
    for r in range(board.height):
        row = []
        for c in range(board.width):
            bit = 1 << (r * board.width + c)
            if board.walls & bit:
                row.append("#")
            elif blocks & bit:
                row.append("@" if board.targets & bit else "o")
            else:
                row.append("x" if board.targets & bit else ".")
        lines.append("".join(row))
    return "\n".join(lines)


def cells_of(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def counted(n: int, noun: str) -> str:
    """``1 block``, ``2 blocks``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
