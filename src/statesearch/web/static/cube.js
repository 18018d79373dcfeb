// The cube page: turn faces (buttons or keys), set a cube from a scramble or a facelet string,
// draw random ones, solve optimally on the server and play the solution back on the net.
// The server makes every position (one turn is one request), so the page only draws facelets.
// In the static site the page's own Python answers instead: it solves the 2x2x2 (by
// bidirectional search) but not the 3x3x3, whose page shows the command that solves it.
import { api, isCancel } from "./api.js";
import { Controls } from "./controls.js";
import { drawCube } from "./cube-3d.js";
import { FACES, drawNet, solvedFacelets } from "./cube-net.js";
import { limitName, onLanguage, t } from "./i18n.js";
import { TRANSPORT } from "./transport.js";
import { seconds, working } from "./ui.js";

const $ = (id) => document.getElementById(id);
const SCRAMBLE_MOVES = { 2: 9, 3: 6 }; // short enough for the 3x3x3's fall-back search
const IN_PAGE = TRANSPORT === "worker"; // no compiled search, no tables: the 2x2x2 only
const page = {
  size: 3, facelets: solvedFacelets(3), turned: [], said: null, result: null,
  maxSeconds: 20, korf: { htm: false, qtm: false }, command: "",
};
let queue = Promise.resolve(); // turns are sent one after another, in the order clicked

function draw(facelets) {
  drawNet($("cube-net"), facelets);
  drawCube($("cube-3d"), facelets);
}

// The solution's play-back, a target for the step controls: `cursor` moves made so far.
const playback = {
  cursor: 0, total: 0, states: [], moves: [],
  seek(k) { this.cursor = Math.max(0, Math.min(this.total, k)); },
  render() {
    draw(this.states[this.cursor]);
    [...$("cube-solution").children].forEach((el, i) => {
      el.classList.toggle("done", i < this.cursor);
      el.classList.toggle("current", i === this.cursor - 1);
    });
    controls.show();
  },
};
const controls = new Controls($("cube-steps"), playback, 2);

function say(key, ...args) {
  page.said = key ? { key, args } : null;
  const verdict = $("cube-verdict");
  verdict.textContent = key ? t(key, ...args) : "";
  verdict.className = `verdict ${{ cube_found: "good", cube_found_turned: "good", cube_at_goal: "good", cube_unsolvable: "bad", limit: "limit", error: "bad" }[key] ?? ""}`;
}

function metric() { return $("cube-metric").value; }

// A new position to show: whatever was solved or played back before no longer applies.
function show(facelets, turned = []) {
  page.facelets = facelets;
  page.turned = turned;
  page.result = null;
  controls.pause();
  playback.total = 0;
  $("cube-solution").replaceChildren();
  $("cube-steps").hidden = true;
  $("cube-result").hidden = true;
  $("cube-advice").hidden = true;
  if (!solvesHere()) showNotes(); // the command names the position shown
  $("cube-count").textContent = turned.length;
  $("cube-history").textContent = turned.join(" ");
  draw(facelets);
}

// The position on the net now (during a play-back, the one played to).
function current() { return playback.total ? playback.states[playback.cursor] : page.facelets; }

let solving = null; // the Solve under way: a turn by hand makes its answer another cube's

function turn(move) {
  solving?.abort(); // its answer would be for the cube before this turn
  solving = null;
  queue = queue.then(async () => {
    try {
      const from = current();
      const turned = playback.total ? [] : page.turned;
      const data = await api("cube/state", { size: page.size, cube: from, moves: move });
      show(data.facelets, [...turned, move]);
      say(data.solved ? "cube_at_goal" : "");
    } catch (err) {
      say("error", err.message);
    }
  });
  return queue;
}

async function setUp(path, body, text, random = false) {
  try {
    const data = await api(path, { size: page.size, ...body });
    show(data.facelets);
    if (text !== undefined) $("cube-text").value = text(data);
    if (data.solved) say("cube_at_goal");
    else if (data.invariant) say("cube_unsolvable", data.invariant);
    else if (random) say("cube_seed", data.seed); // its seed, typed back, draws it again
    else say("");
  } catch (err) {
    say("error", err.message);
  }
}

