"""The maze page beyond the lesson, in a real browser: the 4/8 moves toggle and the estimates
that fit, dragging the start (the search runs again at once), a Moving AI map loaded and its
ends clicked, jump point search with its jump points drawn, and the searches of issue #41 in
the algorithm lists. Screenshots at a laptop's and a phone's size go to artifacts/."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, ViewportSize, expect

from statesearch import solve
from statesearch.core.trace import Trace
from statesearch.maze import LESSON_MAZE, Maze
from statesearch.maze.movingai import read_map
from statesearch.npuzzle import NPuzzle
from test_browser import LAPTOP, PHONE, browser, contrast, open_page, server, shoot

__all__ = ["browser", "server"]  # fixtures shared with test_browser

MAP = Path(__file__).resolve().parent.parent / "examples" / "movingai" / "random-32.map"
LESSON = (7, 2, 4, 5, 0, 6, 8, 3, 1)


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    page = open_page(browser, server, LAPTOP, "/?lang=en")
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.click('.tab[data-tab="maze"]')
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)
    yield page
    assert page.outside == []  # type: ignore[attr-defined]
    assert errors == []
    page.context.close()


def options(page: Page, select: str) -> list[str]:
    values: list[str] = page.locator(f"{select} option:not([disabled])").evaluate_all(
        "(all) => all.map((o) => o.value)"
    )
    return values


def cheapest(maze: Maze, algorithm: str = "ucs") -> float:
    cost = solve(maze, algorithm).cost
    assert cost is not None
    return cost


def as_shown(cost: float | None) -> str:
    """A cost as the page writes it: two decimals at most."""
    assert cost is not None
    return f"{round(cost, 2):g}"


def cell(page: Page, r: int, c: int) -> str:
    return f'#maze .cell[data-r="{r}"][data-c="{c}"]'


def drag(page: Page, source: str, target: str) -> None:
    page.locator(source).hover()  # scrolled into view first (Solve, below the maze, scrolls it)
    page.mouse.down()
    end = page.locator(target).bounding_box()
    assert end
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=4)
    page.mouse.up()


def test_the_moves_toggle_offers_only_the_estimates_that_fit(page: Page) -> None:
    assert options(page, "#maze-heuristic") == ["manhattan", "zero"]
    expect(page.locator("#maze-corners-field")).to_be_hidden()
    assert "jps" not in options(page, "#maze-algorithm")  # 4 moves: nothing to jump over
    page.select_option("#maze-moves", "8")
    assert options(page, "#maze-heuristic") == ["octile", "euclidean", "chebyshev", "zero"]
    expect(page.locator("#maze-heuristic")).to_have_value("octile")
    expect(page.locator("#maze-corners")).to_have_value("avoid")
    assert "jps" in options(page, "#maze-algorithm")
    page.click("#maze-solve")
    cost = cheapest(Maze.parse(LESSON_MAZE, moves=8))
    expect(page.locator("#maze-cost")).to_have_text(as_shown(cost))
    # Cutting corners is a different maze: a search shown is searched again at once.
    page.select_option("#maze-corners", "cut")
    cut = cheapest(Maze.parse(LESSON_MAZE, moves=8, corners="cut"))
    expect(page.locator("#maze-cost")).to_have_text(as_shown(cut))
    assert cut < cost
    page.select_option("#maze-moves", "4")  # back to the lesson's numbers
    expect(page.locator("#maze-heuristic")).to_have_value("manhattan")
    expect(page.locator("#maze-length")).to_have_text("17")
    expect(page.locator("#maze-expanded")).to_have_text("52")


def test_dragging_the_start_searches_again_at_once(page: Page) -> None:
    page.click("#maze-solve")
    expect(page.locator("#maze-length")).to_have_text("17")
    drag(page, cell(page, 0, 0), cell(page, 4, 2))  # S to (4, 2): nearer the goal at (6, 11)
    expect(page.locator(cell(page, 4, 2))).to_have_class(re.compile("start"))
    expect(page.locator(cell(page, 0, 0))).not_to_have_class(re.compile("start"))
    moved = LESSON_MAZE.replace("S", ".").splitlines()
    moved[4] = moved[4][:2] + "S" + moved[4][3:]
    length = solve(Maze.parse("\n".join(moved)), "astar").length
    assert length is not None and length != 17
    expect(page.locator("#maze-length")).to_have_text(str(length))
    # Shown where the search ended, not played from its start: the path is drawn.
    expect(page.locator("#maze .cell.path")).to_have_count(length + 1)
    expect(page.locator("#maze-verdict")).to_contain_text(f"Found a path of {length} steps")


def test_a_moving_ai_map_is_loaded_and_its_ends_clicked(page: Page) -> None:
    rows = read_map(MAP.read_text())
    page.set_input_files("#maze-file", str(MAP))
    expect(page.locator("#maze-verdict")).to_contain_text("random-32.map: 32×32 cells")
    expect(page.locator("#maze .cell")).to_have_count(32 * 32)
    expect(page.locator("#maze-moves")).to_have_value("8")
    start, goal = first_open(rows), first_open(rows, last=True)
    page.locator(cell(page, *start)).click()
    expect(page.locator("#maze-verdict")).to_have_text("Now click the goal.")
    page.locator(cell(page, *goal)).click()
    maze = Maze(rows, 8, "avoid", start, goal)
    expected = solve(maze, "astar")
    expect(page.locator("#maze-cost")).to_have_text(as_shown(cheapest(maze)))
    expect(page.locator("#maze .cell.path")).to_have_count(len(expected.path))


def first_open(rows: list[str], last: bool = False) -> tuple[int, int]:
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    return cells[-1] if last else cells[0]


def test_a_map_too_large_for_the_page_is_one_line(page: Page, tmp_path: Path) -> None:
    big = tmp_path / "big.map"
    big.write_text("type octile\nheight 512\nwidth 512\nmap\n" + ("." * 512 + "\n") * 512)
    page.set_input_files("#maze-file", str(big))
    verdict = page.locator("#maze-verdict")
    expect(verdict).to_contain_text("the map is 512x512 cells; the page takes maps up to 60x60")
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)  # the maze shown stays


def test_jump_point_search_draws_its_jump_points(page: Page) -> None:
    page.select_option("#maze-moves", "8")
    page.select_option("#maze-algorithm", "jps")
    expect(page.locator("#tab-maze .jump-legend")).to_be_visible()
    page.click("#maze-solve")
    page.locator("#maze-stepper .step-end").click()
    jps = solve(Maze.parse(LESSON_MAZE, moves=8), "jps")
    expect(page.locator("#maze-cost")).to_have_text(as_shown(cheapest(Maze.parse(LESSON_MAZE, 8))))
    expect(page.locator("#maze-expanded")).to_have_text(str(jps.stats.expanded))
    jumps = page.locator("#maze .cell.jump")
    expect(jumps.first).to_be_visible()
    # Every jump point the search kept is marked, and no cell besides them.
    assert jumps.count() == len(set(jump_points_kept()))
    expect(page.locator("#maze .cell.path")).to_have_count(len(jps.path))  # filled in
    page.select_option("#maze-moves", "4")  # no longer applies: back to A*
    expect(page.locator("#maze-algorithm")).to_have_value("astar")


def test_a_jump_point_search_path_is_filled_in_where_its_jumps_bend(page: Page) -> None:
    """Before its end the step-through draws the path through the tree filled in between jump
    points (``maze-overlay.filled``): a jump's diagonal moves first, then its straight ones, the
    cells of the path the search returns."""
    maze = Maze.parse(LESSON_MAZE, moves=8)
    trace = Trace()
    result = solve(maze, "jps", trace=trace)
    parents = {e.state: e.parent for e in trace.events if e.event in ("push", "improve")}
    points = [maze.goal]
    while points[-1] in parents:
        points.append(parents[points[-1]])
    points.reverse()
    bends = [
        (a, b) for a, b in itertools.pairwise(points)
        if a[0] != b[0] and a[1] != b[1] and abs(a[0] - b[0]) != abs(a[1] - b[1])
    ]  # fmt: skip
    assert bends  # a jump to fill in past its turn
    cells = page.evaluate(
        """async (points) => {
            const { filled } = await import("/static/maze-overlay.js");
            return filled(points);
        }""",
        [list(point) for point in points],
    )
    assert [tuple(cell) for cell in cells] == result.path


def test_the_waiting_room_follows_the_search_s_tie_policy(page: Page) -> None:
    """JPS on a maze takes ``deep`` ties (larger g first, then the newest): on open ground many
    jump points tie, and the replay must take each out in the engine's order, as the caption
    says. Replayed in classic order, the same trace has a pop that is not the head."""
    grid = ["." * 24 for _ in range(16)]
    grid[5] = "." * 9 + "#" + "." * 14
    grid[0], grid[-1] = "S" + grid[0][1:], grid[-1][:-1] + "G"
    found = page.evaluate(
        """async (grid) => {
            const { Replay } = await import("/static/trace-model.js");
            const answer = await fetch("/api/maze/trace", { method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ grid, algorithm: "jps", moves: 8 }) });
            const data = await answer.json();
            const classic = { ...data, tie_break: "classic" };
            return { tie: data.tie_break, mismatch: new Replay(data).seek(Infinity).mismatch,
                     classic: new Replay(classic).seek(Infinity).mismatch !== null };
        }""",
        grid,
    )
    assert found == {"tie": "deep", "mismatch": None, "classic": True}
    page.select_option("#maze-moves", "8")
    page.select_option("#maze-algorithm", "jps")
    page.click("#maze-solve")
    page.locator("#maze-stepper .step-end").click()
    expect(page.locator("#maze-stepper")).to_contain_text("smallest f first, then larger g")
    page.select_option("#maze-algorithm", "astar")
    page.click("#maze-solve")
    expect(page.locator("#maze-stepper")).to_contain_text("smallest f first, then smaller g")


def jump_points_kept() -> list[tuple[int, int]]:
    """The states jump point search took out or put in on the lesson's maze with 8 moves."""
    trace = Trace()
    solve(Maze.parse(LESSON_MAZE, moves=8), "jps", trace=trace)
    return [e.state for e in trace.events if e.event in ("pop", "push", "improve")]


