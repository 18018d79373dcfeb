"""Worker processes on this machine: the default pool, with nothing to start by hand.

Each worker is a fresh interpreter (``spawn``: no threads or locks inherited half-held) that
runs one task at a time and keeps what it loaded (kernels, pattern databases) between tasks.
The pool knows which task each worker runs, so when a worker dies (killed, out of memory) only
that task is tried again, on a new worker, and the others carry on.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from .pool import ATTEMPTS, Done, failure_line

# The stop signal every worker inherits when it starts (a byte of shared memory: no lock is
# needed to read a flag that only ever goes from 0 to 1 in a search); ``InheritedFlag`` reads it.
_stop: Any = None

# Held while a worker starts (``_signals_held``), by the parent and by the worker itself, where
# signals can be held (POSIX: Linux, macOS; not Windows).
_HELD = {signal.SIGINT, signal.SIGTERM}
MASKS = hasattr(signal, "pthread_sigmask")


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


@dataclass
class _Task:
    key: Hashable
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    deaths: int = 0


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    task: _Task | None = None


def _serve(conn: Connection, stop: Any) -> None:
    """A worker's life: run each task it is sent, reply with its value or its error."""
    global _stop
    _stop = stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    # Held since the parent started this worker (``_signals_held``); a Ctrl-C held meanwhile
    # was dropped by the line above, a SIGTERM ends the worker now.
    if MASKS:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    try:
        while (message := conn.recv()) is not None:
            key, fn, args = message
            reply: tuple[Any, Any, str | None]
            try:
                reply = (key, fn(*args), None)
            except Exception as err:  # reported with the task; the worker lives on
                reply = (key, None, failure_line(err))
            try:
                conn.send(reply)
            except (EOFError, OSError):
                raise
            except Exception as err:  # a value that does not pickle
                conn.send((key, None, failure_line(err)))
    except (EOFError, OSError):  # the parent is gone (stopped, or killed): no one to tell
        return


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C (or SIGTERM) heard only after the block, here and in the worker it starts.

    Here, a worker's start cut short left it reading half its instructions, and its traceback
    (EOFError) on the terminal. A terminal's Ctrl-C also reaches the worker (it goes to the
    whole process group), which ``spawn`` starts with Python's own handler: a KeyboardInterrupt
    traceback from whatever it was importing. So the signals are blocked as well: the worker
    inherits the mask through fork and exec and keeps it until ``_serve`` has set its handler.
    Windows has no signal masks (nor multiprocessing's resource tracker): nothing is held."""
    if not MASKS:
        yield
        return
    # Else the first ``start`` starts multiprocessing's resource tracker, which unblocks both
    # signals before the worker is started.
    resource_tracker.ensure_running()
    heard: list[int] = []
    previous: dict[int, Any] = {}
    # The mask is this thread's: a signal can still come in through another thread (a batch
    # has one while it starts), and Python would run its handler here at once. Only the main
    # thread runs handlers, so a start in another thread is never cut short.
    if threading.current_thread() is threading.main_thread():
        previous = {s: signal.signal(s, lambda signum, _: heard.append(signum)) for s in _HELD}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # one held meanwhile comes in now
        for number, handler in previous.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
    if heard:
        signal.raise_signal(heard[0])  # now, to the handler that was there


class LocalPool:
    """``size`` worker processes; see ``pool.Pool`` for the contract."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.memory_share = 0.8 / size
        self.context = multiprocessing.get_context("spawn")
        self.stop = self.context.RawValue("b", 0)
        self.workers = [self._start() for _ in range(size)]
        self.pending: deque[_Task] = deque()
        self.finished: list[Done] = []

    def _start(self) -> _Worker:
        ours, theirs = self.context.Pipe()
        process = self.context.Process(target=_serve, args=(theirs, self.stop), daemon=True)
        with _signals_held():
            process.start()
        theirs.close()
        return _Worker(process, ours)

    def submit(self, key: Hashable, fn: Callable[..., Any], *args: Any) -> None:
        self.pending.append(_Task(key, fn, args))

    def cancel(self, keys: Iterable[Hashable]) -> None:
        wanted = set(keys)
        kept = deque(t for t in self.pending if t.key not in wanted)
        self.finished += [Done(t.key, cancelled=True) for t in self.pending if t.key in wanted]
        self.pending = kept

    def flag(self) -> LocalFlag:
        if any(w.task for w in self.workers):
            raise RuntimeError("a new stop signal while tasks are running")
        self.stop.value = 0
        return LocalFlag(self.stop)

    def warm(self, fn: Callable[..., Any], *args: Any) -> list[Any]:
        for worker in self.workers:
            # A worker that died (the kernel's out-of-memory killer, say) is found, as in
            # ``_dispatch``, by its sentinel once it is given a task.
            with contextlib.suppress(OSError):
                worker.conn.send((("warm", id(worker)), fn, args))
        values = []
        for worker in self.workers:
            with contextlib.suppress(EOFError, OSError):
                _, value, error = worker.conn.recv()
                if error is None:
                    values.append(value)
        return values

    def done(self, timeout: float) -> list[Done]:
        self._dispatch()
        out, self.finished = self.finished, []
        busy = [w for w in self.workers if w.task]
        if out or not busy:
            return out
        ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout))
        for i, worker in enumerate(self.workers):
            task = worker.task
            if task is None:
                continue
            if worker.conn in ready:
                with contextlib.suppress(EOFError, OSError):
                    key, value, error = worker.conn.recv()
                    out.append(Done(key, value, error))
                    worker.task = None
                    continue
            if worker.process.sentinel in ready or not worker.process.is_alive():
                out += self._buried(i, task)
        self._dispatch()
        return out

    def _buried(self, i: int, task: _Task) -> list[Done]:
        """Replace the dead worker ``i``; its task goes first to the next free worker, or is
        reported failed after ``ATTEMPTS`` deaths."""
        dead = self.workers[i]
        dead.conn.close()
        dead.process.join(1)
        self.workers[i] = self._start()
        task.deaths += 1
        if task.deaths >= ATTEMPTS:
            code = dead.process.exitcode
            return [Done(task.key, error=f"its worker died {task.deaths} times (exit {code})")]
        self.pending.appendleft(task)
        return []

    def _dispatch(self) -> None:
        for worker in self.workers:
            if worker.task is None and self.pending:
                worker.task = self.pending.popleft()
                # A worker that died idle is found by its sentinel, with this task to retry.
                with contextlib.suppress(OSError):
                    worker.conn.send((worker.task.key, worker.task.fn, worker.task.args))

    def close(self) -> None:
        for worker in self.workers:
            if worker.process.is_alive():
                worker.process.terminate()
        for worker in self.workers:
            worker.process.join(2)
            if worker.process.is_alive():
                worker.process.kill()
            worker.conn.close()
            worker.process.close()
        self.workers = []
