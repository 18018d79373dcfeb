// A search rebuilt from its trace events (the API's /trace answers), step by step: the waiting
// room in the order it will be taken out, the g and parent tables, the search tree, IDA*'s
// bounds and path, BFS's layers. No drawing here: the views read a Replay.
//
// The rules are the lesson's: `push` adds an entry; `pop` and `stale` take the head out;
// `improve` adds an entry with a cheaper g, and the old entry goes stale (its g is now worse
// than the g table's); `drop` takes an entry out unexpanded (anytime search: no cheaper than its
// best solution; beam search: past the beam's width, at the end of a layer). A step starts at
// each pop, stale or iteration event. RBFS walks a path as IDA* does; beam search keeps a
// layer and the next one; MM and NBS keep a waiting room on each side (`side`), each state's
// g and parent per side.

const BOUNDARY = new Set(["pop", "stale", "iteration"]);
const DEPTH_FIRST = new Set(["dfs", "dls", "iddfs", "idastar", "dfbnb", "rbfs"]);
const LAYERED = new Set(["bfs", "bidirectional"]);
const TWO_SIDED = new Set(["mm", "nbs"]);
// What an expansion does with each successor, in the order the step's words list them.
export const SUCCESSOR_EVENTS = ["push", "improve", "skip", "cutoff", "prune", "cut"];

// A figure as a person reads it: at most two decimals (√2 as 1.41), no binary noise.
export function shown(x) { return typeof x === "number" && !Number.isInteger(x) ? Math.round(x * 100) / 100 : x; }

// f in the search's own terms, after "f = ": g + h (A*), g + w·h (weighted A*), h (greedy), g
// (uniform-cost and w = 0), from what the trace says the search was (`data`).
export function fTerms({ algorithm, weight }, node) {
  const [f, g, h] = [node.f, node.g, node.h].map(shown);
  if (algorithm === "greedy") return `h = ${h}`;
  if (algorithm === "ucs" || weight === 0) return `g = ${g}`;
  if (weight && weight !== 1) return `${f} = ${g} + ${weight}·${h}`;
  // RBFS's F: backed up from below, it may be more than g + h, never less.
  if (algorithm === "rbfs" && node.f - (node.g + node.h) > 1e-9) return `${f} ≥ ${g} + ${h}`;
  return `${f} = ${g} + ${h}`;
}

// How the algorithm keeps what waits: a priority queue, a first-in first-out queue, or a path.
export function familyOf(algorithm) {
  if (DEPTH_FIRST.has(algorithm)) return "path";
  if (LAYERED.has(algorithm)) return "queue";
  if (algorithm === "beam") return "beam";
  if (TWO_SIDED.has(algorithm)) return "sides";
  return "room";
}

export function stateKey(state) { return Array.isArray(state) ? state.join(",") : String(state); }

function compareStates(a, b) {
  if (!Array.isArray(a)) return a < b ? -1 : a > b ? 1 : 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

// The engine's heap order under each tie policy (the answer's `tie_break`): f, then classic's
// smaller g and smaller state, deep's larger g and newest entry, or the first or last in.
export function classicOrder(a, b) { return a.f - b.f || a.g - b.g || compareStates(a.state, b.state); }
const TIE_ORDERS = {
  classic: classicOrder,
  deep: (a, b) => a.f - b.f || b.g - a.g || b.order - a.order,
  fifo: (a, b) => a.f - b.f || a.order - b.order,
  lifo: (a, b) => a.f - b.f || b.order - a.order,
};

// The events cut into steps: [first, end) index ranges, each starting at a boundary event
// (what comes before the first boundary, such as BFS's first layer, belongs to the first step).
export function splitSteps(events) {
  const steps = [];
  events.forEach((event, i) => {
    if (BOUNDARY.has(event.event)) steps.push({ first: steps.length ? i : 0, end: i + 1 });
    else if (steps.length) steps[steps.length - 1].end = i + 1;
  });
  if (!steps.length && events.length) steps.push({ first: 0, end: events.length });
  return steps;
}

// A priority queue kept sorted from last to first out, so that taking the head is a pop();
// `order` is the tie policy's (`TIE_ORDERS`), each entry numbered as it comes in.
class PriorityRoom {
  constructor(order = classicOrder) { this.items = []; this.order = order; this.pushes = 0; }
  get size() { return this.items.length; }
  add(entry) {
    entry.order = this.pushes++;
    const items = this.items;
    let low = 0, high = items.length; // the first place whose entry comes out before this one
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.order(items[mid], entry) > 0) low = mid + 1; else high = mid;
    }
    items.splice(low, 0, entry);
  }
  take() { return this.items.pop(); }
  first(n = Infinity) {
    const items = this.items, out = [];
    for (let i = items.length - 1; i >= 0 && out.length < n; i--) out.push(items[i]);
    return out;
  }
}

