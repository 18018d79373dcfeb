"""Options shared by every ``solve`` command, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

from ..limits import Limits

Algorithm = Annotated[
    str,
    typer.Option(
        "--algorithm",
        "-a",
        help="bfs, dfs, dls, iddfs, ucs/dijkstra, astar, greedy, idastar, dfbnb, bidirectional",
    ),
]
HeuristicName = Annotated[
    str | None,
    typer.Option("--heuristic", "-H", help="Heuristic name (domain default when omitted)."),
]
Weight = Annotated[
    float, typer.Option("--weight", "-w", help="Weight w on h: f = g + w*h (0 = uniform-cost).")
]
TieBreak = Annotated[
    str, typer.Option("--tie-break", help="Order among equal f: classic, deep, fifo, lifo.")
]
MaxExpanded = Annotated[
    int | None, typer.Option("--max-expanded", min=0, help="Stop after expanding N states.")
]
MaxPushed = Annotated[
    int | None, typer.Option("--max-pushed", min=0, help="Stop when the (N+1)-th push happens.")
]
TimeLimit = Annotated[
    float | None, typer.Option("--time-limit", min=0.0, help="Stop after S seconds.")
]
MaxStates = Annotated[
    int | None,
    typer.Option("--max-states", min=0, help="Stop when more than N states are kept (memory)."),
]
MaxDepth = Annotated[
    int | None, typer.Option("--max-depth", min=0, help="Do not search paths longer than N steps.")
]
Engine = Annotated[
    str,
    typer.Option("--engine", help="auto (a compiled kernel when there is one), python, compiled."),
]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")]


def make_limits(
    max_expanded: int | None,
    max_pushed: int | None,
    time_limit: float | None,
    max_states: int | None,
    max_depth: int | None,
) -> Limits:
    return Limits(
        max_expanded=max_expanded,
        max_pushed=max_pushed,
        time_limit=time_limit,
        max_states=max_states,
        max_depth=max_depth,
    )
