// The search tree as SVG: a node per entry put into the waiting room (or state entered, for a
// depth-first search), showing its board or cell, f/g/h and its expansion number. The final
// path is highlighted. A big tree is folded around what matters now (the path to the entry
// just taken out, the next entries in line, the final path): each folded subtree is a "+n"
// on its root. The view zooms (buttons) and scrolls, and follows the current node. In a narrow
// box (a phone) the tree is an indented outline instead, one node a row, so it fits the width.
// Nodes are as wide as their longest label, measured in the labels' font, so none sticks out.
import { html, svg } from "./board.js";
import { t } from "./i18n.js";
import { fTerms, shown } from "./trace-model.js";

const ROW_GAP = 30;
const COLUMN_GAP = 8;
const TEXT_LINES = 2;
const LINE_HEIGHT = 1.3; // a label line's height, in its font's size
const TEXT_GAP = 3; // px between the picture and the first label line
const PAD_X = 6, PAD_BOTTOM = 5; // px between the labels and the box: a thick border stays clear
const ZOOM_LEAST = 0.15, ZOOM_MOST = 2.5;
const UNFOLDED = 60; // a tree of at most this many nodes is drawn whole
const WHOLE_MOST = 2500; // the most nodes "whole tree" draws
const NEXT_SHOWN = 3; // entries in line whose branches stay unfolded
const TREE_MARGIN = 6; // px around the drawing (trace.css), so no thick border is cut off
const OUTLINE_BELOW = 480; // px: a box narrower than this draws the outline
const OUTLINE_GAP = 14; // px between the outline's rows: room for a "+n" under a node
const INDENT_MOST = 22, INDENT_LEAST = 3; // px per depth in the outline, as wide as the box allows

export class TreeView {
  constructor(container, view) {
    this.view = view;
    this.scale = 1;
    this.whole = false;
    const tools = html("div", "tree-tools");
    this.zoomOut = button(tools, "zoom-out", "−", () => this.zoom(1 / 1.25));
    this.zoomIn = button(tools, "zoom-in", "+", () => this.zoom(1.25));
    this.fitButton = button(tools, "zoom-fit", "", () => this.fit());
    const label = html("label", "whole-tree");
    this.wholeBox = Object.assign(document.createElement("input"), { type: "checkbox" });
    this.wholeBox.addEventListener("change", () => { this.whole = this.wholeBox.checked; this.update(this.replay); });
    this.wholeText = html("span");
    label.append(this.wholeBox, this.wholeText);
    tools.append(label);
    this.note = html("p", "note tree-note");
    this.scroller = html("div", "tree-scroll");
    this.svg = svg("svg", { class: "tree", role: "img" });
    this.scroller.append(this.svg);
    this.legend = html("ul", "legend tree-legend");
    container.append(tools, this.scroller, this.note, this.legend);
    this.outline = false;
    // A phone turned sideways (or a wider notebook cell) may want the other drawing.
    // Presentation mode, switched on or off, changes the box and the labels' least size.
    new ResizeObserver(() => {
      if (!this.replay) return;
      if (this.narrow() !== this.outline) this.update(this.replay);
      else this.resize();
    }).observe(this.scroller);
  }

  narrow() { return this.scroller.clientWidth < OUTLINE_BELOW; }

  zoom(factor) { this.scale = Math.min(ZOOM_MOST, Math.max(ZOOM_LEAST, this.shownScale() * factor)); this.resize(); }

  fit() {
    const width = this.scroller.clientWidth - 2 * TREE_MARGIN - 4;
    this.scale = Math.min(1, width / Math.max(this.width, 1));
    this.resize();
  }

  // The zoom chosen, but never so small that the labels drop under the page's least size
  // (--tree-label-least: a projector's, read from the back of a room).
  shownScale() {
    const least = parseFloat(getComputedStyle(this.svg).getPropertyValue("--tree-label-least"));
    return least > 0 && this.labelSize ? Math.max(this.scale, least / this.labelSize) : this.scale;
  }

  resize() {
    if (this.width === undefined) return;
    const scale = this.shownScale();
    this.svg.setAttribute("width", Math.ceil(this.width * scale));
    this.svg.setAttribute("height", Math.ceil(this.height * scale));
    this.zoomOut.disabled = scale > this.scale; // held up by the least size: nothing to zoom out
  }

