// The maze page: paint a grid (mouse, pen or finger), pick a search, and watch it expand cells
// in order.
import { api, isCancel } from "./api.js";
import { onLanguage, limitName, t } from "./i18n.js";
import { cellSize } from "./ui.js";

const $ = (id) => document.getElementById(id);
let grid = [];
let painting = false;
let timer = null;
let said = null; // what the verdict says, kept to say it again in another language
let last = null; // the last answer, to show its numbers again

function cellAt(r, c) { return $("maze").children[r * grid[0].length + c]; }

function fit() { $("maze").style.setProperty("--cell", `${cellSize(grid[0].length)}px`); }

function render() {
  const box = $("maze");
  fit();
  box.style.gridTemplateColumns = `repeat(${grid[0].length}, var(--cell))`;
  box.replaceChildren();
  grid.forEach((row, r) => [...row].forEach((ch, c) => {
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.dataset.r = r;
    cell.dataset.c = c;
    if (ch === "#") cell.classList.add("wall");
    if (ch === "3") cell.classList.add("t3");
    if (ch === "5") cell.classList.add("t5");
    if (ch === "S" || ch === "G") { cell.textContent = ch; cell.classList.add(ch === "S" ? "start" : "goal"); }
    box.append(cell);
  }));
}

function paint(r, c) {
  const tool = $("maze-tool").value;
  if (grid[r][c] === tool) return;
  if (tool === "S" || tool === "G") grid = grid.map((row) => row.replaceAll(tool, "."));
  grid[r] = grid[r].slice(0, c) + tool + grid[r].slice(c + 1);
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
  if (timer) clearInterval(timer);
  render();
  said = null;
  last = null;
  sayVerdict();
  showNumbers();
  const choice = $("maze-algorithm").value;
  try {
    const data = await api("maze/solve", {
      grid,
      algorithm: choice === "wastar" ? "astar" : choice,
      weight: choice === "wastar" ? Number($("maze-weight").value) : 1,
    });
    last = data;
    showNumbers();
    let i = 0;
    const order = data.expanded_order;
    timer = setInterval(() => {
      if (i < order.length) {
        // Expand one cell; what it generated joins the frontier unless already expanded.
        const [r, c] = order[i];
        const cell = cellAt(r, c);
        cell.classList.remove("frontier");
        cell.classList.add("expanded");
        for (const [y, x] of data.children[i]) {
          const child = cellAt(y, x);
          if (!child.classList.contains("expanded")) child.classList.add("frontier");
        }
        i += 1;
        return;
      }
      clearInterval(timer);
      for (const [r, c] of data.path) cellAt(r, c).classList.add("path");
      said = verdictFor(data);
      sayVerdict();
    }, 1000 / Number($("maze-speed").value));
  } catch (err) {
    said = isCancel(err) ? { key: "cancelled", args: [] } : { key: "error", args: [err.message] };
    sayVerdict();
  }
}

$("maze").addEventListener("pointerdown", (event) => {
  painting = true;
  $("maze").setPointerCapture?.(event.pointerId);
  paintAt(event);
});
$("maze").addEventListener("pointermove", (event) => { if (painting) paintAt(event); });
for (const name of ["pointerup", "pointercancel"]) {
  $("maze").addEventListener(name, () => { painting = false; });
}
$("maze-solve").addEventListener("click", solve);
$("maze-lesson").addEventListener("click", async () => { grid = (await api("maze/lesson")).grid; render(); });
$("maze-algorithm").addEventListener("change", () => {
  $("maze-weight-field").hidden = $("maze-algorithm").value !== "wastar";
});
$("maze-weight").addEventListener("input", () => { $("maze-weight-out").textContent = $("maze-weight").value; });
window.addEventListener("resize", fit);
onLanguage(() => { sayVerdict(); showNumbers(); });
grid = (await api("maze/lesson")).grid;
render();
