"""The playground in a real browser: Playwright driving Debian's Chromium (never a downloaded
one). Screenshots of every page at a laptop's and a phone's size go to artifacts/ for a
reviewer; they are not committed."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    Locator,
    Page,
    Route,
    ViewportSize,
    expect,
    sync_playwright,
)

from statesearch.web.server import running_in_thread

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
# This machine has no network: keep Chromium from trying to reach one.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
MEDIUM_15 = "0,9,2,5,1,10,4,7,13,11,3,6,14,15,12,8"  # 30 moves: past IDA* without a good h
HARD_15 = "0,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1"  # 80 moves
# Two cores shared with other work: a worker's first search can take seconds to start.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with running_in_thread() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield chromium
        chromium.close()


def open_page(
    browser: Browser,
    server: str,
    viewport: ViewportSize,
    path: str = "/",
    locale: str | None = None,
) -> Page:
    """A fresh page (in a browser set to ``locale``, if given) whose every request, its
    workers' included, must go to the test server (no CDN, no network)."""
    context = browser.new_context(viewport=viewport, locale=locale, has_touch=viewport is PHONE)
    outside: list[str] = []

    def only_local(route: Route) -> None:
        if urlsplit(route.request.url).netloc == urlsplit(server).netloc:
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_local)
    page = context.new_page()
    page.outside = outside  # type: ignore[attr-defined]
    page.goto(server + path)
    return page


