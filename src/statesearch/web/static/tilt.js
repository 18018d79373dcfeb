// The tilt page: edit a board, play it with the arrow keys, the on-screen arrows or a swipe
// (every block moves), and solve it with the search the CLI picks (bidirectional where it fits).
import { api, isCancel } from "./api.js";
import { limitName, onLanguage, t } from "./i18n.js";
import { cellSize, drawCells, working } from "./ui.js";

const $ = (id) => document.getElementById(id);
const START = "o..#....\n..#..o..\n........\n.#..##..\n......x.\n..o..#x.\n.....#x.\n........";
const SWIPE = 30; // pixels a finger must travel to count as a swipe
let board = START;
let history = [];
let said = null; // what the verdict says, kept to say it again in another language
let playback = null;
let swipeFrom = null;

function fit() {
  const width = board.split("\n")[0].length;
  $("tilt").style.setProperty("--cell", `${cellSize(width, 28, 56)}px`);
}

function render() {
  const rows = board.split("\n");
  const box = $("tilt");
  fit();
  drawCells(box, rows, (cell, ch) => {
    if (ch === "#") cell.classList.add("wall");
    if (ch === "x" || ch === "@") cell.classList.add("target");
    if (ch === "o" || ch === "@") cell.classList.add("block");
  });
  $("tilt-moves").textContent = history.length;
}

// The verdict's colour, as on the other pages: found and solved green, proofs and errors red.
const TONE = { tilt_found: "good", tilt_solved: "good", limit: "limit", cancelled: "limit", error: "bad",
  tilt_walled_in: "bad", tilt_exhausted: "bad", tilt_unsolvable: "bad" };

function say(key, ...args) {
  said = key ? { key, args } : null;
  $("tilt-verdict").textContent = said ? t(key, ...args) : "";
  $("tilt-verdict").className = `verdict ${TONE[key] ?? ""}`;
}

// A playback stopped part-way leaves a consistent page: each board it showed came with its
// letter and its Undo entry, so the board reached is simply where the visitor now is.
function stopPlayback() {
  clearInterval(playback);
  playback = null;
}

// One request at a time: a second Solve or Generate would race the first to the board.
function startJob(describe) {
  stopPlayback();
  $("tilt-solve").disabled = $("tilt-generate").disabled = true;
  const job = working($("tilt-working"), $("tilt-working-text"), $("tilt-cancel"), describe);
  return { signal: job.signal, done() { job.done(); $("tilt-solve").disabled = $("tilt-generate").disabled = false; } };
}

// A tap paints only with a tool chosen (a tap while playing must not end the game); painting
// after moves starts a new game from the board as painted, and says so.
function paint(r, c) {
  const tool = $("tilt-tool").value;
  if (!tool) return;
  stopPlayback();
  const rows = board.split("\n");
  const played = history.length;
  const here = rows[r][c];
  let next = tool;
  if (tool === "o" && (here === "x" || here === "@")) next = "@";
  if (tool === "x" && (here === "o" || here === "@")) next = "@";
  rows[r] = rows[r].slice(0, c) + next + rows[r].slice(c + 1);
  board = rows.join("\n");
  history = [];
  $("tilt-history").textContent = "";
  say(played ? "tilt_edited" : "", played); // the last answer was for another board
  render();
}

function addLetter(direction) {
  $("tilt-history").textContent = ($("tilt-history").textContent + direction).slice(-40);
}

async function move(direction) {
  if (playback) return;
  try {
    const data = await api("tilt/move", { board, direction });
    if (!data.moved) return;
    history.push(board);
    board = data.board;
    addLetter(direction);
    render();
    say(data.solved ? "tilt_solved" : "", history.length);
  } catch (err) {
    say("error", err.message);
  }
}

async function solve() {
  const job = startJob((s) => t("searching", s));
  say("");
  const asked = board;
  try {
    const data = await api("tilt/solve", { board, algorithm: "auto" }, job.signal);
    if (board !== asked) return; // tilted or painted meanwhile: the answer is for another board
    if (data.status !== "solved") {
      if (data.status === "unsolvable") say(...proofOf(data));
      else say("limit", data.stats.expanded, limitName(data.limit));
      return;
    }
    say("tilt_found", data.length, data.optimal, data.stats.expanded);
    // Played back move by move as if tilted by hand: each letter comes with its board, so the
    // letters, the count (g) and Undo agree; the play ends with its last board (Undo at once).
    let i = 1;
    if (data.boards.length > 1) playback = setInterval(() => {
      history.push(board);
      addLetter(data.moves[i - 1]);
      board = data.boards[i++];
      render();
      if (i >= data.boards.length) stopPlayback();
    }, 250);
  } catch (err) {
    say(isCancel(err) ? "cancelled" : "error", err.message);
  } finally {
    job.done();
  }
}

// The proof the server sent, in the page's words: the region check (before any search) names
// its counts; a search that ran out of boards proves it by exhausting them.
function proofOf(data) {
  const region = data.reason.match(/holds (\d+) blocks? and (\d+) targets?/);
  if (region) return ["tilt_walled_in", Number(region[1]), Number(region[2])];
  if (data.proof === "exhausted") return ["tilt_exhausted", data.stats.expanded];
  return ["tilt_unsolvable", data.reason];
}

async function generate() {
  const job = startJob((s) => t("generating", s));
  try {
    const data = await api("tilt/generate", {
      seed: Number($("tilt-seed").value), blocks: Number($("tilt-blocks").value),
      min_length: Number($("tilt-min").value),
    }, job.signal);
    board = data.board.trim();
    history = [];
    say("");
    $("tilt-history").textContent = "";
    render();
  } catch (err) {
    say(isCancel(err) ? "cancelled" : "error", err.message);
  } finally {
    job.done();
  }
}

document.addEventListener("keydown", (event) => {
  if ($("tab-tilt").hidden || event.target.closest?.("input, select, textarea")) return;
  const direction = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" }[event.key];
  if (direction) { event.preventDefault(); move(direction); }
});
for (const arrow of document.querySelectorAll(".arrow")) {
  arrow.addEventListener("click", () => move(arrow.dataset.direction));
}
// A tap paints the cell under it; a swipe tilts the board the way the finger went.
$("tilt").addEventListener("pointerdown", (event) => {
  swipeFrom = { x: event.clientX, y: event.clientY, cell: event.target.closest(".cell") };
});
$("tilt").addEventListener("pointerup", (event) => {
  if (!swipeFrom) return;
  const dx = event.clientX - swipeFrom.x, dy = event.clientY - swipeFrom.y;
  const { cell } = swipeFrom;
  swipeFrom = null;
  if (Math.max(Math.abs(dx), Math.abs(dy)) >= SWIPE) {
    move(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "R" : "L") : (dy > 0 ? "D" : "U"));
  } else if (cell) {
    paint(Number(cell.dataset.r), Number(cell.dataset.c));
  }
});
$("tilt-undo").addEventListener("click", () => {
  if (!history.length || playback) return;
  board = history.pop();
  $("tilt-history").textContent = $("tilt-history").textContent.slice(0, -1);
  say("");
  render();
});
$("tilt-solve").addEventListener("click", solve);
$("tilt-generate").addEventListener("click", generate);
window.addEventListener("resize", fit);
onLanguage(() => {
  $("tilt-verdict").textContent = said ? t(said.key, ...said.args) : "";
});
render();
