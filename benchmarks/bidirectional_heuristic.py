"""MM (bidirectional heuristic search that meets in the middle) and NBS against A* and
bidirectional BFS: pancake stacks with the gap heuristic (examples/pancake.py, the backward
side estimated toward the shuffled stack) and 15-puzzles with linear conflicts (the backward
side toward the start), all on the Python engine. Prints expanded states and CPU seconds per
instance, and stops if two optimal searches disagree on a length.

    python benchmarks/bidirectional_heuristic.py [--time-limit 60] [--quick]
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

from statesearch import Limits, solve
from statesearch.npuzzle import NPuzzle, scramble

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def pancake_class() -> Any:
    spec = importlib.util.spec_from_file_location("pancake", EXAMPLES / "pancake.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Pancake


def instances(quick: bool) -> list[tuple[str, Any, str | None, list[tuple[str, str]]]]:
    """(name, problem, heuristic, [(label, algorithm[:tie-break])])."""
    pancake = pancake_class()
    found = []
    sizes = (12, 16) if quick else (12, 16, 20, 24, 28)
    for n in sizes:
        for seed in (1, 2) if quick else (1, 2, 3):
            runs = [("A*", "astar"), ("MM", "mm"), ("NBS", "nbs")]
            if n <= 12:  # bidirectional BFS: 744,299 expansions already at n = 14
                runs.append(("BiBFS", "bidirectional"))
            found.append((f"pancake {n} #{seed}", pancake(n, seed), None, runs))
    goal = (*range(1, 16), 0)
    for seed in (1, 2) if quick else (1, 2, 3, 4, 5):
        board = NPuzzle(scramble(goal, 4, 4, 60, seed), 4, 4, goal)
        runs = [
            ("A* classic", "astar:classic"),
            ("A* deep", "astar:deep"),
            ("MM", "mm"),
            ("NBS", "nbs"),
            ("BiBFS", "bidirectional"),
        ]
        found.append((f"15-puzzle #{seed}", board, "linear_conflict", runs))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    totals: dict[str, list[float]] = {}
    print("| instance | C* | " + " | ".join(["algorithm: expanded, CPU s"]) + " |")
    print("|---|---|---|")
    for name, problem, heuristic, runs in instances(args.quick):
        cells, lengths = [], set()
        for label, spec in runs:
            algorithm, _, tie = spec.partition(":")
            began = time.process_time()
            result = solve(
                problem,
                algorithm,
                heuristic,
                tie_break=tie or "auto",
                engine="python",
                limits=Limits(time_limit=args.time_limit),
            )
            cpu = time.process_time() - began
            if result.solved:
                lengths.add(result.length)
                cells.append(f"{label} {result.stats.expanded:,} in {cpu:.2f}")
                total = totals.setdefault(f"{name.split()[0]} {label}", [0, 0.0, 0])
                total[0] += result.stats.expanded
                total[1] += cpu
                total[2] += 1
            else:
                cells.append(f"{label} stopped ({result.limit}) at {result.stats.expanded:,}")
        if len(lengths) != 1:
            sys.exit(f"{name}: the optimal searches disagree: {sorted(lengths)}")
        print(f"| {name} | {lengths.pop()} | {'; '.join(cells)} |", flush=True)
    print()
    print("| totals over the instances each solved | expanded | CPU s | solved |")
    print("|---|---|---|---|")
    for label, (expanded, cpu, solved) in totals.items():
        print(f"| {label} | {int(expanded):,} | {cpu:.2f} | {int(solved)} |")


if __name__ == "__main__":
    main()
