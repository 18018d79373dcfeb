// Side by side: one board searched twice (two heuristics, two weights, or h and h + 3),
// stepping in lockstep, so that a search that finishes at expansion 283 is seen stopping while
// the other goes on to 3,667. Each side shows what it took out, who is next in line and a bar
// of its expansions; a line says whether both took out the same states so far.
import { html } from "./board.js";
import { Controls } from "./controls.js";
import { t } from "./i18n.js";
import { Replay, shown, stateKey } from "./trace-model.js";

const NEXT_SHOWN = 3;
export const SIDE_HEURISTICS = ["zero", "misplaced", "rowcol", "manhattan", "linear_conflict"];

// A side's search: {heuristic, weight, h_offset}; its name in words.
export function sideName({ heuristic, weight = 1, h_offset: offset = 0 }) {
  const h = t(heuristic) + (offset ? ` + ${offset}` : "");
  return weight === 1 ? `A* + ${h}` : `A* (w = ${weight}) + ${h}`;
}

export class SideBySide {
  // `fetchTrace(side, signal)` gets a side's trace answer.
  constructor(container, { view, fetchTrace }) {
    this.view = view;
    this.fetchTrace = fetchTrace;
    this.sides = [];
    this.shared = 0;
    container.classList.add("side-by-side");
    this.pickers = html("div", "side-pickers");
    const bar = html("div");
    this.controls = new Controls(bar, this, 6);
    this.same = html("p", "side-same");
    this.panes = html("div", "side-panes");
    container.replaceChildren(this.pickers, bar, this.same, this.panes);
  }

  // Two small forms (heuristic, weight, a constant added to h) and a button that searches both.
  drawPickers(configs, start) {
    this.configs = configs;
    this.start = start;
    this.relabel();
  }

  relabel() {
    if (!this.configs) return;
    this.pickers.replaceChildren(...this.configs.map((config, i) => picker(config, i)));
    const go = html("button", "primary side-search", t("side_search"));
    go.type = "button";
    go.addEventListener("click", () => this.start(this.configs));
    this.pickers.append(go);
  }

  get cursor() { return this.shared; }
  get total() { return Math.max(0, ...this.sides.map((s) => s.replay.total)); }
  seek(k) {
    this.shared = Math.max(0, Math.min(k, this.total));
    for (const side of this.sides) side.replay.seek(Math.min(this.shared, side.replay.total));
  }

  // Nothing shown: no sides, no steps (until open() has both traces).
  clear() {
    this.controls.pause();
    this.sides = [];
    this.shared = 0;
    this.render();
  }

  // Fetch both traces and show them at step 0; `run` starts them at once.
  async open(configs, signal, run = false) {
    this.clear();
    const answers = await Promise.all(configs.map((config) => this.fetchTrace(config, signal)));
    this.sides = answers.map((data, i) => ({ config: configs[i], replay: new Replay(data), pops: popKeys(data) }));
    this.shared = 0;
    this.render();
    if (run) this.controls.run();
  }

  render() {
    this.controls.show();
    // A board the parity check refused was never searched: a proof, and nothing to compare.
    const refused = this.sides.length > 0 && this.sides.every((s) => s.replay.data.proof === "precheck");
    this.same.classList.toggle("unsolvable", refused);
    if (refused) {
      this.panes.replaceChildren();
      this.same.textContent = t("unsolvable_before");
      return;
    }
    const most = Math.max(1, ...this.sides.map((s) => s.replay.data.stats.expanded));
    this.panes.replaceChildren(...this.sides.map((side, i) => this.pane(side, i, most)));
    this.same.textContent = this.sides.length === 2 ? this.sameSoFar() : "";
  }

  pane(side, i, most) {
    const r = side.replay, data = r.data;
    const box = html("section", "side-pane");
    box.dataset.side = i === 0 ? "left" : "right";
    box.append(html("h3", "", sideName(side.config)));
    const done = r.atEnd;
    const expanded = done ? data.stats.expanded : r.now?.step ?? 0;
    const bar = html("div", "side-bar");
    const fill = html("div", done ? "side-fill done" : "side-fill");
    fill.style.width = `${(100 * expanded) / most}%`;
    bar.append(fill);
    box.append(html("p", "side-count", t("side_expanded", expanded)), bar);
    const status = html("p", "side-status");
    if (done) {
      const said = [data.status === "solved" ? t("side_found", data.stats.expanded, data.length) : t("side_stopped", data.stats.expanded)];
      // The steps end where the trace was cut; the counts above are the whole search's.
      if (data.truncated) said.push(t("trace_truncated", r.events.length, r.eventsInAll));
      status.textContent = said.join(" ");
    }
    box.append(status);
    const taken = html("div", "side-taken");
    if (r.taken) {
      taken.append(this.view.small(r.taken.state), html("span", "", `f = ${shown(r.taken.f)} (g ${shown(r.taken.g)} + h ${shown(r.taken.h)})`));
    }
    box.append(html("p", "note", t("side_taken")), taken);
    const next = html("div", "side-next");
    for (const entry of r.room.first(NEXT_SHOWN)) {
      const item = html("div", "side-entry");
      item.append(this.view.small(entry.state), html("span", "", `f ${shown(entry.f)}`));
      next.append(item);
    }
    box.append(html("p", "note", t("side_next", r.room.size)), next);
    return box;
  }

  // Whether both sides took out the same states, in the same order, up to now.
  sameSoFar() {
    const [a, b] = this.sides.map((s) => s.pops.slice(0, s.replay.now?.step ?? 0));
    const seen = Math.min(a.length, b.length);
    const differ = a.findIndex((key, i) => i < seen && key !== b[i]);
    const finished = this.sides.every((s) => s.replay.atEnd);
    if (differ >= 0) return t("side_differ", differ + 1);
    if (finished && a.length === b.length) return t("side_same_all", a.length);
    return seen ? t("side_same_so_far", seen) : "";
  }
}

function picker(config, i) {
  const box = html("div", "side-picker");
  box.dataset.side = i === 0 ? "left" : "right";
  box.append(html("b", "", t(i === 0 ? "side_left" : "side_right")));
  const heuristic = document.createElement("select");
  for (const name of SIDE_HEURISTICS) heuristic.append(new Option(t(name), name, false, name === config.heuristic));
  heuristic.addEventListener("change", () => { config.heuristic = heuristic.value; });
  box.append(labelled("heuristic", heuristic));
  for (const [key, field, most] of [["side_weight", "weight", 10], ["side_offset", "h_offset", 20]]) {
    const input = Object.assign(document.createElement("input"),
      { type: "number", min: 0, max: most, step: field === "weight" ? 0.1 : 1, value: config[field] ?? (field === "weight" ? 1 : 0) });
    input.className = `side-${field}`;
    input.addEventListener("change", () => { config[field] = Number(input.value); });
    box.append(labelled(key, input));
  }
  return box;
}

function labelled(key, control) {
  const label = html("label");
  label.append(html("span", "", t(key)), control);
  return label;
}

// The keys of the states each expansion took out, in order.
function popKeys(data) {
  return (data.events ?? []).filter((e) => e.event === "pop").map((e) => stateKey(e.state));
}
