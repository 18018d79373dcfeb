"""The teacher's notebook. ``examples/lesson.ipynb`` runs headless (nbclient, on the venv's own
kernel) and shows the lesson's numbers; the pictures need no widget library and spell what
they draw; the widget's front end (the playground's own modules, linked in the page) draws a
board to slide and steps through a search in Chromium (never a downloaded one, no network)."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient
from playwright.sync_api import Browser, Page, Route, ViewportSize
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import test_browser
from statesearch import Limits, solve
from statesearch import pictures as render
from statesearch.maze import LESSON_MAZE, Maze
from statesearch.notebook import SearchWidget
from statesearch.notebook.widget import IMPORT, module_sources
from statesearch.npuzzle import NPuzzle
from statesearch.tilt.board import format_tilt
from statesearch.tilt.problem import Tilt
from test_browser import ARTIFACTS, LAPTOP, PHONE

ROOT = Path(__file__).resolve().parent.parent
LESSON = "7 2 4 5 0 6 8 3 1"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

# What each tagged cell of the notebook must print: the lesson's numbers, computed there.
EXPECTED = {
    "maze-slots": [
        r"a Problem: True",
        r"A\* on our own maze: 17 steps, 52 expanded",
        r"A\* on statesearch's maze: 17 steps, 52 expanded",
    ],
    "maze-result": [r"solved: 17 moves \(optimal\)", r"<td[^>]*>52</td>"],
    "lesson-extras": [  # h3, w = 5 and h + 3, as the lesson and the playground give them
        r"h3 \(row/column\): 891 expanded, 20 moves, optimal: True",
        r"h2, w = 5: 59 expanded, 20 moves, optimal: False",
        r"h2: 283 taken out; h2 \+ 3: 283; same order: True",
    ],
    "puzzle-slots": [r"h\(start\): misplaced 6 · manhattan 14"],
    "puzzle-picture": [r"<title>7 2 4 / 5 _ 6 / 8 3 1</title>", r"solvable"],
    "heuristics-table": [
        r"zero \(h = 0\)\s+48,390\s+66,516\s+20",
        r"misplaced tiles\s+3,667\s+5,750\s+20",
        r"Manhattan distance\s+283\s+451\s+20",
        r"statesearch's NPuzzle with manhattan: 283 expanded, 20 moves",
    ],
    "dominance": [
        r"boards compared: 362,880",
        r"misplaced > manhattan on 0 boards",
        r"manhattan - misplaced is at most 14",
        r"manhattan\s+admissible True, consistent True",
    ],
    "not-found": [
        r"zero\s+limit reached\s+13,594 expanded\s+pushed 20,000 states",
        r"misplaced\s+solved\s+3,667 expanded",
        r"manhattan\s+solved\s+283 expanded",
    ],
    "does-not-exist": [
        r"with the parity check: unsolvable, 0 expanded:\n  parity: 11 inversions",
        r"searching anyway: unsolvable, 181,440 expanded",
    ],
    "unsolvable-picture": [r"<title>2 8 1 / 4 6 3 / _ 7 5</title>", r"unsolvable \(the other half"],
    "trace": [
        r"step 1: pop 7 2 4 5 0 6 8 3 1  f = 14 = 0 \+ 14",
        r"the goal is taken out at expansion 283, with f = g = 20",
        r"pops 283 = expanded 283",
        r"pushes \+ improvements 451 = pushed 451",
        r"child events 747 = generated 747",
        r"f = 14 = 2 \+ 12   0 2 4 7 5 6 8 3 1",
    ],
    "trace-steps": [
        r"1 taken out\s+7 2 4 5 0 6 8 3 1  f = 14 = 0 \+ 14",
        r"2 reached before 7 2 4 5 0 6 8 3 1 from 7 2 4 0 5 6 8 3 1  \(at no greater cost\)",
    ],
    "stale": [
        r"cheaper paths found \(improve\) 2, stale entries turned away 1",
        r"after expansion 42: out comes 4 5 3 0 2 6 7 8 1 with g = 21,",
        r"the g table holds g = 17 for it, reached from 4 5 3 2 0 6 7 8 1: turned away",
        r"gives 20 moves, the solution's 20",
    ],
    "widget-state": [r"solved: 20 moves \(optimal\); 283 expanded", r"status solved"],
    "tilt": [r"<title>o\.\.#\n\.#\.x\n\.\.\.x\no\.\.\.</title>", r"solved: 5 moves"],
}


def cell_text(cell: Any) -> str:
    """Everything a cell showed: printed text, and the text and HTML of its results."""
    parts = []
    for output in cell.outputs:
        if output.output_type == "stream":
            parts.append(output.text)
        elif output.output_type in ("execute_result", "display_data"):
            parts.extend(v for k, v in output.data.items() if k in ("text/plain", "text/html"))
    return "".join(parts)


@pytest.fixture(scope="module")
def lesson() -> Any:
    path = ROOT / "examples" / "lesson.ipynb"
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    client = NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT / "examples")}},
    )
    client.execute()  # raises CellExecutionError, naming the cell, if any cell fails
    return notebook


def tagged(notebook: Any) -> dict[str, Any]:
    return {tag: c for c in notebook.cells for tag in c.metadata.get("tags", [])}


def test_the_lesson_runs_and_shows_its_numbers(lesson: Any) -> None:
    cells = tagged(lesson)
    code = [c for c in lesson.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in code)
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    missing = [
        (tag, pattern)
        for tag, patterns in EXPECTED.items()
        for pattern in patterns
        if not re.search(pattern, cell_text(cells[tag]))
    ]
    assert missing == []


def test_the_lesson_widgets_hold_the_lesson_search(lesson: Any) -> None:
    """The widget cells show widgets, and the state the kernel sent is the lesson's trace."""
    cells = tagged(lesson)
    views = {}
    for tag in ("widget", "maze-widget"):
        (shown,) = [o for o in cells[tag].outputs if WIDGET_VIEW in o.get("data", {})]
        views[tag] = shown.data[WIDGET_VIEW]["model_id"]
    state = lesson.metadata.widgets[WIDGET_STATE]["state"]
    puzzle = state[views["widget"]]["state"]
    assert (puzzle["kind"], puzzle["tiles"]) == ("puzzle", [7, 2, 4, 5, 0, 6, 8, 3, 1])
    trace = puzzle["trace"]
    assert trace["events"][0] == {
        "event": "pop",
        "step": 1,
        "state": [7, 2, 4, 5, 0, 6, 8, 3, 1],
        "f": 14,
        "g": 0,
        "h": 14,
    }
    assert trace["counts"]["pop"] == trace["stats"]["expanded"] == 283
    maze = state[views["maze-widget"]]["state"]
    assert maze["kind"] == "maze"
    assert (maze["trace"]["algorithm"], maze["trace"]["length"]) == ("bfs", 17)


