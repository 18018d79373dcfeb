"""Where jump point search pays off: the compiled JPS against the compiled A* on open 512x512
maps by the share of random single-cell obstacles.

    .venv/bin/python benchmarks/grid_density.py [--queries 200] [--size 512] [--densities ...]

For each density, one map (``grid_reference.random_map``) and random start/goal pairs that
connect; 8 moves, no corner cut, octile. The two searches take each query in turn, each first
in turn; CPU time of ``solve()`` whole (setup and the path read back included), the map's
tables made before the clock by a first search. Every JPS length must equal the A*'s (1e-9):
the program stops if one differs. Printed: total and median CPU ratios (A* / JPS), the
expansions and pushes ratios.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from grid_reference import random_map
from statesearch import solve
from statesearch.maze import Maze

SEARCHES = ("astar", "jps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--densities", type=float, nargs="+", default=[0.0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2]
    )
    args = parser.parse_args()
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, load average {load}")
    print("| obstacles | queries | A* median ms | JPS median ms | JPS faster, total (median) |"
          " fewer expansions | fewer pushes |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for density in args.densities:
        rows = [row.replace("@", "#") for row in random_map(args.size, args.size, density, 1)]
        cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
        rng = random.Random(args.seed)
        base = Maze(rows, 8, "avoid", cells[0], cells[-1])
        for algorithm in SEARCHES:  # numba's code and the map's tables before the clock
            solve(base, algorithm, engine="compiled")
        times: dict[str, list[float]] = {a: [] for a in SEARCHES}
        expanded = dict.fromkeys(SEARCHES, 0)
        pushed = dict.fromkeys(SEARCHES, 0)
        n = 0
        while n < args.queries:
            maze = base.with_ends(rng.choice(cells), rng.choice(cells))
            costs, spent, counts = {}, {}, {}
            for algorithm in SEARCHES if n % 2 == 0 else SEARCHES[::-1]:
                began = time.process_time()
                result = solve(maze, algorithm, engine="compiled")
                spent[algorithm] = time.process_time() - began
                costs[algorithm] = result.cost
                counts[algorithm] = result.stats.expanded, result.stats.pushed
            if costs["astar"] is None:  # the two ends do not connect (both searches said so)
                assert costs["jps"] is None, (maze.initial, maze.goal)
                continue
            if not math.isclose(costs["astar"], costs["jps"], rel_tol=1e-9):
                sys.exit(f"{density}: {maze.initial}->{maze.goal}: lengths differ {costs}")
            for algorithm in SEARCHES:
                times[algorithm].append(spent[algorithm])
                expanded[algorithm] += counts[algorithm][0]
                pushed[algorithm] += counts[algorithm][1]
            n += 1
        a_med, j_med = (statistics.median(times[a]) * 1000 for a in SEARCHES)
        total = sum(times["astar"]) / sum(times["jps"])
        print(
            f"| {density:.0%} | {n} | {a_med:.2f} | {j_med:.2f} | ×{total:.2f} "
            f"(×{a_med / j_med:.2f}) | {expanded['astar'] / expanded['jps']:.1f}× | "
            f"{pushed['astar'] / pushed['jps']:.1f}× |",
            flush=True,
        )
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, load average {load}")


if __name__ == "__main__":
    main()
