"""An independent reference for grid path costs: a plain Dijkstra, written apart from
statesearch's maze domain (no import from it), and the generator of the example Moving AI maps.

Costs: a move enters a cell and pays its terrain (1 for open ground, a digit 1-9 for the lesson's
terrain), times √2 on a diagonal. Corners: ``avoid`` needs both cells beside a diagonal open,
``cut`` one of them.

    python benchmarks/grid_reference.py examples   # rewrites examples/movingai/*.map and *.scen
"""

from __future__ import annotations

import heapq
import math
import random
import sys
from collections.abc import Callable
from pathlib import Path

WALLS = set("#@OTW")


def cost_of(ch: str) -> float | None:
    """The cost of entering a cell, ``None`` for a wall."""
    if ch in WALLS:
        return None
    return float(ch) if ch.isdigit() else 1.0


def distances(
    rows: list[str], start: tuple[int, int], moves: int = 8, corners: str = "avoid"
) -> dict[tuple[int, int], float]:
    """The cheapest cost from ``start`` (row, column) to every cell it reaches."""
    height, width = len(rows), len(rows[0])

    def open_at(r: int, c: int) -> bool:
        return 0 <= r < height and 0 <= c < width and cost_of(rows[r][c]) is not None

    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if moves == 8:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    best = {start: 0.0}
    heap = [(0.0, start)]
    done: set[tuple[int, int]] = set()
    while heap:
        d, (r, c) = heapq.heappop(heap)
        if (r, c) in done:
            continue
        done.add((r, c))
        for dr, dc in steps:
            nr, nc = r + dr, c + dc
            if not open_at(nr, nc):
                continue
            if dr and dc:
                beside = [open_at(r + dr, c), open_at(r, c + dc)]
                if not (all(beside) if corners == "avoid" else any(beside)):
                    continue
            step = cost_of(rows[nr][nc]) * (math.sqrt(2) if dr and dc else 1.0)  # type: ignore[operator]
            if d + step < best.get((nr, nc), math.inf):
                best[nr, nc] = d + step
                heapq.heappush(heap, (d + step, (nr, nc)))
    return best


def movingai_map(rows: list[str]) -> str:
    """Rows of ``.`` and ``@`` as a Moving AI ``.map`` file."""
    return f"type octile\nheight {len(rows)}\nwidth {len(rows[0])}\nmap\n" + "\n".join(rows) + "\n"


def scenarios(name: str, rows: list[str], count: int, seed: int) -> str:
    """A ``.scen`` of ``count`` random start/goal pairs that connect, their optimal lengths by
    ``distances`` (8 moves, corners avoided), bucketed by length / 4 as Moving AI buckets."""
    rng = random.Random(seed)
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    lines = ["version 1"]
    made = 0
    while made < count:
        start = rng.choice(cells)
        reach = distances(rows, start)
        goal = rng.choice(cells)
        if goal not in reach or goal == start:
            continue
        length = reach[goal]
        lines.append(
            f"{int(length // 4)}\t{name}\t{len(rows[0])}\t{len(rows)}\t{start[1]}\t{start[0]}\t"
            f"{goal[1]}\t{goal[0]}\t{length:.8f}"
        )
        made += 1
    return "\n".join(lines) + "\n"


def random_map(height: int, width: int, density: float, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [
        "".join("@" if rng.random() < density else "." for _ in range(width)) for _ in range(height)
    ]


def rooms_map(height: int, width: int, room: int, seed: int) -> list[str]:
    """Walls every ``room`` cells, each wall with a door or two."""
    rng = random.Random(seed)
    grid = [["." for _ in range(width)] for _ in range(height)]
    for r in range(0, height, room):
        for c in range(width):
            grid[r][c] = "@"
    for c in range(0, width, room):
        for r in range(height):
            grid[r][c] = "@"
    for r in range(0, height, room):
        for c0 in range(0, width, room):
            for _ in range(rng.randint(1, 2)):
                c = c0 + rng.randint(1, room - 1)
                if c < width:
                    grid[r][c] = "."
    for c in range(0, width, room):
        for r0 in range(0, height, room):
            for _ in range(rng.randint(1, 2)):
                r = r0 + rng.randint(1, room - 1)
                if r < height:
                    grid[r][c] = "."
    return ["".join(row) for row in grid]


def maze_map(height: int, width: int, corridor: int, seed: int) -> list[str]:
    """A perfect maze (depth-first backtracker) with corridors ``corridor`` cells wide."""
    rng = random.Random(seed)
    unit = corridor + 1
    rows_n, cols_n = (height - 1) // unit, (width - 1) // unit
    grid = [["@"] * width for _ in range(height)]

    def carve(r: int, c: int, h: int, w: int) -> None:
        for y in range(r, r + h):
            for x in range(c, c + w):
                grid[y][x] = "."

    seen = {(0, 0)}
    stack = [(0, 0)]
    carve(1, 1, corridor, corridor)
    while stack:
        r, c = stack[-1]
        options = [
            (r + dr, c + dc)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < rows_n and 0 <= c + dc < cols_n and (r + dr, c + dc) not in seen
        ]
        if not options:
            stack.pop()
            continue
        nr, nc = rng.choice(options)
        seen.add((nr, nc))
        carve(1 + nr * unit, 1 + nc * unit, corridor, corridor)
        top, left = 1 + min(r, nr) * unit, 1 + min(c, nc) * unit
        if nr != r:
            carve(top + corridor, left, 1, corridor)
        else:
            carve(top, left + corridor, corridor, 1)
        stack.append((nr, nc))
    return ["".join(row) for row in grid]


EXAMPLES: dict[str, Callable[[], list[str]]] = {
    "random-32": lambda: random_map(32, 32, 0.25, 1),
    "rooms-40": lambda: rooms_map(40, 48, 8, 2),
    "maze-33": lambda: maze_map(33, 33, 3, 3),
}


def write_examples(where: Path) -> None:
    where.mkdir(parents=True, exist_ok=True)
    for i, (name, make) in enumerate(EXAMPLES.items()):
        rows = make()
        (where / f"{name}.map").write_text(movingai_map(rows))
        (where / f"{name}.map.scen").write_text(scenarios(f"{name}.map", rows, 40, 10 + i))
        print(f"{where / name}.map and .scen")


if __name__ == "__main__":
    if sys.argv[1:] == ["examples"]:
        write_examples(Path(__file__).parent.parent / "examples" / "movingai")
    else:
        sys.exit(__doc__)
