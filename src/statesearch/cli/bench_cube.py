"""``statesearch bench cube``: uniformly random 3x3x3 cubes solved optimally by IDA*, each
solution replayed on its cube, the rows with their provenance (``--out``: JSON, or CSV)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from ..core.limits import Limits
from ..errors import InputError
from ..facade import solve as facade_solve
from ..outputs import check_output
from ..provenance import Span, command, of_command
from ..result_rows import write_rows
from .cube import Metric, Seed
from .options import time_limit_option
from .preparing import PREPARE_LIMIT, Preparation, PrepareLimit
from .render import console


def solve_one(cube: Any, heuristic: str, time_limit: float | None) -> dict[str, Any]:
    """One benchmark row: the cube solved by IDA* with ``heuristic``, its solution replayed."""
    from ..cube import Cubies, parse_moves
    from ..cube.model.reading import after
    from ..cube.telling import written

    cpu, wall = time.process_time(), time.perf_counter()
    result = facade_solve(cube, "idastar", heuristic, limits=Limits(time_limit=time_limit))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    moves = " ".join(written(cube, result))  # a quarter-turn solution's half turns as U2
    replayed = result.solved and after(cube.start, parse_moves(moves)) == Cubies.solved(3)
    root_h = cube.heuristics[heuristic](cube.initial) if heuristic == "korf" else None
    length = result.length
    return {
        "facelets": cube.facelets(cube.initial),
        "status": result.status.value,
        "length": length,
        "moves": moves,
        "expanded": result.stats.expanded,
        "generated": result.stats.generated,
        "iterations": result.to_dict()["stats"]["iterations"],  # as --json writes them
        "cpu_s": cpu,
        "wall_s": wall,
        "engine": result.engine,
        "replayed": bool(replayed),
        "optimal": bool(result.optimal and (root_h is None or (length or 0) >= root_h)),
    }


def run_benchmark(
    count: int,
    seed: int,
    metric: str,
    heuristic: str,
    time_limit: float | None,
    say: Callable[[str], None],
    prepare_limit: float = PREPARE_LIMIT,
) -> list[dict[str, Any]]:
    """Solve the benchmark's cubes one after another (the tables loaded or built and the
    kernel compiled or loaded first, within ``prepare_limit`` seconds)."""
    from ..cube import Cube
    from ..cube.benchmark import cubes, with_tables

    with Preparation(prepare_limit).bounded() as meter:
        warm = with_tables(Cube.from_text("R U F", 3, metric, meter), heuristic, say)
        facade_solve(warm, "idastar", heuristic)
    rows = []
    for i, start in enumerate(cubes(count, seed), 1):
        cube = with_tables(Cube(start, 3, metric), heuristic, say)
        span = Span.begin(otherwise="process")
        row = {"cube": i, **solve_one(cube, heuristic, time_limit)}
        row["provenance"] = span.record(command=command(), cube=i)
        found = f"{row['length']} moves: {row['moves']}" if row["length"] is not None else "-"
        say(
            f"cube {i}: {row['status']}, {row['generated']:,} generated, "
            f"{row['cpu_s']:.1f} CPU s; {found}"
        )
        rows.append(row)
    return rows


def bench_cube(
    count: Annotated[int, typer.Option(min=1, help="How many random cubes.")] = 10,
    seed: Seed = 1,
    metric: Metric = "htm",
    heuristic: Annotated[
        str | None,
        typer.Option(
            "--heuristic", "-H", help="coset (the default when its table is built) or korf."
        ),
    ] = None,
    time_limit: Annotated[float | None, time_limit_option("Seconds per cube.")] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", metavar="FILE", help="Also write the rows to FILE: JSON, or CSV for FILE.csv."
        ),
    ] = None,
    prepare_limit: PrepareLimit = PREPARE_LIMIT,
) -> None:
    """Solve uniformly random 3x3x3 cubes optimally; every solution is replayed on the cube."""
    from ..cube import benchmark
    from ..cube.model.notation import check_metric
    from ..cube.tables.coset_cache import is_stored

    metric = check_metric(metric)
    if out is not None:
        check_output(out)
    heuristic = heuristic or ("coset" if is_stored("full", metric) else "korf")
    if heuristic not in ("coset", "korf"):
        raise InputError(
            "unknown heuristic {name!r}; choose from {choices}",
            name=heuristic,
            choices="coset, korf",
        )
    rows = run_benchmark(count, seed, metric, heuristic, time_limit, console.print, prepare_limit)
    console.print(benchmark.table(rows))
    console.print(benchmark.summary(rows, heuristic, metric))
    if out is not None:
        summary = {"metric": metric, "heuristic": heuristic, "provenance": of_command()}
        write_rows(out, rows, {**summary, "rows": rows})
    if any(not r["replayed"] or not r["optimal"] for r in rows if r["status"] == "solved"):
        raise typer.Exit(1)
    if any(r["status"] != "solved" for r in rows):
        raise typer.Exit(4)
