// The lesson's worksheet, in the page's language (?lang=ko|en, else as the playground chose):
// the lesson's table to fill in by hand, the experiments to run in the playground, and a page
// of answers. Every number on the answer page is one the playground shows (tests check them).
import { lang } from "./i18n.js";

const LESSON = [7, 2, 4, 5, 0, 6, 8, 3, 1];
// The lesson's table: [estimate, states expanded, pushed, moves, h at the start, × the best]
const TABLE = [
  ["h = 0 (w = 0)", "48,390", "66,516", "20", "0", "171×"],
  ["h1", "3,667", "5,750", "20", "6", "13×"],
  ["h2", "283", "451", "20", "14", "1×"],
  ["h3", "891", "1,427", "20", "9", "3.1×"],
];

// The sheet's words, English and Korean side by side (a list's, item by item).
const WORDS = {
  title: { en: "Lesson 8 worksheet: A* and its estimates", ko: "8차시 활동지: A*와 어림" },
  answers_title: { en: "Answers", ko: "답" },
  name: { en: "Name", ko: "이름" },
  class: { en: "Class", ko: "반" },
  date: { en: "Date", ko: "날짜" },
  print: { en: "Print", ko: "인쇄" },
  other: { en: "한국어", ko: "English" },
  back: { en: "Playground", ko: "시뮬레이터" },
  board: {
    en: "The lesson's board (the goal: 1 2 3 / 4 5 6 / 7 8 _):",
    ko: "수업의 판 (목표: 1 2 3 / 4 5 6 / 7 8 _):",
  },
  table_title: { en: "1. The lesson's table", ko: "1. 수업의 표" },
  table_how: {
    en: "In the playground, press Compare estimates and copy the numbers. \"× the best\": states expanded divided by the fewest among the four.",
    ko: "시뮬레이터에서 '어림 비교'를 누르고 수를 옮겨 적으세요. '최선의 몇 배': 둘러본 상태 수를 넷 가운데 가장 적은 수로 나눈 값.",
  },
  head: [
    { en: "Estimate (h)", ko: "어림 (h)" },
    { en: "States expanded", ko: "둘러본 상태" },
    { en: "Pushed into the waiting room", ko: "대기실에 넣은 횟수" },
    { en: "Fewest moves", ko: "최소 이동" },
    { en: "h at the start", ko: "시작에서의 h" },
    { en: "× the best", ko: "최선의 몇 배" },
  ],
  names: [
    { en: "no estimate: h = 0 (w = 0)", ko: "어림 없음: h = 0 (w = 0)" },
    { en: "h1 misplaced tiles", ko: "h1 제자리에 없는 조각 수" },
    { en: "h2 Manhattan distance", ko: "h2 맨해튼 거리" },
    { en: "h3 row/column", ko: "h3 행·열이 틀린 조각" },
  ],
  experiments_title: { en: "2. The experiments", ko: "2. 실험" },
  tasks: [
    {
      en: "Weight w (choose \"Weighted A*\", h2): run w = 0, 1 and 5. States expanded: w = 0 ______ w = 1 ______ w = 5 ______. Is the way w = 5 finds sure to be the fewest moves? ______",
      ko: "배율 w ('배율 w를 준 A*', h2): w = 0, 1, 5로 풀어 보세요. 둘러본 상태: w = 0 ______ w = 1 ______ w = 5 ______. w = 5가 찾은 길은 최소 이동이라고 보장되나요? ______",
    },
    {
      en: "h + 3 (the experiment button): do the two searches take out the same states in the same order? ______ Why? ________________________",
      ko: "h + 3 (실험 버튼): 두 탐색은 같은 상태를 같은 순서로 꺼내나요? ______ 왜 그럴까요? ________________________",
    },
    {
      en: "Push limit 20,000: which search stops at the limit? ______ After how many states expanded? ______ Does that prove there is no way? ______",
      ko: "넣는 횟수 한도 20,000: 어느 탐색이 한도에서 멈추나요? ______ 상태를 몇 개 둘러본 뒤인가요? ______ 길이 없다는 증명인가요? ______",
    },
    {
      en: "Random board: press it until the live panel says \"Cannot be solved\". Reversed pairs: ______ (odd or even?) ______. Press \"Search anyway\": how many states does A* look at before the waiting room is empty? ______",
      ko: "무작위 판: 실시간 패널이 '풀 수 없습니다'라고 할 때까지 누르세요. 뒤집힌 짝: ______개 (홀수? 짝수?) ______. '그래도 탐색하기'를 누르면 대기실이 빌 때까지 A*가 둘러보는 상태는? ______",
    },
    {
      en: "The maze: A* with w = 1, then w = 1.1. States expanded: ______ and ______; moves: ______ and ______.",
      ko: "미로: A*를 w = 1, 그다음 w = 1.1로. 둘러본 상태: ______와 ______, 이동 수: ______와 ______.",
    },
  ],
  think_title: { en: "3. Think", ko: "3. 생각해 보기" },
  think: [
    {
      en: "The lesson says 171× and 13×. Which two rows of your table give these numbers?",
      ko: "수업에서 말한 171배와 13배는 여러분의 표에서 어느 두 행에서 나오나요?",
    },
    {
      en: "Every estimate found the same number of moves. Why is none of them ever too large?",
      ko: "어느 어림으로 풀어도 이동 수가 같았습니다. 어느 어림도 너무 크게 말하지 않는 까닭은?",
    },
    {
      en: "\"Not found\" and \"does not exist\": which experiment shows the difference?",
      ko: "'찾지 못함'과 '없음'의 차이를 보여 주는 실험은 어느 것인가요?",
    },
  ],
  answers_table: { en: "1. The lesson's table (A* on the lesson's board)", ko: "1. 수업의 표 (수업의 판, A*)" },
  answers_tasks: [
    {
      en: "w = 0: 48,390; w = 1: 283; w = 5: 59 (20 moves here, but a w above 1 is not sure to find the fewest).",
      ko: "w = 0: 48,390, w = 1: 283, w = 5: 59 (여기서는 20번 이동이지만, w가 1보다 크면 최소 이동이 보장되지 않습니다).",
    },
    {
      en: "Yes: h + 3 adds the same 3 to every f, so the order never changes (283 states, the same order).",
      ko: "예: h + 3은 모든 f에 같은 3을 더하므로 순서가 바뀌지 않습니다 (상태 283개, 같은 순서).",
    },
    {
      en: "h = 0 (no estimate) stops after 13,594 states expanded. No: a limit reached proves nothing.",
      ko: "h = 0 (어림 없음)이 상태 13,594개를 둘러본 뒤 멈춥니다. 아니요: 한도에서 멈춘 것은 아무것도 증명하지 않습니다.",
    },
    {
      en: "An odd number of reversed pairs (the goal has 0, even). A* looks at all 181,440 reachable boards: the waiting room empties, and that is a proof.",
      ko: "뒤집힌 짝이 홀수 (목표는 0개, 짝수). A*는 닿을 수 있는 판 181,440개를 모두 둘러보고 대기실이 빕니다: 이것은 증명입니다.",
    },
    {
      en: "w = 1: 52 states, 17 moves; w = 1.1: 21 states, 17 moves.",
      ko: "w = 1: 상태 52개, 이동 17; w = 1.1: 상태 21개, 이동 17.",
    },
  ],
  answers_think: [
    {
      en: "171 = 48,390 / 283 (no estimate against h2); 13 ≈ 3,667 / 283 (h1 against h2).",
      ko: "171 = 48,390 / 283 (어림 없음 대 h2), 13 ≈ 3,667 / 283 (h1 대 h2).",
    },
    {
      en: "Each counts moves every tile still needs at least: none says more than the moves really left.",
      ko: "어느 어림도 조각마다 적어도 필요한 이동만 셉니다: 실제로 남은 이동보다 크게 말하지 않습니다.",
    },
    {
      en: "The random board with Search anyway (all 181,440 looked at: does not exist) against the push limit (stopped: not found, proves nothing).",
      ko: "무작위 판의 '그래도 탐색하기'(181,440개를 모두 봄: 없음)와 넣는 횟수 한도(멈춤: 찾지 못함, 아무것도 증명하지 않음).",
    },
  ],
};

