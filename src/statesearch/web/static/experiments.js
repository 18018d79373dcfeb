// The lesson's experiments, one click each, on the lesson's boards: weighted A* with w = 0, 1
// and 5; a push limit of 20,000 (only the search without a heuristic runs into it); and the
// board from the other half of the puzzle, searched until every reachable state is used up (A*)
// or until no solution can be short enough (IDA*).
// (h + 3, the fourth, is a side-by-side view: see puzzle-trace.js.)
import { drawRuns, runRows } from "./compare.js";
import { t } from "./i18n.js";

export const LESSON = [7, 2, 4, 5, 0, 6, 8, 3, 1];
export const UNSOLVABLE = [2, 8, 1, 4, 6, 3, 0, 7, 5]; // 11 inversions: the goal's other half
export const PUSH_LIMIT = 20_000;

const search = (tiles, fields) => ({ tiles, rows: 3, cols: 3, algorithm: "astar", ...fields });
const expanded = (row) => row.data.stats.expanded;

export const EXPERIMENTS = {
  weights: {
    board: LESSON,
    column: "weight",
    title: () => t("exp_weights_title"),
    note: () => t("exp_weights_note"),
    rows: [0, 1, 5].map((w) => ({
      key: `w${w}`, label: () => `w = ${w}`, body: search(LESSON, { heuristic: "manhattan", weight: w }),
    })),
    after() {
      const [zero, one, five] = this.rows;
      return t("exp_weights_said", expanded(zero), expanded(one), expanded(five), five.data.length, five.data.optimal);
    },
  },
  pushes: {
    board: LESSON,
    column: "heuristic",
    title: () => t("exp_pushes_title", PUSH_LIMIT),
    note: () => t("exp_pushes_note", PUSH_LIMIT),
    rows: [["zero", 0], ["misplaced", 1], ["manhattan", 1]].map(([heuristic, weight]) => ({
      key: heuristic, label: () => t(heuristic),
      body: search(LESSON, { heuristic, weight, max_pushed: PUSH_LIMIT }),
    })),
    after() {
      const stopped = this.rows.filter((row) => row.data.status === "limit_reached");
      if (stopped.length !== 1) return "";
      return t("exp_pushes_said", stopped[0].label(), expanded(stopped[0]));
    },
  },
  unsolvable: {
    board: UNSOLVABLE,
    column: "search_used",
    title: () => t("exp_unsolvable_title"),
    note: () => t("exp_unsolvable_note"),
    // Two proofs: A* keeps every state it reaches and runs out of them; IDA* keeps only its path,
    // so it proves it by depth instead (no solution within 31 moves, the most any board needs).
    rows: [
      { key: "exhaust", label: () => `${t("astar")} + ${t("manhattan")}`,
        body: search(UNSOLVABLE, { heuristic: "manhattan", precheck: false }) },
      { key: "deepen", label: () => `${t("idastar")} + ${t("manhattan")}`,
        body: search(UNSOLVABLE, { algorithm: "idastar", heuristic: "manhattan", precheck: false }) },
    ],
    after() {
      const [exhaust, deepen] = this.rows;
      const said = [];
      if (exhaust.data.proof === "exhausted") said.push(t("exp_unsolvable_said", expanded(exhaust)));
      if (deepen.data.proof === "longest") said.push(t("exp_longest_said", expanded(deepen)));
      return said.join(" ");
    },
  },
};

// Start one experiment into `box`, its answers drawn as they come while `current()` says so (a
// run replaced by newer work draws nothing more). `redraw` draws it again whenever asked, also
// after the run has ended (a language switch: the page asks while the box shows it); `done`
// settles when its searches have.
export function startExperiment(name, box, signal, current = () => true) {
  const runs = { ...EXPERIMENTS[name] };
  runs.rows = runs.rows.map((row) => ({ ...row, data: null, running: false }));
  const redraw = () => drawRuns(box, runs);
  return { redraw, done: runRows(runs, signal, () => { if (current()) redraw(); }) };
}
