"""The CLI's result lines and tables in the lesson's Korean: ``--lang ko``, or a Korean locale
(``LANG=ko_KR.UTF-8``), as the playground speaks to a Korean browser. The words are the
lesson's (둘러본 상태 for expanded, 대기실 for the waiting room, 최소 이동 for an optimal
length); ``--json`` stays in English, for programs.

The language is the command's: ``search_options`` sets it once before the command runs."""

from __future__ import annotations

import os
import re
from typing import Any

from ..web.translations import note_in

LANGUAGES = ("en", "ko")
_current = ["en"]


def choose(asked: str | None) -> str:
    """``asked`` (``en`` or ``ko``), else the locale's (LC_ALL, LC_MESSAGES, LANG), else en."""
    if asked:
        return asked
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "ko" if value.lower().startswith("ko") else "en"
    return "en"


def set_language(code: str) -> None:
    _current[0] = code


def korean() -> bool:
    return _current[0] == "ko"


# The English words of the tables, and the lesson's Korean for them.
KO = {
    "the search, step by step": "탐색을 한 단계씩",
    "step": "단계",
    "side": "쪽",
    "entered": "들어간\n상태",
    "taken\nout": "꺼낸\n상태",
    "depth": "깊이",
    "what happened": "한 일",
    "path": "경로\n길이",
    "waiting\nroom": "대기실",
    "next in line": "다음 차례",
    "algorithm": "알고리즘",
    "engine": "엔진",
    "expanded": "둘러본 상태",
    "pushed": "대기실에 넣은 횟수",
    "generated": "만든 상태",
    "max frontier": "대기실 최대 크기",
    "seconds": "초",
    "with setup": "준비 포함 초",
    "moves": "이동",
    "start": "출발",
    "goal": "목표",
    "stale": "낡은 항목",
    # what a step did with its successors
    "new": "새 항목",
    "cheaper path": "더 싼 길",
    "reached before": "이미 도달함",
    "over the bound": "한계를 넘음",
    "cannot beat the best": "최선을 이길 수 없음",
    "too deep": "너무 깊음",
    "reached before at no greater cost": "같거나 더 싼 비용으로 이미 도달함",
    "on the path already": "이미 경로 위에 있음",
    "to enter": "들어갈 상태",
    "dropped past the beam's width": "빔 너비 밖이라 버림",
    "dropped": "버림",
    "cut short: the push budget ran out among its successors": (
        "중간에 멈춤: 다음 상태들을 넣는 도중 대기실에 넣는 한도가 끝났습니다"
    ),
}


def word(english: str) -> str:
    """``english`` in the command's language."""
    return KO.get(english, english) if korean() else english


def counted(n: int, english: str) -> str:
    """``4 new`` / ``새 항목 4개``."""
    return f"{word(english)} {n}개" if korean() else f"{n} {english}"


EXHAUSTED = re.compile(r"the reachable state space was exhausted \(([\d,]+) states expanded\)")
# The budgets in the lesson's words, for a stop whose reason has no Korean of its own.
LIMITS_KO = {
    "expanded": "둘러본 상태 수",
    "pushed": "대기실에 넣은 횟수",
    "time": "시간",
    "memory": "메모리",
    "depth": "깊이",
    "cost": "비용",
    "width": "빔 너비",
    "cancelled": "멈춤 요청",
}


def said(text: str) -> str:
    """A note, reason or choice in the command's language (the web's Korean for its template);
    English where there is none."""
    return note_in(text, "ko") if korean() and text else text


def verdict(result: Any) -> str:
    """The result's one line (``SearchResult.verdict``) in the command's language."""
    if not korean():
        return str(result.verdict)
    status = result.status.value
    if status == "solved":
        promise = "최소 이동" if result.optimal else "최소 이동이라는 보장 없음"
        cost = f", 비용 {result.cost:g}" if result.cost != result.length else ""
        return f"찾음: {result.length}번 이동{cost} ({promise})"
    reason = str(result.reason)
    korean_reason = said(result.reason)
    if status == "unsolvable":
        if match := EXHAUSTED.fullmatch(reason):
            return (
                f"없음: 닿을 수 있는 상태를 모두 둘러봤습니다 ({match[1]}개). "
                "대기실이 비었으니 이것은 증명입니다"
            )
        return f"풀 수 없음 (증명됨): {korean_reason}"
    if korean_reason != reason:
        stop = f"{korean_reason}에서 멈췄습니다"
    else:
        kind = LIMITS_KO.get(result.limit.value if result.limit else "", "한도")
        stop = f"{kind} 한도에서 멈췄습니다 ({reason})"
    return f"찾지 못함: {stop}; 찾지 못함은 없음이 아닙니다"
