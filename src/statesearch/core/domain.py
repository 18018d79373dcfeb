"""A domain as every interface sees it (``Domain``), and the registry the interfaces read.

The command line's ``solve NAME``, a batch line's ``"domain": NAME`` and the web API's routes
are all found here: each domain package exports one ``Domain`` (its ``domain.py``), named by
one line of ``BUILT_IN``. A domain of one's own is ``register``-ed in the process, or named in
the environment variable ``STATESEARCH_DOMAINS`` (``NAME=MODULE:ATTRIBUTE``, comma-separated),
which the worker processes of a batch or of the server read too. What a record names in an
interface (its command, its routes) is a ``MODULE:NAME`` reference, imported only when that
interface asks, so reading a domain's record costs no import of typer, FastAPI or numpy.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from .limits import Meter
from .result import SearchResult

# A batch line (a JSON object) once checked: what to solve and how.
Spec = dict[str, Any]
Fields = dict[str, Any]
ENVIRONMENT = "STATESEARCH_DOMAINS"


@dataclass(frozen=True)
class Building:
    """A caller that may build the tables a search reads (the command line; a batch, before its
    workers start), and how it shows that work (``progress`` and ``log`` as the builders take
    them). Without one, tables are only read from the cache: the server's rule, whose clients
    must not fill its disk or hold its workers for minutes."""

    progress: Any = None
    log: Callable[[str], None] | None = None


# tables(problem, heuristic, meter, building): the problem with the tables ``heuristic`` reads.
Tables = Callable[[Any, str | None, Meter, Building | None], Any]


def _no_check(spec: Spec, base: Path | None) -> None:
    """A spec that needs nothing read or checked beyond its fields' types."""


@dataclass(frozen=True)
class Domain:
    """One domain, in one place.

    - ``from_spec(spec)``: the problem a checked spec describes (a batch line, whose ``start``
      is the domain's text);
    - ``fields(problem, result)``: the domain's fields beside a result, written alike by
      ``solve --json``, a batch's lines and the web API's answers (``result`` ``None``: a limit
      reached before the search);
    - ``options``: a spec's fields of its own, each with the JSON types it may have;
    - ``read_spec(spec, base)``: checks what types cannot say, and reads what the spec names
      (files relative to ``base``) into it, when the batch is read; ``needs_start``: a spec
      gives a ``start`` (or a ``file`` holding it); ``goal``: it may give a ``goal``;
    - ``group(spec, fields)``: what a batch's summary groups its results by (default: the name);
    - ``repeated``: the spec's fields a batch's line repeats beside ``fields``;
    - ``tolerance`` and ``replays(problem, result)``: how far a cost may be from a known optimal
      and match it, and a check of a solved path beyond the engine's own;
    - ``own_code``: the problem runs a user's code: what it raises is blamed on that code,
      and nothing runs it before it is asked to (a batch's warm-up);
    - ``tables(problem, heuristic, meter, building)``: the problem with the tables the
      heuristic reads, built where ``building`` is given, else read from the cache only (one
      that is not there, or damaged, refused in one line naming the command that builds it);
    - ``command``: ``MODULE:NAME`` of its typer command ``statesearch solve NAME``;
    - ``routes``: ``MODULE:NAME`` of its web API routes (``{"NAME/solve": web.route.Route}``).
    """

    name: str
    from_spec: Callable[[Spec], Any]
    fields: Callable[[Any, SearchResult[Any] | None], Fields]
    options: Mapping[str, tuple[type, ...]] = field(default_factory=dict)
    read_spec: Callable[[Spec, Path | None], None] = _no_check
    needs_start: bool = True
    goal: bool = False
    group: Callable[[Spec, Mapping[str, Any]], str] | None = None
    repeated: tuple[str, ...] = ()
    tolerance: float = 0.0
    replays: Callable[[Any, SearchResult[Any]], bool] | None = None
    own_code: bool = False
    tables: Tables | None = None
    command: str | None = None
    routes: str | None = None

    def group_of(self, spec: Spec, fields: Mapping[str, Any]) -> str:
        return self.group(spec, fields) if self.group is not None else self.name


def by_size(height: str, width: str) -> Callable[[Spec, Mapping[str, Any]], str]:
    """Results grouped by domain and by the size a result's fields give (``npuzzle 3x3``)."""

    def group(spec: Spec, fields: Mapping[str, Any]) -> str:
        if height in fields and width in fields:
            return f"{spec['domain']} {fields[height]}x{fields[width]}"
        return str(spec["domain"])

    return group


# The domains statesearch ships, in the order the help lists them: where each one's record is.
BUILT_IN = {
    "npuzzle": "statesearch.npuzzle.domain:NPUZZLE",
    "maze": "statesearch.maze.domain:MAZE",
    "tilt": "statesearch.tilt.domain:TILT",
    "cube": "statesearch.cube.domain:CUBE",
    "problem": "statesearch.user_domain:PROBLEM",
    "movingai": "statesearch.maze.domain:MOVING_AI",
}
_registered: dict[str, Domain] = {}


def register(domain: Domain) -> None:
    """Add a domain of one's own (or replace one of the same name) for this process."""
    _registered[domain.name] = domain


def names() -> list[str]:
    """Every domain's name: the built-in ones, then those of the environment and ``register``."""
    return list(dict.fromkeys([*BUILT_IN, *_from_environment(), *_registered]))


def get(name: str) -> Domain:
    """The domain called ``name``; an unknown name is bad input."""
    if name in _registered:
        return _registered[name]
    where = BUILT_IN.get(name) or _from_environment().get(name)
    if where is None:
        raise InputError(
            "unknown domain {domain!r}; choose from {choices}",
            domain=str(name)[:40],
            choices=", ".join(names()),
        )
    domain = imported(where)
    if not isinstance(domain, Domain) or domain.name != name:
        raise InputError("{where} is no Domain named {name!r}", where=where, name=name)
    _registered[name] = domain
    return domain


def imported(reference: str) -> Any:
    """What a ``MODULE:NAME`` reference names, its module imported."""
    module, _, attribute = reference.partition(":")
    try:
        return getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as err:
        raise InputError("cannot load {where}: {why}", where=reference, why=err) from None


def _from_environment() -> dict[str, str]:
    """``STATESEARCH_DOMAINS``'s references by name; an entry that is no ``NAME=MODULE:NAME``,
    or names a built-in domain (which it would not replace), is bad input."""
    found = {}
    for entry in filter(None, (e.strip() for e in os.environ.get(ENVIRONMENT, "").split(","))):
        name, _, reference = entry.partition("=")
        if not name or ":" not in reference:
            raise InputError(
                "{variable} holds {entry!r}: write NAME=MODULE:ATTRIBUTE",
                variable=ENVIRONMENT,
                entry=entry[:60],
            )
        if name.strip() in BUILT_IN:
            raise InputError(
                "{variable} names {name}, a domain statesearch has: give yours another name",
                variable=ENVIRONMENT,
                name=name.strip(),
            )
        found[name.strip()] = reference.strip()
    return found
