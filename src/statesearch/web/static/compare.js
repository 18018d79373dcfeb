// Several searches of one board, one after another, as a table and a bar chart of states
// expanded (log scale): the heuristics compared, and the lesson's experiments.
import { api } from "./api.js";
import { html } from "./board.js";
import { limitName, t } from "./i18n.js";
import { seconds } from "./ui.js";


// Run each row's request (`row.body`) in turn, redrawing as each starts and finishes.
export async function runRows(runs, signal, redraw) {
  try {
    for (const row of runs.rows) {
      row.running = true;
      redraw();
      row.data = await api("npuzzle/solve", row.body, signal);
      row.running = false;
    }
  } finally {
    for (const row of runs.rows) row.running = false;
    redraw();
  }
}

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
}

// `runs`: {column (the first column's label key), rows: [{key, label(), data, running}],
// note() above the table, after() below the chart}; every text is asked for again on a
// language switch.
export function drawRuns(box, runs) {
  box.replaceChildren();
  if (runs.title) box.append(html("h3", "runs-title", runs.title()));
  if (runs.note) box.append(html("p", "note", runs.note()));
  const table = html("table", "compare-table");
  const head = table.insertRow();
  for (const key of [runs.column, "expanded", "pushed", "length", "time"]) head.append(html("th", "", t(key)));
  for (const { key, label, data, running } of runs.rows) {
    const row = table.insertRow();
    row.dataset.key = key;
    if (runs.column === "heuristic") row.dataset.heuristic = key;
    cell(row, label());
    if (!data) {
      cell(row, running ? t("running") : t("waiting"), "pending");
      continue;
    }
    const limited = data.status === "limit_reached";
    row.classList.toggle("limited", limited);
    cell(row, data.stats.expanded.toLocaleString());
    cell(row, data.stats.pushed.toLocaleString());
    const length = limited ? `${t("limit_row")} (${limitName(data.limit)})`
      : data.status === "unsolvable" ? t(data.proof === "precheck" ? "unsolvable_row_parity" : "unsolvable_row")
        : (data.length ?? "–");
    cell(row, length, limited ? "limit" : data.status === "unsolvable" ? "unsolvable" : "");
    cell(row, seconds(data.stats.elapsed_s));
    // Under the row's name (a phone has no room for a column): a compiled row is faster for
    // its engine, not for its heuristic.
    row.cells[0].append(html("small", "engine", t(data.engine)));
  }
  box.append(table);
  // Only searches are charted: a row stopped by a limit has no count to compare, and a board
  // the parity check refused was never searched (its 0 is no cost).
  const finished = runs.rows.filter(({ data }) => data && data.status !== "limit_reached" && data.proof !== "precheck");
  const most = Math.max(...finished.map(({ data }) => data.stats.expanded), 10);
  for (const { key, label, data } of finished) {
    const bar = html("div", "bar");
    bar.dataset.key = key;
    if (runs.column === "heuristic") bar.dataset.heuristic = key;
    // Log scale, so 283 and 48,390 both stay readable.
    bar.style.width = `${Math.max(4, (100 * Math.log10(data.stats.expanded + 1)) / Math.log10(most + 1))}%`;
    bar.textContent = `${label()}: ${data.stats.expanded.toLocaleString()}` + (data.length !== null ? ` (${data.length})` : "");
    box.append(bar);
  }
  if (finished.length) box.append(html("p", "note", t("chart_note")));
  const done = runs.rows.every(({ data }) => data);
  if (runs.after && done) box.append(html("p", "conclusion", runs.after()));
  box.hidden = false;
}
