"""Korean for every message the server sends, chosen by the request's ``Accept-Language``.

The page translates its own labels (static/i18n.js); this module covers what only the server
knows: ``InputError`` messages, pydantic's validation errors and the busy answer. Translations are
keyed by the English template, as gettext keys them by message id, and keep its ``{fields}``; a
test checks that every template raised anywhere in the package is here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InputError

LANGUAGES = ("en", "ko")

BUSY = "the server is busy with other searches; try again shortly"

KOREAN: Mapping[str, str] = {
    # web
    BUSY: "서버가 다른 탐색을 처리하고 있습니다. 잠시 후 다시 시도하세요",
    # engine and options
    "depth-limited search needs a depth limit (max_depth)": (
        "깊이 제한 탐색에는 깊이 한도(max_depth)가 필요합니다"
    ),
    "unknown algorithm {name!r}; choose from {choices}": (
        "알 수 없는 알고리즘 {name!r}; 다음 중에서 고르세요: {choices}"
    ),
    "unknown tie-break {name!r}; choose from {choices}": (
        "알 수 없는 동점 처리 {name!r}; 다음 중에서 고르세요: {choices}"
    ),
    "bidirectional search needs a problem with `goal` and `predecessors`": (
        "양방향 탐색에는 `goal`과 `predecessors`가 있는 문제가 필요합니다"
    ),
    "a heuristic is a name or a function, not {kind}": (
        "휴리스틱은 이름이나 함수여야 합니다 ({kind}는 안 됩니다)"
    ),
    "unknown engine {engine!r}; choose from {choices}": (
        "알 수 없는 엔진 {engine!r}; 다음 중에서 고르세요: {choices}"
    ),
    "weight must be >= 0, got {weight}": "가중치는 0 이상이어야 합니다 (받은 값: {weight})",
    "no compiled kernel for {algorithm} with {heuristic} on this problem": (
        "이 문제에는 {algorithm} + {heuristic} 조합의 컴파일된 커널이 없습니다"
    ),
    "unknown heuristic {name!r}; choose from {choices}": (
        "알 수 없는 휴리스틱 {name!r}; 다음 중에서 고르세요: {choices}"
    ),
    "time_limit must be > 0 seconds, got {value}": (
        "time_limit은 0초보다 커야 합니다 (받은 값: {value})"
    ),
    "{name} must be >= 0, got {value}": "{name}은(는) 0 이상이어야 합니다 (받은 값: {value})",
    # command line
    "cannot read board size {size!r}: use 8, 15, 24 or RxC like 2x4": (
        "판 크기 {size!r}를 읽을 수 없습니다: 8, 15, 24 또는 2x4 같은 RxC를 쓰세요"
    ),
    "cannot read {file}: {why}": "{file}을(를) 읽을 수 없습니다: {why}",
    "cannot read size {size!r}: use HxW like 8x8": (
        "크기 {size!r}를 읽을 수 없습니다: 8x8 같은 HxW를 쓰세요"
    ),
    "unknown instance set {name!r}; choose from {choices}": (
        "알 수 없는 문제 모음 {name!r}; 다음 중에서 고르세요: {choices}"
    ),
    "no instance has an id in {ids!r}": "{ids!r}에 해당하는 번호의 문제가 없습니다",
    "cannot read ids {ids!r}: use a list like 1-10,15": (
        "번호 {ids!r}를 읽을 수 없습니다: 1-10,15 같은 목록을 쓰세요"
    ),
    # maze
    "a maze needs exactly one {mark!r}, found {count}": (
        "미로에는 {mark!r}가 정확히 하나 있어야 합니다 (찾은 개수: {count})"
    ),
    "empty maze": "빈 미로입니다",
    "ragged maze: rows are {widths} cells wide": "행 길이가 다른 미로입니다: 행의 칸 수가 {widths}",
    "unknown maze character {char!r} at row {row}, column {col}; use S G # . or a digit 1-9": (
        "{row}행 {col}열에 알 수 없는 미로 문자 {char!r}; S G # . 또는 숫자 1-9를 쓰세요"
    ),
    # sliding puzzle
    "empty board": "빈 판입니다",
    "cannot read tile {token!r}": "타일 {token!r}를 읽을 수 없습니다",
    "cannot read tile {token!r}: tiles are numbers, the blank is 0 or _": (
        "타일 {token!r}를 읽을 수 없습니다: 타일은 숫자이고 빈칸은 0 또는 _입니다"
    ),
    "a board needs at least 2 rows and 2 columns, got {rows}x{cols}": (
        "판은 적어도 2행 2열이어야 합니다 (받은 크기: {rows}x{cols})"
    ),
    "a {rows}x{cols} board has {tiles} tiles, got {count}": (
        "{rows}x{cols} 판의 타일은 {tiles}개인데 {count}개를 받았습니다"
    ),
    "duplicate tiles: {tiles}": "중복된 타일: {tiles}",
    "missing tiles: {missing}; out of range: {extra}": (
        "빠진 타일: {missing}; 범위를 벗어난 타일: {extra}"
    ),
    "missing tiles: {missing}": "빠진 타일: {missing}",
    "ragged board: rows have {widths} tiles": "행 길이가 다른 판입니다: 행의 타일 수가 {widths}",
    "board is {rows}x{cols} but {asked_rows}x{asked_cols} was asked for": (
        "판은 {rows}x{cols}인데 {asked_rows}x{asked_cols}를 요청했습니다"
    ),
    "{count} tiles do not make a square board; give the shape (rows and cols)": (
        "타일 {count}개로는 정사각형 판을 만들 수 없습니다; 모양(행과 열)을 알려 주세요"
    ),
    "the blank cannot move {move!r} here": "여기서는 빈칸이 {move!r} 방향으로 움직일 수 없습니다",
    # pattern databases
    "cannot read partition {spec!r}: use a name ({names}), "
    "sizes like 4-3, or groups like 1,2,3/4,5,6,7": (
        "분할 {spec!r}를 읽을 수 없습니다: 이름({names}), 4-3 같은 크기, "
        "또는 1,2,3/4,5,6,7 같은 묶음을 쓰세요"
    ),
    "cannot read partition {spec!r}: use sizes like 4-3, or groups like 1,2,3/4,5,6,7": (
        "분할 {spec!r}를 읽을 수 없습니다: 4-3 같은 크기나 1,2,3/4,5,6,7 같은 묶음을 쓰세요"
    ),
    "partition {spec!r} must put each tile 1..{last} in exactly one group": (
        "분할 {spec!r}는 타일 1..{last}를 각각 정확히 한 묶음에 넣어야 합니다"
    ),
    "partition {partition} needs a table of {entries:,} entries; "
    "build it once with: statesearch pdb build {rows}x{cols} --partition {partition}": (
        "분할 {partition}에는 항목 {entries:,}개짜리 표가 필요합니다; 한 번 만들어 두세요: "
        "statesearch pdb build {rows}x{cols} --partition {partition}"
    ),
    # tilt
    "empty tilt board": "빈 기울이기 판입니다",
    "ragged tilt board: rows are {widths} cells wide": (
        "행 길이가 다른 기울이기 판입니다: 행의 칸 수가 {widths}"
    ),
    "a tilt board needs at least one block (o or @)": (
        "기울이기 판에는 블록(o 또는 @)이 적어도 하나 있어야 합니다"
    ),
    "{blocks} blocks but only {targets} targets: every block needs a target": (
        "블록은 {blocks}개인데 목표 칸은 {targets}개뿐입니다: 블록마다 목표 칸이 필요합니다"
    ),
    "unknown tilt character {char!r} at row {row}, column {col}; use . # o x @": (
        "{row}행 {col}열에 알 수 없는 기울이기 문자 {char!r}; . # o x @를 쓰세요"
    ),
    "no puzzle with an optimal length of {min} or more after {attempts} attempts; "
    "lower --min-length, raise --max-length, or change the size or block count": (
        "{attempts}번 시도했지만 최적 길이가 {min} 이상인 퍼즐이 없습니다; "
        "--min-length를 낮추거나 --max-length를 높이거나 크기나 블록 수를 바꾸세요"
    ),
    "the generator works on boards of at most {cells} cells": (
        "생성기는 {cells}칸 이하의 판에서만 동작합니다"
    ),
    "max length {max} is below the min length {min}": (
        "최대 길이 {max}가 최소 길이 {min}보다 작습니다"
    ),
    "blocks must be between 1 and {most}": "블록 수는 1에서 {most} 사이여야 합니다",
    "unknown move {move!r}; use U D L R": "알 수 없는 이동 {move!r}; U D L R을 쓰세요",
    "unknown step {step!r}; choose from {choices}": (
        "알 수 없는 step {step!r}; 다음 중에서 고르세요: {choices}"
    ),
    "unknown collide {collide!r}; choose from {choices}": (
        "알 수 없는 collide {collide!r}; 다음 중에서 고르세요: {choices}"
    ),
}

# pydantic's error types, with the fields of each error's ``ctx``.
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


def message(template: str, params: Mapping[str, Any], lang: str) -> str:
    chosen = KOREAN.get(template, template) if lang == "ko" else template
    return chosen.format(**params)


def input_error(err: InputError, lang: str) -> str:
    return message(err.template, err.params, lang)


def validation_error(problem: Mapping[str, Any], lang: str) -> str:
    """One pydantic error as ``field: problem``."""
    where = ".".join(str(p) for p in problem.get("loc", ()) if p != "body")
    text = str(problem.get("msg"))
    if lang == "ko" and problem.get("type") in VALIDATION_KOREAN:
        text = VALIDATION_KOREAN[problem["type"]].format(**problem.get("ctx", {}))
    return f"{where}: {text}" if where else text
