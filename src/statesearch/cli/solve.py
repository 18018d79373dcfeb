"""``statesearch solve npuzzle|maze``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import InputError
from ..facade import solve
from ..maze import Maze
from ..npuzzle import NPuzzle, compact, format_board
from ..tilt import Tilt
from ..tilt.rules import COLLISIONS, STEPS
from . import options as o
from .progress import build_progress
from .render import emit

app = typer.Typer(
    help="Solve one problem and print the path and the counters.", no_args_is_help=True
)


@app.command("npuzzle")
def npuzzle(
    board: Annotated[
        str, typer.Argument(help='"7 2 4 5 0 6 8 3 1", 724506831 or "7 2 4/5 _ 6/8 3 1"')
    ],
    goal: Annotated[
        str | None, typer.Option(help="blank-last (default), blank-first, or a board.")
    ] = None,
    rows: Annotated[
        int | None, typer.Option(min=2, help="Rows, when the text does not show them.")
    ] = None,
    cols: Annotated[
        int | None, typer.Option(min=2, help="Columns, when the text does not show them.")
    ] = None,
    algorithm: o.Algorithm = "astar",
    heuristic: o.HeuristicName = None,
    weight: o.Weight = 1.0,
    tie_break: o.TieBreak = "classic",
    precheck: Annotated[
        bool, typer.Option(help="Prove unsolvability by parity before searching.")
    ] = True,
    partition: Annotated[
        str | None, typer.Option(help="Pattern database partition for -H pdb.")
    ] = None,
    engine: o.Engine = "auto",
    max_expanded: o.MaxExpanded = None,
    max_pushed: o.MaxPushed = None,
    time_limit: o.TimeLimit = None,
    max_states: o.MaxStates = None,
    max_depth: o.MaxDepth = None,
    as_json: o.Json = False,
) -> None:
    """Solve a sliding-tile puzzle (any rows x cols, any goal)."""
    puzzle = NPuzzle.from_text(board, goal, rows, cols, partition)
    if (heuristic or "").lower() == "pdb" and puzzle.solvable:
        from ..npuzzle.pdb_lookup import PatternDatabase

        with build_progress() as (log, progress):
            tables = PatternDatabase(
                puzzle.rows, puzzle.cols, puzzle.goal, partition, progress, log
            )
        puzzle = puzzle.with_pattern_database(tables)
    result = solve(
        puzzle,
        algorithm,
        heuristic or "manhattan",
        weight=weight,
        tie_break=tie_break,
        precheck=precheck,
        engine=engine,
        limits=o.make_limits(max_expanded, max_pushed, time_limit, max_states, max_depth),
    )
    start, goal_board = (
        format_board(puzzle.initial, puzzle.cols),
        format_board(puzzle.goal, puzzle.cols),
    )
    picture = f"start:\n{start}\ngoal:\n{goal_board}"
    extra = {
        "start": compact(puzzle.initial),
        "goal": compact(puzzle.goal),
        "rows": puzzle.rows,
        "cols": puzzle.cols,
    }
    emit(result, as_json, extra, picture)


@app.command("maze")
def maze(
    file: Annotated[
        Path, typer.Argument(help="A text maze: S G # . and terrain digits 1-9; - reads stdin.")
    ],
    algorithm: o.Algorithm = "astar",
    heuristic: o.HeuristicName = None,
    weight: o.Weight = 1.0,
    tie_break: o.TieBreak = "classic",
    max_expanded: o.MaxExpanded = None,
    max_pushed: o.MaxPushed = None,
    time_limit: o.TimeLimit = None,
    max_states: o.MaxStates = None,
    max_depth: o.MaxDepth = None,
    as_json: o.Json = False,
) -> None:
    """Find a path through a grid maze with terrain costs."""
    grid = Maze.parse(read_text(file))
    result = solve(
        grid,
        algorithm,
        heuristic or "manhattan",
        weight=weight,
        tie_break=tie_break,
        limits=o.make_limits(max_expanded, max_pushed, time_limit, max_states, max_depth),
    )
    extra = {
        "start": list(grid.initial),
        "goal": list(grid.goal),
        "path": [list(c) for c in result.path],
    }
    emit(result, as_json, extra, grid.show(result.path))


def read_text(file: Path) -> str:
    """A file's text, or standard input for ``-``; a missing or unreadable file is bad input."""
    if str(file) == "-":
        import sys

        return sys.stdin.read()
    try:
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(
            "cannot read {file}: {why}", file=file, why=getattr(err, "strerror", None) or err
        ) from None


Step = Annotated[
    str, typer.Option(help=f"{' or '.join(STEPS)}: one cell per move, or slide to a stop.")
]
Collide = Annotated[
    str, typer.Option(help=f"{' or '.join(COLLISIONS)}: blocks stop blocks, or merge.")
]


def load(file: Path, step: str, collide: str) -> Tilt:
    return Tilt.from_text(read_text(file), step, collide)


@app.command("tilt")
def solve_tilt(
    file: Annotated[Path, typer.Argument(help="A tilt board: . # o x @ (- reads stdin).")],
    algorithm: o.Algorithm = "astar",
    heuristic: o.HeuristicName = None,
    step: Step = "single",
    collide: Collide = "block",
    engine: o.Engine = "auto",
    show: Annotated[bool, typer.Option(help="Print the board after each move.")] = False,
    max_expanded: o.MaxExpanded = None,
    max_pushed: o.MaxPushed = None,
    time_limit: o.TimeLimit = None,
    max_states: o.MaxStates = None,
    max_depth: o.MaxDepth = None,
    as_json: o.Json = False,
) -> None:
    """Solve a tilt puzzle optimally (every block moves at once)."""
    puzzle = load(file, step, collide)
    result = solve(
        puzzle,
        algorithm,
        heuristic,
        engine=engine,
        limits=o.make_limits(max_expanded, max_pushed, time_limit, max_states, max_depth),
    )
    picture = puzzle.show(puzzle.initial)
    if show and result.solved:
        frames = [
            f"{i + 1}. {a}\n{puzzle.show(s)}"
            for i, (a, s) in enumerate(zip(result.actions, result.path[1:], strict=True))
        ]
        picture += "\n\n" + "\n\n".join(frames)
    extra = {
        "step": step,
        "collide": collide,
        "height": puzzle.board.height,
        "width": puzzle.board.width,
    }
    emit(result, as_json, extra, picture)
