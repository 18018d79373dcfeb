"""Pictures of a cube: the facelet string, the text net and an SVG net.

The net is the unfolding of ``facelets``' docstring: U above F, then L F R B in a row, D below F.
Colours follow the usual scheme (white U, red R, green F, yellow D, orange L, blue B).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from .facelets import FACES

COLOURS = {
    "U": "#ffffff",
    "R": "#c41e3a",
    "F": "#009e60",
    "D": "#ffd500",
    "L": "#ff5800",
    "B": "#0051ba",
}
# Where each face's n x n block goes in the net, in units of a face (column, row).
_PLACE = {"U": (1, 0), "L": (0, 1), "F": (1, 1), "R": (2, 1), "B": (3, 1), "D": (1, 2)}


def facelet_string(colours: Sequence[int]) -> str:
    """The URFDLB string (``UUUUUUUUURRR...`` when solved)."""
    return "".join(FACES[int(c)] for c in colours)


def _grid(colours: Sequence[int]) -> tuple[int, list[list[str]]]:
    n = round((len(colours) // 6) ** 0.5)
    grid = [[" "] * (4 * n) for _ in range(3 * n)]
    for f, face in enumerate(FACES):
        col0, row0 = _PLACE[face]
        for k in range(n * n):
            grid[row0 * n + k // n][col0 * n + k % n] = FACES[int(colours[f * n * n + k])]
    return n, grid


def text_net(colours: Sequence[int]) -> str:
    """The net as text, one letter per facelet (the face whose colour it shows)."""
    n, grid = _grid(colours)
    lines = []
    for r, row in enumerate(grid):
        cells = [" ".join(row[f * n : (f + 1) * n]) for f in range(4)]
        line = "  ".join(cells) if n <= r < 2 * n else " " * (2 * n + 1) + cells[1]
        lines.append(line.rstrip())
    return "\n".join(lines)


def svg_net(colours: Sequence[int], cell: int = 20, title: str | None = None) -> str:
    """The net as a standalone SVG document (``cell`` pixels per facelet, a gap between faces)."""
    n, grid = _grid(colours)
    gap = max(cell // 5, 2)
    width = 4 * n * cell + 5 * gap
    height = 3 * n * cell + 4 * gap
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img">'
    ]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    for r, row in enumerate(grid):
        for c, letter in enumerate(row):
            if letter == " ":
                continue
            x = c * cell + (c // n + 1) * gap
            y = r * cell + (r // n + 1) * gap
            parts.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{COLOURS[letter]}" '
                f'stroke="#222" stroke-width="1"><title>{letter}</title></rect>'
            )
    parts.append("</svg>")
    return "".join(parts)
