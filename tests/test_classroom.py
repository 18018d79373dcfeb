"""Lesson 8 as a class uses the playground (issue 38): a random board that may be unsolvable
and says why, the lesson's words in Korean by default, the lesson's table, any weight, a
projector, a phone and a worksheet. Playwright drives Debian's Chromium, as in test_browser;
screenshots of each page changed go to artifacts/ (classroom-*.png) for a reviewer's eyes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from statesearch.npuzzle import inversions, is_solvable
from test_browser import ARTIFACTS, LAPTOP, PHONE, all_in_sight, browser, open_page, server

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


# The words the lesson replaced (issue 38): none may show on the Korean page.
OLD_WORDS = (
    "휴리스틱",
    "타일",
    "가중치",
    "확장한 상태 수",
    "넣은 상태 수",
    "해의 길이",
    "역순 쌍",
    "탐욕적 최우선",
    "공간을 다 쓴",
)


def open_as(
    browser: Browser, server: str, viewport: ViewportSize, path: str = "/", locale: str = "en-US"
) -> Page:
    """A fresh page in a browser set to `locale` (navigator.language and Accept-Language);
    every request must go to the test server."""
    return open_page(browser, server, viewport, path, locale)


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


def test_a_korean_browser_gets_the_lessons_words(browser: Browser, server: str) -> None:
    page = open_as(browser, server, LAPTOP, locale="ko-KR")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    expect(page.locator("#solve")).to_have_text("풀기")
    assert "lang=ko" in page.url  # a link to hand out keeps the language
    expect(page.locator('[data-i18n="heuristic"]').first).to_have_text("어림 (h)")
    expect(page.locator('#heuristic option[value="misplaced"]')).to_have_text(
        "h1 제자리에 없는 조각 수"
    )
    expect(page.locator('#heuristic option[value="manhattan"]')).to_have_text("h2 맨해튼 거리")
    expect(page.locator('#heuristic option[value="rowcol"]')).to_have_text("h3 행·열이 틀린 조각")
    expect(page.locator('dt[data-i18n="inversions"]')).to_have_text("뒤집힌 짝")
    page.click("#solve")
    expect(page.locator("#verdict")).to_have_text("20번 이동하는 길을 찾았습니다 (최소 이동).")
    expect(page.locator('#result th[data-i18n="expanded"]')).to_have_text("둘러본 상태")
    expect(page.locator('#result th[data-i18n="pushed"]')).to_have_text("대기실에 넣은 횟수")
    page.click("#step-through")
    expect(page.locator("#puzzle-stepper .room h3")).to_have_text("대기실 (우선순위 큐)")
    page.select_option("#algorithm", "wastar")
    expect(page.locator('#weight-field [data-i18n="weight"]')).to_have_text("배율 w")
    page.click("#exp-unsolvable")
    expect(page.locator("#experiment .conclusion")).to_contain_text(
        "찾지 못함은 없음이 아닙니다", timeout=90_000
    )
    text = page.locator("body").inner_text()  # the glossary, closed, shows only its title
    assert [word for word in OLD_WORDS if word in text] == []
    page.locator("#glossary summary").click()  # where the textbook's words belong
    expect(page.locator("#glossary")).to_contain_text("대기실")
    expect(page.locator("#glossary")).to_contain_text("우선순위 큐 (열린 목록, 프런티어)")
    shot(page, "glossary-1280x800-ko")
    # The server's own messages come in Korean too (Accept-Language).
    page.fill("#goal", "1 1 2 3 4 5 6 7 8")
    page.locator("#goal").press("Enter")
    expect(page.locator("#verdict")).to_contain_text("중복된 조각")
    page.context.close()
    page = open_as(browser, server, LAPTOP, "/?lang=en", locale="ko-KR")  # the link's choice wins
    expect(page.locator("#solve")).to_have_text("Solve")
    expect(page.locator('#heuristic option[value="manhattan"]')).to_have_text(
        "h2 Manhattan distance"
    )
    page.context.close()
    page = open_as(browser, server, LAPTOP, locale="en-US")
    expect(page.locator("#solve")).to_have_text("Solve")
    page.context.close()


def compared(page: Page) -> None:
    page.click("#compare")
    expect(page.locator(".compare-table .pending")).to_have_count(0, timeout=60_000)
    expect(page.locator('#comparison .bar[data-heuristic="linear_conflict"]')).to_be_visible()


def test_the_comparison_is_the_lessons_table(page: Page) -> None:
    compared(page)
    all_in_sight(page, "#comparison")
    head = page.locator("#comparison .compare-table tr").first.locator("th")
    expect(head).to_have_text(
        ["Estimate (h)", "States expanded", "Pushed into the waiting room", "Solution length",
         "h at the start", "× the best", "Time"]
    )  # fmt: skip
    # The lesson's five; a pattern database's row joins them once its tables are built,
    # as another test of the session may have done.
    rows = page.locator('#comparison .compare-table tr[data-heuristic]:not([data-heuristic="pdb"])')
    expect(rows).to_have_count(5)
    lesson = {  # the lesson's table: expanded, pushed, h at the start, × the best
        "zero": ("48,390", "66,516", "0", "171×"),
        "misplaced": ("3,667", "5,750", "6", "13×"),
        "manhattan": ("283", "451", "14", "1×"),
        "rowcol": ("891", "1,427", "9", "3.1×"),
    }
    for key, (expanded, pushed, h, ratio) in lesson.items():
        cells = page.locator(f'#comparison tr[data-heuristic="{key}"] td')
        expect(cells.nth(1)).to_have_text(expanded)
        expect(cells.nth(2)).to_have_text(pushed)
        expect(cells.nth(3)).to_have_text("20")
        expect(cells.nth(4)).to_have_text(h)
        expect(cells.nth(5)).to_have_text(ratio)
    expect(page.locator('#comparison tr[data-heuristic="manhattan"]')).to_have_class("best")
    expect(page.locator("#comparison .conclusion")).to_have_text(
        "Without an estimate A* expanded 171 times as many states as with h2, and with h1 13 "
        "times as many; every one found the fewest moves (20)."
    )

    def width(key: str) -> float:
        box = page.locator(f'#comparison .bar[data-heuristic="{key}"] .bar-fill').bounding_box()
        assert box
        return box["width"]

    # Linear: the bars stand as 171 to 1 (the short one is a sliver of at least 3 px).
    assert width("zero") / width("misplaced") == pytest.approx(48390 / 3667, rel=0.05)
    assert width("manhattan") == pytest.approx(max(3, width("zero") * 283 / 48390), abs=1)
    shot(page, "compare-1280x800", full=True)
    page.locator("#comparison .scale-choice input").check()  # log scale, as an option
    assert width("manhattan") > width("zero") / 2
    expect(page.locator("#comparison")).to_contain_text("log scale (each tenfold")
    page.locator("#comparison .scale-choice input").uncheck()
    page.click("#lang")
    expect(page.locator("#comparison .compare-table th.ratio")).to_have_text("최선의 몇 배")
    all_in_sight(page, "#comparison")
    expect(page.locator("#comparison .conclusion")).to_have_text(
        "어림 없이는 h2일 때의 171배, h1로는 13배나 되는 상태를 둘러봤습니다. 모두 최소 이동 "
        "20을 찾았습니다."
    )
    page.locator("#comparison").scroll_into_view_if_needed()
    shot(page, "compare-1280x800-ko")


def test_the_weights_experiment_says_how_many_times(page: Page) -> None:
    page.click("#exp-weights")
    box = page.locator("#experiment")
    expect(box.locator(".conclusion")).to_be_visible(timeout=60_000)
    expect(box.locator('tr[data-key="w0"] td.ratio')).to_have_text("171×")
    expect(box.locator('tr[data-key="w1"] td.ratio')).to_have_text("1×")
    expect(box.locator('tr[data-key="w5"] td.length')).to_contain_text("not sure to be the fewest")
    all_in_sight(page, "#experiment")


def test_any_weight_on_the_puzzle_and_the_maze(page: Page) -> None:
    page.select_option("#algorithm", "wastar")
    page.fill("#weight", "1.1")
    expect(page.locator("#p-f")).to_have_text("15.4")  # 0 + 1.1 · 14
    assert page.locator("#weight-slider").input_value() == "1.1"
    page.click("#solve")
    expect(page.locator("#r-search")).to_contain_text("A* (w = 1.1)")
    page.fill("#weight", "0")  # w = 0: no estimate read, Dijkstra's order
    page.click("#solve")
    expect(page.locator("#r-expanded")).to_have_text("48,390", timeout=60_000)
    expect(page.locator("#r-search")).to_contain_text("A* (w = 0)")
    page.locator("#weight-slider").fill("5")  # the slider moves the box
    expect(page.locator("#weight")).to_have_value("5")
    page.click("#solve")
    expect(page.locator("#r-expanded")).to_have_text("59")
    page.click('.tab[data-tab="maze"]')
    page.select_option("#maze-algorithm", "wastar")
    page.fill("#maze-weight", "1.1")
    with page.expect_request("**/api/maze/trace") as asked:
        page.click("#maze-solve")
    body = asked.value.post_data_json
    assert body and body["weight"] == 1.1
    expect(page.locator("#maze-verdict")).to_contain_text("Found a path")
    expect(page.locator("#maze-expanded")).to_have_text("21")  # the worksheet's answer
    expect(page.locator("#maze-length")).to_have_text("17")


ZOOMED: ViewportSize = {"width": 853, "height": 533}  # 1280x800 at 150% zoom


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box and size
    return (
        box["y"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"]
    )


def played_to_the_end(page: Page) -> None:
    """Wait for the maze's search, played once it is found, to reach its end. A click while it
    plays may not land at once; Playwright then retries it with the page scrolled another
    way (the maze off the top), which no person's tap does."""
    expect(page.locator("#maze-stepper .step-pos")).to_have_text(re.compile(r"(\d+)단계 중 \1단계"))


