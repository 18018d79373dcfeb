// The sliding-puzzle page: every number it shows comes from the statesearch API. Searches use
// the compiled kernels where the server has them, bounded by the server's time limit.
import { api, isCancel } from "./api.js";
import { blankLastGoal, drawBoard, neighbours } from "./board.js";
import { drawRuns, runRows, times } from "./compare.js";
import { lang, limitName, onLanguage, searchName, setLang, t } from "./i18n.js";
import { TRANSPORT } from "./transport.js";
import { LESSON } from "./experiments.js";
import { drawGlossary } from "./glossary.js";
import { showBoard } from "./present.js";
import { whyUnsolvable } from "./parity.js";
import { linkWeight } from "./weight.js";
import { searchChoice, showSearchFields } from "./choices.js";
import { drawImprovements } from "./improvements.js";
import { setUpTracing } from "./puzzle-trace.js";
import { seconds, working } from "./ui.js";

// The lesson's table first (no estimate, h1, h2, h3), then the estimates beyond the lesson.
const HEURISTICS = ["zero", "misplaced", "manhattan", "rowcol", "linear_conflict"];
const LESSON_TABLE = ["zero", "misplaced", "manhattan", "rowcol"]; // its "× the best" counts these
const COMPARE_SECONDS_4X4 = 3; // per heuristic; a 3x3 row always finishes long before
const $ = (id) => document.getElementById(id);
const state = {
  rows: 3, cols: 3, tiles: [...LESSON], goal: null, goalText: "", g: 0, path: [], pos: 0, timer: null,
  analysis: null, result: null, said: null, compared: null, maxSeconds: 20,
  panelAsked: 0,  // the latest analysis asked for: answers may come back out of order
  solving: null,  // the Solve under way: its answer counts only if nothing replaced it
  start: null,  // the board Reset goes back to: the last one set, or searched from
};

function goalTiles() { return state.goal ?? blankLastGoal(state.rows * state.cols); }

function render() {
  const { tiles, rows, cols } = state;
  $("goal").placeholder = blankLastGoal(rows * cols).join(" ");  // what an empty goal means
  drawBoard($("board"), { tiles, rows, cols, goal: goalTiles(), onSlide: slide });
  tracing.boardChanged();
  refreshPanel();
}

function slide(cell) {
  const blank = state.tiles.indexOf(0);
  if (!neighbours(blank, state.rows, state.cols).includes(cell)) return;
  [state.tiles[blank], state.tiles[cell]] = [state.tiles[cell], 0];
  state.g += 1;
  forgetResult(); // a solution is for the board it was found from
  render();
}

// The verdict is kept as what to say, not the words, so a language switch can say it again.
function say(kind, key, ...args) {
  state.said = { kind, key, args };
  showVerdict();
}

function showVerdict() {
  const el = $("verdict");
  const said = state.said;
  el.textContent = said ? t(said.key, ...said.args) : "";
  el.className = `verdict ${said?.kind ?? ""}`;
}

function sayError(err, again) {
  // A refusal of the request itself (422) is asked again after a language switch, to get its
  // words in the new language; nothing else is repeated.
  state.said = { kind: "bad", key: "error", args: [err.message], again: err.status === 422 ? again : null };
  showVerdict();
}

function chosenAlgorithm() { return searchChoice($("algorithm").value, $("weight"), $("beam")); }

function chosenHeuristic() {
  return $("algorithm").value === "bfs" ? "zero" : $("heuristic").value;
}

function showF() {
  const data = state.analysis;
  const heuristic = chosenHeuristic();
  const { weight } = chosenAlgorithm();
  const h = heuristic === "zero" ? 0 : data?.[heuristic];
  const name = t(heuristic);
  // The order the chosen search takes states out in: greedy reads only h, BFS only the depth.
  const algorithm = $("algorithm").value;
  $("p-f-label").textContent = algorithm === "greedy" ? t("f_greedy", name) : algorithm === "bfs" ? t("f_bfs")
    : weight === 1 ? `f = g + h (${name})` : `f = g + ${weight}·h (${name})`;
  const f = algorithm === "greedy" ? h : algorithm === "bfs" ? state.g : state.g + weight * h;
  $("p-f").textContent = data && h !== undefined && Number.isFinite(f) ? Math.round(f * 100) / 100 : "–";
}

// Beside the panel's "no": the parity rule with this board's numbers, and a search anyway.
function showWhy() {
  const refused = state.analysis && !state.analysis.solvable;
  $("p-why").hidden = !refused;
  if (refused) $("p-why-text").textContent = whyUnsolvable(state.tiles, goalTiles(), state.cols);
}

