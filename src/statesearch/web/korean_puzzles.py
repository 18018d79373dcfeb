"""The Korean for the puzzles' ``InputError`` templates (the cube, mazes, sliding puzzles and
their pattern databases, tilt boards), as ``korean`` gives the rest: keyed by the English
template, keeping its ``{fields}``."""

from collections.abc import Mapping

PUZZLE_TEMPLATES: Mapping[str, str] = {
    # the cube
    "--partition and --goal choose sliding-tile tables; the cube's are all built at once "
    "(statesearch cube tables also takes --metric and --tables)": (
        "--partition과 --goal은 슬라이딩 퍼즐 표를 고르는 옵션입니다; 큐브의 표는 한 번에 모두 "
        "만듭니다 (statesearch cube tables는 --metric과 --tables도 받습니다)"
    ),
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
    "centres out of place: {faces} (in face letters each face's middle facelet is its own "
    "letter; the middles read {centres}, not URFDLB)": (
        "제자리에 있지 않은 중심 조각: {faces} (면 글자로 쓰면 각 면의 가운데 칸은 그 면의 "
        "글자입니다; 받은 가운데 칸은 {centres}, URFDLB가 아님)"
    ),
    "empty cube: give a scramble such as \"R U R' U'\" or a facelet string (54 letters in "
    "URFDLB order, 24 for the 2x2x2)": (
        "빈 큐브입니다: \"R U R' U'\" 같은 섞기나 면 색 문자열(URFDLB 순서로 54글자, 2x2x2는 "
        "24글자)을 주세요"
    ),
    "cannot tell the faces apart: each colour must have one opposite colour that it never "
    "shares a corner with": (
        "면을 구별할 수 없습니다: 색마다 코너를 함께 쓰지 않는 맞은편 색이 하나씩 있어야 합니다"
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
    # maze: moves, corners, Moving AI maps and scenarios, jump point search (maze/)
    "a maze moves in 4 or 8 directions, not {moves}": (
        "미로는 4방향 또는 8방향으로 움직입니다 ({moves}방향은 없습니다)"
    ),
    "unknown corner rule {rule!r}; choose from avoid, cut": (
        "알 수 없는 코너 규칙 {rule!r}; avoid, cut 중에서 고르세요"
    ),
    "the start {x},{y} is outside the {width}x{height} map": (
        "출발점 {x},{y}가 {width}x{height} 지도 밖에 있습니다"
    ),
    "the goal {x},{y} is outside the {width}x{height} map": (
        "목표점 {x},{y}가 {width}x{height} 지도 밖에 있습니다"
    ),
    "the start {x},{y} is a wall": "출발점 {x},{y}는 벽입니다",
    "the goal {x},{y} is a wall": "목표점 {x},{y}는 벽입니다",
    "{name} overestimates with diagonal moves (a diagonal costs √2, not 2); use octile, "
    "euclidean, chebyshev or zero, or --moves 4": (
        "{name}는 대각선 이동에서 실제보다 크게 어림합니다 (대각선은 2가 아니라 √2); octile, "
        "euclidean, chebyshev, zero 중 하나를 쓰거나 --moves 4를 쓰세요"
    ),
    "jump point search is for 8 moves (a 4-move maze has nothing to jump over diagonally): "
    "add --moves 8, or use astar": (
        "점프 포인트 탐색은 8방향 이동용입니다 (4방향 미로에는 대각선으로 건너뛸 것이 없습니다): "
        "--moves 8을 더하거나 astar를 쓰세요"
    ),
    "jump point search needs every open cell to cost the same: a jump skips cells whose costs "
    "it would have to weigh; this maze has terrain digits, use astar": (
        "점프 포인트 탐색은 모든 빈 칸의 비용이 같아야 합니다: 점프는 비용을 따져야 할 칸을 "
        "건너뜁니다; 이 미로에는 지형 숫자가 있으니 astar를 쓰세요"
    ),
    "jump point search needs a grid that offers jump points (a maze with 8 moves); this "
    "problem has none: use astar": (
        "점프 포인트 탐색에는 점프 포인트를 주는 격자(8방향 미로)가 필요합니다; 이 문제에는 "
        "없으니 astar를 쓰세요"
    ),
    "jump point search takes no depth limit (a jump spans many moves): use astar": (
        "점프 포인트 탐색에는 깊이 제한을 줄 수 없습니다 (점프 한 번이 여러 수에 걸칩니다): "
        "astar를 쓰세요"
    ),
    "not a Moving AI map: line {line} is {text!r}, not {want!r}": (
        "Moving AI 지도가 아닙니다: {line}번째 줄이 {want!r}가 아니라 {text!r}입니다"
    ),
    "a Moving AI map of type {kind!r}: only octile maps are read": (
        "종류가 {kind!r}인 Moving AI 지도입니다: octile 지도만 읽습니다"
    ),
    "cannot read the map's {key} {value!r}: a whole number from 1": (
        "지도의 {key} 값 {value!r}를 읽을 수 없습니다: 1 이상의 정수여야 합니다"
    ),
    "the map has {rows} rows, its header says height {height}": (
        "지도의 행이 {rows}개인데 머리글은 높이 {height}라고 합니다"
    ),
    "text after the map's {height} rows, at line {line}: {text!r}": (
        "지도의 {height}행 뒤, {line}번째 줄에 글이 더 있습니다: {text!r}"
    ),
    "row {row} of the map (line {line}) is {cells} cells wide, its header says width {width}": (
        "지도의 {row}행({line}번째 줄)은 {cells}칸인데 머리글은 너비 {width}라고 합니다"
    ),
    "unknown map character {char!r} at line {line}, column {col}; use . G S (open) or "
    "@ O T W (walls)": (
        "{line}번째 줄 {col}열에 알 수 없는 지도 문자 {char!r}; . G S(빈 칸) 또는 "
        "@ O T W(벽)를 쓰세요"
    ),
    "not a Moving AI scenario file: line 1 is {text!r}, not 'version 1'": (
        "Moving AI 시나리오 파일이 아닙니다: 첫 줄이 'version 1'이 아니라 {text!r}입니다"
    ),
    "cannot read scenario line {line}: {text!r}; want bucket, map, width, height, start x, "
    "start y, goal x, goal y, optimal length": (
        "시나리오 {line}번째 줄 {text!r}를 읽을 수 없습니다; 버킷, 지도, 너비, 높이, 출발 x, "
        "출발 y, 목표 x, 목표 y, 최적 길이가 있어야 합니다"
    ),
    "the scenario file lists no scenarios": "시나리오 파일에 시나리오가 없습니다",
    "cannot read --{which} {text!r}: use X,Y (the column, then the row, from 0)": (
        "--{which} {text!r}를 읽을 수 없습니다: X,Y(열, 행 순서, 0부터)로 쓰세요"
    ),
    "a Moving AI map has no start or goal: give --start X,Y and --goal X,Y": (
        "Moving AI 지도에는 출발점과 목표점이 없습니다: --start X,Y와 --goal X,Y를 주세요"
    ),
    "the map has no open cell": "지도에 빈 칸이 없습니다",
    "the map is {width}x{height} cells; the page takes maps up to {side}x{side}: "
    "run statesearch solve maze FILE.map --start X,Y --goal X,Y": (
        "지도가 {width}x{height}칸입니다; 이 페이지는 {side}x{side}칸까지의 지도만 받습니다: "
        "statesearch solve maze FILE.map --start X,Y --goal X,Y로 실행하세요"
    ),
    "scenario line {line} is for a {width}x{height} map; the map is {mw}x{mh}": (
        "시나리오 {line}번째 줄은 {width}x{height} 지도용인데 지도는 {mw}x{mh}입니다"
    ),
    "cannot read buckets {text!r}: use a list like 0-5,9": (
        "버킷 {text!r}를 읽을 수 없습니다: 0-5,9 같은 목록으로 쓰세요"
    ),
    "no scenario is in buckets {text}": "버킷 {text}에 든 시나리오가 없습니다",
    # sliding puzzle
    "empty board": "빈 판입니다",
    "cannot read tile {token!r}": "조각 {token!r}을(를) 읽을 수 없습니다",
    "a board needs at least 2 rows and 2 columns, got {rows}x{cols}": (
        "판은 적어도 2행 2열이어야 합니다 (받은 크기: {rows}x{cols})"
    ),
    "a {rows}x{cols} board has {tiles} cells, got {count}": (
        "{rows}x{cols} 판의 칸은 {tiles}개인데 {count}개를 받았습니다"
    ),
    "duplicate tiles: {tiles}": "중복된 조각: {tiles}",
    "missing tiles: {missing}; out of range: {extra}": (
        "빠진 조각: {missing}; 범위를 벗어난 조각: {extra}"
    ),
    "missing tiles: {missing}": "빠진 조각: {missing}",
    "ragged board: rows have {widths} tiles": "행 길이가 다른 판입니다: 행의 칸 수가 {widths}",
    "board is {rows}x{cols} but {asked_rows}x{asked_cols} was asked for": (
        "판은 {rows}x{cols}인데 {asked_rows}x{asked_cols}를 요청했습니다"
    ),
    "the tables were built but could not be kept in the cache {folder} (the line above "
    "says why): a search would build them again": (
        "표는 만들었지만 캐시 {folder}에 보관하지 못했습니다 (위 줄에 까닭이 있습니다): "
        "탐색하면 다시 만듭니다"
    ),
    "{count} tiles do not fill {lines} columns": "칸 {count}개로는 {lines}열을 채울 수 없습니다",
    "{count} tiles do not fill {lines} rows": "칸 {count}개로는 {lines}행을 채울 수 없습니다",
    "{count} tiles do not make a square board; give the shape (rows and cols)": (
        "칸 {count}개로는 정사각형 판을 만들 수 없습니다; 모양(행과 열)을 알려 주세요"
    ),
    "the blank cannot move {move!r} here": "여기서는 빈칸이 {move!r} 방향으로 움직일 수 없습니다",
    # pattern databases
    "cannot read partition {spec!r}: use a name ({names}), "
    "sizes like {sizes}, or groups like {groups}": (
        "분할 {spec!r}를 읽을 수 없습니다: 이름({names}), {sizes} 같은 크기, "
        "또는 {groups} 같은 묶음을 쓰세요"
    ),
    "cannot read partition {spec!r}: use sizes like {sizes}, or groups like {groups}": (
        "분할 {spec!r}를 읽을 수 없습니다: {sizes} 같은 크기나 {groups} 같은 묶음을 쓰세요"
    ),
    "partition {spec!r} adds up to {count}; the {rows}x{cols} has {tiles} tiles: "
    "sizes must add up to {tiles}, e.g. {example}": (
        "분할 {spec!r}의 크기를 더하면 {count}인데 {rows}x{cols} 판의 칸은 {tiles}개입니다: "
        "크기의 합이 {tiles}이어야 합니다 (예: {example})"
    ),
    "partition {spec!r} must put each tile 1..{last} in exactly one group": (
        "분할 {spec!r}는 조각 1..{last}를 각각 정확히 한 묶음에 넣어야 합니다"
    ),
    "the compiled tilt A* has no depth bound; use --engine python": (
        "컴파일된 기울이기 A*에는 깊이 한도가 없습니다; --engine python을 쓰세요"
    ),
    "partition {partition} needs a table of {entries:,} entries; "
    "build it once with: statesearch pdb build {rows}x{cols} --partition {partition}{goal}": (
        "분할 {partition}에는 항목 {entries:,}개짜리 표가 필요합니다; 한 번 만들어 두세요: "
        "statesearch pdb build {rows}x{cols} --partition {partition}{goal}"
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
    "{blocks} blocks but only 1 target: every block needs a target": (
        "블록은 {blocks}개인데 목표 칸은 1개뿐입니다: 블록마다 목표 칸이 필요합니다"
    ),
    "a {height}x{width} board has at most {arrangements:,} block arrangements: too few "
    "for an optimal length of {min}": (
        "{height}x{width} 판의 블록 배치는 많아야 {arrangements:,}가지입니다: "
        "최적 길이 {min}에는 너무 적습니다"
    ),
    "a {height}x{width} board has at most {arrangements:,} block arrangements: "
    "fewer than the {states:,} reachable boards asked for": (
        "{height}x{width} 판의 블록 배치는 많아야 {arrangements:,}가지입니다: "
        "요청한 도달 가능한 판 {states:,}개보다 적습니다"
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
}
