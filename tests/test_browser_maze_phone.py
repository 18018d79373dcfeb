"""The maze page on a phone (390x844, touch) as a student holds it: controls a finger can tap,
the step's number not read on from the speed, and a Moving AI map up to the page's caps that fits
the width and hides no field, Solve or step button under it, pinned or not. Screenshots go to
artifacts/."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from test_browser import PHONE, browser, open_page, server, shoot
from test_browser_maze import cell

__all__ = ["browser", "server"]  # fixtures shared with test_browser

# Whether a point in the middle of an element finds the element itself, not something over it.
SEEN = """(el) => { const r = el.getBoundingClientRect();
  return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el; }"""


def test_a_phone_s_fingers_find_the_maze_s_controls_large_enough(
    browser: Browser, server: str
) -> None:
    page = open_page(browser, server, PHONE, "/?lang=ko")
    page.locator('.tab[data-tab="maze"]').tap()
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)
    page.locator("#maze-solve").tap()
    page.locator("#maze-stepper .step-end").tap()
    small = page.evaluate("""() => [...document.querySelectorAll(
          '#tab-maze :is(button, select, input[type=range], .whole-tree), .tab, #lang')]
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


def moving_ai(path: Path, width: int, height: int) -> Path:
    """A map of open ground with walls on a slant, its corners open (for the start and goal)."""
    rows = [
        "".join("@" if (r * 7 + c * 3) % 11 == 5 else "." for c in range(width))
        for r in range(height)
    ]
    path.write_text(f"type octile\nheight {height}\nwidth {width}\nmap\n" + "\n".join(rows) + "\n")
    return path


def load_and_solve(page: Page, path: Path, width: int, height: int) -> None:
    """The map loaded, its corners clicked as start and goal, and Solve: a long page below it."""
    page.set_input_files("#maze-file", str(path))
    expect(page.locator("#maze .cell")).to_have_count(width * height)
    page.locator(cell(page, 0, 0)).tap()
    page.locator(cell(page, height - 1, width - 1)).tap()
    expect(page.locator("#maze-cost")).not_to_have_text("")
    solve = page.locator("#maze-solve")
    solve.evaluate("(el) => el.scrollIntoView({ block: 'center' })")
    assert solve.evaluate(SEEN)  # not under the map
    solve.tap()
    expect(page.locator("#maze-stepper .step-step")).to_be_visible()


def test_on_a_phone_a_map_up_to_the_caps_fits_and_hides_nothing(
    browser: Browser, server: str, tmp_path: Path
) -> None:
    """A 60-column map stuck out past the phone's width, and pinned at the top it hid a field
    given focus under it; a map taller than the screen, pinned, covered Solve and the steps."""
    page = open_page(browser, server, PHONE, "/?lang=en")
    page.locator('.tab[data-tab="maze"]').tap()
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)
    load_and_solve(page, moving_ai(tmp_path / "wide.map", 60, 60), 60, 60)
    box = page.locator("#maze").bounding_box()
    assert box and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    page.evaluate("scrollTo(0, document.body.scrollHeight)")  # down past the form
    page.locator("#maze-algorithm").focus()  # scrolled up to by the browser
    assert page.locator("#maze-algorithm").evaluate(SEEN)  # below the pinned maze, not under it
    shoot(page, "maze-map-60x60-390x844")
    load_and_solve(page, moving_ai(tmp_path / "tall.map", 20, 60), 20, 60)
    step = page.locator("#maze-stepper .step-step")
    step.evaluate("(el) => el.scrollIntoView({ block: 'center' })")
    assert step.evaluate(SEEN)  # stuck under a maze that is not pinned, it was off the screen
    page.context.close()
