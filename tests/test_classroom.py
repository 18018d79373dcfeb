"""Lesson 8 as a class uses the playground (issue 38): a random board that may be unsolvable
and says why, the lesson's words in Korean by default, the lesson's table, any weight, a
projector, a phone and a worksheet. Playwright drives Debian's Chromium, as in test_browser;
screenshots of each page changed go to artifacts/ (classroom-*.png) for a reviewer's eyes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from statesearch.npuzzle import inversions, is_solvable
from test_browser import ARTIFACTS, LAPTOP, browser, open_page, server

__all__ = ["browser", "server"]  # fixtures shared with test_browser

GOAL_3 = (1, 2, 3, 4, 5, 6, 7, 8, 0)


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    page = open_page(browser, server, LAPTOP, "/?lang=en")
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    assert page.outside == []  # type: ignore[attr-defined]
    assert errors == []
    page.context.close()


def shot(page: Page, name: str, *, full: bool = False) -> None:
    """What a viewer sees (the viewport), or the whole page."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"classroom-{name}.png"), full_page=full)


def board_tiles(page: Page) -> tuple[int, ...]:
    """The board as drawn, read row by row, 0 for the blank."""
    return tuple(
        page.locator("#board .tile").evaluate_all(
            "tiles => tiles.map(t => Number(t.dataset.tile ?? 0))"
        )
    )


def test_random_boards_are_random_and_the_panel_says_why_not(page: Page) -> None:
    expect(page.locator("#p-solvable")).to_have_text("yes")
    unsolvable = 0
    for _ in range(20):
        with page.expect_response("**/api/npuzzle/analyze"):
            page.click("#random")
        tiles = board_tiles(page)
        assert sorted(tiles) == list(range(9))
        solvable = is_solvable(tiles, GOAL_3, 3)  # the lesson's rule: even reversed pairs
        assert solvable == (inversions(tiles) % 2 == 0)
        expect(page.locator("#p-inversions")).to_have_text(str(inversions(tiles)))
        expect(page.locator("#p-solvable")).to_have_text("yes" if solvable else "no")
        if solvable:
            expect(page.locator("#p-why")).to_be_hidden()
            continue
        unsolvable += 1
        expect(page.locator("#p-why")).to_contain_text(
            f"Cannot be solved: {inversions(tiles)} reversed pairs (odd), and the goal has 0"
        )
        expect(page.locator("#anyway")).to_be_visible()
        if unsolvable == 1:
            shot(page, "unsolvable-1280x800")
    assert unsolvable > 0  # 20 fair coins all solvable: one chance in a million


def test_search_anyway_beside_the_reason_proves_it_by_exhaustion(page: Page) -> None:
    page.goto(page.url.split("?")[0] + "?lang=en&board=2,8,1,4,6,3,0,7,5")  # 11 reversed pairs
    expect(page.locator("#p-why")).to_contain_text("11 reversed pairs (odd)")
    page.click("#anyway")
    expect(page.locator("#verdict")).to_contain_text("181,440", timeout=90_000)


def test_a_15_puzzle_counts_the_blanks_row(page: Page) -> None:
    page.goto(page.url.split("?")[0] + "?lang=en&board=1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0")
    expect(page.locator("#p-solvable")).to_have_text("no")
    expect(page.locator("#p-why")).to_contain_text(
        "1 reversed pair + the blank in row 4 = 5 (odd); the goal: 0 + row 4 = 4 (even)"
    )


def test_shuffle_stays_in_the_goals_half(page: Page) -> None:
    for _ in range(8):
        with page.expect_response("**/api/npuzzle/analyze"):
            page.click("#scramble")
        tiles = board_tiles(page)
        expect(page.locator("#p-inversions")).to_have_text(str(inversions(tiles)))
        expect(page.locator("#p-solvable")).to_have_text("yes")
        expect(page.locator("#p-why")).to_be_hidden()
