"""The server's transport for ``routes``: each route as a FastAPI endpoint under ``/api``.

A body is read by ``checks.read`` (the same reading as the page's own Python); a cheap route
answers at once, a search runs in a worker process (``workers``), bounded by the request's time
limit (at most ``schemas.MAX_SECONDS``, counted from the request's arrival, setup included) and
cancelled when the client hangs up. ``checks.Invalid`` and an ``InputError`` raised anywhere
below become a 422 in the client's language (see app.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from enum import Enum
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel

from ..core.result import SearchResult, Stats, Status
from .checks import body_schema, read
from .guard import arrival
from .route import Route, every_route, limits
from .workers import POOL, Stopped


class Refusal(BaseModel):
    """Every answer that is not a result: one line, in the client's language."""

    detail: str


def refusal(why: str) -> dict[str, Any]:
    return {"model": Refusal, "description": why}


# What the API documents of its refusals (the guard's and the handlers' in ``app``).
REFUSALS: dict[int | str, dict[str, Any]] = {
    400: refusal("a host name this server does not answer to, or a body it cannot read"),
    403: refusal("a request from a page of another site"),
    408: refusal("a body that did not arrive in time"),
    413: refusal("a body larger than the server takes"),
    422: refusal("bad input: what is wrong, on one line"),
    500: refusal("an internal error: its incident number and where the details are"),
    503: refusal("busy with other searches (see Retry-After)"),
}

router = APIRouter(prefix="/api", responses=REFUSALS)


async def search(route: Route, request: Any, http: Request) -> dict[str, Any]:
    """The worker's answer, or for a search that gave none (stopped by the server) the limit
    that stopped it, with the route's ``empty`` for what a result would have drawn (a request
    that names no algorithm left the choice to the server: ``auto``). ``request`` has a
    ``time_limit``."""
    deadline = arrival(http.scope) + request.time_limit
    client = http.client.host if http.client else ""
    done = await POOL.run(request, deadline, http.is_disconnected, client)
    if not isinstance(done, Stopped):
        return done
    if route.gave_up:  # no result to stand for (the tilt generator): one line
        raise route.gave_up(done.seconds)
    result: SearchResult[Any] = SearchResult(
        Status.LIMIT_REACHED,
        getattr(request, "algorithm", "auto"),
        getattr(request, "heuristic", None),
        Stats(elapsed_s=done.seconds),
        limit=done.limit,
        reason=done.reason,
    )
    return {**result.to_dict(), **route.empty}


def endpoint(route: Route) -> Callable[..., Awaitable[dict[str, Any]]]:
    kind = route.request

    async def answer(http: Request, body: Annotated[Any, Body()]) -> dict[str, Any]:
        assert kind is not None
        request = read(kind, body)
        if route.search:
            return await search(route, request, http)
        return route.answer(request)

    return answer


def add(name: str, route: Route) -> None:
    tags: list[str | Enum] = [route.tag]
    path, doc = f"/{name}", route.summary or route.answer.__doc__ or ""
    route_name = name.replace("/", "_")
    if route.request is None:
        router.add_api_route(
            path, route.answer, methods=["GET"], tags=tags, name=route_name, description=doc
        )
        return
    schema = body_schema(route.request)
    extra = {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}
    router.add_api_route(
        path,
        endpoint(route),
        methods=["POST"],
        tags=tags,
        name=route_name,
        description=doc,
        openapi_extra=extra,
    )


@router.get("/limits", tags=["server"])
def server_limits() -> dict[str, Any]:
    """The server's caps: the longest a request may run, the states a search may keep, and
    how many searches run at once."""
    return limits(POOL.slots)


ALL_ROUTES: Mapping[str, Route] = every_route()
for _name, _route in ALL_ROUTES.items():
    add(_name, _route)
