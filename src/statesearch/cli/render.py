"""Turning a SearchResult into what a person reads, or into JSON."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .. import clock
from ..core.limits import LimitHit, LimitKind
from ..core.result import SearchResult, Status, join_moves
from ..provenance import of_command
from .language import said, verdict, word

EXIT_CODES = {Status.SOLVED: 0, Status.UNSOLVABLE: 3, Status.LIMIT_REACHED: 4}
INTERRUPTED = 130  # a search stopped with Ctrl-C, as shells report an interrupted command
MAX_PICTURE = 40_000  # characters: a bigger board or maze is not drawn
MOVES_SHOWN = 100  # a longer solution shows its first and last 50 moves unless asked for all
PAIRS_SHOWN = 24  # iterations or depths: the first and last 12 of a longer list
PARTIAL = " (partial)"  # an iteration the limit stopped

console = Console(highlight=False)


def stopped_early(
    hit: LimitHit, what: str, as_json: bool = False, record: dict[str, Any] | None = None
) -> NoReturn:
    """A budget ran out (or Ctrl-C came) before there was a result: the limit named, then
    ``what`` that means, or with ``as_json`` one JSON object (``record`` with the limit in it);
    exit 4, or 130 for Ctrl-C."""
    if as_json:
        stop = {"status": Status.LIMIT_REACHED.value, "limit": hit.kind.value, "reason": hit.detail}
        print(json.dumps({**(record or {}), **stop, "provenance": of_command()}))
    else:
        console.print(f"[yellow]limit reached ({hit.kind.value}): {escape(hit.detail)}; {what}[/]")
    cancelled = hit.kind is LimitKind.CANCELLED
    raise typer.Exit(INTERRUPTED if cancelled else EXIT_CODES[Status.LIMIT_REACHED])


def moves_line(result: SearchResult[Any], every: bool, written: Sequence[Any] | None = None) -> str:
    """The moves (``written``: as the problem writes them, else the actions); a long list shows
    its count (the verdict's), its first and last moves, unless ``every``."""
    words = result.actions if written is None else written
    if every or len(words) <= MOVES_SHOWN:
        return f"{word('moves')}: {join_moves(words)}"
    half = MOVES_SHOWN // 2
    return (
        f"{word('moves')} ({result.length:,}): {join_moves(words[:half])} … "
        f"{join_moves(words[-half:])}"
        "  (--all-moves prints them all)"
    )


def describe_algorithm(result: SearchResult[Any]) -> str:
    """``astar + manhattan (w = 2)``"""
    text = result.algorithm + (f" + {result.heuristic}" if result.heuristic else "")
    if result.weight is not None and result.weight != 1:
        text += f" (w = {result.weight:g})"
    return text


def stats_table(result: SearchResult[Any]) -> Table:
    s = result.stats
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column(justify="right")
    rows: list[tuple[str, str]] = [
        ("algorithm", describe_algorithm(result)),
        ("engine", result.engine),
        ("expanded", f"{s.expanded:,}"),
        ("pushed", f"{s.pushed:,}"),
        ("generated", f"{s.generated:,}"),
        ("max frontier", f"{s.max_frontier:,}"),
        ("seconds", f"{s.elapsed_s:.3f}"),
    ]
    if clock.COMMAND_STARTED is not None:  # what --time-limit counts: imports, input, tables too
        rows.append(("with setup", f"{time.perf_counter() - clock.COMMAND_STARTED:.3f}"))
    for name, value in rows:
        table.add_row(word(name), Text(value))  # a heuristic of one's own names itself
    return table


def per_depth(result: SearchResult[Any]) -> RenderableType | None:
    """IDA*'s and IDDFS's iterations, or BFS's new states by depth, as a labelled block of
    their own (they do not stretch the counters' table)."""
    s = result.stats
    if s.iterations:
        bound = "depth limit" if result.algorithm == "iddfs" else "f bound"
        pairs = [(f"{i.bound:g}", f"{i.expanded:,}" + PARTIAL * i.partial) for i in s.iterations]
        return _pairs(f"iterations ({bound}: states expanded)", pairs)
    if s.layers:
        pairs = [(str(d), f"{n:,}") for d, n in enumerate(s.layers)]
        note = " — the last depth only up to the goal" if result.solved and len(pairs) > 1 else ""
        return _pairs(f"new states by depth (depth: states){note}", pairs)
    return None


def _pairs(title: str, pairs: list[tuple[str, str]]) -> RenderableType:
    """The pairs in columns, each kept whole; a long list shows its first and last
    ``PAIRS_SHOWN // 2`` (a BFS a million depths deep would otherwise print for minutes after
    its time limit)."""
    shown = [f"{a}: {b}" for a, b in pairs]
    if len(shown) <= PAIRS_SHOWN:
        return Group(Text(title, style="bold"), Columns(shown, padding=(0, 2)))
    half = PAIRS_SHOWN // 2
    return Group(
        Text(title, style="bold"),
        Columns(shown[:half], padding=(0, 2)),
        Text(f"… {len(shown) - PAIRS_SHOWN:,} more (--json lists them all) …", style="dim"),
        Columns(shown[-half:], padding=(0, 2)),
    )


def emit(
    result: SearchResult[Any],
    as_json: bool,
    extra: dict[str, Any],
    show: RenderableType | None,
    *,
    all_moves: bool = False,
    interrupted: bool = False,
    moves: bool = True,
    written: Sequence[Any] | None = None,
) -> None:
    """Print the result (``show`` is the domain's picture of it; ``moves``: the moves on a line
    of their own, unless the picture lists them, ``written`` as the problem writes them for a
    person when that is not one action each) and exit with its status code (130 when Ctrl-C
    stopped it)."""
    if as_json:  # how it was made too: the versions, the machine, the command, its costs
        print(json.dumps({**result.to_dict(), **extra, "provenance": of_command()}))
    else:
        if isinstance(show, str) and len(show) > MAX_PICTURE:
            show = f"(the problem is {len(show):,} characters across: too big to draw here)"
        # A problem's own text (its states, actions, reasons) is printed as it is, not as markup.
        if show:  # whole lines: a picture folded at the console's width is another picture
            console.print(show, markup=False, soft_wrap=True)
        if result.choice:
            console.print(f"[dim]{escape(said(result.choice))}[/]")
        if result.note:
            console.print(f"[dim]{escape('; '.join(said(n) for n in result.notes if n))}[/]")
        colour = {Status.SOLVED: "green", Status.UNSOLVABLE: "red"}.get(result.status, "yellow")
        console.print(f"[{colour}]{escape(verdict(result))}[/]", soft_wrap=True)
        if result.hint:
            console.print(f"hint: {result.hint}", markup=False)
        if moves and result.solved and result.actions:
            line = moves_line(result, all_moves, written)
            console.print(line, soft_wrap=True, markup=False)
        console.print(stats_table(result))
        depths = per_depth(result)
        if depths is not None:
            console.print(depths)
    if interrupted and result.limit is LimitKind.CANCELLED:
        raise typer.Exit(INTERRUPTED)
    raise typer.Exit(EXIT_CODES[result.status])
