// The lesson page: the lesson's A* loop and the three slots as Python cells that run in this
// page (statesearch in Pyodide, worker.js), in the lesson's order: a maze, the 8-puzzle by
// swapping the slots, three estimates and the weight, the unsolvable board, a problem of one's
// own. Every number shown is computed by statesearch's A* from the cells as they stand.
import "./api.js"; // window.statesearch.api, as on every page
import { ask, onStatus } from "./worker-transport.js";
import { CELLS } from "./lesson-cells.js";
import { WORDS } from "./lesson-words.js";

const $ = (id) => document.getElementById(id);
const STEPS_SHOWN = 40; // rows of the step table
const TIME_LIMIT = 20; // seconds a run may take in the page

function chosenLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "ko" || asked === "en") return asked;
  try {
    const kept = localStorage.getItem("statesearch-lang");
    if (kept) return kept;
  } catch { /* a private window: not remembered */ }
  return (navigator.language || "en").toLowerCase().startsWith("ko") ? "ko" : "en";
}

let lang = chosenLanguage();
const w = (key, ...args) => {
  const value = WORDS[lang][key] ?? WORDS.en[key] ?? key;
  return typeof value === "function" ? value(...args) : value;
};
const number = (n) => (typeof n === "number" ? n.toLocaleString(lang === "ko" ? "ko-KR" : "en-US") : "–");

// A cell keeps what the student wrote; an untouched one follows the language (its comments).
const edited = new Set();
function fillCells() {
  for (const name of Object.keys(CELLS.en)) {
    if (!edited.has(name)) $(`cell-${name}`).value = CELLS[lang][name];
  }
}

function setLanguage(code) {
  lang = code;
  try { localStorage.setItem("statesearch-lang", code); } catch { /* not remembered */ }
  const url = new URL(location.href);
  url.searchParams.set("lang", code);
  history.replaceState(null, "", url);
  document.documentElement.lang = code;
  for (const el of document.querySelectorAll("[data-l]")) el.textContent = w(el.dataset.l);
  $("lang").textContent = code === "en" ? "한국어" : "English";
  $("to-playground").href = `index.html?lang=${code}`;
  document.title = w("page_title");
  fillCells();
  showStatus(pythonStatus);
}

let pythonStatus = "loading";
function showStatus(status) {
  pythonStatus = status;
  const key = status.startsWith("failed") ? "python_failed" : `python_${status}`;
  $("python-status").textContent = w(key, status.replace(/^failed: /, ""));
  $("python-status").dataset.status = status.split(":")[0];
}

// Keys a code editor is expected to honour: Tab indents by four spaces, in the cell.
function indentOnTab(event) {
  if (event.key !== "Tab" || event.shiftKey) return;
  event.preventDefault();
  const cell = event.target;
  const { selectionStart: from, selectionEnd: to } = cell;
  cell.setRangeText("    ", from, to, "end");
}

function runRequest(name, bar) {
  const withLoop = bar.querySelector(".with-loop")?.checked;
  const body = { steps: 2000, time_limit: TIME_LIMIT };
  if (withLoop) body.loop = $("cell-loop").value;
  if (name === "unsolvable") {
    body.code = `${$("cell-puzzle").value}\n${$("cell-unsolvable").value}`;
    const limit = Number(bar.querySelector(".choose-limit").value);
    if (limit > 0) body.max_expanded = Math.floor(limit);
  } else {
    body.code = $(`cell-${name}`).value;
  }
  const h = bar.querySelector(".choose-h")?.value;
  if (h) body.h = h;
  const weight = bar.querySelector(".choose-w");
  if (weight) body.w = Math.max(0, Number(weight.value) || 0);
  return body;
}

function verdict(result) {
  if (result.status === "solved") {
    return result.optimal ? w("found_optimal", result.length) : w("found", result.length);
  }
  if (result.status === "unsolvable") return w("does_not_exist", number(result.stats.expanded));
  return w("not_found", result.reason);
}

function counters(result, seconds) {
  const rows = [
    [w("expanded"), number(result.stats.expanded)],
    [w("pushed"), number(result.stats.pushed)],
    [w("length"), result.length ?? "–"],
    [w("h_start"), number(result.h_start)],
    [w("seconds"), seconds.toFixed(2)],
  ];
  const table = document.createElement("table");
  table.className = "counters";
  const head = table.insertRow();
  for (const text of ["", "statesearch", ...(result.loop ? [w("your_loop")] : [])]) {
    const th = document.createElement("th");
    th.textContent = text;
    head.append(th);
  }
  const loop = result.loop;
  const loopValues = loop ? [number(loop.expanded), number(loop.pushed), loop.length ?? "–", "", loop.seconds.toFixed(2)] : [];
  rows.forEach(([label, value], i) => {
    const row = table.insertRow();
    const th = document.createElement("th");
    th.textContent = label;
    row.append(th);
    row.insertCell().textContent = value;
    if (loop) {
      const cell = row.insertCell();
      cell.textContent = loopValues[i];
      if (i < 3 && String(loopValues[i]) !== String(value)) cell.className = "differs";
    }
  });
  return table;
}

// A state as the cells write it: a cell (row, column), a board's tiles in a row, else its text.
function stateText(state) {
  if (!Array.isArray(state)) return String(state);
  return state.length === 2 ? `(${state.join(", ")})` : state.join(" ");
}

