// The cube seen from above, front and right (an isometric drawing of faces U, F and R), from
// the same facelet string as the net (URFDLB order, each face row by row as seen from it).
import { COLOURS, FACES } from "./cube-net.js";

const SVG = "http://www.w3.org/2000/svg";
const COS = Math.cos(Math.PI / 6);

// Where a point of the cube (x left to right, y down to up, z back to front) is drawn.
function project(x, y, z, n) {
  return [(x - z + n) * COS, (x + z) * 0.5 - y + n];
}

// The four corners of facelet (row r, column c) of a visible face, in cube coordinates.
const CORNERS = {
  U: (r, c, n) => [[c, n, r], [c + 1, n, r], [c + 1, n, r + 1], [c, n, r + 1]],
  F: (r, c, n) => [[c, n - r, n], [c + 1, n - r, n], [c + 1, n - r - 1, n], [c, n - r - 1, n]],
  R: (r, c, n) => [[n, n - r, n - c], [n, n - r, n - c - 1], [n, n - r - 1, n - c - 1], [n, n - r - 1, n - c]],
};

export function drawCube(box, facelets) {
  const n = Math.round(Math.sqrt(facelets.length / 6));
  const svg = document.createElementNS(SVG, "svg");
  const pad = 0.1;
  svg.setAttribute("viewBox", `${-pad} ${-pad} ${2 * n * COS + 2 * pad} ${2 * n + 2 * pad}`);
  svg.setAttribute("class", "cube-3d-svg");
  for (const face of ["U", "F", "R"]) {
    const f = FACES.indexOf(face);
    for (let k = 0; k < n * n; k++) {
      const points = CORNERS[face](Math.floor(k / n), k % n, n).map(([x, y, z]) => project(x, y, z, n));
      const polygon = document.createElementNS(SVG, "polygon");
      polygon.setAttribute("points", points.map((p) => p.map((v) => v.toFixed(3)).join(",")).join(" "));
      polygon.setAttribute("fill", COLOURS[facelets[f * n * n + k]] ?? "#888");
      polygon.setAttribute("class", `facelet face-${face}`);
      svg.append(polygon);
    }
  }
  box.replaceChildren(svg);
}