def smallest_digit(page: Page, scope: str) -> float:
    """The smallest digit's size on screen, in px, of the mini-boards under `scope`."""
    return float(
        page.evaluate(
            """(scope) => Math.min(...[...document.querySelectorAll(scope + ' svg.mini')]
                .filter((svg) => svg.getBoundingClientRect().width > 0)
                .flatMap((svg) => [...svg.querySelectorAll('text')].map((text) =>
                  Number(text.getAttribute('font-size')) * svg.getBoundingClientRect().width
                    / svg.viewBox.baseVal.width)))""",
            scope,
        )
    )


@pytest.mark.parametrize(("size", "scale"), [(LAPTOP, 1), (ZOOMED, 1.5)], ids=["1280x800", "150%"])
def test_a_projector_shows_the_board_the_steps_and_the_waiting_room(
    browser: Browser, server: str, size: ViewportSize, scale: float
) -> None:
    context = browser.new_context(viewport=size, device_scale_factor=scale)
    page = context.new_page()
    page.goto(f"{server}/?lang=en&present=1")
    expect(page.locator("body")).to_have_class("present")
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    expect(stepper.locator(".room .step-table tbody tr").first).to_be_visible()
    for _ in range(3):
        page.keyboard.press("ArrowRight")  # a step of the search, not a slide of the board
    expect(stepper.locator(".step-pos")).to_contain_text("step 3 of")
    expect(page.locator("#p-g")).to_have_text("0")
    page.keyboard.press("ArrowLeft")
    expect(stepper.locator(".step-pos")).to_contain_text("step 2 of")
    for selector in ("#board", "#puzzle-stepper .step-step", "#puzzle-stepper .room tbody tr"):
        assert in_view(page, selector), selector
    assert smallest_digit(page, "#puzzle-stepper .room") >= 14
    name = "1280x800" if scale == 1 else "1280x800-zoom150"
    shot(page, f"present-{name}")
    page.keyboard.press(" ")  # run, and pause
    expect(stepper.locator(".step-run")).to_have_class(re.compile("running"))
    page.keyboard.press(" ")
    expect(stepper.locator(".step-run")).not_to_have_class(re.compile("running"))
    page.click("#lang")
    shot(page, f"present-{name}-ko")
    # The maze: the grid, its step controls and its waiting room together as well.
    page.click('.tab[data-tab="maze"]')
    page.click("#maze-solve")
    played_to_the_end(page)
    page.locator("#maze-stepper .step-start").click()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#maze-stepper .step-pos")).to_have_text(re.compile(r"중 1단계$"))
    for selector in ("#maze", "#maze-stepper .step-step", "#maze-stepper .room tbody tr"):
        assert in_view(page, selector), selector
    shot(page, f"present-maze-{name}-ko")
    context.close()


