"""Boards, mazes, tilt boards and search results as HTML with inline SVG, for a notebook's
``_repr_html_``.

Plain strings, no widgets and no statesearch imports: the domains' ``_repr_html_`` methods call
these lazily, and the objects are read by their attributes (``rows``/``cols``/``initial`` of an
n-puzzle, ``rows`` of maze text, a tilt board's bitmasks), so this module depends on nothing.
Every picture has a ``<title>`` spelling it in text, for screen readers and for tests.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from html import escape
from typing import Any

CELL = 34  # pixels per cell of a board or maze
FONT = "font-family:system-ui,sans-serif"
# Terrain colours, as the playground draws them: open ground, grass, sand, water.
TERRAIN_FILL = {".": "#ffffff", "S": "#ffffff", "G": "#ffffff", "1": "#ffffff", "3": "#f3e2b3"}
WATER = "#b9d7f2"
WALL_FILL = "#39435a"
PATH_FILL = "#b85500"  # grid.css's --path: the playground's path
TILT_MARK = {(True, True): "@", (True, False): "o", (False, True): "x", (False, False): "."}
VERDICT_COLOUR = {"solved": "#1b7f3b", "unsolvable": "#b3261e", "limit_reached": "#9a6700"}


def _svg(width: int, height: int, title: str, body: Iterable[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" style="{FONT}">'
        f"<title>{escape(title)}</title>{''.join(body)}</svg>"
    )


def _text(x: float, y: float, words: str, size: float, fill: str = "#1d2330") -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="middle" '
        f'font-weight="600" fill="{fill}">{escape(words)}</text>'
    )


def _rect(x: int, y: int, fill: str, cell: int = CELL, stroke: str = "#c9d2e3") -> str:
    return (
        f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="1"/>'
    )


def board_svg(tiles: Sequence[int], cols: int, cell: int = CELL) -> str:
    """A sliding-tile board: numbered tiles, the blank (0) grey."""
    rows = len(tiles) // cols
    body = []
    for i, tile in enumerate(tiles):
        x, y = (i % cols) * cell, (i // cols) * cell
        body.append(_rect(x, y, "#b9c3d6" if tile == 0 else "#ffffff", cell))
        if tile:
            body.append(_text(x + cell / 2, y + cell * 0.68, str(tile), cell * 0.5))
    lines = [" ".join(str(t or "_") for t in tiles[r * cols : (r + 1) * cols]) for r in range(rows)]
    return _svg(cols * cell, rows * cell, " / ".join(lines), body)


def _figure(picture: str, caption: str) -> str:
    return (
        '<figure style="display:inline-block;margin:0 18px 0 0;text-align:center">'
        f'{picture}<figcaption style="{FONT};font-size:13px">{escape(caption)}</figcaption>'
        "</figure>"
    )


def puzzle_html(puzzle: Any) -> str:
    """An n-puzzle: its start board beside its goal, and whether the start can reach it."""
    start = board_svg(puzzle.initial, puzzle.cols)
    goal = board_svg(puzzle.goal, puzzle.cols)
    verdict = "solvable" if puzzle.solvable else "unsolvable (the other half of the puzzle)"
    title = f"{puzzle.rows}x{puzzle.cols} sliding puzzle, {verdict}"
    return f"<div>{_figure(start, 'start')}{_figure(goal, 'goal')}<p>{escape(title)}</p></div>"


def _terrain_fill(mark: str) -> str:
    if mark == "#":
        return WALL_FILL
    return TERRAIN_FILL.get(mark, WATER)


def maze_svg(rows: Sequence[str], path: Collection[tuple[int, int]] = ()) -> str:
    """A maze from its rows of text: walls dark, sand and water coloured, terrain costs above
    1 written in their cells, ``S`` and ``G`` marked, the cells of ``path`` dotted."""
    on_path = set(path)
    body = []
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            x, y = c * CELL, r * CELL
            body.append(_rect(x, y, _terrain_fill(mark)))
            if (r, c) in on_path:
                body.append(
                    f'<circle cx="{x + CELL / 2:g}" cy="{y + CELL / 2:g}" r="{CELL / 4:g}" '
                    f'fill="{PATH_FILL}"/>'
                )
            if mark in "SG" or (mark.isdigit() and mark != "1"):
                body.append(_text(x + CELL / 2, y + CELL * 0.66, mark, CELL * 0.45))
    width = max((len(row) for row in rows), default=0)
    return _svg(width * CELL, len(rows) * CELL, "\n".join(rows), body)


def maze_html(maze: Any, path: Collection[tuple[int, int]] = ()) -> str:
    """A maze with its size and the legend of its colours."""
    legend = "dark: wall · white: open (cost 1) · yellow: sand (3) · blue: water (5 and up)"
    if path:
        legend += " · orange dots: the path"
    size = f"{maze.height}x{maze.width} maze, start {maze.initial}, goal {maze.goal}"
    return f"<div>{maze_svg(maze.rows, path)}<p>{escape(size)}<br>{escape(legend)}</p></div>"


def tilt_svg(board: Any, blocks: int | None = None) -> str:
    """A tilt board (bitmasks over cells, bit ``r * width + c``): walls dark, targets as rings,
    blocks as squares (green when on a target)."""
    blocks = board.blocks if blocks is None else blocks
    body, text = [], []
    for r in range(board.height):
        line = []
        for c in range(board.width):
            bit, x, y = 1 << (r * board.width + c), c * CELL, r * CELL
            wall, target, block = board.walls & bit, board.targets & bit, blocks & bit
            body.append(_rect(x, y, WALL_FILL if wall else "#ffffff"))
            if target:
                body.append(
                    f'<circle cx="{x + CELL / 2:g}" cy="{y + CELL / 2:g}" r="{CELL * 0.36:g}" '
                    'fill="none" stroke="#1b7f3b" stroke-width="3"/>'
                )
            if block:
                inset = CELL // 5
                fill = "#1b7f3b" if target else "#5b7bd5"  # the page's too (style.css)
                body.append(
                    f'<rect x="{x + inset}" y="{y + inset}" width="{CELL - 2 * inset}" '
                    f'height="{CELL - 2 * inset}" rx="4" fill="{fill}"/>'
                )
            line.append("#" if wall else TILT_MARK[bool(block), bool(target)])
        text.append("".join(line))
    return _svg(board.width * CELL, board.height * CELL, "\n".join(text), body)


def tilt_html(tilt: Any) -> str:
    """A tilt puzzle: its board and the rule that says when it is solved."""
    return f"<div>{tilt_svg(tilt.board)}<p>{escape(tilt.goal_rule)}</p></div>"


def result_html(result: Any) -> str:
    """A search result: the verdict in words, the counters, and how it ran."""
    stats = result.stats
    what = result.algorithm + (f" + {result.heuristic}" if result.heuristic else "")
    if result.weight not in (None, 1):
        what += f", w = {result.weight:g}"
    rows = [
        ("search", f"{what} ({result.engine})"),
        ("expanded", f"{stats.expanded:,}"),
        ("pushed", f"{stats.pushed:,}"),
        ("generated", f"{stats.generated:,}"),
        ("max frontier", f"{stats.max_frontier:,}"),  # the CLI's word
        ("time", f"{stats.elapsed_s:.3f} s"),
    ]
    if result.solved:
        rows.append(("moves", result.moves or "(already at the goal)"))
    if stats.iterations:
        bounds = [f"{i.bound:g}" + " (partial)" * i.partial for i in stats.iterations]
        rows.append(("bounds", ", ".join(bounds)))
    for label, words in (("note", result.note), ("hint", result.hint)):
        if words:
            rows.append((label, words))
    cells = "".join(
        f'<tr><th style="text-align:left;padding-right:14px">{escape(label)}</th>'
        f'<td style="font-variant-numeric:tabular-nums">{escape(value)}</td></tr>'
        for label, value in rows
    )
    colour = VERDICT_COLOUR.get(str(result.status), "#1d2330")
    return (
        f'<div style="{FONT}"><p style="font-weight:600;color:{colour}">'
        f"{escape(result.verdict)}</p><table>{cells}</table></div>"
    )
