"""The cube page in a real browser (Debian's Chromium): turning faces, a scramble, a 2x2x2
solved and played back to the solved net, the 3x3x3's fall-back without tables, and Korean.
Screenshots at a laptop's and a phone's size go to artifacts/ (cube-1280x800.png, ...)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

import test_browser
from statesearch.cube import Cube
from test_browser import ARTIFACTS, LAPTOP, PHONE, open_page

SOLVED_2 = "UUUURRRRFFFFDDDDLLLLBBBB"
SOLVED_3 = "".join(face * 9 for face in "URFDLB")


server = test_browser.server  # the playground's server and Chromium fixtures
browser = test_browser.browser


def twisted_corner() -> str:
    """The solved 3x3x3 with its up-right-front corner turned in place (U9 R1 F3 cycled)."""
    facelets = list(SOLVED_3)
    facelets[8], facelets[9], facelets[20] = "F", "U", "R"
    return "".join(facelets)


def net(page: Page) -> str:
    return str(page.locator("#cube-net").get_attribute("data-facelets"))


def open_cube(browser: Browser, server: str, size: ViewportSize) -> Page:
    page = open_page(browser, server, size)
    page.click('.tab[data-tab="cube"]')
    expect(page.locator("#cube-net rect")).to_have_count(54)
    return page


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_turns_follow_the_domain_and_undo(browser: Browser, server: str) -> None:
    page = open_cube(browser, server, LAPTOP)
    assert net(page) == SOLVED_3
    for move in ("R", "U", "R'", "U'"):
        page.click(f'.cube-turn[data-move="{move}"]')
    expect(page.locator("#cube-count")).to_have_text("4")
    cube = Cube.from_text("R U R' U'")
    turned = cube.facelets(cube.initial)
    expect(page.locator("#cube-net")).to_have_attribute("data-facelets", turned)
    page.keyboard.press("F")  # a key turns a face too; Shift gives the inverse
    page.keyboard.press("Shift+F")
    expect(page.locator("#cube-count")).to_have_text("6")
    expect(page.locator("#cube-net")).to_have_attribute("data-facelets", turned)
    page.click("#cube-reset")
    expect(page.locator("#cube-net")).to_have_attribute("data-facelets", SOLVED_3)
    pocket = Cube.from_text("R U", 2)  # a 2x2x2's facelets switch the page to the 2x2x2
    page.fill("#cube-text", pocket.facelets(pocket.initial))
    page.click("#cube-apply")
    expect(page.locator("#cube-size")).to_have_value("2")
    expect(page.locator("#cube-net")).to_have_attribute(
        "data-facelets", pocket.facelets(pocket.initial)
    )
    # Face by face, a face a word, switches back to the 3x3x3.
    page.fill("#cube-text", " ".join(turned[i : i + 9] for i in range(0, 54, 9)))
    page.click("#cube-apply")
    expect(page.locator("#cube-size")).to_have_value("3")
    expect(page.locator("#cube-net")).to_have_attribute("data-facelets", turned)
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_a_2x2x2_is_scrambled_solved_and_played_back(
    browser: Browser, server: str, size: ViewportSize
) -> None:
    label = f"{size['width']}x{size['height']}"
    page = open_cube(browser, server, size)
    page.select_option("#cube-size", "2")
    expect(page.locator("#cube-net rect")).to_have_count(24)
    page.click("#cube-random")
    expect(page.locator("#cube-net")).not_to_have_attribute("data-facelets", SOLVED_2)
    scrambled = net(page)
    expect(page.locator("#cube-text")).to_have_value(scrambled)
    assert sorted(scrambled) == sorted(SOLVED_2)
    page.click("#cube-solve")
    expect(page.locator("#cube-verdict")).to_contain_text("Optimal solution", timeout=30_000)
    # the table by what it holds, not the bare CLI name "exact"
    expect(page.locator("#cube-r-search")).to_contain_text("exact distance table (exact)")
    moves = page.locator(".cube-move")
    count = moves.count()
    assert 1 <= count <= 11  # God's number of the 2x2x2 in the half-turn metric
    replayed = Cube.from_text(scrambled, 2)
    after = replayed.apply(replayed.initial, " ".join(moves.all_inner_texts()))
    assert replayed.is_goal(after)
    page.click("#cube-steps .step-step")
    expect(moves.nth(0)).to_have_class("cube-move done current")
    page.click("#cube-steps .step-end")
    expect(page.locator("#cube-net")).to_have_attribute("data-facelets", SOLVED_2)
    page.click("#cube-steps .step-back")
    assert net(page) != SOLVED_2
    page.click("#cube-steps .step-run")
    expect(page.locator("#cube-net")).to_have_attribute("data-facelets", SOLVED_2)
    expect(page.locator("#cube-r-expanded")).not_to_have_text("")
    shoot(page, f"cube-{label}")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
    page.click("#lang")
    expect(page.locator("#cube-verdict")).to_contain_text("최적해")
    expect(page.locator("#cube-solve")).to_have_text("풀기")
    shoot(page, f"cube-{label}-ko")
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_a_3x3x3_checkerboard_and_an_unsolvable_cube_in_korean(
    browser: Browser, server: str, size: ViewportSize
) -> None:
    page = open_cube(browser, server, size)
    page.click("#lang")
    page.fill("#cube-text", "R2 L2 U2 D2 F2 B2")
    page.click("#cube-apply")
    expect(page.locator("#cube-net")).not_to_have_attribute("data-facelets", SOLVED_3)
    page.click("#cube-solve")
    expect(page.locator("#cube-verdict")).to_contain_text("최적해: 6수", timeout=30_000)
    expect(page.locator("#cube-r-search")).to_contain_text("양방향 탐색")
    expect(page.locator("#cube-advice")).to_contain_text("statesearch cube tables")
    page.click("#cube-steps .step-start")
    page.click("#cube-steps .step-step")
    shoot(page, f"cube-3x3x3-{size['width']}x{size['height']}-ko")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
    page.click("#cube-steps .step-end")
    expect(page.locator("#cube-net")).to_have_attribute("data-facelets", SOLVED_3)
    page.fill("#cube-text", twisted_corner())
    page.click("#cube-apply")
    expect(page.locator("#cube-verdict")).to_contain_text("풀 수 없음")
    page.click("#cube-solve")  # refused by the invariant: no search, so no search table
    expect(page.locator("#cube-verdict")).to_contain_text("탐색 전에 증명됨")
    expect(page.locator("#cube-result")).to_be_hidden()
    page.fill("#cube-text", "R U X")
    page.click("#cube-apply")
    expect(page.locator("#cube-verdict")).to_contain_text("오류")
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()


def test_a_random_position_shows_its_seed(browser: Browser, server: str) -> None:
    """The same cube again is one request away: the page names the seed the server drew."""
    page = open_cube(browser, server, LAPTOP)
    with page.expect_response("**/api/cube/random") as answer:
        page.click("#cube-random")
    seed = answer.value.json()["seed"]
    expect(page.locator("#cube-verdict")).to_have_text(
        f"A uniform random position, seed {seed}: type it under Seed to draw it again."
    )
    drawn = page.locator("#cube-net").inner_html()
    page.click("#cube-reset")
    page.fill("#cube-seed", str(seed))
    with page.expect_response("**/api/cube/random") as again:
        page.click("#cube-random")
    assert again.value.json()["seed"] == seed
    expect(page.locator("#cube-verdict")).to_contain_text(f"seed {seed}:")
    assert page.locator("#cube-net").inner_html() == drawn  # the same position again
    page.click("#lang")
    expect(page.locator("#cube-verdict")).to_contain_text(f"시드 {seed}")
    page.context.close()


def test_a_quarter_turn_solution_plays_back_a_written_turn_a_step(
    browser: Browser, server: str
) -> None:
    """R U2 F in quarter turns is solved by F' U2 R' (it was shown as searched, F' U U R'): a
    button and a step each, the step of U2 turning both its quarters."""
    page = open_cube(browser, server, LAPTOP)
    page.select_option("#cube-metric", "qtm")
    page.fill("#cube-text", "R U2 F")
    page.click("#cube-apply")
    expect(page.locator("#cube-net")).not_to_have_attribute("data-facelets", SOLVED_3)
    page.click("#cube-solve")
    expect(page.locator("#cube-verdict")).to_have_text(
        "Optimal solution: 4 moves (quarter-turn metric).", timeout=30_000
    )
    # written with the prime sign, as on the face buttons
    expect(page.locator(".cube-move")).to_have_text(["F′", "U2", "R′"])
    page.click("#cube-steps .step-step")
    page.click("#cube-steps .step-step")
    after_r = Cube.from_text("R")  # R U2 F, then F' U2
    expect(page.locator("#cube-net")).to_have_attribute(
        "data-facelets", after_r.facelets(after_r.initial)
    )
    expect(page.locator(".cube-move").nth(1)).to_have_class("cube-move done current")
    page.click("#cube-steps .step-end")
    expect(page.locator("#cube-net")).to_have_attribute("data-facelets", SOLVED_3)
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()
