"""What every search job starts and ends with: a meter for the request's budgets (counted from
the moment its answer is due, so setup counts), and the result as JSON."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from ..algorithms import keeps_only_its_path
from ..core.limits import LimitKind, Limits, Meter, Snapshot
from ..core.result import SearchResult
from .schemas import MAX_MEMORY, MAX_STATES, RequestLimits
from .translations import notes

# Where a search's progress goes: nowhere on the server (a worker process answers once), to the
# page in the browser (``page.report_progress``).
progress: Callable[[Snapshot], None] | None = None


def seconds_left(deadline: float) -> float:
    """What is left of a request's time (a limit must be > 0, even when none is left)."""
    return max(deadline - time.monotonic(), 0.001)


def budget(
    request: RequestLimits, deadline: float, cancel: threading.Event, algorithm: str = ""
) -> Meter:
    """A meter for the request's budgets, with the time that is left of it and the server's
    memory caps; made before any setup, so the setup counts. ``algorithm``: the search, when
    the server chooses it, else the request's."""
    # The server's bound on states kept, for the searches that keep them: on a walk that keeps
    # only its path the answer would name it as a bound the search did not read.
    algorithm = algorithm or getattr(request, "algorithm", "")
    walk = keeps_only_its_path(algorithm)
    limits = Limits(
        max_expanded=request.max_expanded,
        max_pushed=request.max_pushed,
        max_depth=request.max_depth,
        time_limit=seconds_left(deadline),
        max_states=None if walk else MAX_STATES,
        max_memory=MAX_MEMORY,
    )
    return Meter(limits, cancel, progress=progress)


def answered(result: SearchResult[Any], request: RequestLimits, **extra: Any) -> dict[str, Any]:
    """The result as JSON, with its note in each of the page's languages (``note_in``); a time
    limit is named as the client gave it (the meter only had what was left of it)."""
    data = result.to_dict()
    if result.limit is LimitKind.TIME:
        data["reason"] = f"time limit of {request.time_limit:g} s (setup included)"
    return {**data, "note_in": notes(result), **extra}
