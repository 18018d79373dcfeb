"""The options every ``solve`` command shares, declared once and given to each command by
``search_options``, gathered into one ``SearchOptions``."""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from ..algorithms import ALGORITHMS, get_algorithm
from ..algorithms.beam import DEFAULT_WIDTH, width_for_beam_alone
from ..core.limits import Limits, default_max_memory
from ..errors import InputError
from . import trace_table
from .language import LANGUAGES, choose, set_language

ALGORITHM_HELP = (
    "auto (what suits the problem, named in the output with its reason: for the n-puzzle A* "
    "where the whole space fits in memory, else IDA*; a problem of your own gets A* unless it "
    f"has choose_algorithm), {', '.join(ALGORITHMS)} (ucs = dijkstra)."
)
SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?", re.IGNORECASE)
UNITS = {"": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
# Rows --trace prints at most: a few seconds of a table; the whole search is --trace-json's.
MAX_TRACE_ROWS = 10_000
TRACE_LINES = 1_000_000  # events --trace-json writes at most (about 100 MB)


# What ``solve`` gives a search when no --time-limit is given: memory alone never stops IDA*,
# which keeps only its path, so the obvious first command on a 24-puzzle would run for days.
DEFAULT_TIME_LIMIT = 600.0  # seconds
NO_BOUND = ("none", "off")


def seconds(text: str) -> float | None:
    """A time limit in seconds, above 0 (a limit of 0 would stop before anything ran), or
    ``none`` (``off``) for no bound."""
    text = str(text)  # typer reads a default through here too, as it is (--prepare-limit's float)
    if text.strip().lower() in NO_BOUND:
        return None
    try:
        value = float(text)
    except ValueError:
        raise typer.BadParameter(
            f"{text[:20]!r} is not a number of seconds (none: no bound)"
        ) from None
    if not value > 0:  # nan too; inf is no limit
        raise typer.BadParameter(f"give a number of seconds above 0, not {text[:20]}")
    return value


def time_limit_option(help: str) -> Any:
    """``--time-limit S``, read by ``seconds``."""
    return typer.Option(parser=seconds, metavar="S", help=help)


class DefaultSeconds(float):
    """``DEFAULT_TIME_LIMIT`` as ``solve_seconds`` reads ``auto``: seconds that remember nobody
    asked for them (``--time-limit 600`` typed out is the user's own limit)."""


def solve_seconds(text: str) -> float | None:
    """``solve``'s time limit: ``auto`` is ``DEFAULT_TIME_LIMIT`` (read when the command runs),
    else as ``seconds`` reads it."""
    if str(text).strip().lower() == "auto":
        return DefaultSeconds(DEFAULT_TIME_LIMIT)
    return seconds(text)


def default_time_hint(time_limit: float | None) -> str:
    """What to say when ``solve``'s time limit stopped a search, if it was the default ("" for
    a limit the user gave)."""
    if not isinstance(time_limit, DefaultSeconds):
        return ""
    return (
        f"that was solve's default time limit ({DEFAULT_TIME_LIMIT:g} s): "
        "--time-limit none lifts it"
    )


def memory_option(help: str) -> Any:
    """``--max-memory SIZE``, read by ``memory_bound``."""
    return typer.Option(metavar="SIZE", help=help)


MaxMemory = Annotated[
    str,
    memory_option(
        "Stop when the process would hold more (4G, 500M; none or 0: no bound); auto: 80% of "
        "the memory available when the command starts."
    ),
]


def heuristic_option(names: str) -> Any:
    """``-H`` for one domain, listing its heuristics in the help."""
    return typer.Option("--heuristic", "-H", metavar="NAME", help=f"Heuristic: {names}.")


@dataclass(frozen=True)
class SearchOptions:
    """What the shared options ask for."""

    algorithm: str
    weight: float
    tie_break: str
    engine: str
    max_expanded: int | None
    max_pushed: int | None
    time_limit: float | None
    max_states: int | None
    max_memory: str
    max_depth: int | None
    as_json: bool
    all_moves: bool
    trace: int | None
    trace_json: Path | None
    frontier: str = "3"
    lang: str | None = None
    beam_width: int | None = None

    def __post_init__(self) -> None:
        check_beam_width(self.algorithm, self.beam_width)

    @property
    def traced(self) -> bool:
        """Whether the steps are recorded: for ``--trace-json``, or for ``--trace``'s table,
        which ``--json`` leaves out."""
        return bool(self.trace_json or (self.trace and not self.as_json))

    def limits(self) -> Limits:
        return Limits(
            max_expanded=self.max_expanded,
            max_pushed=self.max_pushed,
            time_limit=self.time_limit,
            max_states=self.max_states,
            max_depth=self.max_depth,
            max_memory=memory_bound(self.max_memory),
        )


def check_beam_width(algorithm: str, width: int | None) -> None:
    """``--beam-width`` is beam search's alone: with another algorithm (or ``auto``, which
    never chooses beam) it is refused, not left unread."""
    if width is None:
        return
    named = None if algorithm.lower() == "auto" else get_algorithm(algorithm).name
    width_for_beam_alone(algorithm, named, "beam (-a beam) for --beam-width")


def language_asked(code: str | None) -> str | None:
    """``--lang``: en or ko (None: the locale's)."""
    if code is not None and code not in LANGUAGES:
        raise typer.BadParameter(f"{code[:20]!r}: choose from {', '.join(LANGUAGES)}")
    return code


def frontier_shown(text: str) -> int | None:
    """``--frontier``: a count of at least 1, or ``all`` (None)."""
    spelled = text.strip().lower()
    if spelled == "all":
        return None
    if not spelled.isdigit() or int(spelled) < 1:
        raise typer.BadParameter(f"{text[:20]!r}: give a count of 1 or more, or all")
    return int(spelled)


def memory_bound(text: str) -> int | None:
    """``auto`` (80% of the memory available when the command starts, plus what it holds),
    ``none`` (or ``off``, or a size of 0 in any unit), or a size such as ``4G`` or ``500M``."""
    spelled = text.strip().lower()
    if spelled == "auto":
        return default_max_memory()
    if spelled in ("none", "off"):
        return None
    match = SIZE.fullmatch(spelled)
    if not match:
        raise InputError(
            "cannot read memory size {size!r}: use auto, none, or a size like 4G or 500M",
            size=text[:20],
        )
    size = float(match[1]) * UNITS[match[2]]
    if size == 0:  # as ulimit and docker read it: no bound, not a bound nothing fits in
        return None
    if not size < MOST_MEMORY:  # inf too
        raise InputError(
            "a memory size of {size!r} is past any machine; use none for no bound",
            size=text[:20],
        )
    return int(size)


MOST_MEMORY = float(1 << 62)  # bytes: 4 EiB


def _shared(
    algorithm: Annotated[
        str, typer.Option("--algorithm", "-a", metavar="NAME", help=ALGORITHM_HELP)
    ] = "auto",
    weight: Annotated[
        float,
        typer.Option(
            "--weight", "-w", metavar="W", help="A*'s weight on h: f = g + w*h (0: uniform-cost)."
        ),
    ] = 1.0,
    tie_break: Annotated[
        str,
        typer.Option(
            metavar="NAME",
            help="Order among equal f: auto (classic for the package's puzzles, deep for a "
            "maze's jps and a problem of your own), classic (smaller g, then state), deep "
            "(larger g), fifo, lifo.",
        ),
    ] = "auto",
    engine: Annotated[
        str,
        typer.Option(
            metavar="NAME", help="auto (a compiled kernel where one pays), python, or compiled."
        ),
    ] = "auto",
    beam_width: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
            help=f"Beam search (-a beam): the states each layer keeps (default {DEFAULT_WIDTH}).",
        ),
    ] = None,
    max_expanded: Annotated[
        int | None, typer.Option(min=0, metavar="N", help="Stop after expanding N states.")
    ] = None,
    max_pushed: Annotated[
        int | None, typer.Option(min=0, metavar="N", help="Stop when the (N+1)-th push happens.")
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            parser=solve_seconds,
            metavar="S",
            help=f"Stop after S seconds, setup included; auto: {DEFAULT_TIME_LIMIT:g}, none: no "
            "bound.",
        ),
    ] = "auto",  # type: ignore[assignment]  # typer reads the default through solve_seconds
    max_states: Annotated[
        int | None,
        typer.Option(min=0, metavar="N", help="Stop when the search keeps more than N states."),
    ] = None,
    max_memory: MaxMemory = "auto",
    max_depth: Annotated[
        int | None,
        typer.Option(min=0, metavar="N", help="Do not search paths longer than N steps."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of tables.")
    ] = False,
    all_moves: Annotated[
        bool, typer.Option("--all-moves", help="Print every move of a long solution.")
    ] = False,
    trace: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=MAX_TRACE_ROWS,
            metavar="N",
            help=f"Show the first N steps of the search (its waiting room); at most "
            f"{MAX_TRACE_ROWS:,} (--trace-json writes more).",
        ),
    ] = None,
    trace_json: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help=f"Write the steps as one JSON object per line: the first {TRACE_LINES:,} "
            "events (about 100 MB); the output says when there were more.",
        ),
    ] = None,
    frontier: Annotated[
        str,
        typer.Option(
            metavar="N|all",
            callback=lambda value: (frontier_shown(value), value)[1],
            help="With --trace: how many entries of the waiting room each step shows, next in "
            "line first; all shows the whole waiting room.",
        ),
    ] = "3",
    lang: Annotated[
        str | None,
        typer.Option(
            metavar="en|ko",
            callback=lambda value: language_asked(value),
            help="The language of the result lines and tables (--json stays English); "
            "default: the locale's (LANG=ko_KR.UTF-8 gives ko).",
        ),
    ] = None,
) -> None:
    """The template the shared options are read from (never called)."""


