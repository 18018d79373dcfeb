"""What a person sees of a batch: a live progress bar while it runs, a summary table after."""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from .runner import Row, Tally

stderr = Console(stderr=True, highlight=False)
LOG_EVERY = 30.0  # seconds between progress lines when stderr is no terminal


class RateColumn(ProgressColumn):
    """Instances finished per second (per minute when slower)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if not speed:
            return Text("-/s", style="progress.data.speed")
        shown = f"{speed:.2f}/s" if speed >= 0.1 else f"{speed * 60:.1f}/min"
        return Text(shown, style="progress.data.speed")


def counts_text(tally: Tally) -> str:
    c = tally.counts
    text = f"solved {c['solved']}  unsolvable {c['unsolvable']}  limit {c['limit_reached']}"
    if c["wrong"]:
        text += f"  [red]wrong {c['wrong']}[/]"
    if c["failed"]:
        text += f"  [red]failed {c['failed']}[/]"
    return text


@contextmanager
def batch_progress(tally: Tally, label: str, already: int = 0) -> Iterator[Any]:
    """A bar on stderr (done/total, rate, elapsed, ETA, the counts); yields the callback that
    updates it from a tally. ``already``: instances done by an earlier run (``--resume``)."""
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        TextColumn("{task.fields[counts]}"),
        console=stderr,
        transient=not sys.stderr.isatty(),
    )
    task = bar.add_task(label, total=tally.total + already, completed=already, counts="")
    # A log (no terminal: a cluster's job, a file) gets a line now and then instead of the bar.
    started = time.perf_counter()
    next_line = started + LOG_EVERY

    def update(now: Tally) -> None:
        nonlocal next_line
        bar.update(task, completed=already + now.finished, counts=counts_text(now))
        at = time.perf_counter()
        if not stderr.is_terminal and at >= next_line:
            next_line = at + LOG_EVERY
            done = f"{already + now.finished:,}/{tally.total + already:,}"
            stderr.print(f"{label}: {done} done, {counts_text(now)}, {at - started:,.0f} s")

    with bar:
        yield update


def summary_table(rows: list[Row]) -> Table:
    """One line per problem and algorithm + heuristic: counts, nodes, seconds (the problem's
    column only when the rows have several)."""
    groups = grouped(rows)
    several = len({problem for problem, _ in groups}) > 1
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0))
    if several:
        table.add_column("problem", no_wrap=True)
    table.add_column("algorithm", no_wrap=True)
    for column in ("n", "solved", "unsolv", "limit", "wrong", "generated", "CPU s", "median s"):
        table.add_column(column, justify="right", no_wrap=True)
    for (problem, algorithm), members in sorted(groups.items()):
        seconds = [r["cpu_s"] for r in members]
        table.add_row(
            *([problem] if several else []),
            algorithm,
            str(len(members)),
            str(sum(r["status"] == "solved" for r in members)),
            str(sum(r["status"] == "unsolvable" for r in members)),
            str(sum(r["status"] == "limit_reached" for r in members)),
            str(sum(r.get("correct") is False for r in members)),
            f"{sum(r['stats']['generated'] for r in members):,}",
            f"{sum(seconds):.2f}",
            f"{statistics.median(seconds):.3f}",
        )
    return table


def grouped(rows: list[Row]) -> dict[tuple[str, str], list[Row]]:
    """The rows by problem (``spec.problem_name``; a row written before rows named theirs is
    under ``?``) and algorithm + heuristic: pancakes and towers never share a line or a box."""
    groups: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for row in rows:
        groups[str(row.get("problem") or "?"), describe(row)].append(row)
    return groups


def describe(row: Row) -> str:
    """``idastar + pdb``"""
    heuristic = row.get("heuristic")
    return str(row.get("algorithm")) + (f" + {heuristic}" if heuristic else "")


def wrong_lines(rows: list[Row], most: int = 10) -> list[str]:
    """The instances whose answer missed their known optimal cost, with the goal it was for
    (a Korf-style file's is Korf's, blank-first, unless --goal says otherwise)."""
    wrong = [r for r in rows if r.get("correct") is False]
    lines = [
        f"[red]wrong[/]: {escape(str(r['id']))}: expected {r['expected']}, got {answer(r)}"
        + (f" (to the goal {r['goal']})" if isinstance(r.get("goal"), str) else "")
        for r in wrong[:most]
    ]
    if len(wrong) > most:
        lines.append(f"... and {len(wrong) - most} more")
    return lines


def answer(row: Row) -> str:
    """``20``, ``cost 30 (12 moves)`` where steps cost more than 1, or the status."""
    if row["status"] != "solved":
        return str(row["status"])
    if row["cost"] == row["length"]:
        return str(row["length"])
    return f"cost {row['cost']} ({row['length']} moves)"
