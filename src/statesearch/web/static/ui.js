import { onProgress } from "./progress.js";
import { t } from "./i18n.js";

// Long requests show that work is going on (a spinner, the seconds so far, and the states
// expanded or the place in line when the search reports them) and can be cancelled; the server
// (or the page's own Python) stops a search whose request is cancelled.
export function working(box, text, cancel, describe) {
  const controller = new AbortController();
  const started = performance.now();
  let progress = null;
  const stopListening = onProgress((snapshot) => { progress = snapshot; });
  const said = () => (progress?.place ? t("in_line", progress.place)
    : progress?.expanded !== undefined ? t("expanded_so_far", progress.expanded) : "");
  const tick = () => { text.textContent = describe((performance.now() - started) / 1000) + said(); };
  tick();
  const timer = setInterval(tick, 100);
  box.hidden = false;
  const stop = () => controller.abort();
  cancel.addEventListener("click", stop, { once: true });
  return {
    signal: controller.signal,
    abort: stop,
    // `shown`: false when a later job has the box now (only this one's clock stops).
    done(shown = true) {
      clearInterval(timer);
      stopListening();
      cancel.removeEventListener("click", stop);
      if (shown) box.hidden = true;
    },
  };
}

// A search's time as a reader takes it in: milliseconds below a second.
export function seconds(s) { return s < 1 ? `${(s * 1000).toFixed(1)} ms` : `${s.toFixed(2)} s`; }

// A grid of cells from rows of text, in reading order, each with its row and column;
// `paint(cell, ch)` gives a cell its look from its character (a wall, a target, ...).
export function drawCells(box, rows, paint) {
  box.style.gridTemplateColumns = `repeat(${rows[0].length}, var(--cell))`;
  box.replaceChildren();
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.dataset.r = r;
    cell.dataset.c = c;
    paint(cell, ch);
    box.append(cell);
  }));
}

// A grid's cell size: as large as fits the space beside it, between `least` and `most` pixels.
export function cellSize(columns, least = 24, most = 48) {
  // On a projector the grid leaves room beside it for the step controls and the waiting room.
  const present = document.body.classList.contains("present") && window.innerWidth > 600;
  const share = present ? 0.42 : window.innerWidth >= 1000 ? 0.55 : 1;
  const width = window.innerWidth - (window.innerWidth <= 600 ? 24 : 48); // less the page's padding
  const room = Math.min(width, window.innerWidth * share);
  const fitting = (space) => Math.floor(space / columns) - 1; // a cell and its 1 px line
  // `least` gives way where even it would not fit the page (a 60-column map on a phone).
  return Math.max(Math.min(least, fitting(width)), Math.min(most, fitting(room)));
}
