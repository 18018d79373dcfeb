"""``statesearch batch INPUT --out results.jsonl``: solve many instances on a process pool or a
Dask cluster, one result line each as it finishes."""

from __future__ import annotations

import signal
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from ..batch import check_workers, open_pool
from ..batch.display import batch_progress, stderr, summary_table, wrong_lines
from ..batch.inputs import read_input
from ..batch.plots import check_plot_file, plot_results
from ..batch.pool import Pool, PoolLost
from ..batch.results import ResultsFile
from ..batch.runner import Row, Tally, run_batch
from ..batch.spec import build
from ..core.domain import Building, Spec, get
from ..core.limits import Meter
from ..errors import InputError
from .options import ALGORITHM_HELP, memory_bound, memory_option, time_limit_option
from .preparing import PREPARE_LIMIT, Preparation, PrepareLimit
from .progress import build_progress
from .render import INTERRUPTED, console
from .solve import not_an_input

Workers = Annotated[
    int | None,
    typer.Option(min=1, metavar="N", help="Local worker processes (default: one per CPU)."),
]
Scheduler = Annotated[
    str | None,
    typer.Option(
        metavar="ADDRESS", help="Run on the Dask cluster of this scheduler (tcp://HOST:PORT)."
    ),
]
PlotFile = Annotated[
    Path | None, typer.Option(metavar="FILE", help="Draw the results into FILE (.png or .svg).")
]


def batch(
    input_path: Annotated[
        Path,
        typer.Argument(
            metavar="INPUT",
            help="A Korf-style file (id, optimal length if known, tiles), a JSONL file of "
            "instances, or a directory of maze and tilt files.",
        ),
    ],
    out: Annotated[
        Path,
        typer.Option(
            metavar="FILE", help="The file for the results: JSON lines, or CSV for FILE.csv."
        ),
    ],
    algorithm: Annotated[
        str, typer.Option("--algorithm", "-a", metavar="NAME", help=ALGORITHM_HELP)
    ] = "auto",
    heuristic: Annotated[
        str | None,
        typer.Option("--heuristic", "-H", metavar="NAME", help="Heuristic (domain default)."),
    ] = None,
    weight: Annotated[
        float | None, typer.Option("--weight", "-w", metavar="W", help="A*'s weight on h.")
    ] = None,
    tie_break: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="auto (the default: classic for the package's puzzles, deep for a maze's jps "
            "and a problem of your own), classic, deep, fifo or lifo.",
        ),
    ] = None,
    engine: Annotated[
        str | None, typer.Option(metavar="NAME", help="auto, python or compiled.")
    ] = None,
    beam_width: Annotated[
        int | None,
        typer.Option(min=1, metavar="N", help="Beam search (-a beam): the states a layer keeps."),
    ] = None,
    goal: Annotated[
        str | None,
        typer.Option(metavar="BOARD", help="The n-puzzle goal of a Korf-style file (blank-first)."),
    ] = None,
    max_expanded: Annotated[
        int | None, typer.Option(min=0, metavar="N", help="Expansions per instance.")
    ] = None,
    max_pushed: Annotated[
        int | None, typer.Option(min=0, metavar="N", help="Pushes per instance.")
    ] = None,
    time_limit: Annotated[float | None, time_limit_option("Seconds per instance.")] = None,
    max_states: Annotated[
        int | None, typer.Option(min=0, metavar="N", help="States kept per instance.")
    ] = None,
    max_memory: Annotated[
        str,
        memory_option(
            "Per search (4G, 500M; none or 0: no bound); auto: a share of the free memory per "
            "worker."
        ),
    ] = "auto",
    max_depth: Annotated[
        int | None, typer.Option(min=0, metavar="N", help="Longest path searched.")
    ] = None,
    trust: Annotated[
        bool,
        typer.Option(
            "--trust", help="Search problems of your own without checking each step (faster)."
        ),
    ] = False,
    workers: Workers = None,
    scheduler: Scheduler = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Skip the ids already in --out; append the rest.")
    ] = False,
    plot: PlotFile = None,
    prepare_limit: PrepareLimit = PREPARE_LIMIT,
) -> int:
    """Solve every instance of INPUT, on local workers or a Dask cluster.

    Exit 1 if any failed or was wrong, 4 if any reached a limit, 130 if interrupted (--resume
    continues)."""
    if plot is not None:
        check_plot_file(plot)
    not_an_input({"--out": out, "--plot": plot}, input_path)
    if workers is not None and scheduler:
        raise InputError("--workers is for the local pool; a Dask cluster brings its own workers")
    memory: Any = "auto" if max_memory.strip().lower() == "auto" else memory_bound(max_memory)
    defaults = {
        "algorithm": algorithm,
        "heuristic": heuristic,
        "weight": weight,
        "tie_break": tie_break,
        "engine": engine,
        "beam_width": beam_width,
        "max_expanded": max_expanded,
        "max_pushed": max_pushed,
        "time_limit": time_limit,
        "max_states": max_states,
        "max_memory": memory,
        "max_depth": max_depth,
        "trust": True if trust else None,  # else each instance's own
    }
    # A scheduler's stop (SIGTERM: timeout, SLURM, systemctl) is a Ctrl-C here, from the start.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        try:
            specs = read_input(input_path, defaults, goal)
            if not scheduler:
                check_workers(workers)
            results = ResultsFile(out, resume, specs, log=stderr.print)
        except KeyboardInterrupt:
            stderr.print(f"[yellow]{BEFORE_ANY}[/] (reading the input): nothing written")
            return INTERRUPTED
        try:
            earlier, tally, stopped, size = solve_all(
                specs, results, workers, scheduler, prepare_limit, input_path.name
            )
        finally:
            results.close()
    finally:
        signal.signal(signal.SIGTERM, previous)
    rows = earlier + tally.rows
    report(rows, tally, size, results)
    if plot is not None and rows:
        plot_results(rows, plot, f"{input_path.name}: {len(rows)} instances")
        console.print(f"plot: {plot}")
    return exit_code(rows, tally, stopped)