// First in, first out (breadth-first search).
class Queue {
  constructor() { this.items = []; this.head = 0; }
  get size() { return this.items.length - this.head; }
  add(entry) { this.items.push(entry); }
  take() { return this.head < this.items.length ? this.items[this.head++] : undefined; }
  first(n = Infinity) { return this.items.slice(this.head, this.head + Math.min(n, this.size)); }
}

// Beam search: the layer being expanded, first in first out, and the next layer's waiting room;
// at the next layer the kept entries go on, lowest f first (equal f: lower h, then the first
// pushed), the dropped ones having left.
class BeamRoom {
  constructor() { this.layer = new Queue(); this.next = []; this.pushes = 0; }
  get size() { return this.layer.size + this.next.length; }
  add(entry) { entry.order = this.pushes++; this.next.push(entry); }
  take() { return this.layer.take(); }
  drop(key) {
    const i = this.next.findIndex((e) => e.key === key);
    return i < 0 ? undefined : this.next.splice(i, 1)[0];
  }
  nextLayer() {
    for (const entry of this.next.sort(beamOrder)) this.layer.add(entry);
    this.next = [];
  }
  first(n = Infinity) { return [...this.layer.first(n), ...[...this.next].sort(beamOrder)].slice(0, n); }
}

function beamOrder(a, b) { return a.f - b.f || a.h - b.h || a.order - b.order; }

// MM and NBS: both sides' entries, listed by MM's priority max(f, 2g) (equal: larger g first);
// an entry leaves by its state and g, whichever side's turn it is.
class SidesRoom {
  constructor() { this.items = []; this.pushes = 0; }
  get size() { return this.items.length; }
  add(entry) { entry.order = this.pushes++; this.items.push(entry); }
  takeKey(key, g) {
    const i = this.items.findIndex((e) => e.key === key && e.g === g);
    return i < 0 ? undefined : this.items.splice(i, 1)[0];
  }
  first(n = Infinity) {
    const pr = (e) => Math.max(e.f, 2 * e.g);
    return [...this.items].sort((a, b) => pr(a) - pr(b) || b.g - a.g || a.order - b.order).slice(0, n);
  }
}

export class Replay {
  // `data` is a trace answer: events, algorithm, stats, status, truncated.
  constructor(data) {
    this.data = data;
    // The figures as the engine had them, so that the waiting room keeps its order exactly (two
    // f's of 8 moves may differ in the last bit); shown() writes them for people (18.7, not
    // 18.700000000000003).
    this.events = data.events ?? [];
    this.family = familyOf(data.algorithm);
    this.steps = splitSteps(this.events);
    this.reset();
  }

  get total() { return this.steps.length; }
  // The search's events, kept or not: a trace cut at the server's cap holds only the first.
  get eventsInAll() { return Object.values(this.data.counts ?? {}).reduce((a, b) => a + b, 0); }
  get atEnd() { return this.cursor >= this.total; }

  reset() {
    this.cursor = 0;
    // waiting entries {f, g, h, state, key, node}; room.first(n) lists them as they come out
    const Room = { queue: Queue, beam: BeamRoom, sides: SidesRoom }[this.family] ?? PriorityRoom;
    this.room = new Room(TIE_ORDERS[this.data.tie_break] ?? classicOrder);
    this.g = new Map(); // the g table: key -> g
    this.parent = new Map(); // the parent table: key -> {state, parent, action}, last written last
    this.nodes = []; // the search tree: {id, parent, state, f, g, h, depth, status, step, children}
    this.byKey = new Map(); // key -> the node of its latest entry
    this.path = []; // depth-first: the nodes on the current path
    this.bounds = []; // IDA* and iterative deepening: {bound, expanded, over}
    this.layers = []; // breadth-first: {depth, size}
    this.now = null; // the event that began the last step
    this.nowAt = -1; // its index in the events
    this.taken = null; // the entry that step took out
    this.changes = new Map(); // key -> "new" | "cheaper", written in the last step
    this.children = []; // the last step's successor events
    this.goal = null; // the goal's node, once reached
    this.onPath = new Set(); // node ids on the final path
    this.incumbents = []; // branch and bound: each better solution's cost
    this.dropped = []; // the entries the last step dropped (anytime search, beam search)
    this.mismatch = null; // a pop that was not the head of the room (never, if all is right)
    this.lastPushed = null;
    this.current = null; // the node being expanded
    // The start waits from the beginning (and, searching from both ends, the goal).
    const sides = this.family === "sides" ? ["forward", "backward"] : [undefined];
    for (const side of sides) {
      const first = this.events.find((e) => e.event === "pop" && e.side === side);
      if (!first || this.family === "path") continue;
      const root = this.node(null, first.state, { f: first.f, g: 0, h: first.h, depth: 0, side });
      const entry = this.entry(first.state, first.f, 0, first.h, root);
      if (this.family === "beam") this.room.layer.add(entry); else this.room.add(entry);
      this.write(first.state, 0, null, null, null, side);
    }
  }

