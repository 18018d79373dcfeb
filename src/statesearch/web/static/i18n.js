// Every label in English and Korean; the choice is remembered in localStorage. Pages register
// what they drew from data with onLanguage(), so a switch redraws it in the new language.
// `setLanguage` changes the language without touching a page (the notebook widget uses it).
// The words are written one entry a key, the languages side by side ({ en, ko }), so a missing
// translation shows at a glance: here the playground's own, in i18n-*.js the rest.
import { CUBE_WORDS } from "./i18n-cube.js";
import { SEARCH_WORDS } from "./i18n-search.js";
import { TRACE_WORDS } from "./i18n-trace.js";

// "a 20-move", "an 18-move": the article as the number is said.
const a = (n) => (/^8/.test(String(n)) || n === 11 || n === 18 ? "an" : "a");

const WORDS = {
  title: { en: "statesearch playground", ko: "statesearch 놀이터" },
  panel: { en: "Live panel", ko: "실시간 패널" },
  tab_puzzle: { en: "Sliding puzzle", ko: "슬라이딩 퍼즐" },
  tab_maze: { en: "Maze", ko: "미로" },
  tab_tilt: { en: "Tilt", ko: "기울이기 퍼즐" },
  api_docs: { en: "API", ko: "API" },
  lesson_link: { en: "Lesson", ko: "수업" },
  tool: { en: "Paint", ko: "칠하기" },
  wall: { en: "wall", ko: "벽" },
  open: { en: "open (1)", ko: "빈칸 (1)" },
  sand: { en: "sand (3)", ko: "모래 (3)" },
  water: { en: "water (5)", ko: "물 (5)" },
  start: { en: "start", ko: "출발" },
  goal: { en: "goal", ko: "목표" },
  target: { en: "target", ko: "목표 칸" },
  block: { en: "block", ko: "블록" },
  erase: { en: "erase", ko: "지우기" },
  lesson_maze: { en: "Lesson maze", ko: "수업 미로" },
  ucs: { en: "Uniform-cost", ko: "균일 비용" },
  cost: { en: "Cost", ko: "비용" },
  seed: { en: "Seed", ko: "시드" },
  blocks: { en: "Blocks", ko: "블록 수" },
  min_length: { en: "Min. length", ko: "최소 길이" },
  generate: { en: "Generate", ko: "만들기" },
  undo: { en: "Undo", ko: "되돌리기" },
  goal_board: { en: "Goal", ko: "목표 판" },
  group_board: { en: "Board", ko: "판" },
  group_search: { en: "Search", ko: "탐색" },
  group_edit: { en: "Edit", ko: "편집" },
  group_play: { en: "Play", ko: "직접 해 보기" },
  group_generate: { en: "New puzzle", ko: "새 퍼즐" },
  legend_movable: { en: "can slide into the blank", ko: "빈칸으로 밀 수 있음" },
  legend_home: { en: "on its goal cell", ko: "목표 자리에 있음" },
  legend_badge: { en: "moves from its goal cell", ko: "목표 자리까지의 거리" },
  legend_expanded: { en: "expanded (taken out and looked at)", ko: "둘러봄" },
  legend_path: { en: "path found", ko: "찾은 경로" },
  legend_on_target: { en: "block on a target", ko: "목표 칸 위의 블록" },
  paint_hint: { en: "Drag over the grid to paint (mouse or finger).", ko: "격자 위를 끌어서 칠하세요 (마우스나 손가락)." },
  tilt_hint: {
    en: "Arrow keys, the arrows or a swipe tilt the board: every block slides.",
    ko: "화살표 키, 화살표 버튼, 또는 스와이프로 판을 기울이면 모든 블록이 미끄러집니다.",
  },
  tilt_paint_hint: { en: "Choose what to paint, then tap a cell.", ko: "칠할 것을 고른 뒤 칸을 누르세요." },
  paint_nothing: { en: "nothing (a tap does not paint)", ko: "칠하지 않음 (눌러도 그대로)" },
  tilt_edited: {
    en: (n) => `The board was edited: a new game starts from it (the ${n} ${n === 1 ? "move" : "moves"} made are cleared).`,
    ko: (n) => `판을 고쳤습니다: 이 판에서 새로 시작합니다 (지금까지의 이동 ${n}번은 지웠습니다).`,
  },
  lesson_board: { en: "Lesson board", ko: "수업의 판" },
  tilt_letters: {
    en: "Moves (the way the board is tilted: U up, D down, L left, R right)",
    ko: "이동 (판을 기울이는 방향: U 위, D 아래, L 왼쪽, R 오른쪽)",
  },
  layers: { en: "New states at each depth (BFS)", ko: "깊이별 새 상태 수 (BFS)" },
  moves: { en: "Moves made (g)", ko: "이동 횟수 (g)" },
  misplaced: { en: "h1 Misplaced tiles", ko: "h1 제자리에 없는 조각 수" },
  manhattan: { en: "h2 Manhattan distance", ko: "h2 맨해튼 거리" },
  rowcol: { en: "h3 Row/column", ko: "h3 행·열이 틀린 조각" },
  linear_conflict: { en: "Linear conflict", ko: "선형 충돌" },
  pdb: { en: "Pattern database", ko: "패턴 데이터베이스" },
  zero: { en: "h = 0 (no estimate)", ko: "h = 0 (어림 없음)" },
  inversions: { en: "Reversed pairs", ko: "뒤집힌 짝" },
  solvable: { en: "Solvable", ko: "풀 수 있음" },
  size: { en: "Size", ko: "크기" },
  algorithm: { en: "Algorithm", ko: "알고리즘" },
  heuristic: { en: "Estimate (h)", ko: "어림 (h)" },
  weight: { en: "Weight w", ko: "배율 w" },
  solve: { en: "Solve", ko: "풀기" },
  anyway: { en: "Search anyway", ko: "그래도 탐색하기" },
  scramble_n: { en: "Scramble moves", ko: "섞기 횟수" },
  scramble: { en: "Scramble", ko: "섞기" },
  shuffle_n: { en: "Shuffle moves", ko: "섞는 횟수" },
  shuffle: { en: "Shuffle from the goal", ko: "목표에서 섞기" },
  random: { en: "Random board", ko: "무작위 판" },
  reset: { en: "Reset", ko: "처음으로" },
  compare: { en: "Compare estimates", ko: "어림 비교" },
  expanded: { en: "States expanded", ko: "둘러본 상태" },
  pushed: { en: "Pushed into the waiting room", ko: "대기실에 넣은 횟수" },
  length: { en: "Solution length", ko: "이동 수" },
  time: { en: "Time", ko: "시간" },
  play: { en: "Play", ko: "재생" },
  pause: { en: "Pause", ko: "일시정지" },
  step: { en: "Step", ko: "한 단계" },
  speed: { en: "Speed", ko: "속도" },
  auto: { en: "Automatic", ko: "자동" },
  astar: { en: "A*", ko: "A*" },
  wastar: { en: "Weighted A*", ko: "배율 w를 준 A*" },
  greedy: { en: "Greedy best-first", ko: "h만 보는 탐색 (탐욕)" },
  bfs: { en: "Breadth-first", ko: "너비 우선" },
  idastar: { en: "IDA*", ko: "IDA*" },
  dfs: { en: "Depth-first", ko: "깊이 우선" },
  yes: { en: "yes", ko: "예" },
  no: { en: "no", ko: "아니오" },
  cancel: { en: "Cancel", ko: "취소" },
  search_used: { en: "Search", ko: "탐색" },
  compiled: { en: "compiled", ko: "컴파일됨" },
  python: { en: "Python engine", ko: "파이썬 엔진" },
  waiting: { en: "waiting", ko: "대기 중" },
  running: { en: "searching…", ko: "탐색 중…" },
  cancelled: { en: "Cancelled: the search was stopped.", ko: "취소됨: 탐색을 멈췄습니다." },
  pdb_missing: { en: "not built yet", ko: "아직 만들지 않음" },
  limit_row: { en: "limit reached — proves nothing", ko: "한도에서 멈춤 — 아무것도 증명하지 않음" },
  searching: { en: (s) => `Searching… ${s.toFixed(1)} s`, ko: (s) => `탐색 중… ${s.toFixed(1)}초` },
  expanded_so_far: {
    en: (n) => ` · ${n.toLocaleString("en-US")} states expanded`,
    ko: (n) => ` · 둘러본 상태 ${n.toLocaleString("ko-KR")}개`,
  },
  in_line: {
    en: (place) => ` · waiting: ${place === 1 ? "next" : `number ${place}`} in line`,
    ko: (place) => ` · 기다리는 중: ${place === 1 ? "다음 차례" : `${place}번째 차례`}`,
  },
  generating: { en: (s) => `Generating… ${s.toFixed(1)} s`, ko: (s) => `만드는 중… ${s.toFixed(1)}초` },
  budget: {
    en: (s) => `Every search stops after ${s} s at most (the server's limit).`,
    ko: (s) => `모든 탐색은 길어야 ${s}초 뒤에 멈춥니다 (서버의 한도).`,
  },
  found: {
    en: (n, optimal) => `Found ${a(n)} ${n}-move solution (${optimal ? "optimal" : "not guaranteed optimal"}).`,
    ko: (n, optimal) => `${n}번 이동하는 길을 찾았습니다 (${optimal ? "최소 이동" : "최소 이동이라는 보장 없음"}).`,
  },
  found_path: {
    en: (n, cost, optimal) =>
      `Found a path of ${n} steps costing ${cost} (${optimal ? "optimal" : "not guaranteed optimal"}).`,
    ko: (n, cost, optimal) =>
      `${n}걸음, 비용 ${cost}인 길을 찾았습니다 (${optimal ? "가장 싼 길" : "가장 싸다는 보장 없음"}).`,
  },
  at_goal: { en: "The board is solved.", ko: "이미 풀린 판입니다." },
  played: { en: (n) => `Played back: the goal in ${n} moves.`, ko: (n) => `재생 완료: ${n}번 이동으로 목표에 도착했습니다.` },
  tilt_solved: { en: (n) => `Solved by hand in ${n} moves.`, ko: (n) => `${n}번 이동으로 직접 풀었습니다.` },
  tilt_found: {
    en: (n, optimal, e) =>
      `Found ${a(n)} ${n}-move solution (${optimal ? "optimal" : "not guaranteed optimal"}), ${e.toLocaleString()} states expanded.`,
    ko: (n, optimal, e) =>
      `${n}번 이동하는 해를 찾았습니다 (${optimal ? "최소 이동" : "최소 이동이라는 보장 없음"}). 둘러본 상태 ${e.toLocaleString()}개.`,
  },
  tilt_walled_in: {
    en: (blocks, targets) =>
      `Unsolvable, proved before any search: a walled-in region holds ${blocks} ${blocks === 1 ? "block" : "blocks"} and ${targets} ${targets === 1 ? "target" : "targets"}, and blocks never leave their region.`,
    ko: (blocks, targets) =>
      `풀 수 없음, 탐색 전에 증명됨: 벽으로 막힌 구역에 블록 ${blocks}개와 목표 칸 ${targets}개가 있고, 블록은 자기 구역을 벗어나지 못합니다.`,
  },
  tilt_exhausted: {
    en: (n) =>
      `A solution does not exist: all ${n.toLocaleString()} reachable boards were expanded and none is solved.`,
    ko: (n) =>
      `해가 없음: 닿을 수 있는 판 ${n.toLocaleString()}개를 모두 둘러봤지만 풀린 판이 없습니다.`,
  },
  tilt_unsolvable: { en: (why) => `Unsolvable: ${why}.`, ko: (why) => `풀 수 없음: ${why}.` },
  unsolvable_parity: {
    en: (inv) =>
      `Unsolvable: ${inv} reversed pairs (inversions) — this board is not in the goal's half of the puzzle.`,
    ko: (inv) => `풀 수 없음: 뒤집힌 짝이 ${inv}개 — 목표와 다른 절반에 속한 판입니다.`,
  },
  unsolvable_search: {
    en: (n) =>
      `A solution does not exist: all ${n.toLocaleString()} reachable states were expanded without finding the goal.`,
    ko: (n) =>
      `해가 없음: 닿을 수 있는 상태 ${n.toLocaleString()}개를 모두 둘러봤지만 목표는 없었습니다.`,
  },
  unsolvable_longest: {
    en: (n) =>
      `A solution does not exist: ${n.toLocaleString()} states expanded, and none within the most moves any solvable board needs.`,
    ko: (n) =>
      `해가 없음: 상태 ${n.toLocaleString()}개를 둘러봤고, 풀 수 있는 판이라면 필요한 가장 많은 이동 안에서도 해가 없습니다.`,
  },
  limit: {
    en: (n, why) => `Limit reached after ${n.toLocaleString()} states (${why}) — this proves nothing.`,
    ko: (n, why) => `상태 ${n.toLocaleString()}개를 둘러본 뒤 한도(${why})에서 멈춤 — 찾지 못함은 없음이 아닙니다.`,
  },
  limit_kind: {
    en: { time: "time", memory: "memory", expanded: "node budget", pushed: "push limit", cost: "cost bound",
      cancelled: "cancelled", depth: "depth" },
    ko: { time: "시간", memory: "메모리", expanded: "둘러볼 상태 한도", pushed: "대기실에 넣는 횟수 한도", cost: "비용 한도",
      cancelled: "취소", depth: "깊이" },
  },
  chart_note: {
    en: "Bars: states expanded, to scale (a bar twice as long is twice the work). Rows that "
      + "hit a limit have no bar. Pushed counts the entries put into the waiting room after the "
      + "start: the start is there from the beginning and is expanded without being pushed (by "
      + "IDA* once per iteration), so expanded can be larger.",
    ko: "막대: 둘러본 상태 수, 실제 비율대로 (막대가 두 배 길면 일도 두 배). 한도에서 멈춘 "
      + "행에는 막대가 없습니다. 대기실에 넣은 횟수는 시작 상태 다음부터 셉니다. 시작 상태는 "
      + "처음부터 대기실에 있어서 넣지 않고 둘러보므로(IDA*는 반복마다 한 번) 둘러본 상태가 더 "
      + "많을 수 있습니다.",
  },
  chart_note_log: {
    en: "Bars: states expanded on a log scale (each tenfold is the same length): small "
      + "counts stay readable, but 171 to 1 no longer looks like it.",
    ko: "막대: 둘러본 상태 수, 로그 눈금 (열 배마다 같은 길이): 작은 수도 잘 보이지만, "
      + "171 대 1이 그렇게 보이지는 않습니다.",
  },
  log_scale: { en: "log scale", ko: "로그 눈금" },
  h_start: { en: "h at the start", ko: "시작에서의 h" },
  ratio: { en: "× the best", ko: "최선의 몇 배" },
  not_sure_fewest: { en: "not sure to be the fewest", ko: "최소라는 보장 없음" },
  ratio_note: {
    en: (name, n) => `× the best: states expanded over the fewest of the searches sure to find the fewest moves (${name}: ${n.toLocaleString()}).`,
    ko: (name, n) => `최선의 몇 배: 최소 이동이 보장되는 탐색 가운데 가장 적게 둘러본 것(${name}: ${n.toLocaleString()}개)에 견준 배수입니다.`,
  },
  compare_said: {
    en: (zero, h1, n) => `Without an estimate A* expanded ${zero} times as many states as with h2, and with h1 ${h1} times as many; every one found the fewest moves (${n}).`,
    ko: (zero, h1, n) => `어림 없이는 h2일 때의 ${zero}배, h1로는 ${h1}배나 되는 상태를 둘러봤습니다. 모두 최소 이동 ${n}을 찾았습니다.`,
  },
  compare_algorithm: {
    en: (a, s) => `Each estimate with ${a}, for at most ${s} s each.`,
    ko: (a, s) => `어림마다 ${a}로, 하나에 최대 ${s}초씩 풀어 봅니다.`,
  },
  not_found: { en: "No path: every reachable cell was expanded.", ko: "길 없음: 닿을 수 있는 칸을 모두 둘러봤습니다." },
  f_greedy: {
    en: (name) => `f = h (${name}; greedy ignores g)`,
    ko: (name) => `f = h (${name}; 지금까지 온 g는 보지 않음)`,
  },
  f_bfs: { en: "depth g (breadth-first reads no h)", ko: "깊이 g (너비 우선 탐색은 h를 읽지 않음)" },
  unsolvable_row: { en: "unsolvable (proved)", ko: "풀 수 없음 (증명됨)" },
  unsolvable_row_parity: { en: "unsolvable: parity (no search needed)", ko: "풀 수 없음: 홀짝 (탐색할 필요 없음)" },
  pdb_hint: {
    en: "Build the pattern database first: statesearch pdb build",
    ko: "먼저 패턴 데이터베이스를 만드세요: statesearch pdb build",
  },
  gloss_title: { en: "The lesson's words", ko: "수업의 낱말" },
  gloss_page: { en: "This page and the lesson", ko: "이 페이지와 수업" },
  gloss_textbook: { en: "The textbook's term", ko: "교과서의 용어" },
  gloss_other: { en: "In Korean (lesson · textbook)", ko: "영어 (페이지 · 교과서)" },
  gloss_note: {
    en: "The page speaks as the lesson does; a textbook names the same things as in the second column.",
    ko: "이 페이지는 수업의 말로 씁니다. 교과서는 같은 것을 둘째 열의 용어로 부릅니다.",
  },
  present_on: { en: "Projector", ko: "발표 화면" },
  present_off: { en: "Projector: on", ko: "발표 화면: 켬" },
  worksheet_link: { en: "Worksheet", ko: "활동지" },
  cannot_solve: { en: "Cannot be solved", ko: "풀 수 없습니다" },
  odd: { en: "odd", ko: "홀수" },
  even: { en: "even", ko: "짝수" },
  why_odd_width: {
    en: (inv, invWord, goalInv, goalWord) =>
      `${inv} reversed ${inv === 1 ? "pair" : "pairs"} (${invWord}), and the goal has ${goalInv} (${goalWord}). A slide never changes whether the count is odd or even, so no sequence of moves reaches the goal.`,
    ko: (inv, invWord, goalInv, goalWord) =>
      `뒤집힌 짝이 ${inv}개(${invWord})인데 목표는 ${goalInv}개(${goalWord})입니다. 조각을 밀어도 뒤집힌 짝 수의 홀짝은 바뀌지 않으므로, 어떻게 움직여도 목표에 닿지 못합니다.`,
  },
  why_even_width: {
    en: (inv, row, word, goalInv, goalRow, goalWord) =>
      `${inv} reversed ${inv === 1 ? "pair" : "pairs"} + the blank in row ${row} = ${inv + row} (${word}); the goal: ${goalInv} + row ${goalRow} = ${goalInv + goalRow} (${goalWord}). On an even width a slide never changes whether that sum is odd or even, so no sequence of moves reaches the goal.`,
    ko: (inv, row, word, goalInv, goalRow, goalWord) =>
      `뒤집힌 짝 ${inv}개 + 빈칸의 줄 ${row} = ${inv + row}(${word})인데 목표는 ${goalInv} + ${goalRow} = ${goalInv + goalRow}(${goalWord})입니다. 너비가 짝수인 판에서는 조각을 밀어도 이 합의 홀짝이 바뀌지 않으므로, 어떻게 움직여도 목표에 닿지 못합니다.`,
  },
  error: { en: (m) => `Error: ${m}`, ko: (m) => `오류: ${m}` },
};