def solve_all(
    specs: list[Spec],
    results: ResultsFile,
    workers: int | None,
    scheduler: str | None,
    prepare_limit: float,
    label: str,
) -> tuple[list[Row], Tally, str | None, int]:
    """The instances not yet in ``results``: their tables built here, the workers started and
    warmed up, then run. Returns the rows already in ``results``, the tally, why it stopped
    early (if it did) and the pool's size. A Ctrl-C while it starts ends it as one while it
    runs does: said, and the file kept as it is."""
    earlier = [results.done[s["id"]] for s in specs if s["id"] in results.done]
    todo = [s for s in specs if s["id"] not in results.done]
    if earlier:
        stderr.print(f"{len(earlier)} of {len(specs)} instances already in {results.path}")
    tally, stopped, size = Tally(len(todo)), None, 0
    try:
        preparation = Preparation(prepare_limit)
        each_kind = kinds(todo)
        if not scheduler:
            with preparation.bounded() as meter:
                build_tables(each_kind, meter)
        with open_pool(workers, scheduler) as pool:
            size = pool.size
            preparation.warm(pool, each_kind[:WARMED_KINDS])
            tally, stopped = run_with_progress(todo, pool, results, label, len(earlier))
    except KeyboardInterrupt:  # while it started, or (again) while its workers were stopped
        if stopped is None:
            stopped = INTERRUPTED_WORD
            say_stopped(stopped, tally, results)
    return earlier, tally, stopped, size


# Kinds whose kernels and tables every worker loads before the first instance: each stays in
# every worker's memory, and a kind past these loads them within its first instance's time.
WARMED_KINDS = 8


def kinds(specs: list[Spec]) -> list[Spec]:
    """The first spec of each kind, in order: the tables built here are each kind's, and every
    worker warms up on the first ``WARMED_KINDS`` of them."""
    seen: dict[tuple[Any, ...], Spec] = {}
    for spec in specs:
        seen.setdefault(kind(spec), spec)
    return list(seen.values())


def kind(spec: Spec) -> tuple[Any, ...]:
    """What a worker loads for a spec: the domain, algorithm and heuristic; for the n-puzzle
    the board's shape (a compiled kernel each) and, with pattern databases, the goal and
    partition they are built for; for the cube its size and metric (Korf's tables each)."""
    what = (spec["domain"], spec.get("algorithm"), spec.get("heuristic"))
    if spec["domain"] == "npuzzle":
        puzzle = build(spec)
        pdb = (spec.get("heuristic") or "").lower() == "pdb"
        return (*what, puzzle.rows, puzzle.cols, *((puzzle.goal, puzzle.partition) if pdb else ()))
    if spec["domain"] == "cube":
        return (*what, spec.get("size"), spec.get("metric"))
    return what


