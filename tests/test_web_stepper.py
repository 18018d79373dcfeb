"""The playground's views of a search thinking, in a real browser: the step-through (waiting
room, tables, tree), side by side, the lesson's experiments and the maze's overlays. The
client rebuilds the waiting room from the events; its order is checked against the engine's
``Trace.frontier()`` at every step. Screenshots go to artifacts/."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Response, ViewportSize, expect

from statesearch import solve
from statesearch.core.trace import Event, Trace
from statesearch.maze import LESSON_MAZE, Maze
from statesearch.npuzzle import NPuzzle
from statesearch.web.trace_json import plain_state
from test_browser import (
    LAPTOP,
    PHONE,
    all_in_sight,
    browser,
    open_page,
    server,
    shoot,
    solve_maze_to_the_end,
    step_through,
)

__all__ = ["browser", "server"]  # fixtures shared with test_browser

LESSON = (7, 2, 4, 5, 0, 6, 8, 3, 1)
STATIC = Path(__file__).resolve().parent.parent / "src" / "statesearch" / "web" / "static"
SAND = "rgb(243, 226, 179)"


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    page = open_page(browser, server, LAPTOP)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    assert page.outside == []  # type: ignore[attr-defined]
    assert errors == []
    page.context.close()


def engine_waiting_rooms(problem: Any, heuristic: str, weight: float = 1.0) -> list[Any]:
    """The engine's waiting room after each step (a step ends where the next entry is taken
    out), as [f, g, h, state, stale] rows in the order the heap gives them up."""
    rooms: list[Any] = []
    latest: list[Any] = []

    def look(event: Event, trace: Trace) -> None:
        nonlocal latest
        if event.event in ("pop", "stale"):
            rooms.append(latest)
        latest = [[w.f, w.g, w.h, plain_state(w.state), w.stale] for w in trace.frontier()]

    solve(problem, "astar", heuristic, weight=weight, trace=Trace(on_event=look))
    rooms.append(latest)
    return rooms[1:]  # rooms[k - 1]: after k steps


CLIENT_ROOMS = """async ([path, body]) => {
  const { Replay } = await import("/static/trace-model.js");
  const answer = await fetch(`/api/${path}/trace`, { method: "POST",
    headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const replay = new Replay(await answer.json());
  const rooms = [];
  for (let k = 1; k <= replay.total; k++) {
    replay.seek(k);
    rooms.push(replay.room.first().map((e) => [e.f, e.g, e.h, e.state, replay.isStale(e)]));
  }
  return { rooms, mismatch: replay.mismatch };
}"""


@pytest.mark.parametrize(
    ("case", "path", "body", "problem", "heuristic", "weight"),
    [
        (
            "lesson",
            "npuzzle",
            {"tiles": list(LESSON), "rows": 3, "cols": 3},
            NPuzzle(LESSON, 3, 3),
            "manhattan",
            1,
        ),
        # w = 5 reaches states again by cheaper paths: improvements, then stale entries.
        (
            "w5",
            "npuzzle",
            {"tiles": list(LESSON), "rows": 3, "cols": 3, "weight": 5},
            NPuzzle(LESSON, 3, 3),
            "manhattan",
            5,
        ),
        (
            "maze",
            "maze",
            {"grid": LESSON_MAZE.splitlines()},
            Maze.parse(LESSON_MAZE),
            "manhattan",
            1,
        ),
        # 8 moves: f's of √2 that tie to six decimals and differ in the last bit keep their order.
        (
            "maze8",
            "maze",
            {"grid": LESSON_MAZE.splitlines(), "moves": 8, "corners": "cut"},
            Maze.parse(LESSON_MAZE, moves=8, corners="cut"),
            "euclidean",
            1,
        ),
    ],
)
def test_the_clients_waiting_room_is_the_engines(
    page: Page,
    case: str,
    path: str,
    body: dict[str, Any],
    problem: Any,
    heuristic: str,
    weight: float,
) -> None:
    client = page.evaluate(CLIENT_ROOMS, [path, {**body, "heuristic": heuristic}])
    engine = engine_waiting_rooms(problem, heuristic, weight)
    assert client["mismatch"] is None
    assert len(client["rooms"]) == len(engine)
    for step, (ours, theirs) in enumerate(zip(client["rooms"], engine, strict=True), 1):
        assert ours == json.loads(json.dumps(theirs)), f"{case}: step {step}"
    if case == "w5":
        assert any(row[4] for room in engine for row in room)  # the stale ones were compared too


def test_step_through_the_lesson_board(page: Page) -> None:
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    expect(stepper.locator(".step-pos")).to_have_text("step 0 of 283")
    expect(stepper.locator(".step-words")).to_contain_text("f = 14 = 0 + 14")
    stepper.locator(".step-step").click()
    taken = stepper.locator(".room tr.taken")
    expect(taken.locator("td").nth(0)).to_have_text("14")  # f
    expect(taken.locator("td").nth(1)).to_have_text("0")  # g
    expect(taken.locator("td").nth(2)).to_have_text("14")  # h
    expect(taken.locator("svg title")).to_have_text("7 2 4 / 5 _ 6 / 8 3 1")
    expect(stepper.locator(".step-words")).to_contain_text("Expansion 1:")
    expect(stepper.locator(".step-words")).to_contain_text("4 new")
    # The four new entries wait, sorted as they will come out; the g and parent tables have them.
    expect(stepper.locator(".room tr.new")).to_have_count(4)
    expect(stepper.locator(".room tbody tr").nth(1).locator("td").nth(0)).to_have_text("14")
    expect(stepper.locator(".parent-table tbody tr")).to_have_count(5)
    shoot(page, "stepper-lesson-step1-1280x800")
    stepper.locator(".step-end").click()
    expect(stepper.locator(".step-pos")).to_have_text("step 283 of 283")
    expect(stepper.locator(".step-words")).to_contain_text("Expansion 283:")
    expect(stepper.locator(".step-words")).to_contain_text("It is the goal")
    expect(stepper.locator(".step-verdict")).to_have_text("Found a 20-move solution (optimal).")
    # The tree: the final path highlighted from the start to the goal, expanded at 283.
    tree = stepper.locator("svg.tree")
    expect(tree.locator(".node.on-path")).to_have_count(21)
    expect(tree.locator(".edge.on-path")).to_have_count(20)
    expect(tree.locator('.node.goal[data-step="283"]')).to_have_count(1)
    expect(stepper.locator(".tree-note")).to_contain_text("of 452 nodes drawn")
    shoot(page, "stepper-lesson-end-1280x800")
    stepper.locator(".step-back").click()
    expect(stepper.locator(".step-pos")).to_have_text("step 282 of 283")
    expect(tree.locator(".node.current")).to_have_count(1)


def test_run_pause_and_speed(page: Page) -> None:
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    expect(stepper.locator(".step-pos")).to_have_text("step 0 of 283")
    stepper.locator(".step-speed input").fill("10")  # the fastest: 1,000 steps a second
    expect(stepper.locator(".step-speed output")).to_have_text("1000 steps/s")
    stepper.locator(".step-run").click()
    # It runs to the goal by itself and stops there.
    expect(stepper.locator(".step-pos")).to_have_text("step 283 of 283")
    expect(stepper.locator(".step-run")).to_have_text("Run")
    stepper.locator(".step-speed input").fill("0")  # one step a second
    stepper.locator(".step-start").click()
    stepper.locator(".step-run").click()
    expect(stepper.locator(".step-run")).to_have_text("Pause")
    expect(stepper.locator(".step-pos")).to_have_text(re.compile(r"step [1-9]\d* of 283"))
    stepper.locator(".step-run").click()  # pause
    expect(stepper.locator(".step-run")).to_have_text("Run")
    held = stepper.locator(".step-pos").text_content()
    page.wait_for_timeout(1500)
    expect(stepper.locator(".step-pos")).to_have_text(held or "?")


def test_the_tree_zooms_and_draws_whole(page: Page) -> None:
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    stepper.locator(".step-end").click()
    tree = stepper.locator("svg.tree")
    width = float(tree.get_attribute("width") or 0)
    stepper.locator(".zoom-out").click()
    assert float(tree.get_attribute("width") or 0) < width
    stepper.locator(".whole-tree input").check()
    expect(tree.locator(".node")).to_have_count(452)
    stepper.locator(".zoom-fit").click()
    box = stepper.locator(".tree-scroll").bounding_box()
    assert box and float(tree.get_attribute("width") or 0) <= box["width"]


def test_ida_star_shows_its_bounds_and_path(page: Page) -> None:
    page.select_option("#algorithm", "idastar")
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    expect(stepper.locator(".step-words")).to_contain_text("A depth-first walk from the start")
    stepper.locator(".step-step").click()
    expect(stepper.locator(".step-words")).to_contain_text("the bound f ≤ 14")
    stepper.locator(".step-end").click()
    bounds = stepper.locator(".bounds-list li")
    expect(bounds).to_have_count(4)
    expect(bounds.nth(0)).to_contain_text("bound 14: 6 expanded; smallest f over it: 16")
    expect(bounds.nth(3)).to_have_text("bound 20: 103 expanded; the goal lies within it")
    expect(stepper.locator(".path-table tbody tr")).to_have_count(21)
    # The four bounds are steps as well as the expansions: the count says so.
    expect(stepper.locator(".step-pos")).to_have_text(
        re.compile(r"^step (\d+) of \1 \(expansions, and 4 new bounds\)$")
    )
    shoot(page, "stepper-idastar-1280x800")


IDA_SUCCESSORS = """async () => {
  const { Replay } = await import("/static/trace-model.js");
  const answer = await fetch("/api/npuzzle/trace", { method: "POST",
    headers: { "content-type": "application/json" }, body: JSON.stringify({
      tiles: [7, 2, 4, 5, 0, 6, 8, 3, 1], rows: 3, cols: 3, algorithm: "idastar",
      heuristic: "manhattan" }) });
  const replay = new Replay(await answer.json());
  const out = [];
  for (let k = 1; k <= replay.total; k++) {
    replay.seek(k);
    if (replay.now.event === "pop" && replay.bounds.length < 4) // the last walk stops at the goal
      out.push([replay.now.state, replay.successors().length]);
  }
  return out;
}"""


def test_ida_star_counts_each_successor_under_its_own_parent(page: Page) -> None:
    """A walk that backs up holds its ancestors' successors in the same step: they are not
    this state's. Every expansion of a finished iteration counts as many as its blank moves."""
    for state, count in page.evaluate(IDA_SUCCESSORS):
        row, col = divmod(state.index(0), 3)
        assert count == (1 if row in (0, 2) else 2) + (1 if col in (0, 2) else 2), state
    stepper = step_through(page, 5, "idastar")
    words = stepper.locator(".step-words")
    expect(words).to_contain_text("Expansion 4: entered a state at depth 2")
    expect(words).to_contain_text("Its successors: 1 already on the path, 1 over the bound.")
    stepper.locator(".step-start").click()
    stepper.locator(".step-step").click()
    stepper.locator(".step-step").click()  # the root: all four, entered or over the bound
    expect(words).to_contain_text("Its successors: 2 to enter, 2 over the bound.")


def test_a_stale_step_shows_the_stale_entry_in_the_tree(page: Page) -> None:
    page.select_option("#algorithm", "wastar")
    page.fill("#weight", "5")
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    expect(stepper.locator(".step-pos")).to_contain_text("step 0 of")
    for _ in range(43):
        stepper.locator(".step-step").click()
    expect(stepper.locator(".step-words")).to_contain_text("a stale entry, turned away")
    expect(stepper.locator(".step-pos")).to_contain_text(
        "(expansions, and 1 stale entry turned away)"
    )
    current = stepper.locator("svg.tree .node.current")
    expect(current).to_have_count(1)
    expect(current).to_have_class(re.compile(r"\bstale\b"))
    # Each node says its f in the search's terms, here g + 5·h.
    expect(current.locator(".node-fgh")).to_have_text(re.compile(r"^\d+ = \d+ \+ 5·\d+$"))
    node, box = current.bounding_box(), stepper.locator(".tree-scroll").bounding_box()
    assert node and box
    assert box["y"] <= node["y"] and node["y"] + node["height"] <= box["y"] + box["height"]
    assert box["x"] <= node["x"] and node["x"] + node["width"] <= box["x"] + box["width"]
    shoot(page, "stepper-stale-step-1280x800")


def test_bfs_shows_its_layers(page: Page) -> None:
    page.select_option("#algorithm", "bfs")
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    expect(stepper.locator(".step-words")).to_have_text(
        "The start waits in the waiting room, at depth 0. Press Step to take it out."
    )
    for _ in range(6):
        stepper.locator(".step-step").click()
    expect(stepper.locator(".room h3")).to_have_text("Waiting room (first in, first out)")
    expect(stepper.locator(".layers li").nth(1)).to_have_text("depth 1: 4 states")
    expect(stepper.locator(".layers li.current")).to_contain_text("depth 2")
    # BFS lets no state in twice, however it is reached: "at no greater cost" is A*'s and UCS's.
    expect(stepper.locator(".step-words")).to_contain_text("1 reached before")
    expect(stepper.locator(".step-words")).not_to_contain_text("no greater cost")


def test_side_by_side_283_against_3667(page: Page) -> None:
    page.click("#side-by-side")
    view = page.locator("#side-box")
    left, right = (
        view.locator('[data-side="left"].side-pane'),
        view.locator('[data-side="right"].side-pane'),
    )
    expect(left.locator("h3")).to_have_text("A* + h2 Manhattan distance")
    expect(right.locator("h3")).to_have_text("A* + h1 Misplaced tiles")
    for _ in range(3):
        view.locator(".step-step").click()
    expect(left.locator(".side-count")).to_have_text("expanded: 3")  # in lockstep
    expect(right.locator(".side-count")).to_have_text("expanded: 3")
    view.locator(".step-end").click()
    expect(left.locator(".side-status")).to_have_text("Goal taken out at expansion 283 (20 moves).")
    expect(right.locator(".side-status")).to_have_text(
        "Goal taken out at expansion 3,667 (20 moves)."
    )
    short, long = (p.locator(".side-fill").bounding_box() for p in (left, right))
    assert short and long and short["width"] * 10 < long["width"]  # 283 against 3,667, seen
    expect(view.locator(".side-same")).to_contain_text("first take out different states")
    shoot(page, "side-by-side-1280x800")


def test_side_by_side_says_when_a_trace_was_cut(page: Page) -> None:
    page.click("#side-by-side")
    view = page.locator("#side-box")
    expect(view.locator(".side-pane")).to_have_count(2)
    view.locator('[data-side="left"].side-picker select').select_option("zero")

    def zero_trace(r: Response) -> bool:
        return "trace" in r.url and '"zero"' in (r.request.post_data or "")

    with page.expect_response(zero_trace):
        view.locator(".side-search").click()
    expect(page.locator("#working")).to_be_hidden(timeout=30_000)
    expect(view.locator('[data-side="left"].side-pane h3')).to_have_text("A* + h = 0 (no estimate)")
    view.locator(".step-end").click()
    status = view.locator('[data-side="left"].side-pane .side-status')
    expect(status).to_contain_text("Goal taken out at expansion 48,390")
    expect(status).to_contain_text("The trace holds the first")


def test_h_plus_3_is_one_click_and_the_same_search(page: Page) -> None:
    page.click("#exp-offset")
    view = page.locator("#side-box")
    expect(view.locator('[data-side="right"].side-pane h3')).to_have_text(
        "A* + h2 Manhattan distance + 3"
    )
    view.locator(".step-end").click()
    expect(view.locator(".side-same")).to_have_text(
        "The same 283 states taken out in the same order."
    )


def test_the_lessons_experiments(page: Page) -> None:
    box = page.locator("#experiment")
    page.click("#exp-weights")
    expect(box.locator(".conclusion")).to_contain_text(
        "w = 0 expanded 48,390, w = 1 283, w = 5 only 59.", timeout=30_000
    )
    page.click("#exp-pushes")
    expect(box.locator(".conclusion")).to_have_text(
        "Only h = 0 (no estimate) runs into the limit, after 13,594 expanded: a limit reached "
        "proves nothing. The searches with an estimate finish well inside it.",
        timeout=30_000,
    )
    expect(box.locator('tr[data-key="zero"]')).to_contain_text(
        "limit reached — proves nothing (push limit)"
    )
    page.click("#exp-unsolvable")
    expect(page.locator("#p-solvable")).to_have_text("no")  # the board is on the page too
    expect(box.locator(".conclusion")).to_contain_text(
        "all 181,440 reachable states", timeout=30_000
    )
    # IDA* keeps no states to run out of: it proves the same by depth, past 31 moves.
    expect(box.locator(".conclusion")).to_contain_text("no solution within 31 moves")
    expect(box.locator('tr[data-key="deepen"]')).to_contain_text("IDA*")
    all_in_sight(page, "#experiment")
    shoot(page, "experiment-unsolvable-1280x800")


def test_the_maze_page_legend_hover_and_numbers(page: Page) -> None:
    page.click('.tab[data-tab="maze"]')
    legend = page.locator("#tab-maze .legend")
    for swatch in ("wall", "t3", "t5", "start", "goal", "frontier", "expanded", "current", "path"):
        expect(legend.locator(f".swatch.{swatch}")).to_have_count(1)
    page.select_option("#maze-tool", "3")  # sand across row 1, where A* goes
    first = page.locator('#maze .cell[data-r="1"][data-c="2"]').bounding_box()
    last = page.locator('#maze .cell[data-r="1"][data-c="4"]').bounding_box()
    assert first and last
    page.mouse.move(first["x"] + 5, first["y"] + 5)
    page.mouse.down()
    page.mouse.move(last["x"] + 5, last["y"] + 5, steps=6)
    page.mouse.up()
    page.select_option("#maze-algorithm", "ucs")  # it expands the sand near the start
    page.click("#maze-solve")
    solve_maze_to_the_end(page)
    expect(page.locator("#maze-verdict")).to_contain_text("Found a path of 17 steps")
    expect(page.locator("#maze .cell.path")).to_have_count(18)
    # Terrain stays readable under the overlays: an expanded sand cell is still sand.
    sand = page.locator("#maze .cell.t3.expanded")
    expect(sand).not_to_have_count(0)
    for i in range(sand.count()):
        assert sand.nth(i).evaluate("el => getComputedStyle(el).backgroundColor") == SAND
    cell = page.locator('#maze .cell[data-r="3"][data-c="3"]')
    cell.hover()
    expect(page.locator("#maze-hover")).to_have_text(cell.get_attribute("title") or "?")
    expect(page.locator("#maze-hover")).to_contain_text("(3, 3) · expansion")
    page.select_option("#maze-show", "step")
    number = (cell.get_attribute("title") or "").split("expansion ")[1].split(" ")[0]
    expect(cell).to_have_text(number)
    page.select_option("#maze-show", "parent")
    expect(page.locator('#maze .cell[data-r="0"][data-c="1"]')).to_have_text("←")
    shoot(page, "maze-sand-ucs-hover-1280x800")


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_screenshots_of_the_new_views(browser: Browser, server: str, size: ViewportSize) -> None:
    """For a reviewer's eyes: each new view, in English and Korean, nothing sticking out."""
    label = f"{size['width']}x{size['height']}"
    page = open_page(browser, server, size)
    wide = "document.scrollingElement.scrollWidth"
    stepper = step_through(page, 5)
    shoot(page, f"stepper-{label}")
    assert page.evaluate(wide) <= size["width"]
    page.click("#lang")
    expect(stepper.locator(".room h3")).to_have_text("대기실 (우선순위 큐)")
    # The move's letters said where a student reads them: the blank's way, on the puzzle.
    expect(stepper.locator(".parent-table")).to_contain_text(
        "이동: 빈칸이 간 방향 (U 위, D 아래, L 왼쪽, R 오른쪽)."
    )
    shoot(page, f"stepper-{label}-ko")
    page.click("#lang")
    page.click("#side-by-side")
    expect(page.locator("#side-box .side-pane")).to_have_count(2)
    page.locator("#side-box .step-end").click()
    expect(page.locator('#side-box [data-side="right"] .side-status')).to_contain_text("3,667")
    shoot(page, f"side-by-side-{label}")
    assert page.evaluate(wide) <= size["width"]
    page.click("#exp-pushes")  # the cheapest of the runs that fill a table
    expect(page.locator("#experiment .conclusion")).to_be_visible(timeout=30_000)
    page.click("#lang")  # at once: the switch may come before the run's last redraw is known
    expect(page.locator("#experiment .conclusion")).to_contain_text("13,594")
    expect(page.locator("#experiment")).to_contain_text("대기실에 넣는 횟수 한도 20,000")
    all_in_sight(page, "#experiment")
    shoot(page, f"experiments-{label}-ko")
    page.click("#lang")
    page.click('.tab[data-tab="maze"]')
    page.click("#maze-solve")
    solve_maze_to_the_end(page)
    page.select_option("#maze-show", "step")
    expect(page.locator("#maze-stepper .parent-table")).to_contain_text(
        "Move: U up, D down, L left, R right"
    )
    shoot(page, f"maze-stepper-{label}")
    assert page.evaluate(wide) <= size["width"]
    page.click("#lang")
    expect(page.locator("#maze-stepper .tree-box h3")).to_have_text("탐색 트리")
    shoot(page, f"maze-stepper-{label}-ko")
    assert page.outside == []  # type: ignore[attr-defined]
    page.context.close()


def words_the_page_asks_for() -> set[str]:
    """Every message key named literally in a page's scripts (the first argument of t(),
    ternaries included) or in its data-i18n attributes."""
    used: set[str] = set()
    for script in STATIC.glob("*.js"):
        for call in re.finditer(r"\bt\(([^,()]*)", script.read_text()):
            words = re.sub(r'[=!]==\s*"[^"]*"', "", call.group(1))  # a test, not a key
            used |= set(re.findall(r'"([a-z][a-z0-9_]*)"', words))
    used |= set(re.findall(r'data-i18n="([a-z0-9_]+)"', (STATIC / "index.html").read_text()))
    return used


def test_every_word_in_english_and_korean(page: Page) -> None:
    keys = page.evaluate(
        """async () => {
          const { MESSAGES } = await import("/static/i18n.js");
          return { en: Object.keys(MESSAGES.en), ko: Object.keys(MESSAGES.ko) };
        }"""
    )
    english, korean = set(keys["en"]), set(keys["ko"])
    assert english - korean == set()
    assert korean - english == set()
    asked = words_the_page_asks_for()
    assert len(asked) > 150  # the scan found the pages' words
    assert asked - english == set()


def test_a_cut_trace_says_where_its_recording_ends(page: Page) -> None:
    """h = 0 makes 178,609 events, of which the page keeps the first 20,000: its last step
    used to read "It has no successors" and its position "step 5,458 of 5,458", as if the
    search had ended there."""
    page.select_option("#heuristic", "zero")
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    stepper.locator(".step-end").click()
    expect(stepper.locator(".step-pos")).to_contain_text("recorded (the search expanded 48,390)")
    expect(stepper.locator(".step-words")).to_contain_text("The recording ends here")
    expect(stepper.locator(".step-words")).not_to_contain_text("It has no successors")
