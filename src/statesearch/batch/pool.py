"""Where tasks run: what the batch runner and the split IDA* ask of a pool of worker processes.

Two pools keep this contract: ``LocalPool`` (processes on this machine, no server to start)
and ``DaskPool`` (a Dask distributed cluster). A task is a plain function of picklable
arguments, run by one worker process at a time per search, so compiled kernels never compete
for a core. A pool retries a task whose worker died (elsewhere when it can) a bounded number of
times, then reports it failed; it never retries a task that returned or raised.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import threading
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

# A task whose worker died this many times is reported failed, not tried again (a search that
# outgrows the machine's memory would otherwise kill worker after worker).
ATTEMPTS = 3


@dataclass(frozen=True)
class Done:
    """A task that left the pool: its value, or why there is none."""

    key: Hashable
    value: Any = None
    error: str | None = None  # one line: the exception it raised, or how its workers died
    cancelled: bool = False  # taken back before it ran (``Pool.cancel``)


class PoolLost(Exception):
    """The pool cannot run anything any more (the Dask scheduler went away); tasks not yet done
    are lost, results already handed out are not."""


class Flag(Protocol):
    """A stop signal a task can see from another process: ``remote`` travels with the task,
    and its ``is_set()`` is cheap enough to ask at every clock check."""

    remote: Any

    def set(self) -> None: ...


class Pool(Protocol):
    """A set of worker processes that run tasks and hand back their results as they finish."""

    size: int  # searches that run at once
    memory_share: float  # the share of a machine's free memory one search may take

    def submit(self, key: Hashable, fn: Callable[..., Any], *args: Any) -> None:
        """Queue ``fn(*args)`` under ``key`` (unique among the tasks not yet done)."""

    def done(self, timeout: float) -> list[Done]:
        """The tasks that finished since the last call, waiting up to ``timeout`` seconds for
        the first; raises ``PoolLost`` when no task can finish any more."""

    def cancel(self, keys: Iterable[Hashable]) -> None:
        """Take back the tasks among ``keys`` that have not started (each comes back from
        ``done`` as cancelled); running ones stop by themselves when their flag is set."""

    def warm(self, fn: Callable[..., Any], *args: Any) -> list[Any]:
        """Run ``fn(*args)`` once in every worker and wait: kernels compiled or loaded and
        tables read before anything is timed. Returns the values of the runs that did not
        raise (a failure is the instances' to report)."""

    def flag(self) -> Flag:
        """A fresh stop signal for the tasks about to be submitted (none may be running)."""

    def close(self) -> None:
        """Stop every worker this pool started (running tasks are abandoned)."""


def worker_name() -> str:
    """Which worker process runs the calling task: the Dask worker's address, or host/pid."""
    if "distributed" in sys.modules:  # a Dask worker has it loaded; a local one need not
        from distributed import get_worker

        with contextlib.suppress(ValueError):
            return str(get_worker().address)
    return f"{socket.gethostname()}/{os.getpid()}"


# One search at a time per process, whatever the number of threads a Dask worker was given.
one_search = threading.Lock()


class Throttled:
    """A stop signal asked at most every ``every`` seconds: the Dask event is a round trip to
    the scheduler, and a kernel looks at its clock every few tens of milliseconds."""

    def __init__(self, flag: Any, every: float = 0.1) -> None:
        self.flag, self.every = flag, every
        self.next_look = 0.0
        self.seen = False

    def is_set(self) -> bool:
        now = time.monotonic()
        if not self.seen and now >= self.next_look:
            self.next_look = now + self.every
            self.seen = bool(self.flag.is_set())
        return self.seen