// The words in one language, in the shape of WORDS: a list of items stays a list.
function wordsIn(code) {
  return Object.fromEntries(Object.entries(WORDS).map(([key, said]) =>
    [key, Array.isArray(said) ? said.map((item) => item[code]) : said[code]]));
}

const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

function board(tiles) {
  const box = el("span", "board");
  for (const tile of tiles) box.append(el("span", tile ? "" : "blank", tile ? String(tile) : ""));
  return box;
}

function table(w, answers) {
  const t = el("table", "fill");
  const head = t.createTHead().insertRow();
  for (const name of w.head) head.append(el("th", "", name));
  const body = t.createTBody();
  TABLE.forEach((row, i) => {
    const tr = body.insertRow();
    tr.append(el("th", "", w.names[i]));
    for (const value of row.slice(1)) {
      const td = tr.insertCell();
      td.className = answers ? "answer" : "blank";
      if (answers) td.textContent = value;
    }
  });
  return t;
}

function list(items, className = "tasks") {
  const ol = el("ol", className);
  for (const item of items) ol.append(el("li", "", item));
  return ol;
}

function draw() {
  const code = lang();
  const w = wordsIn(code);
  document.documentElement.lang = code;
  document.title = `statesearch: ${w.title}`;
  const sheet = el("section", "sheet-page");
  const who = el("p", "who");
  for (const key of ["name", "class", "date"]) who.append(el("span", "", `${w[key]}:`));
  const shown = el("p", "board-line");
  shown.append(el("span", "", w.board), board(LESSON));
  sheet.append(el("h1", "", w.title), who, shown, el("h2", "", w.table_title), el("p", "note", w.table_how),
    table(w, false), el("h2", "", w.experiments_title), list(w.tasks), el("h2", "", w.think_title));
  for (const question of w.think) sheet.append(el("p", "", question), el("span", "line"));
  const answers = el("section", "sheet-page answers");
  answers.append(el("h1", "", `${w.title}: ${w.answers_title}`), el("h2", "", w.answers_table), table(w, true),
    el("h2", "", w.experiments_title), list(w.answers_tasks), el("h2", "", w.think_title),
    list(w.answers_think, "think"));
  document.getElementById("sheet").replaceChildren(sheet, answers);
  document.getElementById("print").textContent = w.print;
  const other = code === "en" ? "ko" : "en";
  document.getElementById("other-language").textContent = w.other;
  document.getElementById("other-language").href = `?lang=${other}`;
  document.getElementById("back").textContent = w.back;
  document.getElementById("back").href = `../?lang=${code}`;
}

document.getElementById("print").addEventListener("click", () => window.print());
draw();