def test_importing_statesearch_loads_no_widget_library() -> None:
    """The CLI starts quickly, and the pictures work without the notebook extra."""
    script = (
        "import sys, statesearch, statesearch.notebook\n"
        "from statesearch.npuzzle import NPuzzle\n"
        "assert '<svg' in NPuzzle.from_text('1 2 3 4 5 6 7 0 8')._repr_html_()\n"
        "print(sorted(m for m in ('anywidget', 'ipywidgets', 'traitlets') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_pictures_spell_what_they_draw() -> None:
    puzzle = NPuzzle.from_text(LESSON)
    assert "<title>7 2 4 / 5 _ 6 / 8 3 1</title>" in puzzle._repr_html_()
    assert "<title>1 2 3 / 4 5 6 / 7 8 _</title>" in puzzle._repr_html_()
    assert puzzle._repr_html_().count("<rect") == 18  # two boards of nine cells
    assert "solvable" in puzzle._repr_html_() and "unsolvable" not in puzzle._repr_html_()
    assert "unsolvable" in NPuzzle.from_text("2 8 1 4 6 3 0 7 5")._repr_html_()
    maze = Maze.parse(LESSON_MAZE)
    assert f"<title>{LESSON_MAZE.strip()}</title>" in maze._repr_html_()
    path = solve(maze, "astar", "manhattan").path
    assert render.maze_svg(maze.rows, path).count("<circle") == len(path) == 18
    tilt = Tilt.from_text("o..#\n.#.x\n@..x\no...\n")
    assert f"<title>{format_tilt(tilt.board)}</title>" in render.tilt_html(tilt)
    assert "&lt;script&gt;" in render.maze_svg(["<script>"])  # text is escaped


def test_results_say_what_they_prove() -> None:
    limited = solve(NPuzzle.from_text(LESSON), "astar", "zero", limits=Limits(max_pushed=20_000))
    shown = limited._repr_html_()
    assert "limit reached (pushed): " in shown and "this proves nothing" in shown
    assert '<td style="font-variant-numeric:tabular-nums">13,594</td>' in shown
    proof = solve(NPuzzle.from_text("2 8 1 4 6 3 0 7 5"), "astar", "manhattan")._repr_html_()
    assert "unsolvable: parity: 11 inversions" in proof
    solved = solve(NPuzzle.from_text(LESSON), "idastar", "manhattan")._repr_html_()
    assert "solved: 20 moves (optimal)" in solved and "14, 16, 18, 20" in solved


def test_the_front_end_gets_every_module_after_what_it_imports() -> None:
    sources = module_sources()
    names = [name for name, _ in sources]
    assert len(names) == len(set(names))
    for position, (name, text) in enumerate(sources):
        imported = IMPORT.findall(text)
        assert all(names.index(dep) < position for dep in imported), name
        # the glue links only `from "./x.js"`: no other relative import may hide in a module
        assert len(re.findall(r"""['"]\./[\w.-]+\.js['"]""", text)) == len(imported), name
    assert {"board.js", "stepper.js", "trace-model.js", "tree.js", "i18n.js"} <= set(names)


browser = test_browser.browser  # the same Chromium fixture as the playground's tests

# The widget's front end in a real browser, with a stand-in for the notebook's model: `get`,
# `set` (with change events), `save_changes`, `send` and `on`, as anywidget gives them.
MOUNT = """
async ([esm, css, state]) => {
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
  const handlers = {};
  window.sent = [];
  window.model = {
    get: (key) => state[key],
    set(key, value) { state[key] = value; for (const f of handlers[`change:${key}`] ?? []) f(); },
    on(name, f) { (handlers[name] ??= []).push(f); },
    save_changes() { window.saved = structuredClone(state); },
    send(content) { window.sent.push(content); },
  };
  const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
  const widget = await import(url);
  await widget.default.render({ model: window.model, el: document.getElementById("widget") });
}
"""


def mount(browser: Browser, widget: SearchWidget, viewport: ViewportSize) -> Page:
    page = browser.new_context(viewport=viewport).new_page()
    outside: list[str] = []

    def refuse(route: Route) -> None:
        outside.append(route.request.url)
        route.abort()

    page.route("**/*", refuse)
    page.set_content('<main><div id="widget"></div></main>')
    state = json.loads(json.dumps(widget.get_state()))
    page.evaluate(MOUNT, [state.pop("_esm"), state.pop("_css"), state])
    assert outside == []
    return page


def test_a_maze_widget_paints_the_search_on_the_maze_as_it_steps(browser: Browser) -> None:
    """The maze was a still picture beside the step-through: the lesson's BFS now spreads
    over its cells, layer by layer, as in the playground, and ends with the path."""
    widget = SearchWidget(Maze.parse(LESSON_MAZE), "bfs").run()
    page = mount(browser, widget, LAPTOP)
    cells = page.locator(".widget-picture .grid .cell")
    assert cells.count() == 7 * 12
    assert page.locator(".widget-picture .cell.wall").count() == LESSON_MAZE.count("#")
    for _ in range(3):
        page.click(".step-controls .step-step")
    assert page.locator(".widget-picture .cell.expanded").count() == 3
    assert page.locator(".widget-picture .cell.current").count() == 1
    assert page.locator(".widget-picture .cell.frontier").count() >= 1
    page.click(".step-controls .step-end")
    assert page.locator(".widget-picture .cell.path").count() == 18  # 17 steps
    # Each line of the layers names its depth, with no list number beside it ("17. depth 16").
    depths = page.locator(".layers .bounds-list")
    assert depths.evaluate("(el) => getComputedStyle(el).listStyleType") == "none"
    assert depths.locator("li").last.inner_text() == "depth 16: 1 state"
    assert page.locator(".widget-trace").inner_text() == "Step through (Breadth-first)"
    # The grid's styles are scoped: a notebook's own "cell" (Jupyter's class) keeps its look.
    own = page.evaluate(
        """() => { const el = document.createElement("div"); el.className = "cell wall";
        document.querySelector("main").append(el); const s = getComputedStyle(el);
        return [s.display, s.backgroundColor]; }"""
    )
    assert own == ["block", "rgba(0, 0, 0, 0)"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "notebook-maze-widget-1280x800.png"), full_page=True)
    page.context.close()