@pytest.fixture
def page(browser: Browser, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    page = open_page(browser, server, LAPTOP)
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()


def test_sliding_tiles_updates_the_panel(page: Page) -> None:
    expect(page.locator("#p-manhattan")).to_have_text("14")
    page.locator('.tile[data-tile="2"]').click()  # tile 2 sits above the blank
    expect(page.locator("#p-g")).to_have_text("1")
    expect(page.locator("#p-manhattan")).to_have_text("15")
    expect(page.locator("#p-f")).to_have_text("16")
    page.keyboard.press("ArrowUp")  # the tile below the blank (2 again) slides back up
    expect(page.locator("#p-manhattan")).to_have_text("14")
    expect(page.locator("#p-g")).to_have_text("2")


def test_f_uses_the_chosen_heuristic_and_weight(page: Page) -> None:
    expect(page.locator("#p-f")).to_have_text("14")
    page.select_option("#heuristic", "misplaced")
    expect(page.locator("#p-f")).to_have_text("6")
    expect(page.locator("#p-f-label")).to_contain_text("h1 Misplaced tiles")
    expect(page.locator("#weight-field")).to_be_hidden()
    page.select_option("#algorithm", "wastar")  # weight 2: f = g + 2h
    expect(page.locator("#weight-field")).to_be_visible()
    expect(page.locator("#p-f")).to_have_text("12")
    page.select_option("#algorithm", "greedy")  # h alone: g is not read
    expect(page.locator("#p-f-label")).to_have_text("f = h (h1 Misplaced tiles; greedy ignores g)")
    expect(page.locator("#p-f")).to_have_text("6")
    page.select_option("#algorithm", "bfs")  # no heuristic at all: the depth orders
    expect(page.locator("#heuristic-field")).to_be_hidden()
    expect(page.locator("#p-f-label")).to_have_text("depth g (breadth-first reads no h)")
    expect(page.locator("#p-f")).to_have_text("0")


def test_solve_lesson_board_with_manhattan_and_play_it_back(page: Page) -> None:
    page.click("#solve")
    expect(page.locator("#verdict")).to_have_text("Found a 20-move solution (optimal).")
    expect(page.locator("#r-expanded")).to_have_text("283")
    expect(page.locator("#r-search")).to_have_text("A* + h2 Manhattan distance, Python engine")
    page.locator("#speed").fill("20")
    page.click("#play")
    expect(page.locator("#playback-pos")).to_have_text("20 / 20")
    expect(page.locator("#p-manhattan")).to_have_text("0")
    expect(page.locator("#verdict")).to_have_text("Played back: the goal in 20 moves.")


def test_greedy_is_not_called_optimal(page: Page) -> None:
    page.select_option("#algorithm", "greedy")
    page.click("#solve")
    expect(page.locator("#verdict")).to_contain_text("not guaranteed optimal")


def test_search_anyway_clears_the_old_playback(page: Page, server: str) -> None:
    page.click("#solve")
    expect(page.locator("#playback-pos")).to_have_text("0 / 20")
    page.locator("#goal").fill("2 1 3 4 5 6 7 8 0")  # the other half of the puzzle
    page.locator("#goal").press("Enter")
    expect(page.locator("#verdict")).to_contain_text("inversions")
    expect(page.locator("#result")).to_be_hidden()
    page.click("#anyway")
    expect(page.locator("#verdict")).to_contain_text("181,440", timeout=30_000)
    expect(page.locator("#playback-pos")).to_have_text("")
    expect(page.locator("#play")).to_be_hidden()  # no path: nothing to play back
    expect(page.locator("#r-length")).to_have_text("–")


def test_a_goal_the_server_cannot_read_is_one_line_and_the_old_goal_stays(page: Page) -> None:
    page.locator("#goal").fill("1 2 x 4 5 6 7 8 0")
    page.locator("#goal").press("Enter")
    expect(page.locator("#verdict")).to_contain_text("Error: cannot read the goal '1 2 x")
    expect(page.locator("#verdict")).not_to_contain_text("goal.")
    page.locator("#goal").fill("blank-first")
    page.locator("#goal").press("Enter")
    expect(page.locator("#verdict")).not_to_contain_text("Error")
    page.click("#solve")  # searched towards 0 1 2 / 3 4 5 / 6 7 8
    expect(page.locator("#verdict")).to_contain_text("optimal")


def test_searching_anyway_with_ida_star_proves_it_by_depth(page: Page) -> None:
    """IDA* keeps no states to run out of: its proof is that no solution is short enough."""
    page.locator("#goal").fill("2 1 3 4 5 6 7 8 0")  # the other half of the puzzle
    page.locator("#goal").press("Enter")
    expect(page.locator("#verdict")).to_contain_text("inversions")
    page.select_option("#algorithm", "idastar")
    page.click("#anyway")
    expect(page.locator("#verdict")).to_contain_text("A solution does not exist: ", timeout=30_000)
    expect(page.locator("#verdict")).to_contain_text(
        "and none within the most moves any solvable board needs"
    )
    expect(page.locator("#verdict")).not_to_contain_text("reachable states were examined")


def compare_the_lesson(page: Page) -> None:
    """Click Compare and wait for its last redraw: each row's start redraws the chart, so an
    element read once (evaluate, a box, a screenshot) before the end may be replaced under it."""
    page.click("#compare")
    expect(page.locator('.bar[data-heuristic="manhattan"]')).to_be_visible(timeout=30_000)
    expect(page.locator(".compare-table .pending")).to_have_count(0, timeout=30_000)


def test_compare_shows_the_lesson(page: Page) -> None:
    page.click("#compare")
    expect(page.locator('.bar[data-heuristic="zero"]')).to_contain_text("48,390", timeout=30_000)
    expect(page.locator('.bar[data-heuristic="misplaced"]')).to_contain_text("3,667")
    expect(page.locator('.bar[data-heuristic="manhattan"]')).to_contain_text("283")
    row = page.locator('.compare-table tr[data-heuristic="misplaced"]')
    expect(row).to_contain_text("5,750")
    expect(row).to_contain_text("Python engine")  # the engine's speed is not the heuristic's
    expect(page.locator('.compare-table tr[data-heuristic="rowcol"]')).to_contain_text("Row/column")
    expect(page.locator('.compare-table tr[data-heuristic="zero"]')).to_contain_text("h = 0")


def test_a_slide_clears_the_solution_and_the_step_through(page: Page) -> None:
    page.click("#step-through")
    expect(page.locator("#puzzle-stepper")).to_be_visible()
    page.click("#solve")
    expect(page.locator("#playback-pos")).to_have_text("0 / 20")
    page.locator('.tile[data-tile="2"]').click()
    expect(page.locator("#result")).to_be_hidden()  # no Step into the old board's path
    expect(page.locator("#p-g")).to_have_text("1")
    expect(page.locator("#puzzle-stepper")).to_be_hidden()
    expect(page.locator("#puzzle-trace-what")).to_have_text(
        "No trace is shown for the board as it is now: press Step through to search it."
    )
    page.click("#lang")
    expect(page.locator("#puzzle-trace-what")).to_contain_text("지금 판의 추적은 아직 없습니다")


def test_a_refused_goal_leaves_the_goal_in_use_in_the_field(page: Page) -> None:
    page.locator("#goal").fill("blank-first")
    page.locator("#goal").press("Enter")
    expect(page.locator("#p-manhattan")).not_to_have_text("14")
    page.locator("#goal").fill("1 2 3 / 4 5 6 / 7 8 9")
    page.locator("#goal").press("Enter")
    expect(page.locator("#verdict")).to_contain_text("Error")
    expect(page.locator("#goal")).to_have_value("blank-first")


def test_compare_on_a_15_puzzle_marks_limits_and_charts_only_results(
    page: Page, server: str
) -> None:
    page.goto(f"{server}/?board={MEDIUM_15}")
    page.click("#compare")
    expect(page.locator("#working")).to_be_visible()  # work shows, with a way to cancel
    expect(page.locator("#working")).to_be_hidden(timeout=30_000)
    zero = page.locator('.compare-table tr[data-heuristic="zero"]')
    expect(zero).to_contain_text("limit reached — proves nothing (time)")  # h = 0: hopeless
    for name in ("zero", "misplaced", "manhattan", "linear_conflict"):
        # A row that hit its limit is marked and has no bar; a row that finished has one.
        limited = "limited" in (
            page.locator(f'.compare-table tr[data-heuristic="{name}"]').get_attribute("class") or ""
        )
        expect(page.locator(f'.bar[data-heuristic="{name}"]')).to_have_count(0 if limited else 1)
    expect(page.locator("#comparison")).to_contain_text(
        "Each estimate with IDA*, for at most 3 s each."
    )
    # An empty goal means the 4x4's blank-last goal, and the field's hint shows that one.
    expect(page.locator("#goal")).to_have_attribute(
        "placeholder", " ".join(map(str, [*range(1, 16), 0]))
    )


def test_a_search_can_be_cancelled(page: Page, server: str) -> None:
    page.goto(f"{server}/?board={HARD_15}")
    page.select_option("#algorithm", "bfs")
    page.click("#solve")
    expect(page.locator("#working-text")).to_contain_text("Searching…")
    page.click("#cancel")
    expect(page.locator("#verdict")).to_have_text("Cancelled: the search was stopped.")
    page.goto(server)  # the slot is free again: the lesson is solved at once
    page.click("#solve")
    expect(page.locator("#verdict")).to_contain_text("20-move")


def test_korean_everywhere_and_remembered(page: Page, server: str) -> None:
    compare_the_lesson(page)
    page.click("#lang")
    expect(page.locator("#solve")).to_have_text("풀기")
    expect(page.locator("#p-solvable")).to_have_text("예")
    expect(page.locator(".compare-table th").first).to_have_text("어림 (h)")
    expect(page.locator('.bar[data-heuristic="manhattan"]')).to_contain_text("맨해튼 거리")
    # The panel's values sit on their labels' line.
    label = page.locator("dt[data-i18n=manhattan]").bounding_box()
    value = page.locator("#p-manhattan").bounding_box()
    assert (
        label and value and abs((label["y"] + label["height"]) - (value["y"] + value["height"])) < 3
    )
    page.goto(server)
    expect(page.locator("#solve")).to_have_text("풀기")
    page.locator("#goal").fill("1 2 3")
    page.locator("#goal").press("Enter")
    expect(page.locator("#verdict")).to_contain_text(
        "오류: 목표 '1 2 3'을(를) 읽을 수 없습니다 (3x3 판의 칸은 9개인데"
    )
    page.click("#lang")  # the last error follows the language
    expect(page.locator("#verdict")).to_have_text(
        "Error: cannot read the goal '1 2 3' (a 3x3 board has 9 cells, got 3): use blank-last, "
        "blank-first or a board"
    )
    expect(page.locator("#solve")).to_have_text("Solve")
    # The goal in use is still the one before (the board's own numbers), in the new language.
    expect(page.locator("#p-manhattan")).to_have_text("14")
    expect(page.locator("#p-solvable")).to_have_text("yes")


def test_server_errors_follow_the_language(page: Page) -> None:
    """A message only the server knows (a bad board) comes back in the page's language."""
    page.click("#lang")
    page.click('.tab[data-tab="tilt"]')
    page.select_option("#tilt-tool", ".")
    page.locator("#tilt .cell").nth(4 * 8 + 6).click()  # erase one of the three targets
    page.click("#tilt-solve")
    expect(page.locator("#tilt-verdict")).to_have_text(
        "오류: 블록은 3개인데 목표 칸은 2개뿐입니다: 블록마다 목표 칸이 필요합니다"
    )
    page.click("#lang")
    page.click("#tilt-solve")
    expect(page.locator("#tilt-verdict")).to_have_text(
        "Error: 3 blocks but only 2 targets: every block needs a target"
    )
    expect(page.locator("#tilt-verdict")).to_have_class("verdict bad")  # red, as elsewhere


def test_maze_page_reproduces_the_lesson(page: Page) -> None:
    page.click('.tab[data-tab="maze"]')
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)
    page.click("#maze-solve")
    expect(page.locator("#maze-expanded")).to_have_text("52")
    expect(page.locator("#maze-length")).to_have_text("17")
    # The step-through runs by itself; at its end every expanded cell is coloured, what still
    # waits is marked, and the 18 cells of the path are drawn.
    solve_maze_to_the_end(page)
    expect(page.locator("#maze .cell.path")).to_have_count(18)
    expect(page.locator("#maze .cell.expanded")).to_have_count(52)
    expect(page.locator("#maze .cell.frontier")).not_to_have_count(0)
    expect(page.locator("#maze-verdict")).to_have_text(
        "Found a path of 17 steps costing 17 (optimal)."
    )