async function solve() {
  say("");
  const cap = page.maxSeconds;
  const job = working($("cube-working"), $("cube-working-text"), $("cube-cancel"),
    (s) => t(IN_PAGE ? "cube_searching_page" : "cube_searching", s, cap));
  $("cube-solve").disabled = true;
  solving = job;
  try {
    const cube = current();
    const turned = playback.total ? [] : page.turned;
    const data = await api("cube/solve", { size: page.size, metric: metric(), cube }, job.signal);
    if (solving !== job) return;
    show(cube, turned);
    page.result = data;
    showResult();
    if (data.status === "solved" && data.length > 0) startPlayback(data);
  } catch (err) {
    if (solving === job) say(isCancel(err) ? "cancelled" : "error", err.message);
  } finally {
    job.done();
    if (solving === job) solving = null;
    $("cube-solve").disabled = false;
  }
}

// Whether this page solves a cube of the size shown (the page's Python: not a 3x3x3).
function solvesHere() { return !(IN_PAGE && page.size === 3); }

// The command that solves the position shown with the installed tool (as the server quotes it).
function toolCommand() {
  return `statesearch solve cube "${current()}"${metric() === "qtm" ? " --metric qtm" : ""}`;
}

// The solution as a cuber writes it, a step each: in the quarter-turn metric a U2 is two of
// the searched turns, so its step passes two of `states` (one per searched turn).
function startPlayback(data) {
  playback.moves = data.solution.split(" ");
  let searched = 0;
  playback.states = [data.states[0], ...playback.moves.map((move) => {
    searched += data.metric === "qtm" && move.endsWith("2") ? 2 : 1;
    return data.states[searched];
  })];
  playback.total = playback.moves.length;
  playback.cursor = 0;
  $("cube-solution").replaceChildren(...playback.moves.map((move, i) => {
    const el = document.createElement("button");
    el.type = "button";
    el.className = "cube-move";
    el.textContent = move.replace("'", "′"); // the prime sign, as on the face buttons
    el.addEventListener("click", () => { controls.pause(); playback.seek(i + 1); playback.render(); });
    return el;
  }));
  $("cube-steps").hidden = false;
  playback.render();
}

// The verdict and the counts of the last search, in the page's language.
function showResult() {
  const data = page.result;
  if (!data) return;
  if (data.status === "solved") {
    // A 2x2x2 is solved around its DBL corner: it may end solved but turned as a whole.
    const turned = data.states?.at(-1) !== solvedFacelets(data.size ?? page.size);
    if (data.length === 0) say("cube_at_goal");
    else say(turned ? "cube_found_turned" : "cube_found", data.length, data.metric ?? metric());
  } else if (data.status === "unsolvable") say("cube_unsolvable", data.invariant ?? data.reason);
  else say("limit", data.stats.expanded, limitName(data.limit));
  // A table's name in the page's words (English keeps the CLI's names).
  const named = data.heuristic && t(`cube_h_${data.heuristic}`);
  const search = [t(data.algorithm), named].filter(Boolean).join(" + ");
  $("cube-r-search").textContent = `${search} (${data.engine === "compiled" ? t("compiled") : t("python")})`;
  for (const count of ["expanded", "generated", "pushed"]) {
    $(`cube-r-${count}`).textContent = data.stats[count].toLocaleString();
  }
  $("cube-r-length").textContent = data.status === "solved" ? data.length : "—";
  $("cube-r-time").textContent = seconds(data.stats.elapsed_s);
  // An invariant refused the cube before any search: no counts to show, as on the puzzle page.
  $("cube-result").hidden = data.proof === "precheck";
  showAdvice(data.advice ? page.command.replace("{metric}", data.metric) : "");
}

// How to get a stronger search, with the command to run.
function showAdvice(command) {
  const box = $("cube-advice");
  box.hidden = !command;
  box.replaceChildren(t("cube_advice"), " ", commandCode(command));
}

