"""How late a search stopped at its time limit answers: DFS on a cube (millions of states kept)
for a few seconds, timed from the limit to the answer, with the tables freed by the teardown
thread a few entries at a time (``algorithms/teardown.py``) and, as the reference in the same
process, freed by the caller as the search returns (``release`` made a no-op).

    python benchmarks/stop_latency.py [--seconds 2 5 8]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sized

from statesearch import LimitKind, Limits, solve
from statesearch.cube import Cube

SCRAMBLE = "R U F' D"  # DFS wanders far from it: every state it reaches stays in its tables


def late(seconds: float) -> float:
    """Seconds from the time limit to the answer."""
    began = time.perf_counter()
    result = solve(Cube.from_text(SCRAMBLE), "dfs", limits=Limits(time_limit=seconds))
    answered = time.perf_counter()
    assert result.limit is LimitKind.TIME, result.verdict
    return answered - began - seconds


def keep(*tables: Sized) -> None:
    """The reference: no teardown thread; the caller frees the tables as the search returns."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, nargs="+", default=[2.0, 5.0, 8.0])
    args = parser.parse_args()
    loops = [
        sys.modules[f"statesearch.algorithms.{name}"]
        for name in ("best_first", "breadth_first", "depth_first", "bidirectional", "bounded_walk")
    ]
    originals = [loop.release for loop in loops]
    print(f"{'time limit':>10}  {'teardown thread':>15}  {'caller frees':>12}  ratio")
    for seconds in args.seconds:
        threaded = late(seconds)
        for loop in loops:
            loop.release = keep
        try:
            caller = late(seconds)
        finally:
            for loop, release in zip(loops, originals, strict=True):
                loop.release = release
        time.sleep(1)  # the thread's emptying of the first run is over
        ratio = caller / threaded if threaded > 0 else float("inf")
        print(f"{seconds:>9g}s  {threaded * 1000:>13.0f}ms  {caller * 1000:>10.0f}ms  x{ratio:.1f}")


if __name__ == "__main__":
    main()
