"""The static site (``make site``) in a real browser: statesearch running in the page's own Python
(Pyodide in a Web Worker), served by a plain static file server, every other host blocked and
counted. The lesson's numbers come out of ``window.statesearch.api`` and out of the lesson
page's cells; the same bodies through ``statesearch serve`` give the same answers.

``make test`` runs ``npm ci`` in browser/ first (the pinned Pyodide); each test module builds
its own site from this source. Screenshots go to artifacts/ (not committed)."""

from __future__ import annotations

import functools
import http.server
import json
import re
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright

from statesearch.web.server import running_in_thread
from test_browser import ARTIFACTS, CHROMIUM, FLAGS, LAPTOP, PHONE, open_page

ROOT = Path(__file__).resolve().parent.parent
LESSON = [7, 2, 4, 5, 0, 6, 8, 3, 1]
UNSOLVABLE = [2, 8, 1, 4, 6, 3, 0, 7, 5]
BOARD = {"tiles": LESSON, "rows": 3, "cols": 3}
PYTHON_READY = 60_000  # ms: a first start of Pyodide on a loaded 2-core machine


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built from this source, served by the standard library's file server."""
    folder = tmp_path_factory.mktemp("site") / "site"
    build = [sys.executable, str(ROOT / "browser" / "build.py"), str(folder)]
    done = subprocess.run(build, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    handler = functools.partial(Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield browser
        browser.close()


def open_site(chromium: Browser, site: str, path: str, viewport: ViewportSize = LAPTOP) -> Page:
    """A fresh page (and worker) whose every request must go to the site's own server."""
    return open_page(chromium, site, viewport, path)


def api(page: Page, route: str, body: dict[str, Any] | None = None) -> Any:
    """What the page's ``window.statesearch.api`` answers (or its refusal's status and line)."""
    script = """([route, body]) => statesearch.api(route, body ?? undefined).then(
        (data) => data, (err) => ({refused: err.status, detail: err.message}))"""
    return page.evaluate(script, [route, body])


def ready(page: Page) -> None:
    page.wait_for_function("() => globalThis.statesearch?.transport === 'worker'")
    api(page, "limits")  # waits for the page's Python


def close(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"site-{name}.png"), full_page=True)
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.fixture(scope="module")
def playground(chromium: Browser, site: str) -> Iterator[Page]:
    """One page for the API's tests: each loads the page's Python once (seconds)."""
    page = open_site(chromium, site, "/index.html?lang=en")
    ready(page)
    yield page
    close(page, "playground-api")


@pytest.mark.parametrize(
    ("body", "expanded", "status"),
    [
        ({**BOARD, "heuristic": "zero", "weight": 0}, 48_390, "solved"),
        ({**BOARD, "heuristic": "misplaced"}, 3_667, "solved"),
        ({**BOARD, "heuristic": "manhattan"}, 283, "solved"),
        ({**BOARD, "tiles": UNSOLVABLE, "heuristic": "zero", "precheck": False}, 181_440, None),
    ],
)
def test_the_lessons_numbers_come_out_of_the_page(
    playground: Page, body: dict[str, Any], expanded: int, status: str | None
) -> None:
    answer = api(playground, "npuzzle/solve", body)
    assert answer["stats"]["expanded"] == expanded
    assert answer["engine"] == "python"
    if status == "solved":
        assert (answer["status"], answer["length"], len(answer["path"])) == ("solved", 20, 21)
    else:
        assert (answer["status"], answer["proof"]) == ("unsolvable", "exhausted")


def test_the_same_bodies_get_the_same_answers_from_the_server_and_the_page(
    playground: Page,
) -> None:
    """Every route the page's Python answers, against ``statesearch serve``: the same fields and
    values (timings aside), refusals included."""
    bodies: list[tuple[str, dict[str, Any] | None]] = [
        ("limits", None),
        ("maze/lesson", None),
        ("npuzzle/analyze", BOARD),
        ("npuzzle/solve", {**BOARD, "heuristic": "misplaced"}),
        ("npuzzle/solve", {**BOARD, "tiles": UNSOLVABLE}),
        ("npuzzle/solve", {**BOARD, "rows": "3"}),  # refused: a string for a number
        ("npuzzle/solve", {**BOARD, "time_limt": 3}),  # refused: no such field
        ("npuzzle/solve", {**BOARD, "tiles": [1, 2, 3]}),  # refused: too few tiles
        ("npuzzle/solve", {**BOARD, "tiles": [7, 2, 4, 5, 0, 6, 8, 3, 3]}),  # refused by the domain
        ("npuzzle/trace", {**BOARD, "max_events": 50, "h_offset": 3}),
        ("maze/solve", {"grid": ["S..", ".#.", "..G"], "algorithm": "bfs"}),
        ("maze/trace", {"grid": ["S..", ".#.", "..G"], "max_events": 30}),
        ("maze/trace", {"grid": ["S...", ".#..", "...G"], "moves": 8, "algorithm": "jps"}),
        ("maze/solve", {"grid": ["S..", "3#.", "..G"], "moves": 8, "algorithm": "jps"}),  # refused
        ("maze/solve", {"grid": ["S..", ".#.", "..G"], "moves": 8, "heuristic": "manhattan"}),
        ("maze/trace", {"grid": ["S..", ".#.", "..G"], "algorithm": "beam", "beam_width": 1}),
        ("maze/solve", {"grid": ["S..", ".#.", "..G"], "algorithm": "anytime", "weight": 3}),
        ("maze/map", {"text": "type octile\nheight 2\nwidth 3\nmap\n.@.\n...\n"}),
        ("maze/map", {"text": "type octile\nheight 90\nwidth 3\nmap\n"}),  # refused: too tall
        ("npuzzle/solve", {**BOARD, "algorithm": "nbs", "heuristic": "manhattan"}),
        ("tilt/move", {"board": "o.x", "direction": "R"}),
        ("tilt/solve", {"board": "o..\n...\n..x", "algorithm": "bfs"}),
        ("no/such/route", {}),
    ]
    with running_in_thread() as server:
        for route, body in bodies:
            served = post(server, route, body)
            in_page = api(playground, route, body)
            assert without_timings(in_page) == without_timings(served), route


def test_the_maze_page_runs_jump_point_search_and_reruns_a_drag_in_the_page(
    chromium: Browser, site: str
) -> None:
    """The maze page on the page's own Python: 8 moves, jump point search with its jump
    points drawn, and the start dragged (the search runs again at once)."""
    page = open_site(chromium, site, "/index.html?lang=en")
    ready(page)
    page.click('.tab[data-tab="maze"]')
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)
    page.select_option("#maze-moves", "8")
    page.select_option("#maze-algorithm", "jps")
    page.click("#maze-solve")
    page.locator("#maze-stepper .step-end").click()
    expect(page.locator("#maze .cell.jump").first).to_be_visible()
    before = page.locator("#maze-cost").inner_text()
    page.locator('#maze .cell[data-r="0"][data-c="0"]').hover()
    page.mouse.down()
    box = page.locator('#maze .cell[data-r="4"][data-c="2"]').bounding_box()
    assert box
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)
    page.mouse.up()
    expect(page.locator('#maze .cell[data-r="4"][data-c="2"]')).to_have_class(re.compile("start"))
    expect(page.locator("#maze-cost")).not_to_have_text(before)
    close(page, "maze-jps-drag")