def test_on_a_phone_the_board_and_the_step_button_stay_in_view(
    browser: Browser, server: str
) -> None:
    page = open_as(browser, server, PHONE, "/?lang=ko")
    page.click("#step-through")
    step = page.locator("#puzzle-stepper .step-step")
    expect(step).to_be_visible()
    page.evaluate("window.scrollBy(0, 700)")  # down to the tables
    step.click()
    step.click()
    expect(page.locator("#puzzle-stepper .step-pos")).to_contain_text("2단계")
    assert in_view(page, "#board") and in_view(page, "#puzzle-stepper .step-step")
    shot(page, "phone-stepping-390x844-ko")
    # The maze: the same, under the pinned maze.
    page.click('.tab[data-tab="maze"]')
    page.click("#maze-solve")
    played_to_the_end(page)
    page.evaluate("window.scrollBy(0, 900)")
    page.locator("#maze-stepper .step-start").click()
    page.locator("#maze-stepper .step-step").click()
    assert in_view(page, "#maze") and in_view(page, "#maze-stepper .step-step")
    shot(page, "phone-maze-stepping-390x844-ko")
    # Play-back brings the board into view (it animates there).
    page.click('.tab[data-tab="puzzle"]')
    page.click("#solve")
    expect(page.locator("#playback-pos")).to_have_text("0 / 20")
    page.locator("#play").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 300)")
    page.click("#play")
    assert in_view(page, "#board")
    page.context.close()


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_worksheet_prints_on_a4_with_the_lessons_table(
    browser: Browser, server: str, language: str
) -> None:
    page = open_as(browser, server, LAPTOP, f"/?lang={language}")
    link = page.locator("#worksheet-link")
    expect(link).to_have_attribute("href", f"static/worksheet.html?lang={language}")  # relative
    link.click()
    expect(page.locator("table.fill")).to_have_count(2)  # to fill in, and the answers
    blank = page.locator("table.fill").first
    head = "States expanded" if language == "en" else "둘러본 상태"
    expect(blank.locator("th").nth(1)).to_have_text(head)
    expect(blank.locator("td.blank")).to_have_count(4 * 5)
    answers = page.locator(".answers table.fill")
    for value in ("48,390", "66,516", "171×", "3,667", "13×", "283", "451", "891", "3.1×"):
        expect(answers).to_contain_text(value)
    page.emulate_media(media="print")
    expect(page.locator("nav")).to_be_hidden()  # no buttons on paper
    assert page.locator(".answers").evaluate("el => getComputedStyle(el).breakBefore") == "page"
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert len(boxes) == 2  # the sheet, and the answers on a page of their own
    for width, height in boxes:  # A4: 210 x 297 mm, 595 x 842 points
        assert abs(float(width) - 595.3) < 1.5 and abs(float(height) - 841.9) < 1.5
    (ARTIFACTS / f"classroom-worksheet-{language}.pdf").write_bytes(pdf)
    page.emulate_media(media="screen")
    shot(page, f"worksheet-1280x800-{language}", full=True)
    page.set_viewport_size(PHONE)
    shot(page, f"worksheet-390x844-{language}")
    page.context.close()


