"""Compiled slots against Python slots: IDA* with the gap heuristic on 14-pancake stacks,
``examples/pancake_compiled.py`` against ``examples/pancake.py``, and A* on the 4-peg Towers
of Hanoi with 8 discs (``examples/hanoi*.py``), the same counts asserted.

The Python slots are searched checked (a problem of one's own, the default) and trusted
(``check=False``). The gap heuristic solves most random 14-stacks in a few hundred
expansions, so the stacks are the ``--top`` hardest for it among seeds 1..``--seeds``
(found with the compiled search). Two times, each summed over the stacks, the best of
``--rounds``, after a first call has compiled the kernel: the CPU time of the ``solve`` calls
(what a caller pays, a loaded machine's wall time aside), and the searches' own seconds
(``stats.elapsed_s``: no setup, the kernel's compile check included).

    python benchmarks/compiled_slots.py [--seeds 3000] [--top 20] [--rounds 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

from hanoi import Hanoi
from hanoi_compiled import CompiledHanoi
from pancake import Pancake
from pancake_compiled import CompiledPancake

from statesearch import solve

N = 14
HANOI = 8


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3000)
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    hardness = sorted(
        (solve(CompiledPancake(N, seed), "idastar").stats.expanded, seed)
        for seed in range(1, options.seeds + 1)
    )
    seeds = [seed for _, seed in hardness[-options.top :]]
    print(f"{N}-pancake, IDA* + gaps, seeds {seeds}")
    race(
        "idastar",
        lambda: [CompiledPancake(N, seed) for seed in seeds],
        lambda: [Pancake(N, seed) for seed in seeds],
        options.rounds,
    )
    print(f"4-peg Hanoi, {HANOI} discs, A* + the discs off the last peg")
    solve(CompiledHanoi(3), "astar")  # its kernel compiled
    race("astar", lambda: [CompiledHanoi(HANOI)], lambda: [Hanoi(HANOI)], options.rounds)


def race(
    algorithm: str,
    compiled: Callable[[], list[Any]],
    python: Callable[[], list[Any]],
    rounds: int,
) -> None:
    """The problems each way, in turns; prints the best of ``rounds`` and the ratios."""
    best: dict[str, float] = {}
    own: dict[str, float] = {}
    counts: dict[str, list[tuple[int, int, int, int]]] = {}
    runs = (("compiled", compiled, True), ("python", python, True), ("trusted", python, False))
    for _ in range(rounds):
        for name, make, check in runs:
            problems = make()
            began = time.process_time()
            results = [solve(problem, algorithm, check=check) for problem in problems]
            seconds = time.process_time() - began
            best[name] = min(best.get(name, seconds), seconds)
            searched = sum(r.stats.elapsed_s for r in results)
            own[name] = min(own.get(name, searched), searched)
            counts[name] = [
                (r.length, r.stats.expanded, r.stats.pushed, r.stats.generated) for r in results
            ]
            engine = "compiled" if name == "compiled" else "python"
            assert all(r.engine == engine for r in results), name
    assert counts["compiled"] == counts["python"] == counts["trusted"], "all count alike"
    expanded = sum(c[1] for c in counts["python"])
    print(f"{expanded:,} expanded (the same each way), best of {rounds}:")
    for label, seconds in (("CPU s of the solve calls", best), ("the searches' own s", own)):
        fast = seconds["compiled"]
        print(
            f"  {label}: compiled slots {fast:.4f}; Python slots checked "
            f"{seconds['python']:.3f} (x{seconds['python'] / fast:.0f}), trusted "
            f"{seconds['trusted']:.3f} (x{seconds['trusted'] / fast:.0f})"
        )


if __name__ == "__main__":
    main()
