"""Korean for every message the server sends, chosen by the request's ``Accept-Language``.

The page translates its own labels (static/i18n.js); this module covers what only the server
knows: ``InputError`` messages, the request checks' problems (``checks``), the server's own answers
(``SERVER_MESSAGES``) and a result's notes (``notes``). Translations are keyed by the English
template, as gettext keys them by message id, and keep its ``{fields}``; a test checks that
every template raised anywhere in the package, and every note the web can show, is here.

A message never echoes more than ``ECHO`` characters of a value a client sent.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.note import Note
from ..core.result import SearchResult
from ..errors import InputError
from .korean import TEMPLATES

LANGUAGES = ("en", "ko")
ECHO = 80  # characters of a client's value a message may repeat (a 5x5 board's 25 tiles)
LONGEST = 600  # characters of a whole message

BUSY = "the server is busy with other searches; try again in {seconds} s"
HOST_REFUSED = (
    "this server does not answer to the host name {host!r} (a guard against DNS rebinding); "
    "start it with --allow-host NAME to add a name"
)
ORIGIN_REFUSED = "requests from pages of another site ({origin!r}) are refused"
BODY_TOO_LARGE = "the request body is larger than {limit:,} bytes"
BODY_TOO_SLOW = "the request body did not arrive within {seconds} s"
INTERNAL = "internal error {incident} (not your fault); details in {log}"
NOT_FOUND = "no such page or API route"
NOT_ALLOWED = "this route does not take that method"
UNREADABLE_BODY = "cannot read the request body (send JSON)"
STOPPED_IN_PAGE = (  # the page's own Python (page.py) on a search it stopped
    "the page's own Python stopped here; the installed statesearch, with its compiled kernels, "
    "runs it: {command}"
)
SERVER_MESSAGES = (
    BUSY,
    HOST_REFUSED,
    ORIGIN_REFUSED,
    BODY_TOO_LARGE,
    BODY_TOO_SLOW,
    INTERNAL,
    NOT_FOUND,
    NOT_ALLOWED,
    UNREADABLE_BODY,
    STOPPED_IN_PAGE,
)

KOREAN: Mapping[str, str] = {
    # the server's own answers
    BUSY: "서버가 다른 탐색을 처리하고 있습니다. {seconds}초 뒤에 다시 시도하세요",
    HOST_REFUSED: (
        "이 서버는 호스트 이름 {host!r}에 응답하지 않습니다 (DNS 리바인딩 방지); "
        "이름을 더하려면 --allow-host NAME으로 서버를 시작하세요"
    ),
    ORIGIN_REFUSED: "다른 사이트의 페이지({origin!r})에서 온 요청은 거부합니다",
    BODY_TOO_LARGE: "요청 본문이 {limit:,}바이트보다 큽니다",
    BODY_TOO_SLOW: "요청 본문이 {seconds}초 안에 도착하지 않았습니다",
    INTERNAL: "내부 오류 {incident} (사용자 잘못이 아닙니다); 자세한 내용: {log}",
    NOT_FOUND: "그런 페이지나 API 경로가 없습니다",
    NOT_ALLOWED: "이 경로는 그 메서드를 받지 않습니다",
    UNREADABLE_BODY: "요청 본문을 읽을 수 없습니다 (JSON을 보내세요)",
    STOPPED_IN_PAGE: (
        "페이지의 파이썬은 여기서 멈췄습니다. 컴파일된 커널이 있는 설치한 statesearch로는 "
        "이렇게 실행합니다: {command}"
    ),
    **TEMPLATES,
}

# The request checks' problem types (pydantic's names), with the fields of each one's ``ctx``.
VALIDATION_KOREAN: Mapping[str, str] = {
    "missing": "필수 항목입니다",
    "greater_than": "{gt}보다 커야 합니다",
    "greater_than_equal": "{ge} 이상이어야 합니다",
    "less_than": "{lt}보다 작아야 합니다",
    "less_than_equal": "{le} 이하여야 합니다",
    "too_short": "항목이 {min_length}개 이상이어야 합니다",
    "too_long": "항목이 {max_length}개 이하여야 합니다",
    "string_too_short": "{min_length}자 이상이어야 합니다",
    "string_too_long": "{max_length}자 이하여야 합니다",
    "string_pattern_mismatch": "형식 {pattern}에 맞지 않습니다",
    "int_parsing": "정수여야 합니다",
    "int_type": "정수여야 합니다",
    "int_from_float": "소수 부분 없는 정수여야 합니다",
    "float_parsing": "수여야 합니다",
    "float_type": "수여야 합니다",
    "bool_parsing": "참 또는 거짓이어야 합니다",
    "bool_type": "참 또는 거짓이어야 합니다",
    "string_type": "문자열이어야 합니다",
    "list_type": "목록이어야 합니다",
    "model_attributes_type": "JSON 객체여야 합니다",
    "dict_type": "JSON 객체여야 합니다",
    "json_invalid": "JSON으로 읽을 수 없습니다",
    "finite_number": "유한한 수여야 합니다",
    "extra_forbidden": "이 서버가 모르는 항목입니다",
    "maze_row": "격자의 한 행에는 줄바꿈이 없어야 합니다",
    "union_type": "받을 수 있는 형식이 아닙니다",
}
# Words that would puzzle a client: what a body that is no JSON object gets.
VALIDATION_ENGLISH: Mapping[str, str] = {
    "model_attributes_type": "send a JSON object (Content-Type: application/json)",
    "dict_type": "send a JSON object (Content-Type: application/json)",
    "extra_forbidden": "no such field here",
    "json_invalid": "cannot read the body as JSON",
}


def language(accept_language: str | None) -> str:
    """The best of ``LANGUAGES`` for an ``Accept-Language`` header (English when none fits)."""
    ranked = []
    for part in (accept_language or "").split(","):
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        code = tag.split("-")[0].lower()
        if code in LANGUAGES:
            ranked.append((-weight, code))
    return min(ranked)[1] if ranked else "en"


def shorten(value: Any) -> Any:
    """A client's value as a message may show it: strings cut to ``ECHO`` characters, numbers
    too long to print named by their size."""
    if isinstance(value, str) and len(value) > ECHO:
        return value[:ECHO] + "…"
    if isinstance(value, int) and value.bit_length() > 128:
        return f"<a {value.bit_length()}-bit number>"
    return value


def one_line(text: str) -> str:
    """No line breaks or other control characters, nothing that cannot be encoded, and no
    longer than ``LONGEST``."""
    text = re.sub(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+", " ", text)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= LONGEST else text[: LONGEST - 1] + "…"


def message(template: str, params: Mapping[str, Any], lang: str) -> str:
    chosen = KOREAN.get(template, template) if lang == "ko" else template
    return one_line(chosen.format(**params))


def note_in(text: str, lang: str) -> str:
    """One of a result's notes in ``lang``: a ``Note`` by its template (each note of a field
    that lists them in turn), another text as a whole; English where there is no Korean."""
    if lang == "en":
        return text
    if isinstance(text, Note):
        if text.template not in KOREAN:
            return text
        params = {name: _said(value, lang) for name, value in text.params.items()}
        return KOREAN[text.template].format(**params)
    return KOREAN.get(text, text)


def _said(value: Any, lang: str) -> Any:
    """A note's field in ``lang``: a note in it, a list of them in turn."""
    if isinstance(value, list):
        return ", ".join(note_in(n, lang) for n in value)
    return note_in(value, lang) if isinstance(value, Note) else value


