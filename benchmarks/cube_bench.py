"""The cube: the whole 2x2x2 breadth-first, the tables of the 3x3x3 (sizes, build times, peak
memory), node rates against the generic engine in the same process, and optimal solutions of
seeded uniformly random 3x3x3 cubes, every one replayed.

    python benchmarks/cube_bench.py [--count 10] [--seed 1] [--build] [--skip-random]

``--build`` rebuilds Korf's tables and the coset table (minutes) instead of reading them from
the cache. Exits 1 if any answer is wrong or does not replay, 4 if a cube hits its time limit.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

from rich.console import Console

from statesearch import Limits, solve
from statesearch import table_store as store
from statesearch.cli.bench_cube import run_benchmark
from statesearch.cube import Cube, Cubies, benchmark, format_moves, random_scramble
from statesearch.cube.tables import korf, pocket
from statesearch.cube.tables.coset_cache import (
    bounds_name,
    build_and_store,
    is_stored,
    require_table,
    table_meta,
    table_name,
)


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def pocket_bfs() -> None:
    print("== 2x2x2: breadth-first over the whole space (compiled) ==")
    rates = {}
    for metric in ("htm", "qtm"):
        pocket.layers_from(Cubies.solved(2), metric)  # load the kernel first
        started = time.process_time()
        _, layers = pocket.layers_from(Cubies.solved(2), metric)
        seconds = time.process_time() - started
        rates[metric] = sum(layers) / seconds
        print(
            f"{metric}: {sum(layers):,} positions, God's number {len(layers) - 1}, "
            f"{seconds:.2f} CPU s ({rates[metric] / 1e6:.1f} M positions/s)"
        )
    # The generic engine's BFS on the same space (to depth 6), in this process.
    cube = Cube.from_text("R U R' U' F R2 U' R' F'", size=2)
    started = time.process_time()
    result = solve(cube, "bfs", limits=Limits(max_depth=6))
    python_rate = result.stats.expanded / (time.process_time() - started)
    print(
        f"generic BFS (Python): {python_rate:,.0f} positions/s; compiled (htm) "
        f"x{rates['htm'] / python_rate:,.0f}"
    )


def tables(build: bool) -> None:
    print("== 3x3x3 tables ==")
    started = time.perf_counter()
    if build:
        for p in korf.load_tables().patterns:
            store.files(f"cube-pattern-{p.name}-htm")[0].unlink(missing_ok=True)
    pt = korf.load_tables(log=print)
    print(
        f"Korf: {pt.description}, {pt.entries:,} entries ({pt.entries / 2**20:.0f} MiB, one "
        f"byte each), ready in {time.perf_counter() - started:.1f} s; peak {peak_mb():,.0f} MB"
    )
    started = time.perf_counter()
    if build:
        table = build_and_store("full", "htm", log=print, rebuild=True)
    elif is_stored("full", "htm"):
        table = require_table("full", "htm", print)
    else:
        print("coset table: not built (statesearch cube tables, or --build); left out")
        return
    notes = store.notes(table_name("full", "htm"))
    entries = int(table_meta("full", "htm")["entries"])  # type: ignore[call-overload]
    derived = store.notes(bounds_name("full", "htm")).get("build_seconds", "?")
    print(
        f"coset table: {entries:,} entries in {table.words.nbytes / 2**30:.2f} GiB and its bounds "
        f"in {table.bounds.nbytes / 2**30:.2f} GiB, ready in "
        f"{time.perf_counter() - started:.1f} s (built in {notes.get('build_seconds', '?')} s, "
        f"bounds {derived} s, base {table.base}); peak {peak_mb():,.0f} MB"
    )
    layers = notes.get("layers", table.layers)
    print("  entries by distance: " + ", ".join(f"{d}: {n:,}" for d, n in enumerate(layers)))
    mean = sum(d * n for d, n in enumerate(layers)) / max(sum(layers), 1)
    print(f"  mean distance of an entry: {mean:.3f}")


def node_rates() -> None:
    print("== node rates, in this process (compiled: a 14-move scramble; Python: 12 moves) ==")
    rows = []
    runs = [("korf", "compiled"), ("korf", "python")]
    if is_stored("full", "htm"):
        runs.insert(0, ("coset", "compiled"))
    for heuristic, engine in runs:
        length = 12 if engine == "python" else 14  # seconds of search either way
        cube = Cube.from_text(format_moves(random_scramble(length, 7)))
        prepared = benchmark.with_tables(cube, heuristic, print)
        solve(prepared, "idastar", heuristic, engine=engine, limits=Limits(max_expanded=10))
        started = time.process_time()
        limits = Limits(time_limit=20 if engine == "python" else 120)
        result = solve(prepared, "idastar", heuristic, engine=engine, limits=limits)
        seconds = time.process_time() - started
        rate = result.stats.generated / seconds
        rows.append((heuristic, engine, result, seconds, rate))
        print(
            f"{heuristic:>6} {engine:>8}: {result.status.value} {result.length}, "
            f"{result.stats.generated:,} generated in {seconds:.2f} CPU s = {rate / 1e6:.2f} M/s"
        )
    python_rate = rows[-1][4]
    for heuristic, engine, _, _, rate in rows[:-1]:
        print(f"{heuristic} {engine} / korf python: x{rate / python_rate:,.0f} generated per s")


def random_cubes(count: int, seed: int, time_limit: float | None) -> int:
    heuristic = "coset" if is_stored("full", "htm") else "korf"
    print(f"== {count} uniformly random cubes (seed {seed}), IDA* + {heuristic}, htm ==")
    rows = run_benchmark(count, seed, "htm", heuristic, time_limit, print)
    Console(highlight=False).print(benchmark.table(rows))
    print(benchmark.summary(rows, heuristic, "htm"))
    print(f"peak memory {peak_mb():,.0f} MB")
    if any(r["status"] == "solved" and not (r["replayed"] and r["optimal"]) for r in rows):
        return 1
    return 4 if any(r["status"] != "solved" for r in rows) else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--build", action="store_true", help="rebuild the 3x3x3 tables")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per cube")
    parser.add_argument("--skip-random", action="store_true")
    args = parser.parse_args()
    pocket_bfs()
    tables(args.build)
    node_rates()
    code = 0 if args.skip_random else random_cubes(args.count, args.seed, args.time_limit)
    sys.exit(code)


if __name__ == "__main__":
    main()
