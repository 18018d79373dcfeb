"""What an API route is (``Route``), and the caps every transport reports.

Two transports call the routes and nothing else: the server (``api``, FastAPI, where a search
runs in a worker process within the request's time limit) and the page's own Python (``page``,
Pyodide in a Web Worker, where it runs in that worker). So a body gets the same answer and the
same refusal from either. Each domain's routes are named in its record (``statesearch.core.domain``)
and gathered by ``every_route``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core import domain
from ..errors import InputError
from .schemas import MAX_SECONDS, MAX_STATES, Request

# What a trace answer holds when the server stopped its search before it gave one.
NO_TRACE: Mapping[str, Any] = {
    "events": [],
    "counts": {},
    "truncated": False,
}


@dataclass(frozen=True)
class Route:
    """``request``: the body's type (``None``: a GET, no body). ``answer``: for a cheap route,
    ``answer(request)``; for a search, ``jobs``' ``answer(request, deadline, cancel)``.
    ``empty``: what a search's answer holds in place of what a result would have drawn, when
    the server stopped it before it gave one, or ``gave_up(seconds)``, a refusal that says so.
    ``tag``: its section in the API's documentation. ``locally(request)``: the command that runs
    the same with the installed tool (what the page's Python says when it cannot, or stops);
    ``compiled``: the route needs numpy, which the page's Python does not have."""

    tag: str
    request: type[Request] | None
    answer: Callable[..., dict[str, Any]]
    search: bool = False
    empty: Mapping[str, Any] = field(default_factory=dict)
    gave_up: Callable[[float], InputError] | None = None
    summary: str = ""
    locally: Callable[[Any], str] | None = None
    compiled: bool = False


def limits(slots: int) -> dict[str, Any]:
    """The caps: the longest a request may run, the states a search may keep, and how many
    searches run at once (the page's own Python runs one)."""
    return {"max_seconds": MAX_SECONDS, "max_states": MAX_STATES, "slots": slots}


def every_route() -> dict[str, Route]:
    """Every domain's routes, in the registry's order."""
    found: dict[str, Route] = {}
    for name in domain.names():
        where = domain.get(name).routes
        if where is not None:
            found.update(domain.imported(where))
    return found
