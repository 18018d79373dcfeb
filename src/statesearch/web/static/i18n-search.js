// The words of the searches beyond the lesson (their names, beam search's width, anytime
// search's solutions) and of the maze page's grids (moves, the corner rule, the estimates that
// fit them, a Moving AI map), in English and Korean (i18n.js merges them).
// The Korean keeps the lesson's words: 어림 (h), 대기실, 둘러본 상태, 배율 w.
const END_EN = { S: "Start", G: "Goal" }; // a start or goal typed as a cell, refused
const END_KO = { S: "출발", G: "목표" };

export const SEARCH_WORDS = {
  rbfs: { en: "RBFS (recursive best-first)", ko: "RBFS (경로만 기억하는 최선 우선)" },
  beam: { en: "Beam search", ko: "빔 탐색 (층마다 너비만큼만)" },
  anytime: { en: "Anytime weighted A*", ko: "점점 나아지는 A* (애니타임)" },
  mm: { en: "MM (from both ends)", ko: "MM (양 끝에서 만나는 A*)" },
  nbs: { en: "NBS (from both ends, in pairs)", ko: "NBS (양 끝에서 짝지어 둘러봄)" },
  jps: { en: "Jump point search", ko: "점프 포인트 탐색" },
  jps_when: { en: "(8 moves, no terrain)", ko: "(8방향, 지형 없음)" },
  beam_width: { en: "Beam width", ko: "빔 너비" },
  improvements_title: { en: "Solutions found, each cheaper than the last", ko: "찾은 해 (찾을 때마다 더 싼 해)" },
  improvement_line: {
    en: (cost, lower, bound, expanded) =>
      `cost ${cost} after ${expanded.toLocaleString()} states expanded: at most ${bound}× the cheapest (which costs at least ${lower})`,
    ko: (cost, lower, bound, expanded) =>
      `비용 ${cost}, 둘러본 상태 ${expanded.toLocaleString()}개째: 가장 싼 길의 ${bound}배 이하 (가장 싼 길은 적어도 ${lower})`,
  },
  improvements_proved: {
    en: "The last one is the cheapest: the waiting room held nothing that could beat it.",
    ko: "마지막 해가 가장 싼 길입니다: 대기실에 그보다 쌀 수 있는 항목이 남지 않았습니다.",
  },
  moves_label: { en: "Moves", ko: "이동 방향" },
  moves_4: { en: "4: up, down, left, right", ko: "4방향: 위, 아래, 왼쪽, 오른쪽" },
  moves_8: { en: "8: the diagonals too (√2 each)", ko: "8방향: 대각선도 (한 번에 √2)" },
  corners_label: { en: "Corners", ko: "벽 모서리" },
  corners_avoid: { en: "never cut a wall's corner (Moving AI)", ko: "벽 모서리를 가로지르지 않음 (Moving AI)" },
  corners_cut: { en: "may cut a wall's corner", ko: "벽 모서리를 가로질러도 됨" },
  maze_h_manhattan: { en: "Manhattan distance", ko: "맨해튼 거리" },
  maze_h_octile: { en: "octile distance (a diagonal √2)", ko: "옥타일 거리 (대각선 √2)" },
  maze_h_euclidean: { en: "straight-line distance", ko: "직선 거리" },
  maze_h_chebyshev: { en: "Chebyshev distance (a diagonal 1)", ko: "체비쇼프 거리 (대각선 1)" },
  maze_h_zero: { en: "h = 0 (no estimate)", ko: "h = 0 (어림 없음)" },
  load_map: { en: "Load a Moving AI map…", ko: "Moving AI 지도 불러오기…" },
  map_loaded: {
    en: (name, w, h) => `${name}: ${w}×${h} cells, 8 moves. Click the start, then the goal (or type their row and column).`,
    ko: (name, w, h) => `${name}: ${w}×${h}칸, 8방향. 출발 칸을 누르고, 이어서 목표 칸을 누르세요 (행, 열로 써도 됩니다).`,
  },
  map_pick_goal: { en: "Now click the goal.", ko: "이제 목표 칸을 누르세요." },
  map_pick_start: { en: "Now click the start.", ko: "이제 출발 칸을 누르세요." },
  ends_start: { en: "Start", ko: "출발" },
  ends_goal: { en: "Goal", ko: "목표" },
  ends_hint: { en: "row, column, from 0", ko: "행, 열 (0부터)" },
  ends_unread: {
    en: (mark, text, example) => `${END_EN[mark]}: cannot read “${text}”: write the row, then the column, from 0: ${example}.`,
    ko: (mark, text, example) => `${END_KO[mark]} 칸을 읽을 수 없습니다: “${text}”. 행, 열 순서로 쓰세요 (0부터): ${example}.`,
  },
  ends_off: {
    en: (mark, r, c, w, h) => `${END_EN[mark]} (${r}, ${c}): off the map (rows 0 to ${h - 1}, columns 0 to ${w - 1}).`,
    ko: (mark, r, c, w, h) => `${END_KO[mark]} 칸 (${r}, ${c}): 지도 밖입니다 (행은 0~${h - 1}, 열은 0~${w - 1}).`,
  },
  ends_wall: {
    en: (mark, r, c) => `${END_EN[mark]} (${r}, ${c}): that cell is a wall.`,
    ko: (mark, r, c) => `${END_KO[mark]} 칸 (${r}, ${c}): 벽입니다.`,
  },
  ends_taken: {
    en: (mark, r, c) => `${END_EN[mark]} (${r}, ${c}): the ${mark === "S" ? "goal" : "start"} is there.`,
    ko: (mark, r, c) => `${END_KO[mark]} 칸 (${r}, ${c}): ${mark === "S" ? "목표" : "출발"} 칸입니다.`,
  },
  drag_hint: { en: "Drag S or G: the search runs again at once.", ko: "S나 G를 끌어 옮기면 바로 다시 탐색합니다." },
  legend_jump: { en: "jump point (all jump point search keeps)", ko: "점프 포인트 (점프 포인트 탐색이 대기실에 넣는 칸)" },
  beam_title: { en: "Waiting room: this layer, then the next", ko: "대기실: 이번 층, 그다음 층" },
  beam_order: {
    en: "This layer's states in turn, then the next layer's by f (equal f: smaller h, then the first pushed); when the layer is done, only the beam's width of them stay.",
    ko: "이번 층의 상태를 차례로 꺼내고, 다음 층은 f가 작은 순서입니다 (같으면 h가 작은 것, 그다음 먼저 넣은 것). 층이 끝나면 빔 너비만큼만 남습니다.",
  },
  beam_layers: { en: "The beam at each depth (states kept)", ko: "깊이별 빔 (남긴 상태 수)" },
  sides_title: { en: "Waiting rooms at both ends", ko: "양 끝의 대기실" },
  sides_order: {
    en: "→ from the start, ← from the goal, by max(f, 2g), the smaller first (equal: the larger g); the side holding the smaller expands.",
    ko: "→ 출발 쪽, ← 목표 쪽. max(f, 2g)가 작은 것부터 (같으면 g가 큰 것); 더 작은 항목이 있는 쪽이 둘러봅니다.",
  },
  trace_goal_jumps: {
    en: (jumps, moves) => `It is the goal: walk the parent table back to the start (${jumps} jumps, ${moves} moves).`,
    ko: (jumps, moves) => `목표입니다: 부모 표를 따라 출발 상태까지 거슬러 올라갑니다 (점프 ${jumps}번, 이동 ${moves}번).`,
  },
};
