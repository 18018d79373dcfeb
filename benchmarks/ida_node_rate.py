"""Node rate of the compiled IDA* + Manhattan kernel against a C reference and the Python engine,
and what linear conflicts buy.

    python benchmarks/ida_node_rate.py [--rounds 5]

Korf #1 (57 moves) must generate 276,361,932 nodes (plain IDA*, parent pruning, Korf's move
order); the program stops if the kernel or the C reference does not. The C reference
(``reference/ida_manhattan.c``, textbook recursive IDA*) is compiled with ``cc -O3
-march=native`` and run in turns with the kernel, so both see the same machine: on a shared VM
single runs vary by 15-20%, the ratio of the medians much less. The ratio to the Python engine
is measured on a smaller board it can finish, in the same process.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from statesearch import solve
from statesearch.npuzzle import NPuzzle, scramble
from statesearch.npuzzle.benchmarks import load

KORF_1_GENERATED = 276_361_932
REFERENCE = Path(__file__).parent / "reference" / "ida_manhattan.c"


def cpu(fn):  # type: ignore[no-untyped-def]
    started = time.process_time()
    value = fn()
    return time.process_time() - started, value


def compile_reference(directory: str) -> Path | None:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        return None
    binary = Path(directory) / "ida_manhattan"
    subprocess.run(
        [compiler, "-O3", "-march=native", str(REFERENCE), "-o", str(binary)], check=True
    )
    return binary


def run_reference(binary: Path, tiles: tuple[int, ...]) -> float:
    out = subprocess.run(
        [str(binary), *map(str, tiles)], capture_output=True, text=True, check=True
    ).stdout
    length, generated, seconds = out.split()
    assert (int(length), int(generated)) == (57, KORF_1_GENERATED), out
    return float(seconds)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    _, instances = load("korf100")
    goal = tuple(range(16))
    korf1 = NPuzzle(instances[0].tiles, 4, 4, goal)
    solve(NPuzzle(instances[1].tiles, 4, 4, goal), "idastar", "manhattan")  # compile once
    with tempfile.TemporaryDirectory() as scratch:
        binary = compile_reference(scratch)
        if binary is None:
            print("no C compiler (cc, gcc, clang): the C reference is skipped")
        kernel_rates, c_rates = [], []
        for _ in range(rounds):
            seconds, result = cpu(lambda: solve(korf1, "idastar", "manhattan", engine="compiled"))
            assert result.length == 57 and result.stats.generated == KORF_1_GENERATED
            kernel_rates.append(KORF_1_GENERATED / seconds / 1e6)
            if binary is not None:
                c_rates.append(KORF_1_GENERATED / run_reference(binary, korf1.initial) / 1e6)
    rates = " ".join(f"{r:.0f}" for r in kernel_rates)
    kernel = statistics.median(kernel_rates)
    print(
        f"Korf #1: 57 moves, {KORF_1_GENERATED:,} generated; compiled kernel "
        f"{kernel:.1f} M generated/CPU s (median of {rounds}: {rates})"
    )
    if c_rates:
        c = statistics.median(c_rates)
        print(
            f"C reference (cc -O3 -march=native): {c:.1f} M/s (median; "
            f"{' '.join(f'{r:.0f}' for r in c_rates)}); kernel / C = x{kernel / c:.2f}"
        )
    manhattan_seconds = KORF_1_GENERATED / (kernel * 1e6)
    lc_seconds, lc = cpu(lambda: solve(korf1, "idastar", "linear_conflict", engine="compiled"))
    assert lc.length == 57
    print(
        f"Korf #1 with linear conflicts: {lc.stats.generated:,} generated in {lc_seconds:.2f} "
        f"CPU s ({lc.stats.generated / lc_seconds / 1e6:.1f} M/s): "
        f"x{KORF_1_GENERATED / lc.stats.generated:.1f} fewer nodes, "
        f"x{manhattan_seconds / lc_seconds:.1f} less time than Manhattan"
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
        f"({rate_python / 1e6:.2f} M/s); compiled "
        f"{compiled.stats.generated:,} in {t_compiled:.3f} s "
        f"({rate_compiled / 1e6:.1f} M/s); node-rate ratio x{rate_compiled / rate_python:.0f}"
    )


if __name__ == "__main__":
    main()
