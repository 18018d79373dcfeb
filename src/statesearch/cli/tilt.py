"""``statesearch solve tilt`` and ``statesearch tilt generate|play``."""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.live import Live
from rich.text import Text

from .. import clock
from ..core.limits import LimitHit, Limits
from ..core.result import Status
from ..errors import InputError
from ..tilt.board import counted
from ..tilt.generate import MAX_STATES, TIME_LIMIT, AttemptsUsedUp, Generated
from .options import time_limit_option
from .progress import PLAIN_EVERY, stderr, watching
from .render import EXIT_CODES, console, stopped_early
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
    min_states: Annotated[
        int | None,
        typer.Option(
            min=1, metavar="N", help="Hard puzzles: at least N reachable boards (counted whole)."
        ),
    ] = None,
    max_states: Annotated[
        int,
        typer.Option(min=1, metavar="N", help="Boards counted per attempt at most (~24 B each)."),
    ] = MAX_STATES,
    step: Step = "single",
    collide: Collide = "block",
    time_limit: Annotated[
        float | None,
        time_limit_option("Give up after S seconds, above 0 (all the puzzles); none: no bound."),
    ] = TIME_LIMIT,
    count: Annotated[
        int, typer.Option(min=1, help="Puzzles to write (seeds seed, seed+1, ...).")
    ] = 1,
    out: Annotated[
        Path | None, typer.Option(help="Directory for tilt-SEED.txt files (default stdout).")
    ] = None,
) -> None:
    """Write solvable puzzles whose optimal length is at least --min-length.

    Under the rules --step and --collide; each header is the command that makes it again.

    Ctrl-C, --time-limit or 60 random boards without such a puzzle stop it (exit 4).

    A request no board can meet is bad input (exit 2)."""
    from ..tilt.generate import generate

    height, _, width = size.lower().partition("x")
    if not (height.isdigit() and width.isdigit()):
        raise InputError("cannot read size {size!r}: use HxW like 8x8", size=size)
    if out is not None and out.exists() and not out.is_dir():
        raise InputError("--out {path} is a file; give a directory", path=out)
    if out is not None and not out.parent.is_dir():  # a typo would scatter new directories
        raise InputError("cannot write {file}: no such directory", file=out.parent)
    began = clock.COMMAND_STARTED or time.perf_counter()  # setup counts too
    made_so_far = 0
    try:
        with watching() as watch, generating() as report:
            for s in range(seed, seed + count):
                made = generate(
                    s, int(height), int(width), blocks, min_length, max_length,
                    step=step, collide=collide, min_states=min_states, max_states=max_states,
                    # none: no bound (generate would put its default in for a missing one)
                    limits=Limits(time_limit=math.inf if time_limit is None else time_limit),
                    cancel=watch.cancel, report=report,
                    started=began,
                )  # fmt: skip
                write(made, out, count)
                made_so_far += 1
    except LimitHit as hit:
        stopped_early(hit, f"{made_so_far} of {counted(count, 'puzzle')} made")
    except AttemptsUsedUp as used_up:
        console.print(
            f"[yellow]limit reached (attempts): {used_up}; "
            f"{made_so_far} of {counted(count, 'puzzle')} made[/]"
        )
        raise typer.Exit(EXIT_CODES[Status.LIMIT_REACHED]) from None


def write(made: Generated, out: Path | None, count: int) -> None:
    """One puzzle to stdout, or to ``out/tilt-SEED.txt`` (never over an existing file)."""
    if out is None:
        sys.stdout.write(made.text() + ("\n" if count > 1 else ""))
        return
    name = out / f"tilt-{made.seed}.txt"
    try:
        out.mkdir(exist_ok=True)  # the directory itself, not a path of missing ones
    except OSError as err:
        raise InputError("cannot write {file}: {why}", file=out, why=err.strerror) from None
    try:
        with name.open("x") as file:
            file.write(made.text())
    except FileExistsError:
        raise InputError("{path} exists already; remove it or choose --out", path=name) from None
    except OSError as err:
        raise InputError("cannot write {file}: {why}", file=name, why=err.strerror) from None
    console.print(f"{name.name}: optimal {counted(made.optimal, 'move')}")


@contextmanager
def generating() -> Iterator[Callable[[int, int], None]]:
    """A progress line on stderr while the generator counts boards (redrawn in a terminal)."""
    live = Live(console=stderr, transient=True, auto_refresh=False) if stderr.is_terminal else None
    last = [time.monotonic()]  # the first line after PLAIN_EVERY: short runs print none

    def report(attempt: int, boards: int) -> None:
        line = f"generating: attempt {attempt}, {boards:,} boards counted"
        if live is not None:
            live.update(Text(f"{line}  (Ctrl-C stops)"), refresh=True)
        elif time.monotonic() - last[0] >= PLAIN_EVERY:
            last[0] = time.monotonic()
            print(line, file=stderr.file, flush=True)

    if live is not None:
        live.start()
    try:
        yield report
    finally:
        if live is not None:
            live.stop()


@app.command("play")
def play_cmd(
    file: Annotated[Path, typer.Argument(help="A tilt board file.")],
    step: Step = "single",
    collide: Collide = "block",
) -> None:
    """Play in the terminal: arrows/WASD, u undo, r restart, h hint, q quit.

    Keys can be piped in too, arrows included (printf '\\033[A' is up).

    Exit 0 when the game ends, solved or not (q, or no more piped keys): see its last line."""
    from .tilt_play import play

    play(load(file, step, collide), console)
