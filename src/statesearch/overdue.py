"""Stopping a search whose problem's own code never comes back.

The meter looks at the clock between expansions, so a ``successors`` (or heuristic, or goal
test) that loops for ever is out of its reach: the time limit passes and nothing stops. While a
search with a time limit runs, a watchdog thread waits for its deadline plus a grace; if the
search is still running then, it raises ``Overdue`` (a ``LimitHit`` for the time) in the
search's own thread, at its next Python instruction (CPython's ``PyThreadState_SetAsyncExc``);
so does a Ctrl-C the search has not heeded ``GRACE_S`` after it (``Unheeded``). The facade
watches the first look at a problem (``check_problem`` runs its successors) as well as the
search, and loading a problem of one's own is watched too. Compiled kernels come back to Python
after every slice, so this is for Python code only.
"""

from __future__ import annotations

import ctypes
import threading
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .background import start_daemon
from .limits import LimitHit, LimitKind, Meter

GRACE_S = 2.0  # past the deadline (or Ctrl-C): a search that checks its meter stopped long before
POLL_S = 0.1  # how often the watchdog looks at the clock and the cancel flag


class Stuck(LimitHit):
    """Raised from outside into a search stuck in the problem's own code (no arguments: that
    is how an exception is raised into another thread)."""


class Overdue(Stuck):
    """The time limit passed ``GRACE_S`` ago."""

    def __init__(self) -> None:
        super().__init__(
            LimitKind.TIME,
            f"time limit, passed by {GRACE_S:g} s: the problem's own code had not returned",
        )


class Unheeded(Stuck):
    """The search was cancelled (Ctrl-C) ``GRACE_S`` ago."""

    def __init__(self) -> None:
        super().__init__(
            LimitKind.CANCELLED,
            f"cancelled {GRACE_S:g} s ago: the problem's own code had not returned",
        )


@contextmanager
def stopped_when_overdue(meter: Meter | None) -> Iterator[None]:
    """Run the block under a watchdog (none without a meter, or with neither a time limit nor
    a cancel flag to watch)."""
    if meter is None or (meter.deadline == float("inf") and meter.cancel is None):
        yield
        return
    deadline, cancel = meter.deadline, meter.cancel
    thread = ctypes.c_ulong(threading.get_ident())
    done = threading.Event()
    lock = threading.Lock()
    raised = False

    def watch() -> None:
        nonlocal raised
        cancelled_at = float("inf")
        while not done.wait(POLL_S):
            now = time.perf_counter()
            if cancel is not None and cancel.is_set():
                cancelled_at = min(cancelled_at, now)
            late = now > deadline + GRACE_S
            if late or now > cancelled_at + GRACE_S:
                with lock:
                    if not done.is_set():
                        stuck = Overdue if late else Unheeded
                        ctypes.pythonapi.PyThreadState_SetAsyncExc(thread, ctypes.py_object(stuck))
                        raised = True
                return

    if start_daemon(watch, "statesearch-overdue") is None:  # no threads: see background.py
        yield
        return
    try:
        yield
    except Stuck as late:
        late.detail += stuck_in(late)
        raise
    finally:
        with lock:
            done.set()
            if raised:  # not yet delivered if the block ended just as it was raised: drop it
                ctypes.pythonapi.PyThreadState_SetAsyncExc(thread, None)


def stuck_in(late: Stuck) -> str:
    """Where the search was when it was stopped: the deepest line outside statesearch."""
    package = Path(__file__).parent
    frames = traceback.extract_tb(late.__traceback__)
    outside = [f for f in frames if package not in Path(f.filename).parents]
    if not outside:
        return ""
    frame = outside[-1]
    return f" (stopped in {frame.name}, {Path(frame.filename).name} line {frame.lineno})"
