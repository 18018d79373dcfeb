"""Freeing a finished search's tables off the caller's clock.

CPython frees a dictionary of millions of states one object at a time, about half a second per
ten seconds of A*, and it would do so as the search function returns: after the search met
its time limit, before the caller sees the answer. The loops hand their big tables to a
background thread instead, which drops them while the caller goes on.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Sized

BIG = 100_000  # entries: below this, freeing takes under a few milliseconds
_pending: queue.SimpleQueue[tuple[Sized, ...]] = queue.SimpleQueue()
_started = threading.Lock()
_workers: list[threading.Thread] = []


def release(*tables: Sized) -> None:
    """Let the background thread drop ``tables`` (the caller must drop its own references)."""
    if sum(len(t) for t in tables) < BIG:
        return
    with _started:
        if not _workers:
            worker = threading.Thread(target=_drop, name="statesearch-teardown", daemon=True)
            worker.start()
            _workers.append(worker)
    _pending.put(tables)


def _drop() -> None:
    while True:
        tables = _pending.get()
        del tables  # the last references: the tables are freed here, in this thread
