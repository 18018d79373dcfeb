"""``statesearch solve problem FILE.py:NAME``: your own problem, with every algorithm, budget,
trace and output the puzzles have."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from ..checked import trusted
from ..core.problem import state_text
from ..core.result import SearchResult
from ..user_domain import PROBLEM
from ..user_problem import blaming, is_file_reference, load_problem, parse_arguments
from .options import SearchOptions, heuristic_option, search_options
from .render import MOVES_SHOWN, emit
from .solve import run, searching


@search_options
def solve_problem(
    reference: Annotated[
        str,
        typer.Argument(
            metavar="FILE.py:NAME",
            help="A problem object, or a class or function making one (given the --arg "
            "keywords), in a Python file (or MODULE:NAME, an importable module).",
        ),
    ],
    heuristic: Annotated[
        str | None, heuristic_option("one of the problem's heuristics, or zero")
    ] = None,
    arg: Annotated[
        list[str] | None,
        typer.Option(
            "--arg",
            metavar="NAME=VALUE",
            help="A keyword argument for the class or function (repeatable; VALUE read as JSON "
            "where it is JSON, else as text).",
        ),
    ] = None,
    precheck: Annotated[
        bool, typer.Option(help="Ask the problem's unsolvable_reason() before searching.")
    ] = True,
    trust: Annotated[
        bool,
        typer.Option(
            "--trust",
            help="Check the problem's start only, not each successor, predecessor and estimate "
            "(faster; a bad step is then an internal error or a wrong answer).",
        ),
    ] = False,
    *,
    search: SearchOptions,
) -> None:
    """Solve a problem of your own: its three slots in a Python file."""
    with searching(search) as meter, trusted(trust):
        problem = load_problem(reference, arguments=parse_arguments(arg or []))
        text = state_text(problem)
        with blaming(problem):  # its render too, which writes the path
            result = run(problem, heuristic, search, meter, precheck, text, source(reference))
            fields = PROBLEM.fields(problem, result)
            picture = path_picture(text, problem.initial, result, search.all_moves)
    emit(result, search.as_json, fields, picture, interrupted=True, moves=False)


def source(reference: str) -> Path | None:
    """The file the problem was read from, which --trace-json must not write over."""
    where = reference.rpartition(":")[0]
    if is_file_reference(where):
        return Path(where)
    spec = importlib.util.find_spec(where)  # imported already, by load_problem
    return Path(spec.origin) if spec is not None and spec.origin else None


def path_picture(
    text: Callable[[Any], str], start: Any, result: SearchResult[Any], every: bool
) -> str:
    """The start, then each action and the state it leads to (the first and last of a long
    path unless ``every``), each state written by ``text``."""
    lines = [f"start: {text(start)}"]
    steps = list(enumerate(zip(result.actions, result.path[1:], strict=True), 1))
    half = MOVES_SHOWN // 2
    shown = steps if every or len(steps) <= MOVES_SHOWN else steps[:half] + steps[-half:]
    for i, (action, state) in shown:
        if i == len(steps) - half + 1 and len(shown) < len(steps):
            lines.append(f"… {len(steps) - MOVES_SHOWN:,} more (--all-moves prints them all)")
        lines.append(f"{i}. {action} → {text(state)}")
    return "\n".join(lines)