  // Each node's two label lines, and the box that holds them and its picture: as wide as the
  // longest label in the labels' font (trace.css, present.css) and as tall as its lines.
  measure(replay, shown) {
    const labels = new Map();
    for (const id of shown) labels.set(id, nodeLabels(replay, replay.nodes[id]));
    const fgh = textMeasure(this.svg, "node-fgh"), step = textMeasure(this.svg, "node-step");
    const widths = [fgh.widest([...labels.values()].map((l) => l.terms)),
      step.widest([...labels.values()].map((l) => l.mark))];
    if (this.view.pictureIsText) {
      const captions = [...shown].map((id) => this.view.text(replay.nodes[id].state));
      widths.push(textMeasure(this.svg, "node-cell").widest(captions));
    }
    this.labelSize = Math.min(fgh.size, step.size);
    const line = LINE_HEIGHT * Math.max(fgh.size, step.size);
    const top = this.view.pictureHeight + TEXT_GAP;
    return {
      labels,
      width: Math.ceil(Math.max(this.view.nodeWidth, ...widths.map((w) => w + 2 * PAD_X))),
      height: Math.ceil(top + TEXT_LINES * line + PAD_BOTTOM),
      // Baselines a font's size under each line's top: its ascent, and a little room, above.
      baselines: [top + fgh.size, top + line + step.size],
    };
  }

  // Which nodes to draw: all of a small tree, else the branches that matter now.
  visible(replay) {
    const nodes = replay.nodes;
    if (nodes.length <= UNFOLDED || (this.whole && nodes.length <= WHOLE_MOST)) return new Set(nodes.map((n) => n.id));
    const keep = new Set();
    const branch = (id) => { for (let n = nodes[id]; n && !keep.has(n.id); n = nodes[n.parent]) keep.add(n.id); };
    if (replay.current) branch(replay.current.id);
    if (replay.taken?.node !== undefined) branch(replay.taken.node);
    for (const entry of replay.room.first(NEXT_SHOWN)) branch(entry.node);
    for (const id of replay.onPath) branch(id);
    for (const node of replay.path) branch(node.id);
    const shown = new Set(keep);
    for (const id of keep) for (const child of nodes[id].children) shown.add(child);
    return shown;
  }

  update(replay) {
    this.replay = replay;
    const nodes = replay?.nodes ?? [];
    this.fitButton.textContent = t("zoom_fit");
    this.wholeText.textContent = t("whole_tree");
    this.wholeBox.disabled = nodes.length <= UNFOLDED || nodes.length > WHOLE_MOST;
    const shown = this.visible(replay ?? { nodes: [], room: { first: () => [] }, onPath: [], path: [] });
    const box = this.measure(replay ?? { nodes: [] }, shown);
    const { width, height } = box;
    this.outline = this.narrow();
    const place = this.outline
      ? outline(nodes, shown, width, height, this.scroller.clientWidth - 2 * TREE_MARGIN - 4)
      : layout(nodes, shown, width + COLUMN_GAP, height + ROW_GAP);
    this.width = place.width;
    this.height = place.height;
    this.svg.setAttribute("viewBox", `0 0 ${this.width} ${this.height}`);
    this.resize();
    const edges = svg("g", { class: "edges" }), drawn = svg("g", { class: "nodes" });
    for (const id of shown) {
      const node = nodes[id], at = place.at.get(id);
      if (!at) continue;
      const parentAt = place.at.get(node.parent);
      if (parentAt) {
        const onPath = replay.onPath.has(id) && replay.onPath.has(node.parent);
        edges.append(svg("path", { class: onPath ? "edge on-path" : "edge", d: place.edge(parentAt, at, width, height) }));
      }
      drawn.append(this.drawNode(replay, node, at, box, folded(nodes, node, shown)));
    }
    this.svg.replaceChildren(edges, drawn);
    const family = replay?.family ?? "room";
    const said = [];
    if (replay?.bounds.length) said.push(t("tree_iteration", replay.bounds.length, replay.bounds[replay.bounds.length - 1].bound));
    if (shown.size < nodes.length) said.push(t(family === "path" ? "tree_folded_path" : "tree_folded", shown.size, nodes.length));
    this.note.textContent = said.join(" ");
    this.follow(place.at.get(replay?.current?.id), width);
    this.legend.replaceChildren(...legendOf(family, replay?.data.algorithm).map(([swatch, key]) => {
      const item = html("li");
      item.append(html("span", `swatch node-swatch ${swatch}`), html("span", "", t(key)));
      return item;
    }));
  }

