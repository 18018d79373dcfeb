"""Stopping a search whose problem's own code never comes back.

The meter looks at the clock between expansions, so a ``successors`` (or heuristic, or goal
test) that loops for ever is out of its reach: the time limit passes and nothing stops. While a
search with a time limit runs, a watchdog thread waits for its deadline plus a grace; if the
search is still running then, it raises ``Overdue`` (a ``LimitHit`` for the time) in the
search's own thread, at its next Python instruction (CPython's ``PyThreadState_SetAsyncExc``);
so does a Ctrl-C the search has not heeded ``GRACE_S`` after it (``Unheeded``). The facade
watches the first look at a problem (``check_problem`` runs its successors) as well as the
search, and loading a problem of one's own is watched too. Compiled kernels come back to Python
after every slice, so this is for Python code only. Code blocked in C (``time.sleep``) never
sees the exception: the command line then ends its process (``HARD_STOP``).
"""

from __future__ import annotations

import ctypes
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from types import FrameType

from .background import start_daemon
from .core.limits import LimitHit, LimitKind, Meter

GRACE_S = 2.0  # past the deadline (or Ctrl-C): a search that checks its meter stopped long before
POLL_S = 0.1  # how often the watchdog looks at the clock and the cancel flag
# What ends the process when the problem's code is stuck in C (``time.sleep(1000)``, a read that
# never returns), where no exception reaches it: called ``GRACE_S`` after ``Overdue`` or
# ``Unheeded`` was raised in vain, with the budget and why. Set by the command line, which owns
# its process; a library, a notebook or the server never has its process ended.
HARD_STOP: Callable[[LimitKind, str], None] | None = None


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


def stopped_when_overdue(meter: Meter | None) -> AbstractContextManager[None]:
    """Run the block under a watchdog (none without a meter, or with neither a time limit nor
    a cancel flag to watch: a ``nullcontext``, which costs a short search nothing)."""
    if meter is None or (meter.deadline == float("inf") and meter.cancel is None):
        return nullcontext()
    return _watched(meter)


@contextmanager
def _watched(meter: Meter) -> Iterator[None]:
    deadline, cancel = meter.deadline, meter.cancel
    ident = threading.get_ident()
    thread = ctypes.c_ulong(ident)
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
                    if done.is_set():
                        return
                    stuck = Overdue if late else Unheeded
                    ctypes.pythonapi.PyThreadState_SetAsyncExc(thread, ctypes.py_object(stuck))
                    raised = True
                if not done.wait(GRACE_S) and HARD_STOP is not None:  # blocked in C
                    hit = stuck()
                    frame = sys._current_frames().get(ident)
                    where = blocked_in(frame) if frame is not None else ""
                    HARD_STOP(hit.kind, f"{hit.detail}{where}, {GRACE_S:g} s more: blocked in C")
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


def blocked_in(innermost: FrameType) -> str:
    """Where a thread is (its innermost line outside statesearch), as ``stuck_in`` says it."""
    package = Path(__file__).parent
    frame: FrameType | None = innermost
    while frame is not None and package in Path(frame.f_code.co_filename).parents:
        frame = frame.f_back
    if frame is None:
        return ""
    name, line = frame.f_code.co_name, frame.f_lineno
    return f" (stopped in {name}, {Path(frame.f_code.co_filename).name} line {line})"


def stuck_in(late: Stuck) -> str:
    """Where the search was when it was stopped: the deepest line outside statesearch."""
    package = Path(__file__).parent
    frames = traceback.extract_tb(late.__traceback__)
    outside = [f for f in frames if package not in Path(f.filename).parents]
    if not outside:
        return ""
    frame = outside[-1]
    return f" (stopped in {frame.name}, {Path(frame.filename).name} line {frame.lineno})"
