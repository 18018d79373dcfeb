"""``statesearch bench korf100|korf24|tilt``: solve standard or generated instances through the
batch runner (a local pool or a Dask cluster) and check every length (``movingai``:
``bench_grid.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import track
from rich.table import Table

from ..batch import open_pool
from ..batch.plots import check_plot_file, plot_results
from ..batch.runner import Row
from ..batch.spec import check, normalize
from ..core.domain import Spec
from ..errors import InputError
from ..npuzzle.benchmarks import load, select
from ..outputs import check_output
from ..provenance import of_command
from ..result_rows import write_rows
from .batch import PlotFile, Scheduler, exit_code, run_with_progress
from .bench_grid import algorithm_names, movingai
from .options import gathered, time_limit_option
from .preparing import PREPARE_LIMIT, Preparation, PrepareLimit
from .progress import build_progress
from .render import console

app = typer.Typer(help="Solve benchmark instances and check the lengths.", no_args_is_help=True)
app.command("movingai")(movingai)


def run(
    name: str, label: str, specs: list[Spec], running: Running, preparation: Preparation
) -> None:
    """Solve ``specs`` (each with its known optimal length), print a row per instance and a
    summary line; exit 1 if any length is wrong, 4 if any search reached its limit, 130 if
    interrupted (the instances Ctrl-C stopped are shown as such, with their counters)."""
    scheduler, out, plot = running.scheduler, running.out, running.plot
    with open_pool(None if scheduler else running.workers, scheduler) as pool:
        preparation.warm(pool, specs[:1])  # compile (or load) kernels and tables before timing
        tally, stopped = run_with_progress(specs, pool, None, name)
        size = pool.size
    place = {spec["id"]: i for i, spec in enumerate(specs)}
    rows = sorted(tally.rows + tally.stopped, key=lambda r: place[r["id"]])
    several = len({r["algorithm"] for r in rows}) > 1
    table = Table("id", *(["algorithm"] if several else []), "optimal", "found", "expanded")
    for column in ("generated", "CPU s"):
        table.add_column(column)
    for row in rows:
        ok = row["correct"] is not False
        found = f"limit ({row['limit']})" if row["status"] == "limit_reached" else row["length"]
        table.add_row(
            str(row["id"]),
            *([row["algorithm"]] if several else []),
            str(row["expected"]),
            str(found) if ok else f"[red]{found}[/]",
            f"{row['stats']['expanded']:,}",
            f"{row['stats']['generated']:,}",
            f"{row['cpu_s']:.3f}",
        )
    cpu = sum(r["cpu_s"] for r in rows)
    generated = sum(r["stats"]["generated"] for r in rows)
    solved = [r for r in rows if r["status"] == "solved"]
    table.add_section()
    table.add_row(
        "total",
        *([""] if several else []),
        str(sum(r["expected"] for r in rows)),
        str(sum(r["length"] for r in solved)),
        f"{sum(r['stats']['expanded'] for r in rows):,}",
        f"{generated:,}",
        f"{cpu:.3f}",
    )
    console.print(table)
    for key, error in tally.failures:
        console.print(f"[red]failed[/]: {escape(str(key))}: {escape(str(error))}")
    wrong = sum(r["correct"] is False for r in rows)
    limits = sum(r["status"] == "limit_reached" for r in rows)
    cancelled = f" ({len(tally.stopped)} cancelled)" if tally.stopped else ""
    console.print(
        f"{name} with {label}: {len(solved)}/{len(rows)} solved, {wrong} wrong, "
        f"{limits} limit reached{cancelled}; search {cpu:.2f} CPU s ({tally.wall_s:.2f} s wall, "
        f"{size} worker(s)), {generated / cpu / 1e6 if cpu else 0:.1f} M generated per CPU s"
    )
    if out is not None:
        summary = {"set": name, "search": label, "cpu_s": cpu, "wall_s": tally.wall_s}
        lines = [bench_row(r) for r in rows]
        write_rows(out, lines, {**summary, "provenance": of_command(), "rows": lines})
    if plot is not None and rows:
        plot_results(rows, plot, f"{name} with {label}")
        console.print(f"plot: {plot}")
    code = exit_code(rows, tally, stopped)
    if code:
        raise typer.Exit(code)


def bench_row(row: Row) -> dict[str, Any]:
    """A row of ``--out``: the instance, its answer, its counters and its provenance."""
    stats = row["stats"]
    return {
        "id": row["id"],
        "algorithm": row["algorithm"],
        "optimal": row["expected"],
        "found": row["length"],
        "status": row["status"],
        "limit": row["limit"],
        "expanded": stats["expanded"],
        "generated": stats["generated"],
        "cpu_s": row["cpu_s"],
        "wall_s": row["wall_s"],
        "engine": row["engine"],
        "worker": row["worker"],
        "provenance": row["provenance"],
    }


# The compiled IDA*'s heuristics; with a weaker one (zero, misplaced) an instance never ends.
KORF_HEURISTICS = ("manhattan", "linear_conflict", "pdb")


def korf(
    name: str,
    heuristic: str,
    partition: str | None,
    ids: str | None,
    time_limit: float | None,
    plot: Path | None,
    preparation: Preparation,
) -> tuple[str, list[Spec]]:
    """A named set's instances as specs (IDA*, Korf's goal), its tables built here first so
    that every worker only loads them (the plot file checked before that)."""
    if heuristic.lower() not in KORF_HEURISTICS:
        raise InputError(
            "unknown heuristic {name!r}; choose from {choices}",
            name=heuristic,
            choices=", ".join(KORF_HEURISTICS),
        )
    heuristic = heuristic.lower()  # -H PDB too has its tables built here, before the workers
    if ids is not None and not ids.strip():  # select() reads an empty list as every instance
        raise InputError("cannot read ids {ids!r}: use a list like 1-10,15", ids=ids)
    if plot is not None:
        check_plot_file(plot)
    side, instances = load(name)
    chosen = select(instances, ids)
    goal = list(range(side * side))
    options = {"algorithm": "idastar", "heuristic": heuristic, "time_limit": time_limit}
    specs = [
        normalize(
            {"id": i.id, "start": list(i.tiles), "goal": goal, "optimal": i.optimal},
            {**options, "partition": partition},
            None,
        )
        for i in chosen
    ]
    check(specs[0])  # the options they share: refused here, not in every worker
    label = f"IDA* + {heuristic}"
    if heuristic == "pdb":
        from ..npuzzle.pdb_lookup import PatternDatabase

        with preparation.bounded() as meter, build_progress() as (log, progress):
            pdb = PatternDatabase(
                side, side, tuple(goal), partition, progress, log, check_limits=meter.check
            )
        label = f"IDA* + {pdb.description}"
    return label, specs


Heuristic = Annotated[
    str, typer.Option("--heuristic", "-H", help="manhattan, linear_conflict or pdb.")
]
Partition = Annotated[str | None, typer.Option(help="PDB partition (default 6-6-3 / 6-6-6-6).")]
Ids = Annotated[str | None, typer.Option(help="Instance ids, e.g. 1-10,15.")]
Workers = Annotated[int, typer.Option(min=1, help="Local worker processes.")]
OutFile = Annotated[
    Path | None,
    typer.Option(
        "--out", metavar="FILE", help="Also write the rows to FILE: JSON, or CSV for FILE.csv."
    ),
]
TimeLimit = Annotated[float | None, time_limit_option("Seconds per instance.")]


@dataclass(frozen=True)
class Running:
    """The options every bench shares: how its instances run and where the answers go."""

    workers: Workers = 1
    scheduler: Scheduler = None
    out: OutFile = None
    time_limit: TimeLimit = None
    plot: PlotFile = None
    prepare_limit: PrepareLimit = PREPARE_LIMIT


running_options = gathered(Running, "running", Running)


def korf_command(name: str, default_ids: str | None, summary: str) -> None:
    """``bench korf100`` and ``bench korf24``: the same options, another instance set."""

    @running_options
    def command(
        running: Running,
        heuristic: Heuristic = "pdb",
        partition: Partition = None,
        ids: Ids = default_ids,
    ) -> None:
        if running.out is not None:
            check_output(running.out)
        preparation = Preparation(running.prepare_limit)
        time_limit, plot = running.time_limit, running.plot
        label, specs = korf(name, heuristic, partition, ids, time_limit, plot, preparation)
        run(name, label, specs, running, preparation)

    command.__doc__ = summary
    app.command(name)(command)


korf_command("korf100", None, "Korf's 100 random 15-puzzles (goal blank-first).")
korf_command("korf24", "1", "Korf and Felner's 50 random 24-puzzles (goal blank-first).")


@app.command("tilt")
@running_options
def tilt(
    running: Running,
    count: Annotated[int, typer.Option(min=1, help="Puzzles (seeds seed, seed+1, ...).")] = 10,
    seed: Annotated[int, typer.Option(help="The first seed.")] = 1,
    size: Annotated[str, typer.Option(help="HxW, at most 64 cells.")] = "8x8",
    blocks: Annotated[int, typer.Option(min=1, help="Blocks per puzzle.")] = 3,
    min_length: Annotated[int, typer.Option(min=1, help="Smallest optimal length.")] = 12,
    max_length: Annotated[int | None, typer.Option(min=1, help="Largest optimal length.")] = None,
    algorithm: Annotated[
        str,
        typer.Option("--algorithm", "-a", help="astar, bfs, idastar, or several: astar,bfs."),
    ] = "astar",
) -> None:
    """Tilt puzzles of known optimal length, solved and checked.

    Made as tilt generate makes them; with -a bfs the plot shows the new states at each depth."""
    from ..tilt.generate import generate

    if running.plot is not None:
        check_plot_file(running.plot)
    if running.out is not None:
        check_output(running.out)
    height, _, width = size.lower().partition("x")
    if not (height.isdigit() and width.isdigit()):
        raise InputError("cannot read size {size!r}: use HxW like 8x8", size=size)
    algorithms = algorithm_names(algorithm)
    specs = []
    preparation = Preparation(running.prepare_limit)  # generating the puzzles is part of it
    clock = {"limits": preparation.meter.limits, "started": preparation.meter.started}
    with preparation.bounded():
        for s in track(range(seed, seed + count), description="generating", console=console):
            made = generate(s, int(height), int(width), blocks, min_length, max_length, **clock)
            for name in algorithms:
                raw = {"id": s if len(algorithms) == 1 else f"{s} {name}", "domain": "tilt"}
                options = {"algorithm": name, "time_limit": running.time_limit}
                start = {"start": made.text(), "optimal": made.optimal}
                spec = normalize({**raw, **start}, options, None)
                check(spec)
                specs.append(spec)
    label = " and ".join(algorithms)
    run(f"tilt {size} x{count}", label, specs, running, preparation)
