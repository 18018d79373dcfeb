"""Hard tilt puzzles: the compiled bidirectional search (what ``solve tilt`` runs by default)
against today's compiled A* with the ``best`` heuristic, on the same puzzles in one run.

    nice python benchmarks/tilt_hard.py [--puzzles FILE] [--astar-limit SECONDS] [--bfs]

The puzzles (``tilt_hard_make.py`` made them) carry their optimal lengths, read from a complete
breadth-first census of each reachable space; both searches must find exactly that length
(``--bfs`` also runs the compiled BFS on each, to check it again and to measure what it needs).
Per puzzle: expansions, CPU seconds and peak memory (numpy's allocations, by ``tracemalloc``)
of each search, and the ratio of their CPU seconds. An A* that runs out of ``--astar-limit``
(wall-clock seconds, for a shared machine) is shown as ``>`` its figures, and its ratio is a
lower bound.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from statesearch import Limits, SearchResult, solve
from statesearch.tilt import Tilt, parse_tilt

HERE = Path(__file__).parent
HEADER = re.compile(r"; seed (\d+): .*?(\d+) blocks, optimal (\d+) moves; ([\d,]+) reachable")
LIMITS = Limits(time_limit=300)  # the bidirectional search and BFS


def measured(run: Callable[[], SearchResult[Any]]) -> tuple[SearchResult[Any], float, float]:
    """The result, CPU seconds and peak traced memory in MB of one search."""
    tracemalloc.start()
    started = time.process_time()
    result = run()
    seconds = time.process_time() - started
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return result, seconds, peak


def puzzles(path: Path) -> list[tuple[int, int, int, int, str]]:
    """(seed, blocks, optimal, reachable boards, board text) for each puzzle in the file."""
    out = []
    for text in path.read_text().split("\n\n"):
        match = HEADER.search(text)
        if match:
            seed, blocks, optimal, states = match.groups()
            out.append((int(seed), int(blocks), int(optimal), int(states.replace(",", "")), text))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=Path, default=HERE / "tilt_hard_puzzles.txt")
    parser.add_argument("--bfs", action="store_true", help="Check each length by BFS again.")
    parser.add_argument("--astar-limit", type=float, default=300.0)
    args = parser.parse_args()
    print("load average (1, 5, 15 min) at the start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    warm = Tilt.from_text("o..#\n.#.x\n....")
    solve(warm, "astar", "best"), solve(warm, "bidirectional"), solve(warm, "bfs")
    print(
        f"{'seed':>4} {'blk':>3} {'opt':>3} {'reachable':>10} | {'A* expanded':>11} "
        f"{'A* s':>6} {'A* MB':>6} | {'bidir expanded':>14} {'bidir s':>7} {'bidir MB':>8} | "
        f"{'ratio':>5}" + (f" | {'BFS s':>6} {'BFS MB':>7}" if args.bfs else "")
    )
    ratios, a_total, b_total, b_worst, cut = [], 0.0, 0.0, 0.0, 0
    astar_limits = Limits(time_limit=args.astar_limit)
    for seed, blocks, optimal, states, text in puzzles(args.puzzles):
        puzzle = Tilt(parse_tilt(text))
        astar, a_s, a_mb = measured(partial(solve, puzzle, "astar", "best", limits=astar_limits))
        bidir, b_s, b_mb = measured(partial(solve, puzzle, "bidirectional", limits=LIMITS))
        assert astar.engine == bidir.engine == "compiled"
        assert bidir.length == optimal, (seed, bidir.length)
        assert astar.length == optimal or not astar.solved, (seed, astar.length)
        more = " " if astar.solved else ">"
        cut += not astar.solved
        row = (
            f"{seed:>4} {blocks:>3} {optimal:>3} {states:>10,} |{more}{astar.stats.expanded:>11,}"
            f"{more}{a_s:>6.2f}{more}{a_mb:>6.0f} | {bidir.stats.expanded:>14,} {b_s:>7.3f} "
            f"{b_mb:>8.0f} |{more}{a_s / b_s:>5.1f}"
        )
        if args.bfs:
            bfs, f_s, f_mb = measured(partial(solve, puzzle, "bfs", limits=LIMITS))
            assert bfs.length == optimal, (seed, bfs.length)
            row += f" | {f_s:>6.2f} {f_mb:>7.0f}"
        print(row, flush=True)
        ratios.append(a_s / b_s)
        a_total, b_total, b_worst = a_total + a_s, b_total + b_s, max(b_worst, b_s)
    stopped = f" ({cut} A* runs stopped at {args.astar_limit:g} s: totals are lower bounds)"
    print(
        f"{len(ratios)} puzzles, every length found equal to the BFS census{stopped if cut else ''}"
        "; CPU s: A* + best "
        f"{a_total:.1f}, bidirectional {b_total:.1f} (slowest {b_worst:.2f}); bidirectional "
        f"faster x{a_total / b_total:.1f} overall, median x{statistics.median(ratios):.1f}, "
        f"least x{min(ratios):.1f}"
    )
    print("load average (1, 5, 15 min) at the end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
