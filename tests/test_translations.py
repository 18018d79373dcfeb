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
from statesearch.web.translations import (
    BUSY,
    KOREAN,
    SERVER_MESSAGES,
    input_error,
    language,
    message,
    one_line,
)
from statesearch.web.workers import Pool

PACKAGE = Path(statesearch.__file__).parent
LESSON = [7, 2, 4, 5, 0, 6, 8, 3, 1]


def input_errors() -> set[str]:
    """``InputError`` and the names of the package's classes made from it."""
    names = {"InputError"}
    for file in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.ClassDef) and any(
                getattr(base, "id", None) == "InputError" for base in node.bases
            ):
                names.add(node.name)
    return names


def raised_templates() -> Iterator[tuple[str, str]]:
    """(where, template) for every ``InputError(...)`` (or one of its kinds') in the package's
    source."""
    kinds = input_errors()
    for file in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in kinds:
                first = node.args[0]
                choices = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                for choice in choices:
                    where = f"{file.relative_to(PACKAGE)}:{node.lineno}"
                    assert isinstance(choice, ast.Constant), f"{where}: pass a template, not code"
                    assert isinstance(choice.value, str), f"{where}: a template is a string"
                    yield where, choice.value


def fields(template: str) -> set[tuple[str, str]]:
    return {(name, spec or "") for _, name, spec, _ in string.Formatter().parse(template) if name}


def note_templates() -> Iterator[tuple[str, str]]:
    """(where, template) for every note a result can carry to the web: each ``Note(...)`` in
    the package's source, and each domain's ``compiled_ida_counts`` (the facade adds it)."""
    for file in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(file.read_text())):
            where = f"{file.relative_to(PACKAGE)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Note":
                first = node.args[0]
                if str(file.relative_to(PACKAGE)) == "core/note.py":
                    continue  # a note made again from its parts, after a pickle
                assert isinstance(first, ast.Constant), f"{where}: a note's template, not code"
                assert isinstance(first.value, str), f"{where}: a template is a string"
                yield where, first.value
            if isinstance(node, ast.Assign) and any(
                getattr(target, "id", None) == "compiled_ida_counts" for target in node.targets
            ):
                assert isinstance(node.value, ast.Constant), f"{where}: say it in one text"
                assert isinstance(node.value.value, str), f"{where}: a note is a string"
                yield where, node.value.value


def notes_in_plain_words() -> Iterator[str]:
    """Where a note the web could show is made of words no template keys: text or an f-string
    given to ``add_note`` or a list of notes, outside the command line (which the web never
    shows)."""
    for file in sorted(PACKAGE.rglob("*.py")):
        if file.relative_to(PACKAGE).parts[0] == "cli":
            continue
        for node in ast.walk(ast.parse(file.read_text())):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "attr", None)
            owner = getattr(getattr(node.func, "value", None), "id", None)
            noted = name == "add_note" or (name == "append" and owner == "notes")
            if noted and isinstance(node.args[0], ast.Constant | ast.JoinedStr | ast.BinOp):
                yield f"{file.relative_to(PACKAGE)}:{node.lineno}"


def test_every_input_error_has_a_korean_template_with_the_same_fields() -> None:
    found = list(raised_templates())
    assert len(found) > 40  # the scan really walked the package
    for where, template in found:
        assert template in KOREAN, f"{where}: no Korean for {template!r}"
        assert fields(KOREAN[template]) == fields(template), where
    notes = {t for _, t in note_templates()}
    unused = set(KOREAN) - {t for _, t in found} - set(SERVER_MESSAGES) - notes
    assert not unused, f"translations nothing raises: {sorted(unused)}"


def test_every_note_the_web_can_show_has_korean_with_the_same_fields() -> None:
    """The playground's Korean page showed in English the notes it had no words for (the
    depth bound's, the tie-break's, the states bound's, the traced engine's)."""
    found = list(note_templates())
    assert len(found) >= 9  # the engine's seven and two domains' counts
    for where, template in found:
        assert template in KOREAN, f"{where}: no Korean for the note {template!r}"
        assert fields(KOREAN[template]) == fields(template), where
    assert not list(notes_in_plain_words()), "a note the web can show in words no template keys"


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
    return TestClient(create_app(), base_url="http://127.0.0.1")


KO = {"Accept-Language": "ko"}


