"""Node rate of the compiled IDA* + Manhattan kernel against two native references and the
Python engine, and what linear conflicts buy.

    python benchmarks/ida_node_rate.py [--rounds 5]

Korf #1 (57 moves) must generate 276,361,932 nodes (plain IDA*, parent pruning, Korf's move
order); the program stops if the kernel or a reference does not. The references, compiled with
``-O3 -march=native`` when a compiler is present: ``reference/ida_manhattan.c`` (textbook
recursive IDA* in C) and ``reference/ida_manhattan_specialized.cpp`` (the same search compiled
once per blank cell and last move with C++ templates, as the fastest solvers are written).
They run in turns with the kernel, so all see the same machine: on a shared VM single runs vary
by 15-20%, the ratio of the medians much less. The ratio to the Python engine is measured on a
smaller board it can finish, in the same process.
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
REFERENCES = Path(__file__).parent / "reference"
# name: (source, compilers to try, extra flags)
NATIVE = {
    "textbook C": ("ida_manhattan.c", ("cc", "gcc", "clang"), ()),
    "specialized C++": (
        "ida_manhattan_specialized.cpp",
        ("c++", "g++", "clang++"),
        ("-std=c++17",),
    ),
}


def cpu(fn):  # type: ignore[no-untyped-def]
    started = time.process_time()
    value = fn()
    return time.process_time() - started, value


def compile_reference(name: str, directory: str) -> Path | None:
    source, compilers, flags = NATIVE[name]
    compiler = next((found for c in compilers if (found := shutil.which(c))), None)
    if compiler is None:
        print(f"no compiler ({', '.join(compilers)}): the {name} reference is skipped")
        return None
    binary = Path(directory) / Path(source).stem
    command = [
        compiler,
        "-O3",
        "-march=native",
        *flags,
        str(REFERENCES / source),
        "-o",
        str(binary),
    ]
    subprocess.run(command, check=True)
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
    for heuristic in ("manhattan", "linear_conflict"):  # load or compile the kernels first
        solve(NPuzzle(instances[1].tiles, 4, 4, goal), "idastar", heuristic, engine="compiled")
    with tempfile.TemporaryDirectory() as scratch:
        binaries = {name: compile_reference(name, scratch) for name in NATIVE}
        rates: dict[str, list[float]] = {"compiled kernel": [], **{name: [] for name in NATIVE}}
        for _ in range(rounds):
            seconds, result = cpu(lambda: solve(korf1, "idastar", "manhattan", engine="compiled"))
            assert result.length == 57 and result.stats.generated == KORF_1_GENERATED
            rates["compiled kernel"].append(KORF_1_GENERATED / seconds / 1e6)
            for name, binary in binaries.items():
                if binary is not None:
                    seconds = run_reference(binary, korf1.initial)
                    rates[name].append(KORF_1_GENERATED / seconds / 1e6)
    print(f"Korf #1: 57 moves, {KORF_1_GENERATED:,} generated; M generated/CPU s, {rounds} rounds:")
    kernel = statistics.median(rates["compiled kernel"])
    for name, values in rates.items():
        if values:
            median = statistics.median(values)
            ratio = "" if name == "compiled kernel" else f"; kernel / this = x{kernel / median:.2f}"
            print(
                f"  {name:16s} median {median:6.1f} ({' '.join(f'{v:.0f}' for v in values)}){ratio}"
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
