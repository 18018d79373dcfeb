// The step-through panel: controls (controls.js), what the step
// did in the lesson's words, the waiting room in the order it will be taken out, the g and
// parent tables (or IDA*'s bounds and path, BFS's layers) and the search tree. It reads a
// Replay (trace-model.js) and draws states with a view (board.js: puzzleView, mazeView).
import { html } from "./board.js";
import { Controls } from "./controls.js";
import { t } from "./i18n.js";
import { Replay, SUCCESSOR_EVENTS, fTerms, shown } from "./trace-model.js";
import { TreeView } from "./tree.js";

const ROOM_ROWS = 8;
// The waiting room's title and order, in each family's terms.
const WAITING_WORDS = { room: ["room_title", "room_order"], queue: ["queue_title", "queue_order"],
  beam: ["beam_title", "beam_order"], sides: ["sides_title", "sides_order"] };
const TABLE_ROWS = 6;

export class Stepper {
  // `onStep(replay)` hears of every move; `verdict(data)` says how the search ended.
  constructor(container, { view, onStep = () => {}, verdict = () => "", speed = 4 }) {
    this.view = view;
    this.onStep = onStep;
    this.verdict = verdict;
    this.replay = null;
    container.classList.add("stepper");
    const bar = html("div");
    this.controls = new Controls(bar, this, speed);
    this.now = html("div", "step-now");
    this.tables = html("div", "step-tables");
    const treeBox = html("section", "tree-box");
    this.treeTitle = html("h3");
    treeBox.append(this.treeTitle);
    this.tree = new TreeView(treeBox, view);
    this.end = html("p", "step-verdict note");
    container.replaceChildren(bar, this.now, this.end, this.tables, treeBox);
  }

  get cursor() { return this.replay?.cursor ?? 0; }
  get total() { return this.replay?.total ?? 0; }

  // Why "step 217 of 217" stands beside "Expansion 213": a new bound and a stale entry taken
  // out are steps too.
  positionNote() {
    if (!this.replay) return "";
    const { iteration, stale } = this.besides;
    const besides = iteration || stale ? t("steps_besides", iteration, stale) : "";
    // A cut trace has fewer steps than the search had expansions: say both.
    const data = this.replay.data;
    return besides + (data.truncated ? t("steps_recorded", data.stats.expanded) : "");
  }
  seek(k) { this.replay?.seek(k); }

  setView(view) { this.view = view; this.tree.view = view; }

  load(data) {
    this.controls.pause();
    this.replay = new Replay(data);
    this.besides = { iteration: 0, stale: 0 }; // the steps that are not expansions
    for (const event of this.replay.events) if (event.event in this.besides) this.besides[event.event] += 1;
    this.render();
  }

  render() {
    const r = this.replay;
    this.controls.show();
    if (!r) return;
    this.treeTitle.textContent = t("tree_title");
    this.now.replaceChildren(...this.describe(r));
    this.end.textContent = r.atEnd ? this.ending(r) : "";
    this.end.className = `step-verdict note ${r.data.status}`;
    this.tables.replaceChildren(...this.sections(r));
    this.tree.update(r);
    this.onStep(r);
  }

  ending(r) {
    const data = r.data;
    const said = [this.verdict(data)];
    if (data.truncated) said.push(t("trace_truncated", r.events.length, r.eventsInAll));
    return said.filter(Boolean).join(" ");
  }

