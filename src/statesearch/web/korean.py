"""The Korean for every ``InputError`` template the package raises and every note a result
may carry (``NOTES``), keyed by the English template (as gettext keys by message id) and
keeping its ``{fields}``; the server's own answers are in ``translations``, the puzzles'
templates in ``korean_puzzles``. A test checks that every template raised anywhere, and every
note the web can show, is here."""

from collections.abc import Mapping

from .korean_puzzles import PUZZLE_TEMPLATES
from .korean_research import RESEARCH_TEMPLATES

# A result's notes (``note.Note``: the engine's, and a domain's ``compiled_ida_counts``).
NOTES: Mapping[str, str] = {
    "not used: {unread}": "쓰이지 않음: {unread}",
    "the bound of {states:,} states kept ({algorithm} keeps only its path, which max_depth "
    "bounds)": (
        "보관하는 상태 수의 한도 {states:,}개 ({algorithm}은(는) 경로만 보관하고, 그 길이는 "
        "max_depth가 제한합니다)"
    ),
    "the weight {weight:g} (only A* weighs h)": (
        "배율 w = {weight:g} (h에 배율을 곱하는 것은 A*뿐입니다)"
    ),
    "the tie-break {name} (only ucs, astar and greedy break ties)": (
        "동점 처리 {name} (동점을 가르는 것은 ucs, astar, greedy뿐입니다)"
    ),
    "{tied:,} of the {expanded:,} states expanded were tied on f at the end, taken in the "
    "{name} tie-break's order; tie_break deep (larger g first) often expands far fewer": (
        "둘러본 상태 {expanded:,}개 중 {tied:,}개가 마지막에 f가 같았고 {name} 동점 처리 순서로 "
        "꺼냈습니다; tie_break deep(g가 큰 것 먼저)이면 훨씬 적게 둘러보는 경우가 많습니다"
    ),
    "the beam width {width} (only beam reads it)": "빔 너비 {width} (빔 탐색만 읽습니다)",
    "stopped by {why} before proving it optimal: the best of {count} solutions found, at "
    "most {bound} times the optimal cost": (
        "최적임을 증명하기 전에 멈췄습니다({why}): 찾은 해 {count}개 중 가장 좋은 것이며, "
        "비용은 최적 비용의 최대 {bound}배입니다"
    ),
    "the heuristic {name} ({algorithm} reads none)": (
        "어림 {name} ({algorithm}은(는) 어림을 읽지 않습니다)"
    ),
    "traced on the Python engine: the compiled kernel does not trace": (
        "파이썬 엔진에서 추적했습니다: 컴파일된 커널은 추적하지 않습니다"
    ),
    "not proven optimal: the depth bound of {depth} moves may have cut a path of more moves "
    "that costs less": (
        "최적임이 증명되지 않음: 깊이 한도 {depth}수가 수는 더 많지만 비용은 더 적은 경로를 "
        "잘라냈을 수 있습니다"
    ),
    "the compiled IDA* counts Korf's way: it never produces the move back and tries up, left, "
    "right, down, so its counts differ from the Python engine's": (
        "컴파일된 IDA*는 Korf의 방식으로 셉니다: 방금 온 방향으로 되돌아가는 이동을 만들지 않고 "
        "위, 왼쪽, 오른쪽, 아래 순으로 시도하므로, 그 수는 파이썬 엔진의 수와 다릅니다"
    ),
    "the compiled IDA* counts Korf's way: it never turns a face again where one turn would do "
    "(a quarter-turn solution may turn it twice the same way) nor opposite faces out of "
    "order, so its counts differ from the Python engine's": (
        "컴파일된 IDA*는 Korf의 방식으로 셉니다: 한 번 돌리면 될 면을 다시 돌리지 않고 "
        "(4분의 1바퀴 해법은 같은 방향으로 두 번 돌릴 수 있습니다) 마주 보는 면을 정해진 "
        "순서와 달리 돌리지도 않으므로, 그 수는 파이썬 엔진의 수와 다릅니다"
    ),
    # the n-puzzle's parity proof, in the lesson's words (뒤집힌 짝, 조각, 빈칸)
    "parity: {inv} inversions ({parity}) but the goal has {goal_inv} ({goal_parity}); on an "
    "odd width every slide keeps the inversion parity": (
        "홀짝: 뒤집힌 짝이 {inv}개({parity})인데 목표는 {goal_inv}개({goal_parity})입니다; "
        "너비가 홀수인 판에서는 조각을 밀어도 뒤집힌 짝 수의 홀짝이 바뀌지 않습니다"
    ),
    "parity: {inv} inversions + blank row {row} is {parity}, but the goal's {goal_inv} + "
    "{goal_row} is {goal_parity}; on an even width every slide keeps that parity": (
        "홀짝: 뒤집힌 짝 {inv}개 + 빈칸의 줄 {row}은(는) {parity}인데 목표의 {goal_inv} + "
        "{goal_row}은(는) {goal_parity}입니다; 너비가 짝수인 판에서는 조각을 밀어도 이 합의 "
        "홀짝이 바뀌지 않습니다"
    ),
    "odd": "홀수",
    "even": "짝수",
    # the budgets' stops (``limits``), said as what the search had done when it stopped
    "expanded {count:,} {states} (max_expanded)": "둘러본 상태 {count:,}{states} (max_expanded)",
    "pushed {count:,} {states} (max_pushed)": "대기실에 넣은 상태 {count:,}{states} (max_pushed)",
    "kept {count:,} {states} (max_states)": "보관한 상태 {count:,}{states} (max_states)",
    "state": "개",
    "states": "개",
    "time limit of {seconds:g} s": "시간 한도 {seconds:g}초",
    "stopped on request": "멈춤 요청",
    # what ``algorithm="auto"`` chose and why (the facade's, the lesson's domains')
    "auto: {why}": "자동 선택: {why}",
    "auto: A*, the default for a problem that does not choose": (
        "자동 선택: A* (스스로 고르지 않는 문제의 기본값)"
    ),
    "A* + {chosen}, the whole space ({reachable:,} states) fits": (
        "A* + {chosen}: 전체 공간(상태 {reachable:,}개)이 메모리에 들어갑니다"
    ),
    "IDA* + {heuristic}: {reachable} reachable states are too many to keep, IDA* keeps only "
    "its path; {strongest}": (
        "IDA* + {heuristic}: 닿을 수 있는 상태 {reachable}개는 모두 보관하기에 너무 많아, 경로만 "
        "보관하는 IDA*를 씁니다; {strongest}"
    ),
    "the pattern database (its tables are built)": "패턴 데이터베이스 (표가 만들어져 있음)",
    "linear conflicts, the strongest heuristic without pattern-database tables (build them "
    "once with: {command})": (
        "선형 충돌: 패턴 데이터베이스 표 없이 쓸 수 있는 가장 강한 어림 (한 번 만들어 두세요: "
        "{command})"
    ),
    "A* + {chosen}: the maze's {open:,} open cells fit": (
        "A* + {chosen}: 미로의 열린 칸 {open:,}개가 메모리에 들어갑니다"
    ),
}

