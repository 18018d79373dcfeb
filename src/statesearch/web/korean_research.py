"""The Korean of the templates a researcher's own work raises: compiled slots, batches of Moving
AI scenarios, results read back (``korean`` merges them with the rest)."""

from collections.abc import Mapping

RESEARCH_TEMPLATES: Mapping[str, str] = {
    # compiled slots (compiled_problem.py, kernels/)
    "the compiled slot {slot} must be a numba function (@njit def {slot}({params})), not {kind}": (
        "컴파일된 슬롯 {slot}은(는) {kind}가 아니라 numba 함수(@njit def {slot}({params}))여야 "
        "합니다"
    ),
    "the compiled slot {slot} takes ({params}); {name} takes {arity} parameters": (
        "컴파일된 슬롯 {slot}은(는) ({params})를 받는데 {name}은(는) 매개변수 {arity}개를 받습니다"
    ),
    "the compiled slot {slot} returns {returned}; it must return {kinds}": (
        "컴파일된 슬롯 {slot}이(가) {returned}를 돌려줍니다; {kinds}를 돌려줘야 합니다"
    ),
    "the compiled slot {slot} does not compile with numba: {why}": (
        "컴파일된 슬롯 {slot}이(가) numba로 컴파일되지 않습니다: {why}"
    ),
    "the problem's data is what its compiled slots read: an int64 numpy array, not {kind}": (
        "문제의 data는 컴파일된 슬롯이 읽는 것입니다: {kind}가 아니라 int64 numpy 배열이어야 합니다"
    ),
    "a problem of compiled slots starts at a whole number from 0 to 2**63 - 1, not {start}": (
        "컴파일된 슬롯으로 쓴 문제는 {start}가 아니라 0부터 2**63 - 1까지의 정수에서 시작합니다"
    ),
    "successors({state}) returned {count}, not the number of successors it wrote (from 0 to "
    "the problem's branching)": (
        "successors({state})가 {count}를 돌려줬는데, 이는 적어 넣은 다음 상태의 수(0부터 문제의 "
        "가지 수까지)가 아닙니다"
    ),
    "{name} defines {slot}, which @compiled_slots makes from the compiled functions; leave it "
    "out": (
        "{name}이(가) {slot}을(를) 정의합니다: {slot}은(는) @compiled_slots가 컴파일된 함수로 "
        "만드니 빼 주세요"
    ),
    "{problem}": "{problem}",  # a slot's own words, made where it failed (kernels/state_table.py)
    # batches of Moving AI scenarios (batch/)
    "a movingai line names its map and its scen file as text": (
        "movingai 줄은 지도 파일과 scen 파일의 이름을 글로 적어야 합니다"
    ),
    "buckets must be text like 0-5,9 or a list of whole numbers": (
        "buckets는 0-5,9 같은 글이나 정수 목록이어야 합니다"
    ),
    "a movingai instance names its map and its scenario ([start x, start y, goal x, goal y]), "
    "or its map, a scen file and buckets": (
        "movingai 인스턴스에는 지도와 시나리오([출발 x, 출발 y, 목표 x, 목표 y]), 또는 지도, "
        "scen 파일, 버킷이 있어야 합니다"
    ),
    "scenario must be [start x, start y, goal x, goal y], not {value!r}": (
        "scenario는 {value!r}가 아니라 [출발 x, 출발 y, 목표 x, 목표 y]여야 합니다"
    ),
    # results read back (batch/results.py, result_rows.py)
    "{file} does not begin with the header of a batch's CSV results (another statesearch's, or "
    "not a results file?): choose another --out": (
        "{file}은(는) 배치 CSV 결과의 머리글로 시작하지 않습니다 (다른 statesearch의 것이거나 "
        "결과 파일이 아닌가요?): 다른 --out을 고르세요"
    ),
    "as_frame needs pandas (pip install pandas)": (
        "as_frame에는 pandas가 필요합니다 (pip install pandas)"
    ),
    "{file} line {line} is not a row": "{file}의 {line}번째 줄은 결과 행이 아닙니다",
    "{file} line {line} is not JSON": "{file}의 {line}번째 줄은 JSON이 아닙니다",
    "{file} line {line} does not have the header's {count} cells": (
        "{file}의 {line}번째 줄에는 머리글의 칸 {count}개가 없습니다"
    ),
    # a domain of one's own (domain.py)
    "{where} is no Domain named {name!r}": "{where}은(는) 이름이 {name!r}인 Domain이 아닙니다",
    "cannot load {where}: {why}": "{where}을(를) 불러올 수 없습니다: {why}",
    "{variable} names {name}, a domain statesearch has: give yours another name": (
        "{variable}에 있는 {name}은(는) statesearch에 이미 있는 영역입니다: 다른 이름을 쓰세요"
    ),
    "{variable} holds {entry!r}: write NAME=MODULE:ATTRIBUTE": (
        "{variable}에 {entry!r}가 있습니다: NAME=MODULE:ATTRIBUTE로 쓰세요"
    ),
    # tables only read from the cache (cube/tables_for.py)
    "Korf's tables are not in the cache, or not sound; build them once with: {command}": (
        "Korf의 표가 캐시에 없거나 손상되었습니다; 한 번 만드세요: {command}"
    ),
}