function showPanelNumbers(data) {
  for (const key of ["misplaced", "manhattan", "rowcol", "linear_conflict", "inversions"]) {
    $(`p-${key}`).textContent = data ? data[key] : "–";
  }
  $("p-g").textContent = state.g;
  $("p-solvable").textContent = data ? (data.solvable ? t("yes") : t("no")) : "–";
}

async function refreshPanel() {
  let data;
  const body = { tiles: state.tiles, rows: state.rows, cols: state.cols, goal: state.goal };
  const asked = ++state.panelAsked;
  const saidBefore = state.said; // a verdict said while this was asked is newer: it stays
  try {
    data = await api("npuzzle/analyze", body);
  } catch (err) {
    if (asked !== state.panelAsked) return;  // a later board is on its way
    state.analysis = null;
    forgetResult();
    sayError(err, refreshPanel);
    showPanelNumbers(null);  // no numbers of an earlier board, or words of an earlier language
    showWhy();
    showF();
    return;
  }
  if (asked !== state.panelAsked) return;  // played back faster than the server answered
  state.analysis = data;
  showPanelNumbers(data);
  showWhy();
  $("heuristic").querySelector('option[value="pdb"]').textContent =
    data.pdb_ready ? t("pdb") : `${t("pdb")} (${t("pdb_missing")})`;
  showF();
  if (!data.solvable) say("bad", "unsolvable_parity", data.inversions);
  else if (data.manhattan === 0) say("good", state.path.length ? "played" : "at_goal", state.path.length - 1);
  else if (state.said === saidBefore && (state.said?.kind === "bad" || state.said?.key === "at_goal")) say("", "");
}

function forgetResult() {
  stopPlayback();
  state.solving?.abort(); // its answer would be for another board, or an older request
  state.solving = null;
  state.path = [];
  state.result = null;
  state.compared = null;
  $("playback-pos").textContent = "";
  $("result").hidden = true;
  drawImprovements($("r-improvements"), null);
  $("comparison").hidden = true;
  $("experiment").hidden = true;
}

function describeSearch(data) {
  const chosen = data.choice ? `${t("auto")} → ` : "";
  return `${chosen}${searchName(data)}, ${t(data.engine)}`;
}

function sayResult(data) {
  if (data.status === "solved") say("good", "found", data.length, data.optimal);
  else if (data.proof === "precheck") say("bad", "unsolvable_parity", state.analysis?.inversions ?? "?");
  else if (data.proof === "longest") say("bad", "unsolvable_longest", data.stats.expanded);
  else if (data.proof === "exhausted") say("bad", "unsolvable_search", data.stats.expanded);
  else say("limit", "limit", data.stats.expanded, limitName(data.limit));
}

function showResult() {
  const data = state.result;
  if (!data) return;
  $("result").hidden = false;
  $("r-search").textContent = describeSearch(data);
  $("r-expanded").textContent = data.stats.expanded.toLocaleString();
  $("r-pushed").textContent = data.stats.pushed.toLocaleString();
  $("r-length").textContent = data.length ?? t("limit_row");
  if (data.status === "unsolvable") $("r-length").textContent = "–";
  $("r-time").textContent = seconds(data.stats.elapsed_s);
  // The note (what the counts mean, what went unread): the server says it in every language.
  const note = data.note_in?.[lang()] ?? data.note;
  $("r-note").textContent = note;
  $("r-note").hidden = !note;
  drawImprovements($("r-improvements"), data);
}

// `asked`: the request again (a refusal asked in the page's new language), not the choices now.
async function solve(precheck = true, asked = null) {
  forgetResult();
  if (!asked) state.start = [...state.tiles]; // Reset comes back here
  const { algorithm, weight } = chosenAlgorithm();
  const body = asked ?? {
    tiles: state.tiles, rows: state.rows, cols: state.cols, goal: state.goal,
    algorithm, weight, precheck,
    ...(algorithm === "bfs" ? {} : { heuristic: chosenHeuristic() }), // BFS reads none
  };
  say("", "");
  const job = working($("working"), $("working-text"), $("cancel"), (s) => t("searching", s));
  state.solving = job;
  try {
    const data = await api("npuzzle/solve", body, job.signal);
    if (state.solving !== job) return; // the board changed, or another Solve was pressed
    state.result = data;
    showResult();
    sayResult(state.result);
    // Nothing to play back unless a path was found (a proof or a limit has none).
    $("result").querySelector(".playback").hidden = state.result.status !== "solved";
    if (state.result.status === "solved") {
      state.path = state.result.path;
      state.pos = 0;
      $("playback-pos").textContent = `0 / ${state.result.length}`;
    }
  } catch (err) {
    if (state.solving !== job) return;
    if (isCancel(err)) say("limit", "cancelled");
    else sayError(err, () => solve(precheck, body));
  } finally {
    job.done(state.solving === job || state.solving === null);
    if (state.solving === job) state.solving = null;
  }
}