def test_the_widget_steps_through_the_lesson_board(browser: Browser) -> None:
    widget = SearchWidget(LESSON, "astar", "manhattan").run()
    page = mount(browser, widget, LAPTOP)
    assert page.locator(".board .tile").count() == 9
    assert page.locator(".board .tile.movable").count() == 4  # the blank is in the middle
    assert "f = 14 = 0 + 14" in page.locator(".step-words").inner_text()
    page.click(".step-controls .step-step")
    assert "f = 14 = 0 + 14" in page.locator(".step-words").inner_text()
    assert page.locator(".room tr.taken").count() == 1
    page.click(".step-controls .step-end")
    assert "Found a 20-move solution" in page.locator(".step-verdict").inner_text()
    assert page.locator('svg.tree [data-step="283"]').count() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "notebook-widget-1280x800.png"), full_page=True)
    said = page.locator(".widget-said")
    assert said.inner_text() == "Found a 20-move solution (optimal). 283 states expanded."
    # The search in the page's words, not the code's ("astar + manhattan").
    assert page.locator(".widget-trace").inner_text() == "Step through (A* + h2 Manhattan distance)"
    page.evaluate("() => window.model.set('language', 'ko')")
    assert page.locator(".widget-trace").inner_text() == "단계별로 보기 (A* + h2 맨해튼 거리)"
    # The line under the button speaks the widget's language too, not the kernel's English.
    assert said.inner_text() == "20번 이동하는 길을 찾았습니다 (최소 이동). 둘러본 상태 283개."
    korean = page.locator(".statesearch-widget .step-words")  # lines break between words
    assert korean.evaluate("(el) => getComputedStyle(el).wordBreak") == "keep-all"
    page.context.close()


