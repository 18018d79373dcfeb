// The playground's parts that more than one tab shows, written once. index.html marks where each
// goes (data-part, with data-prefix for its elements' ids: "" on the puzzle, "maze-", "tilt-",
// "cube-"); this module, the page's first, puts them in place before the tabs' modules look up
// their elements, and gives their words in the page's language.
import { t } from "./i18n.js";

const PARTS = {
  // A search at work: a spinner, the seconds so far, and Cancel (ui.js's working() runs it).
  working: (p) => `
    <div id="${p}working" class="working" hidden>
      <span class="spinner" aria-hidden="true"></span>
      <span id="${p}working-text"></span>
      <button id="${p}cancel" type="button" data-i18n="cancel"></button>
    </div>`,
  // The weight w of f = g + w·h (a slider and a box, weight.js) and beam search's width, each
  // shown only when the search chosen reads it (choices.js).
  "search-fields": (p, { beam }) => `
    <label id="${p}weight-field" class="weight-field" hidden><span data-i18n="weight"></span>
      <input id="${p}weight-slider" type="range" min="0" max="10" step="0.1" value="2" aria-label="w">
      <input id="${p}weight" type="number" min="0" max="10" step="0.1" value="2" inputmode="decimal"></label>
    <label id="${p}beam-field" hidden><span data-i18n="beam_width"></span>
      <input id="${p}beam" type="number" min="1" max="100000" step="1" value="${beam}" inputmode="numeric"></label>`,
};

// The searches beyond the lesson, offered at the end of each algorithm list that asks for them.
const BEYOND = ["rbfs", "anytime", "beam", "mm", "nbs"];

for (const slot of document.querySelectorAll("[data-part]")) {
  const made = document.createElement("template");
  made.innerHTML = PARTS[slot.dataset.part](slot.dataset.prefix ?? "", slot.dataset);
  for (const word of made.content.querySelectorAll("[data-i18n]")) word.textContent = t(word.dataset.i18n);
  slot.replaceWith(made.content);
}
for (const select of document.querySelectorAll("select[data-beyond]")) {
  for (const name of BEYOND) {
    const option = new Option(t(name), name);
    option.dataset.i18n = name;
    select.append(option);
  }
}
