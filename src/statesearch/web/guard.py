"""The checks every request passes before the application sees it, as one ASGI middleware.

- ``Host`` must be a name the server was started for (loopback names by default): a page on
  another site that resolves its own name to 127.0.0.1 (DNS rebinding) is refused, and so is a
  request whose ``Origin`` is not this server (another site, or a page served on another port
  of this machine).
- The body is read here, at most ``MAX_BODY`` bytes (413 beyond, before any parsing) and
  within ``BODY_TIMEOUT`` seconds (408 for a client that stops sending), then handed on.

Each refusal is one line of JSON in the client's language.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Collection, Mapping
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .translations import (
    BODY_TOO_LARGE,
    BODY_TOO_SLOW,
    HOST_REFUSED,
    ORIGIN_REFUSED,
    language,
    message,
    one_line,
    shorten,
)

MAX_BODY = 64 * 1024  # the largest legitimate body (a 60x60 maze) is about 4 KB
BODY_TIMEOUT = 5.0
LOOPBACK = ("127.0.0.1", "localhost", "::1")
ARRIVED = "statesearch.arrived"  # the scope's key for the moment the request's headers came


def arrival(scope: Scope) -> float:
    """When the request arrived (``time.monotonic()``): its time limit counts from then."""
    arrived = scope.get(ARRIVED)
    return arrived if isinstance(arrived, float) else time.monotonic()


def host_name(authority: str) -> str:
    """``Host`` or an origin's netloc without its port: ``[::1]:8000`` -> ``::1``."""
    authority = authority.strip().lower()
    if authority.startswith("["):
        return authority[1:].partition("]")[0]
    if authority.count(":") == 1:
        authority = authority.partition(":")[0]
    return authority.removesuffix(".")


def allowed_names(bound: str, extra: Collection[str] = ()) -> frozenset[str]:
    """The loopback names, the address the server is bound to (unless a wildcard) and
    ``extra``."""
    names = {*LOOPBACK, *(host_name(h) for h in extra)}
    if bound not in ("0.0.0.0", "::", ""):
        names.add(host_name(bound))
    return frozenset(names)


def refusal(
    headers: Headers, status: int, template: str, params: Mapping[str, Any]
) -> JSONResponse:
    lang = language(headers.get("accept-language"))
    return JSONResponse(
        {"detail": one_line(message(template, params, lang))},
        status_code=status,
        headers={"content-language": lang, "connection": "close"},
    )


class Guard:
    """The middleware; ``allowed_hosts`` as made by ``allowed_names``."""

    def __init__(
        self,
        app: ASGIApp,
        allowed_hosts: Collection[str],
        max_body: int = MAX_BODY,
        body_timeout: float = BODY_TIMEOUT,
    ) -> None:
        self.app = app
        self.allowed = frozenset(allowed_hosts)
        self.max_body = max_body
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope[ARRIVED] = time.monotonic()
        headers = Headers(scope=scope)
        problem = self.check_headers(headers)
        body: bytes | None = None
        if problem is None:
            body, problem = await self.read_body(receive, headers)
        if problem is not None:
            await problem(scope, receive, send)
            return
        if body is None:  # the client hung up while sending
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()  # from here on, only a disconnect can come
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    def check_headers(self, headers: Headers) -> JSONResponse | None:
        host = host_name(headers.get("host", ""))
        if host not in self.allowed:
            return refusal(headers, 400, HOST_REFUSED, {"host": shorten(host)})
        origin = headers.get("origin")  # a page's own requests come from the Host it asked
        if origin is not None and urlsplit(origin).netloc.lower() != headers["host"].lower():
            return refusal(headers, 403, ORIGIN_REFUSED, {"origin": shorten(origin)})
        length = headers.get("content-length", "0")
        if not length.isascii() or not length.isdigit() or int(length) > self.max_body:
            return refusal(headers, 413, BODY_TOO_LARGE, {"limit": self.max_body})
        return None

    async def read_body(
        self, receive: Receive, headers: Headers
    ) -> tuple[bytes | None, JSONResponse | None]:
        """The whole body, or the refusal to send instead (``(None, None)``: the client left)."""
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        until = loop.time() + self.body_timeout
        while True:
            try:
                async with asyncio.timeout_at(until):
                    message = await receive()
            except TimeoutError:
                return None, refusal(headers, 408, BODY_TOO_SLOW, {"seconds": self.body_timeout})
            if message["type"] == "http.disconnect":
                return None, None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None, refusal(headers, 413, BODY_TOO_LARGE, {"limit": self.max_body})
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks), None
