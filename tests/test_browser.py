"""The playground in a real browser: Playwright driving Debian's Chromium (never a downloaded
one). Screenshots go to artifacts/ for a reviewer; they are not committed."""

from __future__ import annotations

import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Page, expect, sync_playwright

from statesearch.web.app import create_app

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
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


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not instance.started:
        assert time.time() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser():  # type: ignore[no-untyped-def]
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    page = context.new_page()
    page.goto(server)
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()


def test_sliding_tiles_updates_the_panel(page: Page) -> None:
    expect(page.locator("#p-manhattan")).to_have_text("14")
    page.locator('.tile[data-tile="2"]').click()  # tile 2 sits above the blank
    expect(page.locator("#p-g")).to_have_text("1")
    expect(page.locator("#p-manhattan")).to_have_text("15")
    expect(page.locator("#p-f")).to_have_text("16")
    page.keyboard.press("ArrowUp")  # the tile below the blank (2 again) slides back up
    expect(page.locator("#p-manhattan")).to_have_text("14")
    expect(page.locator("#p-g")).to_have_text("2")


def test_solve_lesson_board_with_manhattan_and_play_it_back(page: Page) -> None:
    page.select_option("#heuristic", "manhattan")
    page.click("#solve")
    expect(page.locator("#r-expanded")).to_have_text("283")
    expect(page.locator("#r-length")).to_have_text("20")
    page.locator("#speed").fill("20")
    page.click("#play")
    expect(page.locator("#playback-pos")).to_have_text("20 / 20", timeout=10_000)
    expect(page.locator("#p-manhattan")).to_have_text("0")
    expect(page.locator("#verdict")).to_have_text(re.compile("solved", re.I))


def test_unsolvable_board_is_announced_before_any_search(page: Page, server: str) -> None:
    page.goto(f"{server}/?board=2,8,1,4,6,3,0,7,5")
    expect(page.locator("#verdict")).to_contain_text("11 inversions")
    expect(page.locator("#result")).to_be_hidden()
    page.click("#anyway")
    expect(page.locator("#verdict")).to_contain_text("181,440", timeout=30_000)


def test_compare_shows_the_lesson(page: Page) -> None:
    page.click("#compare")
    expect(page.locator('.bar[data-heuristic="zero"]')).to_contain_text("48,390", timeout=30_000)
    expect(page.locator('.bar[data-heuristic="misplaced"]')).to_contain_text("3,667")
    expect(page.locator('.bar[data-heuristic="manhattan"]')).to_contain_text("283")


def test_korean_toggle_is_remembered(page: Page, server: str) -> None:
    page.click("#lang")
    expect(page.locator("#solve")).to_have_text("풀기")
    expect(page.locator("#p-solvable")).to_have_text("예")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "korean.png"))
    page.goto(server)
    expect(page.locator("#solve")).to_have_text("풀기")
    page.click("#lang")
    expect(page.locator("#solve")).to_have_text("Solve")


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


def test_maze_page_reproduces_the_lesson(page: Page) -> None:
    page.click('.tab[data-tab="maze"]')
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)
    page.select_option("#maze-algorithm", "astar")
    page.locator("#maze-speed").fill("60")
    page.click("#maze-solve")
    expect(page.locator("#maze-expanded")).to_have_text("52")
    expect(page.locator("#maze-length")).to_have_text("17")
    # The animation colours every expanded cell, then the 18 cells of the path.
    expect(page.locator("#maze .cell.path")).to_have_count(18, timeout=15_000)
    expect(page.locator("#maze .cell.expanded")).to_have_count(52)
    # Cells generated but never expanded stay marked as the frontier.
    expect(page.locator("#maze .cell.frontier")).not_to_have_count(0)


def test_maze_painting_a_wall_changes_the_answer(page: Page) -> None:
    page.click('.tab[data-tab="maze"]')
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)
    page.select_option("#maze-tool", "#")
    page.locator('#maze .cell[data-r="0"][data-c="1"]').click()  # block the top row
    page.click("#maze-solve")
    expect(page.locator("#maze-length")).not_to_have_text("17")
    expect(page.locator("#maze-length")).not_to_have_text("")


def test_tilt_page_plays_and_solves(page: Page) -> None:
    page.click('.tab[data-tab="tilt"]')
    expect(page.locator("#tilt .cell.block")).to_have_count(3)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#tilt-moves")).to_have_text("1")
    page.click("#tilt-undo")
    expect(page.locator("#tilt-moves")).to_have_text("0")
    page.click("#tilt-solve")
    expect(page.locator("#tilt-verdict")).to_contain_text("13")
    expect(page.locator("#tilt-layers .bar")).to_have_count(14)
    # The playback ends with every block on a target.
    expect(page.locator("#tilt .cell.block.target")).to_have_count(3, timeout=15_000)


def test_tilt_generate_by_seed(page: Page) -> None:
    page.click('.tab[data-tab="tilt"]')
    page.locator("#tilt-seed").fill("2")
    page.locator("#tilt-blocks").fill("2")
    page.locator("#tilt-min").fill("8")
    page.click("#tilt-generate")
    expect(page.locator("#tilt .cell.block")).to_have_count(2)


def test_a_search_is_cancelled_when_its_client_goes_away(server: str) -> None:
    """Two long searches fill both slots; their clients hang up; the slots free at once."""
    import json
    import urllib.request

    host, port = server.removeprefix("http://").split(":")
    body = json.dumps(
        {
            "tiles": [0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
            "rows": 4,
            "cols": 4,
            "algorithm": "bfs",
            "max_expanded": 2_000_000,
            "time_limit": 20,
        }
    ).encode()
    request = (
        f"POST /api/npuzzle/solve HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode() + body
    clients = []
    for _ in range(2):
        client = socket.create_connection((host, int(port)))
        client.sendall(request)
        clients.append(client)
    time.sleep(0.5)
    for client in clients:
        client.close()
    quick = json.dumps({"tiles": [1, 2, 3, 4, 5, 6, 7, 0, 8], "rows": 3, "cols": 3}).encode()
    deadline = time.time() + 5
    while True:
        try:
            with urllib.request.urlopen(
                urllib.request.Request(
                    f"{server}/api/npuzzle/solve", quick, {"Content-Type": "application/json"}
                )
            ) as answer:
                assert json.load(answer)["length"] == 1
                break
        except urllib.error.HTTPError as busy:
            assert busy.code == 503
            assert time.time() < deadline, "the abandoned searches kept their slots"
            time.sleep(0.2)


def test_editable_goal(page: Page) -> None:
    expect(page.locator("#p-manhattan")).to_have_text("14")
    page.locator("#goal").fill("7 2 4 5 0 6 8 3 1")
    page.locator("#goal").press("Enter")
    page.locator("#goal").blur()
    expect(page.locator("#p-manhattan")).to_have_text("0")
    page.locator("#goal").fill("1 2 3")
    page.locator("#goal").blur()
    expect(page.locator("#verdict")).to_contain_text("Error")


def test_compare_table_lists_pushed_counts(page: Page) -> None:
    page.click("#compare")
    row = page.locator('.compare-table tr[data-heuristic="misplaced"]')
    expect(row).to_contain_text("3,667", timeout=30_000)
    expect(row).to_contain_text("5,750")
