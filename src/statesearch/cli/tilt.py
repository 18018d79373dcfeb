"""``statesearch solve tilt`` and ``statesearch tilt generate|play``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from ..facade import solve
from ..tilt import Tilt
from ..tilt.rules import COLLISIONS, STEPS
from . import options as o
from .render import console, emit

app = typer.Typer(help="Tilt puzzles: generate and play.", no_args_is_help=True)

Step = Annotated[
    str, typer.Option(help=f"{' or '.join(STEPS)}: one cell per move, or slide to a stop.")
]
Collide = Annotated[
    str, typer.Option(help=f"{' or '.join(COLLISIONS)}: blocks stop blocks, or merge.")
]


def load(file: Path, step: str, collide: str) -> Tilt:
    from .solve import read_text

    return Tilt.from_text(read_text(file), step, collide)


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


@app.command("generate")
def generate_cmd(
    seed: Annotated[
        int, typer.Option(help="Random seed: the same seed gives the same puzzle.")
    ] = 1,
    size: Annotated[str, typer.Option(help="HxW, at most 64 cells.")] = "8x8",
    blocks: Annotated[int, typer.Option(min=1, help="Number of blocks.")] = 3,
    min_length: Annotated[int, typer.Option(min=1, help="Smallest optimal length to accept.")] = 12,
    max_length: Annotated[
        int | None, typer.Option(min=1, help="Largest optimal length to accept.")
    ] = None,
    count: Annotated[
        int, typer.Option(min=1, help="Puzzles to write (seeds seed, seed+1, ...).")
    ] = 1,
    out: Annotated[
        Path | None, typer.Option(help="Directory for tilt-SEED.txt files (default stdout).")
    ] = None,
) -> None:
    """Write solvable puzzles whose optimal length is at least --min-length."""
    from ..errors import InputError
    from ..tilt.generate import generate

    height, _, width = size.lower().partition("x")
    if not (height.isdigit() and width.isdigit()):
        raise InputError("cannot read size {size!r}: use HxW like 8x8", size=size)
    for s in range(seed, seed + count):
        made = generate(s, int(height), int(width), blocks, min_length, max_length=max_length)
        if out is None:
            sys.stdout.write(made.text() + ("\n" if count > 1 else ""))
        else:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"tilt-{s}.txt").write_text(made.text())
            console.print(f"tilt-{s}.txt: optimal {made.optimal} moves")


@app.command("play")
def play_cmd(
    file: Annotated[Path, typer.Argument(help="A tilt board file.")],
    step: Step = "single",
    collide: Collide = "block",
) -> None:
    """Play in the terminal: arrows/WASD, u undo, r restart, h hint, q quit."""
    from .tilt_play import play

    game = play(load(file, step, collide), lambda text: console.print(text, highlight=False))
    raise typer.Exit(0 if game.won else 1)
