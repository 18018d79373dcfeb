"""``statesearch pdb build|list|verify``: the pattern-database cache."""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table

from ..errors import InputError
from ..npuzzle import parse_goal
from .cube import TimeLimit
from .options import MaxMemory
from .progress import building
from .render import console

app = typer.Typer(help="Build, list and verify the cached pattern databases.", no_args_is_help=True)

SIZES = {"8": (3, 3), "15": (4, 4), "24": (5, 5)}


def board_shape(size: str) -> tuple[int, int]:
    """``8``, ``15``, ``24`` or ``RxC``."""
    if size in SIZES:
        return SIZES[size]
    rows, _, cols = size.lower().partition("x")
    readable = all(part.isascii() and part.isdigit() and len(part) <= 3 for part in (rows, cols))
    if not readable or int(rows) < 2 or int(cols) < 2:
        raise InputError(
            "cannot read board size {size!r}: use 8, 15, 24 or RxC like 2x4", size=size
        )
    return int(rows), int(cols)


@app.command("build")
def build(
    size: Annotated[
        str, typer.Argument(help="8, 15, 24, RxC, or cube (the 3x3x3's, as cube tables).")
    ],
    partition: Annotated[
        str | None,
        typer.Option(
            metavar="SPEC",
            help="6-6-3, 5-5-5 or 7-8 (15), 6-6-6-6 (24), sizes that add up to the tiles "
            "(4-4 for 8) or groups holding each tile once (1,2,5,6/3,4,7,8 for 8).",
        ),
    ] = None,
    goal: Annotated[
        str | None,
        typer.Option(
            metavar="BOARD",
            help="blank-last (the default of solve), blank-first (Korf's, for bench), or a "
            "board. [default: blank-last]",
        ),
    ] = None,
    time_limit: TimeLimit = None,
    max_memory: MaxMemory = "auto",
) -> None:
    """Build (or check) every table of a partition, with a progress bar.

    Bounded by --time-limit, --max-memory and Ctrl-C; the tables
    finished before a bound stay cached."""
    if size.strip().lower() == "cube":
        from .cube import build_tables

        if partition is not None or goal is not None:
            raise InputError(
                "--partition and --goal choose sliding-tile tables; the cube's are all built "
                "at once (statesearch cube tables also takes --metric and --tables)"
            )
        build_tables(time_limit=time_limit, max_memory=max_memory)
        return
    from ..cache import cache_dir
    from ..npuzzle.pdb import tables_built
    from ..npuzzle.pdb_lookup import PatternDatabase

    rows, cols = board_shape(size)
    goal_tiles = parse_goal(goal or "blank-last", rows, cols)
    started = time.perf_counter()
    with building(time_limit, max_memory, "the tables finished before it are cached") as (
        meter,
        log,
        progress,
    ):
        pdb = PatternDatabase(
            rows, cols, goal_tiles, partition, progress=progress, log=log, allow_large=True,
            check_limits=meter.check,
        )  # fmt: skip
    seconds = time.perf_counter() - started
    count = len(pdb.groups)
    if not tables_built(rows, cols, goal_tiles, pdb.partition):
        raise InputError(
            "the tables were built but could not be kept in the cache {folder} (the line above "
            "says why): a search would build them again",
            folder=cache_dir(),
        )
    console.print(
        f"{pdb.description} for {rows}x{cols}, goal {goal_name(goal_tiles)}: {count} "
        f"{'table' if count == 1 else 'tables'} ready in {seconds:.1f} s ({cache_dir()})"
    )


def goal_name(goal: object) -> str:
    """``blank-last``, ``blank-first`` or the board itself."""
    tiles = tuple(goal) if isinstance(goal, list | tuple) else ()
    if not tiles:  # metadata that could not be read
        return "?"
    n = len(tiles)
    if tiles == (*range(1, n), 0):
        return "blank-last"
    if tiles == tuple(range(n)):
        return "blank-first"
    return " ".join(map(str, tiles)) or "?"


@app.command("list")
def list_tables() -> None:
    """Show the tables in the cache."""
    from ..cache import cache_dir, check_readable, exists
    from ..cube.tables import cached as cube_tables
    from ..npuzzle.pdb import stored

    check_readable(cache_dir())
    tiles = listing("file", "board", "goal", "group", "entries", "max")  # a byte an entry
    for meta in stored():
        group = meta.get("group")
        entries = meta.get("entries")
        count = entries if isinstance(entries, int) else 0
        tiles.add_row(
            str(meta["file"]),
            f"{meta.get('rows', '?')}x{meta.get('cols', '?')}",
            goal_name(meta.get("goal")),
            "-".join(map(str, group)) if isinstance(group, list) else "?",
            f"{count:,}",
            str(meta.get("max_value", "?")),
        )
    cubes = listing("file: what it holds", "metric", "entries", "MB")
    for meta in cube_tables.stored_tables():
        path = cache_dir() / str(meta["file"])
        size = path.stat().st_size if exists(path) else 0
        cubes.add_row(
            f"{meta['file']}\n  {meta.get('table', '?')}",
            str(meta.get("metric", "?")),
            f"{entries:,}" if (entries := cube_entries(meta)) else "?",
            f"{size / 1e6:,.1f}",
        )
    console.print(f"cache: {cache_dir()}")
    for table, none in ((tiles, "no sliding-tile tables"), (cubes, "no cube tables")):
        console.print(table if table.row_count else none)


def listing(*names: str) -> Table:
    """A table of cached files that fits 80 columns (a pipe's width) without cutting a file
    name or a number short: light rules, numbers to the right, and a goal written out as a
    board (the one long field) folded over lines."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for name in names:
        right = name in ("entries", "MB", "max")
        goal = name == "goal"
        table.add_column(
            name,
            justify="right" if right else "left",
            no_wrap=not goal,
            overflow="fold" if goal else "ellipsis",
            min_width=10 if goal else None,
        )
    return table


def cube_entries(meta: dict[str, Any]) -> int:
    """A cube table's entries: as its metadata counts them (the coset table packs 32 to a
    word), else its length."""
    entries, shape = meta.get("entries"), meta.get("shape")
    if isinstance(entries, int):
        return entries
    return shape[0] if isinstance(shape, list) and shape and isinstance(shape[0], int) else 0


@app.command("verify")
def verify() -> None:
    """Check every cached table and compiled search: metadata and checksums.

    Exit 1 if anything is unsound (a search would rebuild it, never use it)."""
    from ..cache import cache_dir, check_readable, is_dir, read_checked
    from ..cube.tables import cached as cube_tables
    from ..npuzzle.pdb import verify_all

    check_readable(cache_dir())
    bad = 0
    seen = 0
    for name, problem in verify_all() + cube_tables.verify_all():
        seen += 1
        bad += problem is not None
        console.print(f"{name}: {problem or 'ok'}")
    for code in sorted(cache_dir().glob("*.o")) if is_dir(cache_dir()) else []:
        seen += 1
        sound = read_checked(code) is not None
        bad += not sound
        console.print(f"{code.name}: {'ok' if sound else 'checksum mismatch'}")
    console.print(f"{seen} {'file' if seen == 1 else 'files'}, {bad} unsound")
    if bad:
        raise typer.Exit(1)
