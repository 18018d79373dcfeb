"""Searches run in worker processes, one per search slot, never in the server's own process.

Why processes: a search allocates millions of small objects, and the garbage-collection pause
at its end (1-2 s measured, with searches in threads) stalled every other request; a worker
also has its own memory cap, and it can be stopped. A request holds a slot while its worker
runs it; with every slot taken it waits in line, and only when ``QUEUE_CAP`` requests wait is
one refused (``ServerBusy``: a 503 whose ``Retry-After`` is the time until the first running
job's deadline, when a place frees). The line is fair: a freed slot goes to the client (its
address) holding the fewest slots, among those to the one whose turn came longest ago, so the
first to come are served first and a client that sends many requests cannot hold every slot.
(All of a machine's own pages are one client: a local user's parallel requests take them all.)

Every job carries its deadline (``time.monotonic()``, one clock for every process of the
machine), counted from the request's arrival, time in line included: a request whose deadline
passes in line, or whose client hangs up there, leaves it (a time-limit stop, a cancel). The
worker's search meets the deadline itself; a job that overruns it by ``GRACE`` (setup that
reads no clock, a compile) or whose client has gone (cancelled, and given ``GRACE`` to notice)
has its worker killed, and a fresh worker takes the slot. So no request outlives its time
limit by more than about a second, and none keeps a slot or a place after its client hung up.

The processes and their messages are the shared core's (``worker_pool``, as the batch's local
pool's); this module keeps the web's policy: the line, the caps, the deadlines and cancels.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import pickle
import threading
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.limits import LimitKind
from ..worker_pool.messages import Cancel, Died, Done, Failed, Job, Taken
from ..worker_pool.process import CONTEXT as CONTEXT  # for tests that hold off a worker's death
from ..worker_pool.process import WorkerProcess
from .incidents import record
from .schemas import Request
from .worker_process import run_search, setup

SLOTS = 2
GRACE = 0.5  # seconds a job may overrun its deadline, or outlive its client, before a kill
TICK = 0.1  # seconds between looks at the client and the clock while a job runs
QUEUE_CAP = 200  # requests that may wait for a slot; one more is refused (503, Retry-After)


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


class Worker(WorkerProcess):
    """The server's handle on one worker process (``warm``: loading the common kernels)."""

    def __init__(self, warm: bool = False) -> None:
        super().__init__(setup(SLOTS, warm))

    def stop(self) -> None:
        self.kill()

    async def run(
        self,
        job_id: int,
        request: Request,
        deadline: float,
        disconnected: Callable[[], Awaitable[bool]],
    ) -> Ended:
        """The worker's answer, or ``Stopped`` (killed at the deadline, or for a client gone),
        or ``Died``: not ``taken`` when the worker died before it took the job (a worker
        killed while idle: the job can go to another)."""
        started = time.monotonic()
        try:
            self.send(Job(job_id, run_search, (request, deadline), cancellable=True))
        except OSError as err:  # the worker is gone: the job can go to another
            return Died(job_id, taken=False, reason=f"could not send the job: {err!r}")
        except pickle.PicklingError as err:
            return Died(job_id, taken=True, reason=f"could not send the job: {err!r}")
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
                while self.answers.poll():
                    message = self.receive()
                    if message is None:
                        return self.died(job_id)
                    if message.id != job_id:
                        return Died(job_id, taken=True, reason="an answer to another job")
                    if not isinstance(message, Taken):
                        return message
                ready = loop.create_future()
                now = time.monotonic()
                if gone_at is None and await disconnected():
                    gone_at = now
                    self.send(Cancel(job_id))
                if gone_at is not None and now > gone_at + GRACE:
                    return stopped(LimitKind.CANCELLED, now - started)
                if now > deadline + GRACE:
                    return stopped(LimitKind.TIME, now - started)
                if not self.alive():
                    return self.died(job_id)
        finally:
            loop.remove_reader(fd)


Ended = Done | Failed | Died | Stopped  # how a job handed to a worker ended


def reusable(ended: Ended) -> bool:
    """Whether the worker may take another job: it answered, and is not retiring."""
    return isinstance(ended, Done | Failed) and not ended.retiring


class Running(NamedTuple):
    """A job holding a slot."""

    deadline: float
    worker: Worker
    client: str


@dataclass(eq=False)
class Waiter:
    """A request waiting in line; the pool hands it a slot (``job``) and calls ``wake``."""

    client: str
    deadline: float
    arrived: float
    wake: Callable[[], object]
    job: tuple[int, Worker] | None = None


Lines = dict[str, deque[Waiter]]  # each client's waiting requests, clients in turn order