function step() {
  if (state.pos >= state.path.length - 1) { stopPlayback(); return; }
  state.pos += 1;
  state.tiles = [...state.path[state.pos]];
  state.g += 1;
  $("playback-pos").textContent = `${state.pos} / ${state.path.length - 1}`;
  render();
}

function play() {
  stopPlayback();
  showBoard(); // the board moves: in sight, not above a phone's screen
  state.timer = setInterval(step, 1000 / Number($("speed").value));
}

function stopPlayback() {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}

function reset(tiles) {
  forgetResult();
  state.tiles = tiles;
  state.start = [...tiles];
  state.g = 0;
  say("", "");
  render();
}

function scramble() {
  const tiles = goalTiles();
  let last = -1;
  for (let i = 0; i < Number($("scramble-n").value); i++) {
    const blank = tiles.indexOf(0);
    const options = neighbours(blank, state.rows, state.cols).filter((c) => c !== last);
    const cell = options[Math.floor(Math.random() * options.length)];
    [tiles[blank], tiles[cell]] = [tiles[cell], 0];
    last = blank;
  }
  reset(tiles);
}

// The nine (or 16) tiles placed uniformly at random: about half the boards cannot reach the
// goal, and the live panel says so before any search (the lesson's first task). Shuffle, the
// other button, walks from the goal and always stays in its half.
function randomBoard() {
  const tiles = [...Array(state.rows * state.cols).keys()];
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  reset(tiles);
}

// Compare the heuristics with one algorithm: A* on 3x3 (the lesson's counts), IDA* on larger
// boards (no memory, compiled kernels), each row bounded by time and shown as it finishes.
async function compare() {
  forgetResult();
  say("", "");
  const names = [...HEURISTICS, ...(state.analysis?.pdb_ready ? ["pdb"] : [])];
  const algorithm = state.rows * state.cols <= 9 ? "astar" : "idastar";
  const limit = state.rows * state.cols <= 9 ? state.maxSeconds : COMPARE_SECONDS_4X4;
  const board = { tiles: state.tiles, rows: state.rows, cols: state.cols, goal: state.goal };
  state.compared = {
    column: "heuristic",
    reference: LESSON_TABLE,
    note: () => t("compare_algorithm", t(algorithm), limit),
    after() { // the lesson's two numbers in a sentence, when all three found the fewest moves
      const [zero, h1, h2] = ["zero", "misplaced", "manhattan"].map((k) => this.rows.find((r) => r.key === k)?.data);
      if (![zero, h1, h2].every((d) => d?.status === "solved" && d.optimal)) return "";
      const least = h2.stats.expanded;
      return t("compare_said", times(zero.stats.expanded, least), times(h1.stats.expanded, least), h2.length);
    },
    rows: names.map((heuristic) => ({
      key: heuristic, label: () => t(heuristic), data: null,
      body: { ...board, algorithm, heuristic, time_limit: limit },
    })),
  };
  const job = working($("working"), $("working-text"), $("cancel"), (s) => t("searching", s));
  try {
    await runRows(state.compared, job.signal, showComparison);
  } catch (err) {
    if (isCancel(err)) say("limit", "cancelled");
    else sayError(err, null);
  } finally {
    job.done();
  }
}

function showComparison() {
  if (state.compared) drawRuns($("comparison"), state.compared);
  else $("comparison").hidden = true;
}

function showChoices() {
  const choice = $("algorithm").value;
  showSearchFields(choice, $("weight-field"), $("beam-field"));
  $("heuristic-field").hidden = choice === "bfs";
  showF();
}

document.addEventListener("keydown", (event) => {
  if ($("tab-puzzle").hidden || event.target.closest?.("input, select, textarea")) return;
  const blank = state.tiles.indexOf(0);
  const r = Math.floor(blank / state.cols), c = blank % state.cols;
  // Arrow keys move a tile into the blank: "up" slides the tile below the blank upwards.
  const source = { ArrowUp: [r + 1, c], ArrowDown: [r - 1, c], ArrowLeft: [r, c + 1], ArrowRight: [r, c - 1] }[event.key];
  if (!source) return;
  const [y, x] = source;
  if (y >= 0 && y < state.rows && x >= 0 && x < state.cols) {
    event.preventDefault();
    slide(y * state.cols + x);
  }
});