def notes(result: SearchResult[Any]) -> dict[str, str]:
    """The result's note in each language, for a page that may switch language after it."""
    return {lang: "; ".join(note_in(n, lang) for n in result.notes if n) for lang in LANGUAGES}


def input_error(err: InputError, lang: str) -> str:
    """The error in ``lang``, its fields (which may be the client's values) shortened."""
    params = {
        name: input_error(v, lang) if isinstance(v, InputError) else shorten(v)
        for name, v in err.params.items()
    }
    return message(err.template, params, lang)


def validation_error(problem: Mapping[str, Any], lang: str) -> str:
    """One problem as ``field: problem``."""
    loc = problem.get("loc", ())
    if problem.get("type") == "json_invalid":  # its place is where the text stops being JSON
        at = f"{loc[-1]}번째 문자" if lang == "ko" else f"character {loc[-1]}"
        loc = [at] if len(loc) > 1 else []
    where = ".".join(str(shorten(p)) for p in loc if p != "body")
    text = VALIDATION_ENGLISH.get(problem.get("type", ""), str(problem.get("msg")))
    if lang == "ko" and problem.get("type") in VALIDATION_KOREAN:
        ctx = {name: shorten(v) for name, v in problem.get("ctx", {}).items()}
        text = VALIDATION_KOREAN[problem["type"]].format(**ctx)
    return f"{where}: {text}" if where else text


def validation_errors(problems: Sequence[Mapping[str, Any]], lang: str, most: int = 3) -> str:
    """The first ``most`` problems on one line (a body can have thousands)."""
    problems = readable(problems)
    shown = "; ".join(validation_error(p, lang) for p in problems[:most])
    more = len(problems) - most
    if more > 0:
        shown += f" (외 {more}개)" if lang == "ko" else f" (and {more} more)"
    return one_line(shown)


def readable(problems: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The errors as a client can read them: an empty body asked to be a JSON object (not
    "Field required" of no field)."""
    return [
        {**p, "type": "model_attributes_type"}
        if tuple(p.get("loc", ())) == ("body",) and p.get("type") == "missing"
        else p
        for p in problems
    ]