// The same words by language, as t() looks them up: MESSAGES.en.title, MESSAGES.ko.title.
export const MESSAGES = { en: {}, ko: {} };
for (const [key, said] of Object.entries({ ...WORDS, ...TRACE_WORDS, ...CUBE_WORDS, ...SEARCH_WORDS })) {
  for (const [code, words] of Object.entries(said)) MESSAGES[code][key] = words;
}

// A notebook's output frame may refuse localStorage: then the choice is not remembered.
function remembered() {
  try { return localStorage.getItem("statesearch-lang"); } catch { return null; }
}

// The page's language: the link's ?lang=ko|en, else the one chosen before, else the browser's.
function firstLanguage() {
  const asked = new URLSearchParams(globalThis.location?.search ?? "").get("lang");
  if (asked === "ko" || asked === "en") return asked;
  const kept = remembered();
  if (kept === "ko" || kept === "en") return kept;
  return (globalThis.navigator?.language ?? "en").toLowerCase().startsWith("ko") ? "ko" : "en";
}

let current = firstLanguage();
const redraws = [];

export function lang() { return current; }

export function t(key, ...args) {
  const value = MESSAGES[current][key] ?? MESSAGES.en[key] ?? key;
  return typeof value === "function" ? value(...args) : value;
}

// Why a search stopped, in words: `limit_kind` of the result's `limit`.
export function limitName(limit) {
  return t("limit_kind")[limit] ?? limit ?? "";
}

// A search as the pages name it: "A* (w = 5) + h2 Manhattan distance"; `maze`: the maze's names
// of its estimates. A name the pages do not know (a heuristic of one's own) is said as given.
export function searchName({ algorithm, heuristic, weight }, maze = false) {
  const weighs = ["astar", "anytime"].includes(algorithm) && weight != null && weight !== 1;
  const name = weighs ? `${t(algorithm)} (w = ${weight})` : t(algorithm);
  const estimate = heuristic && heuristic !== "zero" ? t(maze ? `maze_h_${heuristic}` : heuristic) : "";
  return estimate ? `${name} + ${estimate}` : name;
}

export function onLanguage(redraw) { redraws.push(redraw); }

export function setLanguage(code) { current = code; }

export function setLang(code) {
  current = code;
  try { localStorage.setItem("statesearch-lang", code); } catch { /* not remembered */ }
  const url = new URL(location.href); // a link to hand out keeps the language
  url.searchParams.set("lang", code);
  history.replaceState(history.state, "", url);
  document.documentElement.lang = code;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  document.getElementById("lang").textContent = code === "en" ? "한국어" : "English";
  for (const redraw of redraws) redraw();
}