def gathered(
    template: Callable[..., Any], name: str, make: Callable[..., Any]
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """A decorator that gives a command the options ``template``'s parameters declare (typer
    options with their defaults): typer sees them in the command's signature, and the command
    receives them as one argument ``name``, ``make(**options)``."""
    shared = inspect.signature(template, eval_str=True).parameters

    def give(command: Callable[..., None]) -> Callable[..., None]:
        own = inspect.signature(command, eval_str=True).parameters.values()
        parameters = [*(p for p in own if p.name != name), *shared.values()]

        @functools.wraps(command)
        def with_options(**arguments: Any) -> None:
            options = {key: arguments.pop(key) for key in shared}
            command(**arguments, **{name: make(**options)})

        # Annotations already evaluated: typer must not look them up in this module's names.
        with_options.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        with_options.__annotations__ = {p.name: p.annotation for p in parameters}
        return with_options

    return give


def search_options(command: Callable[..., None]) -> Callable[..., None]:
    """Give ``command`` the shared options: typer sees them in its signature, and the command
    receives them as one ``search: SearchOptions`` argument."""

    @functools.wraps(command)
    def in_its_language(search: SearchOptions, **arguments: Any) -> None:
        set_language(choose(search.lang))  # the command's language, and its waiting room shown
        trace_table.SHOWN[0] = frontier_shown(search.frontier)
        try:
            command(**arguments, search=search)
        finally:  # the next command in this process (a test's) starts from the defaults
            set_language("en")
            trace_table.SHOWN[0] = trace_table.NEXT_SHOWN

    return gathered(_shared, "search", SearchOptions)(in_its_language)
