"""The live progress line of long searches (``cli/progress.py``): what it says, and that its
rate is the search's own, not diluted by setup before the first line."""

from __future__ import annotations

import io
import re

from rich.console import Console

from statesearch.cli.progress import SearchWatch, describe
from statesearch.core.limits import Limits, Meter, Snapshot


def test_a_line_says_counts_bound_rate_and_time() -> None:
    """The bound came last, and an 80-column terminal cut it to 'bound 7…'."""
    line = describe(Snapshot(expanded=1_234_567, frontier=12_345, elapsed=5.0, bound=52))
    assert line == "expanded 1,234,567 · bound 52 · frontier 12,345 · 246,913/s · 5.0 s"
    assert describe(Snapshot(0, 1, 0.0, None)) == "expanded 0 · frontier 1 · 0/s · 0.0 s"
    fast = describe(Snapshot(expanded=178_849_085, frontier=29, elapsed=11.9, bound=72))
    assert fast == "expanded 178,849,085 · bound 72 · frontier 29 · 15.0 M/s · 11.9 s"
    assert len(f"searching: {fast}") < 80


def test_the_rate_leaves_out_the_setup_before_the_first_line() -> None:
    out = io.StringIO()
    watch = SearchWatch(Console(file=out, force_terminal=False))
    watch(Snapshot(expanded=0, frontier=1, elapsed=10.0, bound=12))  # a table took 10 s
    watch(Snapshot(expanded=1_000, frontier=7, elapsed=12.0, bound=17))
    # A second search in the same command (its own meter) starts its own reference.
    watch(Snapshot(expanded=300, frontier=2, elapsed=1.0, bound=None))
    watch(Snapshot(expanded=900, frontier=2, elapsed=2.0, bound=None))
    lines = out.getvalue().splitlines()
    assert lines == [
        "searching: expanded 0 · bound 12 · frontier 1 · 0/s · 10.0 s",
        "searching: expanded 1,000 · bound 17 · frontier 7 · 500/s · 12.0 s",
        "searching: expanded 300 · frontier 2 · 300/s · 1.0 s",
        "searching: expanded 900 · frontier 2 · 600/s · 2.0 s",
    ]


def test_work_before_the_search_is_named_not_counted() -> None:
    """Building a table reports its own counts to the meter; the line says the work instead
    (it said 'searching: expanded 22,993,636' while Korf's tables were built)."""
    out = io.StringIO()
    watch = SearchWatch(Console(file=out, force_terminal=False))
    meter = Meter(Limits(), progress=watch, every=0.0)
    with meter.doing("preparing Korf's tables"):
        meter.check(22_993_636, 5_402_628)
    meter.check(3, 2)
    first, second = out.getvalue().splitlines()
    assert re.fullmatch(r"preparing Korf's tables: \d+\.\d s", first)
    assert second.startswith("searching: expanded 3 · frontier 2")


def test_the_live_line_stays_one_line_on_a_narrow_terminal() -> None:
    out = io.StringIO()
    watch = SearchWatch(Console(file=out, force_terminal=True, width=60))
    watch(Snapshot(expanded=12_345_678, frontier=123_456, elapsed=6.2, bound=52))
    watch.stop()
    drawn = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.getvalue())
    lines = [line for line in re.split(r"[\r\n]", drawn) if line.strip()]
    assert lines and all(line.startswith("searching: expanded 12,345,678") for line in lines)
    assert all(len(line) <= 60 for line in lines)
