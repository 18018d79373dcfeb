"""Worker processes on this machine: the default pool, with nothing to start by hand.

Each worker (``worker_pool``'s: a fresh interpreter, deaf to the terminal's Ctrl-C, which is
the parent's to handle) runs one task at a time and keeps what it loaded (kernels, pattern
databases) between tasks. The pool knows which task each worker runs, so when a worker dies
(killed, out of memory) only that task is tried again, on a new worker, and the others carry
on.
"""

from __future__ import annotations

import contextlib
from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import Any

from ..worker_pool import messages
from ..worker_pool.messages import Job
from ..worker_pool.process import CONTEXT, WorkerProcess
from ..worker_pool.serve import Setup
from .pool import ATTEMPTS, Done

# The stop signal every worker inherits when it starts (a byte of shared memory: no lock is
# needed to read a flag that only ever goes from 0 to 1 in a search); ``InheritedFlag`` reads it.
_stop: Any = None


def inherit_stop(stop: Any) -> None:
    """In a worker as it starts: the pool's stop signal, for ``InheritedFlag``."""
    global _stop
    _stop = stop


class InheritedFlag:
    """The pool's stop signal as a task sees it: pickled as nothing, read from the event the
    worker was started with."""

    def is_set(self) -> bool:
        return _stop is not None and bool(_stop.value)


@dataclass
class LocalFlag:
    shared: Any
    remote: InheritedFlag = field(default_factory=InheritedFlag)

    def set(self) -> None:
        self.shared.value = 1


class LocalPool:
    """``size`` worker processes; see ``pool.Pool`` for the contract."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.memory_share = 0.8 / size
        self.stop = CONTEXT.RawValue("b", 0)
        self.setup = Setup(inherit_stop, (self.stop,), deaf_to_ctrl_c=True)
        self.workers = [WorkerProcess(self.setup) for _ in range(size)]
        self.running: dict[int, Job] = {}  # by worker: the task it was sent, until it answers
        self.pending: deque[Job] = deque()
        self.deaths: Counter[Hashable] = Counter()  # by task: the workers it was running on
        self.finished: list[Done] = []

    def submit(self, key: Hashable, fn: Callable[..., Any], *args: Any) -> None:
        self.deaths.pop(key, None)  # a key used again is another task
        self.pending.append(Job(key, fn, args))

    def cancel(self, keys: Iterable[Hashable]) -> None:
        wanted = set(keys)
        kept = deque(t for t in self.pending if t.id not in wanted)
        self.finished += [Done(t.id, cancelled=True) for t in self.pending if t.id in wanted]
        self.pending = kept

    def flag(self) -> LocalFlag:
        if self.running:
            raise RuntimeError("a new stop signal while tasks are running")
        self.stop.value = 0
        return LocalFlag(self.stop)

    def warm(self, fn: Callable[..., Any], *args: Any) -> list[Any]:
        sent = []
        for worker in self.workers:
            # A worker that died (the kernel's out-of-memory killer, say) is found, as in
            # ``_dispatch``, by its sentinel once it is given a task.
            with contextlib.suppress(OSError):
                worker.send(Job(("warm", id(worker)), fn, args))
                sent.append(worker)
        answers = [worker.answer_to(("warm", id(worker))) for worker in sent]
        return [a.value for a in answers if isinstance(a, messages.Done)]

    def done(self, timeout: float) -> list[Done]:
        self._dispatch()
        out, self.finished = self.finished, []
        busy = [self.workers[i] for i in self.running]
        if out or not busy:
            return out
        ready = set(wait([w.answers for w in busy] + [w.process.sentinel for w in busy], timeout))
        for i, task in list(self.running.items()):
            worker = self.workers[i]
            ended = _ended(worker) if worker.answers in ready else None
            if ended is None:
                if worker.process.sentinel in ready or not worker.alive():
                    out += self._buried(i, task)
                continue
            del self.running[i]
            if isinstance(ended, messages.Failed):
                out.append(Done(task.id, error=ended.line))
            else:
                out.append(Done(task.id, ended.value))
        self._dispatch()
        return out

    def _buried(self, i: int, task: Job) -> list[Done]:
        """Replace the dead worker ``i``; its task goes first to the next free worker, or is
        reported failed after ``ATTEMPTS`` deaths."""
        dead = self.workers[i]
        del self.running[i]
        dead.process.join(1)
        self.workers[i] = dead.replaced()
        self.deaths[task.id] += 1
        if (deaths := self.deaths[task.id]) >= ATTEMPTS:
            code = dead.process.exitcode
            return [Done(task.id, error=f"its worker died {deaths} times (exit {code})")]
        self.pending.appendleft(task)
        return []

    def _dispatch(self) -> None:
        for i, worker in enumerate(self.workers):
            if i not in self.running and self.pending:
                self.running[i] = task = self.pending.popleft()
                # A worker that died idle is found by its sentinel, with this task to retry.
                with contextlib.suppress(OSError):
                    worker.send(task)

    def close(self) -> None:
        for worker in self.workers:
            if worker.alive():
                worker.process.terminate()
        for worker in self.workers:
            worker.process.join(2)
            worker.kill()  # one still starting holds SIGTERM until it can take it calmly
            worker.process.join()
            worker.process.close()
        self.workers = []


def _ended(worker: WorkerProcess) -> messages.Done | messages.Failed | None:
    """How the task of ``worker`` ended, if its answer has come (its ``Taken`` passed over)."""
    while worker.answers.poll():
        message = worker.receive()
        if message is None or not isinstance(message, messages.Taken):
            return message
    return None