  // A state's key in the tables: searching from both ends, each side has its own g and parent.
  keyOf(state, side) { return this.family === "sides" && side ? `${side[0]}:${stateKey(state)}` : stateKey(state); }

  seek(k) {
    k = Math.max(0, Math.min(k, this.total));
    if (k < this.cursor) this.reset();
    while (this.cursor < k) this.apply(this.steps[this.cursor++]);
    return this;
  }

  // Is this entry stale: does the g table hold a cheaper path to its state?
  isStale(entry) { return entry.g > (this.g.get(entry.key) ?? Infinity); }

  node(parent, state, fields) {
    const node = { id: this.nodes.length, parent: parent?.id ?? -1, state, children: [],
      status: "waiting", step: null, depth: parent ? parent.depth + 1 : 0, ...fields };
    this.nodes.push(node);
    parent?.children.push(node.id);
    this.byKey.set(this.keyOf(state, node.side), node);
    return node;
  }

  entry(state, f, g, h, node) {
    return { f, g, h, state, key: this.keyOf(state, node.side), node: node.id, side: node.side };
  }

  write(state, g, parent, action, change, side) {
    const key = this.keyOf(state, side);
    this.g.set(key, g);
    this.parent.delete(key); // a Map keeps the order of first writes: rewrite it to the end
    this.parent.set(key, { state, parent, action });
    if (change) this.changes.set(key, change);
  }

  takeHead(event) {
    const key = this.keyOf(event.state, event.side);
    const head = this.family === "sides" ? this.room.takeKey(key, event.g) : this.room.take();
    if (!head || head.key !== key) this.mismatch ??= { step: this.cursor, event };
    return head;
  }

  apply(step) {
    this.changes = new Map();
    this.children = [];
    this.dropped = [];
    this.taken = null;
    for (let i = step.first; i < step.end; i++) {
      if (BOUNDARY.has(this.events[i].event)) this.nowAt = i;
      this.hear(this.events[i]);
    }
  }

  hear(event) {
    const kind = event.event;
    if (BOUNDARY.has(kind)) this.now = event;
    const handler = HANDLERS[this.family][kind] ?? HANDLERS.any[kind];
    if (handler) handler.call(this, event);
    if (SUCCESSOR_EVENTS.includes(kind)) this.children.push(event);
  }

  // The successor events of the entry the last step took out. A depth-first walk spreads a
  // state's successors over the steps of its subtree, and once it backs up a step holds those of
  // states higher on the path: so count those one level down until the walk leaves the subtree.
  successors() {
    if (this.family !== "path" || this.now?.event !== "pop") return this.children;
    const depth = this.now.depth ?? 0, out = [];
    for (let i = this.nowAt + 1; i < this.events.length; i++) {
      const event = this.events[i];
      if (event.event === "iteration" || (event.event === "pop" && (event.depth ?? 0) <= depth)) break;
      if (SUCCESSOR_EVENTS.includes(event.event) && event.depth === depth + 1) out.push(event);
    }
    return out;
  }

  expandedNode() { return this.now?.event === "pop" ? this.nodes[this.taken?.node ?? -1] : null; }

  markGoal(node) {
    if (!node) return;
    node.status = "goal";
    this.goal = node;
    this.onPath = new Set();
    for (let n = node; n; n = this.nodes[n.parent]) this.onPath.add(n.id);
  }

  // A child over the bound (IDA*) or unable to beat the best solution (branch and bound): a
  // leaf of the tree; the smallest such f is IDA*'s next bound.
  overBound(event, status) {
    const node = this.node(this.path[event.depth - 1], event.state, { f: event.f, g: event.g, h: event.h });
    node.status = status;
    const bound = this.bounds[this.bounds.length - 1];
    if (bound && event.f < bound.over) bound.over = event.f;
  }

  // A path down the tree: each node's child on it. RBFS enters the child of least F, not the
  // last one pushed (as IDA* does); the child of the node above with this state, then.
  entered(depth, state) {
    const key = stateKey(state);
    const above = this.path[depth - 1];
    const id = above?.children.findLast((c) => stateKey(this.nodes[c].state) === key);
    return id === undefined ? this.lastPushed : this.nodes[id];
  }

