"""``statesearch bench movingai MAP SCEN``: every scenario of a Moving AI benchmark solved on
its map, each cost checked against the scenario's optimal length and each path replayed."""

from __future__ import annotations

import math
import statistics
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import track
from rich.table import Table

from ..algorithms import get_algorithm
from ..batch.plots import check_plot_file
from ..core.limits import LimitKind, Limits, Meter, Snapshot
from ..core.result import SearchResult
from ..errors import InputError
from ..facade import solve
from ..maze.grid import Maze
from ..maze.movingai import Scenario, read_scenarios, scenario_map
from ..maze.scenarios import (
    TOLERANCE,
    buckets,
    check_scenarios,
    map_file_name,
    named_otherwise,
    replays,
)
from ..outputs import check_output, write_whole
from ..provenance import Span, command, of_command
from ..result_rows import write_rows
from .options import time_limit_option
from .progress import PLAIN_EVERY, stderr, watching
from .render import INTERRUPTED, console
from .solve import not_an_input, read_text


@dataclass
class Solved:
    """One scenario's answer under one algorithm."""

    scenario: Scenario
    algorithm: str
    result: SearchResult[Any]
    cpu_s: float
    wall_s: float
    path_checked: bool
    provenance: dict[str, Any]  # how the row was made: the command, the machine, its seconds

    @property
    def correct(self) -> bool | None:
        """Whether the cost found is the optimal length (``None``: no answer, a limit)."""
        cost = self.result.cost
        if cost is None or not self.result.solved:
            return None if self.result.status == "limit_reached" else False
        close = math.isclose(cost, self.scenario.optimal, abs_tol=TOLERANCE)
        return close and self.path_checked


def algorithm_names(text: str) -> list[str]:
    """``-a astar,jps``: the algorithms named, in order, each once (``astar,astar`` or
    ``ucs,dijkstra`` would count every search twice in the totals)."""
    names = dict.fromkeys(get_algorithm(a.strip()).name for a in text.split(",") if a.strip())
    if not names:
        raise InputError("name at least one algorithm, like -a bidirectional,astar")
    return list(names)


def solve_all(
    maze: Maze,
    scenarios: list[Scenario],
    algorithms: list[str],
    heuristic: str | None,
    limits: Limits,
    engine: str = "auto",
    cancel: threading.Event | None = None,
    progress: Callable[[Snapshot], None] | None = None,
) -> Iterator[Solved]:
    """Each scenario under each algorithm, in order; ``cancel`` set stops the search running
    (its answer a limit reached, ``cancelled``); ``progress`` hears from a long one every few
    seconds."""
    for s in scenarios:
        one = maze.with_ends(*s.ends)
        for algorithm in algorithms:
            span = Span.begin(otherwise="process")
            wall, cpu = time.perf_counter(), time.process_time()
            meter = Meter(limits, cancel, progress, PLAIN_EVERY)
            result = solve(one, algorithm, heuristic, engine=engine, meter=meter)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            checked = result.solved and replays(one, result)
            made = span.record(command=command(), scenario=s.line)
            yield Solved(s, result.algorithm, result, cpu, wall, checked, made)


def warm_up(
    maze: Maze, first: Scenario, algorithms: list[str], heuristic: str | None, engine: str
) -> None:
    """What a search loads once a map (numba's machine code and the compiled search's tables,
    or the Python engine's packed moves), loaded before the clock by a search from the first
    start to itself: else the first scenario's seconds would hold it (0.55 s of a 0.002 s
    search on a 512x512 map). A bad option is refused here, before any output."""
    here = first.ends[0]
    for algorithm in algorithms:
        solve(maze.with_ends(here, here), algorithm, heuristic, engine=engine)


