// The maze page: paint a grid (mouse, pen or finger), or load a Moving AI map and click its start
// and goal; pick the moves (4 or 8, and the corner rule), a search and an estimate that fits,
// and step through it: the grid shows what is expanded, what waits and the path; the stepper
// beside it the waiting room, the g and parent tables and the search tree. Dragging S or G, or
// typing its cell (maze-ends.js), runs the search again at once and shows where it ended (as Red
// Blob Games' pages do).
import { api, isCancel } from "./api.js";
import { mazeView } from "./board.js";
import { onLanguage, limitName, t } from "./i18n.js";
import { drawImprovements } from "./improvements.js";
import { findMark, linkEnds, showEnds } from "./maze-ends.js";
import { fillEstimates, lessonChoices, mazeChoice, movingAiChoices, showMazeChoices } from "./maze-choices.js";
import { describeCell, drawMaze, markCell, paintSearch } from "./maze-overlay.js";
import { Stepper } from "./stepper.js";
import { shown } from "./trace-model.js";
import { cellSize } from "./ui.js";
import { linkWeight } from "./weight.js";

const MAX_MAP_TEXT = 10_000; // the server's cap on a map's text (schemas.py): past it, the header decides
const $ = (id) => document.getElementById(id);
let grid = [];
let painting = false;
let dragging = null; // {mark: "S" or "G", under: what its cell was} while S or G is dragged
let placing = []; // after a map is loaded: the marks still to place, a click each
let hovered = null; // the cell under the pointer, [r, c]: the hover line tells its facts
let said = null; // what the verdict says, kept to say it again in another language
let last = null; // the last answer, to show its numbers again
let asked = 0; // the latest solve asked for: an earlier, slower one must not replace it
let coming = false; // the latest solve is on its way: a change meanwhile asks again, as if shown
const live = { running: false, again: false }; // searches that follow a drag: one at a time

function cellAt(r, c) { return $("maze").children[r * grid[0].length + c]; }

function fit() {
  if (!grid.length) return; // the tab can be opened (a resize) before the first maze arrives
  const columns = grid[0].length; // a map's many columns get small cells: 8 px, less on a phone
  const size = cellSize(columns, columns > 16 ? 8 : 24);
  $("maze").style.setProperty("--cell", `${size}px`);
  // On a phone the maze is pinned at the top (style.css) if it leaves room for the rest.
  $("maze").classList.toggle("pinned", (grid.length * (size + 1) + 1) <= window.innerHeight * 0.45);
}

const stepper = new Stepper($("maze-stepper"), {
  view: mazeView(),
  speed: 5,
  verdict: () => "", // the page says it above
  onStep: (replay) => {
    paintSearch($("maze"), grid[0].length, replay, $("maze-show").value);
    sayHover(); // a step, or a search run again after a drag, changes what the cell's line says
    if (replay.atEnd && last) { said = verdictFor(last); sayVerdict(); }
  },
});

function render() {
  stepper.controls.pause();
  $("maze-trace").hidden = true;
  hovered = null;
  $("maze-hover").textContent = "";
  fit();
  drawMaze($("maze"), grid);
  showEnds(grid);
  showMazeChoices(grid);
}

function setCell(r, c, ch) {
  grid[r] = grid[r].slice(0, c) + ch + grid[r].slice(c + 1);
  markCell(cellAt(r, c), ch);
  if (ch === "S" || ch === "G") showEnds(grid);
}

function paint(r, c) {
  const tool = $("maze-tool").value;
  if (grid[r][c] === tool) return;
  if (tool === "S" || tool === "G") grid = grid.map((row) => row.replaceAll(tool, "."));
  grid[r] = grid[r].slice(0, c) + tool + grid[r].slice(c + 1);
  forget();
}

// A new maze: the last answer, and one still on its way, were for another.
function forget() {
  asked += 1;
  coming = false;
  said = null;
  last = null;
  sayVerdict();
  showNumbers();
  render();
}

function cellFrom(event) {
  const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest?.("#maze .cell");
  return cell ? [Number(cell.dataset.r), Number(cell.dataset.c)] : null;
}

