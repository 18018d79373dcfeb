// The sliding-puzzle page: every number it shows comes from the statesearch API.
import { api } from "./api.js";
import { lang, setLang, t } from "./i18n.js";

const LESSON = [7, 2, 4, 5, 0, 6, 8, 3, 1];
const NODE_BUDGET = 200000;
const $ = (id) => document.getElementById(id);
const state = { rows: 3, cols: 3, tiles: [...LESSON], goal: null, g: 0, path: [], pos: 0, timer: null };

function goalTiles() {
  const n = state.rows * state.cols;
  return state.goal ?? [...Array(n - 1).keys()].map((i) => i + 1).concat([0]);
}

function neighbours(cell) {
  const r = Math.floor(cell / state.cols), c = cell % state.cols;
  return [[r + 1, c], [r - 1, c], [r, c + 1], [r, c - 1]]
    .filter(([y, x]) => y >= 0 && y < state.rows && x >= 0 && x < state.cols)
    .map(([y, x]) => y * state.cols + x);
}

function render() {
  const board = $("board");
  board.style.gridTemplateColumns = `repeat(${state.cols}, var(--tile))`;
  board.replaceChildren();
  const blank = state.tiles.indexOf(0);
  const movable = new Set(neighbours(blank));
  const goal = goalTiles();
  state.tiles.forEach((tile, cell) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tile";
    button.dataset.cell = cell;
    if (tile === 0) {
      button.classList.add("blank");
      button.setAttribute("aria-label", "blank");
    } else {
      button.textContent = tile;
      button.dataset.tile = tile;
      const home = goal.indexOf(tile);
      const distance = Math.abs(Math.floor(home / state.cols) - Math.floor(cell / state.cols))
        + Math.abs((home % state.cols) - (cell % state.cols));
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = distance;
      button.append(badge);
      if (distance === 0) button.classList.add("home");
      if (movable.has(cell)) button.classList.add("movable");
      button.addEventListener("click", () => slide(cell));
    }
    board.append(button);
  });
  refreshPanel();
}

function slide(cell) {
  const blank = state.tiles.indexOf(0);
  if (!neighbours(blank).includes(cell)) return;
  [state.tiles[blank], state.tiles[cell]] = [state.tiles[cell], 0];
  state.g += 1;
  render();
}

function verdict(text, kind) {
  const el = $("verdict");
  el.textContent = text;
  el.className = `verdict ${kind ?? ""}`;
}

async function refreshPanel() {
  let data;
  try {
    data = await api("npuzzle/analyze", {
      tiles: state.tiles, rows: state.rows, cols: state.cols, goal: state.goal,
    });
  } catch (err) {
    verdict(t("error", err.message), "bad");
    return;
  }
  for (const key of ["misplaced", "manhattan", "rowcol", "linear_conflict", "inversions"]) {
    $(`p-${key}`).textContent = data[key];
  }
  $("p-g").textContent = state.g;
  $("p-f").textContent = state.g + data.manhattan;
  $("p-solvable").textContent = data.solvable ? t("yes") : t("no");
  $("anyway").hidden = data.solvable;
  if (!data.solvable) verdict(t("unsolvable_parity", data.inversions), "bad");
  else if (data.manhattan === 0) verdict(t("at_goal"), "good");
  else verdict("");
}

