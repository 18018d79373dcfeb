// A search drawn on the maze, step by step: expanded cells ringed in blue, waiting ones in a
// dashed green ring, the cell just taken out in navy, the final path in orange. Rings leave
// the terrain's colour showing. Each cell tells its expansion number, f, g, h and parent on
// hover (its title); `show` prints one of them, or an arrow to the parent, in every cell.
import { t } from "./i18n.js";
import { stateKey } from "./trace-model.js";
import { drawCells } from "./ui.js";

const OVERLAYS = ["expanded", "frontier", "current", "path"];
// The arrow from a cell towards its parent, by the parent's offset (row, column).
const ARROWS = { "-1,0": "↑", "1,0": "↓", "0,-1": "←", "0,1": "→" };

// The maze's cells from its rows of text, in reading order: walls, sand (3), water (5), S, G.
export function drawMaze(box, rows) {
  drawCells(box, rows, (cell, ch) => {
    if (ch === "#") cell.classList.add("wall");
    if (ch === "3") cell.classList.add("t3");
    if (ch === "5") cell.classList.add("t5");
    if (ch === "S" || ch === "G") { cell.textContent = ch; cell.classList.add(ch === "S" ? "start" : "goal"); }
  });
}

// What the search knows about each cell it reached, by key: {step, f, g, h, parent}.
export function cellFacts(replay) {
  const facts = new Map();
  for (const node of replay.nodes) {
    const key = stateKey(node.state);
    const known = facts.get(key);
    const fact = { ...(known ?? {}), f: node.f, g: node.g, h: node.h };
    if (node.step !== null) fact.step = node.step;
    if (!known || node.g <= known.g) facts.set(key, fact);
  }
  for (const [key, { parent }] of replay.parent) {
    if (facts.has(key)) facts.get(key).parent = parent;
  }
  return facts;
}

export function describeCell([r, c], fact) {
  const parts = [`(${r}, ${c})`];
  if (!fact) return `${parts[0]} · ${t("cell_unreached")}`;
  if (fact.step !== undefined) parts.push(t("tree_expansion", fact.step));
  parts.push(`f = ${fact.f}, g = ${fact.g}, h = ${fact.h}`);
  if (fact.parent) parts.push(t("cell_from", `(${fact.parent[0]}, ${fact.parent[1]})`));
  return parts.join(" · ");
}

function printed(fact, show, cell) {
  if (!fact || show === "none") return "";
  if (show === "parent") {
    if (!fact.parent) return "";
    return ARROWS[`${fact.parent[0] - cell[0]},${fact.parent[1] - cell[1]}`] ?? "";
  }
  if (show === "step") return fact.step === undefined ? "" : String(fact.step);
  return String(fact[show]);
}

// Paint `replay` (or nothing) onto the maze's cells.
export function paintSearch(box, width, replay, show) {
  const cells = box.children;
  for (const el of cells) {
    el.classList.remove(...OVERLAYS);
    el.title = "";
    if (!el.classList.contains("start") && !el.classList.contains("goal")) el.textContent = "";
  }
  if (!replay) return;
  const at = ([r, c]) => cells[r * width + c];
  const facts = cellFacts(replay);
  for (const [key, fact] of facts) {
    const cell = key.split(",").map(Number);
    const el = at(cell);
    if (!el) continue;
    if (fact.step !== undefined) el.classList.add("expanded");
    el.title = describeCell(cell, fact);
    const text = printed(fact, show, cell);
    if (text && !el.classList.contains("start") && !el.classList.contains("goal")) el.textContent = text;
    el.dataset.fact = text;
  }
  for (const entry of replay.room.first()) {
    if (!replay.isStale(entry)) at(entry.state)?.classList.add("frontier");
  }
  if (replay.taken && !replay.atEnd) at(replay.taken.state)?.classList.add("current");
  for (const state of replay.goalPath()) at(state)?.classList.add("path");
  box.classList.toggle("numbers", show !== "none");
}