def movingai(
    map_file: Annotated[Path, typer.Argument(metavar="MAP", help="A Moving AI .map file.")],
    scen_file: Annotated[Path, typer.Argument(metavar="SCEN", help="Its .scen file.")],
    algorithm: Annotated[
        str, typer.Option("--algorithm", "-a", help="astar, jps, ucs, or several: astar,jps.")
    ] = "astar",
    heuristic: Annotated[
        str | None,
        typer.Option("--heuristic", "-H", help="octile (default), euclidean, chebyshev, zero."),
    ] = None,
    bucket_list: Annotated[
        str | None, typer.Option("--buckets", metavar="LIST", help="Buckets, e.g. 0-5,9.")
    ] = None,
    engine: Annotated[str, typer.Option(metavar="NAME", help="auto, python or compiled.")] = "auto",
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", metavar="FILE", help="Also write the rows to FILE: JSON, or CSV for FILE.csv."
        ),
    ] = None,
    time_limit: Annotated[float | None, time_limit_option("Seconds per scenario.")] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            metavar="FILE",
            help="Also draw each scenario's nodes and time against its length (.png, .svg).",
        ),
    ] = None,
) -> None:
    """Moving AI scenarios (8 moves, no corner cut), each length and path checked.

    Exit 1 if any length is wrong, 4 if any search reached its limit, 130 if interrupted
    (Ctrl-C: the scenarios finished are shown and written)."""
    not_an_input({"--out": out, "--plot": plot}, map_file, scen_file)
    if out is not None:
        check_output(out)
    if plot is not None:
        check_plot_file(plot)  # matplotlib missing: one line before any search
    algorithms = algorithm_names(algorithm)
    grid = scenario_map(read_text(map_file))
    scenarios = read_scenarios(read_text(scen_file))
    check_scenarios(grid, scenarios)
    if (other := named_otherwise(scenarios, map_file.name)) is not None:  # said, not refused
        stderr.print(
            f"[yellow]note[/]: scenario line {other.line} is for the map "
            f"{escape(map_file_name(other))}; searched on {escape(map_file.name)}",
            soft_wrap=True,
        )
    chosen = buckets(bucket_list, scenarios)
    warm_up(grid, chosen[0], algorithms, heuristic, engine)
    began = time.perf_counter()
    solved: list[Solved] = []
    total = len(chosen) * len(algorithms)
    name = f"movingai {map_file.name}"
    with watching() as watch:  # a first Ctrl-C stops the search running, a second at once
        log = None if stderr.is_terminal else watch  # a log: a line now and then, never silent
        limits = Limits(time_limit=time_limit)
        runs = solve_all(grid, chosen, algorithms, heuristic, limits, engine, watch.cancel, log)
        # On stderr, and only in a terminal: stdout keeps the table alone, an error one line.
        bar = track(runs, total=total, console=stderr, transient=True, disable=log is not None)
        next_line = began + PLAIN_EVERY
        try:
            for row in bar:
                solved.append(row)
                if watch.cancel.is_set():
                    break
                if log is not None and (now := time.perf_counter()) >= next_line:
                    next_line = now + PLAIN_EVERY
                    done = f"{len(solved):,} of {total:,} searches done"
                    stderr.print(f"{name}: {done}, {now - began:,.0f} s", soft_wrap=True)
        except KeyboardInterrupt:
            watch.cancel.set()
    wall = time.perf_counter() - began
    report(solved, algorithms, name)
    if out is not None:
        cpu = sum(s.cpu_s for s in solved)
        summary = {"set": name, "search": ", ".join(algorithms)}
        rows = [out_row(s) for s in solved]
        record = {**summary, "cpu_s": cpu, "wall_s": wall, "provenance": of_command()}
        write_rows(out, rows, {**record, "rows": rows})
    if plot is not None and solved:
        draw(solved, algorithms, plot, name)
    if watch.cancel.is_set():
        stopped = sum(s.result.limit is LimitKind.CANCELLED for s in solved)
        finished = len(solved) - stopped
        kept = f" (their rows in {escape(str(out))})" if out is not None else ""
        stderr.print(
            f"[yellow]interrupted[/]: {finished} of {total} searches finished{kept}, "
            f"{total - finished} not done",
            soft_wrap=True,  # one line, a log's too
        )
        raise typer.Exit(INTERRUPTED)
    if any(s.correct is False for s in solved):
        raise typer.Exit(1)
    if any(s.correct is None for s in solved):
        raise typer.Exit(4)


