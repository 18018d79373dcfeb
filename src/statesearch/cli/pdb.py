"""``statesearch pdb build|list|verify``: the pattern-database cache."""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.table import Table

from ..errors import InputError
from ..npuzzle import parse_goal
from .progress import build_progress
from .render import console

app = typer.Typer(help="Build, list and verify the cached pattern databases.", no_args_is_help=True)

SIZES = {"8": (3, 3), "15": (4, 4), "24": (5, 5)}


def board_shape(size: str) -> tuple[int, int]:
    """``8``, ``15``, ``24`` or ``RxC``."""
    if size in SIZES:
        return SIZES[size]
    rows, _, cols = size.lower().partition("x")
    if not (rows.isdigit() and cols.isdigit()) or int(rows) < 2 or int(cols) < 2:
        raise InputError(
            "cannot read board size {size!r}: use 8, 15, 24 or RxC like 2x4", size=size
        )
    return int(rows), int(cols)


@app.command("build")
def build(
    size: Annotated[str, typer.Argument(help="8, 15, 24 or RxC.")],
    partition: Annotated[
        str | None, typer.Option(help="6-6-3, 5-5-5, 7-8, 6-6-6-6, sizes or groups.")
    ] = None,
    goal: Annotated[
        str, typer.Option(help="blank-first (Korf), blank-last, or a board.")
    ] = "blank-first",
) -> None:
    """Build (or check) every table of a partition, with a progress bar."""
    from ..cache import cache_dir
    from ..npuzzle.pdb_lookup import PatternDatabase

    rows, cols = board_shape(size)
    goal_tiles = parse_goal(goal, rows, cols)
    started = time.perf_counter()
    with build_progress() as (log, progress):
        pdb = PatternDatabase(
            rows, cols, goal_tiles, partition, progress=progress, log=log, allow_large=True
        )
    seconds = time.perf_counter() - started
    console.print(
        f"{pdb.description} for {rows}x{cols}: {len(pdb.groups)} tables ready in "
        f"{seconds:.1f} s ({cache_dir()})"
    )


@app.command("list")
def list_tables() -> None:
    """Show the tables in the cache."""
    from ..cache import cache_dir
    from ..npuzzle.pdb import stored

    table = Table("file", "board", "group", "entries", "MB", "max")
    for meta in stored():
        group = meta.get("group") or []
        entries = int(meta.get("entries", 0))  # type: ignore[call-overload]
        table.add_row(
            str(meta["file"]),
            f"{meta.get('rows')}x{meta.get('cols')}",
            "-".join(map(str, group)),  # type: ignore[call-overload]
            f"{entries:,}",
            f"{entries / 1e6:.1f}",
            str(meta.get("max_value", "?")),
        )
    console.print(f"cache: {cache_dir()}")
    console.print(table)


@app.command("verify")
def verify() -> None:
    """Check every cached table's metadata and checksum; exit 1 if any is unsound."""
    from ..cache import cache_dir
    from ..npuzzle.pdb import check, key_from_metadata, stored

    bad = 0
    seen = 0
    for meta in stored():
        seen += 1
        key = key_from_metadata(meta)
        problem = "unreadable metadata" if key is None else check(key, cache_dir())
        if problem:
            bad += 1
        console.print(f"{meta['file']}: {problem or 'ok'}")
    console.print(f"{seen} tables, {bad} unsound")
    if bad:
        raise typer.Exit(1)