LESSON_TILES = (7, 2, 4, 5, 0, 6, 8, 3, 1)


def test_step_through_during_play_back_traces_the_board_then(page: Page) -> None:
    page.click("#solve")
    expect(page.locator("#playback-pos")).to_have_text("0 / 20")
    page.locator("#speed").fill("2")
    page.click("#play")
    expect(page.locator("#playback-pos")).not_to_have_text("0 / 20")
    page.click("#step-through")  # it used to say: press Step through (the button just pressed)
    expect(page.locator("#puzzle-stepper")).to_be_visible()
    expect(page.locator("#puzzle-trace-what")).not_to_contain_text("press Step through")
    at = page.locator("#playback-pos").inner_text()
    page.wait_for_timeout(1_200)
    expect(page.locator("#playback-pos")).to_have_text(at)  # the play-back stopped there


def test_reset_goes_back_to_the_board_built_and_the_lesson_has_its_button(page: Page) -> None:
    page.locator('.tile[data-tile="2"]').click()
    page.locator('.tile[data-tile="7"]').click()
    built = board_tiles(page)
    assert built != LESSON_TILES
    page.click("#solve")
    expect(page.locator("#playback-pos")).to_have_text(re.compile(r"^0 / \d+$"))
    page.click("#step")
    page.click("#step")
    assert board_tiles(page) != built
    page.click("#reset")
    assert board_tiles(page) == built  # not the lesson's: the board the student made
    expect(page.locator("#p-g")).to_have_text("0")
    page.click("#lesson-board")
    assert board_tiles(page) == LESSON_TILES