def solve_maze_to_the_end(page: Page) -> None:
    """Jump the maze's step-through to its end, once its trace has arrived."""
    expect(page.locator("#maze-trace")).to_be_visible()
    expect(page.locator("#maze-stepper .step-pos")).to_have_text(re.compile(r"\d"))
    page.locator("#maze-stepper .step-end").click()
    expect(page.locator("#maze-stepper .step-run")).not_to_have_class(re.compile("running"))


def test_maze_painting_by_dragging_changes_the_answer(page: Page) -> None:
    page.click('.tab[data-tab="maze"]')
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)
    page.select_option("#maze-tool", "5")
    first = page.locator('#maze .cell[data-r="0"][data-c="1"]').bounding_box()
    last = page.locator('#maze .cell[data-r="0"][data-c="4"]').bounding_box()
    assert first and last
    page.mouse.move(first["x"] + 5, first["y"] + 5)
    page.mouse.down()
    page.mouse.move(last["x"] + 5, last["y"] + 5, steps=8)
    page.mouse.up()
    expect(page.locator("#maze .cell.t5")).to_have_count(4)
    page.click("#maze-solve")
    expect(page.locator("#maze-cost")).not_to_have_text("17")
    expect(page.locator("#maze-cost")).not_to_have_text("")


def background(page: Page, selector: str) -> str:
    colour: str = page.locator(selector).first.evaluate(
        "(el) => getComputedStyle(el).backgroundColor"
    )
    return colour


