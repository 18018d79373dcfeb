"""What ``solve()`` costs around a search that takes next to nothing: the median microseconds
of a call, for a trivial query (start and goal side by side on a 512x512 map with 5% random
obstacles, 8 moves) on the compiled JPS and A* and on the Python engine's A*, and for random
queries on a 64x64 map (Moving AI's smallest maps' size, 15% obstacles), in wall time and in
CPU time (which other processes on a shared machine disturb less). ``--reference SRC``
measures another source tree too (``git archive COMMIT src | tar -x -C DIR``, then
``DIR/src``), in turns with this one, and prints this tree's medians as a share of its.

    python benchmarks/solve_overhead.py [--calls 2000] [--rounds 5] [--reference DIR/src]

Each round runs each tree in a fresh process (this script with ``--measure``: the kernels
loaded from numba's cache, one warming call per case, then ``--calls`` timed calls of each
case in turn: ``time.perf_counter`` around each ``solve``, ``time.process_time`` around each
batch of 20); the first round, which also fills a new tree's numba cache, is dropped. A case's
figure is the median over the rounds of each round's median.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from grid_reference import random_map

SMALL_QUERIES = 64  # start/goal pairs on the 64x64 map, taken in turn
BATCH = 20  # calls timed together for their CPU time (``time.process_time`` reads it coarsely)


def cases() -> dict[str, tuple[list[Any], str, str]]:
    """Each case's mazes (taken in turn), algorithm and engine, for this tree's statesearch."""
    from statesearch.maze import Maze

    rows = [row.replace("@", "#") for row in random_map(512, 512, 0.05, 1)]
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    start = next(cell for cell in cells[5:] if rows[cell[0]][cell[1] + 1 :].startswith("."))
    trivial = [Maze(rows, 8, "avoid", start, (start[0], start[1] + 1))]
    small_rows = [row.replace("@", "#") for row in random_map(64, 64, 0.15, 2)]
    small_cells = [
        (r, c) for r, row in enumerate(small_rows) for c, ch in enumerate(row) if ch == "."
    ]
    rng = random.Random(3)
    small_map = Maze(small_rows, 8, "avoid", small_cells[0], small_cells[1])
    small = [small_map.with_ends(*rng.sample(small_cells, 2)) for _ in range(SMALL_QUERIES)]
    return {
        "trivial, compiled JPS": (trivial, "jps", "compiled"),
        "trivial, compiled A*": (trivial, "astar", "compiled"),
        "trivial, Python A*": (trivial, "astar", "python"),
        "64x64, compiled JPS": (small, "jps", "compiled"),
        "64x64, compiled A*": (small, "astar", "compiled"),
        "64x64, Python A*": (small, "astar", "python"),
    }


def measure(calls: int) -> dict[str, tuple[float, float]]:
    """Each case's median microseconds a call in this process: wall time (each call timed)
    and CPU time (each batch of ``BATCH`` calls timed, divided by ``BATCH``)."""
    from statesearch import solve

    made = cases()
    for mazes, algorithm, engine in made.values():
        for maze in mazes:  # numba's code loaded, each map's tables made
            solve(maze, algorithm, engine=engine)
    medians = {}
    for name, (mazes, algorithm, engine) in made.items():
        walls, cpus = [], []
        for batch in range(max(calls // BATCH, 1)):
            cpu = time.process_time()
            for k in range(BATCH):
                maze = mazes[(batch * BATCH + k) % len(mazes)]
                began = time.perf_counter()
                solve(maze, algorithm, engine=engine)
                walls.append(time.perf_counter() - began)
            cpus.append((time.process_time() - cpu) / BATCH)
        medians[name] = (statistics.median(walls) * 1e6, statistics.median(cpus) * 1e6)
    return medians


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--reference", metavar="SRC", help="Another tree's src, timed in turns.")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.measure:
        print(json.dumps(measure(options.calls)))
        return
    trees = {"this tree": os.environ.get("PYTHONPATH", "")}
    if options.reference:
        trees["reference"] = str(Path(options.reference).resolve())
    rounds: dict[str, list[dict[str, list[float]]]] = {label: [] for label in trees}
    for r in range(options.rounds + 1):  # the first round fills numba's caches: dropped
        for label in trees if r % 2 else list(trees)[::-1]:
            argv = [sys.executable, __file__, "--measure", "--calls", str(options.calls)]
            env = {**os.environ, "PYTHONPATH": trees[label]}
            done = subprocess.run(argv, check=True, capture_output=True, text=True, env=env)
            if r:
                rounds[label].append(json.loads(done.stdout))
    print(f"median µs a solve() call, over {options.rounds} rounds of {options.calls} calls:")
    print("wall time (each call), CPU time (each batch of 20 calls)")
    header = f"{'case':24} {'wall':>6} {'CPU':>6}"
    if options.reference:
        header += f"   reference: {'wall':>6} {'CPU':>6}   ratio: {'wall':>5} {'CPU':>5}"
    print(header)

    def figures(label: str, name: str) -> list[float]:
        return [statistics.median(run[name][i] for run in rounds[label]) for i in (0, 1)]

    for name in rounds["this tree"][0]:
        ours = figures("this tree", name)
        line = f"{name:24} {ours[0]:6.1f} {ours[1]:6.1f}"
        if options.reference:
            theirs = figures("reference", name)
            line += f"              {theirs[0]:6.1f} {theirs[1]:6.1f}"
            line += f"          {ours[0] / theirs[0]:5.2f} {ours[1] / theirs[1]:5.2f}"
        print(line)


if __name__ == "__main__":
    main()