// A table that scrolls sideways on a narrow screen rather than breaking its numbers.
function scrolling(table) {
  const box = document.createElement("div");
  box.className = "scroll";
  box.append(table);
  return box;
}

// The step table: each state taken out of the waiting room, its g, h and f, and the waiting
// room's size after the step (an entry turned away as stale is a step too).
function stepTable(result) {
  const table = document.createElement("table");
  table.className = "steps";
  const head = table.insertRow();
  for (const key of ["step", "taken_out", "g", "h", "f", "what", "waiting"]) {
    const th = document.createElement("th");
    th.textContent = w(key);
    head.append(th);
  }
  let waiting = 1;
  let shown = 0;
  let row = null;
  for (const event of result.events) {
    if (event.event === "pop" || event.event === "stale") {
      if (shown === STEPS_SHOWN) break;
      waiting -= 1;
      shown += 1;
      row = table.insertRow();
      const state = stateText(event.state);
      const what = event.event === "stale" ? w("stale") : w("expanded_step");
      for (const value of [shown, state, event.g, event.h ?? "", event.f ?? "", what, waiting]) {
        row.insertCell().textContent = value;
      }
      if (event.event === "stale") row.className = "stale";
    } else if ((event.event === "push" || event.event === "improve") && row) {
      waiting += 1;
      row.lastChild.textContent = waiting;
    }
  }
  return table;
}

function show(out, result, seconds) {
  out.replaceChildren();
  const line = document.createElement("p");
  line.className = `verdict ${result.status}`;
  line.textContent = verdict(result);
  out.append(line, scrolling(counters(result, seconds)));
  if (result.events?.length) {
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = w("step_table", Math.min(STEPS_SHOWN, result.counts?.pop ?? STEPS_SHOWN));
    details.append(summary, stepTable(result));
    out.append(details);
  }
}

function showError(out, detail) {
  out.replaceChildren();
  const line = document.createElement("p");
  line.className = "error";
  line.textContent = detail;
  out.append(line);
}

// One run at a time per section; Stop ends the page's Python (and starts it again).
async function runCell(name, bar, body = runRequest(name, bar)) {
  const out = $(`out-${name}`);
  const controller = new AbortController();
  const stop = bar.querySelector(".stop");
  const run = bar.querySelector(".run");
  stop.hidden = false;
  run.disabled = true;
  stop.onclick = () => controller.abort();
  out.replaceChildren(Object.assign(document.createElement("p"), { className: "working", textContent: w("running") }));
  const began = performance.now();
  try {
    const { status, body: data } = await ask({ cells: body, lang }, controller.signal, (progress) => {
      out.firstChild.textContent = w("running_progress", number(progress.expanded), progress.seconds);
    });
    const seconds = (performance.now() - began) / 1000;
    if (status !== 200) showError(out, data.detail);
    else show(out, data, seconds);
    return status === 200 ? data : null;
  } catch (err) {
    if (err.name === "AbortError") showError(out, w("stopped"));
    else showError(out, String(err));
    return null;
  } finally {
    stop.hidden = true;
    run.disabled = false;
  }
}

// Section 4: the lesson's table, run from the 8-puzzle's cell with each estimate.
const TABLE_RUNS = [
  { label: "h = 0, w = 0", h: "zero", w: 0 },
  { label: "h1", h: "h1", w: 1 },
  { label: "h2", h: "h2", w: 1 },
  { label: "h3", h: "h3", w: 1 },
  { label: "h2, w = 5", h: "h2", w: 5 },
];

async function fillTable(bar) {
  const out = $("out-table");
  const rows = [];
  for (const run of TABLE_RUNS) {
    const body = { code: $("cell-puzzle").value, h: run.h, w: run.w, steps: 1, time_limit: TIME_LIMIT };
    const data = await runCell("table", bar, body);
    if (!data) return;
    rows.push({ ...run, data });
  }
  // The best of the searches sure to find the fewest moves (w ≤ 1): the lesson's 171× and 13×.
  const best = Math.min(...rows.filter((r) => r.w <= 1).map((r) => r.data.stats.expanded));
  const table = document.createElement("table");
  table.className = "lesson-table";
  const head = table.insertRow();
  for (const key of ["estimate", "h_start", "expanded", "pushed", "length", "ratio"]) {
    const th = document.createElement("th");
    th.textContent = w(key);
    head.append(th);
  }
  for (const { label, data } of rows) {
    const row = table.insertRow();
    const ratio = data.stats.expanded / best;
    for (const value of [label, number(data.h_start), number(data.stats.expanded), number(data.stats.pushed),
      data.optimal ? data.length : `${data.length} (${w("not_shortest")})`, `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1)}×`]) {
      row.insertCell().textContent = value;
    }
  }
  out.replaceChildren(scrolling(table));
}

for (const bar of document.querySelectorAll(".run-bar")) {
  const name = bar.dataset.cell;
  bar.querySelector(".run").addEventListener("click", () => (name === "table" ? fillTable(bar) : runCell(name, bar)));
}
for (const cell of document.querySelectorAll("textarea.cell")) {
  cell.addEventListener("keydown", indentOnTab);
  cell.addEventListener("input", () => edited.add(cell.id.replace("cell-", "")));
}
$("lang").addEventListener("click", () => setLanguage(lang === "en" ? "ko" : "en"));
onStatus(showStatus);
setLanguage(lang);
// Start the page's Python now, so that the first Run does not wait for it.
ask({ route: "limits", lang }).catch(() => {});
