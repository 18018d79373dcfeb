"""Long work is never silent: a live line while a search runs, a bar while tables are built, and
Ctrl-C as a clean stop.

In a terminal the line is redrawn in place a few times a second (and erased at the end); when
standard error is not a terminal (a log, a pipe), a plain line is written every few seconds.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

from rich.console import Console
from rich.live import Live
from rich.progress import (
    BarColumn,
    Progress,
    TaskID,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from ..core.limits import OUT_OF_MEMORY, LimitHit, LimitKind, Limits, Meter, Snapshot, metering
from ..core.result import Improvement
from .options import memory_bound
from .render import stopped_early

stderr = Console(stderr=True, highlight=False)
LIVE_EVERY, PLAIN_EVERY = 0.25, 5.0  # seconds between progress lines


def describe(snapshot: Snapshot, since: Snapshot | None = None) -> str:
    """``expanded 1,234,567 · bound 52 · frontier 12,345 · 210,000/s · 5.8 s``: the time is the
    command's, the rate the search's since ``since`` (the first line), so that setup before
    the search (loading a 5 GB table) does not drag it down. The bound, the one figure that
    shows an IDA* getting on, comes first where a narrow terminal cuts the line short."""
    start = since if since is not None and snapshot.elapsed > since.elapsed else None
    if start is not None:
        rate = (snapshot.expanded - start.expanded) / (snapshot.elapsed - start.elapsed)
    else:
        rate = snapshot.expanded / snapshot.elapsed if snapshot.elapsed > 0 else 0
    parts = [f"expanded {snapshot.expanded:,}"]
    if snapshot.bound is not None:
        parts.append(f"bound {snapshot.bound:g}")
    parts += [
        f"frontier {snapshot.frontier:,}",
        f"{rate / 1e6:,.1f} M/s" if rate >= 1e6 else f"{rate:,.0f}/s",
        f"{snapshot.elapsed:.1f} s",
    ]
    return " · ".join(parts)


def improvement_line(found: Improvement) -> str:
    """``improved: cost 62, at least 30 (×2.07), 442 expanded, 0.05 s``: an anytime search's
    new solution, the lowest cost it proved any solution needs and their ratio (no bound
    where the heuristic may overestimate), the expansions and seconds so far."""
    if found.lower is None:
        bound = "no bound proved (the heuristic may overestimate)"
    else:
        ratio = f" (×{found.bound:.3g})" if found.bound is not None else ""
        bound = f"at least {found.lower:g}{ratio}"
    return (
        f"improved: cost {found.cost:g}, {bound}, {found.expanded:,} expanded, "
        f"{found.elapsed_s:.2f} s"
    )


class SearchWatch:
    """The progress callback for a ``Meter`` and the cancel flag Ctrl-C sets."""

    def __init__(self, console: Console = stderr) -> None:
        self.console = console
        self.live: Live | None = None
        self.cancel = threading.Event()
        self.every = LIVE_EVERY if console.is_terminal else PLAIN_EVERY
        self.first: Snapshot | None = None

    def __call__(self, snapshot: Snapshot) -> None:
        first = self.first
        if first is None or snapshot.elapsed < first.elapsed or snapshot.expanded < first.expanded:
            self.first = snapshot  # the first line of this search (a command may run several)
        if snapshot.doing is not None:
            line = f"{snapshot.doing}: {snapshot.elapsed:.1f} s"
        else:
            line = f"searching: {describe(snapshot, self.first)}"
        if not self.console.is_terminal:
            print(line, file=self.console.file, flush=True)
            return
        if self.live is None:
            self.live = Live(console=self.console, transient=True, auto_refresh=False)
            self.live.start()
        # One line at any width: a wrapped live line leaves its first half behind when redrawn.
        text = Text(f"{line}  (Ctrl-C stops)", no_wrap=True, overflow="ellipsis")
        self.live.update(text, refresh=True)

    def improved(self, found: Improvement) -> None:
        """An anytime search's better solution, said as it comes: above the live line in a
        terminal (which stays), else as a plain line."""
        line = improvement_line(found)
        if not self.console.is_terminal:
            print(line, file=self.console.file, flush=True)
        else:
            self.console.print(line, markup=False)

    def stop(self) -> None:
        if self.live is not None:
            self.live.stop()
            self.live = None


@contextmanager
def watching() -> Iterator[SearchWatch]:
    """While the block runs, a first Ctrl-C cancels the search (it stops at its next check and
    reports its counters as ``limit reached (cancelled)``); a second one interrupts at once."""
    watch = SearchWatch()
    previous = None
    if threading.current_thread() is threading.main_thread():

        def on_interrupt(signum: int, frame: FrameType | None) -> None:
            watch.cancel.set()
            signal.signal(signal.SIGINT, signal.default_int_handler)

        previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        yield watch
    finally:
        watch.stop()
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


@contextmanager
def build_progress() -> Iterator[tuple[Callable[[str], None], Callable[[int, int], None]]]:
    """Yields ``(log, progress)`` callbacks for table builds: a line per table, a bar.

    The bar appears with the first table that has to be built, so a run that only loads cached
    tables (or fails on bad input) prints nothing extra; each build gets its own bar (a build
    starts when the count goes back down).
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
    last = [0]

    def log(message: str) -> None:
        bar.console.print(message)

    def progress(done: int, total: int) -> None:
        if not tasks:
            bar.start()
        if not tasks or done < last[0]:
            tasks.append(bar.add_task("building", total=total))
        last[0] = done
        bar.update(tasks[-1], completed=done, total=total)

    try:
        yield log, progress
    finally:
        if tasks:
            bar.stop()


@contextmanager
def building(
    time_limit: float | None, max_memory: str, kept: str
) -> Iterator[tuple[Meter, Callable[[str], None], Callable[[int, int], None]]]:
    """A table build's meter (``--time-limit``, ``--max-memory``, Ctrl-C; active, so that every
    table read or built asks it), log and bar. A bound reached, or memory the machine cannot
    give, stops the command with one line naming it, exit 4; ``kept``: what stays cached."""
    try:
        with watching() as watch, build_progress() as (log, progress):
            limits = Limits(time_limit=time_limit, max_memory=memory_bound(max_memory))
            meter = Meter(limits, watch.cancel)
            with metering(meter):
                yield meter, log, progress
    except MemoryError:
        stopped_early(LimitHit(LimitKind.MEMORY, OUT_OF_MEMORY), kept)
    except LimitHit as hit:
        stopped_early(hit, kept)
