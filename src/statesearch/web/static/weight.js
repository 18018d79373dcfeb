// The weight w of f = g + w·h: a slider (0 to 10 in steps of 0.1) and a number box that takes
// any w typed in (1.1, 7.25), from 0 to 10 as the server does. The box holds the value searched
// with; the server refuses one outside, in the page's language.
export function linkWeight(slider, box, changed = () => {}) {
  slider.addEventListener("input", () => { box.value = slider.value; changed(); });
  box.addEventListener("input", () => {
    const w = weightOf(box);
    if (Number.isFinite(w) && w >= 0) slider.value = String(Math.min(w, Number(slider.max)));
    changed();
  });
}

// The weight typed (NaN for an empty box: no search is made with a weight nobody gave).
export function weightOf(box) { return box.value.trim() === "" ? NaN : Number(box.value); }
