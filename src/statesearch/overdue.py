"""Stopping a search whose problem's own code never comes back.

The meter looks at the clock between expansions, so a ``successors`` (or heuristic, or goal
test) that loops for ever is out of its reach: the time limit passes and nothing stops. While a
search with a time limit runs, a watchdog thread waits for its deadline plus a grace; if the
search is still running then, it raises ``Overdue`` (a ``LimitHit`` for the time) in the
search's own thread, at its next Python instruction (CPython's ``PyThreadState_SetAsyncExc``).
Compiled kernels come back to Python after every slice, so this is for Python code only.
"""

from __future__ import annotations

import ctypes
import threading
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .limits import LimitHit, LimitKind, Meter

GRACE_S = 2.0  # past the deadline: a search that checks its clock has stopped long before


class Overdue(LimitHit):
    """Raised from outside into a search that did not stop at its time limit (no arguments:
    that is how an exception is raised into another thread)."""

    def __init__(self) -> None:
        super().__init__(
            LimitKind.TIME,
            f"time limit, passed by {GRACE_S:g} s: the problem's own code had not returned",
        )


@contextmanager
def stopped_when_overdue(meter: Meter) -> Iterator[None]:
    """Run the block under a watchdog (none without a time limit)."""
    seconds = meter.deadline - time.perf_counter()
    if seconds == float("inf"):
        yield
        return
    thread = ctypes.c_ulong(threading.get_ident())
    done = threading.Event()
    lock = threading.Lock()
    raised = False

    def watch() -> None:
        nonlocal raised
        if done.wait(max(seconds, 0) + GRACE_S):
            return
        with lock:
            if not done.is_set():
                ctypes.pythonapi.PyThreadState_SetAsyncExc(thread, ctypes.py_object(Overdue))
                raised = True

    watcher = threading.Thread(target=watch, name="statesearch-overdue", daemon=True)
    watcher.start()
    try:
        yield
    except Overdue as late:
        late.detail += stuck_in(late)
        raise
    finally:
        with lock:
            done.set()
            if raised:  # not yet delivered if the block ended just as it was raised: drop it
                ctypes.pythonapi.PyThreadState_SetAsyncExc(thread, None)


def stuck_in(late: Overdue) -> str:
    """Where the search was when it was stopped: the deepest line outside statesearch."""
    package = Path(__file__).parent
    frames = traceback.extract_tb(late.__traceback__)
    outside = [f for f in frames if package not in Path(f.filename).parents]
    if not outside:
        return ""
    frame = outside[-1]
    return f" (stopped in {frame.name}, {Path(frame.filename).name} line {frame.lineno})"