def build_tables(specs: list[Spec], meter: Meter) -> None:
    """Build the tables the specs need (each domain's ``tables``: the n-puzzle's pattern
    databases, Korf's tables of the cube) here, once, with a progress bar, before local workers
    start: each of them then only loads them from the cache. The cube's coset table is never
    built (``statesearch cube tables`` does that), so never read here either."""
    for spec in specs:
        record = get(spec["domain"])
        if record.tables is None:
            continue
        problem, heuristic = build(spec), spec.get("heuristic")
        if record.name == "cube":  # auto picks the table by the scramble
            from .cube import tables_wanted

            heuristic = tables_wanted(problem, heuristic, spec.get("algorithm") or "auto")
            if heuristic != "korf":
                continue
        with build_progress() as (log, progress):
            record.tables(problem, heuristic, meter, Building(progress, log))


def run_with_progress(
    specs: list[Spec], pool: Pool, results: ResultsFile | None, label: str, already: int = 0
) -> tuple[Tally, str | None]:
    """Run the batch under a progress bar; returns the tally and, if it stopped early, why
    (``interrupted`` for Ctrl-C, else the lost pool's message)."""
    tally = Tally(len(specs))
    started = time.perf_counter()
    stopped = None
    # A scheduler's stop (SIGTERM: timeout, SLURM, systemctl) is a Ctrl-C here: the workers are
    # stopped and the results kept, where the default would leave the workers running.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    with batch_progress(tally, label, already) as update:
        try:
            run_batch(specs, pool, results, update, tally)
        except KeyboardInterrupt:
            stopped = INTERRUPTED_WORD
        except PoolLost as lost:
            stopped = str(lost)
        finally:
            signal.signal(signal.SIGTERM, previous)
    tally.wall_s = time.perf_counter() - started
    if stopped:
        say_stopped(stopped, tally, results)
    return tally, stopped


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


INTERRUPTED_WORD = "interrupted"
BEFORE_ANY = "interrupted before any instance finished"


def say_stopped(stopped: str, tally: Tally, results: ResultsFile | None) -> None:
    """Why the run stopped early and what it kept: ``interrupted: 3 new results kept (5 in
    out.jsonl), 4 instances not done; --resume continues``; without a results file (``bench``,
    whose table shows the searches it stopped), the instances finished."""
    if stopped == INTERRUPTED_WORD and not tally.finished:
        stopped = BEFORE_ANY
    left = tally.total - tally.finished
    if results is None:
        done = f"{tally.finished} finished, " if tally.finished else ""
        stderr.print(f"[yellow]{escape(stopped)}[/]: {done}{left} not done")
        return
    where = escape(f"{results.count} in {results.path}")
    stderr.print(
        f"[yellow]{escape(stopped)}[/]: {len(tally.rows)} new results kept ({where}), {left} "
        "instances not done; --resume continues"
    )


def report(rows: list[Row], tally: Tally, workers: int, results: ResultsFile | None) -> None:
    """The summary table, the wrong answers and the failures."""
    if rows:
        console.print(summary_table(rows))
    for line in wrong_lines(rows):
        console.print(line)
    for key, error in tally.failures[:10]:
        console.print(f"[red]failed[/]: {escape(str(key))}: {escape(str(error))}")
    cpu = sum(r["cpu_s"] for r in tally.rows)
    wall = tally.wall_s
    failed = f", {len(tally.failures)} of them failed" if tally.failures else ""
    console.print(
        f"{tally.finished} finished here{failed} ({cpu:.2f} CPU s in {wall:.2f} s wall, "
        f"{workers} worker(s))"
        + (f", {results.count} results in {results.path}" if results is not None else "")
    )


def exit_code(rows: list[Row], tally: Tally, stopped: str | None) -> int:
    if stopped == INTERRUPTED_WORD:
        return INTERRUPTED
    if stopped or tally.failures or any(r.get("correct") is False for r in rows):
        return 1
    return 4 if any(r["status"] == "limit_reached" for r in rows) else 0
