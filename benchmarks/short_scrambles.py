"""A short scramble from the command line: Korf's tables against the coset table, each in a
process of its own, as a user meets them (the tables loaded, the search, the answer printed).

    python benchmarks/short_scrambles.py [--lengths 10,12,13,14] [--seeds 3]

For each random-move scramble it prints the wall seconds of ``statesearch solve cube SCRAMBLE
-H korf`` and ``-H coset`` (the two alternating which goes first), and their ratio. ``auto``
takes Korf's tables up to ``cube.problem.KORF_IS_ENOUGH`` moves. Both kinds of table must be in
the cache (``statesearch cube tables --tables all``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from statesearch.cube import format_moves, random_scramble
from statesearch.cube.problem import KORF_IS_ENOUGH
from statesearch.cube.tables import coset_cache, korf

CLI = str(Path(sys.executable).with_name("statesearch"))


def seconds(scramble: str, heuristic: str) -> tuple[float, int]:
    """Wall seconds of one ``solve cube`` process, and the length it found."""
    began = time.perf_counter()
    done = subprocess.run(
        [CLI, "solve", "cube", scramble, "-H", heuristic, "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    took = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"error: -H {heuristic} on {scramble!r}: {done.stderr.strip()}")
    return took, json.loads(done.stdout)["length"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--lengths", default="10,12,13,14", help="scramble lengths, comma-separated"
    )
    parser.add_argument("--seeds", type=int, default=3, help="scrambles of each length")
    args = parser.parse_args()
    try:
        lengths = [int(n) for n in args.lengths.split(",")]
    except ValueError:
        print(
            f"error: --lengths takes numbers like 10,12,13; got {args.lengths!r}", file=sys.stderr
        )
        return 2
    if args.seeds < 1 or any(n < 1 for n in lengths):
        print("error: --lengths and --seeds must be positive", file=sys.stderr)
        return 2
    if not (korf.is_stored("htm") and coset_cache.is_stored("full", "htm")):
        print(
            "error: build both tables first: statesearch cube tables --tables all", file=sys.stderr
        )
        return 2
    print(f"auto takes Korf's tables up to {KORF_IS_ENOUGH} moves")
    print("moves  seed  optimal  korf s  coset s  korf / coset")
    for n in lengths:
        for seed in range(1, args.seeds + 1):
            scramble = format_moves(random_scramble(n, seed))
            order = ("korf", "coset") if seed % 2 else ("coset", "korf")
            runs = {h: seconds(scramble, h) for h in order}
            (korf_s, length), (coset_s, other) = runs["korf"], runs["coset"]
            if length != other:
                print(f"error: lengths differ on {scramble!r}: {length}, {other}", file=sys.stderr)
                return 1
            print(
                f"{n:5}  {seed:4}  {length:7}  {korf_s:6.1f}  {coset_s:7.1f}"
                f"  x{korf_s / coset_s:.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
