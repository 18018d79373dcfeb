// Drawing sliding-tile boards: the big board a student slides (buttons), and small SVG boards
// for tables and the search tree. Used by the playground and the notebook widget alike.

export const SVG_NS = "http://www.w3.org/2000/svg";

// An SVG element with attributes (and text).
export function svg(tag, attrs = {}, text) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (text !== undefined) el.textContent = text;
  return el;
}

// An HTML element with a class (and text).
export function html(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

export function blankLastGoal(n) { return [...Array(n - 1).keys()].map((i) => i + 1).concat([0]); }

// The cells next to `cell` on a rows x cols board.
export function neighbours(cell, rows, cols) {
  const r = Math.floor(cell / cols), c = cell % cols;
  return [[r + 1, c], [r - 1, c], [r, c + 1], [r, c - 1]]
    .filter(([y, x]) => y >= 0 && y < rows && x >= 0 && x < cols)
    .map(([y, x]) => y * cols + x);
}

// How many moves tile `tile` at `cell` is from its goal cell (-1: not in the goal at all).
export function distanceHome(tile, cell, goal, cols) {
  const home = goal.indexOf(tile);
  if (home < 0) return -1;
  return Math.abs(Math.floor(home / cols) - Math.floor(cell / cols)) + Math.abs((home % cols) - (cell % cols));
}

// The board to slide: a tile next to the blank slides into it when clicked (`onSlide(cell)`).
export function drawBoard(el, { tiles, rows, cols, goal, onSlide }) {
  el.style.gridTemplateColumns = `repeat(${cols}, var(--tile))`;
  el.classList.toggle("large", cols > 3);
  el.replaceChildren();
  const movable = new Set(neighbours(tiles.indexOf(0), rows, cols));
  tiles.forEach((tile, cell) => {
    const button = html("button", "tile");
    button.type = "button";
    button.dataset.cell = cell;
    if (tile === 0) {
      button.classList.add("blank");
      button.setAttribute("aria-label", "blank");
    } else {
      button.textContent = tile;
      button.dataset.tile = tile;
      const distance = distanceHome(tile, cell, goal, cols);
      button.append(html("span", "badge", distance < 0 ? "?" : String(distance)));
      if (distance === 0) button.classList.add("home");
      if (movable.has(cell)) button.classList.add("movable");
      button.addEventListener("click", () => onSlide(cell));
    }
    el.append(button);
  });
}

// A small board as SVG children of `parent`, its top left corner at (x, y).
export function miniBoardInto(parent, tiles, cols, cell, x = 0, y = 0) {
  const rows = Math.ceil(tiles.length / cols);
  const group = svg("g", { class: "mini-board", transform: `translate(${x},${y})` });
  group.append(svg("rect", { width: cols * cell, height: rows * cell, class: "mini-frame" }));
  tiles.forEach((tile, i) => {
    const cx = (i % cols) * cell, cy = Math.floor(i / cols) * cell;
    group.append(svg("rect", { x: cx + 0.5, y: cy + 0.5, width: cell - 1, height: cell - 1,
      class: tile === 0 ? "mini-blank" : "mini-tile" }));
    if (tile !== 0) {
      const size = tile > 9 ? cell * 0.52 : cell * 0.62; // two digits still fit their square
      group.append(svg("text", { x: cx + cell / 2, y: cy + cell * 0.5 + size * 0.36, "font-size": size,
        "text-anchor": "middle" }, String(tile)));
    }
  });
  parent.append(group);
  return group;
}

// A small board as its own <svg>, for a table cell; its title spells the board.
export function miniBoard(tiles, cols, cell = 13) {
  const rows = Math.ceil(tiles.length / cols);
  const el = svg("svg", { width: cols * cell, height: rows * cell, class: "mini",
    viewBox: `0 0 ${cols * cell} ${rows * cell}`, role: "img" });
  el.append(svg("title", {}, boardText(tiles, cols)));
  miniBoardInto(el, tiles, cols, cell);
  return el;
}

export function boardText(tiles, cols) {
  const rows = [];
  for (let i = 0; i < tiles.length; i += cols) {
    rows.push(tiles.slice(i, i + cols).map((t) => (t === 0 ? "_" : t)).join(" "));
  }
  return rows.join(" / ");
}

// How each kind of state is shown: `text`, `small` (an element for a table) and `node` (SVG
// content for a tree node at least `nodeWidth` wide, `pictureHeight` high; `pictureIsText`: it
// is `text` in the class node-cell, which the tree measures to widen the node to fit it).
export function puzzleView(rows, cols) {
  const cell = Math.max(rows, cols) > 3 ? 14 : 13; // 15-puzzle tiles have two digits
  return {
    kind: "puzzle",
    nodeWidth: Math.max(66, cols * cell + 16),
    pictureHeight: rows * cell + 4,
    text: (tiles) => boardText(tiles, cols),
    small: (tiles) => miniBoard(tiles, cols, cell),
    node(parent, tiles, width) { miniBoardInto(parent, tiles, cols, cell, (width - cols * cell) / 2, 4); },
  };
}

export function mazeView() {
  return {
    kind: "maze",
    nodeWidth: 62,
    pictureHeight: 14,
    pictureIsText: true,
    text: ([r, c]) => `(${r}, ${c})`,
    small: ([r, c]) => html("span", "cell-name", `(${r}, ${c})`),
    node(parent, [r, c], width) {
      parent.append(svg("text", { x: width / 2, y: 15, "text-anchor": "middle", class: "node-cell" }, `(${r}, ${c})`));
    },
  };
}
