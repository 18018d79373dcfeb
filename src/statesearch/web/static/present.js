// A classroom's page: a presentation mode for a projector (the board, the step controls and
// the top of the waiting room on one screen, large mini-boards, keys to step), the step
// controls kept in view on a phone, and play-back that brings the board into view.
import { onLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const KEPT = "statesearch-present";

function remembered() {
  try { return localStorage.getItem(KEPT) === "1"; } catch { return false; }
}

function setPresent(on, resize = true) {
  document.body.classList.toggle("present", on);
  $("present").setAttribute("aria-pressed", String(on));
  $("present").textContent = t(on ? "present_off" : "present_on");
  try { localStorage.setItem(KEPT, on ? "1" : "0"); } catch { /* not remembered */ }
  if (resize) window.dispatchEvent(new Event("resize")); // the grids size their cells to the page
}

// The open tab's step controls that are on the page (a step-through, else side by side).
function activeControls() {
  const tab = document.querySelector(".page:not([hidden])");
  return [...(tab?.querySelectorAll(".step-controls") ?? [])].find((bar) => bar.offsetParent !== null) ?? null;
}

// → a step, ← a step back, space run or pause: in presentation mode, whenever a step-through
// (or side by side) is open; the arrows slide tiles otherwise.
document.addEventListener("keydown", (event) => {
  if (!document.body.classList.contains("present") || event.target.closest?.("input, select, textarea")) return;
  const bar = activeControls();
  const button = { ArrowRight: ".step-step", ArrowLeft: ".step-back", " ": ".step-run" }[event.key];
  if (!bar || !button) return;
  event.preventDefault();
  event.stopImmediatePropagation(); // not a slide of the board as well
  bar.querySelector(button)?.click();
}, { capture: true });

// What stays pinned at the top of a phone's screen (the board while a step-through is open,
// the maze) is measured, so that the step controls stick just below it.
const pinned = new ResizeObserver(() => {
  for (const [el, name] of [[boardColumn, "--board-h"], [$("maze"), "--maze-h"]]) {
    document.documentElement.style.setProperty(name, `${el.offsetHeight}px`);
  }
});
const boardColumn = $("board").closest(".board-column"); // pinned whole: the board on a strip
pinned.observe(boardColumn);
pinned.observe($("maze"));

// Play-back animates the board: bring it into view when it is not (a phone scrolled down to
// the Play button).
export function showBoard() {
  const box = $("board").getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) $("board").scrollIntoView({ block: "start" });
}

$("present").addEventListener("click", () => setPresent(!document.body.classList.contains("present")));
onLanguage(() => setPresent(document.body.classList.contains("present"), false));
const asked = new URLSearchParams(location.search).get("present");
setPresent(asked === null ? remembered() : asked === "1", false); // before the grids are drawn