def test_sliding_a_tile_in_the_widget_changes_the_board_searched(browser: Browser) -> None:
    widget = SearchWidget(LESSON, "astar", "manhattan").run()
    page = mount(browser, widget, PHONE)
    page.click(".step-controls .step-run")  # running when the board moves
    page.click('.board .tile[data-tile="5"]')  # left of the blank: the blank moves left
    slid = page.evaluate("() => window.saved.tiles")
    assert slid == [7, 2, 4, 0, 5, 6, 8, 3, 1]
    # The old board's search goes at once, before the kernel hears of the move (or without one).
    assert page.locator(".trace-panel").is_hidden()
    assert page.locator(".step-run.running").count() == 0
    said = page.locator(".widget-said")
    assert said.inner_text() == (
        "No trace is shown for the board as it is now: press Step through to search it."
    )
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "notebook-widget-moved-390x844.png"), full_page=True)
    widget.tiles = slid  # what the notebook's comm does with the saved change
    assert (widget.problem.initial, widget.trace) == (tuple(slid), {})
    page.evaluate("() => window.model.set('trace', {})")  # the kernel's answer
    assert said.inner_text().startswith("No trace is shown for the board")
    page.evaluate("() => window.model.set('language', 'ko')")
    assert said.inner_text() == "지금 판의 추적은 아직 없습니다: '단계별로 보기'를 눌러 탐색하세요."
    page.evaluate("() => window.model.set('language', 'en')")
    page.click(".widget-trace")
    (asked,) = page.evaluate("() => window.sent")
    widget._message(widget, asked, [])
    alone = solve(NPuzzle(tuple(slid), 3, 3), "astar", "manhattan")
    assert widget.result is not None
    counters = [(r.length, r.stats.expanded, r.stats.pushed) for r in (widget.result, alone)]
    assert counters[0] == counters[1]
    assert widget.trace["events"][0]["state"] == widget.trace["start"] == slid
    # The new search reaches the page: its step-through starts from the board shown now.
    page.evaluate(
        "(state) => { window.model.set('message', state.message); "
        "window.model.set('trace', state.trace); }",
        {"message": widget.message, "trace": widget.trace},
    )
    assert page.locator(".trace-panel").is_visible()
    assert page.locator(".step-picture title").text_content() == "7 2 4 / _ 5 6 / 8 3 1"
    assert widget.result is not None
    assert said.inner_text() == (
        f"Found a {widget.result.length}-move solution (optimal). "
        f"{widget.result.stats.expanded:,} states expanded."
    )
    page.screenshot(path=str(ARTIFACTS / "notebook-widget-390x844.png"), full_page=True)
    page.context.close()


def test_the_widget_button_says_a_mistake_in_the_widget() -> None:
    widget = SearchWidget(LESSON, "a-star-ish")
    widget._message(widget, {"do": "trace"}, [])
    assert "a-star-ish" in widget.message and widget.trace == {}


def test_a_widget_refuses_a_board_that_is_not_one() -> None:
    widget = SearchWidget(LESSON)
    widget.tiles = [1, 1, 2, 3, 4, 5, 6, 7, 8]
    assert widget.problem.initial == tuple(int(t) for t in LESSON.split())
    assert widget.tiles == list(widget.problem.initial)
    assert widget.message == "duplicate tiles: 1"
    korean = SearchWidget(LESSON, language="ko")
    korean.tiles = [1, 1, 2, 3, 4, 5, 6, 7, 8]
    assert korean.message == "중복된 조각: 1"  # the mistake, in the widget's language


