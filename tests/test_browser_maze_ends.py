"""The maze page's start and goal typed as cells, "row, column" from 0 as the page writes every
cell, in a real browser: the fields follow the marks, a cell copied from the hover line lands
where it says, a typed end reruns a search shown, a Moving AI map's ends typed instead of
clicked, refusals in one line in English and Korean, the keyboard alone, and a phone's fingers.
Screenshots go to artifacts/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from statesearch import solve
from statesearch.maze import LESSON_MAZE, Maze
from statesearch.maze.movingai import read_map
from test_browser import LAPTOP, PHONE, browser, open_page, server, shoot
from test_browser_maze import as_shown, drag, hold_first_search, until_held

__all__ = ["browser", "server"]  # fixtures shared with test_browser

MAP = Path(__file__).resolve().parent.parent / "examples" / "movingai" / "random-32.map"
ROWS = LESSON_MAZE.splitlines()


def find(rows: list[str], ch: str) -> tuple[int, int]:
    """The first cell holding ``ch``, as (row, column)."""
    return next((r, row.index(ch)) for r, row in enumerate(rows) if ch in row)


def typed(cell: tuple[int, int]) -> str:
    """A cell (row, column) as the fields write it."""
    return f"{cell[0]}, {cell[1]}"


def moved(rows: list[str], mark: str, to: tuple[int, int]) -> list[str]:
    """``rows`` with ``mark`` moved to ``to``, the cell it leaves open ground."""
    rows = [row.replace(mark, ".") for row in rows]
    r, c = to
    rows[r] = rows[r][:c] + mark + rows[r][c + 1 :]
    return rows


def cell(r: int, c: int) -> str:
    return f'#maze .cell[data-r="{r}"][data-c="{c}"]'


def maze_classes(page: Page) -> list[str]:
    classes: list[str] = page.locator("#maze .cell").evaluate_all(
        "(all) => all.map((c) => c.className + '|' + c.textContent)"
    )
    return classes


def enter(page: Page, field: str, text: str) -> None:
    page.fill(field, text)
    page.press(field, "Enter")


def open_maze(browser: Browser, server: str, size: ViewportSize, lang: str = "en") -> Page:
    page = open_page(browser, server, size, f"/?lang={lang}")
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors  # type: ignore[attr-defined]
    page.click('.tab[data-tab="maze"]')
    expect(page.locator("#maze .cell")).to_have_count(len(ROWS) * len(ROWS[0]))
    return page


def close(page: Page) -> None:
    assert page.outside == []  # type: ignore[attr-defined]
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    page = open_maze(browser, server, LAPTOP)
    yield page
    close(page)


def test_the_fields_show_the_lesson_s_ends_and_follow_a_drag(page: Page) -> None:
    start, goal = find(ROWS, "S"), find(ROWS, "G")
    expect(page.locator("#maze-start")).to_have_value(typed(start))
    expect(page.locator("#maze-goal")).to_have_value(typed(goal))
    to = (start[0] + 4, start[1] + 2)
    assert ROWS[to[0]][to[1]] == "."
    drag(page, cell(*start), cell(*to))
    expect(page.locator(cell(*to))).to_have_class(re.compile("start"))
    expect(page.locator("#maze-start")).to_have_value(typed(to))
    expect(page.locator("#maze-goal")).to_have_value(typed(goal))
    # Painting the goal elsewhere with the G tool: its field follows too.
    page.select_option("#maze-tool", "G")
    page.locator(cell(*to)).hover()  # scrolled into view
    free = (to[0], to[1] - 1)
    assert ROWS[free[0]][free[1]] == "."
    page.locator(cell(*free)).click()
    expect(page.locator("#maze-goal")).to_have_value(typed(free))


def test_a_start_copied_from_the_hover_line_searches_again_at_once(page: Page) -> None:
    page.click("#maze-solve")
    lesson = solve(Maze.parse(LESSON_MAZE), "astar")
    expect(page.locator("#maze-length")).to_have_text(str(lesson.length))
    start = find(ROWS, "S")
    to = (start[0] + 4, start[1] + 2)
    assert ROWS[to[0]][to[1]] == "."
    page.locator(cell(*to)).hover()
    expect(page.locator("#maze-hover")).not_to_be_empty()
    text = (
        page.locator("#maze-hover").inner_text().split(" · ")[0]
    )  # "(4, 2)", as it names the cell
    enter(page, "#maze-start", text)
    expect(page.locator(cell(*to))).to_have_class(re.compile("start"))
    expect(page.locator(cell(*find(ROWS, "S")))).not_to_have_class(re.compile("start"))
    expect(page.locator("#maze-start")).to_have_value(typed(to))  # written as the page writes it
    expected = solve(Maze.parse("\n".join(moved(ROWS, "S", to))), "astar")
    assert expected.length != lesson.length  # the change shows
    expect(page.locator("#maze-length")).to_have_text(str(expected.length))
    expect(page.locator("#maze-cost")).to_have_text(as_shown(expected.cost))
    expect(page.locator("#maze-expanded")).to_have_text(f"{expected.stats.expanded:,}")
    expect(page.locator("#maze .cell.path")).to_have_count(len(expected.path))  # shown at its end


def test_a_goal_typed_before_any_search_waits_for_solve(page: Page) -> None:
    to = (find(ROWS, "G")[0] - 2, find(ROWS, "G")[1])
    assert ROWS[to[0]][to[1]] == "."
    enter(page, "#maze-goal", typed(to))
    expect(page.locator(cell(*to))).to_have_class(re.compile("goal"))
    page.wait_for_timeout(500)  # time for a search that should not run
    expect(page.locator("#maze-trace")).to_be_hidden()
    expect(page.locator("#maze-result")).to_be_hidden()  # no labels with nothing beside them
    page.click("#maze-solve")
    expected = solve(Maze.parse("\n".join(moved(ROWS, "G", to))), "astar")
    expect(page.locator("#maze-cost")).to_have_text(as_shown(expected.cost))
    expect(page.locator("#maze-result")).to_be_visible()


def test_a_goal_typed_while_the_first_search_is_on_its_way_is_searched(page: Page) -> None:
    """The answer on its way was dropped, as for a new maze painted, and the student saw
    nothing until pressing Solve again."""
    held = hold_first_search(page)
    page.click("#maze-solve")
    until_held(page, held)
    to = (find(ROWS, "G")[0] - 2, find(ROWS, "G")[1])
    enter(page, "#maze-goal", typed(to))
    held[0].continue_()  # the answer for the goal before arrives after the typing
    expected = solve(Maze.parse("\n".join(moved(ROWS, "G", to))), "astar")
    expect(page.locator("#maze-cost")).to_have_text(as_shown(expected.cost))
    expect(page.locator("#maze-expanded")).to_have_text(f"{expected.stats.expanded:,}")
    expect(page.locator("#maze .cell.path")).to_have_count(len(expected.path))
    expect(page.locator(cell(*to))).to_have_class(re.compile("goal"))


def first_open(rows: list[str], last: bool = False) -> tuple[int, int]:
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    return cells[-1] if last else cells[len(cells) // 3]


def test_a_moving_ai_map_s_ends_typed_instead_of_clicked(page: Page) -> None:
    rows = read_map(MAP.read_text())
    page.set_input_files("#maze-file", str(MAP))
    expect(page.locator("#maze .cell")).to_have_count(32 * 32)
    expect(page.locator("#maze-start")).to_have_value("")  # not placed yet
    expect(page.locator("#maze-goal")).to_have_value("")
    start, goal = first_open(rows), first_open(rows, last=True)
    enter(page, "#maze-goal", typed(goal))  # the goal first: the page asks for the start
    expect(page.locator(cell(*goal))).to_have_class(re.compile("goal"))
    expect(page.locator("#maze-verdict")).to_have_text("Now click the start.")
    enter(page, "#maze-start", typed(start))
    maze = Maze(rows, 8, "avoid", start, goal)
    cheapest = solve(maze, "ucs").cost
    # Both placed: the placing is over and the search runs, as after the second click.
    expect(page.locator("#maze-cost")).to_have_text(as_shown(cheapest))
    page.click("#maze-solve")
    page.locator("#maze-stepper .step-end").click()
    expect(page.locator("#maze-cost")).to_have_text(as_shown(cheapest))
    expect(page.locator("#maze .cell.path")).to_have_count(len(solve(maze, "astar").path))
    # A click now paints (the placing is over), not a third end.
    expect(page.locator("#maze .cell.start")).to_have_count(1)


def test_a_map_s_start_typed_then_its_goal_clicked(page: Page) -> None:
    rows = read_map(MAP.read_text())
    page.set_input_files("#maze-file", str(MAP))
    expect(page.locator("#maze .cell")).to_have_count(32 * 32)
    start, goal = first_open(rows), first_open(rows, last=True)
    enter(page, "#maze-start", typed(start))
    expect(page.locator("#maze-verdict")).to_have_text("Now click the goal.")
    page.locator(cell(*goal)).click()
    expect(page.locator("#maze-goal")).to_have_value(typed(goal))
    cost = solve(Maze(rows, 8, "avoid", start, goal), "ucs").cost
    expect(page.locator("#maze-cost")).to_have_text(as_shown(cost))


WALL = find(ROWS, "#")
START = typed(find(ROWS, "S"))
REFUSALS = {  # what is typed in the start's field, and a piece of the line that refuses it
    "off the map": (f"0, {len(ROWS[0])}", "off the map", "지도 밖"),
    "a wall": (typed(WALL), "is a wall", "벽입니다"),
    "the goal's cell": (typed(find(ROWS, "G")), "the goal is there", "목표 칸입니다"),
    # The example is the start's own cell (the goal's would be refused as taken).
    "one number": (
        "3",
        f"“3”: write the row, then the column, from 0: {START}.",
        f"(0부터): {START}.",
    ),
    "letters": ("a,b", "cannot read “a,b”", "읽을 수 없습니다: “a,b”"),
    "a minus": ("-1, 0", "cannot read", "읽을 수 없습니다"),
    "three numbers": ("1, 2, 3", "cannot read", "읽을 수 없습니다"),
}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_refused_cell_is_one_line_and_changes_nothing(
    browser: Browser, server: str, lang: str
) -> None:
    page = open_maze(browser, server, LAPTOP, lang)
    page.click("#maze-solve")
    page.locator("#maze-stepper .step-end").click()
    length = solve(Maze.parse(LESSON_MAZE), "astar").length
    expect(page.locator("#maze-length")).to_have_text(str(length))
    before = maze_classes(page)
    verdict = page.locator("#maze-verdict").inner_text()
    line = page.locator("#maze-ends-refusal")
    for text, english, korean in REFUSALS.values():
        enter(page, "#maze-start", text)
        expect(line).to_contain_text(english if lang == "en" else korean)
        expect(line).to_have_class(re.compile(r"\bverdict bad\b"))  # the page's red line
        assert "\n" not in line.inner_text()
        box, field = line.bounding_box(), page.locator("#maze-start").bounding_box()
        assert box and field and box["height"] < 2 * 30  # one line (two where it wraps)
        assert 0 <= box["y"] - field["y"] < 100  # just under the fields, where the eyes are
        expect(page.locator("#maze-start")).to_have_value(typed(find(ROWS, "S")))
        assert maze_classes(page) == before  # the maze and the search on it unchanged
        expect(page.locator("#maze-length")).to_have_text(str(length))
        assert page.locator("#maze-verdict").inner_text() == verdict
    # The line follows the language; a good cell afterwards takes it away (and searches again).
    page.click("#lang")
    expect(line).to_contain_text("읽을 수 없습니다" if lang == "en" else "cannot read")
    enter(page, "#maze-start", "4,2")
    expect(line).to_be_empty()
    expect(page.locator(cell(4, 2))).to_have_class(re.compile("start"))
    expect(page.locator("#maze-length")).not_to_have_text(str(length))
    close(page)


def test_the_keyboard_alone_places_both_ends_and_solves(page: Page) -> None:
    page.focus("#maze-tool")
    page.keyboard.press("Tab")  # the Paint list, then the start's field
    assert page.evaluate("document.activeElement.id") == "maze-start"
    start, goal = (4, 2), (2, 9)
    assert ROWS[start[0]][start[1]] == "." and ROWS[goal[0]][goal[1]] == "."
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type(typed(start))
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "maze-goal"
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type(typed(goal))
    page.keyboard.press("Tab")  # leaving the field places it too
    expect(page.locator(cell(*goal))).to_have_class(re.compile("goal"))
    page.focus("#maze-solve")
    page.keyboard.press("Enter")
    expected = solve(Maze.parse("\n".join(moved(moved(ROWS, "S", start), "G", goal))), "astar")
    expect(page.locator("#maze-length")).to_have_text(str(expected.length))
    expect(page.locator("#maze-cost")).to_have_text(as_shown(expected.cost))


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_fields_fit_a_finger_and_the_screen(
    browser: Browser, server: str, size: ViewportSize, lang: str
) -> None:
    page = open_maze(browser, server, size, lang)
    label = f"{size['width']}x{size['height']}"
    edit = page.locator("#tab-maze fieldset").first
    fields = [page.locator(f"#maze-{end}") for end in ("start", "goal")]
    hint = page.locator("#maze-ends-hint")
    for field in [*fields, hint]:
        field.scroll_into_view_if_needed()
        expect(field).to_be_visible()
        box, frame = field.bounding_box(), edit.bounding_box()
        assert box and frame
        assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    boxes = [field.bounding_box() for field in fields]
    assert boxes[0] and boxes[1]
    if size is PHONE:
        assert all(box["height"] >= 40 and box["width"] >= 40 for box in boxes if box)
    else:  # one compact row on a laptop: the two fields side by side
        assert abs(boxes[0]["y"] - boxes[1]["y"]) < 2
    enter(page, "#maze-start", "3")  # a refusal on view, for the picture
    shoot(page, f"maze-ends-{label}-{lang}")
    close(page)


def test_on_a_phone_a_map_s_ends_are_typed_where_cells_are_too_small(
    browser: Browser, server: str
) -> None:
    page = open_maze(browser, server, PHONE, "ko")
    rows = read_map(MAP.read_text())
    page.set_input_files("#maze-file", str(MAP))
    expect(page.locator("#maze .cell")).to_have_count(32 * 32)
    tiny = page.locator(cell(0, 0)).bounding_box()
    assert tiny and tiny["width"] < 20  # too small for a finger to mean one cell
    start, goal = first_open(rows), first_open(rows, last=True)
    for field, end in (("#maze-start", start), ("#maze-goal", goal)):
        page.locator(field).tap()
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.type(typed(end))
        page.keyboard.press("Enter")
    cost = solve(Maze(rows, 8, "avoid", start, goal), "ucs").cost
    expect(page.locator("#maze-cost")).to_have_text(as_shown(cost))
    expect(page.locator(cell(*start))).to_have_class(re.compile("start"))
    page.locator("#maze-ends-hint").scroll_into_view_if_needed()
    shoot(page, "maze-ends-map-390x844-ko")
    close(page)
