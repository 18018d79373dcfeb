"""The checks every request passes before the application sees it, as one ASGI middleware.

- ``Host`` must be a name the server was started for (loopback names by default; bound to
  every interface, ``0.0.0.0``, also each address of this machine's own): a page on
  another site that resolves its own name to 127.0.0.1 (DNS rebinding) is refused, and so is a
  request whose ``Origin`` is not this server (another site, or a page served on another port
  of this machine).
- The body is read here, at most ``MAX_BODY`` bytes (413 beyond, before any parsing) and
  within ``BODY_TIMEOUT`` seconds (408 for a client that stops sending), then handed on.

Each refusal is one line of JSON in the client's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import struct
import sys
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
WILDCARDS = ("0.0.0.0", "::", "")  # bound to every interface
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


def allowed_names(
    bound: str, extra: Collection[str] = (), own: Collection[str] | None = None
) -> frozenset[str]:
    """The loopback names, ``extra``, and the address the server is bound to; bound to a
    wildcard, this machine's own addresses instead (``own``, else ``interface_addresses()``):
    the addresses a student's device reaches it by."""
    names = {*LOOPBACK, *(host_name(h) for h in extra)}
    if bound in WILDCARDS:
        names.update(interface_addresses() if own is None else own)
    else:
        names.add(host_name(bound))
    return frozenset(names)


def interface_addresses() -> list[str]:
    """This machine's own IPv4 addresses but loopback, in order, as found when asked (the
    standard library only): each interface's on Linux, the host name's (macOS, Windows), and
    the one its route to the outside leaves from."""
    found: set[str] = set()
    if sys.platform.startswith("linux"):
        found.update(linux_interface_addresses())
    with contextlib.suppress(OSError, UnicodeError):
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        found.update(str(info[4][0]) for info in infos)
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # UDP: only a route is chosen, nothing is sent
        found.add(probe.getsockname()[0])
    addresses = {ipaddress.IPv4Address(a) for a in found}
    return [str(a) for a in sorted(addresses) if not (a.is_loopback or a.is_unspecified)]


def linux_interface_addresses() -> set[str]:
    """Each network interface's IPv4 address, asked of the kernel (``SIOCGIFADDR``)."""
    import fcntl

    found = set()
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            with contextlib.suppress(OSError):  # an interface without an IPv4 address
                answer = fcntl.ioctl(sock.fileno(), 0x8915, request)  # SIOCGIFADDR
                found.add(socket.inet_ntoa(answer[20:24]))
    return found


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