  // The step in words, beside a picture of the entry it took out.
  describe(r) {
    const picture = html("div", "step-picture");
    const words = html("p", "step-words");
    const now = r.now, taken = r.taken;
    if (r.cursor === 0 || !now) {
      if (r.family === "path") { // no waiting room: the walk starts at the start, under a bound
        const first = r.events.find((e) => e.state !== undefined);
        if (first) picture.append(this.view.small(first.state));
        words.textContent = first ? t("trace_start_path") : t("trace_no_events");
        return [picture, words];
      }
      const head = r.room.first(1)[0];
      if (head) picture.append(this.view.small(head.state));
      const start = r.family === "queue" ? "trace_start_queue" : "trace_start"; // BFS has no f
      words.textContent = head ? t(start, this.formula(r, head)) : t("trace_no_events");
      return [picture, words];
    }
    if (now.event === "iteration") {
      words.textContent = t(r.bounds.length === 1 ? "trace_first_bound" : "trace_new_bound", now.bound);
      return [picture, words];
    }
    picture.append(this.view.small(now.state));
    if (now.event === "stale") {
      words.textContent = t("trace_stale", shown(now.g), shown(r.g.get(taken.key)) ?? "?");
      return [picture, words];
    }
    const said = [];
    if (r.family === "path") said.push(t("trace_enter", now.step, now.depth ?? 0, this.formula(r, now)));
    else if (r.family === "queue") said.push(t("trace_take_oldest", now.step, now.depth ?? now.g));
    else if (r.family === "beam") said.push(t("trace_take_layer", now.step, now.depth ?? 0, this.formula(r, now)));
    else if (r.family === "sides") said.push(t(`trace_take_${now.side}`, now.step, this.formula(r, now)));
    else said.push(t("trace_take_smallest", now.step, this.formula(r, now)));
    const counts = {};
    for (const child of r.successors()) counts[child.event] = (counts[child.event] ?? 0) + 1;
    const onPath = r.family === "path" && r.data.algorithm !== "dfbnb"; // a tree search skips its own path
    const reopens = ["astar", "ucs"].includes(r.data.algorithm); // lets in a cheaper path again
    // A walk enters what it pushes, as the CLI says; a tree search skips the states on its path.
    const word = (k) => (k === "push" && r.family === "path" ? "child_push_path"
      : k === "skip" && onPath ? "child_skip_path"
      : k === "skip" && reopens ? "child_skip_cost" : `child_${k}`);
    const parts = SUCCESSOR_EVENTS.filter((k) => counts[k]).map((k) => t(word(k), counts[k]));
    const goalHere = r.goal && (r.goal.id === r.current?.id || r.children.some((c) => c.event === "push" && r.goal.state === c.state));
    if (goalHere && r.data.algorithm === "jps") said.push(t("trace_goal_jumps", r.goalPath().length - 1, r.data.length));
    else if (goalHere && r.family !== "queue") said.push(t(r.family === "path" ? "trace_goal_path" : "trace_goal", r.goalPath().length - 1));
    else if (parts.length) said.push(t("trace_children", parts.join(", ")));
    else said.push(t(r.atEnd && r.data.truncated ? "trace_recording_ends" : "trace_no_children"));
    if (goalHere && r.family === "queue") said.push(t("trace_goal_generated", r.goalPath().length - 1));
    // Beam search drops what its width leaves out, at the end of a layer; anytime search what
    // cannot beat its best solution, as it comes out.
    if (r.dropped.length) said.push(t(r.family === "beam" ? "trace_dropped_beam" : "trace_dropped_best", r.dropped.length));
    words.textContent = said.join(" ");
    return [picture, words];
  }

  formula(r, node) { return `f = ${fTerms(r.data, node)}`; }

  sections(r) {
    // RBFS has no bounds to list, nor any incumbent.
    if (r.family === "path") return [this.pathTable(r), ...(r.bounds.length || r.incumbents.length ? [this.boundsList(r)] : [])];
    const tables = [this.roomTable(r), this.gTable(r), this.parentTable(r)];
    if (r.family === "queue" || r.family === "beam") tables.splice(1, 0, this.layersList(r));
    if (r.incumbents.length) tables.splice(1, 0, this.boundsList(r)); // anytime: its solutions so far
    return tables;
  }

  roomTable(r) {
    const queue = r.family === "queue";
    const [title, order] = WAITING_WORDS[r.family] ?? WAITING_WORDS.room;
    // a priority queue's order among equal f is the search's tie policy's (room_order: classic)
    const tie = r.data.tie_break;
    const words = r.family === "room" && tie && tie !== "classic" ? `room_order_${tie}` : order;
    const box = section(t(title), t(words), "room");
    const columns = queue ? ["col_depth", "col_state", ""] : ["f", "g", "h", "col_state", ""];
    const table = tableWith(columns);
    if (r.taken && r.cursor > 0) {
      const row = this.roomRow(table, r.taken, queue);
      row.classList.add(r.taken.stale ? "turned-away" : "taken");
      row.lastChild.textContent = t(r.taken.stale ? "mark_turned_away" : "mark_taken");
    }
    for (const entry of r.room.first(ROOM_ROWS)) {
      const row = this.roomRow(table, entry, queue);
      const change = r.changes.get(entry.key);
      const stale = r.isStale(entry);
      const fresh = change && !stale && r.g.get(entry.key) === entry.g;
      if (stale) row.classList.add("stale");
      else if (fresh) row.classList.add(change === "new" ? "new" : "cheaper");
      row.lastChild.textContent = stale ? t("mark_stale") : fresh ? t(`mark_${change}`) : "";
    }
    box.append(table, more(r.room.size - ROOM_ROWS), html("p", "note", t("room_size", r.room.size)));
    return box;
  }

