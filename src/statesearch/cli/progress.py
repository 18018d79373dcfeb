"""A rich progress bar for pattern-database builds."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    TaskID,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)

stderr = Console(stderr=True, highlight=False)


@contextmanager
def build_progress() -> Iterator[tuple[Callable[[str], None], Callable[[int, int], None]]]:
    """Yields ``(log, progress)`` callbacks for ``PatternDatabase``: a line per table, a bar.

    The bar appears with the first table that has to be built, so a run that only loads cached
    tables (or fails on bad input) prints nothing extra.
    """
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        console=stderr,
        transient=not sys.stderr.isatty(),
    )
    tasks: list[TaskID] = []

    def log(message: str) -> None:
        if not tasks:
            bar.start()
        bar.console.print(message)
        tasks.append(bar.add_task("building", total=1))

    def progress(done: int, total: int) -> None:
        if tasks:
            bar.update(tasks[-1], completed=done, total=total)

    try:
        yield log, progress
    finally:
        if tasks:
            bar.stop()
