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

The page's own Python (the static site: Pyodide, no numpy, no numba, ``kernels.COMPILER``
false) has neither table: it solves the 2x2x2 by the engine's bidirectional search, optimal and
a second or two there (the 2x2x2 is at most 11 moves, 14 in quarter turns: each side searches
about 6 or 7 deep), and refuses a 3x3x3 in one line with the command that solves it with the
installed tool. Korf's tables are imported only where they can be read.
"""

from __future__ import annotations

import shlex
import threading
from typing import Any

from ..core.limits import LimitHit, Limits, Meter
from ..core.result import SearchResult, Stats, Status
from ..cube import Cube
from ..cube.domain import CUBE
from ..cube.model.cubies import broken_invariant
from ..errors import InputError
from ..facade import solve
from ..kernels import COMPILER
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


def korf_stored(metric: str) -> bool:
    """Whether the cache holds Korf's three tables: a quick look for the page (a search reads
    them whole and checks their checksums). Never in the page's own Python, which has no cache
    and could not read them: it does not look."""
    if not COMPILER:
        return False
    from ..cube.tables import korf

    return korf.is_stored(metric)


def solve_command(text: str, size: int | None, metric: str) -> str:
    """The command that solves this cube with the installed tool (the text as one word of the
    shell: in double quotes, which a scramble's primes need, unless it has what they expand)."""
    words = " ".join(text.split())
    quoted = shlex.quote(words) if set(words) & set('"$`\\!') else f'"{words}"'
    options = (f" --size {size}" if size is not None else "") + (
        f" --metric {metric}" if metric != "htm" else ""
    )
    return f"statesearch solve cube {quoted}{options}"


def locally(request: SolveCube) -> str:
    """``solve_command`` for a request (what the page says when it stops or refuses it)."""
    return solve_command(request.cube, request.size, request.metric)


def chosen_search(
    cube: Cube, meter: Meter | None = None, command: str = ""
) -> tuple[Cube, str, str | None, str]:
    """The cube (with the tables it needs, read under ``meter``), the algorithm, the heuristic,
    and ``advice``: what to do for a better search (empty when this one is the best the server
    has). Without the compiler (the page's own Python): the 2x2x2 by bidirectional search, and
    a 3x3x3 refused, saying ``command`` (default: the cube's facelets solved by the tool)."""
    if not COMPILER:
        if cube.size == 2:
            return cube, "bidirectional", None, ""
        raise InputError(
            "optimal 3x3x3 solving needs the installed statesearch (compiled IDA* with Korf's "
            "tables), not the page's Python; run: {command}",
            command=command or solve_command(cube.facelets(cube.initial), None, cube.metric),
        )
    if cube.size == 2 or not cube.solvable:  # an unsolvable cube is answered by its invariant
        return cube, "idastar", cube.default_heuristic if cube.size == 2 else None, ""
    from ..cube.tables import korf

    tables = korf.stored_tables(cube.metric, meter=meter)  # never built here: a server's cache
    if tables is not None:
        return cube.with_tables(patterns=tables), "idastar", "korf", ""
    return cube, "bidirectional", None, FALLBACK_ADVICE.format(metric=cube.metric)


def solve_cube(request: SolveCube, deadline: float, cancel: threading.Event) -> dict[str, Any]:
    """An optimal solution, with the facelets of every position along it for the play-back
    (one per searched turn: a quarter-turn solution's ``U2`` passes two)."""
    meter = budget(request, deadline, cancel)
    cube = Cube.from_text(request.cube, request.size, request.metric)
    try:
        cube, algorithm, heuristic, advice = chosen_search(cube, meter, locally(request))
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
        **CUBE.fields(cube, result),  # size, metric, facelets and the solution as written
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