  // The final path as states, start first (empty before the goal is reached).
  goalPath() {
    const out = [];
    for (let n = this.goal; n; n = this.nodes[n.parent]) out.unshift(n.state);
    return out;
  }
}

function popFromRoom(event) {
  const head = this.takeHead(event);
  this.taken = { ...(head ?? { f: event.f, g: event.g, h: event.h, state: event.state }), step: event.step };
  const node = this.nodes[head?.node ?? -1];
  if (!node) return;
  node.status = "expanded";
  node.step = event.step;
  this.current = node;
}

function pushToRoom(event) {
  const g = event.g ?? event.depth;
  const parent = this.family === "queue" ? this.byKey.get(stateKey(event.parent)) : this.current;
  const node = this.node(parent, event.state, { f: event.f ?? g, g, h: event.h ?? 0, action: event.action, side: event.side });
  this.room.add(this.entry(event.state, event.f ?? g, g, event.h ?? 0, node));
  this.write(event.state, g, event.parent, event.action, event.event === "push" ? "new" : "cheaper", event.side);
}

function staleFromRoom(event) {
  const head = this.takeHead(event);
  this.taken = { ...(head ?? event), stale: true };
  const node = this.nodes[head?.node ?? -1];
  if (!node) return;
  node.status = "stale";
  this.current = node; // the tree shows (and scrolls to) what this step took out
}

function goalOf(event) { this.markGoal(this.byKey.get(this.keyOf(event.state, event.side))); }

const HANDLERS = {
  any: {
    incumbent(event) { this.incumbents.push(event.g); this.markGoal(this.byKey.get(stateKey(event.state))); },
  },
  room: {
    pop: popFromRoom,
    stale: staleFromRoom,
    push: pushToRoom,
    improve: pushToRoom,
    goal(event) { this.markGoal(this.current ?? this.byKey.get(stateKey(event.state))); },
    // Anytime search: an entry no cheaper than the best solution, taken out and left.
    drop(event) {
      const head = this.takeHead(event);
      this.dropped.push(event);
      const node = this.nodes[head?.node ?? -1];
      if (node) node.status = "dropped";
    },
  },
  beam: {
    pop: popFromRoom,
    push: pushToRoom,
    layer(event) {
      this.room.nextLayer();
      this.layers.push({ depth: event.depth, size: event.g });
    },
    // Past the beam's width: out of the next layer, and forgotten.
    drop(event) {
      const entry = this.room.drop(stateKey(event.state));
      this.dropped.push(event);
      if (entry && this.g.get(entry.key) === entry.g) { this.g.delete(entry.key); this.parent.delete(entry.key); }
      const node = this.nodes[entry?.node ?? -1];
      if (node) node.status = "dropped";
    },
    goal: goalOf,
  },
  sides: {
    pop: popFromRoom,
    stale: staleFromRoom,
    push: pushToRoom,
    improve: pushToRoom,
    goal: goalOf,
  },
  queue: {
    pop: popFromRoom,
    push: pushToRoom,
    layer(event) { this.layers.push({ depth: event.depth, size: event.g, side: event.side }); },
    goal(event) { this.markGoal(this.byKey.get(stateKey(event.state))); },
  },
  path: {
    iteration(event) {
      this.bounds.push({ bound: event.bound, expanded: 0, over: Infinity });
      this.nodes = [];
      this.byKey = new Map();
      this.path = [];
      this.goal = null;
      this.onPath = new Set();
    },
    push(event) {
      this.lastPushed = this.node(this.path[event.depth - 1], event.state,
        { f: event.f, g: event.g, h: event.h, action: event.action });
    },
    pop(event) {
      const depth = event.depth ?? 0;
      for (const left of this.path.slice(depth)) if (left.status === "expanded") left.status = "done";
      this.path.length = Math.min(this.path.length, depth);
      const node = depth === 0
        ? this.node(null, event.state, { f: event.f, g: 0, h: event.h })
        : this.entered(depth, event.state);
      node.status = "expanded";
      node.step = event.step;
      this.path.push(node);
      this.taken = { f: event.f, g: event.g, h: event.h, state: event.state, step: event.step, depth };
      this.current = node;
      const bound = this.bounds[this.bounds.length - 1];
      if (bound) bound.expanded += 1;
    },
    cutoff(event) { this.overBound(event, "cutoff"); },
    prune(event) { this.overBound(event, "prune"); },
    goal(event) { this.markGoal(this.path[this.path.length - 1] ?? this.byKey.get(stateKey(event.state))); },
  },
};
