"""The parent's handle on one worker process: start it, send it messages, hear its answers,
notice its death, kill and replace it."""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
from collections.abc import Hashable, Iterator
from multiprocessing import resource_tracker
from typing import Any

from .messages import Died, Done, Failed, FromWorker, Taken, ToWorker
from .serve import HELD, MASKS, Setup, serve

# Every worker is a fresh interpreter: no fork of a threaded parent (a server, a batch with its
# progress thread), no lock inherited half-held.
CONTEXT = multiprocessing.get_context("spawn")


class WorkerProcess:
    """One worker process and its two pipes (jobs in, answers out). ``taken``: the job it said
    it has taken, until it answers."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        inbox, self.jobs = CONTEXT.Pipe(duplex=False)
        self.answers, outbox = CONTEXT.Pipe(duplex=False)
        self.process = CONTEXT.Process(target=serve, args=(inbox, outbox, setup), daemon=True)
        with signals_held() if setup.deaf_to_ctrl_c else contextlib.nullcontext():
            self.process.start()
        inbox.close()
        outbox.close()
        self.taken: Hashable | None = None

    def send(self, message: ToWorker) -> None:
        """Raises ``OSError`` when the worker is gone (the job surely did not reach it)."""
        self.jobs.send(message)

    def receive(self) -> FromWorker | None:
        """The worker's next message (waits for one), or ``None``: its pipe closed, it died."""
        try:
            message: FromWorker = self.answers.recv()
        except (EOFError, OSError):
            return None
        self.taken = message.id if isinstance(message, Taken) else None
        return message

    def answer_to(self, job: Hashable) -> Done | Failed | None:
        """Wait for how ``job`` ended, past its ``Taken``; ``None`` if the worker died first."""
        while (message := self.receive()) is not None:
            if message.id == job and not isinstance(message, Taken):
                return message
        return None

    def alive(self) -> bool:
        return self.process.is_alive()

    def died(self, job: Hashable) -> Died:
        """The notice for ``job``, whose worker ended without answering it."""
        return Died(job, self.taken == job, f"exit code {self.process.exitcode}")

    def kill(self) -> None:
        """Ended at once (whatever it runs is abandoned), its pipes closed."""
        self.process.kill()
        self.jobs.close()
        self.answers.close()

    def replaced(self) -> WorkerProcess:
        """This one killed, and a new one started as this one was."""
        self.kill()
        return WorkerProcess(self.setup)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C (or SIGTERM) heard only after the block, here and in the worker it starts.

    Here, a worker's start cut short left it reading half its instructions, and its traceback
    (EOFError) on the terminal. A terminal's Ctrl-C also reaches the worker (it goes to the
    whole process group), which ``spawn`` starts with Python's own handler: a KeyboardInterrupt
    traceback from whatever it was importing. So the signals are blocked as well: the worker
    inherits the mask through fork and exec and keeps it until ``serve`` has set its handler.
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
        previous = {s: signal.signal(s, lambda signum, _: heard.append(signum)) for s in HELD}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # one held meanwhile comes in now
        for number, handler in previous.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
    if heard:
        signal.raise_signal(heard[0])  # now, to the handler that was there