def test_beam_search_steps_through_its_drops(page: Page) -> None:
    page.select_option("#maze-algorithm", "beam")
    expect(page.locator("#maze-beam-field")).to_be_visible()
    page.fill("#maze-beam", "3")
    page.click("#maze-solve")
    stepper = page.locator("#maze-stepper")
    stepper.locator(".step-end").click()
    expect(page.locator("#maze-verdict")).to_contain_text("not guaranteed optimal")
    expect(stepper.locator(".layers")).to_be_visible()
    words = page.evaluate(
        """async (grid) => {
            const { Replay } = await import("/static/trace-model.js");
            const body = { grid, algorithm: "beam", beam_width: 3 };
            const answer = await fetch("/api/maze/trace", { method: "POST",
              headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
            const replay = new Replay(await answer.json());
            let drops = 0, widest = 0;
            for (let k = 1; k <= replay.total; k++) {
              replay.seek(k);
              drops += replay.dropped.length;
              widest = Math.max(widest, replay.room.layer.size);
            }
            return { drops, widest, mismatch: replay.mismatch };
        }""",
        LESSON_MAZE.splitlines(),
    )
    assert words["mismatch"] is None  # every pop was the head of the layer, in the beam's order
    assert words["drops"] > 0 and words["widest"] <= 3


