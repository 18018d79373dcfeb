// The tilt page: edit a board, play it with the arrow keys (every block moves), and solve it.
import { api } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const START = "o..#....\n..#..o..\n........\n.#..##..\n......x.\n..o..#x.\n.....#x.\n........";
let board = START;
let history = [];

function render() {
  const rows = board.split("\n");
  const box = $("tilt");
  box.style.gridTemplateColumns = `repeat(${rows[0].length}, 28px)`;
  box.replaceChildren();
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    const cell = document.createElement("div");
    cell.className = "cell";
    if (ch === "#") cell.classList.add("wall");
    if (ch === "x" || ch === "@") cell.classList.add("target");
    if (ch === "o" || ch === "@") cell.classList.add("block");
    cell.addEventListener("click", () => paint(r, c));
    box.append(cell);
  }));
  $("tilt-moves").textContent = history.length;
}

function paint(r, c) {
  const rows = board.split("\n");
  const tool = $("tilt-tool").value;
  const here = rows[r][c];
  let next = tool;
  if (tool === "o" && (here === "x" || here === "@")) next = "@";
  if (tool === "x" && (here === "o" || here === "@")) next = "@";
  rows[r] = rows[r].slice(0, c) + next + rows[r].slice(c + 1);
  board = rows.join("\n");
  history = [];
  render();
}

async function move(direction) {
  try {
    const data = await api("tilt/move", { board, direction });
    if (!data.moved) return;
    history.push(board);
    board = data.board;
    $("tilt-history").textContent = ($("tilt-history").textContent + direction).slice(-40);
    render();
    $("tilt-verdict").textContent = data.solved ? t("solved", history.length) : "";
  } catch (err) {
    $("tilt-verdict").textContent = t("error", err.message);
  }
}

async function solve() {
  try {
    const data = await api("tilt/solve", { board, algorithm: "bfs" });
    if (data.status !== "solved") {
      $("tilt-verdict").textContent = data.status === "unsolvable" ? t("not_found") : t("limit", data.stats.expanded);
      return;
    }
    $("tilt-verdict").textContent = `${t("solved", data.length)} ${data.moves}`;
    showLayers(data.stats.layers);
    let i = 1;
    const timer = setInterval(() => {
      if (i >= data.boards.length) { clearInterval(timer); return; }
      history.push(board);
      board = data.boards[i++];
      render();
    }, 250);
  } catch (err) {
    $("tilt-verdict").textContent = t("error", err.message);
  }
}

function showLayers(layers) {
  const box = $("tilt-layers");
  const most = Math.max(...layers);
  box.replaceChildren(Object.assign(document.createElement("p"), { textContent: t("layers") }));
  layers.forEach((count, depth) => {
    const bar = document.createElement("div");
    bar.className = "bar";
    bar.style.width = `${Math.max(2, (100 * count) / most)}%`;
    bar.textContent = `${depth}: ${count.toLocaleString()}`;
    box.append(bar);
  });
}

document.addEventListener("keydown", (event) => {
  if ($("tab-tilt").hidden) return;
  const direction = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" }[event.key];
  if (direction) { event.preventDefault(); move(direction); }
});
$("tilt-undo").addEventListener("click", () => {
  if (!history.length) return;
  board = history.pop();
  $("tilt-history").textContent = $("tilt-history").textContent.slice(0, -1);
  render();
});
$("tilt-solve").addEventListener("click", solve);
$("tilt-generate").addEventListener("click", async () => {
  try {
    const data = await api("tilt/generate", {
      seed: Number($("tilt-seed").value), blocks: Number($("tilt-blocks").value),
      min_length: Number($("tilt-min").value),
    });
    board = data.board.trim();
    history = [];
    $("tilt-history").textContent = "";
    render();
  } catch (err) {
    $("tilt-verdict").textContent = t("error", err.message);
  }
});
render();
