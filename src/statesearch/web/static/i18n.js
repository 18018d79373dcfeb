// Every label in English and Korean; the choice is remembered in localStorage.
export const MESSAGES = {
  en: {
    title: "statesearch playground", panel: "Live panel", tab_puzzle: "Sliding puzzle",
    tab_maze: "Maze", tab_tilt: "Tilt", tool: "Paint", wall: "wall", open: "open (1)",
    sand: "sand (3)", water: "water (5)", start: "start", goal: "goal", target: "target",
    block: "block", erase: "erase", lesson_maze: "Lesson maze", ucs: "Uniform-cost",
    cost: "Cost", seed: "Seed", blocks: "Blocks", min_length: "Min. length",
    generate: "Generate", undo: "Undo", goal_board: "Goal",
    not_found: "No path: every reachable cell was examined.",
    layers: "New states at each depth (BFS)", moves: "Moves made (g)",
    misplaced: "Misplaced tiles", manhattan: "Manhattan distance", rowcol: "Row/column",
    linear_conflict: "Linear conflict", pdb: "Pattern database", none: "none",
    inversions: "Inversions", solvable: "Solvable", size: "Size", algorithm: "Algorithm",
    heuristic: "Heuristic", weight: "Weight", solve: "Solve", anyway: "Search anyway",
    scramble_n: "Scramble moves", scramble: "Scramble", random: "Random board", reset: "Reset",
    compare: "Compare heuristics", expanded: "States expanded", pushed: "Pushed",
    length: "Solution length", time: "Time", play: "Play", pause: "Pause", step: "Step",
    speed: "Speed", astar: "A*", wastar: "Weighted A*", greedy: "Greedy best-first",
    bfs: "Breadth-first", idastar: "IDA*", yes: "yes", no: "no", searching: "Searching…",
    solved: (n) => `Solved in ${n} moves.`,
    at_goal: "The board is solved.",
    unsolvable_parity: (inv) =>
      `Unsolvable: ${inv} inversions — this board does not exist in the goal's half of the puzzle.`,
    unsolvable_search: (n) =>
      `Does not exist: all ${n.toLocaleString()} reachable states were examined without finding the goal.`,
    limit: (n) => `Limit reached after ${n.toLocaleString()} states — this proves nothing.`,
    error: (m) => `Error: ${m}`,
  },
  ko: {
    title: "statesearch 놀이터", panel: "실시간 패널", tab_puzzle: "슬라이딩 퍼즐",
    tab_maze: "미로", tab_tilt: "기울이기 퍼즐", tool: "칠하기", wall: "벽", open: "빈칸 (1)",
    sand: "모래 (3)", water: "물 (5)", start: "출발", goal: "도착", target: "목표 칸",
    block: "블록", erase: "지우기", lesson_maze: "수업 미로", ucs: "균일 비용",
    cost: "비용", seed: "시드", blocks: "블록 수", min_length: "최소 길이",
    generate: "만들기", undo: "되돌리기", goal_board: "목표 판",
    not_found: "경로 없음: 도달 가능한 칸을 모두 살폈습니다.",
    layers: "깊이별 새 상태 수 (BFS)", moves: "이동 횟수 (g)",
    misplaced: "잘못 놓인 타일 수", manhattan: "맨해튼 거리", rowcol: "행/열",
    linear_conflict: "선형 충돌", pdb: "패턴 데이터베이스", none: "없음",
    inversions: "역순 쌍", solvable: "풀 수 있음", size: "크기", algorithm: "알고리즘",
    heuristic: "휴리스틱", weight: "가중치", solve: "풀기", anyway: "그래도 탐색하기",
    scramble_n: "섞기 횟수", scramble: "섞기", random: "무작위 판", reset: "처음으로",
    compare: "휴리스틱 비교", expanded: "확장한 상태 수", pushed: "넣은 상태 수",
    length: "해의 길이", time: "시간", play: "재생", pause: "일시정지", step: "한 단계",
    speed: "속도", astar: "A*", wastar: "가중 A*", greedy: "탐욕적 최우선",
    bfs: "너비 우선", idastar: "IDA*", yes: "예", no: "아니오", searching: "탐색 중…",
    solved: (n) => `${n}번 이동으로 풀었습니다.`,
    at_goal: "이미 풀린 판입니다.",
    unsolvable_parity: (inv) => `풀 수 없음: 역순 쌍이 ${inv}개 — 목표와 다른 절반에 속한 판입니다.`,
    unsolvable_search: (n) =>
      `존재하지 않음: 도달 가능한 상태 ${n.toLocaleString()}개를 모두 살폈지만 목표가 없습니다.`,
    limit: (n) => `상태 ${n.toLocaleString()}개에서 한도에 도달 — 아무것도 증명하지 않습니다.`,
    error: (m) => `오류: ${m}`,
  },
};

let current = localStorage.getItem("statesearch-lang") || "en";

export function lang() { return current; }

export function t(key, ...args) {
  const value = MESSAGES[current][key] ?? MESSAGES.en[key] ?? key;
  return typeof value === "function" ? value(...args) : value;
}

export function setLang(code) {
  current = code;
  localStorage.setItem("statesearch-lang", code);
  document.documentElement.lang = code;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  document.getElementById("lang").textContent = code === "en" ? "한국어" : "English";
}
