"""Daemon threads where the platform has them.

Python in the browser (Pyodide) has no threads: there, what a thread would do in the
background is left undone (a table is freed by its last reference; the page's Stop button,
which ends the whole worker, stands in for the watchdog).
"""

from __future__ import annotations

import threading
from collections.abc import Callable


def start_daemon(target: Callable[[], None], name: str) -> threading.Thread | None:
    """The started thread, or ``None`` where no thread can be started."""
    thread = threading.Thread(target=target, name=name, daemon=True)
    try:
        thread.start()
    except RuntimeError:  # "can't start new thread"
        return None
    return thread
