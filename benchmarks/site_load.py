"""The static site in headless Chromium, against CPython in this process: how long the lesson
page takes to give its first search answer (a first visit, then a later one with the browser's
cache), against Pyodide's own start in the same page as a reference, and the lesson's searches
in the page's Python (Pyodide) and here.

    .venv/bin/python benchmarks/site_load.py            # builds site/ first (make site)

Figures go to benchmarks/README.md ("The static site").
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from statesearch import solve
from statesearch.npuzzle import NPuzzle

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from test_browser import CHROMIUM, FLAGS  # noqa: E402 (the tests' Chromium and its flags)

SEARCHES = {  # the lesson's board with no estimate, and the unsolvable board searched anyway
    "48,390 states (h = 0, w = 0)": ("7 2 4 5 0 6 8 3 1", {"heuristic": "zero", "weight": 0}),
    "181,440 states (unsolvable)": (
        "2 8 1 4 6 3 0 7 5",
        {"heuristic": "zero", "precheck": False},
    ),
}


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def first_answer(page: Page, url: str) -> float:
    """Seconds from opening the page until its first search answer (the lesson's board, A* with
    Manhattan, through window.statesearch.api)."""
    began = time.perf_counter()
    page.goto(url)
    page.wait_for_function("() => globalThis.statesearch?.transport === 'worker'")
    body = {"tiles": [7, 2, 4, 5, 0, 6, 8, 3, 1], "rows": 3, "cols": 3}
    answer = page.evaluate("(body) => statesearch.api('npuzzle/solve', body)", body)
    assert answer["stats"]["expanded"] == 283
    return time.perf_counter() - began


def bare_pyodide(page: Page) -> float:
    """The reference: Pyodide's own start in the same page and cache, without statesearch."""
    script = """async () => {
        const { loadPyodide } = await import("./pyodide/pyodide.mjs");
        const began = performance.now();
        await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
        return (performance.now() - began) / 1000;
    }"""
    return float(page.evaluate(script))


def in_page(page: Page, tiles: str, options: dict[str, Any]) -> tuple[int, float]:
    body = {"tiles": [int(t) for t in tiles.split()], "rows": 3, "cols": 3, **options}
    answer = page.evaluate("(body) => statesearch.api('npuzzle/solve', body)", body)
    return answer["stats"]["expanded"], answer["stats"]["elapsed_s"]


def in_cpython(tiles: str, options: dict[str, Any]) -> tuple[int, float]:
    puzzle = NPuzzle.from_text(tiles)
    result = solve(
        puzzle,
        "astar",
        options["heuristic"],
        weight=options.get("weight", 1.0),
        precheck=options.get("precheck", True),
        engine="python",
    )
    return result.stats.expanded, result.stats.elapsed_s


def main() -> None:
    subprocess.run(["make", "-s", "site"], cwd=ROOT, check=True, timeout=900)
    site = ROOT / "site"
    size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    print(f"site/: {size / 2**20:.1f} MB")
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=FLAGS, headless=True
        )
        page = context.new_page()
        print(f"first visit: first answer after {first_answer(page, url):.2f} s")
        page.close()
        page = context.new_page()
        print(f"later visit: first answer after {first_answer(page, url):.2f} s (browser cache)")
        print(f"reference, Pyodide alone (no statesearch, same cache): {bare_pyodide(page):.2f} s")
        print(f"{'search':<32}{'page s':>9}{'CPython s':>11}{'ratio':>8}")
        for name, (tiles, options) in SEARCHES.items():
            expanded, page_s = in_page(page, tiles, options)
            here, cpython_s = in_cpython(tiles, options)
            assert expanded == here, (expanded, here)
            print(f"{name:<32}{page_s:>9.2f}{cpython_s:>11.2f}{page_s / cpython_s:>7.1f}×")
        context.close()
    server.shutdown()


if __name__ == "__main__":
    main()
