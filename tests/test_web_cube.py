"""The cube's endpoints: turns compose as the domain's do, random cubes are the domain's,
solutions are optimal and replay to the solved cube, unsolvable cubes are proved so by their
invariant before any search, and bad input gets one line (in Korean too). The server's cache
is the tests' empty one, so the 3x3x3 is solved by the fall-back (bidirectional) search."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from statesearch import solve
from statesearch import table_store as store
from statesearch.cache import cache_dir
from statesearch.cube import Cube, random_cube
from statesearch.cube.tables import korf
from statesearch.web import cube_jobs
from statesearch.web.app import create_app

SOLVED_3 = "".join(face * 9 for face in "URFDLB")
SOLVED_2 = "".join(face * 4 for face in "URFDLB")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


def state(client: TestClient, size: int, cube: str, moves: str = "") -> dict[str, Any]:
    response = client.post("/api/cube/state", json={"size": size, "cube": cube, "moves": moves})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def facelets_of(text: str, size: int = 3) -> str:
    cube = Cube.from_text(text, size)
    return cube.facelets(cube.initial)


def with_facelets(changes: dict[int, str]) -> str:
    facelets = list(SOLVED_3)
    for index, symbol in changes.items():
        facelets[index] = symbol
    return "".join(facelets)


TWISTED_CORNER = with_facelets({8: "F", 9: "U", 20: "R"})  # URF's stickers cycled
FLIPPED_EDGE = with_facelets({7: "F", 19: "U"})  # UF's stickers swapped
SWAPPED_EDGES = with_facelets({19: "R", 10: "F"})  # UF and UR swapped: an odd permutation


@pytest.mark.parametrize("size", [2, 3])
@pytest.mark.parametrize("face", list("URFDLB"))
def test_a_face_turned_four_times_one_request_each_is_the_identity(
    client: TestClient, size: int, face: str
) -> None:
    solved = SOLVED_2 if size == 2 else SOLVED_3
    seen = []
    facelets = solved
    for _ in range(4):
        facelets = state(client, size, facelets, face)["facelets"]
        seen.append(facelets)
    assert seen[-1] == solved and solved not in seen[:-1]
    assert state(client, size, solved, f"{face}2 {face}2")["solved"] is True


def test_r_u_r_u_has_order_6(client: TestClient) -> None:
    facelets = SOLVED_3
    for repeat in range(1, 7):
        facelets = state(client, 3, facelets, "R U R' U'")["facelets"]
        assert (facelets == SOLVED_3) == (repeat == 6)


def test_a_scramble_gives_the_domains_facelets_and_net(client: TestClient) -> None:
    scramble = "R U F2 D' L B2 R'"
    data = state(client, 3, scramble)
    cube = Cube.from_text(scramble)
    assert data["facelets"] == cube.facelets(cube.initial)
    assert data["net"] == cube.show(cube.initial)
    assert data["solved"] is False and data["solvable"] is True and data["invariant"] is None
    assert state(client, 3, data["facelets"], "R B2 L' D F2 U' R'")["facelets"] == SOLVED_3
    assert state(client, 2, "R U")["facelets"] == facelets_of("R U", 2)


def test_random_cubes_are_the_domains_and_seeded(client: TestClient) -> None:
    for size in (2, 3):
        body = {"size": size, "seed": 7}
        data = client.post("/api/cube/random", json=body).json()
        cube = Cube(random_cube(size, 7), size)
        assert data["facelets"] == cube.facelets(cube.initial) and data["seed"] == 7
        scramble = client.post("/api/cube/random", json={**body, "moves": 9}).json()
        assert len(scramble["scramble"].split()) == 9
        assert scramble["facelets"] == facelets_of(scramble["scramble"], size)
    unseeded = client.post("/api/cube/random", json={"size": 3}).json()
    assert client.post("/api/cube/random", json={"seed": unseeded["seed"]}).json() == unseeded


def solve_cube(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/cube/solve", json=body)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def replayed(data: dict[str, Any], cube: Cube) -> None:
    """The moves, turned by the domain from the start, pass every listed position and solve it."""
    position = cube.initial
    assert data["states"][0] == cube.facelets(position)
    for move, facelets in zip(data["moves"].split(), data["states"][1:], strict=True):
        position = cube.apply(position, move)
        assert cube.facelets(position) == facelets
    assert cube.is_goal(position)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_2x2x2_is_solved_optimally(client: TestClient, seed: int) -> None:
    scramble = client.post("/api/cube/random", json={"size": 2, "seed": seed, "moves": 7}).json()
    data = solve_cube(client, size=2, cube=scramble["facelets"])
    assert data["status"] == "solved" and data["optimal"] is True
    assert (data["algorithm"], data["heuristic"]) == ("idastar", "exact")
    cube = Cube.from_text(scramble["facelets"], 2)
    replayed(data, cube)
    reference = solve(cube, "bidirectional")  # the engine's own search, no table
    assert data["length"] == reference.length
    qtm = solve_cube(client, size=2, cube="R2", metric="qtm")
    assert qtm["length"] == 2 and qtm["metric"] == "qtm" and qtm["solution"] == "R2"


def test_a_quarter_turn_solution_is_written_with_half_turns(client: TestClient) -> None:
    """As on the command line: the searched quarter turns (U U) in ``actions`` and ``states``,
    a position each, and the solution as a cuber writes it (U2), which the page plays back."""
    data = solve_cube(client, size=3, cube="R U2 F", metric="qtm")
    assert (data["length"], data["solution"]) == (4, "F' U2 R'")
    assert data["actions"] == ["F'", "U", "U", "R'"] and len(data["states"]) == 5
    replayed(data, Cube.from_text("R U2 F", metric="qtm"))
    assert solve_cube(client, size=3, cube="R U2 F")["solution"] == "F' U2 R'"


def test_the_checkerboard_in_six_by_the_fallback_that_says_so(client: TestClient) -> None:
    checkerboard = "R2 L2 U2 D2 F2 B2"
    before = set(cache_dir().iterdir())  # other tests' small tables share the session's cache
    data = solve_cube(client, size=3, cube=checkerboard)
    assert data["status"] == "solved" and data["length"] == 6 and data["optimal"] is True
    assert data["algorithm"] == "bidirectional"
    assert "statesearch cube tables --tables korf --metric htm" in data["advice"]
    replayed(data, Cube.from_text(checkerboard))
    info = client.get("/api/cube/info").json()
    assert info["korf"] == {"htm": False, "qtm": False}
    assert set(cache_dir().iterdir()) == before  # the server built no table
    assert not any(store.files(name)[1].exists() for _, name, _ in korf.table_names())


@pytest.mark.parametrize(
    ("facelets", "invariant", "words"),
    [
        (TWISTED_CORNER, "twist", "twisted"),
        (FLIPPED_EDGE, "flip", "flipped"),
        (SWAPPED_EDGES, "parity", "parity"),
    ],
)
def test_unsolvable_cubes_by_their_invariant(
    client: TestClient, facelets: str, invariant: str, words: str
) -> None:
    shown = state(client, 3, facelets)
    assert shown["solvable"] is False and shown["invariant"] == invariant
    data = solve_cube(client, size=3, cube=facelets)
    assert data["status"] == "unsolvable" and data["invariant"] == invariant
    assert words in data["reason"] and data["stats"]["expanded"] == 0 and data["states"] == []


def test_a_twisted_2x2x2_corner_is_unsolvable(client: TestClient) -> None:
    facelets = list(SOLVED_2)
    facelets[3], facelets[4], facelets[9] = "F", "U", "R"  # URF's stickers cycled
    data = solve_cube(client, size=2, cube="".join(facelets))
    assert data["status"] == "unsolvable" and data["invariant"] == "twist"


def test_a_random_3x3x3_without_tables_reaches_the_time_limit(client: TestClient) -> None:
    cube = Cube(random_cube(3, 5))
    data = solve_cube(client, size=3, cube=cube.facelets(cube.initial), time_limit=0.5)
    assert data["status"] == "limit_reached" and data["limit"] in ("time", "memory")
    assert data["states"] == [] and data["advice"]


@pytest.mark.parametrize(
    ("path", "body", "words"),
    [
        ("state", {"cube": "R U X"}, "cannot read move 'X'"),
        ("state", {"cube": "R", "moves": "Q"}, "cannot read move 'Q'"),
        ("state", {"cube": "U" * 30}, "30 letters without spaces"),
        ("state", {"cube": "u" * 30}, "54 (3x3x3) or 24 (2x2x2) facelets, got 30"),
        ("state", {"cube": SOLVED_3, "size": 2}, "24 facelets, got 54"),
        ("state", {"cube": "U" * 54}, "six colours"),
        ("state", {"cube": with_facelets({4: "R", 9: "U"})}, "centres"),
        ("state", {"cube": with_facelets({4: "R", 13: "U"})}, "centres out of place: U, R"),
        ("state", {"cube": ""}, "empty cube: give a scramble such as \"R U R' U'\""),
        ("state", {"moves": "R"}, "cube: Field required"),  # no default cube: "" is refused
        ("solve", {"size": 2}, "cube: Field required"),
        ("solve", {"cube": " \n "}, "empty cube: give a scramble"),
        ("state", {"size": 4}, "size"),
        ("state", {"cube": "R " * 300}, "cube"),
        ("random", {"metric": "xtm"}, "unknown metric 'xtm'"),
        ("random", {"seed": -1}, "seed"),
        ("random", {"moves": 1000}, "moves"),
        ("solve", {"cube": "R U", "metric": "ftm"}, "unknown metric 'ftm'"),
        ("solve", {"cube": "R U", "time_limit": 100}, "time_limit"),
        ("solve", {"cube": "U" * 24, "size": 2}, "six colours"),
    ],
)
def test_bad_input_gets_one_line(
    client: TestClient, path: str, body: dict[str, Any], words: str
) -> None:
    response = client.post(f"/api/cube/{path}", json=body)
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert words in detail and "\n" not in detail and "Traceback" not in detail


def test_bad_input_in_korean(client: TestClient) -> None:
    korean = {"accept-language": "ko"}
    response = client.post("/api/cube/state", json={"cube": "R U X"}, headers=korean)
    assert response.status_code == 422 and "읽을 수 없습니다" in response.json()["detail"]
    response = client.post("/api/cube/solve", json={"cube": "U" * 30}, headers=korean)
    assert response.status_code == 422 and "30" in response.json()["detail"]
    assert response.json()["detail"].isascii() is False


def test_damaged_korf_tables_are_neither_used_nor_rebuilt(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Files that look like Korf's tables (the right metadata) but whose contents do not match
    their checksums: the quick look says they are there, the search's full check refuses them,
    and nothing is built in their place."""
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    assert not cube_jobs.korf_stored("qtm")
    for _, name, meta in korf.table_names(metric="qtm"):
        fake = np.zeros(4, dtype=np.uint8)
        store.save(name, meta, fake, lambda message: None)
        np.save(store.files(name)[1], fake + 1)  # damaged after its checksum was written
    assert cube_jobs.korf_stored("qtm")
    assert korf.stored_tables("qtm") is None
    cube = Cube.from_text("R U", 3, "qtm")
    assert cube_jobs.chosen_search(cube)[1:3] == ("bidirectional", None)
    assert sorted(p.stat().st_size for p in tmp_path.glob("*.npy"))[-1] < 1000


