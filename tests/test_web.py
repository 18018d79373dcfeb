"""The JSON API with FastAPI's test client: answers, caps and 422s."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from statesearch import InputError
from statesearch.core.limits import Limits, Meter
from statesearch.maze import LESSON_MAZE
from statesearch.npuzzle import NPuzzle
from statesearch.npuzzle.tables_for import missing_tables, table_keys, tables_present, with_tables
from statesearch.web.app import create_app
from statesearch.web.schemas import MAX_SECONDS

LESSON = [7, 2, 4, 5, 0, 6, 8, 3, 1]
JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


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
        {"tiles": LESSON, "rows": 3, "cols": 3, "max_expanded": 10**13},
        {"tiles": LESSON, "rows": 9, "cols": 9},
        {"rows": 3, "cols": 3},
    ],
)
def test_bad_requests_are_readable_422s(client: TestClient, body: dict[str, object]) -> None:
    response = client.post("/api/npuzzle/solve", json=body)
    assert response.status_code == 422
    assert isinstance(response.json()["detail"], str) and response.json()["detail"]


BOARD = {"tiles": LESSON, "rows": 3, "cols": 3}


@pytest.mark.parametrize(
    ("path", "body", "says"),
    [
        ("npuzzle/solve", {**BOARD, "time_limt": 0.01}, "time_limt: no such field here"),
        ("npuzzle/solve", {**BOARD, "rows": "3"}, "rows: Input should be a valid integer"),
        ("npuzzle/solve", {**BOARD, "max_expanded": True}, "max_expanded: Input should be a"),
        ("npuzzle/solve", {**BOARD, "tiles": [True, *LESSON[1:]]}, "tiles.0: Input should be"),
        ("npuzzle/solve", {**BOARD, "weight": float("nan")}, "weight: Input should be a finite"),
        ("cube/solve", {"cube": "R U", "time_limit": float("inf")}, "time_limit: Input should"),
        ("maze/solve", {"grid": ["S\n.\nG"]}, "grid: a row of the grid holds no line break"),
        ("tilt/move", {"board": "o.x", "direction": "U", "dir": "D"}, "dir: no such field"),
    ],
)
def test_a_body_is_read_strictly(
    client: TestClient, path: str, body: dict[str, object], says: str
) -> None:
    """A misspelt field would be dropped and the search run with the default; ``"3"`` or ``true``
    taken for a number; a line break in a maze row would make it several rows."""
    response = client.post(f"/api/{path}", content=json.dumps(body), headers=JSON)
    assert response.status_code == 422
    assert response.json()["detail"].startswith(says), response.json()["detail"]


def test_a_body_that_is_no_json_object_is_told_so(client: TestClient) -> None:
    plain = {"Content-Type": "text/plain"}
    text = client.post("/api/npuzzle/solve", content=json.dumps(BOARD), headers=plain)
    assert text.status_code == 422
    assert text.json()["detail"] == "send a JSON object (Content-Type: application/json)"
    broken = client.post("/api/npuzzle/solve", content="7 2 4 5 0 6 8 3 1", headers=JSON)
    assert broken.json()["detail"] == "character 2: cannot read the body as JSON"


def test_depth_limited_search_takes_its_depth(client: TestClient) -> None:
    unbounded = client.post("/api/npuzzle/solve", json={**BOARD, "algorithm": "dls"})
    assert unbounded.status_code == 422 and "max_depth" in unbounded.json()["detail"]
    near = [1, 2, 3, 4, 5, 6, 0, 7, 8]  # two moves from the goal
    body = {**BOARD, "tiles": near, "algorithm": "dls"}
    found = client.post("/api/npuzzle/solve", json={**body, "max_depth": 2}).json()
    assert found["status"] == "solved" and found["length"] == 2
    cut = client.post("/api/npuzzle/solve", json={**body, "max_depth": 1}).json()
    assert cut["status"] == "limit_reached" and cut["limit"] == "depth"


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
    spec = client.get("/openapi.json").json()
    assert spec["info"]["title"] == "statesearch playground"
    # A refusal is one line, as the server sends it (not FastAPI's list of errors).
    refusal = {"$ref": "#/components/schemas/Refusal"}
    for path in ("/api/npuzzle/solve", "/api/cube/solve", "/api/tilt/move"):
        answers = spec["paths"][path]["post"]["responses"]
        assert answers["422"]["content"]["application/json"]["schema"] == refusal
    assert spec["components"]["schemas"]["Refusal"]["properties"]["detail"]["type"] == "string"
    assert "HTTPValidationError" not in spec["components"]["schemas"]


def test_page_and_modules_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'src="static/app.js"' in page.text  # relative: the site too
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


def test_favicon_docs_and_limits_are_local(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    docs = client.get("/docs")
    assert docs.status_code == 200 and "/docs-assets/swagger-ui-bundle.js" in docs.text
    assert "http" not in docs.text.replace("http-equiv", "")  # no CDN
    assert client.get("/docs-assets/swagger-ui-bundle.js").status_code == 200
    assert client.get("/api/limits").json()["max_seconds"] == MAX_SECONDS


def test_the_docs_group_every_endpoint_under_its_puzzle(client: TestClient) -> None:
    """The docs listed every endpoint under "default", in no order."""
    schema = client.get("/openapi.json").json()
    sections = [tag["name"] for tag in schema["tags"]]
    assert sections[0] == "sliding puzzle" and len(sections) == len(set(sections))
    for path, methods in schema["paths"].items():
        for method in methods.values():
            assert len(method["tags"]) == 1 and method["tags"][0] in sections, path


def test_a_goal_as_typed_is_read_as_the_cli_reads_it(client: TestClient) -> None:
    """The page sent a typed goal as numbers: "1 2 x" became null and the answer was pydantic's
    "goal.2: ..."; the server now reads the text with the CLI's parser and its errors."""
    board = {"tiles": LESSON, "rows": 3, "cols": 3}
    for text in ("blank-first", "_ 1 2 / 3 4 5 / 6 7 8", "0,1,2,3,4,5,6,7,8"):
        answer = client.post("/api/npuzzle/analyze", json={**board, "goal": text})
        assert answer.status_code == 200 and answer.json()["goal"] == list(range(9)), text
    bad = client.post("/api/npuzzle/analyze", json={**board, "goal": "1 2 x 4 5 6 7 8 0"})
    assert bad.status_code == 422
    said = bad.json()["detail"]
    assert said.startswith("cannot read the goal '1 2 x 4 5 6 7 8 0' (") and "\n" not in said
    assert "goal." not in said  # no pydantic path
    korean = client.post(
        "/api/npuzzle/analyze",
        json={**board, "goal": "1 2 3"},
        headers={"accept-language": "ko"},
    )
    assert korean.status_code == 422
    said = korean.json()["detail"]
    assert said.startswith("목표 '1 2 3'을(를) 읽을 수 없습니다 (3x3 판의 칸은")


