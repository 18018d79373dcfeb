"""``statesearch solve npuzzle|maze|tilt``: read a problem, search it, print the path and the
counters; and what every domain's ``solve`` command shares (``searching``, ``run``). The
``solve`` group lists each domain's command (``domains``)."""

from __future__ import annotations

import errno
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from .. import clock
from ..algorithms import reads_estimate
from ..core.advice import advice
from ..core.domain import Building
from ..core.limits import OUT_OF_MEMORY, LimitHit, LimitKind, Meter, metering
from ..core.problem import Problem, state_text
from ..core.result import Proof, SearchResult, Stats, Status
from ..core.trace import Trace
from ..errors import InputError
from ..facade import solve
from ..maze import Maze
from ..maze.domain import MAZE
from ..maze.movingai import read_maze
from ..npuzzle import NPuzzle, format_board
from ..npuzzle.domain import NPUZZLE
from ..npuzzle.tables_for import with_tables
from ..outputs import written_in_place
from ..text_files import MAX_PUZZLE_FILE, check_regular
from ..tilt import Tilt
from ..tilt.domain import TILT
from ..tilt.rules import COLLISIONS, STEPS
from .language import word
from .options import (
    TRACE_LINES,
    SearchOptions,
    default_time_hint,
    heuristic_option,
    search_options,
)
from .progress import SearchWatch, build_progress, watching
from .render import MAX_PICTURE, console, emit, stopped_early
from .trace_table import StepRecorder, trace_table


@contextmanager
def searching(search: SearchOptions, fields: dict[str, Any] | None = None) -> Iterator[Meter]:
    """The meter of one command, active (``metering``): its clock starts before the input is
    read, so parsing and tables count against ``--time-limit`` (and tables read or built
    against ``--max-memory``); it shows progress, and Ctrl-C cancels. A budget
    that runs out before the search begins is reported like any limit (exit 4; with
    ``--json``, as JSON with the problem's ``fields`` as far as they were filled in), and
    Ctrl-C then as an interruption (exit 130)."""
    with watching() as watch:
        meter = Meter(
            search.limits(), watch.cancel, watch, watch.every, started=clock.COMMAND_STARTED
        )
        try:
            with metering(meter):
                yield meter
        except (LimitHit, MemoryError) as stop:  # a table the machine could not give room for
            watch.stop()
            hit = stop if isinstance(stop, LimitHit) else LimitHit(LimitKind.MEMORY, OUT_OF_MEMORY)
            hit.detail = f"before the search began: {hit.detail}"
            if hit.kind is LimitKind.TIME and (more := default_time_hint(search.time_limit)):
                hit.detail += f" ({more})"
            shape: SearchResult[Any] = SearchResult(
                Status.LIMIT_REACHED, search.algorithm, None, Stats()
            )
            record = shape.to_dict() | (fields or {})
            stopped_early(hit, "this proves nothing", search.as_json, record)


def run(
    problem: Problem[Any],
    heuristic: str | None,
    search: SearchOptions,
    meter: Meter,
    precheck: bool = True,
    picture: Callable[[Any], str] | None = None,
    source: Path | None = None,
) -> SearchResult[Any]:
    """Solve with the shared options; with ``--trace``/``--trace-json``, record the steps and
    print the first ones as a table (before the result) or write them all as JSON lines (never
    over ``source``, the file the problem was read from). The table draws a state with
    ``picture``, by default the problem's ``show``, else as the JSON writes it."""
    text = state_text(problem)  # as --trace-json and --json write a state
    recorder = StepRecorder(search.trace or 0, text)
    try:
        result = traced_solve(problem, heuristic, search, meter, precheck, recorder, source)
    except OSError as err:
        if search.trace_json is None or err.errno not in WRITE_FAILURES:
            raise
        raise InputError(  # a full disk, say: the user's to fix
            "cannot write {file}: {why}", file=search.trace_json, why=err.strerror or err
        ) from None
    if result.limit is LimitKind.TIME and (more := default_time_hint(search.time_limit)):
        result.hint = f"{result.hint}; {more}" if result.hint else more
    if search.trace and search.as_json:
        result.add_note(
            f"not used: --trace {search.trace} (--json draws no table; --trace-json FILE "
            "writes the steps as JSON lines)"
        )
    elif search.trace and not recorder.steps:  # an empty table would say nothing
        why = (
            "the precheck proved it unsolvable before any search; --no-precheck searches anyway"
            if result.proof is Proof.PRECHECK
            else "the search took none"
        )
        console.print(f"[dim]the search, step by step: no steps ({why})[/]")
    elif search.trace:
        if picture is None:
            picture = advice(problem).show or text
        table = trace_table(recorder, picture, result.algorithm, result.weight, result.limit)
        console.print(table)
    return result


WRITE_FAILURES = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO)


