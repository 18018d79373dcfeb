// The maze's start and goal typed as cells, x,y (the column, then the row, from 0), as the CLI's
// --start and --goal and Moving AI's files count them: for a map's cells too small to tap on a
// phone, and for a keyboard. The fields always show where S and G are; a cell refused is said in
// one line just under them, where a phone's eyes are while typing (the verdict is screens below).
import { onLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const FIELDS = { S: "maze-start", G: "maze-goal" };
const WHOLE = /^[0-9]+$/; // ASCII digits only, as the CLI's read_point
let refused = null; // the refusal said, kept to say it again in another language

// "x,y" as a cell [row, column], spaces around either number allowed (as the CLI reads it), or
// null for anything else.
export function readCell(text) {
  const comma = text.indexOf(",");
  const [x, y] = comma < 0 ? [text, ""] : [text.slice(0, comma).trim(), text.slice(comma + 1).trim()];
  return WHOLE.test(x) && WHOLE.test(y) ? [Number(y), Number(x)] : null;
}

// Where S and G are on `grid`, written in their fields (empty while one is not placed); a
// refusal said before no longer stands.
export function showEnds(grid) {
  say(null);
  for (const [mark, id] of Object.entries(FIELDS)) {
    const r = grid.findIndex((row) => row.includes(mark));
    $(id).value = r < 0 ? "" : `${grid[r].indexOf(mark)},${r}`;
  }
}

// Why `mark` cannot go where `text` says on `grid`, as a message's key and values; or its cell.
function check(grid, mark, text) {
  const cell = readCell(text);
  if (!cell) return { key: "ends_unread", args: [mark, text.slice(0, 20)] };
  const [r, c] = cell;
  const at = [mark, c, r];
  if (r >= grid.length || c >= grid[0].length) return { key: "ends_off", args: [...at, grid[0].length, grid.length] };
  if (grid[r][c] === "#") return { key: "ends_wall", args: at };
  if (grid[r][c] === (mark === "S" ? "G" : "S")) return { key: "ends_taken", args: at };
  return { cell };
}

function say(said) {
  refused = said;
  $("maze-ends-refusal").textContent = said ? t(said.key, ...said.args) : "";
}

// A cell typed, then Enter or leaving the field (`change`): `move(mark, cell)` where the mark
// can go; else one line says why, the field back at the mark's cell. `grid()` is the maze now.
export function linkEnds(grid, move) {
  for (const [mark, id] of Object.entries(FIELDS)) {
    $(id).addEventListener("change", () => {
      const now = grid();
      if (!now.length) return; // the lesson's maze not here yet: nothing to place on
      const said = check(now, mark, $(id).value);
      if (said.cell) { say(null); move(mark, said.cell); return; }
      showEnds(now);
      say(said);
    });
  }
  onLanguage(() => say(refused));
}