def test_the_server_builds_no_pattern_database(client: TestClient) -> None:
    """A goal a client invents would cost a disk 11.5 MB a time: the answer says how to build
    the tables instead."""
    body = {"tiles": LESSON, "rows": 3, "cols": 3, "goal": [8, 7, 6, 5, 4, 3, 2, 1, 0]}
    assert client.post("/api/npuzzle/analyze", json=body).json()["pdb_ready"] is False
    answer = client.post("/api/npuzzle/solve", json={**body, "heuristic": "pdb"})
    assert answer.status_code == 422
    assert answer.json()["detail"].endswith(
        'build it once with: statesearch pdb build 3x3 --goal "8 7 6 5 4 3 2 1 0"'
    )
    # A search that reads no estimate is not refused for one it would not read, traced or not
    # (its trace shows the h it used: 0).
    for algorithm in ("bfs", "BFS", "dfs"):
        traced = {**body, "heuristic": "pdb", "algorithm": algorithm, "max_events": 5}
        answer = client.post("/api/npuzzle/trace", json=traced)
        assert answer.status_code == 200, answer.text
        assert {e["h"] for e in answer.json()["events"] if "h" in e} == {0}
    blind = client.post("/api/npuzzle/solve", json={**body, "heuristic": "pdb", "algorithm": "bfs"})
    assert blind.status_code == 200 and blind.json()["status"] == "solved"
    assert client.post("/api/npuzzle/analyze", json=body).json()["pdb_ready"] is False


