"""Versions of the compiled cube search timed in turns in one process, so that a VM whose speed
drifts by a third within an hour slows every version alike.

    python benchmarks/cube_in_turns.py REV [REV ...] [--cubes 3,10] [--rounds 4] [-H coset]

Each REV (a commit, or ``.`` for the working tree) is copied into a temporary directory as a
package of its own (``statesearch_0``, ``statesearch_1``, ...), loads its own tables (the coset
table and its bounds: 5 GB a version) and solves the cubes of ``bench cube --seed 1``; the
rounds alternate the order of the versions. It prints each solve (generated nodes, CPU s,
M generated per CPU s) and, per version, the mean rate and its ratio to the first version's.
"""

from __future__ import annotations

import argparse
import importlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from statesearch.core.limits import LimitHit, reserve

ROOT = Path(__file__).resolve().parent.parent
TABLE_BYTES = {"coset": 5 * 2**30, "korf": 2**28}  # what a version's tables take in memory


def copy_version(rev: str, k: int, into: Path) -> str:
    """Copy ``rev``'s package into ``into`` as ``statesearch_k``; return its name."""
    name = f"statesearch_{k}"
    target = into / name
    if rev == ".":
        skip = shutil.ignore_patterns("__pycache__")
        shutil.copytree(ROOT / "src" / "statesearch", target, ignore=skip)
    else:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", rev, "src/statesearch"],
            capture_output=True,
            check=False,
        )
        if archive.returncode != 0:
            raise ValueError(f"no such commit: {rev!r}")
        subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
        (into / "src" / "statesearch").rename(target)
    for source in target.rglob("*.py"):
        text = source.read_text()
        renamed = re.sub(r"\b(from|import) statesearch\.", rf"\1 {name}.", text)
        if renamed != text:
            source.write_text(renamed)
    return name


def load(name: str, heuristic: str, cube_numbers: list[int]) -> tuple[ModuleType, Any, dict]:
    """A version's facade, limits and prepared cubes, its kernel compiled or loaded."""
    cube = importlib.import_module(name + ".cube")
    bench = importlib.import_module(name + ".cube.benchmark")
    facade = importlib.import_module(name + ".facade")
    limits = importlib.import_module(name + ".limits")
    quiet = lambda _: None  # noqa: E731
    warm = bench.with_tables(cube.Cube.from_text("R U F", 3, "htm"), heuristic, quiet)
    facade.solve(warm, "idastar", heuristic)
    starts = bench.cubes(max(cube_numbers), 1)
    cubes = {
        k: bench.with_tables(cube.Cube(starts[k - 1], 3, "htm"), heuristic, quiet)
        for k in cube_numbers
    }
    return facade, limits, cubes


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("revs", nargs="+", metavar="REV", help="commits, or . for the working tree")
    parser.add_argument("--cubes", default="3,10", help="which cubes of bench cube --seed 1")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds a solve")
    parser.add_argument("-H", "--heuristic", choices=("coset", "korf"), default="coset")
    args = parser.parse_args()
    try:
        cube_numbers = [int(c) for c in args.cubes.split(",")]
        if min(cube_numbers) < 1 or args.rounds < 1:
            raise ValueError
    except ValueError:
        print("--cubes takes cube numbers from 1 (3,10) and --rounds at least 1", file=sys.stderr)
        return 2
    try:
        reserve(len(args.revs) * TABLE_BYTES[args.heuristic], "the versions' tables")
    except LimitHit as hit:
        print(f"cube_in_turns: {hit}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        try:
            names = [copy_version(rev, k, Path(scratch)) for k, rev in enumerate(args.revs)]
        except ValueError as bad:
            print(f"cube_in_turns: {bad}", file=sys.stderr)
            return 2
        sys.path.insert(0, scratch)
        versions = {}
        for rev, name in zip(args.revs, names, strict=True):
            versions[rev] = load(name, args.heuristic, cube_numbers)
            print(f"{rev}: ready", flush=True)
        rates: dict[str, list[float]] = {rev: [] for rev in args.revs}
        for r in range(args.rounds):
            for rev in args.revs if r % 2 == 0 else args.revs[::-1]:
                facade, limits, cubes = versions[rev]
                for k in cube_numbers:
                    cpu = time.process_time()
                    result = facade.solve(
                        cubes[k], "idastar", args.heuristic,
                        limits=limits.Limits(time_limit=args.time_limit),
                    )  # fmt: skip
                    cpu = time.process_time() - cpu
                    rates[rev].append(result.stats.generated / cpu / 1e6)
                    print(
                        f"round {r + 1} {rev} cube {k}: {result.status.value}, "
                        f"{result.stats.generated:,} generated, {cpu:.2f} CPU s, "
                        f"{rates[rev][-1]:.2f} M/s",
                        flush=True,
                    )
    first = sum(rates[args.revs[0]]) / len(rates[args.revs[0]])
    for rev in args.revs:
        mean = sum(rates[rev]) / len(rates[rev])
        runs = ", ".join(f"{x:.2f}" for x in rates[rev])
        print(f"{rev}: mean {mean:.2f} M generated per CPU s, x{mean / first:.2f} ({runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
