// The maze's search choices: 4 or 8 moves, the corner rule (with 8), the estimates that fit the
// moves (Manhattan overestimates a diagonal, so 8 moves offer octile, straight-line and
// Chebyshev instead), jump point search where it applies (8 moves, every open cell costing 1),
// and the weight and the beam's width where they are read.
import { searchChoice, showSearchFields } from "./choices.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const ESTIMATES = { 4: ["manhattan", "zero"], 8: ["octile", "euclidean", "chebyshev", "zero"] };
const READS_NO_H = new Set(["bfs", "ucs"]);

// The estimates of the moves chosen, the first the default; the one chosen stays if it fits.
export function fillEstimates() {
  const names = ESTIMATES[$("maze-moves").value];
  const select = $("maze-heuristic");
  const kept = select.value;
  select.replaceChildren(...names.map((name) => new Option(t(`maze_h_${name}`), name)));
  select.value = names.includes(kept) ? kept : names[0];
}

// The fields the choice reads, and jump point search offered only where it applies to `grid`.
export function showMazeChoices(grid) {
  const eight = $("maze-moves").value === "8";
  $("maze-corners-field").hidden = !eight;
  const jps = $("maze-algorithm").querySelector('option[value="jps"]');
  jps.disabled = !(eight && !grid.some((row) => /[1-9]/.test(row)));
  jps.textContent = jps.disabled ? `${t("jps")} ${t("jps_when")}` : t("jps");
  if (jps.disabled && $("maze-algorithm").value === "jps") $("maze-algorithm").value = "astar";
  const choice = $("maze-algorithm").value;
  $("maze-heuristic-field").hidden = READS_NO_H.has(choice);
  showSearchFields(choice, $("maze-weight-field"), $("maze-beam-field"));
  document.querySelector("#tab-maze .jump-legend").hidden = choice !== "jps";
}

// The request's fields besides the grid.
export function mazeChoice() {
  const choice = $("maze-algorithm").value;
  const body = { ...searchChoice(choice, $("maze-weight"), $("maze-beam")), moves: Number($("maze-moves").value) };
  if (body.moves === 8) body.corners = $("maze-corners").value;
  if (!READS_NO_H.has(choice)) body.heuristic = $("maze-heuristic").value;
  return body;
}

// The lesson's choices: 4 moves, A* with Manhattan (its 52 and 17).
export function lessonChoices() {
  $("maze-moves").value = "4";
  fillEstimates();
}

// A Moving AI map's: 8 moves, corners never cut, octile (its scenarios' lengths).
export function movingAiChoices() {
  $("maze-moves").value = "8";
  $("maze-corners").value = "avoid";
  fillEstimates();
}
