"""The cube's solve job, as run inside a search worker, and which search it runs.

The 2x2x2 is solved by IDA* with its exact distance table (3,674,160 bytes, built in well under
a second the first time and cached): optimal, and instant. The 3x3x3 is solved by the compiled
IDA* with Korf's pattern databases (165 MiB) when they are already in the cache; the server never
builds them (about a minute each time a client asked would be a denial of service), so without
them it runs the engine's bidirectional breadth-first search, optimal too but only for short
scrambles: a longer one stops at the server's cap on kept states (``schemas.MAX_STATES``;
benchmarks/README.md measures where), and the answer says how to build the tables. (The coset
table and its bounds, 5 GB, are more than a search worker may hold, so the server never loads
them.)
"""

from __future__ import annotations

import threading
from typing import Any

from ..cube import Cube, korf
from ..cube.cubies import broken_invariant
from ..cube.korf import PatternTables
from ..facade import solve
from ..limits import LimitHit, Limits, Meter
from ..result import SearchResult, Stats, Status
from .cube_schemas import SolveCube
from .meters import answered, budget

BUILD_TABLES = "statesearch cube tables --tables korf --metric {metric}"
FALLBACK_ADVICE = (
    "Korf's pattern databases are not in the server's cache, so this was a bidirectional "
    "breadth-first search: optimal, but only for short scrambles (a longer one stops at the "
    "server's cap on kept states); for optimal solutions of random cubes build the tables once "
    "with: " + BUILD_TABLES
)
WARM_UP_SECONDS = 10.0
_korf: dict[str, PatternTables] = {}  # Korf's tables, read once per worker and metric


def korf_stored(metric: str) -> bool:
    """Whether the cache holds Korf's three tables: a quick look for the page (a search reads
    them whole and checks their checksums)."""
    return metric in _korf or korf.is_stored(metric)


def korf_from_cache(metric: str, meter: Meter | None = None) -> PatternTables | None:
    """Korf's tables read from the cache and checked (``meter`` looked at before each), never
    built; ``None`` when one is missing or unsound."""
    if metric not in _korf:
        tables = korf.stored_tables(metric, meter=meter)
        if tables is None:
            return None
        _korf[metric] = tables
    return _korf[metric]


def chosen_search(cube: Cube, meter: Meter | None = None) -> tuple[Cube, str, str | None, str]:
    """The cube (with the tables it needs, read under ``meter``), the algorithm, the heuristic,
    and ``advice``: what to do for a better search (empty when this one is the best the server
    has)."""
    if cube.size == 2 or not cube.solvable:  # an unsolvable cube is answered by its invariant
        return cube, "idastar", cube.default_heuristic if cube.size == 2 else None, ""
    tables = korf_from_cache(cube.metric, meter)
    if tables is not None:
        return cube.with_tables(patterns=tables), "idastar", "korf", ""
    return cube, "bidirectional", None, FALLBACK_ADVICE.format(metric=cube.metric)


def solve_cube(request: SolveCube, deadline: float, cancel: threading.Event) -> dict[str, Any]:
    """An optimal solution, with the facelets of every position along it for the play-back
    (one per searched turn: a quarter-turn solution's ``U2`` passes two)."""
    meter = budget(request, deadline, cancel)
    cube = Cube.from_text(request.cube, request.size, request.metric)
    try:
        cube, algorithm, heuristic, advice = chosen_search(cube, meter)
        meter = budget(request, deadline, cancel, algorithm)  # what is left, for this search
        result = solve(cube, algorithm, heuristic, meter=meter)
    except LimitHit as hit:  # while Korf's tables were read (seconds, the first time)
        result = SearchResult(
            Status.LIMIT_REACHED, "idastar", "korf", Stats(), limit=hit.kind, reason=hit.detail
        )
        advice = ""
    return answered(
        result,
        request,
        **cube.result_fields(result),  # size, metric, facelets and the solution as written
        states=[cube.facelets(state) for state in result.path],
        invariant=broken_invariant(cube.start),
        advice=advice,
    )


def warm_up() -> None:
    """Read (or build, well under a second) the 2x2x2's distance tables and run its search once,
    so that the first 2x2x2 a client solves is instant; and, when Korf's tables are in the
    cache, load them and the compiled IDA*."""
    limits = Limits(time_limit=WARM_UP_SECONDS)
    for metric in ("htm", "qtm"):
        solve(Cube.from_text("R U", 2, metric), "idastar", "exact", limits=limits)
    if korf_stored("htm"):
        cube, algorithm, heuristic, _ = chosen_search(Cube.from_text("R U"))
        solve(cube, algorithm, heuristic, limits=limits)
