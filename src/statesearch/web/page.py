"""The page's transport for ``routes``: statesearch answering the page from inside the browser.

The static site (``make site``) runs this module in Pyodide, in a Web Worker: the page posts a
route and a body, ``answer`` reads the body with the same checks, runs the same route, and gives
back what ``POST /api/<route>`` would: its status and its JSON. Nothing here knows of HTTP or
of a worker process; a search runs in this thread within its time limit (and the page's Stop
ends the whole worker), reporting its progress through ``progress``.

``answer`` takes and gives JSON text, so that no object crosses between JavaScript and Python.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
import traceback
from collections.abc import Callable
from enum import Enum
from typing import Any

from ..core.limits import Snapshot
from ..errors import InputError
from ..kernels import COMPILER
from . import meters
from .checks import Invalid, read
from .route import Route, every_route, limits
from .translations import (
    INTERNAL,
    NOT_ALLOWED,
    NOT_FOUND,
    STOPPED_IN_PAGE,
    input_error,
    message,
    validation_errors,
)

SLOTS = 1  # the page's Python runs one search at a time
LOG = "the browser's console"  # where an internal error's details go

PAGE_ROUTES = {**every_route(), "limits": Route("server", None, lambda: limits(SLOTS))}


def plain(value: Any) -> Any:
    """What FastAPI's encoder makes of a value JSON has no word for."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | set | frozenset):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def reply(status: int, body: Any) -> str:
    return json.dumps({"status": status, "body": body}, default=plain, allow_nan=False)


def refusal(status: int, detail: str) -> str:
    return reply(status, {"detail": detail})


def answer(route: str, body: str | None, lang: str = "en") -> str:
    """``{"status": ..., "body": ...}`` as JSON text: ``POST /api/<route>`` with ``body`` (JSON
    text), or ``GET`` when ``body`` is ``None``, as the server would answer it."""
    if route == "limits":
        return (
            reply(200, limits(SLOTS))
            if body is None
            else refusal(405, message(NOT_ALLOWED, {}, lang))
        )
    found = PAGE_ROUTES.get(route)
    if found is None:
        return refusal(404, message(NOT_FOUND, {}, lang))
    if (found.request is None) != (body is None):
        return refusal(405, message(NOT_ALLOWED, {}, lang))
    try:
        if found.request is None:
            return reply(200, found.answer())
        request = read(found.request, json.loads(body or "null"))
        if not found.search:
            return reply(200, found.answer(request))
        if found.compiled and not COMPILER:
            raise InputError(
                "this needs the installed statesearch (numpy), not the page's Python; "
                "run: {command}",
                command=found.locally(request) if found.locally else route,
            )
        deadline = time.monotonic() + request.time_limit  # type: ignore[attr-defined]
        answered = found.answer(request, deadline, threading.Event())
        if answered.get("status") == "limit_reached" and found.locally:
            advise(answered, found.locally(request))
        return reply(200, answered)
    except Invalid as err:
        return refusal(422, validation_errors(err.problems, lang))
    except InputError as err:
        return refusal(422, input_error(err, lang))
    except Exception:
        incident = secrets.token_hex(4)
        print(f"statesearch internal error {incident}:\n{traceback.format_exc()}")
        return refusal(500, message(INTERNAL, {"incident": incident, "log": LOG}, lang))


def advise(answered: dict[str, Any], command: str) -> None:
    """Add to a stopped search's note, in each language, how to run it with the installed tool
    (compiled kernels, no page's caps)."""
    for lang, note in answered.get("note_in", {}).items():
        advice = message(STOPPED_IN_PAGE, {"command": command}, lang)
        answered["note_in"][lang] = f"{note}; {advice}" if note else advice
    answered["locally"] = command


def report_progress(to: Callable[[str], None]) -> None:
    """Send every search's progress to ``to`` (a JSON line: expanded, frontier, seconds)."""

    def send(snapshot: Snapshot) -> None:
        to(
            json.dumps(
                {
                    "expanded": snapshot.expanded,
                    "frontier": snapshot.frontier,
                    "seconds": round(snapshot.elapsed, 2),
                    "bound": snapshot.bound,
                }
            )
        )

    meters.progress = send