def test_side_by_side_after_the_unsolvable_experiment_is_clean(page: Page) -> None:
    page.click("#side-by-side")  # answers on the lesson's board first
    expect(page.locator("#side-box .side-pane")).to_have_count(2)
    page.click("#exp-unsolvable")
    page.click("#side-by-side")  # while the experiment still runs: it stops, this one runs
    expect(page.locator("#side-box .side-same")).to_have_text(
        "Unsolvable: the parity check proved it before any search."
    )
    expect(page.locator("#side-box .side-pane")).to_have_count(0)  # no earlier answers
    expect(page.locator("#experiment")).to_be_hidden()
    expect(page.locator("#working")).to_be_hidden()
    expect(page.locator("#verdict")).not_to_contain_text("busy")
    expect(page.locator("#verdict")).not_to_contain_text("Cancelled")


def test_a_tap_on_a_tilt_cell_does_not_reset_the_game(page: Page) -> None:
    page.click('.tab[data-tab="tilt"]')
    page.click(".arrow.left")
    expect(page.locator("#tilt-moves")).to_have_text("1")
    page.locator("#tilt .cell").nth(2).click()  # a tap while playing: nothing happens
    expect(page.locator("#tilt-moves")).to_have_text("1")
    expect(page.locator("#tilt-history")).to_have_text("L")
    page.select_option("#tilt-tool", "#")  # painting is asked for: it says what it did
    page.locator("#tilt .cell").nth(2).click()
    expect(page.locator("#tilt-moves")).to_have_text("0")
    expect(page.locator("#tilt-verdict")).to_contain_text("a new game starts from it")


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    from statesearch.cli import main

    code = main(list(args))
    return code, capsys.readouterr().out


LESSON_TEXT = "7 2 4 5 0 6 8 3 1"


def test_the_cli_trace_shows_the_whole_waiting_room(capsys: pytest.CaptureFixture[str]) -> None:
    fifth = "7 2 4 8 5 6 0 3 1"  # the fifth entry waiting after step 2
    code, out = cli(capsys, "solve", "npuzzle", LESSON_TEXT, "--trace", "2")
    assert code == 0 and fifth.replace(" ", "\u00a0") not in out  # the next three by default
    code, out = cli(capsys, "solve", "npuzzle", LESSON_TEXT, "--trace", "2", "--frontier", "all")
    assert code == 0 and fifth.replace(" ", "\u00a0") in out
    assert out.count("(f=") == 4 + 5  # after step 1 four entries wait, after step 2 five
    code, _ = cli(capsys, "solve", "npuzzle", LESSON_TEXT, "--trace", "2", "--frontier", "0")
    assert code == 2


