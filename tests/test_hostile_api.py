"""The API's half of the hostile corpus: bodies, headers and encodings a careless user or an
attacker would send, against a real server. Each must end with the expected status, a
one-line message (no traceback, no 500) and within its time bound."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from statesearch.web.server import running_in_thread
from test_web_server import send

NPUZZLE, MAZE, TILT = "/api/npuzzle/solve", "/api/maze/solve", "/api/tilt/solve"
TRACE, MAZE_TRACE = "/api/npuzzle/trace", "/api/maze/trace"
ANALYZE, MOVE, GENERATE = "/api/npuzzle/analyze", "/api/tilt/move", "/api/tilt/generate"
CUBE_STATE, CUBE_RANDOM, CUBE_SOLVE = "/api/cube/state", "/api/cube/random", "/api/cube/solve"
RANDOM_CUBE = "LDLUURLDBRBDBRBBLUDFUDFUUURRRDFDFDFBULBBLLRRFFRFDBLLUF"  # cube random --seed 1
LESSON = [7, 2, 4, 5, 0, 6, 8, 3, 1]
BOARD = {"tiles": LESSON, "rows": 3, "cols": 3}
HARD_15 = [0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
TILT_BOARD = "o.x\n..."
JSON = {"Content-Type": "application/json"}
NAN = float("nan")


@dataclass(frozen=True)
class Case:
    name: str
    path: str
    body: bytes | None
    statuses: tuple[int, ...]
    seconds: float = 10.0  # half the server's cap: proves no hang, allows a cold worker
    headers: dict[str, str] = field(default_factory=lambda: dict(JSON))
    method: str = "POST"
    plain: bool = False  # refused by uvicorn itself (malformed HTTP): a one-line text body


def body(path: str, name: str, data: Any, *statuses: int, seconds: float = 10.0) -> Case:
    """A JSON body (NaN and infinities written as Python's json writes them)."""
    return Case(name, path, json.dumps(data).encode(), statuses or (422,), seconds)


def raw(path: str, name: str, data: bytes, *statuses: int, **headers: str) -> Case:
    return Case(name, path, data, statuses, headers={**JSON, **headers})


def deep(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


CASES = [
    # ---- wrong types
    body(NPUZZLE, "tiles-as-text", {**BOARD, "tiles": "7 2 4 5 0 6 8 3 1"}),
    body(NPUZZLE, "tiles-as-object", {**BOARD, "tiles": {"0": 7}}),
    body(NPUZZLE, "tiles-of-floats", {**BOARD, "tiles": [t + 0.5 for t in LESSON]}),
    body(NPUZZLE, "tiles-of-strings", {**BOARD, "tiles": [str(t) + "x" for t in LESSON]}),
    body(NPUZZLE, "tiles-of-lists", {**BOARD, "tiles": [[t] for t in LESSON]}),
    body(NPUZZLE, "tiles-null", {**BOARD, "tiles": None}),
    body(NPUZZLE, "rows-as-text", {**BOARD, "rows": "three"}),
    body(NPUZZLE, "rows-fraction", {**BOARD, "rows": 3.5}),
    body(NPUZZLE, "rows-bool-list", {**BOARD, "rows": [True]}),
    body(NPUZZLE, "goal-unreadable-text", {**BOARD, "goal": "1 2 x 4 5 6 7 8 0"}),
    body(NPUZZLE, "goal-text-huge", {**BOARD, "goal": "1 " * 5000}),
    body(NPUZZLE, "goal-wrong-size", {**BOARD, "goal": "blank-first / 1 2"}),
    body(NPUZZLE, "weight-as-text", {**BOARD, "weight": "heavy"}),
    body(NPUZZLE, "precheck-as-text", {**BOARD, "precheck": "perhaps"}),
    body(NPUZZLE, "algorithm-number", {**BOARD, "algorithm": 7}),
    body(NPUZZLE, "heuristic-list", {**BOARD, "heuristic": ["manhattan"]}),
    body(NPUZZLE, "time-limit-text", {**BOARD, "time_limit": "soon"}),
    body(NPUZZLE, "body-is-a-list", [BOARD]),
    body(NPUZZLE, "body-is-a-number", 42),
    body(NPUZZLE, "body-is-a-string", "solve it"),
    body(NPUZZLE, "body-is-null", None),
    body(MAZE, "grid-as-text", {"grid": "S.G"}),
    body(MAZE, "grid-of-numbers", {"grid": [1, 2, 3]}),
    body(TILT, "board-as-list", {"board": ["o.x", "..."]}),
    body(MOVE, "direction-lowercase", {"board": TILT_BOARD, "direction": "r"}),
    body(MOVE, "direction-word", {"board": TILT_BOARD, "direction": "RIGHT"}),
    body(GENERATE, "seed-negative", {"seed": -1}),
    body(GENERATE, "seed-text", {"seed": "lucky"}),
    body(GENERATE, "blocks-zero", {"blocks": 0}),
    body(GENERATE, "min-length-huge", {"min_length": 10**6}),
    body(ANALYZE, "analyze-missing-rows", {"tiles": LESSON}),
    # ---- huge arrays, strings and numbers
    body(NPUZZLE, "tiles-10000", {**BOARD, "tiles": [1] * 10_000}),
    body(NPUZZLE, "tiles-huge-number", {**BOARD, "tiles": [10**30, *LESSON[1:]]}),
    body(NPUZZLE, "max-expanded-10^30", {**BOARD, "max_expanded": 10**30}),
    body(NPUZZLE, "time-limit-1e308", {**BOARD, "time_limit": 1e308}),
    body(NPUZZLE, "time-limit-zero", {**BOARD, "time_limit": 0}),
    body(NPUZZLE, "time-limit-negative", {**BOARD, "time_limit": -5}),
    body(NPUZZLE, "algorithm-50k", {**BOARD, "algorithm": "a" * 50_000}),
    body(NPUZZLE, "heuristic-long", {**BOARD, "heuristic": "h" * 39}),
    raw(
        NPUZZLE,
        "tile-5000-digits",
        b'{"tiles": [' + b"9" * 5000 + b'], "rows": 3, "cols": 3}',
        400,
        422,
    ),
    body(MAZE, "maze-61-rows", {"grid": ["S" + "." * 9] + ["." * 10] * 59 + ["G" + "." * 9]}),
    body(MAZE, "maze-row-61", {"grid": ["S" + "." * 59 + "G"]}),
    body(TILT, "tilt-board-2001", {"board": "o" + "." * 1999 + "x"}),
    body(
        TILT,
        "tilt-board-1999-one-line",
        {"board": "o" + "." * 1997 + "x", "time_limit": 1},
        200,
        seconds=2.5,
    ),
    body(MOVE, "move-board-2001", {"board": "." * 2001, "direction": "U"}),
    # ---- traces: the events sent are capped, and so is the constant added to h
    body(TRACE, "trace-max-events-huge", {**BOARD, "max_events": 10**9}),
    body(TRACE, "trace-max-events-zero", {**BOARD, "max_events": 0}),
    body(TRACE, "trace-h-offset-nan", {**BOARD, "h_offset": NAN}),
    body(TRACE, "trace-h-offset-huge", {**BOARD, "h_offset": 10**12}),
    body(
        TRACE,
        "trace-15-puzzle-bfs",
        {"tiles": HARD_15, "rows": 4, "cols": 4, "algorithm": "bfs", "time_limit": 1},
        200,
        seconds=2.5,
    ),
    body(MAZE_TRACE, "maze-trace-grid-text", {"grid": "S.G"}),
    # ---- NaN and infinities (json.dumps writes them; Python's reader accepts them)
    body(NPUZZLE, "weight-nan", {**BOARD, "weight": NAN}),
    body(NPUZZLE, "weight-infinity", {**BOARD, "weight": float("inf")}),
    body(NPUZZLE, "time-limit-nan", {**BOARD, "time_limit": NAN}),
    body(NPUZZLE, "time-limit-infinity", {**BOARD, "time_limit": float("inf")}),
    body(NPUZZLE, "time-limit-minus-infinity", {**BOARD, "time_limit": float("-inf")}),
    body(NPUZZLE, "max-expanded-nan", {**BOARD, "max_expanded": NAN}),
    body(NPUZZLE, "tiles-nan", {**BOARD, "tiles": [NAN] * 9}),
    body(NPUZZLE, "rows-infinity", {**BOARD, "rows": float("inf")}),
    body(MAZE, "maze-weight-nan", {"grid": ["S.G"], "weight": NAN}),
    body(GENERATE, "generate-time-nan", {"time_limit": NAN}),
    # ---- deep nesting
    raw(NPUZZLE, "nested-lists-20000", deep(20_000), 400, 422),
    raw(NPUZZLE, "nested-objects-10000", b'{"a":' * 10_000 + b"1" + b"}" * 10_000, 400, 422),
    raw(NPUZZLE, "nested-tiles-500", b'{"tiles": ' + deep(500) + b', "rows": 3, "cols": 3}', 422),
    # ---- boards: unsolvable, oversized, malformed
    body(
        NPUZZLE, "unsolvable-proved-by-parity", {**BOARD, "tiles": [2, 8, 1, 4, 6, 3, 0, 7, 5]}, 200
    ),
    body(
        NPUZZLE,
        "unsolvable-searched-3x3",
        {**BOARD, "tiles": [2, 8, 1, 4, 6, 3, 0, 7, 5], "precheck": False, "time_limit": 2},
        200,
        seconds=3.5,
    ),
    body(
        NPUZZLE,
        "unsolvable-searched-4x4-bfs",
        {
            "tiles": [2, 1, *range(3, 16), 0],
            "rows": 4,
            "cols": 4,
            "precheck": False,
            "algorithm": "bfs",
            "time_limit": 1,
        },
        200,
        seconds=2.5,
    ),
    body(
        NPUZZLE,
        "hard-4x4-python-astar",
        {"tiles": HARD_15, "rows": 4, "cols": 4, "time_limit": 1},
        200,
        seconds=2.5,
    ),
    body(
        NPUZZLE,
        "5x5-dfs",
        {"tiles": list(range(25))[::-1], "rows": 5, "cols": 5, "algorithm": "dfs", "time_limit": 1},
        200,
        seconds=2.5,
    ),
    body(
        NPUZZLE,
        "5x5-bidirectional",
        {
            "tiles": list(range(25))[::-1],
            "rows": 5,
            "cols": 5,
            "algorithm": "bidirectional",
            "time_limit": 1,
        },
        200,
        seconds=2.5,
    ),
    body(NPUZZLE, "board-6x6", {"tiles": list(range(36)), "rows": 6, "cols": 6}),
    body(NPUZZLE, "board-1x9", {**BOARD, "rows": 1, "cols": 9}),
    body(NPUZZLE, "duplicate-tiles", {**BOARD, "tiles": [1, 1, 2, 3, 4, 5, 6, 7, 0]}),
    body(NPUZZLE, "tile-out-of-range", {**BOARD, "tiles": [9, 1, 2, 3, 4, 5, 6, 7, 0]}),
    body(NPUZZLE, "shape-mismatch", {**BOARD, "cols": 4}),
    body(NPUZZLE, "goal-too-short", {**BOARD, "goal": [1, 2, 3]}),
    body(NPUZZLE, "goal-unreachable", {**BOARD, "goal": [2, 1, 3, 4, 5, 6, 7, 8, 0]}, 200),
    body(
        NPUZZLE,
        "pdb-for-an-invented-goal",
        {**BOARD, "goal": [8, 7, 6, 5, 4, 3, 2, 1, 0], "heuristic": "pdb"},
    ),
    body(NPUZZLE, "unknown-algorithm", {**BOARD, "algorithm": "quantum"}),
    body(NPUZZLE, "unknown-heuristic", {**BOARD, "heuristic": "oracle"}),
    body(NPUZZLE, "dls-without-depth", {**BOARD, "algorithm": "dls"}),
    body(NPUZZLE, "weight-above-cap", {**BOARD, "weight": 11}),
    body(MAZE, "maze-without-start", {"grid": ["..G"]}),
    body(MAZE, "maze-two-goals", {"grid": ["S.G", "..G"]}),
    body(MAZE, "maze-ragged", {"grid": ["S..", ".G"]}),
    body(MAZE, "maze-unknown-char", {"grid": ["S?G"]}),
    body(MAZE, "maze-empty-grid", {"grid": []}),
    body(MAZE, "maze-walled-in", {"grid": ["S#.", "##.", "..G"]}, 200),
    body(
        MAZE,
        "maze-60x60-bfs",
        {"grid": ["S" + "." * 59] + ["." * 60] * 58 + ["." * 59 + "G"], "algorithm": "bfs"},
        200,
        seconds=5,
    ),
    body(TILT, "tilt-no-block", {"board": "..x"}),
    body(TILT, "tilt-more-blocks-than-targets", {"board": "oox"}),
    body(TILT, "tilt-unknown-char", {"board": "o?x"}),
    body(TILT, "tilt-ragged", {"board": "o.x\n."}),
    body(TILT, "tilt-unknown-step", {"board": TILT_BOARD, "step": "diagonal"}),
    body(TILT, "tilt-unknown-collide", {"board": TILT_BOARD, "collide": "bounce"}),
    body(
        TILT,
        "tilt-44x44-1900-targets",
        {
            "board": "\n".join(["o" + "x" * 43] + ["x" * 44] * 43)[:1979],
            "algorithm": "astar",
            "time_limit": 1,
        },
        200,
        seconds=2.5,
    ),
    body(
        GENERATE,
        "generator-too-hard-for-its-limit",
        {"seed": 5, "blocks": 8, "min_length": 25, "time_limit": 1},
        seconds=2.5,
    ),
    # ---- odd encodings
    raw(NPUZZLE, "utf-16-body", json.dumps(BOARD).encode("utf-16"), 200, 400, 422),
    raw(NPUZZLE, "utf-8-bom", b"\xef\xbb\xbf" + json.dumps(BOARD).encode(), 200, 400, 422),
    raw(
        NPUZZLE,
        "invalid-utf-8",
        b'{"tiles": [7,2,4,5,0,6,8,3,1], "rows": 3, "cols": 3, "algorithm": "\xff\xfe"}',
        400,
        422,
    ),
    raw(NPUZZLE, "latin-1-name", '{"algorithm": "é"}'.encode("latin-1"), 400, 422),
    raw(
        NPUZZLE,
        "lone-surrogate",
        b'{"tiles": [7,2,4,5,0,6,8,3,1], "rows": 3, "cols": 3, "algorithm": "\\ud800"}',
        422,
    ),
    raw(
        NPUZZLE,
        "newline-in-name",
        b'{"tiles": [7,2,4,5,0,6,8,3,1], "rows": 3, "cols": 3, "algorithm": "a\\nb\\rc\\u2028d"}',
        422,
    ),
    body(TILT, "nul-in-board", {"board": "o\x00x"}),
    body(TILT, "right-to-left-override", {"board": "o\u202ex"}),
    body(TILT, "emoji-board", {"board": "o🧱x"}),
    body(MAZE, "fullwidth-digits-in-maze", {"grid": ["S３G"]}, 200, 422),
    body(MAZE, "arabic-indic-digits-in-maze", {"grid": ["S٣G"]}, 200, 422),
    raw(NPUZZLE, "text-plain", json.dumps(BOARD).encode(), 422, **{"Content-Type": "text/plain"}),
    raw(
        NPUZZLE,
        "form-encoded",
        b"tiles=7&rows=3",
        422,
        **{"Content-Type": "application/x-www-form-urlencoded"},
    ),
    raw(NPUZZLE, "empty-body", b"", 422),
    raw(NPUZZLE, "truncated-json", b'{"tiles": [7, 2, 4', 422),
    raw(NPUZZLE, "trailing-garbage", json.dumps(BOARD).encode() + b"}}}", 422),
    raw(NPUZZLE, "json-with-comments", b'{"tiles": [7,2,4,5,0,6,8,3,1] /* lesson */}', 422),
    raw(
        NPUZZLE,
        "charset-utf-16-declared",
        json.dumps(BOARD).encode(),
        200,
        400,
        422,
        **{"Content-Type": "application/json; charset=utf-16"},
    ),
    # ---- Host and Origin headers
    raw(NPUZZLE, "host-evil", json.dumps(BOARD).encode(), 400, Host="evil.com"),
    raw(
        NPUZZLE,
        "host-rebinding-subdomain",
        json.dumps(BOARD).encode(),
        400,
        Host="127.0.0.1.evil.example",
    ),
    raw(NPUZZLE, "host-empty", json.dumps(BOARD).encode(), 400, Host=""),
    raw(NPUZZLE, "host-4k", json.dumps(BOARD).encode(), 400, Host="a" * 4000),
    raw(NPUZZLE, "host-with-user", json.dumps(BOARD).encode(), 400, Host="user@127.0.0.1"),
    raw(NPUZZLE, "origin-evil", json.dumps(BOARD).encode(), 403, Origin="https://evil.com"),
    raw(NPUZZLE, "origin-null", json.dumps(BOARD).encode(), 403, Origin="null"),
    raw(NPUZZLE, "origin-other-port", json.dumps(BOARD).encode(), 403, Origin="http://127.0.0.1:1"),
    # ---- oversized bodies and lengths
    raw(NPUZZLE, "announced-100MB", b"{}", 413, **{"Content-Length": str(100 << 20)}),
    raw(NPUZZLE, "sent-200KB", b'{"tiles": [' + b"1," * 100_000 + b"1]}", 413),
    # A length the server cannot read is refused on the headers alone; the body is not sent,
    # or the server's close with it unread resets the connection before its 400 is read.
    Case(
        "length-not-a-number", NPUZZLE, None, (400,), headers={"Content-Length": "ten"}, plain=True
    ),
    Case("length-negative", NPUZZLE, None, (400,), headers={"Content-Length": "-1"}, plain=True),
    Case("two-lengths", NPUZZLE, None, (400,), headers={"Content-Length": "2, 3"}, plain=True),
    # ---- methods and paths
    Case("get-on-a-post-route", NPUZZLE, None, (405,), method="GET"),
    Case("delete", NPUZZLE, None, (405,), method="DELETE"),
    Case("unknown-route", "/api/chess/solve", b"{}", (404,)),
    Case("path-traversal", "/static/../../../../etc/passwd", None, (404,), method="GET"),
    Case("encoded-traversal", "/static/%2e%2e/%2e%2e/etc/passwd", None, (404,), method="GET"),
    # ---- the cube
    body(CUBE_STATE, "cube-as-list", {"cube": list("RU")}),
    body(CUBE_STATE, "cube-text-5k", {"cube": "R " * 2500}),
    body(CUBE_STATE, "cube-moves-control-chars", {"cube": "R", "moves": "U\u0000\u202eF"}),
    body(CUBE_STATE, "cube-size-huge", {"size": 10**30}),
    body(CUBE_RANDOM, "cube-seed-float", {"seed": 1.5}),
    body(CUBE_SOLVE, "cube-time-limit-nan", {"cube": "R U", "time_limit": NAN}),
    body(CUBE_SOLVE, "cube-seven-colours", {"cube": "URFDLBX" * 7 + "UUUUU"}),
    # A uniform random 3x3x3 is far beyond the fall-back search: stopped at its time limit.
    body(CUBE_SOLVE, "cube-random-3x3x3", {"cube": RANDOM_CUBE, "time_limit": 1}, 200, seconds=8),
]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with running_in_thread() as url:
        yield url


def test_the_corpus_is_large_and_unique() -> None:
    assert len(CASES) >= 80
    assert len({case.name for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_hostile_request(server: str, case: Case) -> None:
    answer = send(server, case.method, case.path, case.body, case.headers, timeout=30)
    assert answer.status in case.statuses, answer.body[:300]
    assert answer.seconds < case.seconds
    text = answer.body.decode("utf-8")
    assert "Traceback" not in text
    assert 'File "' not in text
    if case.plain:
        assert text.count("\n") == 0 and len(text) < 100
        return
    data = json.loads(text)
    if answer.status == 200:
        assert data["status"] in ("solved", "unsolvable", "limit_reached")
        return
    detail = data["detail"]
    assert isinstance(detail, str) and detail
    assert "\n" not in detail and "\r" not in detail and len(detail) <= 600
