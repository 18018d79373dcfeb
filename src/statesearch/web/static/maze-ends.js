// The maze's start and goal typed as cells, "row, column" from 0, as the page writes every cell
// (the hover line, the tables, the tree: a cell copied from them lands where it says; the CLI's
// --start X,Y counts as Moving AI's files do, the column first): for a map's cells too small to
// tap on a phone, and for a keyboard. The fields always show where S and G are; a cell refused
// is said in one line just under them, where a phone's eyes are while typing (the verdict is
// screens below).
import { onLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const FIELDS = { S: "maze-start", G: "maze-goal" };
// Two whole numbers (ASCII digits, as the CLI reads them), a comma between, brackets optional:
// "6,11", "6, 11", "(6, 11)".
const CELL = /^\(?\s*([0-9]+)\s*,\s*([0-9]+)\s*\)?$/;
let refused = null; // the refusal said, kept to say it again in another language

// "row, column" as a cell [row, column], or null for anything else.
export function readCell(text) {
  const found = CELL.exec(text.trim());
  return found ? [Number(found[1]), Number(found[2])] : null;
}

// Where `mark` (S or G) is on `grid`: [row, column], or null while it is not placed.
export function findMark(grid, mark) {
  const r = grid.findIndex((row) => row.includes(mark));
  return r < 0 ? null : [r, grid[r].indexOf(mark)];
}

// Where `mark` is on `grid`, as the fields write it ("" while it is not placed).
function cellOf(grid, mark) {
  const at = findMark(grid, mark);
  return at ? `${at[0]}, ${at[1]}` : "";
}

// Where S and G are on `grid`, written in their fields; a refusal said before no longer stands.
export function showEnds(grid) {
  say(null);
  for (const [mark, id] of Object.entries(FIELDS)) $(id).value = cellOf(grid, mark);
}

// Why `mark` cannot go where `text` says on `grid`, as a message's key and values; or its cell.
function check(grid, mark, text) {
  const cell = readCell(text);
  // The example is the mark's own cell: the other's would be refused as taken.
  if (!cell) return { key: "ends_unread", args: [mark, text.slice(0, 20), cellOf(grid, mark) || "0, 0"] };
  const [r, c] = cell;
  const at = [mark, r, c];
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
