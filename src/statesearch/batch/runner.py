"""Running a batch: every spec a task on a pool, every result written the moment it arrives.

The runner is the same for a local pool and a Dask cluster. A result is written (and counted)
once, when its task returns; a task whose worker died is retried by the pool; a task that
raised is reported failed and not written, so ``--resume`` tries it again. A search stopped by
the stop signal (Ctrl-C) is not a result and is never written: the searches running at a
Ctrl-C are waited for (``STOP_WAIT``) and kept apart, with their counters so far (``stopped``),
for a report that shows them (``bench``).
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from ..core.domain import Spec
from ..overdue import GRACE_S
from .pool import Done, Pool, PoolLost
from .results import ResultsFile
from .worker import run_instance

Row = dict[str, Any]
# A stopped search returns at its next clock check; one stuck in a problem's own code is
# stopped by the worker's watchdog ``GRACE_S`` after the stop signal.
STOP_WAIT = GRACE_S + 1.0


@dataclass
class Tally:
    """What a batch produced so far: rows in the order they finished, failures, counts."""

    total: int
    rows: list[Row] = field(default_factory=list)
    failures: list[tuple[Any, str]] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    wall_s: float = 0.0  # set by whoever timed the run
    stopped: list[Row] = field(default_factory=list)  # searches Ctrl-C stopped: no results

    def add(self, row: Row) -> None:
        self.rows.append(row)
        self.counts[row["status"]] += 1
        if row.get("correct") is False:
            self.counts["wrong"] += 1

    def fail(self, key: Any, error: str) -> None:
        self.failures.append((key, error))
        self.counts["failed"] += 1

    @property
    def finished(self) -> int:
        return len(self.rows) + len(self.failures)


def run_batch(
    specs: list[Spec],
    pool: Pool,
    results: ResultsFile | None = None,
    on_change: Callable[[Tally], None] | None = None,
    tally: Tally | None = None,
) -> Tally:
    """Solve ``specs`` on ``pool``; each row goes to ``results`` (if any) and ``tally`` as it
    arrives, and ``on_change`` sees the tally after each (and every quarter second). An
    exception (Ctrl-C, ``PoolLost``) sets the stop signal, takes back the tasks not started and
    propagates: the tally passed in holds what was done (after Ctrl-C, the searches it stopped
    too, in ``stopped``)."""
    tally = tally if tally is not None else Tally(len(specs))
    stop = pool.flag()
    for key, spec in enumerate(specs):
        pool.submit(key, run_instance, spec, pool.memory_share, stop.remote)
    waiting = set(range(len(specs)))

    def take(done: Done) -> None:
        waiting.discard(done.key)
        spec = specs[cast(int, done.key)]
        if done.error is not None:
            tally.fail(spec["id"], done.error)
        elif done.cancelled:
            return
        elif done.value.get("limit") == "cancelled":
            tally.stopped.append(done.value)
        else:
            if results is not None:
                results.write(done.value)
            tally.add(done.value)

    try:
        while waiting:
            for done in pool.done(0.25):
                take(done)
            if on_change is not None:  # after each wait too: a progress line needs no result
                on_change(tally)
    except BaseException as stopping:
        stop.set()
        pool.cancel(waiting)
        if isinstance(stopping, KeyboardInterrupt):
            _wait_for_the_stopped(pool, waiting, take)
        raise
    return tally


def _wait_for_the_stopped(pool: Pool, waiting: set[int], take: Callable[[Done], None]) -> None:
    """The searches running at a Ctrl-C, back with their counters (or finished, a result)
    within ``STOP_WAIT``; a second Ctrl-C, or a lost pool, stops waiting."""
    deadline = time.monotonic() + STOP_WAIT
    with contextlib.suppress(PoolLost):
        while waiting and time.monotonic() < deadline:
            for done in pool.done(0.1):
                take(done)
