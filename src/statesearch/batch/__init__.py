"""Many searches at once: batches of instances and one IDA* split over workers, on this
machine's processes or on a Dask distributed cluster.

- ``solve_spec(spec)``: one instance from a plain dict to the fields of ``solve --json``
  (``solve_one``); every batch worker runs it.
- ``statesearch batch`` reads instances (``inputs``), runs them on a pool (``pool``,
  ``local_pool``, ``dask_pool``) through ``runner``, writes each result line as it arrives
  (``results``), shows progress and a summary (``display``) and draws plots (``plots``).
- ``split_solve``: one hard n-puzzle IDA* split into subtree tasks (``batch.split``).

Modules load lazily: importing this package costs nothing until a function is used.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..errors import InputError

if TYPE_CHECKING:
    from ..core.limits import Limits, Meter
    from ..core.result import SearchResult
    from ..npuzzle import NPuzzle
    from .pool import Pool


WORKERS_PER_CPU = 4  # more local workers than this only share the CPUs and multiply memory


@contextmanager
def open_pool(
    workers: int | None = None, scheduler: str | None = None, within: float | None = None
) -> Iterator[Pool]:
    """A ``DaskPool`` on the scheduler at ``scheduler`` (``tcp://HOST:PORT``), reached within
    ``within`` seconds (at most its ``CONNECT_TIMEOUT``), else a ``LocalPool`` of ``workers``
    processes (default: one per CPU); closed on the way out."""
    pool: Pool
    if scheduler:
        from .dask_pool import CONNECT_TIMEOUT, DaskPool

        pool = DaskPool(scheduler, min(CONNECT_TIMEOUT, max(within or CONNECT_TIMEOUT, 0.5)))
    else:
        from .local_pool import LocalPool

        check_workers(workers)
        pool = LocalPool(workers or os.cpu_count() or 1)
    try:
        yield pool
    finally:
        pool.close()


def check_workers(workers: int | None) -> None:
    """Refuse more local workers than the machine's CPUs can use (asked before anything is
    written: a refused run left an empty results file)."""
    cpus = os.cpu_count() or 1
    if workers is not None and workers > WORKERS_PER_CPU * cpus:
        raise InputError(
            "{workers} local workers is more than this machine's {cpus} CPUs can use (each "
            "holds its own tables); a cluster (--scheduler) takes more",
            workers=workers,
            cpus=cpus,
        )


def solve_spec(raw: dict[str, Any], cancel: threading.Event | None = None) -> dict[str, Any]:
    """See ``solve_one.solve_spec``."""
    from .solve_one import solve_spec as solve_one

    return solve_one(raw, cancel)


def split_solve(
    puzzle: NPuzzle,
    heuristic: str,
    limits: Limits | None = None,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    cancel: threading.Event | None = None,
    meter: Meter | None = None,
) -> SearchResult[Any]:
    """IDA* on ``puzzle`` split over ``workers`` local processes (default one per CPU) or the
    Dask cluster at ``scheduler``: ``batch.split.split_ida_star`` on a pool opened for it
    (``meter`` instead of ``limits`` and ``cancel``, as for ``solve``)."""
    from .split import split_ida_star

    left = None if meter is None else meter.deadline - time.perf_counter()  # the time limit's
    with open_pool(workers, scheduler, left) as pool:
        return split_ida_star(puzzle, heuristic, limits, pool=pool, cancel=cancel, meter=meter)