def test_the_cli_speaks_the_lessons_korean(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = cli(capsys, "solve", "npuzzle", LESSON_TEXT, "--trace", "1", "--lang", "ko")
    assert code == 0
    for words in ("탐색을 한 단계씩", "대기실", "다음 차례", "둘러봄: 새 항목"):
        assert words in out
    assert "찾음: 20번 이동 (최소 이동)" in out and "출발:" in out and "목표:" in out
    assert "둘러본 상태" in out and "대기실에 넣은 횟수" in out
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")  # a Korean locale: Korean without asking
    code, out = cli(capsys, "solve", "npuzzle", "2 8 1 4 6 3 0 7 5")
    assert code == 3 and "풀 수 없음 (증명됨): 홀짝: 뒤집힌 짝이 11개(홀수)인데 목표는 0개" in out
    assert "자동 선택: A* + manhattan: 전체 공간(상태 181,440개)" in out
    assert not re.search(r"parity|inversions|auto:|the whole space", out)  # no English left
    code, out = cli(capsys, "solve", "npuzzle", LESSON_TEXT, "--max-expanded", "100")
    assert code == 4 and "찾지 못함: 둘러본 상태 100개 (max_expanded)에서 멈췄습니다" in out
    maze = Path(__file__).parents[1] / "examples" / "lesson-maze.txt"
    code, out = cli(capsys, "solve", "maze", str(maze))
    assert "자동 선택: A* + manhattan: 미로의 열린 칸" in out
    code, out = cli(capsys, "solve", "npuzzle", LESSON_TEXT, "--lang", "en")
    assert "solved: 20 moves (optimal)" in out and "expanded" in out
    monkeypatch.setenv("LANG", "C.UTF-8")
    code, out = cli(capsys, "solve", "npuzzle", LESSON_TEXT, "--json")
    assert '"status": "solved"' in out  # JSON stays as programs read it


@pytest.mark.parametrize(
    ("locale", "words"), [("ko-KR", "단계별로 보기"), ("en-US", "Step through")]
)
def test_the_notebook_widget_speaks_as_the_page_does(
    browser: Browser, locale: str, words: str
) -> None:
    import json

    from statesearch.notebook import SearchWidget
    from test_notebook import MOUNT

    widget = SearchWidget("7 2 4 5 0 6 8 3 1").run()  # no language asked for
    assert widget.language == ""
    page = browser.new_context(viewport=LAPTOP, locale=locale).new_page()
    page.route("**/*", lambda route: route.abort())
    page.set_content('<main><div id="widget"></div></main>')
    state = json.loads(json.dumps(widget.get_state()))
    page.evaluate(MOUNT, [state.pop("_esm"), state.pop("_css"), state])
    expect(page.locator(".widget-trace")).to_contain_text(words)
    assert page.evaluate("window.saved.language") == locale[:2]  # told back to the kernel
    page.context.close()


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
@pytest.mark.parametrize("language", ["en", "ko"])
def test_screenshots_of_the_classroom_pages(
    browser: Browser, server: str, size: ViewportSize, language: str
) -> None:
    """For a reviewer's eyes, as a student on a phone and a teacher at the back of a room:
    what the viewer sees (not only whole pages), in both languages; nothing sticks out."""
    label = f"{size['width']}x{size['height']}-{language}"
    page = open_as(browser, server, size, f"/?lang={language}&board=2,8,1,4,6,3,0,7,5")
    expect(page.locator("#p-why")).to_be_visible()
    shot(page, f"shots-unsolvable-{label}")
    page.click("#lesson-board")
    compared(page)
    all_in_sight(page, "#comparison")
    page.locator("#comparison").scroll_into_view_if_needed()
    shot(page, f"shots-compare-{label}")
    page.select_option("#algorithm", "wastar")
    page.fill("#weight", "1.1")
    page.locator("#weight").scroll_into_view_if_needed()
    shot(page, f"shots-weight-{label}")
    page.locator("#glossary summary").click()
    page.locator("#glossary").scroll_into_view_if_needed()
    shot(page, f"shots-glossary-{label}")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
    page.click('.tab[data-tab="maze"]')
    page.select_option("#maze-algorithm", "wastar")
    page.fill("#maze-weight", "1.1")
    page.click("#maze-solve")
    expect(page.locator("#maze-trace")).to_be_visible()
    shot(page, f"shots-maze-{label}")
    page.click('.tab[data-tab="tilt"]')
    shot(page, f"shots-tilt-{label}")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
    page.context.close()


def test_a_weight_of_1_1_shows_f_as_a_person_writes_it(page: Page) -> None:
    page.click('.tab[data-tab="maze"]')
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)  # the lesson's maze is in
    page.select_option("#maze-algorithm", "wastar")
    page.fill("#maze-weight", "1.1")
    page.click("#maze-solve")
    page.locator("#maze-stepper .step-start").click()
    expect(page.locator("#maze-stepper .step-words")).to_contain_text("f = 18.7 = 0 + 1.1·17")
    expect(page.locator("#maze-stepper .room tbody tr").first).to_contain_text("18.7")
