"""A search worker's side of the web pool (``workers``), on the shared core
(``worker_pool.serve``: jobs one at a time, each said taken, a cancel heard, every way a job
ends a message): what the server's workers do beyond it."""

from __future__ import annotations

import os
import resource
import threading
from typing import Any

from ..worker_pool.serve import Setup
from .schemas import Request

NICE = 10  # workers yield the CPU to the server (9:1), so cheap requests stay fast under load
MEMORY_CAP = 4 << 30  # address space of one worker, at most
RECYCLE_BYTES = 1 << 30  # a worker that kept this much memory after a job is replaced


def memory_cap(slots: int) -> int:
    """A worker's address-space cap: ``MEMORY_CAP``, or less when the machine has less free."""
    try:
        free = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_AVPHYS_PAGES")
    except (ValueError, OSError):
        return MEMORY_CAP
    return max(min(MEMORY_CAP, free // (slots + 1)), 1 << 30)


def setup(slots: int, warm: bool) -> Setup:
    """How one of ``slots`` workers starts (``warm``: loading the common kernels meanwhile)."""
    return Setup(prepare, (memory_cap(slots), warm), retire_above=RECYCLE_BYTES)


def prepare(cap: int, warm: bool) -> None:
    """In the worker, before its first job: a lower priority, the memory cap, and with
    ``warm`` a thread that loads the common kernels."""
    os.nice(NICE)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    if warm:
        from .jobs import warm_up

        threading.Thread(target=warm_up, daemon=True).start()


def run_search(request: Request, deadline: float, cancel: threading.Event) -> dict[str, Any]:
    """One job, in the worker: the search the request asks for, within ``deadline``."""
    from . import jobs

    return jobs.run(request, deadline, cancel)
