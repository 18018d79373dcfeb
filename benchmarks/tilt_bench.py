"""Tilt puzzles: generated 8x8 boards solved optimally by the compiled A*, checked against BFS,
and the compiled BFS against the generic Python BFS on the same boards, in one run (each
engine's fastest of three solves of each board).

    python benchmarks/tilt_bench.py [--puzzles 50] [--python-boards 5]
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from statesearch import Limits, solve
from statesearch.tilt import Tilt
from statesearch.tilt.generate import generate

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    started = time.process_time()
    value = fn()
    return time.process_time() - started, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=50)
    parser.add_argument("--python-boards", type=int, default=5)
    parser.add_argument("--min-length", type=int, default=14)
    parser.add_argument("--max-length", type=int, default=25)
    args = parser.parse_args()
    warm = Tilt(generate(0, 5, 5, blocks=2, min_length=3).board)
    solve(warm, "astar"), solve(warm, "bfs")  # load the kernels before timing
    print(
        f"{'seed':>4} {'blocks':>6} {'optimal':>7} {'A* s':>7} {'A* expanded':>11} "
        f"{'A* MB':>6} {'BFS s':>7} {'BFS states':>10} {'BFS states/s':>12}"
    )
    worst = 0.0
    bfs_rates = []
    boards = []
    for seed in range(args.puzzles):
        blocks = 2 + seed % 7
        made = generate(
            1000 + seed, 8, 8, blocks=blocks, min_length=args.min_length, max_length=args.max_length
        )
        puzzle = Tilt(made.board)
        tracemalloc.start()
        t_astar, best = timed(partial(solve, puzzle, "astar"))
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        t_bfs, bfs = timed(partial(solve, puzzle, "bfs", limits=Limits(max_states=20_000_000)))
        assert best.length == made.optimal, (seed, best.length, made.optimal)
        if bfs.solved:
            assert bfs.length == made.optimal
        worst = max(worst, t_astar)
        states = sum(bfs.stats.layers)
        bfs_rates.append(bfs.stats.expanded / t_bfs if t_bfs else 0)
        boards.append((puzzle, t_bfs, bfs))
        print(
            f"{1000 + seed:>4} {blocks:>6} {made.optimal:>7} {t_astar:>7.3f} "
            f"{best.stats.expanded:>11,} {peak / 2**20:>6.1f} {t_bfs:>7.3f} {states:>10,} "
            f"{bfs.stats.expanded / t_bfs if t_bfs else 0:>12,.0f}"
        )
    lengths = sorted(b[2].length or 0 for b in boards)
    print(
        f"{args.puzzles} puzzles, optimal lengths {lengths[0]}-{lengths[-1]}, all optimal; "
        f"slowest compiled A* {worst:.3f} CPU s"
    )
    # The ratio: the same boards in both engines, those nearest 200,000 states (big enough to
    # measure, small enough for the Python BFS to finish in seconds).
    chosen = sorted(boards, key=lambda b: abs(sum(b[2].stats.layers) - 200_000))[
        : args.python_boards
    ]
    # Each engine's fastest of three solves of a board, in turns: the VM's noise is one-sided.
    t_python = t_compiled = 0.0
    for puzzle, _, _ in chosen:
        runs = [
            (timed(partial(solve, puzzle, "bfs", engine="python")),
             timed(partial(solve, puzzle, "bfs", engine="compiled")))
            for _ in range(3)
        ]  # fmt: skip
        (_, python), (_, compiled) = runs[0]
        assert python.stats.expanded == compiled.stats.expanded and python.length == compiled.length
        t_python += min(p[0] for p, _ in runs)
        t_compiled += min(c[0] for _, c in runs)
    print(
        f"BFS on {len(chosen)} boards, the fastest of 3 each: python {t_python:.2f} CPU s, "
        f"compiled {t_compiled:.3f} CPU s, compiled x{t_python / t_compiled:.0f} faster "
        "(same expanded counts)"
    )


if __name__ == "__main__":
    main()