def next_in_line(lines: Lines, held: Counter[str]) -> Waiter:
    """Take the next request out of ``lines`` (not empty): the first of the client holding the
    fewest slots (``held``, counted up here), among those the one whose turn came longest ago."""
    client = min(lines, key=held.__getitem__)
    line = lines.pop(client)
    waiter = line.popleft()
    if line:
        lines[client] = line
    held[client] += 1
    return waiter


class Pool:
    """``SLOTS`` workers (started on first use or by ``warm``, replaced when stopped) and a line
    of at most ``queue_cap`` requests waiting for them. Thread-safe: test clients and servers
    in one process, each with its own event loop, share the module's ``POOL``."""

    def __init__(self, slots: int = SLOTS, queue_cap: int = QUEUE_CAP) -> None:
        self.slots = slots
        self.queue_cap = queue_cap
        self._lock = threading.Lock()
        self._idle: list[Worker] = []
        self._busy: dict[int, Running] = {}  # job id: its deadline, worker and client
        self._lines: Lines = {}  # never a request waiting while a slot is free
        self._next_id = 0

    def pids(self) -> list[int]:
        """The live worker processes' ids, idle and busy (for a monitor, or a test that stops
        one)."""
        with self._lock:
            workers = [*self._idle, *(job.worker for job in self._busy.values())]
        return [w.process.pid for w in workers if w.process.pid and w.process.is_alive()]

    def taken(self) -> int:
        """How many jobs a worker has taken (the others are on their way to one)."""
        with self._lock:
            return sum(job.worker.taken is not None for job in self._busy.values())

    def warm(self) -> None:
        """Start every worker now. One of them compiles and loads the common kernels in the
        background (``jobs.warm_up``): its compiles land in the cache directory, so that the
        other workers only load them. The idle list is used last-in first-out, so the first
        jobs go to a worker that is not busy warming up."""
        with self._lock:
            while len(self._idle) + len(self._busy) < self.slots:
                self._idle.append(Worker(warm=not self._idle and not self._busy))

    def line(self, client: str = "") -> dict[str, Any]:
        """The line as a page shows it: ``slots``, ``running`` (slots taken), ``waiting``,
        ``cap`` (the most that may wait) and ``places``: where ``client``'s waiting requests
        stand, oldest first (1: the next to get a slot), as things stand now."""
        with self._lock:
            lines = {c: deque(line) for c, line in self._lines.items()}
            held = Counter(job.client for job in self._busy.values())
            running = len(self._busy)
        order = [next_in_line(lines, held) for _ in range(sum(map(len, lines.values())))]
        places = [place for place, w in enumerate(order, 1) if w.client == client]
        waiting, cap = len(order), self.queue_cap
        return dict(slots=self.slots, running=running, waiting=waiting, cap=cap, places=places)

    def _start(self, deadline: float, client: str) -> tuple[int, Worker]:
        """A slot for a job (the lock held): an idle worker, or a new one."""
        worker = None
        while self._idle and worker is None:
            worker = self._idle.pop()
            if not worker.process.is_alive():
                worker.stop()
                worker = None
        self._next_id += 1
        self._busy[self._next_id] = Running(deadline, worker or Worker(), client)
        return self._next_id, self._busy[self._next_id].worker

    def _enter(
        self, deadline: float, client: str, wake: Callable[[], object]
    ) -> tuple[int, Worker] | Waiter:
        """A slot at once, or a place in line; ``ServerBusy`` when the line is full."""
        with self._lock:
            if len(self._busy) < self.slots:
                return self._start(deadline, client)
            now = time.monotonic()
            if sum(map(len, self._lines.values())) >= self.queue_cap:
                first = min((job.deadline for job in self._busy.values()), default=now)
                raise ServerBusy(max(1, math.ceil(first + GRACE - now)))
            waiter = Waiter(client, deadline, now, wake)
            self._lines.setdefault(client, deque()).append(waiter)
            return waiter

    def _leave(self, waiter: Waiter) -> None:
        """Out of line (its client or its time went); a slot handed to it goes to the next."""
        with self._lock:
            granted = waiter.job
            if granted is None:
                line = self._lines[waiter.client]
                line.remove(waiter)
                if not line:
                    del self._lines[waiter.client]
        if granted is not None:
            self._give_back(granted[0], healthy=True)

    def _replace(self, job_id: int) -> Worker:
        """A new worker for a job whose worker died before taking it; the job keeps its slot."""
        with self._lock:
            job = self._busy[job_id]
            self._busy[job_id] = job._replace(worker=Worker())
        job.worker.stop()
        return self._busy[job_id].worker

    def _give_back(self, job_id: int, healthy: bool) -> None:
        """Back to the idle list, to be taken next (its tables are loaded), and the freed slot
        to the request whose turn it is. A worker that was stopped or retires is replaced at
        once by one that loads the common kernels and tables meanwhile, and is taken last: a
        successor taken first would meet the next job cold, and a job whose time limit is
        shorter than the load (Korf's tables take seconds) would be stopped and its worker
        replaced again, every time, while a loaded one waited."""
        with self._lock:
            worker = self._busy[job_id].worker
        if not healthy:
            worker.stop()
            worker = Worker(warm=True)
        with self._lock:
            del self._busy[job_id]
            self._idle.insert(len(self._idle) if healthy else 0, worker)
            woken = []
            held = Counter(job.client for job in self._busy.values())
            while self._lines and len(self._busy) < self.slots:
                waiter = next_in_line(self._lines, held)
                waiter.job = self._start(waiter.deadline, waiter.client)
                woken.append(waiter)
        for waiter in woken:
            try:
                waiter.wake()
            except RuntimeError:  # its event loop has closed: nobody will run the job
                self._leave(waiter)

    async def _wait(
        self, waiter: Waiter, ready: asyncio.Event, disconnected: Callable[[], Awaitable[bool]]
    ) -> tuple[int, Worker] | Stopped:
        """The slot handed to ``waiter`` (``ready`` is set then), or what ended its wait: its
        deadline, or its client hanging up (looked at every ``TICK``)."""
        try:
            while True:
                if waiter.job is not None:
                    return waiter.job
                now = time.monotonic()
                if now >= waiter.deadline or await disconnected():
                    self._leave(waiter)
                    limit = LimitKind.TIME if now >= waiter.deadline else LimitKind.CANCELLED
                    return stopped(limit, now - waiter.arrived)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(min(TICK, waiter.deadline - now)):
                        await ready.wait()
        except BaseException:  # cancelled: the server is stopping, or the request was dropped
            self._leave(waiter)
            raise

    async def run(
        self,
        request: Request,
        deadline: float,
        disconnected: Callable[[], Awaitable[bool]],
        client: str = "",
    ) -> dict[str, Any] | Stopped:
        """The job's answer, or what stopped it (``client`` names who asks: its address). A
        request that waited in line for its slot has its seconds there as ``queued_s`` in the
        answer. Raises ``InputError`` for the client's mistakes, ``ServerBusy`` (the line is
        full), and ``InternalError`` (logged) for everything else."""
        loop = asyncio.get_running_loop()
        ready = asyncio.Event()
        entered = self._enter(deadline, client, lambda: loop.call_soon_threadsafe(ready.set))
        queued: float | None = None
        if isinstance(entered, Waiter):
            turn = await self._wait(entered, ready, disconnected)
            if isinstance(turn, Stopped):
                return turn
            queued = time.monotonic() - entered.arrived
            entered = turn
        job_id, worker = entered
        ended: Ended = Died(job_id, taken=True, reason="the request was abandoned")
        try:
            ended = await worker.run(job_id, request, deadline, disconnected)
            while isinstance(ended, Died) and not ended.taken and time.monotonic() < deadline:
                worker = self._replace(job_id)  # it was killed while idle: the job never ran
                ended = await worker.run(job_id, request, deadline, disconnected)
        finally:
            self._give_back(job_id, reusable(ended))
        done = outcome(ended, type(request).__name__)
        if queued is not None and isinstance(done, dict):
            done = {**done, "queued_s": round(queued, 3)}
        return done

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for worker in idle:
            worker.stop()


def stop_reason(limit: LimitKind) -> str:
    gone = limit is LimitKind.CANCELLED
    return "stopped by the server: " + ("its client went away" if gone else "past its time limit")


def stopped(limit: LimitKind, seconds: float) -> Stopped:
    return Stopped(limit, stop_reason(limit), seconds)


def outcome(ended: Ended, what: str) -> dict[str, Any] | Stopped:
    if isinstance(ended, Done):
        data: dict[str, Any] = ended.value
        return data
    if isinstance(ended, Stopped):
        return ended
    if isinstance(ended, Failed):
        if ended.input_error is not None:
            raise ended.input_error
        if ended.out_of_memory:
            return Stopped(LimitKind.MEMORY, "the search ran out of memory", 0.0)
        raise record(f"{what} failed in a worker", ended.trace)
    # died, or died before it took the job with no time left to hand the job to another worker
    raise record(f"the search worker for {what} stopped", ended.reason)


POOL = Pool()