  drawNode(replay, node, at, { width, height, labels, baselines }, hidden) {
    const classes = ["node", node.status];
    if (replay.onPath.has(node.id)) classes.push("on-path");
    if (replay.current?.id === node.id && !replay.atEnd) classes.push("current");
    const group = svg("g", { class: classes.join(" "), transform: `translate(${at.x},${at.y})`,
      "data-node": node.id, "data-step": node.step ?? "" });
    group.append(svg("title", {}, nodeTitle(this.view, node, replay.family)));
    group.append(svg("rect", { width, height, rx: 5, class: "node-box" }));
    this.view.node(group, node.state, width);
    const { terms, mark } = labels.get(node.id);
    group.append(svg("text", { x: width / 2, y: baselines[0], "text-anchor": "middle", class: "node-fgh" }, terms));
    group.append(svg("text", { x: width / 2, y: baselines[1], "text-anchor": "middle", class: "node-step" }, mark));
    if (hidden) {
      group.append(svg("text", { x: width - 3, y: height + 11, "text-anchor": "end", class: "node-folded" }, `+${hidden}`));
    }
    return group;
  }

  // Keep the current node in view as the search moves on.
  follow(at, width) {
    if (!at) return;
    const scale = this.shownScale();
    const x = (at.x + width / 2) * scale, y = at.y * scale;
    const box = this.scroller;
    if (x < box.scrollLeft + 20 || x > box.scrollLeft + box.clientWidth - 20) box.scrollLeft = x - box.clientWidth / 2;
    if (y < box.scrollTop || y > box.scrollTop + box.clientHeight - 40) box.scrollTop = y - box.clientHeight / 3;
  }
}

// Each family's legend in its own terms: a depth-first walk has no waiting room, it keeps a
// path; only IDA* has a bound to go over, only branch and bound a best solution to beat.
const LEGENDS = {
  room: [["current", "legend_current"], ["expanded", "status_expanded"], ["waiting", "status_waiting"],
    ["stale", "status_stale"], ["on-path", "legend_path"]],
  queue: [["current", "legend_current"], ["expanded", "status_expanded"], ["waiting", "status_waiting"],
    ["on-path", "legend_path"]],
  path: [["current", "path_current"], ["expanded", "path_expanded"], ["done", "path_done"],
    ["waiting", "path_waiting"], ["cutoff", "path_cutoff"], ["prune", "status_prune"], ["on-path", "legend_path"]],
};
LEGENDS.room.splice(4, 0, ["dropped", "status_dropped"]);
LEGENDS.beam = [...LEGENDS.queue.slice(0, 3), ["dropped", "status_dropped"], ["on-path", "legend_path"]];
LEGENDS.sides = LEGENDS.room.filter(([status]) => status !== "dropped");
// Leaves only some searches make.
const PASSED_OVER = { cutoff: ["idastar"], prune: ["dfbnb", "anytime"], dropped: ["anytime", "beam"] };

function legendOf(family, algorithm) {
  return LEGENDS[family].filter(([status]) => !PASSED_OVER[status] || PASSED_OVER[status].includes(algorithm));
}

// A node's status in its search's words: a path's nodes are entered and left, not taken out.
function statusWord(family, status) {
  const own = family === "path" && LEGENDS.path.find(([s]) => s === status);
  return t(own ? own[1] : `status_${status}`);
}

const STATUS_MARK = { waiting: "…", stale: "✕", cutoff: "✂", prune: "✂", goal: "★", dropped: "⌀" };

// A node's f in its search's terms (g + w·h with weighted A*) and its expansion mark.
function nodeLabels(replay, node) {
  const mark = node.step !== null ? `#${node.step}` : STATUS_MARK[node.status] ?? "";
  return { terms: fTerms(replay.data, node), mark };
}

