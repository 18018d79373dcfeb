"""Searches run in worker processes, one per search slot, never in the server's own process.

Why processes: a search allocates millions of small objects, and the garbage-collection pause
at its end (1-2 s measured, with searches in threads) stalled every other request; a worker
also has its own memory cap, and it can be stopped. A request holds a slot while its worker
runs it; with every slot taken a further request is refused at once (``ServerBusy``, a 503
whose ``Retry-After`` is the time until the first running job's deadline). A client turned away
is owed the next slot that frees (for ``OWED_SECONDS`` after its ``Retry-After``): another
client that holds a slot already is refused it meanwhile, so one client that keeps re-sending
cannot hold every slot. (All of a machine's own pages are one client, so a local user's
parallel requests are unaffected.)

Every job carries its deadline (``time.monotonic()``, one clock for every process of the
machine). The worker's search meets it itself; a job that overruns it by ``GRACE`` (setup that
reads no clock, a compile) or whose client has gone (cancelled, and given ``GRACE`` to notice)
has its worker killed, and a fresh worker takes the slot. So no request outlives its time
limit by more than about a second, and none keeps a slot after its client hung up.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import pickle
import queue
import resource
import threading
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, NamedTuple

from pydantic import BaseModel

from ..errors import InputError
from ..limits import LimitKind, resident_bytes
from .incidents import record

SLOTS = 2
GRACE = 0.5  # seconds a job may overrun its deadline, or outlive its client, before a kill
TICK = 0.1  # seconds between looks at the client and the clock while a job runs
OWED_SECONDS = 5.0  # how long a freed slot waits for the client turned away, after Retry-After
NICE = 10  # workers yield the CPU to the server (9:1), so cheap requests stay fast under load
MEMORY_CAP = 4 << 30  # address space of one worker, at most
RECYCLE_BYTES = 1 << 30  # a worker that kept this much memory after a job is replaced
CONTEXT = multiprocessing.get_context("spawn")  # no fork of a threaded server


class ServerBusy(Exception):
    """Every search slot is taken; answered with 503 and ``Retry-After``."""

    def __init__(self, retry_after: int) -> None:
        super().__init__("busy")
        self.retry_after = retry_after


@dataclass(frozen=True)
class Stopped:
    """A job that ended without an answer of its own: a budget ran out."""

    limit: LimitKind
    reason: str
    seconds: float


# ---- inside a worker -----------------------------------------------------------------------


def memory_cap() -> int:
    """A worker's address-space cap: ``MEMORY_CAP``, or less when the machine has less free."""
    try:
        free = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_AVPHYS_PAGES")
    except (ValueError, OSError):
        return MEMORY_CAP
    return max(min(MEMORY_CAP, free // (SLOTS + 1)), 1 << 30)


def plain(params: dict[str, Any]) -> dict[str, Any]:
    """An error's fields as values that surely cross a pipe."""
    simple = (str, int, float, bool, type(None), InputError)
    return {k: v if isinstance(v, simple) else repr(v)[:200] for k, v in params.items()}


def answer(request: BaseModel, deadline: float, cancel: threading.Event) -> tuple[Any, ...]:
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
    pending: queue.Queue[tuple[int, BaseModel, float]] = queue.Queue()
    lock = threading.Lock()
    running: dict[int, threading.Event] = {}
    cancelled: set[int] = set()

    def listen() -> None:
        while True:
            try:
                message = inbox.recv()
            except (EOFError, OSError):
                os._exit(0)
            if message[0] == "job":
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
        outbox.send((job_id, retiring, *reply))
        if retiring:
            os._exit(0)


# ---- in the server -------------------------------------------------------------------------


class Worker:
    """The server's handle on one worker process (``warm``: loading the common kernels)."""

    def __init__(self, warm: bool = False) -> None:
        inbox, self.jobs = CONTEXT.Pipe(duplex=False)
        self.answers, outbox = CONTEXT.Pipe(duplex=False)
        self.process = CONTEXT.Process(
            target=serve_jobs, args=(inbox, outbox, memory_cap(), warm), daemon=True
        )
        self.process.start()
        inbox.close()
        outbox.close()

    def stop(self) -> None:
        self.process.kill()
        self.jobs.close()
        self.answers.close()

    async def run(
        self,
        job_id: int,
        request: BaseModel,
        deadline: float,
        disconnected: Callable[[], Awaitable[bool]],
    ) -> tuple[Any, ...]:
        """``(reusable, kind, *details)``: whether the worker may take another job, then its
        reply, or ``stopped`` (with the limit and the seconds) or ``died`` for a job that
        gave none."""
        started = time.monotonic()
        try:
            self.jobs.send(("job", job_id, request, deadline))
        except (OSError, pickle.PicklingError) as err:
            return (False, "died", f"could not send the job: {err!r}")
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = self.answers.fileno()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, wake)
        gone_at: float | None = None
        try:
            while True:
                await asyncio.wait({ready}, timeout=TICK)
                if ready.done():
                    try:
                        reply: tuple[Any, ...] = self.answers.recv()
                    except (EOFError, OSError):
                        return (False, "died", f"exit code {self.process.exitcode}")
                    if reply[0] != job_id:
                        return (False, "died", "an answer to another job")
                    return (not reply[1], *reply[2:])
                now = time.monotonic()
                if gone_at is None and await disconnected():
                    gone_at = now
                    self.jobs.send(("cancel", job_id))
                if gone_at is not None and now > gone_at + GRACE:
                    return (False, "stopped", LimitKind.CANCELLED, now - started)
                if now > deadline + GRACE:
                    return (False, "stopped", LimitKind.TIME, now - started)
                if not self.process.is_alive():
                    return (False, "died", f"exit code {self.process.exitcode}")
        finally:
            loop.remove_reader(fd)


class Running(NamedTuple):
    """A job holding a slot."""

    deadline: float
    worker: Worker
    client: str


class Pool:
    """``SLOTS`` workers, started on first use (or by ``warm``) and replaced when stopped.

    Thread-safe: test clients and servers in one process, each with its own event loop, share
    the module's ``POOL``."""

    def __init__(self, slots: int = SLOTS) -> None:
        self.slots = slots
        self._lock = threading.Lock()
        self._idle: list[Worker] = []
        self._busy: dict[int, Running] = {}  # job id: its deadline, worker and client
        self._owed: dict[str, float] = {}  # a client turned away: until when a slot waits for it
        self._next_id = 0

    def pids(self) -> list[int]:
        """The worker processes' ids, idle and busy (for a monitor, or a test that stops one)."""
        with self._lock:
            workers = [*self._idle, *(job.worker for job in self._busy.values())]
        return [worker.process.pid for worker in workers if worker.process.pid]

    def warm(self) -> None:
        """Start every worker now. One of them compiles and loads the common kernels in the
        background (``jobs.warm_up``): its compiles land in the cache directory, so that the
        other workers only load them. The idle list is used last-in first-out, so the first
        jobs go to a worker that is not busy warming up."""
        with self._lock:
            while len(self._idle) + len(self._busy) < self.slots:
                self._idle.append(Worker(warm=not self._idle and not self._busy))

    def _take(self, deadline: float, client: str) -> tuple[int, Worker]:
        with self._lock:
            now = time.monotonic()
            self._owed = {c: t for c, t in self._owed.items() if t > now and c != client}
            if self.slots - len(self._busy) <= len(self._owed):
                first = min((job.deadline for job in self._busy.values()), default=now)
                retry = max(1, math.ceil(first + GRACE - now))
                if all(job.client != client for job in self._busy.values()):
                    self._owed[client] = now + retry + OWED_SECONDS
                raise ServerBusy(retry)
            worker = None
            while self._idle and worker is None:
                worker = self._idle.pop()
                if not worker.process.is_alive():
                    worker.stop()
                    worker = None
            self._next_id += 1
            self._busy[self._next_id] = Running(deadline, worker or Worker(), client)
            return self._next_id, self._busy[self._next_id].worker

    def _give_back(self, job_id: int, healthy: bool) -> None:
        """Back to the idle list, to be taken next (its tables are loaded). A worker that was
        stopped or retires is replaced at once by one that loads the common kernels and tables
        meanwhile, and is taken last: a successor taken first would meet the next job cold, and
        a job whose time limit is shorter than the load (Korf's tables take seconds) would be
        stopped and its worker replaced again, every time, while a loaded one waited."""
        with self._lock:
            worker = self._busy[job_id].worker
        if not healthy:
            worker.stop()
            worker = Worker(warm=True)
        with self._lock:
            del self._busy[job_id]
            self._idle.insert(len(self._idle) if healthy else 0, worker)

    async def run(
        self,
        request: BaseModel,
        deadline: float,
        disconnected: Callable[[], Awaitable[bool]],
        client: str = "",
    ) -> dict[str, Any] | Stopped:
        """The job's answer, or what stopped it (``client`` names who asks: its address).
        Raises ``InputError`` for the client's mistakes, ``ServerBusy``, and ``InternalError``
        (logged) for everything else."""
        job_id, worker = self._take(deadline, client)
        reply: tuple[Any, ...] = (False, "died", "the request was abandoned")
        try:
            reply = await worker.run(job_id, request, deadline, disconnected)
        finally:
            self._give_back(job_id, reply[0])
        return outcome(reply[1:], type(request).__name__)

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for worker in idle:
            worker.stop()


def outcome(reply: tuple[Any, ...], what: str) -> dict[str, Any] | Stopped:
    kind, *rest = reply
    if kind == "ok":
        data: dict[str, Any] = rest[0]
        return data
    if kind == "input":
        raise InputError(rest[0], **rest[1])
    if kind == "memory":
        return Stopped(LimitKind.MEMORY, "the search ran out of memory", 0.0)
    if kind == "stopped":
        limit, seconds = rest
        why = "stopped by the server: " + (
            "its client went away" if limit is LimitKind.CANCELLED else "past its time limit"
        )
        return Stopped(limit, why, seconds)
    if kind == "internal":
        raise record(f"{what} failed in a worker", rest[0])
    raise record(f"the search worker for {what} stopped", rest[0])


POOL = Pool()
