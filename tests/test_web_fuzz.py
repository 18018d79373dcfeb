"""Property-based fuzzing of every API route: whatever JSON a client sends, the answer is a
result or one readable line with a 4xx status, never a 5xx or a traceback (an internal
error is a 500, a crash in any route fails here)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from statesearch.web.app import create_app

# Any JSON value, NaN and infinities included (Python's JSON reader accepts them).
SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
ANY_JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6)
    ),
    max_leaves=20,
)
TILES = st.lists(st.integers(-2, 30), min_size=0, max_size=26) | st.sampled_from(
    [list(range(n)) for n in (4, 6, 8, 9, 12, 16, 25)]
).flatmap(st.permutations)
TILT_TEXT = st.text(alphabet=".#ox@\n?", max_size=60)
# A goal as typed: tiles, blanks, separators, names and noise.
GOALS = st.text(alphabet="0123456789_ ,/\nx-", max_size=60) | st.sampled_from(
    ["blank-first", "blank-last", "korf", "default", "first"]
)
MAZE_ROW = st.text(alphabet="SG#.123456789 x", max_size=12)
CUBE_MOVE = "URFDLB'2 x"
# Scrambles, facelet strings (solved, or with one symbol changed) and anything in between.
CUBE_TEXT = st.text(alphabet=CUBE_MOVE, max_size=40) | st.sampled_from(
    ["".join(f * 9 for f in "URFDLB"), "".join(f * 4 for f in "URFDLB")]
).flatmap(lambda s: st.integers(0, len(s) - 1).map(lambda i: s[:i] + "U" + s[i + 1 :]))
# A search's time is kept short so that a fuzzed request that does search ends quickly.
SHORT = st.floats(0.05, 0.3)


def maybe(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a plausible value, sometimes any JSON at all."""
    return st.one_of(valid, valid, valid, ANY_JSON)


def fields(**strategies: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A body with any subset of the fields, each plausible or not."""
    return st.fixed_dictionaries({}, optional={k: maybe(v) for k, v in strategies.items()})


ROUTES: dict[str, st.SearchStrategy[Any]] = {
    "/api/npuzzle/analyze": fields(
        tiles=TILES, rows=st.integers(0, 7), cols=st.integers(0, 7), goal=st.one_of(TILES, GOALS)
    ),
    "/api/npuzzle/solve": fields(
        tiles=TILES,
        rows=st.integers(1, 6),
        cols=st.integers(1, 6),
        goal=st.one_of(TILES, GOALS),
        algorithm=st.sampled_from(["astar", "idastar", "bfs", "greedy", "dfbnb", "auto", "x"]),
        heuristic=st.sampled_from(["manhattan", "linear_conflict", "misplaced", "pdb", "h9"]),
        weight=st.floats(-1, 12),
        precheck=st.booleans(),
        max_expanded=st.integers(-1, 10**14),
    ).map(lambda body: {**body, "time_limit": 0.2}),
    "/api/npuzzle/trace": fields(
        tiles=TILES,
        rows=st.integers(1, 6),
        cols=st.integers(1, 6),
        algorithm=st.sampled_from(["astar", "idastar", "bfs", "greedy", "dfbnb", "auto", "x"]),
        heuristic=st.sampled_from(["manhattan", "misplaced", "zero", "h9"]),
        weight=st.floats(-1, 12),
        max_events=st.integers(-1, 10**6),
        h_offset=st.integers(-5, 200),
        max_pushed=st.integers(-1, 10**14),
    ).map(lambda body: {**body, "time_limit": 0.2}),
    "/api/maze/trace": fields(
        grid=st.lists(MAZE_ROW, max_size=8),
        algorithm=st.sampled_from(["astar", "bfs", "ucs", "greedy", "idastar", "nope"]),
        max_events=st.integers(-1, 10**6),
        h_offset=st.integers(-5, 200),
    ).map(lambda body: {**body, "time_limit": 0.2}),
    "/api/maze/solve": fields(
        grid=st.lists(MAZE_ROW, max_size=8),
        algorithm=st.sampled_from(["astar", "bfs", "ucs", "greedy", "dfs", "nope"]),
        weight=st.floats(-1, 12),
        time_limit=SHORT,
    ).map(lambda body: {**body, "time_limit": 0.2}),
    "/api/tilt/solve": fields(
        board=TILT_TEXT,
        algorithm=st.sampled_from(["astar", "bfs", "idastar", "x"]),
        heuristic=st.sampled_from(["best", "nearest", "bottleneck", "zero", "y"]),
        step=st.sampled_from(["single", "full", "z"]),
        collide=st.sampled_from(["block", "merge", "w"]),
    ).map(lambda body: {**body, "time_limit": 0.2}),
    "/api/tilt/move": fields(
        board=TILT_TEXT,
        direction=st.sampled_from(["U", "D", "L", "R", "u", "X", ""]),
        step=st.sampled_from(["single", "full", "z"]),
        collide=st.sampled_from(["block", "merge", "w"]),
    ),
    # Puzzles that come quickly (or bad values): a generator stopped at its deadline costs a
    # fresh worker.
    "/api/tilt/generate": fields(
        seed=st.integers(-5, 10**10), blocks=st.integers(-1, 3), min_length=st.integers(-1, 6)
    ).map(lambda body: {"blocks": 2, "min_length": 4, **body, "time_limit": 5}),
    "/api/cube/state": fields(
        size=st.integers(1, 4), cube=CUBE_TEXT, moves=st.text(alphabet=CUBE_MOVE, max_size=30)
    ),
    "/api/cube/random": fields(
        size=st.integers(1, 4),
        seed=st.integers(-5, 10**10),
        moves=st.integers(-1, 120),
        metric=st.sampled_from(["htm", "qtm", "x"]),
    ),
    "/api/cube/solve": fields(
        size=st.integers(1, 4), cube=CUBE_TEXT, metric=st.sampled_from(["htm", "qtm", "x"])
    ).map(lambda body: {**body, "time_limit": 0.2}),
}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)


def check(client: TestClient, path: str, payload: Any) -> None:
    body = json.dumps(payload).encode()  # NaN and Infinity as Python writes them
    response = client.post(path, content=body, headers={"content-type": "application/json"})
    assert response.status_code in (200, 400, 413, 422), response.text[:300]
    assert "Traceback" not in response.text
    data = response.json()
    if response.status_code == 200:
        assert isinstance(data, dict)
        if "status" in data:
            assert data["status"] in ("solved", "unsolvable", "limit_reached")
            if data["status"] == "solved" and "path" in data and path.endswith("npuzzle/solve"):
                assert len(data["path"]) == data["length"] + 1
        return
    assert isinstance(data["detail"], str) and data["detail"]
    assert "\n" not in data["detail"] and len(data["detail"]) <= 600


@pytest.mark.parametrize("path", list(ROUTES))
def test_fuzzed_bodies_get_a_result_or_one_line(client: TestClient, path: str) -> None:
    @settings(
        max_examples=25,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(payload=ROUTES[path] | ANY_JSON)
    def fuzz(payload: Any) -> None:
        check(client, path, payload)

    fuzz()
