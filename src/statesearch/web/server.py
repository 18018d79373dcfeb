"""Running the playground with uvicorn, with timeouts for clients that send too slowly.

uvicorn closes an idle keep-alive connection after ``timeout_keep_alive``, but it waits for a
request's headers forever: 300 half-sent requests stayed open indefinitely. The protocol below
closes a connection whose request line and headers have not all arrived ``CLIENT_TIMEOUT``
seconds after it opened or after its previous response; the guard gives the body as long
(``guard.BODY_TIMEOUT``).
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from uvicorn.protocols.http.h11_impl import H11Protocol

from .app import create_app
from .guard import BODY_TIMEOUT, allowed_names
from .workers import POOL

CLIENT_TIMEOUT = BODY_TIMEOUT
KEEP_ALIVE = 5  # seconds an idle connection stays open after a response


def slow_client_guard(header_timeout: float = CLIENT_TIMEOUT) -> type[H11Protocol]:
    """uvicorn's HTTP/1.1 protocol, with a deadline for each request's headers."""

    class HeaderDeadline(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.start_timer()

        def start_timer(self) -> None:
            self.stop_timer()
            self.header_timer = self.loop.call_later(header_timeout, self.too_slow)

        def stop_timer(self) -> None:
            if self.header_timer is not None:
                self.header_timer.cancel()
                self.header_timer = None

        def too_slow(self) -> None:
            if not self.transport.is_closing():
                self.transport.close()

        def handle_events(self) -> None:
            before = self.cycle
            super().handle_events()
            if self.cycle is not before:  # a request's headers are all in
                self.stop_timer()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            waiting = self.cycle is None or self.cycle.response_complete
            if waiting and not self.transport.is_closing():
                self.start_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            self.stop_timer()
            super().connection_lost(exc)

    return HeaderDeadline


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (raises ``OSError`` when that cannot be done)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    infos = socket.getaddrinfo(host, port, family, socket.SOCK_STREAM)
    sock = socket.socket(infos[0][0], socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(infos[0][4])
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def make_server(
    host: str,
    port: int,
    allow_hosts: Collection[str] = (),
    client_timeout: float = CLIENT_TIMEOUT,
    log_level: str = "info",
    own: Collection[str] | None = None,
) -> uvicorn.Server:
    """A uvicorn server for the playground; ``allow_hosts`` are names it answers to besides
    the loopback ones and ``host`` (for a wildcard, this machine's own addresses: ``own``, else
    found now); a client has ``client_timeout`` seconds to send a request's headers, and as
    long again for its body."""
    app = create_app(allowed_names(host, allow_hosts, own), client_timeout)
    add_queue_route(app)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=slow_client_guard(client_timeout),
        timeout_keep_alive=KEEP_ALIVE,
        log_level=log_level,
    )
    return uvicorn.Server(config)


def add_queue_route(app: FastAPI) -> None:
    """``GET /api/queue``: the line for a search slot (``workers.Pool.line``)."""

    @app.get("/api/queue", tags=["server"])
    def queue(http: Request) -> dict[str, Any]:
        """The line for the search slots, cheap enough to ask every second while a search
        waits: ``slots`` (searches that run at once), ``running`` (slots taken), ``waiting``
        (requests in line), ``cap`` (the most that may wait: one more is refused with 503 and
        ``Retry-After``) and ``places``: where the asking client's own waiting searches stand,
        oldest first (1: the next to run). The line is fair: a freed slot goes to the client
        holding the fewest, first come first served among those. A search's time limit counts
        its wait; an answer that waited says how long in ``queued_s`` (seconds)."""
        return POOL.line(http.client.host if http.client else "")


@contextmanager
def running_in_thread(
    allow_hosts: Collection[str] = (),
    client_timeout: float = CLIENT_TIMEOUT,
    bound: str = "127.0.0.1",
) -> Iterator[str]:
    """The playground served from a background thread on a free loopback port, for tests and
    notebooks; yields its URL and stops the server afterwards. It answers to the names a server
    bound to ``bound`` answers to (the loopback ones and ``allow_hosts`` always), while it
    listens on loopback whatever ``bound`` is. (A script that uses it needs the
    ``if __name__ == "__main__":`` guard: search workers are started by spawning, which imports
    the script again.)"""
    sock = listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = make_server(bound, port, allow_hosts, client_timeout, log_level="warning")
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    started = time.monotonic()
    while not server.started:
        if not thread.is_alive() or time.monotonic() > started + 30:
            raise RuntimeError("the playground server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
