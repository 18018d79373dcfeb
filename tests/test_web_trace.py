"""The trace endpoints: a search's events as plain JSON, bounded, reproducing its counters, and
the lesson's experiments through the API."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient

from statesearch import solve
from statesearch.core.trace import CHILD_EVENTS, Trace
from statesearch.maze import LESSON_MAZE
from statesearch.npuzzle import NPuzzle
from statesearch.web.app import create_app
from statesearch.web.schemas import MAX_EVENTS
from statesearch.web.trace_json import event_json

LESSON = [7, 2, 4, 5, 0, 6, 8, 3, 1]
BOARD = {"tiles": LESSON, "rows": 3, "cols": 3}
MAZE = {"grid": LESSON_MAZE.splitlines()}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


def traced(client: TestClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/{path}/trace", json=body)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def counted(events: list[dict[str, Any]]) -> tuple[int, int, int]:
    kinds = Counter(e["event"] for e in events)
    return kinds["pop"], kinds["push"] + kinds["improve"], sum(kinds[k] for k in CHILD_EVENTS)


def test_the_lesson_board_step_by_step(client: TestClient) -> None:
    data = traced(client, "npuzzle", BOARD)
    events = data["events"]
    assert events[0] == {"event": "pop", "step": 1, "state": LESSON, "f": 14, "g": 0, "h": 14}
    push = events[1]
    assert push["event"] == "push" and push["parent"] == LESSON and push["g"] == 1
    assert push["f"] == push["g"] + push["h"] and isinstance(push["state"], list)
    goal = next(e for e in events if e["event"] == "goal")
    assert goal["step"] == 283 and goal["state"] == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    stats = data["stats"]
    assert (
        counted(events)
        == (stats["expanded"], stats["pushed"], stats["generated"])
        == (283, 451, 747)
    )
    assert data["truncated"] is False and data["counts"]["pop"] == 283
    assert data["engine"] == "python" and data["tie_break"] == "classic"
    assert data["path"][0] == LESSON and len(data["path"]) == 21


def test_the_events_are_the_engines_with_plain_states(client: TestClient) -> None:
    """The same keys as ``solve --trace-json``; only the states differ (lists, not text)."""
    trace = Trace()
    solve(NPuzzle(tuple(LESSON), 3, 3), "astar", "manhattan", trace=trace)
    data = traced(client, "npuzzle", BOARD)
    for ours, engine in zip(data["events"], trace.events, strict=True):
        assert ours == event_json(engine)
        text = engine.to_dict(lambda s: " ".join(map(str, s)))
        assert set(ours) == set(text)


def test_the_events_sent_are_bounded(client: TestClient) -> None:
    data = traced(client, "npuzzle", {**BOARD, "heuristic": "misplaced", "max_events": 100})
    assert len(data["events"]) == 100 and data["truncated"] is True
    assert data["counts"]["pop"] == data["stats"]["expanded"] == 3_667  # counted to the end
    too_many = client.post("/api/npuzzle/trace", json={**BOARD, "max_events": MAX_EVENTS + 1})
    assert too_many.status_code == 422 and "max_events" in too_many.json()["detail"]
    # Uniform-cost search makes 178,609 events: the answer carries the server's cap of them.
    capped = traced(client, "npuzzle", {**BOARD, "heuristic": "zero", "weight": 0})
    assert len(capped["events"]) == MAX_EVENTS and capped["truncated"] is True
    assert capped["stats"]["expanded"] == 48_390


def test_h_plus_3_takes_out_the_same_states_in_the_same_order(client: TestClient) -> None:
    plain = traced(client, "npuzzle", BOARD)
    shifted = traced(client, "npuzzle", {**BOARD, "h_offset": 3})
    pops = [[e["state"] for e in d["events"] if e["event"] == "pop"] for d in (plain, shifted)]
    assert pops[0] == pops[1] and len(pops[0]) == 283
    assert shifted["events"][0]["f"] == 17 and shifted["events"][0]["h"] == 17
    # It overestimates by 3 at the goal: the engine no longer promises the shortest path.
    assert shifted["heuristic"] == "manhattan + 3" and shifted["optimal"] is False
    assert client.post("/api/npuzzle/trace", json={**BOARD, "h_offset": -1}).status_code == 422


def test_ida_star_reports_its_bounds(client: TestClient) -> None:
    data = traced(client, "npuzzle", {**BOARD, "algorithm": "idastar"})
    bounds = [e["bound"] for e in data["events"] if e["event"] == "iteration"]
    assert bounds == [14, 16, 18, 20]
    assert all("depth" in e for e in data["events"] if e["event"] == "pop")


def test_a_board_proved_unsolvable_has_no_steps(client: TestClient) -> None:
    data = traced(client, "npuzzle", {**BOARD, "tiles": [2, 8, 1, 4, 6, 3, 0, 7, 5]})
    assert (
        data["status"] == "unsolvable" and data["events"] == [] and data["stats"]["expanded"] == 0
    )


def test_the_maze_step_by_step(client: TestClient) -> None:
    data = traced(client, "maze", MAZE)
    events = data["events"]
    assert events[0] == {"event": "pop", "step": 1, "state": [0, 0], "f": 17, "g": 0, "h": 17}
    assert counted(events)[0] == data["stats"]["expanded"] == 52
    assert data["path"][0] == [0, 0] and data["path"][-1] == [6, 11] and data["length"] == 17
    layers = traced(client, "maze", {**MAZE, "algorithm": "bfs"})
    sizes = [e["g"] for e in layers["events"] if e["event"] == "layer"]
    assert sizes == layers["stats"]["layers"][: len(sizes)] and sizes[:2] == [1, 2]


def test_a_push_limit_stops_only_the_search_without_a_heuristic(client: TestClient) -> None:
    limited = {**BOARD, "max_pushed": 20_000}
    zero = client.post("/api/npuzzle/solve", json={**limited, "heuristic": "zero", "weight": 0})
    assert zero.json()["status"] == "limit_reached" and zero.json()["limit"] == "pushed"
    assert zero.json()["stats"]["expanded"] == 13_594
    for heuristic in ("misplaced", "manhattan"):
        answer = client.post("/api/npuzzle/solve", json={**limited, "heuristic": heuristic}).json()
        assert answer["status"] == "solved" and answer["length"] == 20
