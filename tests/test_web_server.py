"""The playground's server under uvicorn, through real sockets: host names, body caps, slow
and half-sent requests, busy slots, hang-ups, time limits and workers that die."""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from helpers import eventually
from statesearch.web.guard import allowed_names, host_name
from statesearch.web.server import running_in_thread
from statesearch.web.workers import CONTEXT, POOL

CLIENT_TIMEOUT = 1.0  # the server under test gives slow clients this long
HARD_15 = [0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
QUICK = {"tiles": [1, 2, 3, 4, 5, 6, 7, 0, 8], "rows": 3, "cols": 3}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with running_in_thread(allow_hosts=["playground.lan"], client_timeout=CLIENT_TIMEOUT) as url:
        yield url


class Answer:
    """A response read off the socket: status, headers, body, and the seconds it took."""

    def __init__(self, response: http.client.HTTPResponse, seconds: float) -> None:
        self.status = response.status
        self.headers = {k.lower(): v for k, v in response.getheaders()}
        self.body = response.read()
        self.seconds = seconds

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def detail(self) -> str:
        detail = self.json()["detail"]
        assert isinstance(detail, str)
        return detail


def send(
    url: str,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30,
) -> Answer:
    """One request with exactly these headers (``Host`` too, unless left out: then the
    server's own address) and this raw body."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=timeout)
    chosen = {"Host": parts.netloc, **(headers or {})}
    started = time.monotonic()
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        for name, value in chosen.items():
            connection.putheader(name, value)
        if body is not None and "Content-Length" not in chosen:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return Answer(response, time.monotonic() - started)
    finally:
        connection.close()


def post(url: str, path: str, data: Any, **headers: str) -> Answer:
    return send(
        url,
        "POST",
        path,
        json.dumps(data).encode(),
        {"Content-Type": "application/json", **headers},
    )


def test_host_names_the_server_answers_to() -> None:
    assert host_name("[::1]:8000") == "::1" and host_name("LocalHost.:80") == "localhost"
    assert allowed_names("0.0.0.0", own=[]) == {"127.0.0.1", "localhost", "::1"}
    assert "192.168.1.5" in allowed_names("192.168.1.5")
    assert "box" in allowed_names("127.0.0.1", ["Box:8000"])


def test_dns_rebinding_is_refused(server: str) -> None:
    port = urlsplit(server).port
    for host in ("evil.com", f"evil.com:{port}", "127.0.0.1.evil.com", ""):
        answer = send(server, "GET", "/api/limits", headers={"Host": host})
        assert answer.status == 400, host
        assert "--allow-host" in answer.detail and "\n" not in answer.detail
    for host in (f"localhost:{port}", f"[::1]:{port}", "LOCALHOST", f"playground.lan:{port}"):
        assert send(server, "GET", "/api/limits", headers={"Host": host}).status == 200, host
    # A page of another site that reaches this server under its own name is refused too.
    other = send(server, "GET", "/api/limits", headers={"Origin": "http://evil.com"})
    assert other.status == 403 and "evil.com" in other.detail
    assert send(server, "GET", "/api/limits", headers={"Origin": server}).status == 200


def test_bodies_are_capped_before_they_are_read(server: str) -> None:
    announced = send(
        server, "POST", "/api/npuzzle/solve", b"{}", {"Content-Length": str(100 << 20)}
    )
    assert announced.status == 413 and "65,536 bytes" in announced.detail
    # Sent in full without a length (chunked): cut off once past the cap.
    chunks = (b'{"tiles": [' + b"1, " * 40_000 + b"1]}" for _ in range(1))
    connection = http.client.HTTPConnection(urlsplit(server).netloc, timeout=10)
    connection.request(
        "POST",
        "/api/npuzzle/solve",
        chunks,
        {"Content-Type": "application/json"},
        encode_chunked=True,
    )
    assert connection.getresponse().status == 413
    connection.close()


def test_a_bad_value_is_never_echoed_whole(server: str) -> None:
    long_name = "x" * 5000
    answer = post(server, "/api/npuzzle/solve", {**QUICK, "heuristic": long_name[:40]})
    assert answer.status == 422 and answer.detail.count("x") <= 45
    answer = post(server, "/api/tilt/solve", {"board": "o.x", "step": long_name[:40]})
    assert answer.status == 422 and answer.detail.count("x") <= 45
    answer = post(server, "/api/tilt/solve", {"board": "o" + "?" * 1500})
    assert answer.status == 422 and len(answer.body) < 400


def test_half_sent_requests_and_idle_connections_are_closed(server: str) -> None:
    parts = urlsplit(server)
    sockets = []
    for i in range(300):
        sock = socket.create_connection((parts.hostname, parts.port))
        if i % 3 == 0:
            sock.sendall(b"POST /api/npuzzle/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        elif i % 3 == 1:
            sock.sendall(b"GET /api/lim")
        sockets.append(sock)  # every third says nothing at all
    time.sleep(CLIENT_TIMEOUT + 1)
    for sock in sockets:
        sock.settimeout(2)
        assert sock.recv(100) == b""  # closed by the server
        sock.close()
    assert send(server, "GET", "/api/limits").status == 200


def test_a_body_that_stops_halfway_is_timed_out(server: str) -> None:
    parts = urlsplit(server)
    with socket.create_connection((parts.hostname, parts.port)) as sock:
        sock.sendall(
            b"POST /api/npuzzle/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"tiles":'
        )
        sock.settimeout(CLIENT_TIMEOUT + 5)
        reply = b""
        while chunk := sock.recv(1000):  # until the server closes the connection
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 408") and b"did not arrive within" in reply


def raw_solve(server: str, body: dict[str, Any]) -> socket.socket:
    """Send a solve and leave its answer unread (the caller hangs up when it likes)."""
    parts = urlsplit(server)
    data = json.dumps(body).encode()
    sock = socket.create_connection((parts.hostname, parts.port))
    sock.sendall(
        f"POST /api/npuzzle/solve HTTP/1.1\r\nHost: {parts.netloc}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n".encode()
        + data
    )
    return sock


def wait_for_quick_solve(server: str, within: float) -> float:
    """Seconds until a quick solve is answered, failing after ``within`` (it waits in line
    for a slot meanwhile)."""
    answer = post(server, "/api/npuzzle/solve", {**QUICK, "time_limit": within})
    assert answer.status == 200 and answer.json()["length"] == 1, "the slots were not freed"
    return answer.seconds


def test_beyond_the_slots_a_search_waits_and_hang_ups_free_the_slots(server: str) -> None:
    long = {"tiles": HARD_15, "rows": 4, "cols": 4, "algorithm": "bfs", "time_limit": 20}
    clients = [raw_solve(server, long) for _ in range(2)]
    eventually(lambda: POOL.line()["running"] == 2, what="both slots taken")
    answers: list[Answer] = []
    waiting = threading.Thread(
        target=lambda: answers.append(post(server, "/api/npuzzle/solve", QUICK)), daemon=True
    )
    waiting.start()
    eventually(lambda: POOL.line()["waiting"] == 1, what="the third search in line")
    in_line = time.monotonic()
    time.sleep(1)
    assert waiting.is_alive() and not answers  # in line, not refused
    assert send(server, "GET", "/api/limits").status == 200  # cheap answers still come
    for client in clients:
        client.close()
    hung_up = time.monotonic()
    waiting.join(timeout=10)
    (answer,) = answers
    assert answer.status == 200 and answer.json()["length"] == 1
    # Freed by the hang-ups, not by the long searches' time limit (20 s): it waited at least
    # from when it was seen in line to the hang-ups (its own clock started before), no longer.
    assert answer.json()["queued_s"] >= round(hung_up - in_line, 2) - 0.01
    assert time.monotonic() - hung_up < 10


def scattered_tilt(side: int = 44, blocks: int = 30, walls: int = 300) -> str:
    """A big tilt board with blocks, targets and walls at places a fixed seed picks."""
    rng = random.Random(1)
    rows = [["."] * side for _ in range(side)]
    places = rng.sample(range(side * side), 2 * blocks)
    for i, cell in enumerate(places):
        rows[cell // side][cell % side] = "o" if i < blocks else "x"
    for cell in rng.sample(range(side * side), walls):
        if rows[cell // side][cell % side] == ".":
            rows[cell // side][cell % side] = "#"
    return "\n".join("".join(row) for row in rows)


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        # The generator does not look at a clock: its worker is stopped at the deadline.
        ("/api/tilt/generate", {"seed": 5, "blocks": 8, "min_length": 25, "time_limit": 1}, 422),
        # 30 blocks scattered over a 44 x 44 board: a table per target, then a search that
        # cannot finish.
        (
            "/api/tilt/solve",
            {"board": scattered_tilt(), "algorithm": "astar", "time_limit": 1},
            200,
        ),
        ("/api/npuzzle/solve", {"tiles": HARD_15, "rows": 4, "cols": 4, "time_limit": 1}, 200),
        (
            "/api/npuzzle/solve",
            {
                "tiles": list(range(25))[::-1],
                "rows": 5,
                "cols": 5,
                "algorithm": "idastar",
                "heuristic": "linear_conflict",
                "time_limit": 1,
            },
            200,
        ),
    ],
)
def test_every_request_ends_within_its_time_limit(
    server: str, path: str, body: dict[str, Any], status: int
) -> None:
    answer = post(server, path, body)
    assert answer.status == status, answer.body[:200]
    assert answer.seconds < body["time_limit"] + 1
    if status == 200:
        assert answer.json()["status"] == "limit_reached" and answer.json()["limit"] == "time"
    # The worker that was stopped has a successor: the next search is served at once.
    # At once: the idle worker was killed too, and may not have exited yet; a job handed to
    # it goes to a new worker, since it never took it.
    assert wait_for_quick_solve(server, within=5) < 5


def test_a_job_handed_to_a_worker_killed_while_idle_goes_to_another(
    server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker killed while idle looks alive until it has exited: a job handed to it in
    between never ran, so a new worker runs it (it was a 500 until 2026-12-07)."""
    assert wait_for_quick_solve(server, within=10) < 10  # the workers are up
    for pid in POOL.pids():
        os.kill(pid, signal.SIGKILL)
    # The moment before they are seen dead, held open: every killed worker still looks alive.
    monkeypatch.setattr(CONTEXT.Process, "is_alive", lambda self: True)
    answer = post(server, "/api/npuzzle/solve", {**QUICK, "time_limit": 10})
    assert answer.status == 200 and answer.json()["length"] == 1


def test_a_worker_that_dies_is_one_line_and_replaced(server: str) -> None:
    results: list[Answer] = []
    long = {"tiles": HARD_15, "rows": 4, "cols": 4, "algorithm": "bfs", "time_limit": 10}
    thread = threading.Thread(
        target=lambda: results.append(post(server, "/api/npuzzle/solve", long))
    )
    thread.start()
    eventually(lambda: POOL.taken() == 1, what="the search taken by a worker")
    killed = POOL.pids()
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    thread.join(timeout=10)
    (answer,) = results
    assert answer.status == 500 and answer.seconds < 10  # at once, not at its time limit
    assert answer.detail.startswith("internal error ") and "server-errors.log" in answer.detail
    # At once: the idle worker was killed too, and may not have exited yet; a job handed to
    # it goes to a new worker, since it never took it.
    assert wait_for_quick_solve(server, within=5) < 5
