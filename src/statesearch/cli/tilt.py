"""``statesearch solve tilt`` and ``statesearch tilt generate|play``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from .render import console
from .solve import Collide, Step, load

app = typer.Typer(help="Tilt puzzles: generate and play.", no_args_is_help=True)


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
