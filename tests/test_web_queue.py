"""A class on one server: ``statesearch serve --host 0.0.0.0`` prints the addresses students
type and answers to them; searches beyond the worker slots wait in a fair line, each told its
place, and only a full line refuses (503 with Retry-After). Through real sockets where a search
runs; no test binds a network interface (the machine's addresses are stand-ins)."""

from __future__ import annotations

import ipaddress
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from helpers import eventually
from statesearch.cli import app as cli
from statesearch.web import guard, server
from statesearch.web.guard import allowed_names, interface_addresses
from statesearch.web.server import make_server, running_in_thread
from statesearch.web.workers import POOL
from test_web_server import HARD_15, QUICK, Answer, post, raw_solve, send


def queue(server: str) -> dict[str, Any]:
    """What ``GET /api/queue`` says now."""
    line: dict[str, Any] = send(server, "GET", "/api/queue").json()
    return line


# The lesson's board by A* with h = 0: 48,390 states expanded, about a second in a worker.
ONE_SECOND = {"tiles": [7, 2, 4, 5, 0, 6, 8, 3, 1], "rows": 3, "cols": 3, "heuristic": "zero"}
LONG = {"tiles": HARD_15, "rows": 4, "cols": 4, "algorithm": "bfs", "time_limit": 20}
CLASS = 30
STAND_INS = ["192.0.2.10", "198.51.100.20"]  # documentation addresses, as this machine's own


def test_bound_to_every_interface_it_answers_to_the_machines_addresses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert allowed_names("0.0.0.0", own=STAND_INS) >= {*STAND_INS, "127.0.0.1", "::1"}
    assert allowed_names("0.0.0.0", own=[]) == {"127.0.0.1", "localhost", "::1"}
    for address in interface_addresses():  # this machine's, found without binding anything
        assert not ipaddress.IPv4Address(address).is_loopback
    monkeypatch.setattr(guard, "interface_addresses", lambda: STAND_INS)
    assert set(STAND_INS) <= allowed_names("::")  # found when not given
    assert not set(STAND_INS) & allowed_names("127.0.0.1")  # local only: loopback only
    # The application a wildcard server runs (not started: no lifespan, no socket).
    app: Any = make_server("0.0.0.0", 8000).config.app
    for address in STAND_INS:
        student = TestClient(app, base_url=f"http://{address}:8000")
        assert student.get("/api/queue").status_code == 200
    stranger = TestClient(app, base_url="http://192.0.2.11:8000")
    assert stranger.get("/api/queue").status_code == 400


class Started(Exception):
    """Raised by the stand-in server instead of serving."""


