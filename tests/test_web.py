"""The JSON API with FastAPI's test client: answers, caps and 422s."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from statesearch.maze import LESSON_MAZE
from statesearch.web.app import create_app

LESSON = [7, 2, 4, 5, 0, 6, 8, 3, 1]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def test_analyze_fills_the_panel(client: TestClient) -> None:
    data = client.post("/api/npuzzle/analyze", json={"tiles": LESSON, "rows": 3, "cols": 3}).json()
    assert data["manhattan"] == 14 and data["misplaced"] == 6 and data["solvable"] is True
    bad = client.post(
        "/api/npuzzle/analyze", json={"tiles": [2, 8, 1, 4, 6, 3, 0, 7, 5], "rows": 3, "cols": 3}
    ).json()
    assert bad["solvable"] is False and bad["inversions"] == 11 and "parity" in bad["proof"]


def test_solve_lesson_board(client: TestClient) -> None:
    body = {"tiles": LESSON, "rows": 3, "cols": 3, "heuristic": "manhattan"}
    data = client.post("/api/npuzzle/solve", json=body).json()
    assert data["status"] == "solved" and data["length"] == 20
    assert data["stats"]["expanded"] == 283 and data["stats"]["pushed"] == 451
    assert data["path"][0] == LESSON and data["path"][-1] == [1, 2, 3, 4, 5, 6, 7, 8, 0]


def test_search_anyway_and_budgets(client: TestClient) -> None:
    board = {"tiles": [2, 8, 1, 4, 6, 3, 0, 7, 5], "rows": 3, "cols": 3}
    assert client.post("/api/npuzzle/solve", json=board).json()["stats"]["expanded"] == 0
    exhaust = client.post("/api/npuzzle/solve", json={**board, "precheck": False}).json()
    assert exhaust["status"] == "unsolvable" and exhaust["stats"]["expanded"] == 181_440
    limited = client.post(
        "/api/npuzzle/solve",
        json={
            "tiles": LESSON,
            "rows": 3,
            "cols": 3,
            "heuristic": "zero",
            "weight": 0,
            "max_expanded": 1000,
        },
    ).json()
    assert limited["status"] == "limit_reached" and limited["limit"] == "expanded"


@pytest.mark.parametrize(
    "body",
    [
        {"tiles": [1, 1, 2, 3, 4, 5, 6, 7, 8], "rows": 3, "cols": 3},
        {"tiles": LESSON, "rows": 3, "cols": 4},
        {"tiles": LESSON, "rows": 3, "cols": 3, "algorithm": "nope"},
        {"tiles": LESSON, "rows": 3, "cols": 3, "max_expanded": 10**9},
        {"tiles": LESSON, "rows": 9, "cols": 9},
        {"rows": 3, "cols": 3},
    ],
)
def test_bad_requests_are_readable_422s(client: TestClient, body: dict[str, object]) -> None:
    response = client.post("/api/npuzzle/solve", json=body)
    assert response.status_code == 422
    assert isinstance(response.json()["detail"], str) and response.json()["detail"]


def test_maze_trace(client: TestClient) -> None:
    data = client.post("/api/maze/solve", json={"grid": LESSON_MAZE.splitlines()}).json()
    assert data["length"] == 17 and data["stats"]["expanded"] == 52
    # Every expansion in order, ending with the goal when it is popped (counted, not expanded).
    assert len(data["expanded_order"]) == 52
    assert data["expanded_order"][0] == [0, 0] and data["expanded_order"][-1] == [6, 11]
    # What each expansion generated, for drawing the frontier: from S, down and right.
    assert data["children"][0] == [[1, 0], [0, 1]] and data["children"][-1] == []


def test_tilt(client: TestClient) -> None:
    data = client.post("/api/tilt/solve", json={"board": "o.x\n..."}).json()
    assert data["moves"] == "RR" and data["boards"][-1] == "..@\n..."
    bad = client.post("/api/tilt/solve", json={"board": "o.?"})
    assert bad.status_code == 422 and "unknown tilt character" in bad.json()["detail"]


def test_openapi_page(client: TestClient) -> None:
    assert client.get("/openapi.json").json()["info"]["title"] == "statesearch playground"


def test_page_and_modules_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'src="/static/app.js"' in page.text
    for name in ("app.js", "api.js", "i18n.js", "maze.js", "tilt.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert "http" not in page.text.replace("http-equiv", "")  # no CDN: everything is local


def test_tilt_move_and_generate(client: TestClient) -> None:
    moved = client.post("/api/tilt/move", json={"board": "o.x\n...", "direction": "R"}).json()
    assert moved == {"board": ".ox\n...", "moved": True, "solved": False}
    still = client.post("/api/tilt/move", json={"board": "o.x\n...", "direction": "U"}).json()
    assert still["moved"] is False
    assert client.post("/api/tilt/move", json={"board": "o.x", "direction": "Q"}).status_code == 422
    made = client.post("/api/tilt/generate", json={"seed": 2, "blocks": 2, "min_length": 8}).json()
    assert made["optimal"] >= 8 and made["board"].count("o") + made["board"].count("@") == 2


def test_lesson_maze_endpoint(client: TestClient) -> None:
    assert client.get("/api/maze/lesson").json()["grid"] == LESSON_MAZE.splitlines()
