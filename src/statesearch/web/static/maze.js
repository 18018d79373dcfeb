// The maze page: paint a grid (mouse, pen or finger), pick a search, and step through it: the
// grid shows what is expanded, what waits and the path; the stepper beside it shows the
// waiting room, the g and parent tables and the search tree.
import { api, isCancel } from "./api.js";
import { mazeView } from "./board.js";
import { onLanguage, limitName, t } from "./i18n.js";
import { describeCell, drawMaze, paintSearch } from "./maze-overlay.js";
import { Stepper } from "./stepper.js";
import { cellSize } from "./ui.js";
import { linkWeight, weightOf } from "./weight.js";

const $ = (id) => document.getElementById(id);
let grid = [];
let painting = false;
let said = null; // what the verdict says, kept to say it again in another language
let last = null; // the last answer, to show its numbers again
let asked = 0; // the latest solve asked for: an earlier, slower one must not replace it

function cellAt(r, c) { return $("maze").children[r * grid[0].length + c]; }

function fit() {
  if (!grid.length) return; // the tab can be opened (a resize) before the first maze arrives
  $("maze").style.setProperty("--cell", `${cellSize(grid[0].length)}px`);
}

const stepper = new Stepper($("maze-stepper"), {
  view: mazeView(),
  speed: 5,
  verdict: () => "", // the page says it above
  onStep: (replay) => {
    paintSearch($("maze"), grid[0].length, replay, $("maze-show").value);
    if (replay.atEnd && last) { said = verdictFor(last); sayVerdict(); }
  },
});

function render() {
  stepper.controls.pause();
  $("maze-trace").hidden = true;
  $("maze-hover").textContent = "";
  const box = $("maze");
  fit();
  drawMaze(box, grid);
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
  said = null;
  last = null;
  sayVerdict();
  showNumbers();
  render();
}

// One pointer handler for mouse, pen and touch: the cell under the pointer is painted while
// it is down (touch-action: none in the CSS keeps a finger from scrolling the page instead).
function paintAt(event) {
  const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest?.("#maze .cell");
  if (cell) paint(Number(cell.dataset.r), Number(cell.dataset.c));
}

function sayVerdict() {
  $("maze-verdict").textContent = said ? t(said.key, ...said.args) : "";
}

function showNumbers() {
  $("maze-expanded").textContent = last ? last.stats.expanded.toLocaleString() : "";
  $("maze-length").textContent = last ? (last.length ?? "–") : "";
  $("maze-cost").textContent = last ? (last.cost ?? "–") : "";
}

function verdictFor(data) {
  if (data.status === "solved") return { key: "found_path", args: [data.length, data.cost, data.optimal] };
  if (data.status === "unsolvable") return { key: "not_found", args: [] };
  return { key: "limit", args: [data.stats.expanded, limitName(data.limit)] };
}

async function solve() {
  if (!grid.length) return; // pressed before the lesson's maze arrived: nothing to search yet
  render();
  said = null;
  last = null;
  sayVerdict();
  showNumbers();
  const choice = $("maze-algorithm").value;
  const mine = ++asked;
  try {
    const data = await api("maze/trace", {
      grid,
      algorithm: choice === "wastar" ? "astar" : choice,
      weight: choice === "wastar" ? weightOf($("maze-weight")) : 1,
    });
    if (mine !== asked) return;
    last = data;
    showNumbers();
    $("maze-trace").hidden = false;
    // On a projector the maze and its step-through fill the screen together: from their top.
    if (document.body.classList.contains("present")) $("maze").scrollIntoView({ block: "start" });
    // On a phone the maze is pinned at the top: the step controls come up just under it.
    else if (window.innerWidth <= 600) {
      window.scrollBy(0, $("maze-trace").getBoundingClientRect().top - $("maze").offsetHeight - 8);
    }
    stepper.load(data);
    stepper.controls.run();
  } catch (err) {
    if (mine !== asked) return;
    said = isCancel(err) ? { key: "cancelled", args: [] } : { key: "error", args: [err.message] };
    sayVerdict();
  }
}

// Hovering over a cell (not painting) says what the search knows about it.
function hover(event) {
  const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest?.("#maze .cell");
  if (!cell || $("maze-trace").hidden) return;
  $("maze-hover").textContent = cell.title || describeCell([Number(cell.dataset.r), Number(cell.dataset.c)], null);
}

$("maze").addEventListener("pointerdown", (event) => {
  painting = true;
  $("maze").setPointerCapture?.(event.pointerId);
  paintAt(event);
});
$("maze").addEventListener("pointermove", (event) => { if (painting) paintAt(event); else hover(event); });
$("maze-show").addEventListener("change", () => stepper.replay && stepper.render());
for (const name of ["pointerup", "pointercancel"]) {
  $("maze").addEventListener(name, () => { painting = false; });
}
$("maze-solve").addEventListener("click", solve);
$("maze-lesson").addEventListener("click", async () => { grid = (await api("maze/lesson")).grid; forget(); });
$("maze-algorithm").addEventListener("change", () => {
  $("maze-weight-field").hidden = $("maze-algorithm").value !== "wastar";
});
linkWeight($("maze-weight-slider"), $("maze-weight"));
window.addEventListener("resize", fit);
onLanguage(() => { sayVerdict(); showNumbers(); if (stepper.replay) stepper.render(); });
grid = (await api("maze/lesson")).grid;
render();