def test_damaged_tables_are_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    puzzle = NPuzzle(tuple(LESSON), 3, 3)
    assert missing_tables(puzzle) == "missing" and not tables_present(puzzle)
    (key,) = table_keys(puzzle)
    (tmp_path / f"{key.name}.npy").write_bytes(b"")  # a zero-byte table
    (tmp_path / f"{key.name}.json").write_text("[]")  # metadata that is not an object
    assert tables_present(puzzle)  # the quick look sees files...
    assert missing_tables(puzzle) not in (None, "missing")  # ...the search sees the damage
    with pytest.raises(InputError, match=r"cannot be used .* rebuild it with: statesearch pdb"):
        with_tables(puzzle, "pdb", Meter(Limits()), None)


def test_a_time_limit_is_reported_as_asked(client: TestClient) -> None:
    body = {"tiles": [0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], "rows": 4, "cols": 4}
    data = client.post("/api/npuzzle/solve", json={**body, "time_limit": 0.5}).json()
    assert data["status"] == "limit_reached" and data["limit"] == "time"
    assert data["reason"] == "time limit of 0.5 s (setup included)" and data["path"] == []


def test_auto_on_a_big_board_does_not_name_the_servers_bound(client: TestClient) -> None:
    """auto picks IDA* on a 4x4 after the server has set its own bound on states kept; the
    choice says IDA* keeps only its path, and the note used to name that bound as unread."""
    tiles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]
    body = {"tiles": tiles, "rows": 4, "cols": 4, "algorithm": "auto"}
    data = client.post("/api/npuzzle/solve", json=body).json()
    assert data["status"] == "solved" and data["algorithm"] == "idastar"
    assert "keeps only its path" in data["choice"] and "states kept" not in data["note"]


def test_bfs_is_not_told_of_a_heuristic_the_client_did_not_give(client: TestClient) -> None:
    """The schema's default heuristic (manhattan) was named as unread under every BFS; one the
    client gives still is."""
    body = {"tiles": LESSON, "rows": 3, "cols": 3, "algorithm": "bfs"}
    plain = client.post("/api/npuzzle/solve", json=body).json()
    assert plain["status"] == "solved" and plain["note"] == ""
    given = client.post("/api/npuzzle/solve", json={**body, "heuristic": "misplaced"}).json()
    assert given["note"] == "not used: the heuristic misplaced (bfs reads none)"


def test_a_wrong_method_is_told_the_allowed_one(client: TestClient) -> None:
    """A 405 says which method the route takes (the Allow header HTTP asks for)."""
    wrong = client.get("/api/npuzzle/solve")
    assert wrong.status_code == 405 and wrong.headers["allow"] == "POST"
    assert client.post("/api/limits").headers["allow"] == "GET"


def test_a_whole_number_written_with_a_fraction_is_an_integer(client: TestClient) -> None:
    """The OpenAPI schema says integer, as JSON Schema reads it: 3.0 is one; 3.5 is not."""
    body = {"tiles": [7, 2, 4, 5, 0, 6, 8, 3, 1], "rows": 3.0, "cols": 3}
    assert client.post("/api/npuzzle/analyze", json=body).status_code == 200
    half = client.post("/api/npuzzle/analyze", json={**body, "rows": 3.5})
    assert half.status_code == 422 and half.json()["detail"].startswith("rows: Input should be")