def report(solved: list[Solved], algorithms: list[str], name: str) -> None:
    """A table by bucket (and algorithm), totals, and a summary line."""
    several = len(algorithms) > 1
    groups: dict[tuple[str, int], list[Solved]] = defaultdict(list)
    for s in solved:
        groups[s.algorithm, s.scenario.bucket].append(s)
    table = Table(*(["algorithm"] if several else []), "bucket", "scenarios", "wrong", "limit")
    for column in ("expanded", "generated", "CPU s", "paths checked"):
        table.add_column(column, justify="right")

    def add(label: list[str], bucket: str, rows: list[Solved]) -> None:
        wrong = sum(r.correct is False for r in rows)
        limits = sum(r.correct is None for r in rows)  # no answer: a budget, or Ctrl-C
        table.add_row(
            *(label if several else []),
            bucket,
            f"{len(rows):,}",
            f"[red]{wrong}[/]" if wrong else "0",
            f"[yellow]{limits}[/]" if limits else "0",
            f"{sum(r.result.stats.expanded for r in rows):,}",
            f"{sum(r.result.stats.generated for r in rows):,}",
            f"{sum(r.cpu_s for r in rows):.3f}",
            f"{sum(r.path_checked for r in rows):,}",
        )

    for key in sorted(groups, key=lambda k: (algorithms.index(k[0]), k[1])):
        add([key[0]], str(key[1]), groups[key])
    table.add_section()
    for algorithm in algorithms:
        add([algorithm], "total", [s for s in solved if s.algorithm == algorithm])
    console.print(table)
    for s in solved:
        if s.correct is False:
            found = f"cost {s.result.cost:.8f}" if s.result.solved else s.result.verdict
            check = "" if s.path_checked or not s.result.solved else " (the path does not replay)"
            console.print(
                f"[red]wrong[/]: line {s.scenario.line} ({s.algorithm}): optimal "
                f"{s.scenario.optimal:.8f}, {found}{check}"
            )
    right = sum(s.correct is True for s in solved)
    limits = sum(s.correct is None for s in solved)
    cpu = sum(s.cpu_s for s in solved)
    console.print(
        f"{name}: {right}/{len(solved)} lengths right, "
        f"{sum(s.correct is False for s in solved)} wrong, {limits} limit reached; "
        f"{sum(s.path_checked for s in solved):,} paths checked; search {cpu:.2f} CPU s"
    )


def out_row(s: Solved) -> dict[str, Any]:
    """A row of ``--out``, as the other benches write theirs, with the scenario's bucket."""
    stats = s.result.stats
    return {
        "id": s.scenario.line,
        "bucket": s.scenario.bucket,
        "algorithm": s.algorithm,
        "optimal": s.scenario.optimal,
        "found": s.result.cost if s.result.solved else None,
        "status": str(s.result.status),
        "limit": s.result.limit.value if s.result.limit else None,
        "correct": s.correct,
        "expanded": stats.expanded,
        "generated": stats.generated,
        "cpu_s": s.cpu_s,
        "wall_s": s.wall_s,
        "engine": s.result.engine,
        "provenance": s.provenance,
        "worker": None,
    }


def draw(solved: list[Solved], algorithms: list[str], file: Path, title: str) -> None:
    """Each scenario's expansions and CPU time against its optimal length, a colour per
    algorithm, with each bucket's median joined by a line (log scales: a bucket's scenarios
    spread over orders of magnitude)."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # an SVG's text stays text
    import matplotlib.pyplot as plt

    figure, (nodes, seconds) = plt.subplots(1, 2, figsize=(12, 4.5))
    for algorithm in algorithms:
        rows = [s for s in solved if s.algorithm == algorithm]
        lengths = [s.scenario.optimal for s in rows]
        for axis, value in ((nodes, expanded_of), (seconds, cpu_of)):
            points = axis.scatter(lengths, [value(s) for s in rows], s=8, alpha=0.4)
            by_bucket: dict[int, list[Solved]] = defaultdict(list)
            for s in rows:
                by_bucket[s.scenario.bucket].append(s)
            groups = [group for _, group in sorted(by_bucket.items())]
            axis.plot(
                [statistics.median(s.scenario.optimal for s in group) for group in groups],
                [statistics.median(value(s) for s in group) for group in groups],
                color=points.get_facecolor()[0][:3],
                marker="o",
                label=f"{algorithm} (bucket medians)",
            )
    nodes.set_ylabel("states expanded")
    seconds.set_ylabel("CPU seconds")
    for axis in (nodes, seconds):
        axis.set_xlabel("optimal length")
        axis.set_yscale("log")
        axis.grid(alpha=0.3)
        axis.legend()
    figure.suptitle(f"{title}: {len(solved):,} searches")
    figure.tight_layout()
    try:
        write_whole(
            file, lambda path: figure.savefig(path, dpi=110, format=file.suffix[1:].lower())
        )
    finally:
        plt.close(figure)


def expanded_of(s: Solved) -> float:
    return max(1, s.result.stats.expanded)  # a log scale has no 0


def cpu_of(s: Solved) -> float:
    return max(1e-6, s.cpu_s)  # a log scale has no 0, which the clock's tick may read
