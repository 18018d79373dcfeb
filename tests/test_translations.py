"""Every message the server can send exists in Korean, with the same fields."""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import statesearch
from statesearch.errors import InputError
from statesearch.web import api
from statesearch.web.app import create_app
from statesearch.web.translations import BUSY, KOREAN, language

PACKAGE = Path(statesearch.__file__).parent
LESSON = [7, 2, 4, 5, 0, 6, 8, 3, 1]


def raised_templates() -> Iterator[tuple[str, str]]:
    """(where, template) for every ``InputError(...)`` in the package's source."""
    for file in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "InputError":
                first = node.args[0]
                choices = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                for choice in choices:
                    where = f"{file.relative_to(PACKAGE)}:{node.lineno}"
                    assert isinstance(choice, ast.Constant), f"{where}: pass a template, not code"
                    yield where, choice.value


def fields(template: str) -> set[tuple[str, str]]:
    return {(name, spec) for _, name, spec, _ in string.Formatter().parse(template) if name}


def test_every_input_error_has_a_korean_template_with_the_same_fields() -> None:
    found = list(raised_templates())
    assert len(found) > 40  # the scan really walked the package
    for where, template in found:
        assert template in KOREAN, f"{where}: no Korean for {template!r}"
        assert fields(KOREAN[template]) == fields(template), where
    unused = set(KOREAN) - {t for _, t in found} - {BUSY}
    assert not unused, f"translations nothing raises: {sorted(unused)}"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ("ko", "ko"),
        ("ko-KR,ko;q=0.9,en;q=0.8", "ko"),
        ("en-US,en;q=0.9,ko;q=0.8", "en"),
        ("fr-FR,ko;q=0.5", "ko"),
        ("fr", "en"),
        ("ko;q=bad,en", "en"),
    ],
)
def test_language_from_accept_language(header: str | None, expected: str) -> None:
    assert language(header) == expected


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app())


KO = {"Accept-Language": "ko"}


def test_input_errors_in_korean(client: TestClient) -> None:
    body = {"tiles": [1, 1, 2, 3, 4, 5, 6, 7, 8], "rows": 3, "cols": 3}
    english = client.post("/api/npuzzle/analyze", json=body)
    korean = client.post("/api/npuzzle/analyze", json=body, headers=KO)
    assert english.status_code == korean.status_code == 422
    assert english.json()["detail"] == "duplicate tiles: 1"
    assert korean.json()["detail"] == "중복된 타일: 1"
    assert korean.headers["content-language"] == "ko"
    tilt = client.post("/api/tilt/solve", json={"board": "o.\n.."}, headers=KO)
    assert (
        tilt.json()["detail"]
        == "블록은 1개인데 목표 칸은 0개뿐입니다: 블록마다 목표 칸이 필요합니다"
    )
    # Raised inside the search's worker thread, not while reading the request.
    algo = client.post(
        "/api/npuzzle/solve",
        json={"tiles": LESSON, "rows": 3, "cols": 3, "algorithm": "x"},
        headers=KO,
    )
    assert algo.status_code == 422
    assert algo.json()["detail"].startswith("알 수 없는 알고리즘 'x'; 다음 중에서 고르세요: ")


def test_validation_errors_in_korean(client: TestClient) -> None:
    body = {"tiles": LESSON, "rows": 3, "cols": 3, "max_expanded": 10**9, "weight": "heavy"}
    response = client.post("/api/npuzzle/solve", json=body, headers=KO)
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert "max_expanded: 2000000 이하여야 합니다" in detail
    assert "weight: 수여야 합니다" in detail
    missing = client.post("/api/npuzzle/solve", json={"rows": 3, "cols": 3}, headers=KO)
    assert missing.json()["detail"] == "tiles: 필수 항목입니다"


def test_busy_in_korean(client: TestClient) -> None:
    taken = [api._slots.acquire(blocking=False) for _ in range(api.MAX_CONCURRENT)]
    try:
        assert all(taken)
        body = {"tiles": LESSON, "rows": 3, "cols": 3}
        response = client.post("/api/npuzzle/solve", json=body, headers=KO)
        assert response.status_code == 503
        assert response.json()["detail"] == KOREAN[BUSY]
        english = client.post("/api/npuzzle/solve", json=body)
        assert english.json()["detail"] == BUSY
    finally:
        for _ in taken:
            api._slots.release()


def test_the_cli_keeps_english() -> None:
    err = InputError("duplicate tiles: {tiles}", tiles="1")
    assert str(err) == "duplicate tiles: 1"
