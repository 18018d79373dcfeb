// The lesson's words and the textbook's: each row is what the page (and the lesson) says, in
// Korean and English, and the term a textbook uses for it. Drawn into the page's glossary, in
// the page's language; the lesson page (lesson-words.js) uses the same words.
import { html } from "./board.js";
import { lang, onLanguage, t } from "./i18n.js";

// [the lesson's Korean, the page's English, the textbook's Korean, the textbook's English]
export const GLOSSARY = [
  ["어림 (h)", "estimate (h)", "휴리스틱 함수", "heuristic function"],
  ["h1 제자리에 없는 조각 수", "h1 misplaced tiles", "잘못 놓인 타일 수", "misplaced-tiles heuristic"],
  ["h2 맨해튼 거리", "h2 Manhattan distance", "맨해튼 거리 휴리스틱", "Manhattan-distance heuristic"],
  ["h3 행·열이 틀린 조각", "h3 row/column", "행/열 휴리스틱", "tiles-out-of-row-and-column heuristic"],
  ["대기실", "waiting room", "우선순위 큐 (열린 목록, 프런티어)", "priority queue (open list, frontier)"],
  ["둘러본 상태", "states expanded", "확장한 노드 수", "nodes expanded"],
  ["대기실에 넣은 횟수", "pushed into the waiting room", "큐에 삽입한 노드 수", "nodes pushed (inserted into the frontier)"],
  ["조각", "tile", "타일", "tile"],
  ["배율 w", "weight w", "가중치 (가중 A*)", "weight (weighted A*)"],
  ["뒤집힌 짝", "reversed pair", "역순 쌍 (반전)", "inversion"],
  ["최소 이동", "fewest moves", "최적해의 길이", "optimal solution length"],
  ["낡은 항목", "stale entry", "중복 노드 (갱신 전 항목)", "stale (duplicate) entry"],
  ["g 표, 부모 표", "g table, parent table", "경로 비용 g(n), 부모 포인터", "path cost g(n), parent pointers"],
  ["h만 보는 탐색 (탐욕)", "greedy (h alone)", "탐욕적 최선 우선 탐색", "greedy best-first search"],
  ["w = 0: 다익스트라의 순서", "w = 0: Dijkstra's order", "균일 비용 탐색 (다익스트라)", "uniform-cost search (Dijkstra)"],
  ["8방향 (대각선 √2)", "8 moves (a diagonal √2)", "8-연결 격자", "8-connected grid (octile moves)"],
  ["옥타일 거리", "octile distance", "옥타일 휴리스틱", "octile heuristic"],
  ["점프 포인트", "jump point", "점프 포인트 탐색 (JPS)", "jump point search (JPS)"],
];

export function drawGlossary(box) {
  const draw = () => {
    const ko = lang() === "ko";
    const table = html("table", "glossary-table");
    const head = table.createTHead().insertRow();
    for (const key of ["gloss_page", "gloss_textbook", "gloss_other"]) head.append(html("th", "", t(key)));
    const body = table.createTBody();
    for (const [koWord, enWord, koBook, enBook] of GLOSSARY) {
      const row = body.insertRow();
      for (const text of ko ? [koWord, koBook, `${enWord} · ${enBook}`] : [enWord, enBook, `${koWord} · ${koBook}`]) {
        row.insertCell().textContent = text;
      }
    }
    box.replaceChildren(html("summary", "", t("gloss_title")), html("p", "note", t("gloss_note")), table);
  };
  onLanguage(draw);
  draw();
}