@pytest.mark.parametrize("algorithm", ["rbfs", "anytime", "mm", "nbs"])
def test_the_new_searches_step_through_the_lesson_maze(page: Page, algorithm: str) -> None:
    page.select_option("#maze-algorithm", algorithm)
    page.click("#maze-solve")
    page.locator("#maze-stepper .step-end").click()
    expect(page.locator("#maze-length")).to_have_text("17")  # each is optimal here
    expect(page.locator("#maze .cell.path")).to_have_count(18)
    mismatch = page.evaluate(
        """async ([algorithm, grid]) => {
            const { Replay } = await import("/static/trace-model.js");
            const answer = await fetch("/api/maze/trace", { method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ grid, algorithm }) });
            return new Replay(await answer.json()).seek(Infinity).mismatch;
        }""",
        [algorithm, LESSON_MAZE.splitlines()],
    )
    assert mismatch is None
    if algorithm == "anytime":
        expect(page.locator("#maze-improvements li")).to_have_count(1)
        expect(page.locator("#maze-improvements")).to_contain_text("the cheapest")


def test_the_puzzles_list_has_the_new_searches_in_both_languages(page: Page) -> None:
    page.click('.tab[data-tab="puzzle"]')
    assert {"rbfs", "anytime", "beam", "mm", "nbs"} <= set(options(page, "#algorithm"))
    page.select_option("#algorithm", "anytime")
    page.click("#solve")
    expect(page.locator("#verdict")).to_have_text("Found a 20-move solution (optimal).")
    expect(page.locator("#r-search")).to_contain_text("Anytime weighted A* (w = 2)")
    expect(page.locator("#r-improvements li").first).to_contain_text("at most")
    page.click("#lang")
    expect(page.locator('#algorithm option[value="mm"]')).to_have_text("MM (양 끝에서 만나는 A*)")
    expect(page.locator("#r-improvements h3")).to_have_text("찾은 해 (찾을 때마다 더 싼 해)")


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_screenshots_of_the_maze_page(browser: Browser, server: str, size: ViewportSize) -> None:
    """A Moving AI map searched by jump point search, and the lesson maze with 8 moves, in
    both languages, for a reviewer's eyes."""
    label = f"{size['width']}x{size['height']}"
    page = open_page(browser, server, size, "/?lang=en")
    page.click('.tab[data-tab="maze"]')
    page.set_input_files("#maze-file", str(MAP))
    rows = read_map(MAP.read_text())
    # The map shown before its start is clicked: a click on the lesson's maze, if that came
    # first, paints it, and the map still on its way is dropped as an answer for another maze.
    expect(page.locator("#maze .cell")).to_have_count(len(rows) * len(rows[0]))
    page.locator(cell(page, *first_open(rows))).click()
    page.locator(cell(page, *first_open(rows, last=True))).click()
    expect(page.locator("#maze-cost")).not_to_have_text("")
    page.select_option("#maze-algorithm", "jps")
    expect(page.locator("#maze .cell.jump").first).to_be_visible()
    shoot(page, f"maze-map-jps-{label}")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= size["width"]
    page.click("#maze-lesson")
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)
    page.select_option("#maze-moves", "8")
    page.click("#maze-solve")
    page.locator("#maze-stepper .step-end").click()
    eight = solve(Maze.parse(LESSON_MAZE, moves=8), "astar").length
    expect(page.locator("#maze-length")).to_have_text(str(eight))
    shoot(page, f"maze-8-moves-{label}")
    page.click("#lang")
    shoot(page, f"maze-8-moves-{label}-ko")
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("algorithm", ["rbfs", "beam", "mm"])
def test_the_puzzles_step_through_follows_the_new_searches(page: Page, algorithm: str) -> None:
    """Each rebuilt from its events with every pop the entry its waiting room gives out."""
    page.click('.tab[data-tab="puzzle"]')
    page.select_option("#algorithm", algorithm)
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    expect(stepper.locator(".step-pos")).to_have_text(re.compile(r"\d"))
    stepper.locator(".step-end").click()
    expect(stepper.locator(".step-verdict")).to_contain_text("20")
    mismatch = page.evaluate(
        """async (algorithm) => {
            const { Replay } = await import("/static/trace-model.js");
            const body = { tiles: [7, 2, 4, 5, 0, 6, 8, 3, 1], rows: 3, cols: 3, algorithm };
            const answer = await fetch("/api/npuzzle/trace", { method: "POST",
              headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
            return new Replay(await answer.json()).seek(Infinity).mismatch;
        }""",
        algorithm,
    )
    assert mismatch is None