def test_tilt_page_plays_and_solves(page: Page) -> None:
    page.click('.tab[data-tab="tilt"]')
    expect(page.locator("#tilt .cell.block")).to_have_count(3)
    # A block is filled, apart from open ground and the walls at the back of a room (WCAG's 3:1
    # for graphics): a white one ringed in navy looked like open ground.
    block = background(page, "#tilt .cell.block")
    for ground in ("#tilt .cell:not(.wall, .block, .target)", "#tilt .cell.wall"):
        assert contrast(block, background(page, ground)) >= 3, (block, ground)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#tilt-moves")).to_have_text("1")
    page.click("#tilt-undo")
    expect(page.locator("#tilt-moves")).to_have_text("0")
    page.click(".arrow.down")
    expect(page.locator("#tilt-moves")).to_have_text("1")
    page.click("#tilt-undo")
    # Each time the count (g) changes during the playback, the letters shown are as many.
    page.evaluate(
        """() => {
          window.seen = [];
          new MutationObserver(() => window.seen.push([
            document.getElementById("tilt-moves").textContent,
            document.getElementById("tilt-history").textContent.length,
          ])).observe(document.getElementById("tilt-moves"), { childList: true });
        }"""
    )
    page.click("#tilt-solve")
    expect(page.locator("#tilt-verdict")).to_have_text(
        "Found a 13-move solution (optimal), 576 states expanded."
    )
    # The playback ends with every block on a target, each move counted and its letter shown
    # as its board comes (the letters, g and Undo agree).
    expect(page.locator("#tilt .cell.block.target")).to_have_count(3)
    expect(page.locator("#tilt-moves")).to_have_text("13")
    expect(page.locator("#tilt-history")).to_have_text(re.compile(r"^[UDLR]{13}$"))
    seen = page.evaluate("window.seen")
    assert len(seen) >= 13 and all(int(g) == letters for g, letters in seen)
    page.click("#tilt-undo")
    expect(page.locator("#tilt-moves")).to_have_text("12")
    expect(page.locator("#tilt-history")).to_have_text(re.compile(r"^[UDLR]{12}$"))


def tilt_board(page: Page) -> str:
    """The tilt board as drawn: one character a cell, in reading order."""
    return str(
        page.evaluate(
            """() => [...document.querySelectorAll("#tilt .cell")].map((cell) =>
          cell.classList.contains("wall") ? "#" : cell.classList.contains("block") ? "o"
            : cell.classList.contains("target") ? "x" : ".").join("")"""
        )
    )


