"""Node rate of the compiled IDA* + Manhattan kernel, its ratio to the Python engine, and what
linear conflicts buy.

    python benchmarks/ida_node_rate.py

Korf #1 (57 moves) must generate 276,361,932 nodes (plain IDA*, parent pruning, Korf's move
order); the program stops if it does not. The ratio is measured on a smaller board that the
Python engine can finish, in the same process.
"""

from __future__ import annotations

import time

from statesearch import solve
from statesearch.npuzzle import NPuzzle, scramble
from statesearch.npuzzle.benchmarks import load

KORF_1_GENERATED = 276_361_932


def cpu(fn):  # type: ignore[no-untyped-def]
    started = time.process_time()
    value = fn()
    return time.process_time() - started, value


def main() -> None:
    _, instances = load("korf100")
    goal = tuple(range(16))
    korf1 = NPuzzle(instances[0].tiles, 4, 4, goal)
    solve(NPuzzle(instances[1].tiles, 4, 4, goal), "idastar", "manhattan")  # compile once
    seconds, result = cpu(lambda: solve(korf1, "idastar", "manhattan", engine="compiled"))
    assert result.stats.generated == KORF_1_GENERATED, result.stats.generated
    print(
        f"Korf #1: {result.length} moves, {result.stats.generated:,} generated in "
        f"{seconds:.2f} CPU s = {result.stats.generated / seconds / 1e6:.1f} M generated/CPU s"
    )
    lc_seconds, lc = cpu(lambda: solve(korf1, "idastar", "linear_conflict", engine="compiled"))
    assert lc.length == result.length
    print(
        f"Korf #1 with linear conflicts: {lc.stats.generated:,} generated in {lc_seconds:.2f} "
        f"CPU s ({lc.stats.generated / lc_seconds / 1e6:.1f} M/s): "
        f"x{result.stats.generated / lc.stats.generated:.1f} fewer nodes, "
        f"x{seconds / lc_seconds:.1f} less time than Manhattan"
    )
    board = NPuzzle(scramble(goal, 4, 4, 60, seed=3), 4, 4, goal)
    t_python, python = cpu(lambda: solve(board, "idastar", "manhattan", engine="python"))
    t_compiled, compiled = cpu(lambda: solve(board, "idastar", "manhattan", engine="compiled"))
    assert python.length == compiled.length
    rate_python = python.stats.generated / t_python
    rate_compiled = compiled.stats.generated / t_compiled
    print(
        f"scrambled 15-puzzle ({compiled.length} moves): python engine "
        f"{python.stats.generated:,} generated in {t_python:.2f} s "
        f"({python.stats.generated / t_python / 1e6:.2f} M/s); compiled "
        f"{compiled.stats.generated:,} in {t_compiled:.3f} s "
        f"({compiled.stats.generated / t_compiled / 1e6:.1f} M/s); "
        f"node-rate ratio x{rate_compiled / rate_python:.0f}"
    )


if __name__ == "__main__":
    main()
