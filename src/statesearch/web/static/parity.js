// The lesson's parity rule, said in words: a slide never changes whether the count of reversed
// pairs is odd or even (on an odd width), or whether that count plus the blank's row is (on an
// even width). The server decides (npuzzle/solvability.py); this says why, with the numbers.
import { t } from "./i18n.js";

// Pairs of tiles (the blank left out) that stand in the wrong order, read row by row.
export function reversedPairs(tiles) {
  const read = tiles.filter((tile) => tile !== 0);
  let count = 0;
  for (let i = 0; i < read.length; i++) for (let j = i + 1; j < read.length; j++) if (read[i] > read[j]) count += 1;
  return count;
}

// The blank's row counted from 1 at the top, as a student counts it.
const blankRow = (tiles, cols) => Math.floor(tiles.indexOf(0) / cols) + 1;
const oddOrEven = (n) => t(n % 2 ? "odd" : "even");

// Why `tiles` cannot reach `goal`, in the page's language.
export function whyUnsolvable(tiles, goal, cols) {
  const inv = reversedPairs(tiles), goalInv = reversedPairs(goal);
  if (cols % 2) return t("why_odd_width", inv, oddOrEven(inv), goalInv, oddOrEven(goalInv));
  const row = blankRow(tiles, cols), goalRow = blankRow(goal, cols);
  return t("why_even_width", inv, row, oddOrEven(inv + row), goalInv, goalRow, oddOrEven(goalInv + goalRow));
}
