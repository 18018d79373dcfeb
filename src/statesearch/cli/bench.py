"""``statesearch bench korf100|korf24``: solve the standard instances and check every length."""

from __future__ import annotations

import json
import multiprocessing
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import track
from rich.table import Table

from ..facade import solve
from ..limits import Limits
from ..npuzzle import NPuzzle
from ..npuzzle.benchmarks import Instance, load, select
from .progress import build_progress
from .render import console

app = typer.Typer(
    help="Solve standard benchmark instances and check the lengths.", no_args_is_help=True
)

# Set in the parent before the worker pool forks, so the tables are shared, not copied or rebuilt.
_shared: dict[str, Any] = {}


def _solve_one(instance: Instance) -> dict[str, Any]:
    side, heuristic = _shared["side"], _shared["heuristic"]
    puzzle = NPuzzle(
        instance.tiles, side, side, tuple(range(side * side)), pattern_database=_shared["pdb"]
    )
    started = time.process_time()
    result = solve(puzzle, "idastar", heuristic, limits=_shared["limits"])
    return {
        "id": instance.id,
        "optimal": instance.optimal,
        "found": result.length,
        "status": result.status.value,
        "expanded": result.stats.expanded,
        "generated": result.stats.generated,
        "cpu_s": time.process_time() - started,
        "engine": result.engine,
    }


def run(
    name: str,
    heuristic: str,
    partition: str | None,
    ids: str | None,
    workers: int,
    json_file: Path | None,
    time_limit: float | None,
) -> None:
    side, instances = load(name)
    chosen = select(instances, ids)
    pdb = None
    if heuristic == "pdb":
        from ..npuzzle.pdb_lookup import PatternDatabase

        with build_progress() as (log, progress):
            pdb = PatternDatabase(side, side, tuple(range(side * side)), partition, progress, log)
    _shared.update(side=side, heuristic=heuristic, pdb=pdb, limits=Limits(time_limit=time_limit))
    _solve_one(chosen[0])  # compile (or load) the kernel before timing anything
    started = time.perf_counter()
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            rows = list(track(pool.imap(_solve_one, chosen), total=len(chosen), description=name))
    else:
        rows = [_solve_one(i) for i in track(chosen, description=name, console=console)]
    wall = time.perf_counter() - started
    table = Table("id", "optimal", "found", "expanded", "generated", "CPU s")
    mismatches = limits = 0
    for row in rows:
        ok = row["found"] == row["optimal"]
        if row["status"] == "limit_reached":
            limits += 1
            found = "limit"
        else:
            mismatches += not ok
            found = str(row["found"]) if ok else f"[red]{row['found']}[/]"
        table.add_row(
            str(row["id"]),
            str(row["optimal"]),
            found,
            f"{row['expanded']:,}",
            f"{row['generated']:,}",
            f"{row['cpu_s']:.3f}",
        )
    cpu = sum(r["cpu_s"] for r in rows)
    generated = sum(r["generated"] for r in rows)
    solved = [r for r in rows if r["status"] == "solved"]
    table.add_section()
    table.add_row(
        "total",
        str(sum(r["optimal"] for r in rows)),
        str(sum(r["found"] or 0 for r in solved)),
        f"{sum(r['expanded'] for r in rows):,}",
        f"{generated:,}",
        f"{cpu:.3f}",
    )
    console.print(table)
    label = "manhattan" if heuristic == "manhattan" else (pdb.description if pdb else heuristic)
    console.print(
        f"{name} with IDA* + {label}: {len(solved)}/{len(rows)} solved, {mismatches} wrong, "
        f"{limits} limit reached; search {cpu:.2f} CPU s ({wall:.2f} s wall, {workers} worker(s)), "
        f"{generated / cpu / 1e6 if cpu else 0:.1f} M generated per CPU s"
    )
    if json_file is not None:
        summary = {"set": name, "heuristic": label, "cpu_s": cpu, "wall_s": wall, "rows": rows}
        json_file.write_text(json.dumps(summary, indent=1))
    if mismatches:
        raise typer.Exit(1)
    if limits:
        raise typer.Exit(4)


Heuristic = Annotated[
    str, typer.Option("--heuristic", "-H", help="manhattan, linear_conflict or pdb.")
]
Partition = Annotated[str | None, typer.Option(help="PDB partition (default 6-6-3 / 6-6-6-6).")]
Ids = Annotated[str | None, typer.Option(help="Instance ids, e.g. 1-10,15.")]
Workers = Annotated[int, typer.Option(min=1, help="Worker processes.")]
JsonFile = Annotated[Path | None, typer.Option("--json", help="Also write the rows to FILE.")]
TimeLimit = Annotated[float | None, typer.Option(min=0.0, help="Seconds per instance.")]


@app.command("korf100")
def korf100(
    heuristic: Heuristic = "pdb",
    partition: Partition = None,
    ids: Ids = None,
    workers: Workers = 1,
    json_file: JsonFile = None,
    time_limit: TimeLimit = None,
) -> None:
    """Korf's 100 random 15-puzzles (goal blank-first)."""
    run("korf100", heuristic, partition, ids, workers, json_file, time_limit)


@app.command("korf24")
def korf24(
    heuristic: Heuristic = "pdb",
    partition: Partition = None,
    ids: Ids = "1",
    workers: Workers = 1,
    json_file: JsonFile = None,
    time_limit: TimeLimit = None,
) -> None:
    """Korf and Felner's 50 random 24-puzzles (goal blank-first)."""
    run("korf24", heuristic, partition, ids, workers, json_file, time_limit)
