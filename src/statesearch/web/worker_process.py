"""A search worker's side of the pool (``workers``): it takes jobs one at a time from its
pipe, says it has taken each (so that a job handed to a worker killed while idle can go to
another), and answers with a message for every way a job can end."""

from __future__ import annotations

import os
import queue
import resource
import threading
import traceback
from multiprocessing.connection import Connection
from typing import Any

from ..errors import InputError
from ..limits import resident_bytes
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


def plain(params: dict[str, Any]) -> dict[str, Any]:
    """An error's fields as values that surely cross a pipe."""
    simple = (str, int, float, bool, type(None), InputError)
    return {k: v if isinstance(v, simple) else repr(v)[:200] for k, v in params.items()}


def answer(request: Request, deadline: float, cancel: threading.Event) -> tuple[Any, ...]:
    """Run one job; every way it can end becomes a message."""
    from . import jobs

    try:
        return ("ok", jobs.run(request, deadline, cancel))
    except InputError as err:
        return ("input", err.template, plain(err.params))
    except MemoryError:
        return ("memory",)
    except Exception:
        return ("internal", traceback.format_exc())


def serve_jobs(inbox: Connection, outbox: Connection, cap: int, warm: bool) -> None:
    """A worker's life: take jobs one at a time from ``inbox``; a second thread listens for a
    cancel of the running job, and with ``warm`` a third loads the common kernels meanwhile.
    Ends when the server closes the pipe."""
    os.nice(NICE)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    pending: queue.Queue[tuple[int, Request, float]] = queue.Queue()
    lock = threading.Lock()
    sending = threading.Lock()  # two threads answer on one pipe
    running: dict[int, threading.Event] = {}
    cancelled: set[int] = set()

    def listen() -> None:
        while True:
            try:
                message = inbox.recv()
            except (EOFError, OSError):
                os._exit(0)
            if message[0] == "job":
                with sending:  # the server knows from now on that the job may have run
                    outbox.send((message[1], "taken"))
                pending.put(message[1:])
                continue
            with lock:  # ("cancel", id): the job may be running, or not started yet
                if message[1] in running:
                    running[message[1]].set()
                else:
                    cancelled.add(message[1])

    threading.Thread(target=listen, daemon=True).start()
    if warm:
        from .jobs import warm_up

        threading.Thread(target=warm_up, daemon=True).start()
    while True:
        job_id, request, deadline = pending.get()
        cancel = threading.Event()
        with lock:
            running[job_id] = cancel
            if job_id in cancelled:
                cancel.set()
        reply = answer(request, deadline, cancel)
        with lock:
            running.pop(job_id)
            cancelled.discard(job_id)
        retiring = resident_bytes() > RECYCLE_BYTES
        with sending:
            outbox.send((job_id, retiring, *reply))
        if retiring:
            os._exit(0)
