"""Make the hard tilt puzzles of ``tilt_hard_puzzles.txt``: 8x8 boards with 6-8 blocks whose
reachable spaces hold 5-40 million boards and whose optimal lengths are 19-31, each length
read from a complete breadth-first census of the reachable space (``tilt/census.py``).
Seed s has 6 + s % 3 blocks and a wall density of ``WALLS[blocks]`` + 0.02 * (s // 3 % 2)
(more blocks want more walls, or their spaces pass 40 million); a seed whose 8 attempts find no
such puzzle in 200 s is skipped. Each census gives up to three puzzles (one board and
start, the deepest targets, then targets at least 3 moves shorter: ``generate_family``), as a
census of tens of millions of boards is what costs.

    nice python benchmarks/tilt_hard_make.py [--puzzles 30] [--out benchmarks/tilt_hard_puzzles.txt]

It appends each puzzle as it is found (a run that is stopped keeps what it made; delete the
file to make it afresh) and prints
each census's CPU seconds and peak memory; ``tilt_hard.py`` reads the file.
"""

from __future__ import annotations

import argparse
import resource
import time
from pathlib import Path

from statesearch import Limits
from statesearch.core.limits import LimitHit
from statesearch.errors import InputError
from statesearch.tilt.generate import generate_family

HERE = Path(__file__).parent
WALLS = {6: 0.10, 7: 0.17, 8: 0.25}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=30)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=HERE / "tilt_hard_puzzles.txt")
    args = parser.parse_args()
    made_count = 0
    seed = args.first_seed
    while made_count < args.puzzles:
        blocks = 6 + seed % 3
        started = time.process_time()
        try:
            family = generate_family(
                seed,
                8,
                8,
                blocks=blocks,
                min_length=19,
                max_length=31,
                min_states=5_000_000,
                max_states=40_000_000,
                family=3,
                attempts=8,
                wall_density=WALLS[blocks] + 0.02 * (seed // 3 % 2),
                limits=Limits(time_limit=200),
            )
        except (InputError, LimitHit) as why:
            print(f"seed {seed}: none ({why})", flush=True)
            seed += 1
            continue
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10
        seconds = time.process_time() - started
        for made in family[: args.puzzles - made_count]:
            with args.out.open("a") as out:
                out.write(made.text() + "\n")
            made_count += 1
            print(
                f"seed {seed}: {blocks} blocks, optimal {made.optimal}, {made.states:,} boards, "
                f"{seconds:.1f} CPU s for the family, peak RSS so far {peak} MB",
                flush=True,
            )
        seed += 1


if __name__ == "__main__":
    main()
