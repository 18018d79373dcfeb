"""Turning a SearchResult into what a person reads, or into JSON."""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from ..result import SearchResult, Status

EXIT_CODES = {Status.SOLVED: 0, Status.UNSOLVABLE: 3, Status.LIMIT_REACHED: 4}

console = Console(highlight=False)


def verdict(result: SearchResult[Any]) -> str:
    """One line that uses the three words that never drift."""
    if result.status is Status.SOLVED:
        promise = "optimal" if result.optimal else "not guaranteed optimal"
        cost = f", cost {result.cost:g}" if result.cost != result.length else ""
        moves = "move" if result.length == 1 else "moves"
        return f"solved: {result.length} {moves}{cost} ({promise})"
    if result.status is Status.UNSOLVABLE:
        return f"unsolvable: {result.reason}"
    assert result.limit is not None
    return f"limit reached ({result.limit.value}): {result.reason}; this proves nothing"


def stats_table(result: SearchResult[Any]) -> Table:
    s = result.stats
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column(justify="right")
    rows: list[tuple[str, str]] = [
        ("algorithm", result.algorithm + (f" + {result.heuristic}" if result.heuristic else "")),
        ("engine", result.engine),
        ("expanded", f"{s.expanded:,}"),
        ("pushed", f"{s.pushed:,}"),
        ("generated", f"{s.generated:,}"),
        ("max frontier", f"{s.max_frontier:,}"),
        ("seconds", f"{s.elapsed_s:.3f}"),
    ]
    if s.iterations:
        rows.append(("iterations", ", ".join(f"{t:g}:{n:,}" for t, n in s.iterations)))
    if s.layers:
        depths = ", ".join(f"depth {d}: {n:,}" for d, n in enumerate(s.layers))
        stopped = " (the last depth up to the goal)" if result.solved and len(s.layers) > 1 else ""
        rows.append(("new states by depth", depths + stopped))
    for name, value in rows:
        table.add_row(name, value)
    return table


def emit(result: SearchResult[Any], as_json: bool, extra: dict[str, Any], show: str | None) -> None:
    """Print the result (``show`` is the domain's picture of it) and exit with its status code."""
    if as_json:
        print(json.dumps({**result.to_dict(), **extra}))
    else:
        if show:
            console.print(show)
        colour = {Status.SOLVED: "green", Status.UNSOLVABLE: "red"}.get(result.status, "yellow")
        console.print(f"[{colour}]{verdict(result)}[/]")
        if result.solved and result.actions:
            console.print(f"moves: {result.moves}")
        console.print(stats_table(result))
    raise typer.Exit(EXIT_CODES[result.status])