def test_what_the_page_cannot_run_it_says_with_the_command_that_can(playground: Page) -> None:
    """The tilt generator needs numpy; a search the page stops names the installed tool's way."""
    body = {"seed": 3, "blocks": 2, "min_length": 6}
    refused = api(playground, "tilt/generate", body)
    assert refused["refused"] == 422
    assert refused["detail"].endswith(
        "run: statesearch tilt generate --seed 3 --blocks 2 --min-length 6"
    )
    hard = [0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    stopped = api(
        playground, "npuzzle/solve", {"tiles": hard, "rows": 4, "cols": 4, "time_limit": 1}
    )
    assert (stopped["status"], stopped["limit"]) == ("limit_reached", "time")
    assert stopped["locally"].startswith('statesearch solve npuzzle "0 15 14 13')
    assert stopped["locally"] in stopped["note_in"]["en"]


def post(server: str, route: str, body: dict[str, Any] | None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server}/api/{route}", data=data)
    request.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)
    except urllib.error.HTTPError as err:
        return {"refused": err.code, "detail": json.load(err)["detail"]}


def without_timings(answer: Any) -> Any:
    """The answer without what differs from run to run (seconds) or by transport: the number of
    search slots (the page's Python has one), the engine (the page has no compiled one; the
    counters are the same, which is the point of comparing them) and whether the pattern
    databases are at hand (the server's cache may hold them; the page never reads them)."""
    if isinstance(answer, dict):
        skip = {"elapsed_s", "slots", "queued_s", "engine", "pdb_ready"}
        return {k: without_timings(v) for k, v in answer.items() if k not in skip}
    if isinstance(answer, list):
        return [without_timings(v) for v in answer]
    return answer