$("solve").addEventListener("click", () => solve(true));
$("anyway").addEventListener("click", () => solve(false));
$("play").addEventListener("click", play);
$("pause").addEventListener("click", stopPlayback);
$("speed").addEventListener("input", () => { if (state.timer) play(); }); // a running playback takes the new speed
$("step").addEventListener("click", () => { showBoard(); step(); });
$("scramble").addEventListener("click", scramble);
$("random").addEventListener("click", randomBoard);
$("compare").addEventListener("click", compare);
// Reset: back to the board last set or searched from (a board a student built stays); the
// lesson's board has its own button.
$("reset").addEventListener("click", () => reset(state.start ? [...state.start] : lessonOrGoal()));
$("lesson-board").addEventListener("click", () => reset(lessonOrGoal()));
function lessonOrGoal() { return state.rows === 3 ? [...LESSON] : goalTiles(); }
$("algorithm").addEventListener("change", showChoices);
$("heuristic").addEventListener("change", showF);
linkWeight($("weight-slider"), $("weight"), showF);
$("scramble-n").addEventListener("input", () => { $("scramble-out").textContent = $("scramble-n").value; });
// The server reads the goal as typed (tiles, "_" for the blank, or blank-first), as the CLI's
// --goal does; a goal it cannot read is said in one line and the field shows the goal in use again.
async function setGoal(text) {
  if (text) {
    try {
      const board = { tiles: state.tiles, rows: state.rows, cols: state.cols, goal: text };
      state.goal = (await api("npuzzle/analyze", board)).goal;
    } catch (err) {
      $("goal").value = state.goalText;
      sayError(err, () => setGoal(text));
      return;
    }
  } else state.goal = null;
  state.goalText = text;
  forgetResult();
  render();
}
$("goal").addEventListener("change", () => setGoal($("goal").value.trim()));
$("size").addEventListener("change", () => {
  $("goal").value = state.goalText = "";
  state.rows = state.cols = Number($("size").value);
  state.goal = null;
  reset(state.rows === 3 ? [...LESSON] : goalTiles());
  // A* keeps every state it meets: on 15-puzzles the automatic choice (IDA*) is the one to use.
  $("algorithm").value = state.rows === 3 ? "astar" : "auto";
  showChoices();
  if (state.rows === 4) scramble();
});
$("lang").addEventListener("click", () => setLang(lang() === "en" ? "ko" : "en"));
onLanguage(() => {
  showChoices();
  if (state.analysis) $("p-solvable").textContent = state.analysis.solvable ? t("yes") : t("no");
  showWhy();
  showResult();
  showComparison();
  if (state.said?.again) state.said.again();
  else showVerdict();
  $("budget-note").textContent = t("budget", state.maxSeconds);
});
for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => {
    for (const other of document.querySelectorAll(".tab")) {
      other.classList.toggle("active", other === tab);
      $(`tab-${other.dataset.tab}`).hidden = other !== tab;
    }
    window.dispatchEvent(new Event("resize")); // the grids size their cells to the page
    window.scrollTo(0, 0); // a new page opens at its top, not where the last one was scrolled
  });
}

// A board can be shared as ?board=7,2,4,5,0,6,8,3,1 (3x3 or 4x4).
const shared = new URLSearchParams(location.search).get("board");
if (shared) {
  const tiles = shared.split(",").map(Number);
  const side = Math.round(Math.sqrt(tiles.length));
  if (side * side === tiles.length && (side === 3 || side === 4)) {
    state.rows = state.cols = side;
    $("size").value = String(side);
    state.tiles = tiles;
    if (side === 4) $("algorithm").value = "auto";
  }
}
const tracing = setUpTracing({
  board: () => ({ tiles: [...state.tiles], rows: state.rows, cols: state.cols, goal: state.goal }),
  choice: chosenAlgorithm,
  heuristic: chosenHeuristic,
  describe: describeSearch,
  setBoard(tiles) {
    if (state.rows !== 3) { state.rows = state.cols = 3; $("size").value = "3"; $("algorithm").value = "astar"; showChoices(); }
    state.goal = null;
    $("goal").value = state.goalText = "";
    reset(tiles);
  },
  say,
  sayError: (err) => sayError(err, null),
  stopPlayback,
});
api("limits").then((limits) => {
  state.maxSeconds = limits.max_seconds;
  $("budget-note").textContent = t("budget", state.maxSeconds);
}).catch(() => {});
// The static site has the lesson page (its cells need the page's own Python) and no server
// for the API's documentation.
$("lesson-link").hidden = TRANSPORT !== "worker";
$("api-link").hidden = TRANSPORT === "worker";
onLanguage(() => {
  $("lesson-link").href = `lesson.html?lang=${lang()}`;
  $("worksheet-link").href = `static/worksheet.html?lang=${lang()}`;
});
drawGlossary($("glossary"));
setLang(lang());
render();