def traced_solve(
    problem: Problem[Any],
    heuristic: str | None,
    search: SearchOptions,
    meter: Meter,
    precheck: bool,
    recorder: StepRecorder,
    source: Path | None,
) -> SearchResult[Any]:
    with ExitStack() as files:
        trace = None
        if search.traced:
            out = None
            if search.trace_json is not None:
                if source is not None and same_file(source, search.trace_json):
                    raise InputError(
                        "--trace-json {file} is the input; write the trace to another file",
                        file=search.trace_json,
                    )
                out = files.enter_context(written_in_place(search.trace_json))
            trace = Trace(limit=TRACE_LINES, on_event=recorder, write=out)
        watch = meter.progress if isinstance(meter.progress, SearchWatch) else None
        result = solve(
            problem,
            search.algorithm,
            heuristic,
            weight=search.weight,
            tie_break=search.tie_break,
            beam_width=search.beam_width,
            on_improvement=watch.improved if watch is not None else None,  # anytime's solutions
            precheck=precheck,
            engine=search.engine,
            meter=meter,
            trace=trace,
        )
    if trace is not None and trace.write is not None:
        result.add_note(
            f"{search.trace_json} holds the first {TRACE_LINES:,} of {trace.total:,} events"
            if trace.truncated
            else f"{search.trace_json} holds the {trace.total:,} events, one JSON line each"
        )
    return result


def same_file(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)
    except OSError:  # one of them is not there (or is stdin's "-")
        return False


def not_an_input(outputs: dict[str, Path | None], *inputs: Path) -> None:
    """Refuse an output (by its option) that is one of the command's input files: writing it
    would destroy what is being read."""
    for option, output in outputs.items():
        if output is not None and any(same_file(output, source) for source in inputs):
            raise InputError(
                "{option} {file} is the input; write to another file", option=option, file=output
            )


@search_options
def npuzzle(
    board: Annotated[
        str, typer.Argument(help='"7 2 4 5 0 6 8 3 1", 724506831 or "7 2 4/5 _ 6/8 3 1"')
    ],
    goal: Annotated[
        str | None,
        typer.Option(
            metavar="BOARD", help="blank-last (default: 1 2 ... 0), blank-first, or a board."
        ),
    ] = None,
    rows: Annotated[
        int | None, typer.Option(min=2, metavar="N", help="Rows, when the text does not show them.")
    ] = None,
    cols: Annotated[
        int | None,
        typer.Option(min=2, metavar="N", help="Columns, when the text does not show them."),
    ] = None,
    heuristic: Annotated[
        str | None,
        heuristic_option(
            "manhattan (default for A*), misplaced (h1), rowcol (h3), linear_conflict, pdb "
            "(additive pattern database), zero"
        ),
    ] = None,
    precheck: Annotated[
        bool, typer.Option(help="Prove unsolvability by parity before searching.")
    ] = True,
    partition: Annotated[
        str | None,
        typer.Option(metavar="SPEC", help="Pattern-database partition for -H pdb (e.g. 6-6-3)."),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
            help="IDA* split into subtrees over N local worker processes (one hard search).",
        ),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(metavar="ADDRESS", help="... or over the Dask cluster at tcp://HOST:PORT."),
    ] = None,
    *,
    search: SearchOptions,
) -> None:
    """Solve a sliding-tile puzzle (any rows x cols, any goal)."""
    with searching(search) as meter:
        puzzle = NPuzzle.from_text(board, goal, rows, cols, partition)
        if reads_estimate(search.algorithm):
            with build_progress() as (log, progress):
                puzzle = with_tables(puzzle, heuristic, meter, Building(progress, log))
        if workers is not None or scheduler is not None:
            result = split(puzzle, heuristic, search, meter, workers, scheduler)
        else:
            result = run(puzzle, heuristic, search, meter, precheck)
    if partition is not None and result.heuristic != "pdb":
        result.add_note(f"not used: the partition {partition} (only -H pdb reads one)")
    picture = (
        f"{word('start')}:\n{format_board(puzzle.initial, puzzle.cols)}\n"
        f"{word('goal')}:\n{format_board(puzzle.goal, puzzle.cols)}"
    )
    fields = NPUZZLE.fields(puzzle, result)
    emit(result, search.as_json, fields, picture, all_moves=search.all_moves, interrupted=True)


def split(
    puzzle: NPuzzle,
    heuristic: str | None,
    search: SearchOptions,
    meter: Meter,
    workers: int | None,
    scheduler: str | None,
) -> SearchResult[Any]:
    """One IDA* split across workers (``statesearch.batch.split``): the same answer and, for
    every completed iteration, the same counts as the serial search."""
    if search.algorithm not in ("auto", "idastar"):
        raise InputError("--workers and --scheduler split IDA*: use -a idastar")
    if search.traced:
        raise InputError("a split search is not traced; leave out --workers and --scheduler")
    from ..batch import split_solve

    reason = puzzle.unsolvable_reason()
    if reason:
        return solve(puzzle, "idastar", heuristic, meter=meter)  # the proof, as usual
    chosen = heuristic or puzzle.choose_algorithm(None)[1]
    return split_solve(puzzle, chosen, workers=workers, scheduler=scheduler, meter=meter)


