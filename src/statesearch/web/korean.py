"""The Korean for every ``InputError`` template the package raises, keyed by the English
template (as gettext keys by message id) and keeping its ``{fields}``; the server's own answers
are in ``translations``. A test checks that every template raised anywhere is here."""

from collections.abc import Mapping

TEMPLATES: Mapping[str, str] = {
    # web searches
    "no pattern database for this board and goal yet (the server builds none); "
    "build it once with: statesearch pdb build {rows}x{cols} --goal {goal}": (
        "이 판과 목표의 패턴 데이터베이스가 아직 없습니다 (서버는 만들지 않습니다); "
        "한 번 만들어 두세요: statesearch pdb build {rows}x{cols} --goal {goal}"
    ),
    "the pattern database for this board and goal cannot be used ({problem}); "
    "rebuild it with: statesearch pdb build {rows}x{cols} --goal {goal}": (
        "이 판과 목표의 패턴 데이터베이스를 쓸 수 없습니다 ({problem}); "
        "다시 만드세요: statesearch pdb build {rows}x{cols} --goal {goal}"
    ),
    "the generator found no puzzle within {seconds} s; "
    "lower the minimum length or the number of blocks": (
        "생성기가 {seconds}초 안에 퍼즐을 찾지 못했습니다; 최소 길이나 블록 수를 줄이세요"
    ),
    "cannot listen on {host}:{port}: {why}": "{host}:{port}에서 연결을 받을 수 없습니다: {why}",
    # engine and options
    "depth-limited search needs a depth limit (max_depth, or --max-depth N)": (
        "깊이 제한 탐색에는 깊이 한도가 필요합니다 (max_depth 또는 --max-depth N)"
    ),
    "unknown algorithm {name!r}; choose from {choices}": (
        "알 수 없는 알고리즘 {name!r}; 다음 중에서 고르세요: {choices}"
    ),
    "unknown tie-break {name!r}; choose from {choices}": (
        "알 수 없는 동점 처리 {name!r}; 다음 중에서 고르세요: {choices}"
    ),
    "bidirectional search needs one goal state and moves that run backwards (a problem with "
    "`goal` and `predecessors`); this problem lacks one of them": (
        "양방향 탐색에는 목표 상태 하나와 거꾸로 되돌릴 수 있는 이동이 필요합니다 "
        "(`goal`과 `predecessors`가 있는 문제); 이 문제에는 그중 하나가 없습니다"
    ),
    "a problem instance names its problem (FILE.py:NAME) and no start": (
        "problem 인스턴스는 문제를 FILE.py:NAME으로 지정하고 start는 두지 않습니다"
    ),
    "name a problem as FILE.py:NAME or MODULE:NAME, not {reference!r}": (
        "문제는 FILE.py:NAME 또는 MODULE:NAME으로 지정하세요 ({reference!r}는 안 됩니다)"
    ),
    "{name} is a problem, not a class or function: it takes no arguments": (
        "{name}은(는) 클래스나 함수가 아닌 문제 객체라서 인자를 받지 않습니다"
    ),
    "an argument is NAME=VALUE, not {pair!r}": (
        "인자는 NAME=VALUE 형식입니다 ({pair!r}는 안 됩니다)"
    ),
    "{where} has no {name!r}": "{where}에 {name!r}이(가) 없습니다",
    "{name}() raised {error}: {message}": "{name}()이(가) {error}를 일으켰습니다: {message}",
    "{file} raised {error} while loading: {message}": (
        "{file}을(를) 불러오는 중 {error}가 일어났습니다: {message}"
    ),
    "no module named {module!r} (a file is named FILE.py:NAME)": (
        "{module!r}이라는 모듈이 없습니다 (파일은 FILE.py:NAME으로 지정합니다)"
    ),
    "the problem raised {error}: {message} ({file}, line {line}, in {function})": (
        "문제가 {error}를 일으켰습니다: {message} ({file}, {line}번째 줄, {function} 안)"
    ),
    "longest_optimal must be a whole number >= 0, not {value!r}": (
        "longest_optimal은 0 이상의 정수여야 합니다 ({value!r}는 안 됩니다)"
    ),
    "backward_cost must be a positive number, not {cost!r}": (
        "backward_cost는 양수여야 합니다 ({cost!r}는 안 됩니다)"
    ),
    "a heuristic is a name or a function, not {kind}": (
        "휴리스틱은 이름이나 함수여야 합니다 ({kind}는 안 됩니다)"
    ),
    "unknown engine {engine!r}; choose from {choices}": (
        "알 수 없는 엔진 {engine!r}; 다음 중에서 고르세요: {choices}"
    ),
    "weight must be a number >= 0, got {weight}": (
        "가중치는 0 이상의 수여야 합니다 (받은 값: {weight})"
    ),
    "no compiled kernel for {algorithm} on this problem": (
        "이 문제에는 {algorithm}의 컴파일된 커널이 없습니다"
    ),
    "no compiled kernel for {algorithm} with {heuristic} on this problem": (
        "이 문제에는 {algorithm} + {heuristic} 조합의 컴파일된 커널이 없습니다"
    ),
    "unknown heuristic {name!r}; choose from {choices}": (
        "알 수 없는 휴리스틱 {name!r}; 다음 중에서 고르세요: {choices}"
    ),
    "time_limit must be > 0 seconds, got {value}": (
        "time_limit은 0초보다 커야 합니다 (받은 값: {value})"
    ),
    "{name} must be a whole number >= 0, got {value}": (
        "{name}은(는) 0 이상의 정수여야 합니다 (받은 값: {value})"
    ),
    # problems written by users, and the engine
    "the problem has no {slot}: see statesearch.Problem": (
        "문제에 {slot}이(가) 없습니다: statesearch.Problem을 보세요"
    ),
    "states must be hashable (tuples, not lists); the initial state is a {kind}": (
        "상태는 해시할 수 있어야 합니다 (리스트가 아닌 튜플); 시작 상태의 종류: {kind}"
    ),
    "{slot}(state) must give (action, next_state, step_cost) triples; got {got}": (
        "{slot}(state)는 (action, next_state, step_cost) 세 쌍을 내야 합니다; 받은 값: {got}"
    ),
    "states must be hashable (tuples, not lists); {slot} gave a {kind}": (
        "상태는 해시할 수 있어야 합니다 (리스트가 아닌 튜플); {slot}가 준 상태의 종류: {kind}"
    ),
    "the problem's {slot} is a {kind}, not a method": (
        "문제의 {slot}은(는) {kind}입니다; 메서드여야 합니다"
    ),
    "the heuristic {name!r} must return a number >= 0; for {state} it gave {got}": (
        "휴리스틱 {name!r}은(는) 0 이상인 수를 돌려주어야 합니다; {state}에 준 값: {got}"
    ),
    "the waiting room cannot order two states ({error}): the classic tie-break orders equal "
    "f and g by state; use --tie-break fifo, or make states orderable "
    "(@dataclass(frozen=True, order=True))": (
        "대기실이 두 상태의 순서를 정할 수 없습니다 ({error}): classic 동점 규칙은 f와 g가 같으면 "
        "상태로 순서를 정합니다; --tie-break fifo를 쓰거나 상태를 비교할 수 있게 만드세요 "
        "(@dataclass(frozen=True, order=True))"
    ),
    "cannot read the goal {goal!r} ({why}): use blank-last, blank-first or a board": (
        "목표 {goal!r}을(를) 읽을 수 없습니다 ({why}): blank-last, blank-first 또는 판을 쓰세요"
    ),
    "a step cost must be a number >= 0; {slot} gave {got}": (
        "한 걸음의 비용은 0 이상인 수여야 합니다; {slot}가 준 값: {got}"
    ),
    "the heuristic {name!r} must return a number >= 0; for the start it gave {got}": (
        "휴리스틱 {name!r}은(는) 0 이상인 수를 돌려주어야 합니다; 시작 상태에 준 값: {got}"
    ),
    "heuristic is a {kind}, not a function of a state": (
        "heuristic은 {kind}입니다; 상태를 받는 함수여야 합니다"
    ),
    "heuristics[{name!r}] is a {kind}, not a function of a state": (
        "heuristics[{name!r}]는 {kind}입니다; 상태를 받는 함수여야 합니다"
    ),
    "a traced search runs on the Python engine; leave --engine auto": (
        "추적하는 탐색은 파이썬 엔진에서 돕니다; --engine을 auto로 두세요"
    ),
    "cannot read memory size {size!r}: use auto, none, or a size like 4G or 500M": (
        "메모리 크기 {size!r}를 읽을 수 없습니다: auto, none, 또는 4G나 500M 같은 크기를 쓰세요"
    ),
    "{file} is larger than {limit} MiB: not a puzzle file": (
        "{file}이(가) {limit} MiB보다 큽니다: 퍼즐 파일이 아닙니다"
    ),
    "cannot read {file}: not UTF-8 text (byte {at})": (
        "{file}을(를) 읽을 수 없습니다: UTF-8 텍스트가 아닙니다 ({at}번째 바이트)"
    ),
    "cannot read tile {token!r}: tiles are numbers written with 0-9, the blank is 0 or _": (
        "타일 {token!r}를 읽을 수 없습니다: 타일은 0-9로 쓴 숫자이고 빈칸은 0 또는 _입니다"
    ),
    "tile {token} is out of range": "타일 {token}은(는) 범위를 벗어났습니다",
    "pattern databases work on boards of at most {most} cells; {rows}x{cols} has {cells}": (
        "패턴 데이터베이스는 {most}칸 이하의 판에서만 동작합니다; {rows}x{cols}는 {cells}칸입니다"
    ),
    "partition {partition} has a group of {tiles} tiles; groups hold at most {most} "
    "(give smaller ones, e.g. sizes like 5-5-4 or groups like 1,2,3/4,5,6)": (
        "분할 {partition}에 타일 {tiles}개짜리 묶음이 있습니다; 묶음은 {most}개까지입니다 "
        "(5-5-4 같은 크기나 1,2,3/4,5,6 같은 묶음처럼 더 작게 나누세요)"
    ),
    "analyze covers boards of at most {most} cells ({boards:,} boards, a byte each); "
    "a {rows}x{cols} board has {n}! = {count:,}": (
        "analyze는 {most}칸 이하의 판만 다룹니다 (판 {boards:,}개, 하나에 1바이트); "
        "{rows}x{cols} 판은 {n}! = {count:,}개입니다"
    ),
    "unknown board set {name!r}; choose from {choices}": (
        "알 수 없는 판 모음 {name!r}; 다음 중에서 고르세요: {choices}"
    ),
    "the split IDA* takes {choices}, not {name!r}": (
        "나누어 도는 IDA*는 {choices}만 받습니다 ({name!r}는 안 됩니다)"
    ),
    # batch runs
    "cannot use the Dask scheduler at {address}: {why}": (
        "{address}의 Dask 스케줄러를 쓸 수 없습니다: {why}"
    ),
    "{file} holds no instances": "{file}에 문제가 없습니다",
    "{file}: the id {id!r} is used twice": "{file}: 번호 {id!r}가 두 번 쓰였습니다",
    "{place}: {problem}": "{place}: {problem}",
    "{place}: a Korf-style line is an id, the optimal length (if known) and the tiles, "
    "0 for the blank": (
        "{place}: Korf 형식의 줄은 번호, (알면) 최적 길이, 타일들이며 빈칸은 0입니다"
    ),
    "{file} line {line}: not JSON ({why})": "{file} {line}번째 줄: JSON이 아닙니다 ({why})",
    "{file} is neither a maze (S and G) nor a tilt board (blocks o or @)": (
        "{file}은(는) 미로(S와 G)도 기울이기 판(블록 o 또는 @)도 아닙니다"
    ),
    "a plot is a .png or .svg file, not {file}": (
        "그림은 .png나 .svg 파일입니다 ({file}는 안 됩니다)"
    ),
    "cannot write {file}: no such directory": (
        "{file}을(를) 쓸 수 없습니다: 그런 디렉터리가 없습니다"
    ),
    "cannot write {file}: {why}": "{file}을(를) 쓸 수 없습니다: {why}",
    "{workers} local workers is more than this machine's {cpus} CPUs can use (each holds its "
    "own tables); a cluster (--scheduler) takes more": (
        "로컬 작업자 {workers}개는 이 기계의 CPU {cpus}개가 쓸 수 있는 것보다 많습니다 "
        "(작업자마다 표를 따로 가집니다); 더 많이 쓰려면 클러스터(--scheduler)를 쓰세요"
    ),
    "cannot write {file}: it is a directory": "{file}을(를) 쓸 수 없습니다: 디렉터리입니다",
    "name at least one algorithm, like -a bidirectional,astar": (
        "알고리즘을 하나 이상 적으세요. 예: -a bidirectional,astar"
    ),
    "a memory size of {size!r} is past any machine; use none for no bound": (
        "메모리 크기 {size!r}는 어떤 기계보다도 큽니다; 한도가 없으려면 none을 쓰세요"
    ),
    "the board has no target (x): its blocks have nowhere to go": (
        "판에 목표(x)가 없습니다: 블록이 갈 곳이 없습니다"
    ),
    "--trace-json {file} is the input; write the trace to another file": (
        "--trace-json {file}은(는) 입력 파일입니다; 추적은 다른 파일에 쓰세요"
    ),
    "{file} already holds results: --resume continues it, or choose another --out": (
        "{file}에 이미 결과가 있습니다: --resume으로 이어 가거나 다른 --out을 고르세요"
    ),
    "{file} line {line} is not a result line: not a results file?": (
        "{file} {line}번째 줄은 결과 줄이 아닙니다: 결과 파일이 맞나요?"
    ),
    "{file} ends in a line that is not the start of a result line: not a results file?": (
        "{file}의 마지막 줄은 결과 줄의 앞부분이 아닙니다: 결과 파일이 맞나요?"
    ),
    "an instance is a JSON object, not {kind}": "문제는 JSON 객체여야 합니다 ({kind}는 안 됩니다)",
    "options must be a JSON object": "options는 JSON 객체여야 합니다",
    "unknown domain {domain!r}; choose from {choices}": (
        "알 수 없는 영역 {domain!r}; 다음 중에서 고르세요: {choices}"
    ),
    "an instance needs a start (or, for a maze or tilt board, a file)": (
        "문제에는 시작 상태가 필요합니다 (미로나 기울이기 판은 파일)"
    ),
    "a {domain} has its goal in its text: drop goal": (
        "{domain}은(는) 목표가 글 안에 있습니다: goal을 빼세요"
    ),
    "unknown option {name!r} for {domain}; choose from {choices}": (
        "{domain}에 없는 옵션 {name!r}; 다음 중에서 고르세요: {choices}"
    ),
    "{name} must be {kinds}, not {value!r}": (
        "{name}은(는) {kinds}여야 합니다 ({value!r}는 안 됩니다)"
    ),
    "{file} is larger than {limit} MiB": "{file}이(가) {limit} MiB보다 큽니다",
    "max_memory must be bytes, auto or null, not {value!r}": (
        "max_memory는 바이트 수, auto 또는 null이어야 합니다 ({value!r}는 안 됩니다)"
    ),
    "--workers is for the local pool; a Dask cluster brings its own workers": (
        "--workers는 로컬 풀에만 씁니다; Dask 클러스터는 자기 작업자를 씁니다"
    ),
    # the cube
    "the coset table ({metric}) is not built; build it once with: "
    "statesearch cube tables --metric {metric} (or use -H korf)": (
        "코셋 표({metric})가 아직 없습니다; 한 번 만들어 두세요: "
        "statesearch cube tables --metric {metric} (또는 -H korf를 쓰세요)"
    ),
    "a breadth-first search of the whole 3x3x3 ({count:,} positions) is out of reach; "
    "use --size 2": (
        "3x3x3 전체({count:,}개 배치)를 너비 우선으로 탐색할 수는 없습니다; --size 2를 쓰세요"
    ),
    "unknown tables {name!r}; choose from korf, coset, all": (
        "알 수 없는 표 {name!r}; korf, coset, all 중에서 고르세요"
    ),
    "unknown coset table variant {name!r}; choose from {choices}": (
        "알 수 없는 코셋 표 종류 {name!r}; 다음 중에서 고르세요: {choices}"
    ),
    "no corner has the colours {colours} (position {position})": (
        "색 {colours}를 가진 코너 조각이 없습니다 (위치 {position})"
    ),
    "the cube has two of the piece {pieces}": "큐브에 조각 {pieces}가 두 개 있습니다",
    "no edge has the colours {colours} (position {position})": (
        "색 {colours}를 가진 엣지 조각이 없습니다 (위치 {position})"
    ),
    "unknown metric {metric!r}; choose from {choices}": (
        "알 수 없는 거리 기준 {metric!r}; 다음 중에서 고르세요: {choices}"
    ),
    "cannot read move {token!r}: use U D L R F B, each with nothing, ', 2, 2' or 3": (
        "이동 {token!r}를 읽을 수 없습니다: U D L R F B에 아무것도 없이, ', 2, 2' 또는 3을 "
        "붙여 쓰세요"
    ),
    "cannot read move {token!r}: wide, slice and rotation moves (Rw, r, M, x, y, z) are not "
    "supported; use U D L R F B, each with nothing, ', 2, 2' or 3": (
        "이동 {token!r}를 읽을 수 없습니다: 넓은 회전, 가운데 층 회전, 큐브 전체 회전(Rw, r, M, x, "
        "y, z)은 지원하지 않습니다; U D L R F B에 아무것도 없이, ', 2, 2' 또는 3을 붙여 쓰세요"
    ),
    "cannot read move {token!r}: put a space between moves": (
        "이동 {token!r}를 읽을 수 없습니다: 이동 사이에 공백을 넣으세요"
    ),
    "facelets in groups are six, one per face in URFDLB order, of 9 (3x3x3) or 4 (2x2x2) each; "
    "got {count} groups of {sizes}": (
        "묶음으로 쓴 면 색은 URFDLB 순서로 면마다 하나씩 여섯 묶음이고, 묶음마다 9개(3x3x3) 또는 "
        "4개(2x2x2)입니다; 받은 것: {count}묶음, 크기 {sizes}"
    ),
    "the cube size is 2 or 3, got {size}": "큐브 크기는 2 또는 3입니다 (받은 값: {size})",
    "{count} letters without spaces: a facelet string has 54 or 24; for a scramble, put "
    "spaces between its moves": (
        "공백 없는 글자 {count}개: 면 색 문자열은 54개 또는 24개입니다; 섞기라면 이동 사이에 "
        "공백을 넣으세요"
    ),
    "a cube's start is a scramble or a facelet string": (
        "큐브의 시작은 섞기(이동 나열) 또는 면 색 문자열입니다"
    ),
    "a cube's goal is the solved cube: drop goal": "큐브의 목표는 맞춰진 큐브입니다: goal을 빼세요",
    "a cube string has {expected} facelets, got {count}": (
        "큐브 문자열에는 면 조각이 {expected}개 있어야 하는데 {count}개를 받았습니다"
    ),
    "a cube string has six colours, {each} facelets each; got {found}": (
        "큐브 문자열은 여섯 색이 {each}개씩이어야 합니다; 받은 것: {found}"
    ),
    "the six centres must have six different colours, got {centres}": (
        "여섯 중심 조각의 색은 모두 달라야 합니다 (받은 색: {centres})"
    ),
    "cannot tell the faces apart: each colour must have one opposite colour that it never "
    "shares a corner with": (
        "면을 구별할 수 없습니다: 색마다 코너를 함께 쓰지 않는 맞은편 색이 하나씩 있어야 합니다"
    ),
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
    "the tables were built but could not be kept in the cache {folder} (the line above "
    "says why): a search would build them again": (
        "표는 만들었지만 캐시 {folder}에 보관하지 못했습니다 (위 줄에 까닭이 있습니다): "
        "탐색하면 다시 만듭니다"
    ),
    "{count} tiles do not fill {lines} columns": "타일 {count}개로는 {lines}열을 채울 수 없습니다",
    "{count} tiles do not fill {lines} rows": "타일 {count}개로는 {lines}행을 채울 수 없습니다",
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
    "no puzzle with an optimal length of {min} or more after {attempts} attempts; lower the "
    "minimum length or reachable states, raise the maximum length, or change the size or block "
    "count": (
        "{attempts}번 시도했지만 최적 길이가 {min} 이상인 퍼즐이 없습니다; 최소 길이나 도달 "
        "상태 수를 낮추거나 최대 길이를 높이거나 크기나 블록 수를 바꾸세요"
    ),
    "the generator makes boards of 2 to {cells} cells, not {height}x{width}": (
        "생성기는 2칸에서 {cells}칸까지의 판만 만듭니다({height}x{width}는 안 됩니다)"
    ),
    "min states {min} is above max states {max}: raise --max-states": (
        "최소 상태 수 {min}이(가) 최대 상태 수 {max}보다 큽니다: --max-states를 높이세요"
    ),
    "counting {states} boards needs about {need} MB, more than the {bound} MB at hand; "
    "lower --max-states": (
        "판 {states}개를 세려면 약 {need} MB가 필요해 사용할 수 있는 {bound} MB보다 "
        "많습니다; --max-states를 낮추세요"
    ),
    "a tilt board has at most {most} cells; this one has {rows} rows of up to {width}": (
        "기울이기 판은 최대 {most}칸입니다; 이 판은 {rows}줄, 줄마다 최대 {width}칸입니다"
    ),
    "moves run backwards under the default rules only": (
        "이동을 거꾸로 되돌리는 것은 기본 규칙에서만 됩니다"
    ),
    "--out {path} is a file; give a directory": (
        "--out {path}은(는) 파일입니다; 디렉터리를 지정하세요"
    ),
    "{path} exists already; remove it or choose --out": (
        "{path}이(가) 이미 있습니다; 지우거나 다른 --out을 고르세요"
    ),
    "max length {max} is below the min length {min}": (
        "최대 길이 {max}가 최소 길이 {min}보다 작습니다"
    ),
    "blocks must be between 1 and {most} on a {height}x{width} board": (
        "{height}x{width} 판에서 블록 수는 1에서 {most} 사이여야 합니다"
    ),
    "unknown move {move!r}; use U D L R": "알 수 없는 이동 {move!r}; U D L R을 쓰세요",
    "unknown step {step!r}; choose from {choices}": (
        "알 수 없는 step {step!r}; 다음 중에서 고르세요: {choices}"
    ),
    "unknown collide {collide!r}; choose from {choices}": (
        "알 수 없는 collide {collide!r}; 다음 중에서 고르세요: {choices}"
    ),
    # one hard search split across workers
    "--workers and --scheduler split IDA*: use -a idastar": (
        "--workers와 --scheduler는 IDA*를 나눕니다: -a idastar를 쓰세요"
    ),
    "a split search is not traced; leave out --workers and --scheduler": (
        "나눈 탐색은 추적하지 않습니다; --workers와 --scheduler를 빼세요"
    ),
}
