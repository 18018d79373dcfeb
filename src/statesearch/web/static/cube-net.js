// The cube as a net of facelets, drawn from its facelet string (URFDLB order, each face's
// facelets row by row, as the server gives it): U above F, then L F R B in a row, D below F.
// Colours of the usual scheme: white U, red R, green F, yellow D, orange L, blue B.
const SVG = "http://www.w3.org/2000/svg";
export const FACES = "URFDLB";
export const COLOURS = { U: "#ffffff", R: "#c41e3a", F: "#009e60", D: "#ffd500", L: "#ff5800", B: "#0051ba" };
const PLACE = { U: [1, 0], L: [0, 1], F: [1, 1], R: [2, 1], B: [3, 1], D: [1, 2] }; // (column, row) in faces
const CELL = 20; // units of the drawing; the SVG scales to its box
const GAP = 4;

export function solvedFacelets(size) {
  return [...FACES].map((face) => face.repeat(size * size)).join("");
}

// Draws the net into `box` (replacing what was there); `box.dataset.facelets` keeps the string,
// so a test or a reader can see exactly what is shown.
export function drawNet(box, facelets) {
  const n = Math.round(Math.sqrt(facelets.length / 6));
  const side = n * CELL + GAP;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${4 * side + GAP} ${3 * side + GAP}`);
  svg.setAttribute("class", "cube-svg");
  [...FACES].forEach((face, f) => {
    const [col, row] = PLACE[face];
    const label = document.createElementNS(SVG, "text");
    // On the centre facelet of a 3x3x3; a 2x2x2 has none, so in its face's first facelet.
    const at = n % 2 ? (n * CELL) / 2 : 5;
    label.setAttribute("x", col * side + GAP + at);
    label.setAttribute("y", row * side + GAP + at);
    label.setAttribute("class", "face-name");
    label.textContent = face;
    for (let k = 0; k < n * n; k++) {
      const colour = facelets[f * n * n + k];
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("x", col * side + GAP + (k % n) * CELL);
      rect.setAttribute("y", row * side + GAP + Math.floor(k / n) * CELL);
      rect.setAttribute("width", CELL);
      rect.setAttribute("height", CELL);
      rect.setAttribute("rx", 2);
      rect.setAttribute("fill", COLOURS[colour] ?? "#888");
      rect.setAttribute("class", "facelet");
      svg.append(rect);
    }
    svg.append(label); // on top of the facelets: which face this is
  });
  box.replaceChildren(svg);
  box.dataset.facelets = facelets;
}