def test_a_time_limit_shorter_than_reading_korfs_tables_is_a_limit_reached(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading the tables the first time in a worker takes seconds: the job looks at its clock
    between them and answers ``limit_reached`` itself, not stopped by the server."""
    import threading
    import time

    from statesearch.web.cube_schemas import SolveCube

    def slow_load(
        name: str, meta: dict[str, Any], **expected: object
    ) -> tuple[str | None, np.ndarray | None]:
        time.sleep(0.4)
        return None, np.zeros(4, dtype=np.uint8)

    monkeypatch.setattr(store, "load", slow_load)
    monkeypatch.setattr(korf, "_LOADED", {})
    request = SolveCube(cube="R U", time_limit=0.3)
    answer = cube_jobs.solve_cube(request, time.monotonic() + 0.3, threading.Event())
    assert (answer["status"], answer["limit"]) == ("limit_reached", "time")
    assert (answer["algorithm"], answer["heuristic"]) == ("idastar", "korf")
    assert answer["reason"] == "time limit of 0.3 s (setup included)" and answer["states"] == []
    assert "htm" not in korf._LOADED  # nothing half-read is kept


def test_a_facelet_string_gives_its_size(client: TestClient) -> None:
    """As on the command line: 24 facelets are a 2x2x2 without "size" (a 422 asked for 54)."""
    turned = client.post("/api/cube/state", json={"cube": "UUUURRRRFFFFDDDDLLLLBBBB", "moves": "R"})
    assert turned.status_code == 200 and turned.json()["size"] == 2
    data = solve_cube(client, cube=turned.json()["facelets"])
    assert data["size"] == 2 and data["length"] == 1
    # The server picks IDA* itself: its own bound on states kept is no option the client gave.
    assert "states kept" not in data["note"]
    wrong = client.post("/api/cube/solve", json={"cube": "UUUURRRRFFFFDDDDLLLLBBBB", "size": 3})
    assert wrong.status_code == 422


def turned_as_held(facelets: str, moves: str) -> str:
    """The facelets after ``moves``, turned position by position with no renaming: what a
    person holding the cube sees."""
    from statesearch.cube.model.facelets import FACES, turn_colours
    from statesearch.cube.model.notation import face_of, parse_moves, quarters_of

    colours = tuple(FACES.index(c) for c in facelets)
    for move in parse_moves(moves):
        colours = turn_colours(colours, FACES[face_of(move)], quarters_of(move))
    return "".join(FACES[c] for c in colours)


@pytest.mark.parametrize("moves", ["L", "D B'", "R U L2 F' D"])
def test_a_2x2x2_is_shown_as_it_was_turned(client: TestClient, moves: str) -> None:
    """The 2x2x2 is solved with its DBL corner held still; its colours used to be shown as
    that reading renamed them, so a turn of L showed the right column turned. Its solution's
    positions are shown in the same frame, ending on each face one colour."""
    expected = turned_as_held(SOLVED_2, moves)
    assert state(client, 2, SOLVED_2, moves)["facelets"] == expected
    assert state(client, 2, expected, "")["facelets"] == expected  # typed back, shown back
    data = solve_cube(client, size=2, cube=expected)
    first, last = data["states"][0], data["states"][-1]
    assert first == expected and all(len(set(last[i : i + 4])) == 1 for i in range(0, 24, 4))
    for before, move, after in zip(
        data["states"], data["actions"], data["states"][1:], strict=False
    ):
        assert turned_as_held(before, move) == after
