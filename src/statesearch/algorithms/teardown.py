"""Freeing a finished search's tables off the caller's clock.

CPython frees a dictionary of millions of states one object at a time, about half a second per
ten seconds of A*, and it would do so as the search function returns: after the search met
its time limit, before the caller sees the answer. The loops hand their big tables to a
background thread instead (and drop their own references, which a stopped search's frame would
otherwise keep), and it empties them a few entries at a time while the caller goes on: one
dealloc of the whole table would hold the GIL, and the caller, throughout.
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Sized

from ..background import start_daemon

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
            worker = start_daemon(_drop, "statesearch-teardown")
            if worker is None:  # no threads (Python in the browser): the caller frees them
                return
            _workers.append(worker)
    _pending.put(tables)


def _drop() -> None:
    while True:
        tables = _pending.get()
        for table in tables:
            _empty(table)
        del tables, table  # the last references: what is left is freed here, in this thread


def _empty(table: Sized) -> None:
    """Empty ``table`` a few entries at a time, unless something else holds it (a trace keeps
    the g and parent tables). Freeing a dict of millions at once is one call that holds the GIL
    throughout: the caller, printing its answer, would wait for all of it."""
    if sys.getrefcount(table) > _OURS:
        return
    if isinstance(table, dict):
        pop = table.popitem
        for _ in range(len(table)):
            pop()
    elif isinstance(table, list):
        while table:
            del table[-_SLICE:]


_OURS = 4  # references to a table in ``_empty``: the queued tuple, loop, argument, getrefcount
_SLICE = 4096  # list entries freed at a time