@pytest.fixture(scope="module")
def lesson_page(chromium: Browser, site: str) -> Iterator[Page]:
    page = open_site(chromium, site, "/lesson.html?lang=en")
    expect(page.locator("#python-status")).to_have_attribute(
        "data-status", "ready", timeout=PYTHON_READY
    )
    yield page
    close(page, "lesson-run")


@pytest.fixture
def lesson(lesson_page: Page) -> Page:
    """The lesson page with its cells and boxes as they first stood (the page's Python kept)."""
    lesson_page.evaluate(
        """() => import("./static/lesson-cells.js").then(({ CELLS }) => {
            for (const [name, code] of Object.entries(CELLS.en)) {
                document.getElementById(`cell-${name}`).value = code;
            }
            document.querySelector(".choose-limit").value = "";
        })"""
    )
    return lesson_page


def run(page: Page, section: str) -> str:
    page.click(f'.run-bar[data-cell="{section}"] .run')
    out = page.locator(f"#out-{section} .verdict, #out-{section} .error")
    expect(out.first).to_be_visible(timeout=30_000)
    return page.inner_text(f"#out-{section}")


def counter(page: Page, section: str, row: int, column: int = 1) -> str:
    cells = page.locator(f"#out-{section} table.counters tr").nth(row).locator("td")
    return cells.nth(column - 1).inner_text()


def test_the_lesson_page_runs_the_maze_and_its_own_loop(lesson: Page) -> None:
    text = run(lesson, "maze")
    assert "Found: 17 moves, the fewest possible." in text
    assert (counter(lesson, "maze", 1), counter(lesson, "maze", 3)) == ("52", "17")
    assert counter(lesson, "maze", 1, 2) == "52"  # the loop above counts as statesearch does
    assert lesson.locator("#out-maze td.differs").count() == 0


def test_editing_h_changes_the_count(lesson: Page) -> None:
    cell = lesson.locator("#cell-maze")
    code = cell.input_value()
    cell.fill(code.replace("return abs(cell[0] - goal[0]) + abs(cell[1] - goal[1])", "return 0"))
    run(lesson, "maze")
    expanded = int(counter(lesson, "maze", 1).replace(",", ""))
    assert expanded > 52
    assert counter(lesson, "maze", 3) == "17"


def test_the_lessons_table_on_the_lesson_page(lesson: Page) -> None:
    lesson.click('.run-bar[data-cell="table"] .run')
    table = lesson.locator("#out-table table.lesson-table")
    expect(table).to_be_visible(timeout=60_000)
    rows = [row.split("\t") for row in table.inner_text().splitlines()[1:]]
    expanded = {row[0]: row[2] for row in rows}
    ratio = {row[0]: row[5] for row in rows}
    assert expanded["h = 0, w = 0"] == "48,390"
    assert (expanded["h1"], expanded["h2"]) == ("3,667", "283")
    assert (ratio["h = 0, w = 0"], ratio["h1"], ratio["h2"]) == ("171×", "13×", "1.0×")


