// The maze page: paint a grid, pick a search, and watch it expand cells in order.
import { api } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let grid = [];
let painting = false;
let timer = null;

function cellAt(r, c) { return $("maze").children[r * grid[0].length + c]; }

function render() {
  const box = $("maze");
  box.style.gridTemplateColumns = `repeat(${grid[0].length}, 28px)`;
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
    cell.addEventListener("mousedown", () => { painting = true; paint(r, c); });
    cell.addEventListener("mouseenter", () => { if (painting) paint(r, c); });
    box.append(cell);
  }));
}

function paint(r, c) {
  const tool = $("maze-tool").value;
  if (tool === "S" || tool === "G") grid = grid.map((row) => row.replaceAll(tool, "."));
  grid[r] = grid[r].slice(0, c) + tool + grid[r].slice(c + 1);
  render();
}

async function solve() {
  if (timer) clearInterval(timer);
  render();
  const choice = $("maze-algorithm").value;
  try {
    const data = await api("maze/solve", {
      grid,
      algorithm: choice === "wastar" ? "astar" : choice,
      weight: choice === "wastar" ? Number($("maze-weight").value) : 1,
    });
    $("maze-expanded").textContent = data.stats.expanded.toLocaleString();
    $("maze-length").textContent = data.length ?? "–";
    $("maze-cost").textContent = data.cost ?? "–";
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
      $("maze-verdict").textContent = data.status === "solved" ? t("solved", data.length)
        : data.status === "unsolvable" ? t("not_found") : t("limit", data.stats.expanded);
    }, 1000 / Number($("maze-speed").value));
  } catch (err) {
    $("maze-verdict").textContent = t("error", err.message);
  }
}

document.addEventListener("mouseup", () => { painting = false; });
$("maze-solve").addEventListener("click", solve);
$("maze-lesson").addEventListener("click", async () => { grid = (await api("maze/lesson")).grid; render(); });
$("maze-weight").addEventListener("input", () => { $("maze-weight-out").textContent = $("maze-weight").value; });
grid = (await api("maze/lesson")).grid;
render();