@search_options
def maze(
    file: Annotated[
        Path,
        typer.Argument(
            help="A text maze (S G # . and terrain digits 1-9) or a Moving AI .map (told by its "
            "header); - reads stdin."
        ),
    ],
    heuristic: Annotated[
        str | None,
        heuristic_option(
            "manhattan (default for 4 moves), octile (default for 8), euclidean, chebyshev, zero"
        ),
    ] = None,
    moves: Annotated[
        int | None,
        typer.Option(
            metavar="4|8",
            help="4 (the default for a text maze) or 8 (diagonals too, √2 times the cost of "
            "the cell entered; the default for a Moving AI map).",
        ),
    ] = None,
    corners: Annotated[
        str,
        typer.Option(
            metavar="RULE",
            help="avoid (a diagonal needs both cells beside it open, Moving AI's rule) or cut "
            "(one of them).",
        ),
    ] = "avoid",
    start: Annotated[
        str | None,
        typer.Option(metavar="X,Y", help="The start cell: column, row from 0 (a .map has none)."),
    ] = None,
    goal: Annotated[
        str | None, typer.Option(metavar="X,Y", help="The goal cell, as --start.")
    ] = None,
    *,
    search: SearchOptions,
) -> None:
    """Find a path through a grid maze with terrain costs, or on a Moving AI map."""
    with searching(search) as meter:
        grid = read_maze(read_text(file), moves, corners, start, goal)
        # A maze's ``show`` draws a path on the whole maze; a step's cell is its coordinates.
        result = run(grid, heuristic, search, meter, picture=str, source=file)
    if corners == "cut" and grid.moves == 4:
        result.add_note("not used: --corners cut (4 moves take no diagonal; add --moves 8)")
    emit(
        result,
        search.as_json,
        MAZE.fields(grid, result),
        maze_picture(grid, result.path),
        all_moves=search.all_moves,
        interrupted=True,
    )


def maze_picture(grid: Maze, path: list[tuple[int, int]]) -> Text | str:
    """In a terminal the path is coloured over the terrain, whose digits stay readable; in plain
    text it is drawn as ``*`` on open ground (``Maze.show``)."""
    if grid.height * grid.width > MAX_PICTURE:
        return f"(a {grid.height}x{grid.width} maze: too big to draw here; --json lists the path)"
    if not console.is_terminal or not console.color_system:
        return grid.show(path)
    on_path = set(path)
    text = Text()
    for r, row in enumerate(grid.marked()):
        for c, ch in enumerate(row):
            text.append(ch, style="bold black on yellow" if (r, c) in on_path else None)
        text.append("\n")
    text.rstrip()
    return text


def read_text(file: Path) -> str:
    """A file's text (UTF-8, at most 64 MiB), or standard input for ``-``; a missing, unreadable
    or oversized file is bad input."""
    try:
        if str(file) == "-":
            data = sys.stdin.buffer.read(MAX_PUZZLE_FILE + 1)
        else:
            check_regular(file, file)  # a named pipe or a device: standard input is "-"
            with open(file, "rb") as handle:
                data = handle.read(MAX_PUZZLE_FILE + 1)
    except OSError as err:
        raise InputError("cannot read {file}: {why}", file=file, why=err.strerror or err) from None
    if len(data) > MAX_PUZZLE_FILE:
        raise InputError(
            "{file} is larger than {limit} MiB: not a puzzle file",
            file=file,
            limit=MAX_PUZZLE_FILE >> 20,
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(
            "cannot read {file}: not UTF-8 text (byte {at})", file=file, at=err.start
        ) from None


Step = Annotated[
    str,
    typer.Option(
        metavar="RULE", help=f"{' or '.join(STEPS)}: one cell per move, or slide to a stop."
    ),
]
Collide = Annotated[
    str,
    typer.Option(metavar="RULE", help=f"{' or '.join(COLLISIONS)}: blocks stop blocks, or merge."),
]


def load(file: Path, step: str, collide: str, meter: Meter | None = None) -> Tilt:
    """The board in ``file``; its heuristic tables are built under ``meter``."""
    return Tilt.from_text(read_text(file), step, collide, meter)


@search_options
def solve_tilt(
    file: Annotated[Path, typer.Argument(help="A tilt board: . # o x @ (- reads stdin).")],
    heuristic: Annotated[
        str | None, heuristic_option("best (default), bottleneck, nearest, directions, zero")
    ] = None,
    step: Step = "single",
    collide: Collide = "block",
    show: Annotated[bool, typer.Option("--show", help="Print the board after each move.")] = False,
    *,
    search: SearchOptions,
) -> None:
    """Solve a tilt puzzle optimally (every block moves at once)."""
    with searching(search) as meter:
        puzzle = load(file, step, collide, meter)
        result = run(puzzle, heuristic, search, meter, source=file)
    picture = f"{puzzle.show(puzzle.initial)}\n({puzzle.goal_rule})"
    if show and result.solved:
        frames = [
            f"{i + 1}. {a}\n{puzzle.show(s)}"
            for i, (a, s) in enumerate(zip(result.actions, result.path[1:], strict=True))
        ]
        picture += "\n\n" + "\n\n".join(frames)
    fields = TILT.fields(puzzle, result)
    emit(result, search.as_json, fields, picture, all_moves=search.all_moves, interrupted=True)