def test_the_unsolvable_board_is_exhausted_and_a_limit_proves_nothing(lesson: Page) -> None:
    assert "Does not exist" in run(lesson, "unsolvable")
    assert counter(lesson, "unsolvable", 1) == "181,440"
    lesson.fill('.run-bar[data-cell="unsolvable"] .choose-limit', "10000")
    said = run(lesson, "unsolvable")
    assert said.startswith("Not found: stopped at a limit — expanded 10,000 states")
    assert "((" not in said and "))" not in said  # one pair of brackets, the budget's name


def test_a_cell_that_never_returns_is_stopped_at_once(lesson: Page) -> None:
    """Stop ends the page's Python in its worker (typically within 0.2 s); the bound only
    tells a stop from a hang on a loaded machine."""
    lesson.locator("#cell-own").fill("while True:\n    pass\n")
    lesson.click('.run-bar[data-cell="own"] .run')
    lesson.wait_for_timeout(1000)
    stop = lesson.locator('.run-bar[data-cell="own"] .stop')
    began = time.monotonic()
    stop.click()
    expect(lesson.locator("#out-own .error")).to_contain_text("Stopped", timeout=10_000)
    assert time.monotonic() - began < 10
    # The page's Python comes back: the next run works.
    assert "Found: 17 moves" in run(lesson, "maze")


@pytest.mark.parametrize(
    ("code", "line"),
    [
        ("start = (0, 0)\ngoal = (1, 1)\ndef neighbors(cell)\n    return []\n", "slots, line 3"),
        ("start = 0\ngoal = 3\ndef neighbors(n):\n    return [n + 1 / 0]\n", "slots, line 4"),
    ],
)
def test_an_error_is_one_line_with_its_line_in_the_cell(lesson: Page, code: str, line: str) -> None:
    lesson.locator("#cell-own").fill(code)
    text = run(lesson, "own")
    assert text.startswith(line) and "\n" not in text.strip()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
@pytest.mark.parametrize("path", ["index.html", "lesson.html"])
def test_every_page_loads_in_both_languages(
    chromium: Browser, site: str, path: str, viewport: ViewportSize
) -> None:
    """Opened by a Korean link, then switched to English by its button: a screenshot of each."""
    page = open_site(chromium, site, f"/{path}?lang=ko", viewport)
    ready(page)
    size = "laptop" if viewport is LAPTOP else "phone"
    for lang in ("ko", "en"):
        if lang == "en":
            page.click("#lang")
        assert page.evaluate("document.documentElement.lang") == lang
        assert f"lang={lang}" in page.url  # a link to hand out keeps the language
        if path == "lesson.html":
            text = run(page, "maze")
            assert ("최소 이동 17" if lang == "ko" else "Found: 17 moves") in text
        else:
            expect(page.locator("#p-manhattan")).to_have_text("14")
        ARTIFACTS.mkdir(exist_ok=True)
        shot = ARTIFACTS / f"site-{path.removesuffix('.html')}-{lang}-{size}.png"
        page.screenshot(path=str(shot), full_page=True)
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()


def test_the_page_solves_the_2x2x2_and_names_the_tool_for_the_3x3x3(playground: Page) -> None:
    """The cube's routes in the page's Python: a 2x2x2 solved optimally by bidirectional search,
    a 3x3x3 refused in one line with the command that solves it."""
    solved = api(playground, "cube/solve", {"size": 2, "cube": "R U R' U'"})
    assert (solved["status"], solved["length"], solved["solution"]) == ("solved", 4, "U R U' R'")
    assert (solved["algorithm"], solved["optimal"]) == ("bidirectional", True)
    refused = api(playground, "cube/solve", {"cube": "R U R' U'"})
    assert refused["refused"] == 422 and "\n" not in refused["detail"]
    assert refused["detail"].endswith("run: statesearch solve cube \"R U R' U'\"")
