"""The JSON API: validated requests in, ``SearchResult.to_dict()`` (plus what a page draws) out.

Cheap answers (the live panel, one tilt move, the lesson maze) are computed here; searches and
the tilt generator run in worker processes (``workers``), bounded by the request's time limit
(at most ``schemas.MAX_SECONDS``, counted from the request's arrival, setup included) and
cancelled when the client hangs up. An ``InputError`` raised anywhere below becomes a 422 in
the client's language (see app.py).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel

from ..errors import InputError
from ..maze import LESSON_MAZE
from ..npuzzle import inversions, is_solvable, parity_proof
from ..result import SearchResult, Stats, Status
from ..tilt import Tilt
from .guard import arrival
from .jobs import tables_present
from .schemas import (
    MAX_SECONDS,
    MAX_STATES,
    REFUSALS,
    Board,
    RequestLimits,
    SolveBoard,
    SolveMaze,
    SolveTilt,
    TiltGenerate,
    TiltMove,
    TraceBoard,
    TraceMaze,
)
from .workers import POOL, Stopped

router = APIRouter(prefix="/api", responses=REFUSALS)
# What a trace answer holds when the server stopped its search before it gave one.
NO_TRACE: dict[str, Any] = {"events": [], "counts": {}, "truncated": False, "tie_break": "classic"}


async def in_worker(request: BaseModel, seconds: float, http: Request) -> dict[str, Any] | Stopped:
    deadline = arrival(http.scope) + seconds
    client = http.client.host if http.client else ""
    return await POOL.run(request, deadline, http.is_disconnected, client)


async def search(request: RequestLimits, http: Request, **empty: Any) -> dict[str, Any]:
    """The worker's result, or for a search that gave none (stopped by the server) the limit
    that stopped it, with ``empty`` for what a result would have drawn (a request that names
    no algorithm left the choice to the server: ``auto``)."""
    done = await in_worker(request, request.time_limit, http)
    if not isinstance(done, Stopped):
        return done
    stats = Stats(elapsed_s=done.seconds)
    result: SearchResult[Any] = SearchResult(
        Status.LIMIT_REACHED,
        getattr(request, "algorithm", "auto"),
        getattr(request, "heuristic", None),
        stats,
        limit=done.limit,
        reason=done.reason,
    )
    return {**result.to_dict(), **empty}


@router.get("/limits", tags=["server"])
def limits() -> dict[str, Any]:
    """The server's caps: the longest a request may run, and the states a search may keep."""
    return {"max_seconds": MAX_SECONDS, "max_states": MAX_STATES, "slots": POOL.slots}


@router.post("/npuzzle/analyze", tags=["sliding puzzle"])
def analyze(board: Board) -> dict[str, Any]:
    """The live panel: every heuristic's value, inversions and solvability."""
    puzzle = board.puzzle()
    tiles = puzzle.initial
    values = {name: h(tiles) for name, h in puzzle.heuristics.items() if name != "pdb"}
    return {
        **values,
        "inversions": inversions(tiles),
        "solvable": is_solvable(tiles, puzzle.goal, puzzle.cols),
        "proof": parity_proof(tiles, puzzle.goal, puzzle.cols),
        "pdb_ready": tables_present(puzzle),
        "goal": list(puzzle.goal),
    }


@router.post("/npuzzle/solve", tags=["sliding puzzle"])
async def solve_npuzzle(request: SolveBoard, http: Request) -> dict[str, Any]:
    """A search with the compiled kernels where the domain has them; ``path`` lists the boards."""
    return await search(request, http, path=[])


@router.post("/maze/solve", tags=["maze"])
async def solve_maze(request: SolveMaze, http: Request) -> dict[str, Any]:
    """Also returns the cells in the order they were expanded, for the animation."""
    return await search(request, http, path=[], expanded_order=[], children=[])


@router.post("/npuzzle/trace", tags=["sliding puzzle"])
async def trace_npuzzle(request: TraceBoard, http: Request) -> dict[str, Any]:
    """The search step by step, on the Python engine: its first ``max_events`` events (at most
    ``schemas.MAX_EVENTS``; ``truncated`` says whether there were more, ``counts`` counts them
    all), states as tile lists. ``h_offset`` adds a constant to the heuristic."""
    return await search(request, http, path=[], **NO_TRACE)


@router.post("/maze/trace", tags=["maze"])
async def trace_maze(request: TraceMaze, http: Request) -> dict[str, Any]:
    """As ``/npuzzle/trace``, cells as ``[row, col]``."""
    return await search(request, http, path=[], **NO_TRACE)


@router.post("/tilt/solve", tags=["tilt"])
async def solve_tilt(request: SolveTilt, http: Request) -> dict[str, Any]:
    """``boards`` lists the board after each move."""
    return await search(request, http, boards=[])


@router.post("/tilt/generate", tags=["tilt"])
async def tilt_generate(request: TiltGenerate, http: Request) -> dict[str, Any]:
    """An 8x8 puzzle whose optimal length is at least ``min_length``, the same for a seed."""
    done = await in_worker(request, request.time_limit, http)
    if isinstance(done, Stopped):
        raise InputError(
            "the generator found no puzzle within {seconds} s; "
            "lower the minimum length or the number of blocks",
            seconds=round(done.seconds, 1),
        )
    return done


@router.get("/maze/lesson", tags=["maze"])
def lesson_maze() -> dict[str, list[str]]:
    return {"grid": LESSON_MAZE.splitlines()}


@router.post("/tilt/move", tags=["tilt"])
def tilt_move(request: TiltMove) -> dict[str, Any]:
    """One move of every block, by the same rules the solvers use."""
    puzzle = Tilt.from_text(request.board, request.step, request.collide)
    after = puzzle.apply(puzzle.initial, request.direction)
    return {
        "board": puzzle.show(after),
        "moved": after != puzzle.initial,
        "solved": puzzle.is_goal(after),
    }