def test_input_errors_in_korean(client: TestClient) -> None:
    body = {"tiles": [1, 1, 2, 3, 4, 5, 6, 7, 8], "rows": 3, "cols": 3}
    english = client.post("/api/npuzzle/analyze", json=body)
    korean = client.post("/api/npuzzle/analyze", json=body, headers=KO)
    assert english.status_code == korean.status_code == 422
    assert english.json()["detail"] == "duplicate tiles: 1"
    assert korean.json()["detail"] == "중복된 조각: 1"
    assert korean.headers["content-language"] == "ko"
    tilt = client.post("/api/tilt/solve", json={"board": "oo\n.x"}, headers=KO)
    assert (
        tilt.json()["detail"]
        == "블록은 2개인데 목표 칸은 1개뿐입니다: 블록마다 목표 칸이 필요합니다"
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
    body = {"tiles": LESSON, "rows": 3, "cols": 3, "max_expanded": 10**13, "weight": "heavy"}
    response = client.post("/api/npuzzle/solve", json=body, headers=KO)
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert "max_expanded: 1000000000000 이하여야 합니다" in detail
    assert "weight: 수여야 합니다" in detail
    missing = client.post("/api/npuzzle/solve", json={"rows": 3, "cols": 3}, headers=KO)
    assert missing.json()["detail"] == "tiles: 필수 항목입니다"


@pytest.mark.parametrize(
    ("body", "english", "korean"),
    [
        (None, "send a JSON object (Content-Type: application/json)", "JSON 객체여야 합니다"),
        ({"goal": {"a": 1}}, "goal: Input should be a valid list or a valid string",
         "goal: 받을 수 있는 형식이 아닙니다"),
        ({"goal": "x" * 201}, "goal: String should have at most 200 characters",
         "goal: 200자 이하여야 합니다"),
        ({"goal": [1, "a"]}, "goal.1: Input should be a valid integer", "goal.1: 정수여야 합니다"),
        ({"goal": []}, "a 3x3 board has 9 cells, got 0",
         "3x3 판의 칸은 9개인데 0개를 받았습니다"),
    ],
)  # fmt: skip
def test_a_bad_body_is_named_without_pydantics_internals(
    client: TestClient, body: dict[str, object] | None, english: str, korean: str
) -> None:
    """An empty body got "Field required" of no field; a goal of the wrong type got each union
    member's name ('goal.list[constrained-int]: ...; goal.constrained-str: ...'); and [] was
    taken as the default goal."""
    sent = None if body is None else {"tiles": LESSON, "rows": 3, "cols": 3, **body}
    for lang, said in (("en", english), ("ko", korean)):
        answer = client.post("/api/npuzzle/solve", json=sent, headers={"accept-language": lang})
        assert answer.status_code == 422 and answer.json()["detail"] == said


def test_busy_in_korean(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # A server with no free search slot and no place in line.
    monkeypatch.setattr(api, "POOL", Pool(slots=0, queue_cap=0))
    body = {"tiles": LESSON, "rows": 3, "cols": 3}
    response = client.post("/api/npuzzle/solve", json=body, headers=KO)
    assert response.status_code == 503 and response.headers["retry-after"] == "1"
    assert response.json()["detail"] == message(BUSY, {"seconds": 1}, "ko")
    assert (
        response.json()["detail"]
        == "서버가 다른 탐색을 처리하고 있습니다. 1초 뒤에 다시 시도하세요"
    )
    english = client.post("/api/npuzzle/solve", json=body)
    assert english.json()["detail"] == "the server is busy with other searches; try again in 1 s"


def test_the_cli_keeps_english() -> None:
    err = InputError("duplicate tiles: {tiles}", tiles="1")
    assert str(err) == "duplicate tiles: 1"


def test_a_clients_value_is_echoed_only_in_part() -> None:
    err = InputError("cannot read tile {token!r}", token="9" * 5000)
    assert len(input_error(err, "en")) < 120 and input_error(err, "en").endswith("…'")
    huge = InputError("tile {token} is out of range", token=10**200)
    assert input_error(huge, "ko") == "조각 <a 665-bit number>은(는) 범위를 벗어났습니다"
    assert one_line("a\nb\r\u2028c\x00d\ud800") == "a b c d\\ud800"


def test_one_korean_word_for_each_kind_of_cube_piece() -> None:
    """Korean cubers say 코너 and 엣지; 모서리, 꼭짓점, 변 and 가장자리 would be a second word
    for the same piece (모서리 even reads as an edge)."""
    cube = (PACKAGE / "web" / "static" / "i18n-cube.js").read_text()
    server = [text for english, text in KOREAN.items() if "corner" in english or "edge" in english]
    assert len(server) >= 3
    for text in [cube, *server]:
        for other in ("모서리", "꼭짓점", "변 조각", "변 뒤집힘", "가장자리"):
            assert other not in text
    assert "코너 조각" in cube and "엣지 조각" in cube


def test_a_results_notes_come_in_each_language(client: TestClient) -> None:
    """The page showed the depth bound's note, and every unread option's but the heuristic's,
    in English on its Korean page; each answer carries its note in both languages, so a switch
    of language after it shows the other."""
    body = {"tiles": LESSON, "rows": 3, "cols": 3, "algorithm": "bfs", "heuristic": "misplaced"}
    unread = client.post("/api/npuzzle/solve", json={**body, "weight": 2}, headers=KO).json()
    english = (
        "not used: the weight 2 (only A* weighs h) and the heuristic misplaced (bfs reads none)"
    )
    assert unread["note"] == unread["note_in"]["en"] == english
    assert unread["note_in"]["ko"] == (
        "쓰이지 않음: 배율 w = 2 (h에 배율을 곱하는 것은 A*뿐입니다), "
        "어림 misplaced (bfs은(는) 어림을 읽지 않습니다)"
    )
    # S 9 G: two moves cost 10; four around the 9 cost 4, past a depth bound of 3.
    maze = {"grid": ["S9G", "..."], "max_depth": 3}
    cut = client.post("/api/maze/solve", json=maze, headers=KO).json()
    assert cut["status"] == "solved" and cut["cost"] == 10 and not cut["optimal"]
    assert cut["note_in"]["ko"] == (
        "최적임이 증명되지 않음: 깊이 한도 3수가 수는 더 많지만 비용은 더 적은 경로를 "
        "잘라냈을 수 있습니다"
    )