  roomRow(table, entry, queue) {
    const row = table.tBodies[0].insertRow();
    const values = queue ? [entry.g] : [entry.f, entry.g, entry.h];
    for (const v of values) row.insertCell().textContent = shown(v);
    const state = row.insertCell();
    if (entry.side) { // which end it came from
      state.append(html("span", "side-state", entry.side === "forward" ? "→" : "←"));
      state.firstChild.append(this.view.small(entry.state));
    } else state.append(this.view.small(entry.state));
    row.insertCell().className = "mark";
    return row;
  }

  gTable(r) {
    const box = section(t("g_title"), t("g_note"), "g-table");
    const table = tableWith(["col_state", r.family === "queue" ? "col_depth" : "g", ""]);
    const latest = [...r.parent.keys()].slice(-TABLE_ROWS).reverse();
    for (const key of latest) {
      const row = table.tBodies[0].insertRow();
      row.insertCell().append(this.view.small(r.parent.get(key).state));
      row.insertCell().textContent = shown(r.g.get(key));
      row.insertCell().className = "mark";
      markChange(row, r.changes.get(key));
    }
    box.append(table, more(r.parent.size - TABLE_ROWS));
    return box;
  }

  parentTable(r) {
    // What the move's letters mean, where the states are the page's own (a problem of one's own
    // names its moves itself).
    const letters = { puzzle: "letters_blank", maze: "letters_maze" }[this.view.kind];
    const box = section(t("parent_title"), letters ? `${t("parent_note")} ${t(letters)}` : t("parent_note"), "parent-table");
    const table = tableWith(["col_state", "col_parent", "col_move"]);
    const latest = [...r.parent.keys()].slice(-TABLE_ROWS).reverse();
    for (const key of latest) {
      const { state, parent, action } = r.parent.get(key);
      const row = table.tBodies[0].insertRow();
      row.insertCell().append(this.view.small(state));
      const cell = row.insertCell();
      if (parent) cell.append(this.view.small(parent)); else cell.textContent = t("col_start");
      row.insertCell().textContent = action ?? "";
      if (r.changes.has(key)) row.classList.add(r.changes.get(key) === "new" ? "new" : "cheaper");
    }
    box.append(table, more(r.parent.size - TABLE_ROWS));
    return box;
  }

  pathTable(r) {
    const box = section(t("path_title"), t("path_note"), "path-table");
    const table = tableWith(["col_depth", "col_state", "f", "g", "h"]);
    for (const node of r.path) {
      const row = table.tBodies[0].insertRow();
      row.insertCell().textContent = node.depth;
      row.insertCell().append(this.view.small(node.state));
      for (const v of [node.f, node.g, node.h]) row.insertCell().textContent = shown(v);
      if (node === r.current) row.classList.add("taken");
    }
    box.append(table);
    return box;
  }

  layersList(r) {
    const box = section(t(r.family === "beam" ? "beam_layers" : "layers"), "", "layers");
    const list = html("ul", "bounds-list depths"); // each line says its depth: no numbers beside
    const depth = r.now?.depth ?? 0;
    for (const layer of r.layers) {
      list.append(html("li", layer.depth === depth ? "current" : "", t("layer_line", layer.depth, layer.size)));
    }
    box.append(list);
    return box;
  }

  boundsList(r) {
    const box = section(t(r.bounds.length ? "bounds_title" : "incumbents_title"), "", "bounds");
    const list = html("ol", "bounds-list");
    r.bounds.forEach((b, i) => {
      const last = i === r.bounds.length - 1;
      const over = b.over === Infinity ? "–" : b.over;
      // The iteration that took out the goal needs no next bound.
      const said = last && r.goal ? t("bound_goal", b.bound, b.expanded) : t("bound_line", b.bound, b.expanded, over);
      list.append(html("li", last ? "current" : "", said));
    });
    for (const cost of r.incumbents) list.append(html("li", "", t("incumbent_line", shown(cost))));
    box.append(list);
    return box;
  }
}

function section(title, note, className) {
  const box = html("section", `step-section ${className}`);
  box.append(html("h3", "", title));
  if (note) box.append(html("p", "note", note));
  return box;
}

function tableWith(columns) {
  const table = html("table", "step-table");
  const head = table.createTHead().insertRow();
  for (const key of columns) head.append(html("th", "", key.startsWith("col_") ? t(key) : key));
  table.createTBody();
  return table;
}

function more(count) { return html("p", "note more", count > 0 ? t("more_rows", count) : ""); }

function markChange(row, change) {
  if (!change) return;
  row.classList.add(change === "new" ? "new" : "cheaper");
  row.lastChild.textContent = t(`mark_${change}`);
}
