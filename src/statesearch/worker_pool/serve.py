"""A worker process's life: jobs one at a time, each said taken as it arrives, a cancel heard
while one runs, every way a job ends a message. Ends when its parent closes the pipe."""

from __future__ import annotations

import os
import queue
import signal
import threading
import traceback
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from typing import Any

from ..core.limits import resident_bytes
from .messages import Cancel, Done, Failed, Job, Taken

# Held by the parent while a worker deaf to Ctrl-C starts (``process.signals_held``), and by
# the worker until its handler is set, where signals can be held (POSIX: Linux, macOS).
HELD = {signal.SIGINT, signal.SIGTERM}
MASKS = hasattr(signal, "pthread_sigmask")


@dataclass(frozen=True)
class Setup:
    """How a worker starts, before its first job: ``prepare(*args)`` (a pool's own: its
    priority, memory cap, a warm-up thread, a stop signal shared at start); ``deaf_to_ctrl_c``:
    a terminal's Ctrl-C (sent to the whole process group) is the parent's to handle;
    ``retire_above``: a worker holding more bytes than this after a job exits once it has
    answered (``Done.retiring``), and its pool starts another."""

    prepare: Callable[..., None] | None = None
    args: tuple[Any, ...] = ()
    deaf_to_ctrl_c: bool = False
    retire_above: int | None = None


def serve(inbox: Connection, outbox: Connection, setup: Setup) -> None:
    """Run each job sent on ``inbox``, answer on ``outbox``. A second thread listens: it says a
    job is taken as soon as it arrives and hears a cancel of the running job (or of one not
    started yet)."""
    if setup.deaf_to_ctrl_c:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        # Held since the parent started this worker (``process.signals_held``); a Ctrl-C held
        # meanwhile was dropped by the line above, a SIGTERM ends the worker now. Before any
        # thread starts: a thread keeps the mask of the one that started it.
        if MASKS:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)
    if setup.prepare is not None:
        setup.prepare(*setup.args)
    pending: queue.Queue[Job] = queue.Queue()
    lock = threading.Lock()
    sending = threading.Lock()  # two threads answer on one pipe
    running: dict[Hashable, threading.Event] = {}
    cancelled: set[Hashable] = set()

    def listen() -> None:
        while True:
            try:
                message: Job | Cancel = inbox.recv()
            except (EOFError, OSError):  # the parent is gone (stopped, or killed)
                os._exit(0)
            except Exception:  # a job that cannot be read (its module fails to import)
                traceback.print_exc()  # ends the worker, as any crash: its pool knows what next
                os._exit(1)
            if isinstance(message, Job):
                with sending:  # the parent knows from now on that the job may have run
                    outbox.send(Taken(message.id))
                pending.put(message)
                continue
            with lock:  # the job may be running, or not started yet
                if message.id in running:
                    running[message.id].set()
                else:
                    cancelled.add(message.id)

    threading.Thread(target=listen, daemon=True).start()
    while True:
        job = pending.get()
        cancel = threading.Event()
        with lock:
            running[job.id] = cancel
            if job.id in cancelled:
                cancel.set()
        ended = _run(job, cancel)
        with lock:
            running.pop(job.id)
            cancelled.discard(job.id)
        retiring = setup.retire_above is not None and resident_bytes() > setup.retire_above
        with sending:
            _answer(outbox, replace(ended, retiring=retiring))
        if retiring:
            os._exit(0)


def _run(job: Job, cancel: threading.Event) -> Done | Failed:
    try:
        value = job.fn(*job.args, cancel) if job.cancellable else job.fn(*job.args)
    except Exception as err:  # reported with the job; the worker lives on
        return Failed.of(job.id, err)
    return Done(job.id, value)


def _answer(outbox: Connection, ended: Done | Failed) -> None:
    try:
        outbox.send(ended)
    except (EOFError, OSError):  # the parent is gone: no one to tell
        os._exit(0)
    except Exception as err:  # a value that does not pickle (nothing of it was sent)
        outbox.send(Failed.of(ended.id, err, ended.retiring))
