"""Compiled slots against Python slots: IDA* with the gap heuristic on 14-pancake stacks,
``examples/pancake_compiled.py`` against ``examples/pancake.py``, the same counts asserted.

The gap heuristic solves most random 14-stacks in a few hundred expansions, so the stacks are
the ``--top`` hardest for it among seeds 1..``--seeds`` (found with the compiled search). The
time is each search's own (``stats.elapsed_s``: not the kernel's compile, which is setup),
summed, the best of ``--rounds``.

    python benchmarks/compiled_slots.py [--seeds 3000] [--top 20] [--rounds 3]
"""

from __future__ import annotations

import argparse
import sys
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
    counts: dict[str, list[tuple[int, int, int, int]]] = {}
    for _ in range(options.rounds):
        for name, make in (("compiled", CompiledPancake), ("python", Pancake)):
            results = [solve(make(N, seed), "idastar") for seed in seeds]
            seconds = sum(r.stats.elapsed_s for r in results)
            best[name] = min(best.get(name, seconds), seconds)
            counts[name] = [
                (r.length, r.stats.expanded, r.stats.pushed, r.stats.generated) for r in results
            ]
            assert all(r.engine == name for r in results), name
    assert counts["compiled"] == counts["python"], "the two count alike"
    expanded = sum(c[1] for c in counts["python"])
    print(
        f"{expanded:,} expanded (the same both ways); Python slots {best['python']:.3f} s, "
        f"compiled slots {best['compiled']:.4f} s (best of {options.rounds}): "
        f"x{best['python'] / best['compiled']:.0f}"
    )


if __name__ == "__main__":
    main()