def test_tilt_solve_and_generate_during_a_playback_keep_the_page_consistent(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.click('.tab[data-tab="tilt"]')
    # Twice at once: the second press finds Solve busy; then again while the answer plays back.
    page.evaluate(
        "() => { const solve = document.getElementById('tilt-solve');"
        " solve.click(); solve.click(); }"
    )
    expect(page.locator("#tilt-moves")).not_to_have_text("0")
    page.click("#tilt-solve")
    expect(page.locator("#tilt .cell.block.target")).to_have_count(3)
    expect(page.locator("#tilt-moves")).to_have_text("13")  # both solutions optimal: 13 in all
    expect(page.locator("#tilt-history")).to_have_text(re.compile(r"^[UDLR]{13}$"))
    page.wait_for_timeout(600)  # no playback left running on top
    expect(page.locator("#tilt-moves")).to_have_text("13")
    page.click(".arrow.up")  # the page still answers the arrows
    expect(page.locator("#tilt-verdict")).not_to_contain_text("Error")
    # Generate while a playback runs: the new puzzle stays, the old playback stops.
    page.locator("#tilt-seed").fill("2")
    page.locator("#tilt-blocks").fill("2")
    page.locator("#tilt-min").fill("8")
    page.click("#tilt-generate")
    expect(page.locator("#tilt .cell.block")).to_have_count(2)
    page.click("#tilt-solve")
    expect(page.locator("#tilt-moves")).not_to_have_text("0")
    page.locator("#tilt-blocks").fill("3")
    page.click("#tilt-generate")
    expect(page.locator("#tilt .cell.block")).to_have_count(3)
    generated = tilt_board(page)
    page.wait_for_timeout(1000)
    assert tilt_board(page) == generated
    expect(page.locator("#tilt-moves")).to_have_text("0")
    expect(page.locator("#tilt-history")).to_have_text("")
    assert errors == []


def paint_tilt(page: Page, text: str) -> None:
    """Paint a whole 8x8 board on the tilt page, cell by cell, as a visitor would."""
    page.click('.tab[data-tab="tilt"]')
    cells = page.locator("#tilt .cell")
    for tool in (".", "#", "x", "o"):
        page.select_option("#tilt-tool", tool)
        for r, row in enumerate(text.splitlines()):
            for c, char in enumerate(row):
                if char == tool or (tool == "." and char != "."):
                    cells.nth(r * 8 + c).click()


def test_tilt_solve_chooses_as_the_cli_does(page: Page) -> None:
    """The repo's hard example: breadth-first search stops at its memory limit; the CLI's
    choice (bidirectional search) solves it."""
    hard = (Path(__file__).resolve().parent.parent / "examples" / "tilt" / "hard.txt").read_text()
    paint_tilt(page, "\n".join(line for line in hard.splitlines() if not line.startswith(";")))
    page.click("#tilt-solve")
    expect(page.locator("#tilt-verdict")).to_have_text(
        "Found a 31-move solution (optimal), 64,941 states expanded.", timeout=30_000
    )


def test_tilt_unsolvable_board_shows_the_proof(page: Page) -> None:
    board = ["." * 8] * 8
    board[0] = "o" + "." * 7
    board[6], board[7] = "......##", "......#x"  # the corner target walled in, no block with it
    paint_tilt(page, "\n".join(board))
    page.click("#tilt-solve")
    expect(page.locator("#tilt-verdict")).to_have_text(
        "Unsolvable, proved before any search: a walled-in region holds 1 block and 0 targets, "
        "and blocks never leave their region."
    )
    page.click("#lang")
    expect(page.locator("#tilt-verdict")).to_have_text(
        "풀 수 없음, 탐색 전에 증명됨: 벽으로 막힌 구역에 블록 1개와 목표 칸 0개가 있고, "
        "블록은 자기 구역을 벗어나지 못합니다."
    )


def test_tilt_generate_by_seed(page: Page) -> None:
    page.click('.tab[data-tab="tilt"]')
    page.locator("#tilt-seed").fill("2")
    page.locator("#tilt-blocks").fill("2")
    page.locator("#tilt-min").fill("8")
    page.click("#tilt-generate")
    expect(page.locator("#tilt .cell.block")).to_have_count(2)


def test_tilt_moves_say_what_their_letters_mean(page: Page) -> None:
    page.click('.tab[data-tab="tilt"]')
    line = page.locator("#tab-tilt .moves-line")
    expect(line).to_be_hidden()  # no label while there are no moves to name
    page.keyboard.press("ArrowRight")
    expect(line).to_be_visible()
    expect(line).to_have_text(
        "Moves (the way the board is tilted: U up, D down, L left, R right): R"
    )
    page.click("#lang")
    expect(line).to_contain_text("이동 (판을 기울이는 방향: U 위, D 아래, L 왼쪽, R 오른쪽)")


def relative_luminance(rgb: str) -> float:
    """WCAG 2's relative luminance of a computed colour, "rgb(r, g, b)"."""
    channels = [int(c) / 255 for c in re.findall(r"\d+", rgb)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def all_in_sight(page: Page, box: str) -> None:
    """Every column of the tables in ``box`` in sight: none wider than its place (its wrapper
    would scroll, with no scroll bar to say so on a projector) nor past the screen's edge.
    Read in one go: a late answer may draw the table again between two reads."""
    wraps = page.locator(box).evaluate(
        """(box) => [...box.querySelectorAll(".table-wrap")].map((wrap) => [
          wrap.scrollWidth, wrap.clientWidth,
          Math.max(...[...wrap.querySelectorAll("th")].filter((th) => th.offsetParent !== null)
            .map((th) => th.getBoundingClientRect().right))])"""
    )
    assert wraps, f"no table in {box}"
    for scroll, room, right in wraps:
        assert scroll <= room, (box, scroll, room)
        assert right <= page.viewport_size["width"], (box, right)  # type: ignore[index]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((relative_luminance(one), relative_luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_bar_labels_reach_wcag_contrast(page: Page) -> None:
    compare_the_lesson(page)
    bar = page.locator('.bar[data-heuristic="manhattan"]')
    ink, paper = bar.evaluate(
        "(el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]"
    )
    assert contrast(ink, paper) >= 4.5  # WCAG AA for text of normal size


def test_the_live_panel_is_next_to_the_board_at_both_sizes(browser: Browser, server: str) -> None:
    for size in (PHONE, LAPTOP):
        page = open_page(browser, server, size)
        board = page.locator("#tab-puzzle .board-column").bounding_box()
        panel = page.locator("#tab-puzzle .panel").bounding_box()
        outcome = page.locator("#tab-puzzle .outcome").bounding_box()
        controls = page.locator("#tab-puzzle .control-groups").bounding_box()
        assert board and panel and outcome and controls
        if size is PHONE:  # right under the board, before everything else
            assert 0 <= panel["y"] - (board["y"] + board["height"]) < 30
            assert panel["y"] < outcome["y"] and panel["y"] < controls["y"]
        else:  # beside the board
            assert panel["x"] > board["x"] + board["width"] and panel["y"] < board["y"] + 40
        page.context.close()


def step_through(page: Page, steps: int, algorithm: str | None = None) -> Locator:
    """The puzzle's step-through (with ``algorithm`` chosen first), ``steps`` steps in."""
    if algorithm is not None:
        page.select_option("#algorithm", algorithm)
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    for _ in range(steps):
        stepper.locator(".step-step").click()
    return stepper


def test_the_search_tree_fits_a_phone(browser: Browser, server: str) -> None:
    """An outline a node a row: no sideways scrolling, and the nodes at their full size."""
    page = open_page(browser, server, PHONE)
    stepper = step_through(page, 5)
    tree_fits_unscaled(stepper)
    stepper.locator(".step-end").click()  # the 20-move path, and what hangs off it
    expect(stepper.locator('svg.tree [data-step="283"]')).to_have_count(1)
    tree_fits_unscaled(stepper)
    shoot(page, "stepper-tree-390x844")
    page.context.close()


def tree_fits_unscaled(stepper: Locator) -> None:
    widths = stepper.locator(".tree-scroll").evaluate("(box) => [box.scrollWidth, box.clientWidth]")
    assert widths[0] <= widths[1]
    tree = stepper.locator("svg.tree")
    drawn = float(tree.get_attribute("viewBox").split()[2])  # type: ignore[union-attr]
    assert float(tree.get_attribute("width") or 0) >= drawn  # not shrunk to fit


def test_ida_stars_tree_speaks_of_its_path_and_bound(page: Page) -> None:
    stepper = step_through(page, 3, "idastar")
    legend = stepper.locator(".tree-legend")
    expect(legend).to_have_text(
        re.compile("entered now.*on the current path.*still to enter.*over the bound.*path found")
    )
    expect(legend).not_to_contain_text("waiting")  # a walk within a bound has no waiting room
    expect(legend).not_to_contain_text("taken out")
    expect(legend).not_to_contain_text("stale")
    expect(stepper.locator(".tree-note")).to_contain_text("Iteration 1, bound 14")
    title = stepper.locator("svg.tree .node.waiting title").first
    expect(title).to_contain_text("still to enter")
    stepper.locator(".step-end").click()
    expect(stepper.locator(".tree-note")).to_contain_text("Iteration 4, bound 20")
    expect(stepper.locator(".tree-note")).to_contain_text("the branches of the current path")
    page.click("#lang")
    expect(legend).to_contain_text("지금의 경로 위")
    expect(legend).to_contain_text("한계를 넘음")
    expect(legend).not_to_contain_text("대기")
    expect(legend).not_to_contain_text("꺼냄")
    expect(stepper.locator(".tree-note")).to_contain_text("4번째 반복, 한계 20")
    page.click("#lang")
    page.select_option("#algorithm", "astar")  # A* keeps the waiting room's words
    page.click("#step-through")
    expect(legend).to_have_text(re.compile("taken out now.*waiting.*stale"))
    expect(legend).not_to_contain_text("bound")


LINE_BREAKS = r"""(el) => {
  // Where each line of the element's text starts: the character before it, and the first one.
  const breaks = [], range = document.createRange();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let top = null, before = "";
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i++) {
      const ch = node.data[i];
      if (!/\s/.test(ch)) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const y = range.getBoundingClientRect().top;
        if (top !== null && y > top + 2) breaks.push(before + ch);
        top = y;
      }
      before = ch;
    }
  }
  return breaks;
}"""


def test_korean_lines_break_between_words(browser: Browser, server: str) -> None:
    page = open_page(browser, server, PHONE)
    compare_the_lesson(page)
    page.click("#lang")
    breaks: list[str] = []
    for note in ("#comparison > .note", "#budget-note", '[data-i18n="experiments_hint"]'):
        breaks += page.locator(note).last.evaluate(LINE_BREAKS)
    page.click('.tab[data-tab="tilt"]')
    breaks += page.locator('[data-i18n="tilt_hint"]').evaluate(LINE_BREAKS)
    assert len(breaks) >= 4  # the notes do wrap on a phone
    assert all(pair[0].isspace() for pair in breaks), breaks
    page.context.close()


def test_a_phone_can_play_tilt_and_paint_a_maze(browser: Browser, server: str) -> None:
    page = open_page(browser, server, PHONE)
    lang = page.locator("#lang").bounding_box()
    assert lang and lang["height"] <= 40  # one line: a finger's 40 px (two: about 47)
    page.click('.tab[data-tab="tilt"]')
    box = page.locator("#tilt").bounding_box()
    assert box and box["x"] + box["width"] <= PHONE["width"]
    swipe(page, "#tilt", dx=-120, dy=0)  # a swipe to the left tilts the board left
    expect(page.locator("#tilt-history")).to_have_text("L")
    page.tap(".arrow.down")
    expect(page.locator("#tilt-moves")).to_have_text("2")
    page.click('.tab[data-tab="maze"]')
    page.select_option("#maze-tool", "#")
    page.locator('#maze .cell[data-r="2"][data-c="2"]').tap()
    expect(page.locator('#maze .cell[data-r="2"][data-c="2"]')).to_have_class(re.compile("wall"))
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing sticks out sideways
    page.context.close()


def test_on_a_phone_the_maze_stays_in_sight_while_stepping(browser: Browser, server: str) -> None:
    """The step buttons sit far below the maze on a phone: stepping scrolled the maze away."""
    page = open_page(browser, server, PHONE)
    page.click('.tab[data-tab="maze"]')
    page.click("#maze-solve")
    expect(page.locator("#maze-trace")).to_be_visible()
    step = page.locator("#maze-stepper .step-step")
    top = step.evaluate("el => el.getBoundingClientRect().top + window.scrollY")  # sticky bar
    page.evaluate("(y) => window.scrollTo(0, y)", top - 300)
    # The solve runs the steps by itself: back to the start, so that a step has a current cell
    # however far the run got (at its end, no cell is "taken out now").
    page.locator("#maze-stepper .step-start").click()
    step.click()
    maze, button = page.locator("#maze").bounding_box(), step.bounding_box()
    assert maze and button and button["y"] > maze["y"] + maze["height"]  # not under the maze
    assert 0 <= maze["y"] <= 1 and maze["height"] < PHONE["height"] / 3  # at the top, in sight
    assert page.evaluate("window.scrollY") > 400  # scrolled past where the maze sits: it stayed
    expect(page.locator("#maze .cell.current")).to_be_in_viewport()
    page.context.close()


def swipe(page: Page, selector: str, dx: float, dy: float) -> None:
    """A finger's drag across an element, as the pointer events a touch screen sends."""
    box = page.locator(selector).bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for kind, (px, py) in (("pointerdown", (x, y)), ("pointerup", (x + dx, y + dy))):
        page.dispatch_event(
            selector,
            kind,
            {"pointerType": "touch", "clientX": px, "clientY": py, "isPrimary": True},
        )


def test_docs_are_served_from_the_package(browser: Browser, server: str) -> None:
    page = open_page(browser, server, LAPTOP, "/docs")
    expect(page.locator(".swagger-ui .title").first).to_contain_text("statesearch playground")
    expect(page.locator(".opblock").first).to_be_visible()
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()


def shoot(page: Page, name: str) -> None:
    """The whole page, from its top: a whole page's picture draws an element pinned on a phone
    (the maze) where the page was scrolled to, over the form, which no one sees so."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_screenshots_of_every_page(browser: Browser, server: str, size: ViewportSize) -> None:
    """For a reviewer's eyes: each page after a little use, in English and in Korean."""
    label = f"{size['width']}x{size['height']}"
    page = open_page(browser, server, size)
    compare_the_lesson(page)
    shoot(page, f"puzzle-{label}")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
    page.click("#lang")
    shoot(page, f"puzzle-{label}-ko")
    page.click("#lang")
    page.click('.tab[data-tab="maze"]')
    page.click("#maze-solve")
    solve_maze_to_the_end(page)
    expect(page.locator("#maze .cell.path")).to_have_count(18)
    shoot(page, f"maze-{label}")
    page.click("#lang")
    shoot(page, f"maze-{label}-ko")
    page.click('.tab[data-tab="tilt"]')
    page.click("#tilt-solve")
    expect(page.locator("#tilt-verdict")).to_contain_text("576")
    shoot(page, f"tilt-{label}-ko")
    page.click("#lang")
    shoot(page, f"tilt-{label}")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
    page.goto(f"{server}/docs")
    expect(page.locator(".opblock").first).to_be_visible()
    shoot(page, f"docs-{label}")
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()


def test_shuffle_is_always_solvable(page: Page) -> None:
    """Shuffle walks from the goal (the random board may be unsolvable: test_classroom)."""
    page.select_option("#size", "4")
    for _ in range(12):
        page.click("#scramble")
        expect(page.locator("#p-solvable")).to_have_text("yes")
    page.select_option("#size", "3")
    page.fill("#goal", "0 1 2 3 4 5 6 7 8")  # another goal: the blank in the other corner
    with page.expect_response("**/api/npuzzle/analyze"):  # the server reads the goal
        page.locator("#goal").dispatch_event("change")
    for _ in range(12):
        page.click("#scramble")
        expect(page.locator("#p-solvable")).to_have_text("yes")


def test_compare_on_an_unsolvable_board_says_so(page: Page) -> None:
    page.click("#exp-unsolvable")
    expect(page.locator("#p-solvable")).to_have_text("no")
    # The experiment exhausts 181,440 boards on the Python engine: about 5 s alone, but more
    # than 30 with two busy processes beside it. A hang guard, not a speed test.
    expect(page.locator("#experiment .conclusion")).to_be_visible(timeout=90_000)
    page.click("#compare")
    rows = page.locator("#comparison .compare-table tr[data-heuristic]")
    expect(rows).to_have_count(5)  # no pattern database on this server
    for i in range(5):
        expect(rows.nth(i)).to_contain_text("unsolvable: parity (no search needed)")
    expect(page.locator("#comparison .bar")).to_have_count(0)  # no search, so no cost to chart
    page.click("#side-by-side")  # a proof, not two empty searches compared
    expect(page.locator("#side-box .side-same")).to_have_text(
        "Unsolvable: the parity check proved it before any search."
    )
    expect(page.locator("#side-box .side-pane")).to_have_count(0)


def test_the_maze_cell_taken_out_is_not_tinted_like_sand(page: Page) -> None:
    page.click('.tab[data-tab="maze"]')
    page.click("#maze-solve")
    expect(page.locator("#maze-trace")).to_be_visible()
    page.locator("#maze-stepper .step-start").click()
    for _ in range(5):
        page.locator("#maze-stepper .step-step").click()
    current = page.locator("#maze .cell.current")
    expect(current).to_have_count(1)
    look = current.evaluate(
        "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).backgroundImage]"
    )
    assert look[0] == "rgb(255, 255, 255)"  # its terrain's own colour, untinted
    assert "rgb(36, 59, 107)" in look[1] and "255, 226" not in look[1]  # a navy mark only


def test_a_language_switch_after_a_refusal_runs_no_new_search(page: Page) -> None:
    """The refusal is asked again for its words in the new language: the same request, not
    one made of what the form holds now (that ran a whole IDA* nobody asked for)."""
    page.select_option("#heuristic", "pdb")
    page.click("#solve")
    expect(page.locator("#verdict")).to_contain_text("Error:")
    page.select_option("#algorithm", "bfs")
    page.click("#lang")
    expect(page.locator("#verdict")).to_contain_text("오류")
    page.wait_for_timeout(1_000)
    expect(page.locator("#result")).to_be_hidden()


def test_an_answer_for_a_board_slid_since_is_dropped(page: Page) -> None:
    """A slide during a Solve used to let its answer land on the new board, and Step then
    jumped the board two moves."""
    page.select_option("#algorithm", "idastar")
    page.select_option("#heuristic", "zero")
    page.click("#solve")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#working")).to_be_hidden(timeout=30_000)
    page.wait_for_timeout(1_000)
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#verdict")).not_to_contain_text("Found")
