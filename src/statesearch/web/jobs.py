"""The work behind each search endpoint, as run inside a search worker (``workers``).

Each job takes its validated request, the moment (``time.monotonic()``) its answer is due and
a cancel flag, and returns the JSON-ready answer. The clock is the request's: whatever parsing
and setup took is gone from the search's time limit. The compiled kernels are used wherever a
domain has one (``engine="auto"``), except for traced searches (the step-through and the maze's
animation), which the Python engine runs (``statesearch.core.trace``).

The ``pdb`` heuristic only reads tables already in the cache (``npuzzle.tables_for``: a caller
that is no ``Building``), and a missing one is refused with the command that builds it. The
cube's job, which reads Korf's tables by the same rule, is ``cube_jobs``.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any

from ..algorithms import reads_estimate
from ..core.limits import LimitHit, Limits
from ..core.problem import Heuristic
from ..core.result import SearchResult
from ..core.trace import Trace
from ..errors import InputError
from ..facade import resolve_heuristic, solve
from ..maze import Maze
from ..maze.domain import MAZE
from ..npuzzle import NPuzzle
from ..npuzzle.domain import NPUZZLE
from ..npuzzle.tables_for import with_tables
from ..tilt import Tilt, format_tilt
from ..tilt.domain import TILT
from . import cube_jobs
from .meters import answered, budget, seconds_left
from .route import every_route
from .schemas import (
    MAX_EVENTS,
    Request,
    SolveBoard,
    SolveMaze,
    SolveTilt,
    TiltGenerate,
    TraceBoard,
    TraceMaze,
)
from .trace_json import expansion_order, trace_json

WARM_UP_SECONDS = 30.0


def generator_gave_up(seconds: float) -> InputError:
    return InputError(
        "the generator found no puzzle within {seconds} s; "
        "lower the minimum length or the number of blocks",
        seconds=round(seconds, 1),
    )


Job = Callable[[Any, float, threading.Event], dict[str, Any]]


def with_offset(problem: Any, request: SolveBoard | SolveMaze) -> str | Heuristic | None:
    """The heuristic asked for, plus the request's ``h_offset`` if it has one: h + 3 overestimates
    everywhere (so it is not admissible), yet A* takes out the same states in the same order."""
    offset = getattr(request, "h_offset", 0)
    if not offset:
        return request.heuristic
    base = resolve_heuristic(problem, request.heuristic)
    return Heuristic(f"{base.name} + {offset}", lambda s: base.fn(s) + offset, admissible=False)


def board_search(
    request: SolveBoard, deadline: float, cancel: threading.Event, trace: Trace | None = None
) -> tuple[NPuzzle, SearchResult[Any]]:
    meter = budget(request, deadline, cancel)
    puzzle = request.puzzle()
    if reads_estimate(request.algorithm):  # the server reads tables, never builds them
        puzzle = with_tables(puzzle, request.heuristic, meter, None)
    # The schema's default heuristic is no choice of the client's: it is not named as unread.
    asked = "heuristic" in request.given or reads_estimate(request.algorithm)
    return puzzle, solve(
        puzzle,
        request.algorithm,
        with_offset(puzzle, request) if asked else None,
        weight=request.weight,
        beam_width=request.beam_width,
        precheck=request.precheck,
        meter=meter,
        trace=trace,
    )


def maze_search(
    request: SolveMaze, deadline: float, cancel: threading.Event, trace: Trace
) -> tuple[Maze, SearchResult[Any]]:
    meter = budget(request, deadline, cancel)
    maze = Maze.parse("\n".join(request.grid), request.moves, request.corners)
    return maze, solve(
        maze,
        request.algorithm,
        with_offset(maze, request),
        weight=request.weight,
        beam_width=request.beam_width,
        meter=meter,
        trace=trace,
    )


def solve_npuzzle(request: SolveBoard, deadline: float, cancel: threading.Event) -> dict[str, Any]:
    puzzle, result = board_search(request, deadline, cancel)
    fields = NPUZZLE.fields(puzzle, result)
    return answered(result, request, **fields, path=[list(s) for s in result.path])


def solve_maze(request: SolveMaze, deadline: float, cancel: threading.Event) -> dict[str, Any]:
    """Also returns the cells in the order they were expanded, for an animation."""
    trace = Trace(limit=MAX_EVENTS)
    maze, result = maze_search(request, deadline, cancel, trace)
    order, children = expansion_order(trace)
    return answered(
        result,
        request,
        **MAZE.fields(maze, result),
        expanded_order=order,
        children=children,
    )


def trace_npuzzle(request: TraceBoard, deadline: float, cancel: threading.Event) -> dict[str, Any]:
    """The search and its first ``max_events`` events, states as tile lists."""
    trace = Trace(limit=request.max_events)
    puzzle, result = board_search(request, deadline, cancel, trace)
    fields = NPUZZLE.fields(puzzle, result)
    path = [list(s) for s in result.path]
    return answered(result, request, **fields, path=path, **trace_json(trace))


def trace_maze(request: TraceMaze, deadline: float, cancel: threading.Event) -> dict[str, Any]:
    """The search and its first ``max_events`` events, cells as ``[row, col]``."""
    trace = Trace(limit=request.max_events)
    maze, result = maze_search(request, deadline, cancel, trace)
    return answered(result, request, **MAZE.fields(maze, result), **trace_json(trace))


def solve_tilt(request: SolveTilt, deadline: float, cancel: threading.Event) -> dict[str, Any]:
    meter = budget(request, deadline, cancel)
    puzzle = Tilt.from_text(request.board, request.step, request.collide)
    heuristic = None if request.algorithm == "bfs" else request.heuristic
    result = solve(puzzle, request.algorithm, heuristic, meter=meter)
    boards = [puzzle.show(s) for s in result.path]
    return answered(result, request, **TILT.fields(puzzle, result), boards=boards)


def generate_tilt(
    request: TiltGenerate, deadline: float, cancel: threading.Event
) -> dict[str, Any]:
    """An 8x8 puzzle, made within the request's time and stopped when its client hangs up."""
    from ..tilt.generate import generate

    try:
        made = generate(
            request.seed,
            8,
            8,
            request.blocks,
            request.min_length,
            limits=Limits(time_limit=seconds_left(deadline)),
            cancel=cancel,
        )
    except LimitHit:  # as the route says when the worker is stopped at the deadline
        raise generator_gave_up(request.time_limit) from None
    return {"board": format_tilt(made.board), "optimal": made.optimal}


def warm_up() -> None:
    """Load the compiled kernels the playground uses most from numba's cache (about 2 s), and
    the 15-puzzle's IDA* + Manhattan from the cache directory (compiled there once, about 5 s,
    the first time a machine runs it), so that the first searches do not pay for them. A
    failure here is the first search's to report. Then the cube's (``cube_jobs.warm_up``)."""
    limits = Limits(time_limit=WARM_UP_SECONDS)
    almost = NPuzzle((*range(1, 15), 0, 15), 4, 4)
    try:
        for heuristic in ("linear_conflict", "manhattan"):
            solve(almost, "idastar", heuristic, limits=limits)
        solve(Tilt.from_text("o.x"), "bfs", limits=limits)
    except Exception:
        pass
    try:
        cube_jobs.warm_up()
    except Exception:
        return


@functools.cache
def _jobs() -> dict[type[Request] | None, Job]:
    """Each search route's job by the type of request it reads."""
    return {route.request: route.answer for route in every_route().values() if route.search}


def run(request: Request, deadline: float, cancel: threading.Event) -> dict[str, Any]:
    """The job for this kind of request, among every domain's routes."""
    return _jobs()[type(request)](request, deadline, cancel)
