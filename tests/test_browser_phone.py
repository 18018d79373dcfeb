"""Every tab of the playground on a phone (390x844, touch), as a student's finger meets it: each
button, menu, field, slider and check box's line at least 40 px each way (the maze's own
controls: test_browser_maze_phone.py), with the step-through and the comparison open, in Korean
and English. Screenshots go to artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from test_browser import PHONE, browser, open_page, server, shoot

__all__ = ["browser", "server"]  # fixtures shared with test_browser

# The controls of a tab a finger taps, shown (an element of a hidden part has no offsetParent),
# that are under 40 px either way: [what, width, height].
TOO_SMALL = """(tab) => [...document.querySelectorAll(`#tab-${tab} :is(button, select, input,
    label:has(> input[type=checkbox]))`)]
  .filter((el) => el.offsetParent !== null && el.type !== "checkbox" && el.type !== "file")
  .map((el) => [el.id || el.className || el.textContent.trim().slice(0, 20),
    Math.round(el.getBoundingClientRect().width), Math.round(el.getBoundingClientRect().height)])
  .filter(([, w, h]) => w < 40 || h < 40)"""


def small_controls(page: Page, tab: str) -> list[list[object]]:
    found: list[list[object]] = page.evaluate(TOO_SMALL, tab)
    return found


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_tab_s_controls_are_large_enough_for_a_finger(
    browser: Browser, server: str, lang: str
) -> None:
    page = open_page(browser, server, PHONE, f"/?lang={lang}")
    wide = "document.scrollingElement.scrollWidth"
    expect(page.locator("#p-solvable")).not_to_be_empty()  # the board's analysis is in
    assert small_controls(page, "puzzle") == []
    page.locator("#step-through").tap()
    expect(page.locator("#puzzle-stepper")).to_be_visible()
    page.locator("#compare").tap()
    expect(page.locator("#comparison .conclusion")).to_be_visible(timeout=60_000)
    assert small_controls(page, "puzzle") == []  # the steps' buttons and the log scale's box too
    assert page.evaluate(wide) <= PHONE["width"]
    shoot(page, f"phone-puzzle-controls-{lang}")
    for tab in ("tilt", "cube"):
        page.locator(f'.tab[data-tab="{tab}"]').tap()
        expect(page.locator(f"#tab-{tab}")).to_be_visible()
        assert small_controls(page, tab) == []
        assert page.evaluate(wide) <= PHONE["width"]
        shoot(page, f"phone-{tab}-controls-{lang}")
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()
