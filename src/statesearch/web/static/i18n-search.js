// The words of the searches beyond the lesson (their names, beam search's width, anytime
// search's solutions) and of the maze page's grids (moves, the corner rule, the estimates that
// fit them, a Moving AI map), in English and Korean (i18n.js merges them into its messages).
// The Korean keeps the lesson's words: 어림 (h), 대기실, 둘러본 상태, 배율 w.
export const SEARCH_MESSAGES = {
  en: {
    rbfs: "RBFS (recursive best-first)", beam: "Beam search", anytime: "Anytime weighted A*",
    mm: "MM (from both ends)", nbs: "NBS (from both ends, in pairs)", jps: "Jump point search",
    jps_when: "(8 moves, no terrain)", beam_width: "Beam width",
    improvements_title: "Solutions found, each cheaper than the last",
    improvement_line: (cost, lower, bound, expanded) =>
      `cost ${cost} after ${expanded.toLocaleString()} states expanded: at most ${bound}× the cheapest (which costs at least ${lower})`,
    improvements_proved: "The last one is the cheapest: the waiting room held nothing that could beat it.",
    moves_label: "Moves", moves_4: "4: up, down, left, right", moves_8: "8: the diagonals too (√2 each)",
    corners_label: "Corners", corners_avoid: "never cut a wall's corner (Moving AI)", corners_cut: "may cut a wall's corner",
    maze_h_manhattan: "Manhattan distance", maze_h_octile: "octile distance (a diagonal √2)",
    maze_h_euclidean: "straight-line distance", maze_h_chebyshev: "Chebyshev distance (a diagonal 1)",
    maze_h_zero: "h = 0 (no estimate)",
    load_map: "Load a Moving AI map…",
    map_loaded: (name, w, h) => `${name}: ${w}×${h} cells, 8 moves. Click the start, then the goal.`,
    map_pick_goal: "Now click the goal.",
    drag_hint: "Drag S or G: the search runs again at once.",
    legend_jump: "jump point (all jump point search keeps)",
    trace_goal_jumps: (jumps, moves) => `It is the goal: walk the parent table back to the start (${jumps} jumps, ${moves} moves).`,
  },
  ko: {
    rbfs: "RBFS (경로만 기억하는 최선 우선)", beam: "빔 탐색 (층마다 너비만큼만)", anytime: "점점 나아지는 A* (애니타임)",
    mm: "MM (양 끝에서 만나는 A*)", nbs: "NBS (양 끝에서 짝지어 둘러봄)", jps: "점프 포인트 탐색",
    jps_when: "(8방향, 지형 없음)", beam_width: "빔 너비",
    improvements_title: "찾은 해 (찾을 때마다 더 싼 해)",
    improvement_line: (cost, lower, bound, expanded) =>
      `비용 ${cost}, 둘러본 상태 ${expanded.toLocaleString()}개째: 가장 싼 길의 ${bound}배 이하 (가장 싼 길은 적어도 ${lower})`,
    improvements_proved: "마지막 해가 가장 싼 길입니다: 대기실에 그보다 쌀 수 있는 항목이 남지 않았습니다.",
    moves_label: "이동 방향", moves_4: "4방향: 위, 아래, 왼쪽, 오른쪽", moves_8: "8방향: 대각선도 (한 번에 √2)",
    corners_label: "벽 모서리", corners_avoid: "벽 모서리를 가로지르지 않음 (Moving AI)", corners_cut: "벽 모서리를 가로질러도 됨",
    maze_h_manhattan: "맨해튼 거리", maze_h_octile: "옥타일 거리 (대각선 √2)",
    maze_h_euclidean: "직선 거리", maze_h_chebyshev: "체비쇼프 거리 (대각선 1)",
    maze_h_zero: "h = 0 (어림 없음)",
    load_map: "Moving AI 지도 불러오기…",
    map_loaded: (name, w, h) => `${name}: ${w}×${h}칸, 8방향. 출발 칸을 누르고, 이어서 목표 칸을 누르세요.`,
    map_pick_goal: "이제 목표 칸을 누르세요.",
    drag_hint: "S나 G를 끌어 옮기면 바로 다시 탐색합니다.",
    legend_jump: "점프 포인트 (점프 포인트 탐색이 대기실에 넣는 칸)",
    trace_goal_jumps: (jumps, moves) => `목표입니다: 부모 표를 따라 출발 상태까지 거슬러 올라갑니다 (점프 ${jumps}번, 이동 ${moves}번).`,
  },
};