// A command, broken between its words only (a facelet string, one long word, anywhere).
function commandCode(command) {
  const code = document.createElement("code");
  code.className = "command";
  command.split(" ").forEach((word, i) => {
    // A facelet string is one long word: it may break anywhere, the others between words only.
    const span = Object.assign(document.createElement("span"), { textContent: word });
    if (word.length > 20) span.className = "long";
    code.append(i ? " " : "", span);
  });
  return code;
}

function showNotes() {
  $("cube-hint").textContent = t("cube_hint", page.size);
  const note = $("cube-search-note");
  const words = t(IN_PAGE ? "cube_note_page" : "cube_note", page.size, page.korf[metric()], page.maxSeconds);
  // The page's Python solves no 3x3x3: no Solve, and the command that solves the one shown.
  $("cube-solve").hidden = !solvesHere();
  if (solvesHere()) note.textContent = words;
  else note.replaceChildren(words, " ", commandCode(toolCommand()));
}

function setSize(size) {
  solving?.abort(); // its answer would be for a cube of the other size
  solving = null;
  page.size = size;
  $("cube-scramble-n").value = SCRAMBLE_MOVES[size];
  $("cube-text").value = "";
  show(solvedFacelets(size));
  say("");
  showNotes();
}

function buildTurnButtons() {
  const box = $("cube-turns");
  for (const suffix of ["", "'", "2"]) {
    for (const face of FACES) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "cube-turn";
      button.dataset.move = face + suffix;
      button.textContent = face + suffix.replace("'", "′");
      button.addEventListener("click", () => turn(face + suffix));
      box.append(button);
    }
  }
}

buildTurnButtons();
$("cube-size").addEventListener("change", () => setSize(Number($("cube-size").value)));
$("cube-metric").addEventListener("change", () => { page.result = null; say(""); showNotes(); });
// A facelet string says its size (24 or 54 symbols, read as the server reads them): switch to it.
$("cube-apply").addEventListener("click", () => {
  const text = $("cube-text").value.trim();
  // Facelets (in one word, or a face a word) tell the cube's size by their count.
  const letters = text.replace(/[\s/]+/g, "");
  const size = { 24: 2, 54: 3 }[/^[^'’23]+$/.test(letters) ? letters.length : 0];
  if (size && size !== page.size) {
    $("cube-size").value = String(size);
    setSize(size);
    $("cube-text").value = text;
  }
  setUp("cube/state", { cube: text });
});
$("cube-text").addEventListener("keydown", (event) => { if (event.key === "Enter") $("cube-apply").click(); });
$("cube-reset").addEventListener("click", () => { $("cube-text").value = ""; show(solvedFacelets(page.size)); say(""); });
// An empty seed field draws a new cube each time; a seed typed in draws the same one again.
const seeded = () => ($("cube-seed").value === "" ? {} : { seed: Number($("cube-seed").value) });
$("cube-scramble").addEventListener("click", () => setUp("cube/random",
  { moves: Number($("cube-scramble-n").value), metric: metric(), ...seeded() }, (data) => data.scramble));
$("cube-random").addEventListener("click", () => setUp("cube/random",
  { metric: metric(), ...seeded() }, (data) => data.facelets, true));
$("cube-solve").addEventListener("click", solve);
document.addEventListener("keydown", (event) => {
  if ($("tab-cube").hidden || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest?.("input, select, textarea")) return;
  const face = event.key.toUpperCase();
  if (face.length === 1 && FACES.includes(face)) {
    event.preventDefault();
    turn(face + (event.shiftKey ? "'" : ""));
  }
});
onLanguage(() => {
  showNotes();
  if (page.said) say(page.said.key, ...page.said.args);
  showResult();
  controls.show();
});
api("cube/info").then((info) => {
  page.maxSeconds = info.max_seconds;
  page.korf = info.korf;
  page.command = info.build_tables;
  showNotes();
}).catch(() => {});
$("cube-size").value = IN_PAGE ? "2" : "3";
setSize(IN_PAGE ? 2 : 3);
