"""The maze page on a phone (390x844, touch) as a student holds it: controls a finger can tap,
and the step's number not read on from the speed. Screenshots go to artifacts/."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from test_browser import PHONE, browser, open_page, server, shoot

__all__ = ["browser", "server"]  # fixtures shared with test_browser


def test_a_phone_s_fingers_find_the_maze_s_controls_large_enough(
    browser: Browser, server: str
) -> None:
    page = open_page(browser, server, PHONE, "/?lang=ko")
    page.locator('.tab[data-tab="maze"]').tap()
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)
    page.locator("#maze-solve").tap()
    page.locator("#maze-stepper .step-end").tap()
    small = page.evaluate("""() => [...document.querySelectorAll(
          '#tab-maze :is(button, select, input[type=range], .whole-tree)')]
        .filter((el) => el.offsetParent !== null).map((el) => [el.id || el.className,
          el.getBoundingClientRect().width, el.getBoundingClientRect().height])
        .filter(([, w, h]) => w < 40 || h < 40)""")
    assert small == []
    # The step's number apart from the speed, not read on from it: "초당 30단계 52단계 중 52단계".
    speed = page.locator("#maze-stepper .step-speed").bounding_box()
    position = page.locator("#maze-stepper .step-pos").bounding_box()
    assert speed and position
    beside = position["x"] >= speed["x"] + speed["width"] + 16  # at the row's end
    assert beside or position["y"] >= speed["y"] + speed["height"]  # or on a line of its own
    page.evaluate("scrollTo(0, 0)")  # the pinned maze where it sits, for the picture
    shoot(page, "maze-phone-controls-390x844-ko")
    page.context.close()