class Jugs:
    """A user's own problem: fill, empty and pour a 3- and a 5-litre jug until one holds 4."""

    initial = (0, 0)

    def is_goal(self, state: tuple[int, int]) -> bool:
        return 4 in state

    def successors(self, state: tuple[int, int]) -> Iterator[tuple[str, tuple[int, int], int]]:
        a, b = state
        pour_ab, pour_ba = min(a, 5 - b), min(b, 3 - a)
        yield "fill 3", (3, b), 1
        yield "fill 5", (a, 5), 1
        yield "empty 3", (0, b), 1
        yield "empty 5", (a, 0), 1
        yield "pour 3 into 5", (a - pour_ab, b + pour_ab), 1
        yield "pour 5 into 3", (a + pour_ba, b - pour_ba), 1

    def render(self, state: tuple[int, int]) -> str:
        return f"{state[0]} L + {state[1]} L"


def test_the_widget_shows_a_users_states_as_the_problem_renders_them(browser: Browser) -> None:
    widget = SearchWidget(Jugs(), "bfs").run()
    assert widget.kind == "text" and widget.result is not None
    goal = Jugs().render(widget.result.path[-1])
    page = mount(browser, widget, LAPTOP)
    assert page.locator(".step-picture").inner_text() == "0 L + 0 L"
    page.click(".step-controls .step-end")
    assert "Found a 6-move solution" in page.locator(".step-verdict").inner_text()
    assert goal in page.locator("svg.tree").inner_html()
    page.context.close()


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``make notebook``, as the README gives it, on a port of its own and without a browser;
    its settings (no autosave: the lesson is kept without outputs; no news) in a directory of
    the test's."""
    settings = tmp_path_factory.mktemp("lab-settings")
    for plugin, values in LAB_SETTINGS.items():  # package/plugin: as JupyterLab keeps them
        (settings / plugin).parent.mkdir(parents=True, exist_ok=True)
        (settings / f"{plugin}.jupyterlab-settings").write_text(json.dumps(values))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # Its checkpoints (a copy of each notebook it opens) in the test's directory too.
    checkpoints = tmp_path_factory.mktemp("lab-checkpoints")
    args = (
        f"--no-browser --port={port} --ServerApp.token={TOKEN} --ServerApp.ip=127.0.0.1 "
        f"--FileCheckpoints.checkpoint_dir={checkpoints} "
        f"--AsyncFileCheckpoints.checkpoint_dir={checkpoints}"
    )
    lab = subprocess.Popen(
        ["make", "--no-print-directory", "notebook", f"JUPYTER_ARGS={args}"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # make, jupyter and its kernels: one group to end
        env={**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(settings)},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=5)
                break
            except OSError:
                if lab.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(lab.stderr.read().decode() if lab.stderr else "") from None
                time.sleep(0.5)
        yield url
    finally:
        os.killpg(lab.pid, signal.SIGTERM)
        lab.wait(timeout=30)


TOKEN = "statesearch-test"
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false"},
}


def test_make_notebook_opens_the_lesson_in_a_front_end_that_draws_widgets(
    jupyterlab: str, browser: Browser
) -> None:
    """The notebook extra's JupyterLab serves the lesson with the widget extensions, and its
    kernel is this environment's Python: the lesson's first code cell imports statesearch."""
    kept = (ROOT / "examples" / "lesson.ipynb").read_bytes()
    with urllib.request.urlopen(f"{jupyterlab}/lab/api/extensions?token={TOKEN}") as answer:
        extensions = {e["name"]: e for e in json.load(answer)}
    for name in ("anywidget", "jupyter-widgets-jupyterlab-manager"):
        assert extensions[name]["enabled"], name
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{jupyterlab}/lab/tree/lesson.ipynb?token={TOKEN}")
    first_code = page.locator(".jp-Notebook .jp-CodeCell").first
    first_code.wait_for(timeout=60_000)
    title = page.locator(".jp-MarkdownOutput h1", has_text="a search algorithm sees three slots")
    title.wait_for(timeout=60_000)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=60_000)
    output = first_code.locator(".jp-OutputArea-output")
    for _ in range(3):  # under load a key can come before the click's focus and run nothing
        first_code.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        try:
            output.wait_for(timeout=30_000)
            break
        except PlaywrightTimeout:
            continue
    assert re.fullmatch(r"statesearch \S+\s*", output.inner_text())
    page.screenshot(path=ARTIFACTS / "notebook-jupyterlab-1280x800.png")
    page.close()
    assert (ROOT / "examples" / "lesson.ipynb").read_bytes() == kept  # never saved with outputs
    assert not (ROOT / "examples" / ".ipynb_checkpoints").exists()  # nothing left in the tree
