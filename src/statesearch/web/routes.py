"""The routes of the sliding-tile puzzle, the maze and tilt puzzles (each domain's table is
named in its record, ``statesearch.core.domain``; the cube's are ``cube_routes``). Cheap answers
(the live panel, one tilt move, the lesson maze) are computed here; searches are ``jobs``.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..maze import LESSON_MAZE
from ..maze.movingai import map_size, read_map
from ..npuzzle import inversions, is_solvable, parity_proof
from ..npuzzle.tables_for import tables_present
from ..tilt import Tilt
from . import jobs
from .jobs import Job
from .route import NO_TRACE, Route
from .schemas import (
    MAX_MAZE_SIDE,
    Board,
    MazeMap,
    Request,
    SolveBoard,
    SolveMaze,
    SolveTilt,
    TiltGenerate,
    TiltMove,
    TraceBoard,
    TraceMaze,
)


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


def lesson_maze(_: None = None) -> dict[str, list[str]]:
    """The lesson's maze, as rows of text."""
    return {"grid": LESSON_MAZE.splitlines()}


def moving_ai_map(request: MazeMap) -> dict[str, Any]:
    """A Moving AI map's rows (``.`` open, ``#`` wall), refused in one line past the page's caps
    before its rows are read; the page then takes the start and the goal by a click each."""
    height, width = map_size(request.text)
    if max(height, width) > MAX_MAZE_SIDE:
        raise InputError(
            "the map is {width}x{height} cells; the page takes maps up to {side}x{side}: "
            "run statesearch solve maze FILE.map --start X,Y --goal X,Y",
            width=width,
            height=height,
            side=MAX_MAZE_SIDE,
        )
    return {"grid": read_map(request.text)}


def tilt_move(request: TiltMove) -> dict[str, Any]:
    """One move of every block, by the same rules the solvers use."""
    puzzle = Tilt.from_text(request.board, request.step, request.collide)
    after = puzzle.apply(puzzle.initial, request.direction)
    return {
        "board": puzzle.show(after),
        "moved": after != puzzle.initial,
        "solved": puzzle.is_goal(after),
    }


def search_options(request: SolveBoard | SolveMaze | SolveTilt) -> str:
    words = f"-a {request.algorithm}"
    if request.heuristic:
        words += f" -H {request.heuristic}"
    weight = getattr(request, "weight", 1.0)  # a tilt search has none
    if weight != 1.0:
        words += f" -w {weight:g}"
    if getattr(request, "beam_width", None) is not None:
        words += f" --beam-width {request.beam_width}"  # type: ignore[union-attr]
    return words


def npuzzle_command(request: SolveBoard) -> str:
    tiles = " ".join(map(str, request.tiles))
    goal = f" --goal {shlex.quote(request.puzzle().goal_spelling())}" if request.goal else ""
    shape = f" --rows {request.rows} --cols {request.cols}"
    return f'statesearch solve npuzzle "{tiles}"{shape}{goal} {search_options(request)}'


def maze_command(request: SolveMaze) -> str:
    moves = f" --moves {request.moves}" if request.moves != 4 else ""
    corners = f" --corners {request.corners}" if request.moves == 8 else ""
    options = f"{moves}{corners} {search_options(request)}"
    return f"statesearch solve maze MAZE.txt{options}  (the grid saved as MAZE.txt)"


def tilt_command(request: SolveTilt) -> str:
    rules = f" --step {request.step} --collide {request.collide}"
    options = search_options(request)
    return f"statesearch solve tilt BOARD.txt{rules} {options}  (the board saved as BOARD.txt)"


def generate_command(request: TiltGenerate) -> str:
    return (
        f"statesearch tilt generate --seed {request.seed} --blocks {request.blocks} "
        f"--min-length {request.min_length}"
    )


PUZZLE, MAZE, TILT = "sliding puzzle", "maze", "tilt"
# A trace answer stopped before the search gave one: no path, no events.
STOPPED_TRACE = {"path": [], **NO_TRACE}


@dataclass(frozen=True)
class Searches:
    """One domain's search routes (run by ``jobs``): each in the domain's section (``tag``),
    with the command that runs the same search with the installed tool (``locally``)."""

    tag: str
    locally: Callable[[Any], str]

    def solve(
        self, request: type[Request], job: Job, *, empty: Mapping[str, Any], summary: str
    ) -> Route:
        """A search (``jobs`` picks the engine); ``empty``: what its answer holds in place of
        what a result would have drawn, when the server stopped it before it gave one."""
        return Route(
            self.tag,
            request,
            job,
            search=True,
            empty=empty,
            summary=summary,
            locally=self.locally,
        )

    def trace(self, request: type[Request], job: Job, states: str) -> Route:
        """The search step by step on the Python engine; ``states`` says how its answer writes
        a state."""
        return Route(
            self.tag,
            request,
            job,
            search=True,
            empty=STOPPED_TRACE,
            summary="The search step by step, on the Python engine: its first ``max_events`` "
            "events (``truncated`` says whether there were more, ``counts`` counts them all), "
            f"{states}. ``h_offset`` adds a constant to the heuristic.",
            locally=self.locally,
        )


puzzle_searches = Searches(PUZZLE, npuzzle_command)
maze_searches = Searches(MAZE, maze_command)
tilt_searches = Searches(TILT, tilt_command)
NPUZZLE_ROUTES: dict[str, Route] = {
    "npuzzle/analyze": Route(PUZZLE, Board, analyze),
    "npuzzle/solve": puzzle_searches.solve(
        SolveBoard,
        jobs.solve_npuzzle,
        empty={"path": []},
        summary="A search with the compiled kernels where the domain has them; ``path`` lists "
        "the boards.",
    ),
    "npuzzle/trace": puzzle_searches.trace(TraceBoard, jobs.trace_npuzzle, "states as tile lists"),
}
MAZE_ROUTES: dict[str, Route] = {
    "maze/lesson": Route(MAZE, None, lesson_maze),
    "maze/map": Route(
        MAZE,
        MazeMap,
        moving_ai_map,
        summary="A Moving AI ``.map`` file's text as the maze's rows (``.`` open, ``#`` wall), "
        "for maps up to the page's side; search it with ``moves`` 8, its start and goal marked "
        "``S`` and ``G``.",
    ),
    "maze/solve": maze_searches.solve(
        SolveMaze,
        jobs.solve_maze,
        empty={"path": [], "expanded_order": [], "children": []},
        summary="Also returns the cells in the order they were expanded, for the animation.",
    ),
    "maze/trace": maze_searches.trace(
        TraceMaze, jobs.trace_maze, "states as cells, ``[row, col]``"
    ),
}
TILT_ROUTES: dict[str, Route] = {
    "tilt/move": Route(TILT, TiltMove, tilt_move),
    "tilt/solve": tilt_searches.solve(
        SolveTilt,
        jobs.solve_tilt,
        empty={"boards": []},
        summary="``boards`` lists the board after each move.",
    ),
    "tilt/generate": Route(
        TILT,
        TiltGenerate,
        jobs.generate_tilt,
        search=True,
        locally=generate_command,
        compiled=True,
        gave_up=jobs.generator_gave_up,
        summary="An 8x8 puzzle whose optimal length is at least ``min_length``, the same for a "
        "seed.",
    ),
}