// S or G dragged onto open ground (never a wall, nor the other end): the ground it leaves comes
// back, and the search runs again.
function moveMark(cell) {
  const ch = grid[cell[0]][cell[1]];
  if (ch === "#" || ch === "S" || ch === "G") return;
  dragging.under = putMark(dragging.mark, cell, dragging.under);
  rerun();
}

// `mark` to cell [r, c], its old cell given `under` back; what the new cell was is returned.
function putMark(mark, [r, c], under) {
  const ch = grid[r][c];
  const from = findMark(grid, mark);
  if (from) setCell(...from, under);
  setCell(r, c, mark);
  return ch;
}

// S or G typed as a cell (maze-ends.js checked it): moved as a drag moves it, or placed if a
// loaded map waits for it. A search shown, or on its way, runs again at once; otherwise Solve
// runs it.
function typed(mark, cell) {
  if (grid[cell[0]][cell[1]] === mark) return;
  putMark(mark, cell, ".");
  if (placing.includes(mark)) { placing = placing.filter((m) => m !== mark); placed(); }
  else if (last || coming) rerun();
  else forget(); // a new maze, as painting makes
}

// A loaded map's start, then its goal, a click each; then the search runs.
function place([r, c]) {
  if (grid[r][c] !== "." && !/[1-9]/.test(grid[r][c])) return; // a wall, or the start again
  setCell(r, c, placing.shift());
  placed();
}

// One of a loaded map's ends placed (clicked or typed): the other asked for, or the search run.
function placed() {
  said = placing.length ? { key: placing[0] === "S" ? "map_pick_start" : "map_pick_goal", args: [] } : null;
  sayVerdict();
  if (!placing.length) rerun();
}

function sayVerdict() {
  $("maze-verdict").textContent = said ? t(said.key, ...said.args) : "";
}

function showNumbers() {
  $("maze-result").hidden = !last; // no labels with nothing beside them before a search
  $("maze-expanded").textContent = last ? last.stats.expanded.toLocaleString() : "";
  $("maze-length").textContent = last ? (last.length ?? "–") : "";
  $("maze-cost").textContent = last ? (shown(last.cost) ?? "–") : "";
  drawImprovements($("maze-improvements"), last);
}

function verdictFor(data) {
  if (data.status === "solved") return { key: "found_path", args: [data.length, shown(data.cost), data.optimal] };
  if (data.status === "unsolvable") return { key: "not_found", args: [] };
  return { key: "limit", args: [data.stats.expanded, limitName(data.limit)] };
}

// `animated`: the step-through plays from the start (Solve); otherwise the search is shown where
// it ended (a drag, a new choice).
async function solve(animated = true) {
  if (!grid.length) await lessonMaze; // pressed before it arrived (the site's Python starting)
  if (animated) render();
  said = null;
  if (animated) { last = null; sayVerdict(); showNumbers(); }
  const mine = ++asked;
  coming = true;
  try {
    const data = await api("maze/trace", { grid, ...mazeChoice() });
    if (mine !== asked) return;
    coming = false;
    last = data;
    showNumbers();
    $("maze-trace").hidden = false;
    stepper.load(data);
    if (!animated) { stepper.seek(stepper.total); stepper.render(); return; }
    // On a phone with the maze pinned at the top, the step controls come up just under it; on a
    // projector (the maze and its step-through fill the screen together) or a phone with a map
    // too tall to pin, the maze's top comes up, to watch the search on it.
    const present = document.body.classList.contains("present");
    if (!present && getComputedStyle($("maze")).position === "sticky") {
      window.scrollBy(0, $("maze-trace").getBoundingClientRect().top - $("maze").offsetHeight - 8);
    } else if (present || window.innerWidth <= 600) $("maze").scrollIntoView({ block: "start" });
    stepper.controls.run();
  } catch (err) {
    if (mine !== asked) return;
    coming = false;
    said = isCancel(err) ? { key: "cancelled", args: [] } : { key: "error", args: [err.message] };
    sayVerdict();
  }
}

