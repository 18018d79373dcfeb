"""What a random read of the cube's tables costs on this machine, the floor under the coset
IDA*'s node rate: reads of 8-byte words at random places in an array the size of the coset
table and its bounds, asked for in batches (each address worked out and prefetched, then all
of them read), as the search asks for its children's entries.

    python benchmarks/random_reads.py [--gb 5] [--reads 2000000]

For each batch size it prints the nanoseconds a read and the ratio to a batch of one, first
with addresses that cost a multiply and an add, then with a chain of 24 more shifts and xors
before each one (about the work the search does to find a child's entry: some 60 instructions,
several of them side by side), then that work alone, on an array that stays in the cache.
Issue 15's 20 M generated per CPU s leaves 50 ns a child for everything, and the search reads
about 1.3 entries a child.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
from numba import njit

from statesearch.core.limits import LimitHit, reserve
from statesearch.kernels.intrinsics import prefetch_at

BATCHES = (1, 4, 8, 16, 32, 64, 128)
WORK = 8  # xorshift rounds (three shifts and xors each) before an address
CACHED_WORDS = 4096


@njit(cache=True)
def read_in_batches(words: np.ndarray, batch: int, rounds: int, work: int) -> int:
    """Read ``batch * rounds`` words at random places, ``batch`` prefetched before any is read;
    ``work`` rounds of a dependent xorshift before each address."""
    base = words.ctypes.data
    size = np.uint64(words.size)
    places = np.zeros(batch, dtype=np.int64)
    x = np.uint64(88172645463325252)
    total = 0
    for _ in range(rounds):
        for k in range(batch):
            x = x * np.uint64(6364136223846793005) + np.uint64(1442695040888963407)
            for _step in range(work):
                x ^= x << np.uint64(13)
                x ^= x >> np.uint64(7)
                x ^= x << np.uint64(17)
            places[k] = np.int64((x >> np.uint64(11)) % size)
            prefetch_at(base + 8 * places[k])
        for k in range(batch):
            total += words[places[k]]
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gb", type=float, default=5.0, help="size of the array (GB)")
    parser.add_argument("--reads", type=int, default=2_000_000, help="reads per batch size")
    args = parser.parse_args()
    if args.gb <= 0 or args.reads <= 0:
        print("error: --gb and --reads must be positive", file=sys.stderr)
        return 2
    nbytes = int(args.gb * 2**30)
    try:
        reserve(nbytes, "the array")
    except LimitHit as hit:
        print(f"error: {hit}; try a smaller --gb", file=sys.stderr)
        return 2
    words = np.ones(nbytes // 8, dtype=np.uint64)  # ones, not zeros: every page its own
    cached = np.ones(CACHED_WORDS, dtype=np.uint64)
    print(f"{args.gb:g} GB, {args.reads:,} reads a batch size")
    runs = (
        (words, 0, "cheap addresses"),
        (words, WORK, "addresses worked out as the search's are"),
        (cached, WORK, "the same, every read a cache hit (32 KB): the work alone"),
    )
    for array, work, label in runs:
        print(f"\n{label}:\n  batch   ns a read   against a batch of 1")
        alone = 0.0
        for batch in BATCHES:
            read_in_batches(array, batch, 8, work)  # compiled, and the first pages touched
            rounds = max(1, args.reads // batch)
            start = time.perf_counter()
            read_in_batches(array, batch, rounds, work)
            ns = (time.perf_counter() - start) / (rounds * batch) * 1e9
            alone = alone or ns
            print(f"  {batch:5}   {ns:9.1f}   x{ns / alone:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
