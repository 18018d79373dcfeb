// A search drawn on the maze, step by step: expanded cells ringed in blue, waiting ones in a
// dashed green ring, the cell just taken out in navy, the final path in orange; jump point
// search's states, the jump points, marked with a purple diamond (the cells a jump passes over
// are no states of its search). Rings leave the terrain's colour showing. Each cell tells its
// expansion number, f, g, h and parent on hover (its title); `show` prints one of them, or an
// arrow towards the parent, in every cell.
import { t } from "./i18n.js";
import { shown, stateKey } from "./trace-model.js";
import { drawCells } from "./ui.js";

const OVERLAYS = ["expanded", "frontier", "current", "path", "jump"];
// The arrow from a cell towards its parent, by the direction of the parent (a jump point's may
// be many cells away, past a bend).
const ARROWS = { "-1,0": "↑", "1,0": "↓", "0,-1": "←", "0,1": "→", "-1,-1": "↖", "-1,1": "↗", "1,-1": "↙", "1,1": "↘" };

// A cell's look from its character: a wall, sand (3), water (5), S, G or open ground.
export function markCell(cell, ch) {
  cell.classList.remove("wall", "t3", "t5", "start", "goal");
  cell.textContent = "";
  if (ch === "#") cell.classList.add("wall");
  if (ch === "3") cell.classList.add("t3");
  if (ch === "5") cell.classList.add("t5");
  if (ch === "S" || ch === "G") { cell.textContent = ch; cell.classList.add(ch === "S" ? "start" : "goal"); }
}

// The maze's cells from its rows of text, in reading order.
export function drawMaze(box, rows) { drawCells(box, rows, markCell); }

// A path given by its jump points (jump point search's) as every cell along it: a jump makes its
// diagonal moves first, then its straight ones (`JumpPoints.between`), so it may bend once.
export function filled(points) {
  const out = points.slice(0, 1);
  for (let i = 1; i < points.length; i++) {
    const [r0, c0] = points[i - 1], [r1, c1] = points[i];
    const dr = r1 - r0, dc = c1 - c0;
    const slant = Math.min(Math.abs(dr), Math.abs(dc)), steps = Math.max(Math.abs(dr), Math.abs(dc));
    // After the diagonal moves, the straight ones go along the longer side.
    const [er, ec] = Math.abs(dr) > Math.abs(dc) ? [Math.sign(dr), 0] : [0, Math.sign(dc)];
    for (let k = 1; k <= steps; k++) {
      const d = Math.min(k, slant), s = k - d;
      out.push([r0 + d * Math.sign(dr) + s * er, c0 + d * Math.sign(dc) + s * ec]);
    }
  }
  return out;
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
  for (const { state, parent } of replay.parent.values()) { // from both ends: each side's parent
    const key = stateKey(state);
    if (facts.has(key)) facts.get(key).parent = parent;
  }
  return facts;
}

export function describeCell([r, c], fact) {
  const parts = [`(${r}, ${c})`];
  if (!fact) return `${parts[0]} · ${t("cell_unreached")}`;
  if (fact.step !== undefined) parts.push(t("tree_expansion", fact.step));
  parts.push(`f = ${shown(fact.f)}, g = ${shown(fact.g)}, h = ${shown(fact.h)}`);
  if (fact.parent) parts.push(t("cell_from", `(${fact.parent[0]}, ${fact.parent[1]})`));
  return parts.join(" · ");
}

function printed(fact, show, cell) {
  if (!fact || show === "none") return "";
  if (show === "parent") {
    if (!fact.parent) return "";
    return ARROWS[`${Math.sign(fact.parent[0] - cell[0])},${Math.sign(fact.parent[1] - cell[1])}`] ?? "";
  }
  if (show === "step") return fact.step === undefined ? "" : String(fact.step);
  const value = fact[show]; // a cell is small: one decimal (√2 as 1.4)
  return String(Number.isInteger(value) ? value : Math.round(value * 10) / 10);
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
  const jumps = replay.data.algorithm === "jps";
  for (const [key, fact] of facts) {
    const cell = key.split(",").map(Number);
    const el = at(cell);
    if (!el) continue;
    if (fact.step !== undefined) el.classList.add("expanded");
    if (jumps) el.classList.add("jump");
    el.title = describeCell(cell, fact);
    const text = printed(fact, show, cell);
    if (text && !el.classList.contains("start") && !el.classList.contains("goal")) el.textContent = text;
    el.dataset.fact = text;
  }
  for (const entry of replay.room.first()) {
    if (!replay.isStale(entry)) at(entry.state)?.classList.add("frontier");
  }
  if (replay.taken && !replay.atEnd) at(replay.taken.state)?.classList.add("current");
  // At the end, the path the search returned (searching from both ends, the tree holds half of
  // it); before, the path found so far through the tree, filled in between jump points.
  const done = replay.atEnd && replay.data.status === "solved";
  for (const state of done ? replay.data.path : filled(replay.goalPath())) at(state)?.classList.add("path");
  box.classList.toggle("numbers", show !== "none");
}