// The search again for the maze as it is now: one request at a time, and when it is back, one
// more if the maze changed meanwhile (a drag moves faster than a search answers).
async function rerun() {
  if (live.running) { live.again = true; return; }
  live.running = true;
  try {
    do { live.again = false; await solve(false); } while (live.again);
  } finally { live.running = false; }
}

// A new choice redraws a search already shown, or on its way (its answer is for the choice
// before), at once; before any, it waits for Solve.
function chosen() {
  showMazeChoices(grid);
  if (last || coming) rerun();
}

// Hovering over a cell (not painting) says what the search shown knows about it.
function sayHover() {
  if (!hovered || $("maze-trace").hidden) return;
  $("maze-hover").textContent = cellAt(...hovered)?.title || describeCell(hovered, null);
}

async function loadMap(file) {
  // No more of a large file is read than the cap can hold (4 bytes a character at most).
  const text = (await file.slice(0, 4 * MAX_MAP_TEXT).text()).slice(0, MAX_MAP_TEXT);
  const mine = ++asked;
  try {
    const rows = (await api("maze/map", { text })).grid;
    if (mine !== asked) return;
    grid = rows;
    movingAiChoices();
    forget();
    placing = ["S", "G"];
    said = { key: "map_loaded", args: [file.name, rows[0].length, rows.length] };
  } catch (err) {
    if (mine !== asked) return;
    said = { key: "error", args: [err.message] };
  }
  sayVerdict();
}

// One pointer handler for mouse, pen and touch (touch-action: none in the CSS keeps a finger
// from scrolling the page instead): S and G are dragged, anything else is painted.
$("maze").addEventListener("pointerdown", (event) => {
  const cell = cellFrom(event);
  if (!cell) return;
  $("maze").setPointerCapture?.(event.pointerId);
  if (placing.length) { place(cell); return; }
  const ch = grid[cell[0]][cell[1]];
  if ((ch === "S" || ch === "G") && $("maze-tool").value !== ch) { dragging = { mark: ch, under: "." }; return; }
  painting = true;
  paint(...cell);
});
$("maze").addEventListener("pointermove", (event) => {
  const cell = cellFrom(event);
  if (cell && !painting) hovered = cell; // S or G dragged: the line tells of its new cell
  if (dragging) { if (cell && grid[cell[0]][cell[1]] !== dragging.mark) moveMark(cell); }
  else if (painting) { if (cell) paint(...cell); }
  else sayHover();
});
$("maze-show").addEventListener("change", () => stepper.replay && stepper.render());
for (const name of ["pointerup", "pointercancel"]) {
  $("maze").addEventListener(name, () => { painting = false; dragging = null; });
}
$("maze-solve").addEventListener("click", () => solve(true));
$("maze-lesson").addEventListener("click", async () => {
  lessonChoices(); // at once: a choice made while the maze is on its way stays
  placing = [];
  grid = (await api("maze/lesson")).grid;
  forget();
});
$("maze-load").addEventListener("click", () => $("maze-file").click());
$("maze-file").addEventListener("change", () => {
  const file = $("maze-file").files[0];
  $("maze-file").value = ""; // the same file chosen again is read again
  if (file) loadMap(file);
});
$("maze-moves").addEventListener("change", () => { fillEstimates(); chosen(); });
for (const id of ["maze-corners", "maze-algorithm", "maze-heuristic", "maze-weight", "maze-beam"]) {
  $(id).addEventListener("change", chosen);
}
linkWeight($("maze-weight-slider"), $("maze-weight"));
linkEnds(() => grid, typed);
window.addEventListener("resize", fit);
onLanguage(() => {
  fillEstimates();
  showMazeChoices(grid);
  sayVerdict();
  showNumbers();
  if (stepper.replay) stepper.render();
});
fillEstimates();
// The lesson's maze, drawn unless a map was loaded meanwhile. The static site's own Python takes
// seconds to start: a Solve pressed before the maze arrives waits for it.
const lessonMaze = api("maze/lesson").then(({ grid: lesson }) => { if (!grid.length) { grid = lesson; render(); } });
await lessonMaze;
