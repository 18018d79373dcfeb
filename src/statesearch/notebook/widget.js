// The notebook widget's glue (anywidget). The drawing is the playground's own: board.js draws
// the board to slide, maze-overlay.js the maze and the search on it, stepper.js the
// step-through (waiting room, g and parent tables, tree).
// The Python side prepends SOURCES, the text of those modules in dependency order; each
// becomes a blob module whose "./name.js" imports point at the blobs made before it, so
// nothing is fetched from a server or the network.

let loaded = null;

function load() {
  if (loaded) return loaded;
  const urls = {};
  for (const [name, text] of SOURCES) {
    const linked = text.replace(/from\s+"\.\/([\w.-]+\.js)"/g, (whole, dep) => `from "${urls[dep]}"`);
    urls[name] = URL.createObjectURL(new Blob([linked], { type: "text/javascript" }));
  }
  const names = ["board.js", "stepper.js", "i18n.js", "puzzle-trace.js", "maze-overlay.js"];
  loaded = Promise.all(names.map((name) => import(urls[name])));
  return loaded;
}

// States that are neither boards nor cells (a user's own problem): shown as the problem
// renders them (`labels`, keyed by the state's JSON, from the kernel).
function textView({ html, svg }, labels) {
  const text = (state) => labels()[JSON.stringify(state)] ?? String(state);
  return {
    kind: "text",
    nodeWidth: 96, // at least: the tree widens a node to its label (pictureIsText)
    pictureHeight: 14,
    pictureIsText: true,
    text,
    small: (state) => html("span", "cell-name state-text", text(state)),
    node(parent, state, width) {
      parent.append(svg("text", { x: width / 2, y: 15, "text-anchor": "middle", class: "node-cell" }, text(state)));
    },
  };
}

function viewFor(board, model) {
  const kind = model.get("kind");
  if (kind === "puzzle") return board.puzzleView(model.get("rows"), model.get("cols"));
  if (kind === "maze") return board.mazeView();
  return textView(board, () => model.get("trace").labels ?? {});
}

async function render({ model, el }) {
  const [board, { Stepper }, i18n, { verdictOf }, mazes] = await load();
  const { html } = board;
  el.classList.add("statesearch-widget");
  const top = html("div", "widget-top");
  const picture = html("div", "widget-picture");
  const controls = html("div", "widget-controls");
  const go = html("button", "widget-trace");
  go.type = "button";
  const said = html("p", "note widget-said");
  controls.append(go, said);
  top.append(picture, controls);
  const title = html("h3", "widget-title");
  const stepBox = html("div");
  const panel = html("section", "trace-panel");
  panel.append(title, stepBox);
  el.replaceChildren(top, panel);
  const kind = model.get("kind");
  // A maze shows the search on its cells as it steps: expanded, waiting, taken out, the path.
  const mazeBox = kind === "maze" ? html("div", "grid") : null;
  const onStep = (replay) => mazeBox && mazes.paintSearch(mazeBox, model.get("maze")[0].length, replay, "none");
  const stepper = new Stepper(stepBox, { view: viewFor(board, model), verdict: verdictOf, onStep });
  let moved = false; // the board slid away from the one the step-through searched

  // Is the trace the search of the board shown now? (The kernel also drops a moved board's
  // trace, but only once it hears of the move, and a notebook without a kernel never does.)
  function ofThisBoard(data) {
    return kind !== "puzzle" || !data.start || String(data.start) === String(model.get("tiles"));
  }

  function slide(cell) {
    const tiles = [...model.get("tiles")];
    const blank = tiles.indexOf(0);
    [tiles[blank], tiles[cell]] = [tiles[cell], tiles[blank]];
    model.set("tiles", tiles);
    model.save_changes();
  }

  function drawPicture() {
    if (kind === "puzzle") {
      const el = html("div", "board");
      board.drawBoard(el, { tiles: model.get("tiles"), rows: model.get("rows"), cols: model.get("cols"),
        goal: model.get("goal"), onSlide: slide });
      picture.replaceChildren(el);
    } else if (mazeBox) {
      mazes.drawMaze(mazeBox, model.get("maze"));
      picture.replaceChildren(mazeBox);
    } else {
      picture.innerHTML = model.get("picture"); // drawn by statesearch.pictures
    }
  }

  function labels() {
    // No language asked for: the page's choice (remembered, else the browser's), told back to
    // the kernel so that its messages follow.
    if (!model.get("language")) {
      model.set("language", i18n.lang());
      model.save_changes();
      return; // the change of language draws the labels
    }
    i18n.setLanguage(model.get("language"));
    el.lang = model.get("language"); // for the CSS: Korean lines break between words
    go.textContent = `${i18n.t("step_through")} (${i18n.searchName(model.get("search"), model.get("kind") === "maze")})`;
    title.textContent = i18n.t("step_through_title");
    // The verdict in the widget's language; the kernel's message is for a mistake.
    const data = model.get("trace");
    said.textContent = moved ? i18n.t("board_changed")
      : data.events ? i18n.t("widget_said", verdictOf(data), data.stats.expanded) : model.get("message");
  }

  function showTrace() {
    const data = model.get("trace");
    stepper.controls.pause();
    if (data.events) moved = !ofThisBoard(data);
    panel.hidden = !data.events || moved;
    if (!panel.hidden) stepper.load(data);
    labels();
  }

  // A moved board puts the old board's search away, and says how to search the new one.
  function boardMoved() {
    drawPicture();
    if (panel.hidden || ofThisBoard(model.get("trace"))) return;
    moved = true;
    stepper.controls.pause();
    panel.hidden = true;
    labels();
  }

  go.addEventListener("click", () => model.send({ do: "trace" }));
  model.on("change:tiles", boardMoved);
  model.on("change:picture", drawPicture);
  model.on("change:trace", showTrace);
  model.on("change:message", labels);
  model.on("change:search", labels);
  model.on("change:language", () => { labels(); stepper.render(); });
  labels();
  drawPicture();
  showTrace();
  return () => stepper.controls.pause();
}

export default { render };