async function solve(precheck = true) {
  stopPlayback();
  const choice = $("algorithm").value;
  const body = {
    tiles: state.tiles, rows: state.rows, cols: state.cols, goal: state.goal,
    algorithm: choice === "wastar" ? "astar" : choice,
    heuristic: $("heuristic").value,
    weight: choice === "wastar" ? Number($("weight").value) : 1,
    max_expanded: NODE_BUDGET, precheck,
  };
  verdict(t("searching"));
  try {
    const data = await api("npuzzle/solve", body);
    $("result").hidden = false;
    $("r-expanded").textContent = data.stats.expanded.toLocaleString();
    $("r-pushed").textContent = data.stats.pushed.toLocaleString();
    $("r-length").textContent = data.length ?? "–";
    $("r-time").textContent = `${(data.stats.elapsed_s * 1000).toFixed(1)} ms`;
    if (data.status === "solved") {
      verdict(t("solved", data.length), "good");
      state.path = data.path;
      state.pos = 0;
      $("playback-pos").textContent = `0 / ${data.length}`;
    } else if (data.status === "unsolvable") {
      verdict(data.stats.expanded ? t("unsolvable_search", data.stats.expanded)
        : t("unsolvable_parity", $("p-inversions").textContent), "bad");
    } else {
      verdict(t("limit", data.stats.expanded), "limit");
    }
  } catch (err) {
    verdict(t("error", err.message), "bad");
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
  state.timer = setInterval(step, 1000 / Number($("speed").value));
}

function stopPlayback() {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}

function reset(tiles) {
  stopPlayback();
  state.tiles = tiles;
  state.g = 0;
  state.path = [];
  $("result").hidden = true;
  $("comparison").hidden = true;
  render();
}

function scramble() {
  let tiles = goalTiles();
  let last = -1;
  for (let i = 0; i < Number($("scramble-n").value); i++) {
    const blank = tiles.indexOf(0);
    const options = neighbours(blank).filter((c) => c !== last);
    const cell = options[Math.floor(Math.random() * options.length)];
    [tiles[blank], tiles[cell]] = [tiles[cell], 0];
    last = blank;
  }
  reset(tiles);
}

function randomBoard() {
  const tiles = [...Array(state.rows * state.cols).keys()];
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  reset(tiles);
}

async function compare() {
  const names = ["zero", "misplaced", "manhattan", "linear_conflict"];
  const rows = [];
  for (const heuristic of names) {
    const data = await api("npuzzle/solve", {
      tiles: state.tiles, rows: state.rows, cols: state.cols, goal: state.goal,
      algorithm: "astar", heuristic, max_expanded: NODE_BUDGET,
    });
    rows.push([heuristic, data]);
  }
  const most = Math.max(...rows.map(([, d]) => d.stats.expanded), 10);
  const box = $("comparison");
  box.replaceChildren();
  const table = document.createElement("table");
  table.className = "compare-table";
  const head = table.insertRow();
  for (const key of ["heuristic", "expanded", "pushed", "length", "time"]) {
    head.append(Object.assign(document.createElement("th"), { textContent: t(key) }));
  }
  for (const [heuristic, data] of rows) {
    const row = table.insertRow();
    row.dataset.heuristic = heuristic;
    for (const value of [t(heuristic === "zero" ? "none" : heuristic), data.stats.expanded.toLocaleString(),
      data.stats.pushed.toLocaleString(), data.length ?? "–", `${(data.stats.elapsed_s * 1000).toFixed(1)} ms`]) {
      row.insertCell().textContent = value;
    }
  }
  box.append(table);
  for (const [heuristic, data] of rows) {
    const bar = document.createElement("div");
    bar.className = "bar";
    bar.dataset.heuristic = heuristic;
    // Log scale, so 283 and 48,390 both stay readable.
    bar.style.width = `${Math.max(4, (100 * Math.log10(data.stats.expanded + 1)) / Math.log10(most + 1))}%`;
    bar.textContent = `${t(heuristic === "zero" ? "none" : heuristic)}: ${data.stats.expanded.toLocaleString()}`
      + (data.length !== null ? ` (${data.length})` : "");
    box.append(bar);
  }
  box.hidden = false;
}

document.addEventListener("keydown", (event) => {
  if ($("tab-puzzle").hidden) return;
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
$("step").addEventListener("click", step);
$("scramble").addEventListener("click", scramble);
$("random").addEventListener("click", randomBoard);
$("compare").addEventListener("click", compare);
$("reset").addEventListener("click", () => reset(state.rows === 3 ? [...LESSON] : goalTiles()));
$("weight").addEventListener("input", () => { $("weight-out").textContent = $("weight").value; });
$("scramble-n").addEventListener("input", () => { $("scramble-out").textContent = $("scramble-n").value; });
$("goal").addEventListener("change", () => {
  const text = $("goal").value.trim();
  const tiles = text ? text.split(/[\s,/]+/).map((x) => (x === "_" ? 0 : Number(x))) : null;
  state.goal = tiles;
  render();
});
$("size").addEventListener("change", () => {
  $("goal").value = "";
  state.rows = state.cols = Number($("size").value);
  state.goal = null;
  reset(state.rows === 3 ? [...LESSON] : goalTiles());
  if (state.rows === 4) scramble();
});
$("lang").addEventListener("click", () => { setLang(lang() === "en" ? "ko" : "en"); refreshPanel(); });
for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => {
    for (const other of document.querySelectorAll(".tab")) {
      other.classList.toggle("active", other === tab);
      $(`tab-${other.dataset.tab}`).hidden = other !== tab;
    }
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
  }
}
setLang(lang());
render();