def serve_output(monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    """What ``statesearch serve ARGS`` prints before it serves (it binds nothing here)."""

    class Unserved:
        def run(self, sockets: Any) -> None:
            raise Started

    made: dict[str, Any] = {}

    def make(host: str, port: int, allow: Any, own: Any = None) -> Unserved:
        made["names"] = allowed_names(host, allow, own)
        return Unserved()

    monkeypatch.setattr(server, "listening_socket", lambda host, port: None)
    monkeypatch.setattr(server, "make_server", make)
    result = CliRunner().invoke(cli, ["serve", *args])
    assert isinstance(result.exception, Started), result.output
    if "0.0.0.0" in args:  # the server answers to every address it printed
        for address in guard.interface_addresses():
            assert address in made["names"]
    return result.output


def test_serve_prints_the_addresses_students_type(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "interface_addresses", lambda: STAND_INS)
    printed = serve_output(monkeypatch, "--host", "0.0.0.0", "--port", "8123")
    assert printed.splitlines()[1:] == [
        "On another device on the same network, open:",
        "  http://192.0.2.10:8123/",
        "  http://198.51.100.20:8123/",
    ]
    assert printed.startswith("statesearch playground at http://localhost:8123/")
    assert "192.0.2.10" not in serve_output(monkeypatch)  # local only: nothing to type
    monkeypatch.setattr(guard, "interface_addresses", lambda: [])
    alone = serve_output(monkeypatch, "--host", "0.0.0.0")
    assert "No network address of this machine was found" in alone


@pytest.fixture(scope="module")
def playground() -> Iterator[str]:
    with running_in_thread() as url:
        yield url


def test_a_class_of_thirty_all_get_their_searches(playground: str) -> None:
    # Each worker's first search loads its kernels: the class comes to a warm server.
    warming = [threading.Thread(target=post, args=(playground, "/api/npuzzle/solve", ONE_SECOND))]
    warming.append(threading.Thread(target=post, args=(playground, "/api/npuzzle/solve", QUICK)))
    for thread in warming:
        thread.start()
    for thread in warming:
        thread.join()
    answers: list[Answer] = []
    lines: list[dict[str, Any]] = []
    go = threading.Barrier(CLASS + 1)

    def student() -> None:
        go.wait()
        # The longest a request may wait and run: a loaded machine slows the class, no more.
        answers.append(post(playground, "/api/npuzzle/solve", {**ONE_SECOND, "time_limit": 20}))

    students = [threading.Thread(target=student) for _ in range(CLASS)]
    for thread in students:
        thread.start()
    go.wait()
    started = time.monotonic()
    while any(thread.is_alive() for thread in students):
        lines.append(send(playground, "GET", "/api/queue").json())  # what a page asks
        time.sleep(0.5)
    took = time.monotonic() - started
    assert len(answers) == CLASS
    assert all(a.status == 200 for a in answers), [a.body[:200] for a in answers]
    # Each is solved; on a machine busy with other work a late one may meet its time limit
    # (time in line counts), which is an answer too, never a refusal or a lost request.
    said = [(a.json()["status"], a.json()["stats"]["expanded"], a.json()["limit"]) for a in answers]
    solved = [s for s in said if s[0] == "solved"]
    assert set(solved) == {("solved", 48_390, None)} and len(solved) >= CLASS // 3
    assert all(s[0] == "solved" or s[2] == "time" for s in said), said
    waited = sorted(a.json().get("queued_s", 0) for a in answers if a.json()["status"] == "solved")
    assert sum(w > 0 for w in waited) >= len(solved) - POOL.slots - 2  # all but the first few
    assert waited[-1] < took
    # Every look at the line while it was long saw every waiting request's place (all of
    # these students are one client: this machine).
    busiest = max(lines, key=lambda line: line["waiting"])
    assert busiest["waiting"] >= CLASS // 2 and busiest["running"] == busiest["slots"] == 2
    assert busiest["places"] == list(range(1, busiest["waiting"] + 1))
    print(f"\n{CLASS} clients, one lesson A* (h = 0) each: all answered in {took:.1f} s")


def test_a_full_line_refuses_and_a_hang_up_leaves_it(
    playground: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(POOL, "queue_cap", 1)
    holders = [raw_solve(playground, LONG) for _ in range(2)]  # both slots, for 20 s
    eventually(lambda: queue(playground)["running"] == 2, what="both slots taken")
    waiting = raw_solve(playground, QUICK)  # the one place in line
    eventually(lambda: queue(playground)["waiting"] == 1, what="one in line")
    line = queue(playground)
    assert line == {"slots": 2, "running": 2, "waiting": 1, "cap": 1, "places": [1]}
    refused = post(playground, "/api/npuzzle/solve", QUICK, **{"Accept-Language": "ko"})
    assert refused.status == 503 and 1 <= int(refused.headers["retry-after"]) <= 21
    assert refused.detail.startswith("서버가 다른 탐색을 처리하고 있습니다")
    waiting.close()  # its student gave up: the place frees within a look at the client
    eventually(lambda: queue(playground)["waiting"] == 0, what="the place freed")
    # A search in line whose time limit passes there is stopped like any other.
    late = post(playground, "/api/npuzzle/solve", {**QUICK, "time_limit": 1})
    assert late.status == 200 and 1 <= late.seconds < 10  # stopped, not left waiting
    assert (late.json()["status"], late.json()["limit"]) == ("limit_reached", "time")
    for holder in holders:
        holder.close()
    # The hung-up searches' slots go to the next in line (their workers stopped, replaced).
    after = post(playground, "/api/npuzzle/solve", QUICK)
    assert after.status == 200 and after.json()["length"] == 1 and after.seconds < 5
