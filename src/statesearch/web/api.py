"""The JSON API: validated requests in, ``SearchResult.to_dict()`` (plus what a page draws) out.

Server-side caps hold whatever a client asks: boards, node budgets and time. Searches run in
worker threads, at most ``MAX_CONCURRENT`` at once (a further request gets 503 instead of
queueing behind them), and a search whose client disconnects is cancelled. An ``InputError``
raised anywhere below becomes a 422 in the client's language (see app.py).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from ..facade import solve
from ..limits import Limits
from ..maze import LESSON_MAZE, Maze
from ..npuzzle import NPuzzle, inversions, is_solvable, parity_proof
from ..tilt import Tilt
from .trace import Traced

MAX_NODES = 2_000_000
MAX_SECONDS = 20.0
MAX_CONCURRENT = 2
MAX_TRACE = 20_000

router = APIRouter(prefix="/api")
_slots = threading.BoundedSemaphore(MAX_CONCURRENT)


class ServerBusy(Exception):
    """Every search slot is taken; answered with 503."""


@contextmanager
def search_slot() -> Iterator[None]:
    if not _slots.acquire(blocking=False):
        raise ServerBusy
    try:
        yield
    finally:
        _slots.release()


T = TypeVar("T")


async def run_search(request: Request, work: Callable[[threading.Event], T]) -> T:
    """Run ``work(cancel)`` in a worker thread; set ``cancel`` if the client goes away."""
    cancel = threading.Event()
    with search_slot():
        task = asyncio.ensure_future(asyncio.to_thread(work, cancel))
        while not task.done():
            await asyncio.wait({task}, timeout=0.1)
            if not task.done() and await request.is_disconnected():
                cancel.set()
        return task.result()


class RequestLimits(BaseModel):
    max_expanded: Annotated[int, Field(ge=1, le=MAX_NODES)] = 200_000
    time_limit: Annotated[float, Field(gt=0, le=MAX_SECONDS)] = 10.0

    def limits(self) -> Limits:
        return Limits(max_expanded=self.max_expanded, time_limit=self.time_limit)


class Board(BaseModel):
    tiles: Annotated[list[int], Field(min_length=4, max_length=25)]
    rows: Annotated[int, Field(ge=2, le=5)]
    cols: Annotated[int, Field(ge=2, le=5)]
    goal: list[int] | None = None

    def puzzle(self) -> NPuzzle:
        return NPuzzle(
            tuple(self.tiles), self.rows, self.cols, tuple(self.goal) if self.goal else None
        )


class SolveBoard(Board, RequestLimits):
    algorithm: str = "astar"
    heuristic: str = "manhattan"
    weight: Annotated[float, Field(ge=0, le=10)] = 1.0
    precheck: bool = True


@router.post("/npuzzle/analyze")
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
    }


@router.post("/npuzzle/solve")
async def solve_npuzzle(request: SolveBoard, http: Request) -> dict[str, Any]:
    puzzle = request.puzzle()
    result = await run_search(
        http,
        lambda cancel: solve(
            puzzle,
            request.algorithm,
            request.heuristic,
            weight=request.weight,
            precheck=request.precheck,
            limits=request.limits(),
            cancel=cancel,
        ),
    )
    return {**result.to_dict(), "path": [list(s) for s in result.path]}


class SolveMaze(RequestLimits):
    grid: Annotated[list[Annotated[str, Field(max_length=60)]], Field(min_length=1, max_length=60)]
    algorithm: str = "astar"
    heuristic: str = "manhattan"
    weight: Annotated[float, Field(ge=0, le=10)] = 1.0


@router.post("/maze/solve")
async def solve_maze(request: SolveMaze, http: Request) -> dict[str, Any]:
    """Also returns the cells in the order they were expanded, for the animation."""
    traced = Traced(Maze.parse("\n".join(request.grid)), MAX_TRACE)
    result = await run_search(
        http,
        lambda cancel: solve(
            traced,
            request.algorithm,
            request.heuristic,
            weight=request.weight,
            limits=request.limits(),
            engine="python",
            cancel=cancel,
        ),
    )
    return {
        **result.to_dict(),
        "path": [list(c) for c in result.path],
        "expanded_order": [list(c) for c in traced.expanded],
        "children": [[list(c) for c in kids] for kids in traced.children],
    }


class SolveTilt(RequestLimits):
    board: Annotated[str, Field(max_length=2000)]
    algorithm: str = "astar"
    heuristic: str = "best"
    step: str = "single"
    collide: str = "block"


@router.post("/tilt/solve")
async def solve_tilt(request: SolveTilt, http: Request) -> dict[str, Any]:
    puzzle = Tilt.from_text(request.board, request.step, request.collide)
    heuristic = None if request.algorithm == "bfs" else request.heuristic
    result = await run_search(
        http,
        lambda cancel: solve(
            puzzle, request.algorithm, heuristic, limits=request.limits(), cancel=cancel
        ),
    )
    return {**result.to_dict(), "boards": [puzzle.show(s) for s in result.path]}


@router.get("/maze/lesson")
def lesson_maze() -> dict[str, list[str]]:
    return {"grid": LESSON_MAZE.splitlines()}


class TiltMove(BaseModel):
    board: Annotated[str, Field(max_length=2000)]
    direction: Annotated[str, Field(pattern="^[UDLR]$")]
    step: str = "single"
    collide: str = "block"


@router.post("/tilt/move")
def tilt_move(request: TiltMove) -> dict[str, Any]:
    """One move of every block, by the same rules the solvers use."""
    puzzle = Tilt.from_text(request.board, request.step, request.collide)
    after = puzzle.apply(puzzle.initial, request.direction)
    return {
        "board": puzzle.show(after),
        "moved": after != puzzle.initial,
        "solved": puzzle.is_goal(after),
    }


class TiltGenerate(BaseModel):
    seed: Annotated[int, Field(ge=0, le=10**9)] = 1
    blocks: Annotated[int, Field(ge=1, le=8)] = 3
    min_length: Annotated[int, Field(ge=1, le=25)] = 12


@router.post("/tilt/generate")
def tilt_generate(request: TiltGenerate) -> dict[str, Any]:
    from ..tilt import format_tilt
    from ..tilt.generate import generate

    with search_slot():
        made = generate(request.seed, 8, 8, request.blocks, request.min_length)
    return {"board": format_tilt(made.board), "optimal": made.optimal}
