"""Spreading a pattern database by cell sums (``npuzzle.pdb_lookup.spread_table``), the work
done for every 6-tile and 7-tile table each time a search loads it: the shipped walk over the
placements against the reference that ranks every one of the n**tiles indices, in this process,
on the same tables (their outputs compared).

    python benchmarks/spread_table.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from statesearch.npuzzle.pdb_build import placements, rank_cells
from statesearch.npuzzle.pdb_lookup import spread_table


@njit(cache=True)
def ranking_every_index(compact: np.ndarray, tiles: int, n: int) -> np.ndarray:
    """The reference: every index split into cells, checked for a shared cell, ranked."""
    spread = np.zeros(n**tiles, dtype=np.uint8)
    cells = np.empty(tiles, dtype=np.int64)
    for index in range(n**tiles):
        rest, ok = index, True
        for i in range(tiles):
            cells[i] = rest % n
            rest //= n
            for j in range(i):
                if cells[j] == cells[i]:
                    ok = False
        if ok:
            spread[index] = compact[rank_cells(cells, tiles, n)]
    return spread


def seconds(spread: object, compact: np.ndarray, tiles: int, rounds: int) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(rounds):
        started = time.process_time()
        out = spread(compact, tiles, 16)  # type: ignore[operator]
        best = min(best, time.process_time() - started)
    return best, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    small = np.ones(placements(16, 2), dtype=np.uint8)
    spread_table(small, 2, 16), ranking_every_index(small, 2, 16)  # compiled before the clock
    for tiles in (6, 7):
        compact = (np.arange(placements(16, tiles)) % 251).astype(np.uint8)
        walk, walked = seconds(spread_table, compact, tiles, rounds)
        ranked, reference = seconds(ranking_every_index, compact, tiles, rounds)
        assert np.array_equal(walked, reference)  # type: ignore[arg-type]
        print(
            f"4x4, {tiles} tiles ({placements(16, tiles):,} placements in 16^{tiles} bytes): "
            f"walk {walk:.2f} CPU s, reference {ranked:.2f} CPU s: x{ranked / walk:.1f}"
        )


if __name__ == "__main__":
    main()
