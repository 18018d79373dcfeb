"""A facelet string from the command line: ``auto`` (Korf's tables up to
``cube.problem.KORF_IS_ENOUGH`` moves, then the coset table) against ``-H coset`` (the coset
table at once, what ``auto`` took before), each in a process of its own, as a user meets them.

    python benchmarks/facelet_strings.py [--lengths 3,8,12] [--random 2]

A facelet string says nothing of how far the cube is, so ``auto`` searches Korf's tables first.
For the facelets of random-move scrambles (near cubes) that is the gain: no 5 GB to read. For
uniformly random cubes (far ones) it is the cost: Korf's tables read and searched up to
the cap before the coset table is read; the run of ``-H korf --max-depth N`` (N the cap) times
that first pass alone. Wall seconds of whole processes, the two runs of a cube alternating which
goes first. Both kinds of table must be in the cache (``statesearch cube tables --tables all``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from statesearch.cube import Cube, format_moves, random_cube, random_scramble
from statesearch.cube.problem import KORF_IS_ENOUGH
from statesearch.cube.tables import coset_cache, korf

CLI = str(Path(sys.executable).with_name("statesearch"))


def solve(facelets: str, *options: str) -> tuple[float, dict[str, Any]]:
    """Wall seconds of one ``solve cube`` process, and its JSON answer."""
    began = time.perf_counter()
    done = subprocess.run(
        [CLI, "solve", "cube", facelets, "--json", *options],
        capture_output=True,
        text=True,
        check=False,
    )
    took = time.perf_counter() - began
    if done.returncode not in (0, 4):  # 4: the first pass alone stops at its depth bound
        raise SystemExit(f"error: {' '.join(options) or 'auto'} on {facelets}: {done.stderr}")
    return took, json.loads(done.stdout)


def expanded(answer: dict[str, Any], korfs: bool) -> int:
    """The states the answer's iterations expanded up to the cap (``korfs``) or past it."""
    walks = answer["stats"]["iterations"]
    return sum(i["expanded"] for i in walks if (i["bound"] <= KORF_IS_ENOUGH) == korfs)


def measure(name: str, facelets: str, first: bool) -> int:
    """One cube's line; ``first``: auto runs before -H coset."""
    order = ("auto", "coset") if first else ("coset", "auto")
    runs = {h: solve(facelets, *(() if h == "auto" else ("-H", h))) for h in order}
    (auto_s, auto), (coset_s, coset) = runs["auto"], runs["coset"]
    if auto["heuristic"] != "korf-then-coset":
        print(f"error: auto took {auto['heuristic']} for {facelets}", file=sys.stderr)
        return 1
    if auto["length"] != coset["length"]:
        print(f"error: lengths differ on {facelets}: {auto['length']}, {coset['length']}")
        return 1
    korf_pass = "-"
    if auto["length"] > KORF_IS_ENOUGH:  # the first pass alone: Korf's tables read, then searched
        alone_s, alone = solve(facelets, "-H", "korf", "--max-depth", str(KORF_IS_ENOUGH))
        korf_pass = f"{alone_s:.1f} ({alone['stats']['elapsed_s']:.2f} searching)"
    print(
        f"{name:>12}  {auto['length']:7}  {auto_s:6.1f}  {coset_s:7.1f}  x{auto_s / coset_s:.2f}"
        f"  {expanded(auto, True):>12,}  {expanded(auto, False):>12,}  {korf_pass}"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="3,8,12", help="scramble lengths, comma-separated")
    parser.add_argument("--random", type=int, default=2, help="uniformly random cubes (seeds 1..)")
    args = parser.parse_args()
    try:
        lengths = [int(n) for n in args.lengths.split(",")]
    except ValueError:
        print(f"error: --lengths takes numbers like 3,8,12; got {args.lengths!r}", file=sys.stderr)
        return 2
    if args.random < 0 or any(n < 1 for n in lengths):
        print("error: --lengths must be positive and --random not negative", file=sys.stderr)
        return 2
    if not (korf.is_stored("htm") and coset_cache.is_stored("full", "htm")):
        print(
            "error: build both tables first: statesearch cube tables --tables all", file=sys.stderr
        )
        return 2
    solve(Cube.from_text("R U").facelets(Cube.from_text("R U").initial))  # the kernel compiled
    cubes = [(f"{n} moves", Cube.from_text(format_moves(random_scramble(n, 1)))) for n in lengths]
    cubes += [(f"random {s}", Cube(random_cube(3, s))) for s in range(1, args.random + 1)]
    print(f"auto searches Korf's tables up to {KORF_IS_ENOUGH} moves, then the coset table")
    print(
        "        cube  optimal  auto s  coset s  auto / coset  korf expanded  coset expanded"
        f"  korf to {KORF_IS_ENOUGH} alone s"
    )
    for i, (name, cube) in enumerate(cubes):
        if measure(name, cube.facelets(cube.initial), i % 2 == 0):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