// The width of texts in a class of the tree's labels, from the font the page's CSS gives that
// class (read even while the tree is hidden, when an SVG text has no length yet).
const ruler = document.createElement("canvas").getContext("2d");
function textMeasure(tree, className) {
  const probe = svg("text", { class: className });
  const group = svg("g", { class: "node" });
  group.append(probe);
  tree.append(group);
  const style = getComputedStyle(probe);
  const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const size = parseFloat(style.fontSize); // before the probe goes: a live style empties then
  group.remove();
  const widest = (texts) => {
    ruler.font = font;
    return Math.max(0, ...[...new Set(texts)].map((text) => ruler.measureText(text).width));
  };
  return { size, widest };
}

function nodeTitle(view, node, family) {
  const parts = [view.text(node.state), `f = ${shown(node.f)}, g = ${shown(node.g)}, h = ${shown(node.h)}`];
  if (node.step !== null) parts.push(t("tree_expansion", node.step));
  parts.push(statusWord(family, node.status));
  return parts.join(" · ");
}

// How many descendants of `node` are not drawn.
function folded(nodes, node, shown) {
  let hidden = 0;
  const stack = node.children.filter((id) => !shown.has(id));
  while (stack.length) {
    const id = stack.pop();
    hidden += 1;
    stack.push(...nodes[id].children);
  }
  return hidden;
}

// A tidy layered layout: leaves side by side in the order they were made, each parent centred
// over its children, one row per depth.
function layout(nodes, shown, columnWidth, rowHeight) {
  const at = new Map();
  let leaves = 0, deepest = 0;
  const roots = nodes.filter((n) => n.parent < 0 && shown.has(n.id));
  const place = (root) => {
    const stack = [[root, 0, false]];
    while (stack.length) {
      const [node, depth, done] = stack.pop();
      const kids = node.children.filter((id) => shown.has(id));
      deepest = Math.max(deepest, depth);
      if (!kids.length) { at.set(node.id, { x: leaves++ * columnWidth, y: depth * rowHeight }); continue; }
      if (done) {
        const first = at.get(kids[0]), last = at.get(kids[kids.length - 1]);
        at.set(node.id, { x: (first.x + last.x) / 2, y: depth * rowHeight });
        continue;
      }
      stack.push([node, depth, true]);
      for (let i = kids.length - 1; i >= 0; i--) stack.push([nodes[kids[i]], depth + 1, false]);
    }
  };
  roots.forEach(place);
  return { at, width: Math.max(leaves, 1) * columnWidth, height: (deepest + 1) * rowHeight + 16, edge: curve };
}

// From the bottom of a parent to the top of its child, one row down.
function curve(from, to, width, height) {
  const x1 = from.x + width / 2, y1 = from.y + height, x2 = to.x + width / 2, y2 = to.y;
  return `M${x1},${y1} C${x1},${y1 + ROW_GAP / 2} ${x2},${y2 - ROW_GAP / 2} ${x2},${y2}`;
}

// An indented outline for a narrow box: a node a row in depth-first order, each child under its
// parent and indented by as much as the box's `room` leaves (the deepest node's row the widest).
function outline(nodes, shown, width, height, room) {
  const order = [];
  const stack = nodes.filter((n) => n.parent < 0 && shown.has(n.id)).reverse().map((n) => [n, 0]);
  while (stack.length) {
    const [node, depth] = stack.pop();
    order.push([node, depth]);
    const kids = node.children.filter((id) => shown.has(id));
    for (let i = kids.length - 1; i >= 0; i--) stack.push([nodes[kids[i]], depth + 1]);
  }
  const deepest = Math.max(0, ...order.map(([, depth]) => depth));
  const indent = Math.min(INDENT_MOST, Math.max(INDENT_LEAST, (room - width) / Math.max(deepest, 1)));
  const at = new Map(order.map(([node, depth], row) => [node.id, { x: depth * indent, y: row * (height + OUTLINE_GAP) }]));
  // Down the parent's left side, then across to the child's middle.
  const edge = (from, to) => `M${from.x + indent / 2},${from.y + height} V${to.y + height / 2} H${to.x}`;
  return { at, width: deepest * indent + width, height: Math.max(order.length, 1) * (height + OUTLINE_GAP), edge };
}

function button(parent, className, text, onClick) {
  const el = html("button", className, text);
  el.type = "button";
  el.addEventListener("click", onClick);
  parent.append(el);
  return el;
}
