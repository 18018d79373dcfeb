// The sliding-puzzle page's views of a search thinking: the step-through, the side-by-side
// view and the lesson's experiments. The page (app.js) hands over how to read its board and
// its choices, how to put a board on it and how to say a verdict.
import { api, isCancel } from "./api.js";
import { puzzleView } from "./board.js";
import { limitName, onLanguage, t } from "./i18n.js";
import { EXPERIMENTS, LESSON, startExperiment } from "./experiments.js";
import { SideBySide } from "./sidebyside.js";
import { Stepper } from "./stepper.js";
import { working } from "./ui.js";

const $ = (id) => document.getElementById(id);
const TRACE_SECONDS = 10; // a step-through wants its events soon: bigger boards stop here

// How a traced search ended, in the words the page uses for a solve.
export function verdictOf(data) {
  if (data.status === "solved") return t("found", data.length, data.optimal);
  if (data.proof === "longest") return t("unsolvable_longest", data.stats.expanded);
  if (data.proof === "exhausted") return t("unsolvable_search", data.stats.expanded);
  if (data.proof === "precheck") return t("unsolvable_before");
  return t("limit", data.stats.expanded, limitName(data.limit));
}

export function setUpTracing(page) {
  let view = puzzleView(3, 3);
  let described = null; // the step-through's answer and its board, to say again in another language
  let redrawExperiment = null;
  const stepper = new Stepper($("puzzle-stepper"), { view, verdict: verdictOf });
  const side = new SideBySide($("side-box"), { view, fetchTrace: (config, signal) => fetchTrace(config, signal) });

  function fetchTrace(config, signal) {
    const { tiles, rows, cols, goal } = page.board();
    return api("npuzzle/trace", { tiles, rows, cols, goal, algorithm: "astar", weight: 1, h_offset: 0,
      time_limit: TRACE_SECONDS, ...config }, signal);
  }

  // Work that waits on the server shows the page's spinner and can be cancelled. One at a
  // time: new work stops the work before it (a side by side asked for during an experiment
  // would wait on the server behind it, then be told it is busy).
  let running = null;
  async function busy(task) {
    page.say("", ""); // an earlier verdict (a refusal, say) is not this work's
    page.stopPlayback(); // a play-back would move the board under the new work
    running?.abort();
    const job = working($("working"), $("working-text"), $("cancel"), (s) => t("searching", s));
    running = job;
    try {
      await task(job.signal, job);
    } catch (err) {
      if (running !== job) return; // replaced by newer work: nothing to say
      if (isCancel(err)) page.say("limit", "cancelled"); else page.sayError(err);
    } finally {
      job.done(running === job);
      if (running === job) running = null;
    }
  }

  function fitView() {
    const { rows, cols } = page.board();
    view = puzzleView(rows, cols);
    stepper.setView(view);
    side.view = view;
  }

  // A trace is only shown under the board it was made for: once the board moves, its place
  // says so until the next Step through.
  function showStepThrough() {
    $("puzzle-stepper").hidden = !described.data;
    $("puzzle-trace-what").textContent = described.data
      ? `${page.describe(described.data)} — ${described.board}` : t("board_changed");
  }

  function boardChanged() {
    if (described?.data) {
      stepper.controls.pause();
      described = { data: null };
      showStepThrough();
    }
    side.controls.pause();
    $("side-view").hidden = true; // Side by side searches the board again when pressed
  }

  $("step-through").addEventListener("click", () => busy(async (signal) => {
    fitView();
    const board = view.text(page.board().tiles);
    const data = await fetchTrace({ ...page.choice(), heuristic: page.heuristic() }, signal);
    if (view.text(page.board().tiles) !== board) return; // moved meanwhile: boardChanged said so
    described = { data, board };
    showStepThrough();
    $("puzzle-trace").hidden = false;
    stepper.load(data);
    $("puzzle-trace").scrollIntoView({ block: "start" });
  }));

  async function sideBySide(configs, run) {
    fitView();
    $("experiment").hidden = true; // an experiment's table is not these two searches'
    side.clear(); // no earlier answers under the new headings while these are searched
    $("side-view").hidden = false;
    side.drawPickers(configs, (chosen) => busy((signal) => side.open(chosen, signal, true)));
    await busy((signal) => side.open(configs, signal, run));
    $("side-view").scrollIntoView({ block: "start" });
  }

  $("side-by-side").addEventListener("click", () => sideBySide(
    [{ heuristic: "manhattan", weight: 1, h_offset: 0 }, { heuristic: "misplaced", weight: 1, h_offset: 0 }], false));

  // h + 3 takes out the same states in the same order as h: seen side by side, run to the end.
  $("exp-offset").addEventListener("click", () => {
    page.setBoard([...LESSON]);
    $("experiment").hidden = true;
    sideBySide([{ heuristic: "manhattan", weight: 1, h_offset: 0 }, { heuristic: "manhattan", weight: 1, h_offset: 3 }], true);
  });

  for (const name of Object.keys(EXPERIMENTS)) {
    $(`exp-${name}`).addEventListener("click", () => {
      page.setBoard([...EXPERIMENTS[name].board]);
      // Drawn while it is the work under way: one replaced by newer work draws nothing more.
      busy(async (signal, job) => {
        const experiment = startExperiment(name, $("experiment"), signal, () => running === job);
        redrawExperiment = experiment.redraw;
        await experiment.done;
      });
    });
  }

  onLanguage(() => {
    stepper.render();
    side.relabel();
    if (side.total) side.render();
    if (described) showStepThrough();
    if (!$("experiment").hidden) redrawExperiment?.();
  });
  return { boardChanged };
}
