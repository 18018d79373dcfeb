"""Compiled slots against Python slots: IDA* with the gap heuristic on 14-pancake stacks,
``examples/pancake_compiled.py`` against ``examples/pancake.py``, the same counts asserted.

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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

from pancake import Pancake
from pancake_compiled import CompiledPancake

from statesearch import solve

N = 14


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
    best: dict[str, float] = {}
    own: dict[str, float] = {}
    counts: dict[str, list[tuple[int, int, int, int]]] = {}
    runs = (
        ("compiled", CompiledPancake, True),
        ("python", Pancake, True),
        ("trusted", Pancake, False),
    )
    for _ in range(options.rounds):
        for name, make, check in runs:
            problems = [make(N, seed) for seed in seeds]
            began = time.process_time()
            results = [solve(problem, "idastar", check=check) for problem in problems]
            seconds = time.process_time() - began
            best[name] = min(best.get(name, seconds), seconds)
            searched = sum(r.stats.elapsed_s for r in results)
            own[name] = min(own.get(name, searched), searched)
            counts[name] = [
                (r.length, r.stats.expanded, r.stats.pushed, r.stats.generated) for r in results
            ]
            assert all(
                r.engine == ("compiled" if make is CompiledPancake else "python") for r in results
            ), name
    assert counts["compiled"] == counts["python"] == counts["trusted"], "all count alike"
    expanded = sum(c[1] for c in counts["python"])
    print(f"{expanded:,} expanded (the same each way), best of {options.rounds}:")
    for label, seconds in (("CPU s of the solve calls", best), ("the searches' own s", own)):
        compiled = seconds["compiled"]
        print(
            f"  {label}: compiled slots {compiled:.4f}; Python slots checked "
            f"{seconds['python']:.3f} (x{seconds['python'] / compiled:.0f}), trusted "
            f"{seconds['trusted']:.3f} (x{seconds['trusted'] / compiled:.0f})"
        )


if __name__ == "__main__":
    main()
