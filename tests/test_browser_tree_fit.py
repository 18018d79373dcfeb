"""The search tree's nodes hold their text: the f line and the expansion mark inside each box,
whatever the labels (weighted A*'s "f = g + 5·h", an 8-move maze's decimals, a 15-puzzle),
and, on a projector, labels large enough to read from the back of a room. Screenshots go to
artifacts/ for a reviewer."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from test_browser import LAPTOP, PHONE, browser, open_page, server, shoot, solve_maze_to_the_end

__all__ = ["browser", "server"]  # fixtures shared with test_browser

MARGIN = 2  # px between a label and its box's edge: a current node's border is 3 px wide
PROJECTED_LEAST = 12  # px on screen: a label read from the back of a classroom
FIFTEEN = "1,2,3,4,6,0,10,8,5,7,14,11,9,13,15,12"  # 12 moves: two-digit tiles

# Every label of every drawn node whose box does not hold it with MARGIN to spare, as
# [node, class, text, label's box, node's box]; the labels' boxes in the node group's units.
OUTSIDE = """([margin]) => {
  const out = [];
  for (const node of document.querySelectorAll("svg.tree .node")) {
    if (!node.getClientRects().length) continue;  // the other tab's tree
    const box = node.querySelector(".node-box");
    const width = box.width.baseVal.value, height = box.height.baseVal.value;
    for (const text of node.querySelectorAll(".node-fgh, .node-step, .node-cell")) {
      if (!text.textContent) continue;
      const b = text.getBBox();
      if (b.x < margin || b.y < margin || b.x + b.width > width - margin
          || b.y + b.height > height - margin) {
        out.push([node.dataset.node, text.getAttribute("class"), text.textContent,
          [b.x, b.y, b.width, b.height].map(Math.round), [width, height]]);
      }
    }
  }
  return out;
}"""

# The smallest label's font size on screen, in px: its CSS size times the tree's scale.
SMALLEST_LABEL = """(tree) => {
  const scale = tree.getBoundingClientRect().width / tree.viewBox.baseVal.width;
  return Math.min(...[...tree.querySelectorAll(".node-fgh, .node-step")].map((text) =>
    parseFloat(getComputedStyle(text).fontSize) * scale));
}"""


def labels_outside(page: Page) -> list[Any]:
    return list(page.evaluate(OUTSIDE, [MARGIN]))


def drawn_whole(stepper: Locator) -> None:
    """The whole tree, unfolded: every node the search made, every label it shows."""
    whole = stepper.locator(".whole-tree input")
    if whole.is_enabled():
        whole.check()


def weighted_astar(page: Page) -> Locator:
    page.select_option("#algorithm", "wastar")
    page.fill("#weight", "5")
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    stepper.locator(".step-end").click()
    expect(stepper.locator(".node-fgh").first).to_have_text(re.compile(r"^\d+ = \d+ \+ 5·\d+$"))
    return stepper


def eight_move_maze(page: Page) -> Locator:
    page.click('.tab[data-tab="maze"]')
    page.select_option("#maze-moves", "8")
    page.click("#maze-solve")
    solve_maze_to_the_end(page)
    stepper = page.locator("#maze-stepper")
    expect(stepper.locator(".node-fgh").first).to_be_visible()
    return stepper


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_weighted_astars_labels_fit_their_nodes(
    browser: Browser, server: str, size: ViewportSize, lang: str
) -> None:
    label = f"{size['width']}x{size['height']}"
    page = open_page(browser, server, size, f"/?lang={lang}")
    stepper = weighted_astar(page)
    assert labels_outside(page) == []
    drawn_whole(stepper)
    assert labels_outside(page) == []
    stepper.locator(".step-start").click()
    for _ in range(6):
        stepper.locator(".step-step").click()  # a current node, with its thick border
    expect(stepper.locator("svg.tree .node.current")).to_have_count(1)
    assert labels_outside(page) == []
    shoot(page, f"tree-fit-wastar-{label}-{lang}")
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_an_eight_move_mazes_labels_fit_their_nodes(
    browser: Browser, server: str, size: ViewportSize, lang: str
) -> None:
    label = f"{size['width']}x{size['height']}"
    page = open_page(browser, server, size, f"/?lang={lang}")
    stepper = eight_move_maze(page)
    drawn_whole(stepper)
    fghs = stepper.locator("svg.tree .node-fgh").all_text_contents()
    assert any("." in fgh for fgh in fghs)  # costs of √2: the long labels this is about
    assert labels_outside(page) == []
    shoot(page, f"tree-fit-maze8-{label}-{lang}")
    page.context.close()


@pytest.mark.parametrize("algorithm", ["idastar", "rbfs", "greedy"])
def test_other_searches_labels_fit_their_nodes(
    browser: Browser, server: str, algorithm: str
) -> None:
    page = open_page(browser, server, LAPTOP, "/?lang=en")
    page.select_option("#algorithm", algorithm)
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    stepper.locator(".step-end").click()
    expect(stepper.locator("svg.tree .node").first).to_be_visible()
    assert labels_outside(page) == []
    page.context.close()


def test_a_15_puzzles_labels_fit_their_nodes(browser: Browser, server: str) -> None:
    page = open_page(browser, server, LAPTOP, f"/?lang=en&board={FIFTEEN}")
    page.select_option("#algorithm", "idastar")
    page.click("#step-through")
    stepper = page.locator("#puzzle-stepper")
    stepper.locator(".step-end").click()
    expect(stepper.locator("svg.tree .node")).not_to_have_count(0)
    assert labels_outside(page) == []
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_projector_shows_the_trees_labels_large(browser: Browser, server: str, lang: str) -> None:
    page = open_page(browser, server, LAPTOP, f"/?lang={lang}&present=1")
    expect(page.locator("body")).to_have_class("present")
    stepper = weighted_astar(page)
    tree = stepper.locator("svg.tree")
    stepper.locator(".tree-scroll").scroll_into_view_if_needed()
    assert tree.evaluate(SMALLEST_LABEL) >= PROJECTED_LEAST
    height = stepper.locator("svg.tree .node-fgh").first.evaluate(
        "(text) => text.getBoundingClientRect().height"
    )
    assert height >= PROJECTED_LEAST
    assert labels_outside(page) == []
    shoot(page, f"tree-fit-present-1280x800-{lang}")
    stepper.locator(".zoom-fit").click()  # fitting the scroller never shrinks them past that
    assert tree.evaluate(SMALLEST_LABEL) >= PROJECTED_LEAST
    page.click('.tab[data-tab="maze"]')
    page.select_option("#maze-moves", "8")
    page.click("#maze-solve")
    solve_maze_to_the_end(page)
    maze_tree = page.locator("#maze-stepper svg.tree")
    expect(maze_tree.locator(".node").first).to_be_visible()
    assert maze_tree.evaluate(SMALLEST_LABEL) >= PROJECTED_LEAST
    assert labels_outside(page) == []
    page.locator("#maze-stepper .tree-scroll").scroll_into_view_if_needed()
    shoot(page, f"tree-fit-present-maze8-1280x800-{lang}")
    page.context.close()


# A tree of one maze cell far from the corner of a big map, drawn by the tree alone.
FAR_CELL = """async () => {
  const { TreeView } = await import("/static/tree.js");
  const { mazeView } = await import("/static/board.js");
  const box = document.createElement("div");
  box.className = "trace-panel";
  document.body.append(box);
  const node = { id: 0, parent: -1, children: [], state: [1234, 5678], f: 7, g: 0, h: 7, step: 1,
    status: "expanded" };
  new TreeView(box, mazeView()).update({ nodes: [node], room: { first: () => [] },
    onPath: new Set(), path: [], current: null, data: { algorithm: "astar" }, bounds: [],
    family: "room" });
  return box.querySelector(".node-cell").textContent;
}"""


def test_a_far_cells_name_fits_its_node(browser: Browser, server: str) -> None:
    page = open_page(browser, server, LAPTOP, "/?lang=en")
    assert page.evaluate(FAR_CELL) == "(1234, 5678)"
    assert labels_outside(page) == []
    page.context.close()
