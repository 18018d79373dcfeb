"""Grid path-finding on generated 512x512 maps, side by side: statesearch's compiled A* and
jump point search, the same on its Python engine, and python-pathfinding's A* (``pathfinding`` on
PyPI), every length checked against a plain Dijkstra (``grid_reference.py``).

    .venv/bin/python benchmarks/grid_search.py [--queries 1000] [--slow 100] [--size 512]

Four maps (open ground with 15% random obstacles, rooms with doors, a maze of corridors 3 cells
wide, open ground with 5% random obstacles), 8 moves, diagonals costing √2, no corner cut (Moving
AI's rule; python-pathfinding's ``only_when_no_obstacle``), the octile estimate for every A*. Each
map gets ``--queries`` start/goal pairs (``--starts`` starts, a Dijkstra from each giving the
reference lengths); the compiled A*, both JPSs run them all, and every ``queries / slow``-th query
also runs on the two Python A*s (they take up to seconds where the compiled one takes
milliseconds). The engines take each query in turn. Times are CPU seconds per query: ``solve()``
whole for statesearch (its setup included), ``find_path`` for python-pathfinding with the grid
cleaned beforehand, off the clock (``Grid.cleanup``, which its ``find_path`` would otherwise run on
all cells first).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from grid_reference import distances, maze_map, random_map, rooms_map
from statesearch import solve
from statesearch.maze import Maze

SQRT2 = math.sqrt(2)


def maps(size: int, seed: int) -> dict[str, list[str]]:
    return {
        "open, 15% random obstacles": random_map(size, size, 0.15, seed),
        "rooms 32x32, 1-2 doors a wall": rooms_map(size, size, 32, seed + 1),
        "maze, corridors 3 wide": maze_map(size, size, 3, seed + 2),
        "open, 5% random obstacles": random_map(size, size, 0.05, seed + 3),
    }


def queries(
    rows: list[str], count: int, starts: int, seed: int
) -> list[tuple[tuple[int, int], tuple[int, int], float]]:
    """``count`` (start, goal, optimal length) triples: ``starts`` starts, a Dijkstra from each."""
    rng = random.Random(seed)
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    out = []
    per = count // starts
    while len(out) < count:
        start = rng.choice(cells)
        reach = distances(rows, start)
        if len(reach) < len(cells) // 2:  # a pocket: take starts in the big region
            continue
        goals = rng.sample(sorted(reach), min(per, count - len(out)) + 1)
        out += [(start, g, reach[g]) for g in goals if g != start][: count - len(out)]
    return out


def pathfinding_length(path: list[Any]) -> float:
    length = 0.0
    for a, b in itertools.pairwise(path):
        length += SQRT2 if a.x != b.x and a.y != b.y else 1.0
    return length


def summary(times: list[float]) -> tuple[float, float]:
    """(median, 95th percentile) in milliseconds."""
    ms = sorted(t * 1000 for t in times)
    return statistics.median(ms), ms[min(len(ms) - 1, math.ceil(0.95 * len(ms)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--slow", type=int, default=100, help="queries for the Python A*s")
    parser.add_argument("--starts", type=int, default=50)
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--reference",
        type=Path,
        default=Path(tempfile.gettempdir()) / "grid_search_reference.json",
        help="where the Dijkstra's lengths are kept between runs (the same maps, the same queries)",
    )
    args = parser.parse_args()
    kept = json.loads(args.reference.read_text()) if args.reference.exists() else {}

    from pathfinding.core.diagonal_movement import DiagonalMovement
    from pathfinding.core.grid import Grid
    from pathfinding.finder.a_star import AStarFinder

    finder = AStarFinder(diagonal_movement=DiagonalMovement.only_when_no_obstacle)
    every = max(1, args.queries // args.slow)
    start_load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, load average {start_load}")
    lines = []
    for i, (name, text_rows) in enumerate(maps(args.size, args.seed).items()):
        rows = [row.replace("@", "#") for row in text_rows]
        t = time.perf_counter()
        key = f"{name} {args.size} {args.seed} {args.queries} {args.starts}"
        if key not in kept:
            kept[key] = queries(text_rows, args.queries, args.starts, args.seed + 10 * i)
            args.reference.write_text(json.dumps(kept))
        work = [(tuple(s), tuple(g), length) for s, g, length in kept[key]]
        print(
            f"{name}: {len(work)} queries, reference in {time.perf_counter() - t:.0f} s", flush=True
        )
        grid = Grid(matrix=[[1 if ch == "." else 0 for ch in row] for row in rows])
        base = Maze(rows, 8, "avoid", work[0][0], work[0][1])
        for algorithm in ("astar", "jps"):  # numba's code loaded before the clock
            solve(base, algorithm, engine="compiled")
        keys = ("compiled", "jps compiled", "jps", "python", "pf")
        times: dict[str, list[float]] = {k: [] for k in keys}
        shared: dict[str, list[float]] = {k: [] for k in keys}
        expanded = {"compiled": 0, "jps": 0}
        compiled_expanded = 0
        for n, (start, goal, optimal) in enumerate(work):
            maze = base.with_ends(start, goal)
            runs = [("compiled", "astar", "compiled"), ("jps compiled", "jps", "compiled")]
            runs.append(("jps", "jps", "python"))
            slow = n % every == 0
            if slow:
                runs.append(("python", "astar", "python"))
            for key, algorithm, engine in runs:
                t = time.process_time()
                result = solve(maze, algorithm, engine=engine)
                spent = time.process_time() - t
                if not math.isclose(result.cost, optimal, abs_tol=1e-6):
                    sys.exit(f"{key}: {start}->{goal} cost {result.cost}, reference {optimal}")
                times[key].append(spent)
                if slow:
                    shared[key].append(spent)
                if key in expanded:
                    expanded[key] += result.stats.expanded
                if key == "python" and result.stats.expanded != compiled_expanded:
                    sys.exit(f"{start}->{goal}: the engines' counts differ")
                if key == "compiled":
                    compiled_expanded = result.stats.expanded
            if slow:
                grid.cleanup()
                grid.dirty = False
                t = time.process_time()
                path, _ = finder.find_path(
                    grid.node(start[1], start[0]), grid.node(goal[1], goal[0]), grid
                )
                spent = time.process_time() - t
                if not math.isclose(pathfinding_length(path), optimal, abs_tol=1e-6):
                    sys.exit(f"pathfinding: {start}->{goal} length differs from {optimal}")
                times["pf"].append(spent)
                shared["pf"].append(spent)
        load = " ".join(f"{x:.1f}" for x in os.getloadavg())
        lines.append(f"\n### {name} ({args.size}x{args.size}), load average at its end {load}\n")
        lines.append("| search | queries | median ms | p95 ms | total CPU s |")
        lines.append("|---|---|---|---|---|")
        labels = {
            "compiled": "statesearch A*, compiled",
            "jps compiled": "statesearch JPS, compiled",
            "jps": "statesearch JPS, Python engine",
            "python": "statesearch A*, Python engine",
            "pf": "python-pathfinding A*",
        }
        for key in keys:
            median, p95 = summary(times[key])
            lines.append(
                f"| {labels[key]} | {len(times[key])} | {median:.2f} | {p95:.2f} | "
                f"{sum(times[key]):.2f} |"
            )
        pf = sum(shared["pf"])
        ratios = ", ".join(f"{labels[k]} ×{pf / sum(shared[k]):.1f}" for k in keys[:-1])
        lines.append(
            f"\nOn the {len(shared['pf'])} queries all five ran, against python-pathfinding's "
            f"CPU time: {ratios}. Compiled JPS against the compiled A* on all {len(work)}: "
            f"×{sum(times['compiled']) / sum(times['jps compiled']):.2f} (medians "
            f"×{summary(times['compiled'])[0] / summary(times['jps compiled'])[0]:.2f}), "
            f"{expanded['compiled'] / max(1, expanded['jps']):.1f}× fewer expansions. "
            f"Every length equal to the Dijkstra's (1e-6)."
        )
        print("\n".join(lines[-9:]), flush=True)
    print(f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