def test_anytime_lists_its_solutions_as_the_step_through_finds_them(page: Page) -> None:
    page.click('.tab[data-tab="puzzle"]')
    page.select_option("#algorithm", "anytime")
    page.fill("#weight", "3")
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    expect(stepper.locator(".step-pos")).to_have_text(re.compile(r"\d"))
    expect(stepper.locator(".bounds")).to_have_count(0)  # no solution yet
    stepper.locator(".step-end").click()
    found = solve(NPuzzle(LESSON, 3, 3), "anytime", "manhattan", weight=3).improvements
    expect(stepper.locator(".bounds li")).to_have_count(len(found))
    expect(stepper.locator(".bounds li").last).to_contain_text(f"cost {found[-1].cost}")


def test_start_and_goal_keep_their_colour_and_letter_on_a_jump_point_path(page: Page) -> None:
    """Neither the path's ring nor the jump point's diamond covers S or G: on a map's small
    cells the two covered their colour, and on the lesson's the diamond hid the letter."""
    page.select_option("#maze-moves", "8")
    page.select_option("#maze-algorithm", "jps")
    page.click("#maze-solve")
    page.locator("#maze-stepper .step-end").click()
    looks = """(el) => [el.textContent, el.matches('.path.jump'), getComputedStyle(el).boxShadow,
        getComputedStyle(el, '::after').content]"""
    for end, letter in ((cell(page, 0, 0), "S"), (cell(page, 6, 11), "G")):
        assert page.locator(end).evaluate(looks) == [letter, True, "none", "none"]
    middle = page.locator("#maze .cell.path.jump:not(.start):not(.goal)").first.evaluate(looks)
    assert middle[2] != "none" and middle[3] != "none"  # the other jump points keep both
    shoot(page, "maze-jps-ends-1280x800")


