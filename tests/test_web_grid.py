"""The maze page's API beyond the lesson: 8 moves and the corner rule, the estimates that fit
them, jump point search, beam search's width, and a Moving AI map read up to the page's caps."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from statesearch import solve
from statesearch.maze import LESSON_MAZE, Maze
from statesearch.maze.movingai import read_map
from statesearch.web.app import create_app
from statesearch.web.schemas import MAX_MAP_TEXT, MAX_MAZE_SIDE

MAPS = Path(__file__).resolve().parent.parent / "examples" / "movingai"
GRID = LESSON_MAZE.splitlines()
SANDY = [GRID[0].replace(".", "3", 1), *GRID[1:]]  # terrain: JPS does not apply


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


def post(client: TestClient, route: str, body: dict[str, Any], lang: str = "en") -> Any:
    response = client.post(f"/api/{route}", json=body, headers={"accept-language": lang})
    return response.status_code, response.json()


def test_a_moving_ai_map_comes_back_as_the_mazes_rows(client: TestClient) -> None:
    text = (MAPS / "random-32.map").read_text()
    status, answer = post(client, "maze/map", {"text": text})
    assert status == 200
    assert answer["grid"] == read_map(text)
    assert len(answer["grid"]) == 32 and {len(row) for row in answer["grid"]} == {32}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_map_past_the_pages_caps_is_one_line_naming_the_tool(
    client: TestClient, lang: str
) -> None:
    side = MAX_MAZE_SIDE + 1
    header = f"type octile\nheight {side}\nwidth 8\nmap\n"
    status, answer = post(client, "maze/map", {"text": header + "........\n" * 3}, lang)
    assert status == 422
    line = answer["detail"]
    assert "\n" not in line and f"8x{side}" in line
    assert "statesearch solve maze FILE.map --start X,Y --goal X,Y" in line
    assert ("페이지" in line) == (lang == "ko")


def test_a_broken_map_is_refused_as_the_command_line_refuses_it(client: TestClient) -> None:
    text = "type octile\nheight 2\nwidth 3\nmap\n...\n"
    status, answer = post(client, "maze/map", {"text": text})
    assert status == 422
    assert answer["detail"] == "the map has 1 rows, its header says height 2"


def test_eight_moves_and_both_corner_rules_cost_what_the_engine_says(client: TestClient) -> None:
    for corners in ("avoid", "cut"):
        body = {"grid": GRID, "moves": 8, "corners": corners}
        status, answer = post(client, "maze/solve", body)
        assert status == 200
        engine = solve(Maze.parse(LESSON_MAZE, 8, corners), "ucs")
        assert answer["cost"] == pytest.approx(engine.cost)
        assert answer["heuristic"] == "octile"  # the maze's own for 8 moves
        assert answer["optimal"] is True


def test_manhattan_with_diagonals_is_refused_in_one_line(client: TestClient) -> None:
    body = {"grid": GRID, "moves": 8, "heuristic": "manhattan"}
    status, answer = post(client, "maze/solve", body)
    assert status == 422 and "overestimates with diagonal moves" in answer["detail"]


def test_jump_point_search_finds_a_stars_cost_over_fewer_states(client: TestClient) -> None:
    body = {"grid": GRID, "moves": 8}  # every open cell costs 1
    _, astar = post(client, "maze/trace", {**body, "algorithm": "astar"})
    status, jps = post(client, "maze/trace", {**body, "algorithm": "jps"})
    assert status == 200
    assert jps["cost"] == pytest.approx(astar["cost"])
    assert jps["stats"]["expanded"] < astar["stats"]["expanded"]
    # The path comes move by move; the trace's states are the jump points only.
    path = [tuple(cell) for cell in jps["path"]]
    assert all(max(abs(a - c), abs(b - d)) == 1 for (a, b), (c, d) in pairwise(path))
    popped = [tuple(e["state"]) for e in jps["events"] if e["event"] == "pop"]
    assert len(popped) == jps["stats"]["expanded"]
    assert set(path) - set(popped)  # cells a jump passed over: never taken out


def test_jump_point_search_on_terrain_says_why_not(client: TestClient) -> None:
    status, answer = post(client, "maze/solve", {"grid": SANDY, "moves": 8, "algorithm": "jps"})
    assert status == 422 and "terrain digits" in answer["detail"]


def test_beam_search_keeps_its_width_and_drops_the_rest(client: TestClient) -> None:
    body = {"grid": GRID, "algorithm": "beam", "beam_width": 3}
    status, answer = post(client, "maze/trace", body)
    assert status == 200 and answer["status"] == "solved" and answer["optimal"] is False
    layers = [e["g"] for e in answer["events"] if e["event"] == "layer"]
    assert max(layers) == 3 and answer["counts"]["drop"] > 0
    _, other = post(client, "maze/solve", {"grid": GRID, "algorithm": "astar", "beam_width": 2})
    assert "beam width 2" in other["note"]  # named as unread, not dropped


def test_a_stopped_maze_search_names_the_command_with_its_moves(client: TestClient) -> None:
    from statesearch.web.routes import maze_command
    from statesearch.web.schemas import SolveMaze

    request = SolveMaze(grid=GRID, moves=8, corners="cut", algorithm="beam", beam_width=5)
    assert maze_command(request).startswith(
        "statesearch solve maze MAZE.txt --moves 8 --corners cut -a beam --beam-width 5"
    )


def test_the_page_cuts_a_map_where_the_server_caps_it() -> None:
    """maze.js sends at most the schema's characters of a map: the header of a larger one then
    still says how large it is."""
    static = Path(__file__).resolve().parent.parent / "src" / "statesearch" / "web" / "static"
    script = (static / "maze.js").read_text()
    assert f"const MAX_MAP_TEXT = {MAX_MAP_TEXT:_};" in script