TEMPLATES: Mapping[str, str] = {
    **PUZZLE_TEMPLATES,
    **RESEARCH_TEMPLATES,
    **NOTES,
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
    "{name} takes no depth limit (its two sides meet where they may): use astar": (
        "{name}에는 깊이 제한을 줄 수 없습니다 (두 방향이 만나는 곳은 정해져 있지 않습니다): "
        "astar를 쓰세요"
    ),
    "backward_heuristic is a {kind}, not a function of a state": (
        "backward_heuristic은 {kind}입니다; 상태를 받는 함수여야 합니다"
    ),
    "the beam width must be a whole number >= 1, got {width}": (
        "빔 너비는 1 이상의 정수여야 합니다 ({width}는 안 됩니다)"
    ),
    "unknown tie-break {name!r}; choose from {choices}": (
        "알 수 없는 동점 처리 {name!r}; 다음 중에서 고르세요: {choices}"
    ),
    "bidirectional search needs one goal state and moves that run backwards (a problem with "
    "`goal` and `predecessors`); this problem lacks one of them": (
        "양방향 탐색에는 목표 상태 하나와 거꾸로 되돌릴 수 있는 이동이 필요합니다 "
        "(`goal`과 `predecessors`가 있는 문제); 이 문제에는 그중 하나가 없습니다"
    ),
    "bidirectional search searches back from the problem's goal, {goal}, but "
    "is_goal({goal}) is false": (
        "양방향 탐색은 문제의 목표 {goal}에서 거꾸로 탐색하는데 is_goal({goal})이 거짓입니다"
    ),
    "predecessors({child}) gave {parent}, but successors({parent}) does not give "
    "{child}: each must be the other's reverse": (
        "predecessors({child})가 {parent}를 주었지만 successors({parent})는 {child}를 주지 "
        "않습니다: 둘은 서로의 역이어야 합니다"
    ),
    "the problem says unit_costs = True, but {slot} gave a step cost of "
    "{cost}; leave unit_costs out when steps cost other than 1": (
        "문제에 unit_costs = True라고 되어 있지만 {slot}가 비용 {cost}인 걸음을 주었습니다; "
        "비용이 1이 아닌 걸음이 있으면 unit_costs를 빼세요"
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
    "render() returned a {kind}, not a string": "render()가 문자열이 아닌 {kind}를 돌려주었습니다",
    "longest_optimal must be a whole number >= 0, not {value!r}": (
        "longest_optimal은 0 이상의 정수여야 합니다 ({value!r}는 안 됩니다)"
    ),
    "backward_cost must be a positive number, not {cost!r}": (
        "backward_cost는 양수여야 합니다 ({cost!r}는 안 됩니다)"
    ),
    "a heuristic is a name or a function, not {kind}": (
        "어림(h)은 이름이나 함수여야 합니다 ({kind}는 안 됩니다)"
    ),
    "unknown engine {engine!r}; choose from {choices}": (
        "알 수 없는 엔진 {engine!r}; 다음 중에서 고르세요: {choices}"
    ),
    "weight must be a finite number >= 0, got {weight}": (
        "배율 w는 0 이상의 유한한 수여야 합니다 (받은 값: {weight})"
    ),
    "this needs the installed statesearch (numpy), not the page's Python; run: {command}": (
        "이 기능은 페이지의 파이썬이 아니라 설치한 statesearch(numpy)가 필요합니다. 실행: {command}"
    ),
    "optimal 3x3x3 solving needs the installed statesearch (compiled IDA* with Korf's "
    "tables), not the page's Python; run: {command}": (
        "3x3x3의 최적 풀이는 페이지의 파이썬이 아니라 설치한 statesearch(컴파일된 IDA*와 Korf의 "
        "표)가 필요합니다. 실행: {command}"
    ),
    "{what} needs {modules}: pip install 'statesearch[{extra}]'": (
        "{what}에는 {modules}이(가) 필요합니다: pip install 'statesearch[{extra}]'"
    ),
    "the compiled engine needs numba, which this Python does not have": (
        "컴파일된 엔진에는 numba가 필요한데 이 파이썬에는 없습니다"
    ),
    "no compiled kernel for {algorithm} on this problem": (
        "이 문제에는 {algorithm}의 컴파일된 커널이 없습니다"
    ),
    "no compiled kernel for {algorithm} with {heuristic} on this problem": (
        "이 문제에는 {algorithm} + {heuristic} 조합의 컴파일된 커널이 없습니다"
    ),
    "the compiled engine orders ties by {ties} only: --tie-break {tie_break} runs on "
    "the Python engine (--engine auto or python)": (
        "컴파일된 엔진은 동점을 {ties} 순서로만 정합니다: --tie-break {tie_break}은(는) 파이썬 "
        "엔진에서 실행됩니다 (--engine auto 또는 python)"
    ),
    "the compiled grid search has no {heuristic} estimate (its square root is not "
    "computed to the last bit as Python computes it): use octile, or --engine python": (
        "컴파일된 격자 탐색에는 {heuristic} 어림이 없습니다 (제곱근이 파이썬과 마지막 비트까지 "
        "같게 계산되지 않습니다): octile을 쓰거나 --engine python을 쓰세요"
    ),
    "the compiled grid search takes a whole weight from 0 to {most}, so that f stays "
    "exact; --engine python takes any": (
        "컴파일된 격자 탐색은 f가 정확하도록 0부터 {most}까지의 정수 가중치만 받습니다; "
        "--engine python은 어떤 가중치든 받습니다"
    ),
    "unknown heuristic {name!r}; choose from {choices}": (
        "알 수 없는 어림 {name!r}; 다음 중에서 고르세요: {choices}"
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
        "어림 {name!r}은(는) 0 이상인 수를 돌려주어야 합니다; {state}에 준 값: {got}"
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
    "a step cost must be a finite number >= 0; {slot} gave {got}": (
        "한 걸음의 비용은 0 이상인 유한한 수여야 합니다; {slot}가 준 값: {got}"
    ),
    "the heuristic {name!r} must return a number >= 0; for the start it gave {got}": (
        "어림 {name!r}은(는) 0 이상인 수를 돌려주어야 합니다; 시작 상태에 준 값: {got}"
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
    "cannot read tile {token!r}: tiles are numbers written with 0-9, the blank 0, _, . or -": (
        "조각 {token!r}을(를) 읽을 수 없습니다: 조각은 0-9로 쓴 숫자, 빈칸은 0, _, . 또는 -입니다"
    ),
    "tile {token} is out of range": "조각 {token}은(는) 범위를 벗어났습니다",
    "pattern databases work on boards of at most {most} cells; {rows}x{cols} has {cells}": (
        "패턴 데이터베이스는 {most}칸 이하의 판에서만 동작합니다; {rows}x{cols}는 {cells}칸입니다"
    ),
    "partition {partition} has a group of {tiles} tiles; groups hold at most {most} "
    "(give smaller ones, e.g. sizes like 5-5-4 or groups like 1,2,3/4,5,6)": (
        "분할 {partition}에 조각 {tiles}개짜리 묶음이 있습니다; 묶음은 {most}개까지입니다 "
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
        "{place}: Korf 형식의 줄은 번호, (알면) 최소 이동, 조각들이며 빈칸은 0입니다"
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
    "{file} holds a result for the id {id!r} of another instance (its board, file or "
    "options changed): remove that line or choose another --out": (
        "{file}에 있는 번호 {id!r}의 결과는 다른 문제의 것입니다 (판, 파일 또는 옵션이 "
        "바뀌었습니다): 그 줄을 지우거나 다른 --out을 고르세요"
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
    "{option} {file} is the input; write to another file": (
        "{option} {file}은(는) 입력 파일입니다; 다른 파일에 쓰세요"
    ),
    "--workers is for the local pool; a Dask cluster brings its own workers": (
        "--workers는 로컬 풀에만 씁니다; Dask 클러스터는 자기 작업자를 씁니다"
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
    # one hard search split across workers
    "--workers and --scheduler split IDA*: use -a idastar": (
        "--workers와 --scheduler는 IDA*를 나눕니다: -a idastar를 쓰세요"
    ),
    "a split search is not traced; leave out --workers and --scheduler": (
        "나눈 탐색은 추적하지 않습니다; --workers와 --scheduler를 빼세요"
    ),
}