def test_the_hover_line_tells_of_the_search_shown_after_a_drag_and_a_step(page: Page) -> None:
    """The line under the maze told of the search before the drag ("(0, 0) · expansion 1 ·
    g = 0" with S moved away), and of the step before, until the pointer moved again."""
    page.click("#maze-solve")
    page.locator("#maze-stepper .step-end").click()
    page.locator(cell(page, 0, 0)).hover()
    line = page.locator("#maze-hover")
    expect(line).to_have_text("(0, 0) · expansion 1 · f = 17, g = 0, h = 17")
    drag(page, cell(page, 0, 0), cell(page, 4, 2))
    expect(page.locator(cell(page, 4, 2))).to_have_class(re.compile("start"))
    # The cell under the pointer, in the search run again: the start now, and (0, 0) no more.
    expect(line).to_contain_text("(4, 2) · expansion 1 · f = ")
    expect(line).to_contain_text("g = 0,")
    page.locator("#maze-stepper .step-start").click()  # nothing taken out yet
    expect(line).to_have_text(page.locator(cell(page, 4, 2)).get_attribute("title") or "")
    expect(line).not_to_contain_text("expansion")
    shoot(page, "maze-hover-after-drag-1280x800")


def test_solve_pressed_before_the_maze_arrives_is_not_lost(page: Page) -> None:
    """The site's own Python takes seconds to start: Solve pressed before the lesson's maze came
    did nothing, and the student saw nothing happen."""
    held: list[Route] = []
    page.route("**/api/maze/lesson", lambda route: held.append(route))
    page.reload()
    page.click('.tab[data-tab="maze"]')
    page.click("#maze-solve")
    expect(page.locator("#maze .cell")).to_have_count(0)
    held[0].continue_()  # the maze arrives
    expect(page.locator("#maze .cell")).to_have_count(7 * 12)
    expect(page.locator("#maze-length")).to_have_text("17")
    expect(page.locator("#maze-expanded")).to_have_text("52")


def hold_first_search(page: Page) -> list[Route]:
    """The first search asked of the server held until the test lets it go (a slow answer, as
    the site's own Python gives on a big map); the ones after it pass."""
    held: list[Route] = []
    page.route(
        "**/api/maze/trace",
        lambda route: held.append(route) if not held else route.continue_(),
    )
    return held


def until_held(page: Page, held: list[Route]) -> None:
    """Until the held search has been asked for (the page's click sends it a moment later)."""
    for _ in range(250):
        if held:
            return
        page.wait_for_timeout(20)
    raise AssertionError("the page asked for no search")


def test_a_choice_made_while_the_first_search_is_on_its_way_is_the_one_shown(
    page: Page,
) -> None:
    """Its answer, for the choice before, was shown under the new choice: numbers that did not
    fit what the page said it ran."""
    held = hold_first_search(page)
    page.click("#maze-solve")
    until_held(page, held)
    page.select_option("#maze-algorithm", "ucs")
    held[0].continue_()  # A*'s answer arrives after the choice of uniform-cost
    ucs = solve(Maze.parse(LESSON_MAZE), "ucs")
    assert ucs.stats.expanded != 52  # A*'s, on the lesson's maze
    expect(page.locator("#maze-expanded")).to_have_text(f"{ucs.stats.expanded:,}")
    expect(page.locator("#maze-length")).to_have_text("17")
    page.wait_for_timeout(300)  # nothing later replaces it
    expect(page.locator("#maze-expanded")).to_have_text(f"{ucs.stats.expanded:,}")


def test_the_path_stands_out_from_open_ground_sand_and_water(page: Page) -> None:
    """WCAG 2.1's 3:1 for graphics: the path's ring against the cells it is drawn on, and the
    tree's path against its white."""
    page.click("#maze-solve")
    expect(page.locator("#maze-stepper .step-pos")).to_have_text(re.compile(r"step (\d+) of \1"))
    ring = page.locator("#maze .cell.path:not(.start, .goal)").first.evaluate(
        "(el) => getComputedStyle(el).boxShadow"
    )
    colour = re.match(r"rgb\(\d+, \d+, \d+\)", ring)
    assert colour, ring
    grounds = page.locator("#tab-maze .legend .swatch.cell:is(.t3, .t5)").evaluate_all(
        "(all) => all.map((el) => getComputedStyle(el).backgroundColor)"
    )
    assert len(grounds) == 2
    for ground in ("rgb(255, 255, 255)", *grounds):  # open ground, sand, water
        assert contrast(colour.group(0), ground) >= 3, (ring, ground)
    tree_path = page.locator("#maze-stepper svg.tree .edge.on-path").first
    stroke = tree_path.evaluate("(el) => getComputedStyle(el).stroke")
    assert contrast(stroke, "rgb(255, 255, 255)") >= 3, stroke
