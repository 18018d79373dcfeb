// Several searches of one board, one after another, as the lesson's table (states expanded,
// pushed, moves, h at the start, the ratio to the best) and a bar chart of states expanded:
// the estimates compared, and the lesson's experiments. The bars are linear by default, so
// that 48,390 against 283 looks like 171 to 1; a log scale is an option.
import { api } from "./api.js";
import { html } from "./board.js";
import { limitName, t } from "./i18n.js";
import { seconds } from "./ui.js";

let logScale = false; // the reader's choice, kept for every table of the page

// Run each row's request (`row.body`) in turn, redrawing as each starts and finishes. The
// board's estimates at the start are asked for first (the table's "h at the start").
export async function runRows(runs, signal, redraw) {
  try {
    const { tiles, rows, cols, goal } = runs.rows[0].body;
    runs.start = await api("npuzzle/analyze", { tiles, rows, cols, goal }, signal).catch((err) => {
      if (signal?.aborted) throw err;
      return null; // the table goes on without the column's values
    });
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
  return td;
}

// h of the board at the start, by the row's estimate (the weight does not change h).
function hAtStart(runs, { body }) {
  const name = body.heuristic ?? "zero";
  if (name === "zero") return 0;
  return runs.start?.[name] ?? "–";
}

// The fewest states expanded among the searches sure to find the fewest moves (of the rows in
// `runs.reference`, when it names some): the table's 1×.
function best(runs) {
  const counted = runs.rows.filter(({ key, data }) => data?.status === "solved" && data.optimal
    && (!runs.reference || runs.reference.includes(key)));
  return counted.length ? counted.reduce((a, b) => (b.data.stats.expanded < a.data.stats.expanded ? b : a)) : null;
}

// How many times as many: whole numbers from 10 up (171, 13), one decimal below (1.6, 0.2).
export function times(expanded, least) {
  const r = expanded / Math.max(1, least);
  return r >= 10 ? Math.round(r).toLocaleString() : r.toFixed(r === Math.round(r) ? 0 : 1);
}

export function ratio(expanded, least) { return `${times(expanded, least)}×`; }

// `runs`: {column (the first column's label key), rows: [{key, label(), data, running}],
// note() above the table, after() below the chart, reference (the keys the ratio may count
// as the best)}; every text is asked for again on a language switch.
export function drawRuns(box, runs) {
  box.replaceChildren();
  if (runs.title) box.append(html("h3", "runs-title", runs.title()));
  if (runs.note) box.append(html("p", "note", runs.note()));
  const top = best(runs);
  const table = html("table", "compare-table");
  const head = table.insertRow();
  for (const key of [runs.column, "expanded", "pushed", "length", "h_start", "ratio", "time"]) {
    head.append(html("th", key === "ratio" || key === "time" ? key : "", t(key)));
  }
  for (const { key, label, data, running, body } of runs.rows) {
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
    row.classList.toggle("best", top?.key === key);
    cell(row, data.stats.expanded.toLocaleString(), "expanded");
    cell(row, data.stats.pushed.toLocaleString());
    const length = limited ? `${t("limit_row")} (${limitName(data.limit)})`
      : data.status === "unsolvable" ? t(data.proof === "precheck" ? "unsolvable_row_parity" : "unsolvable_row")
        : `${data.length ?? "–"}${data.optimal ? "" : ` (${t("not_sure_fewest")})`}`;
    cell(row, length, limited ? "limit" : data.status === "unsolvable" ? "unsolvable" : "length");
    cell(row, String(hAtStart(runs, { body })), "h-start");
    const solved = data.status === "solved";
    cell(row, solved && top ? ratio(data.stats.expanded, top.data.stats.expanded) : "–", "ratio");
    cell(row, seconds(data.stats.elapsed_s), "time");
    // Under the row's name (a phone has no room for a column): a compiled row is faster for
    // its engine, not for its estimate.
    row.cells[0].append(html("small", "engine", t(data.engine)));
  }
  const wrap = html("div", "table-wrap");
  wrap.append(table);
  box.append(wrap);
  if (top) box.append(html("p", "note", t("ratio_note", top.label(), top.data.stats.expanded)));
  // Only searches are charted: a row stopped by a limit has no count to compare, and a board
  // the parity check refused was never searched (its 0 is no cost).
  const finished = runs.rows.filter(({ data }) => data && data.status !== "limit_reached" && data.proof !== "precheck");
  const most = Math.max(...finished.map(({ data }) => data.stats.expanded), 10);
  if (finished.length) box.append(scaleChoice(box, runs));
  for (const { key, label, data } of finished) {
    const bar = html("div", "bar"); // a row of the chart: the fill to scale, and its words
    bar.dataset.key = key;
    if (runs.column === "heuristic") bar.dataset.heuristic = key;
    const share = logScale ? Math.log10(data.stats.expanded + 1) / Math.log10(most + 1) : data.stats.expanded / most;
    const fill = html("div", "bar-fill");
    fill.style.width = `${Math.max(0.4, 100 * share)}%`;
    const times = data.status === "solved" && top ? ` = ${ratio(data.stats.expanded, top.data.stats.expanded)}` : "";
    const words = html("span", "bar-label", `${label()}: ${data.stats.expanded.toLocaleString()}${times}`);
    // The words inside a long fill, beside a short one.
    if (share > 0.55) fill.append(words); else bar.append(fill, words);
    if (share > 0.55) bar.append(fill);
    box.append(bar);
  }
  if (finished.length) box.append(html("p", "note", t(logScale ? "chart_note_log" : "chart_note")));
  const done = runs.rows.every(({ data }) => data);
  if (runs.after && done) box.append(html("p", "conclusion", runs.after()));
  box.hidden = false;
}

function scaleChoice(box, runs) {
  const label = html("label", "scale-choice");
  const box_ = Object.assign(document.createElement("input"), { type: "checkbox", checked: logScale });
  box_.addEventListener("change", () => { logScale = box_.checked; drawRuns(box, runs); });
  label.append(box_, html("span", "", t("log_scale")));
  return label;
}
