"""``statesearch solve cube``, ``statesearch cube random|bfs``, ``statesearch bench cube`` and the
cube's part of ``statesearch pdb build`` (``build_tables``)."""

from __future__ import annotations

import json
import time
from typing import Annotated, Any

import typer
from rich.table import Table

from ..core.domain import Building
from ..core.limits import LimitHit, LimitKind, Limits, Meter
from ..errors import InputError
from ..provenance import of_command
from .options import MaxMemory, SearchOptions, heuristic_option, search_options, time_limit_option
from .progress import build_progress, building, stderr, watching
from .render import console, emit, stopped_early
from .solve import run, searching

app = typer.Typer(help="The Rubik's cube: random positions and the 2x2x2's whole space.")

Size = Annotated[int, typer.Option("--size", metavar="N", help="3 (3x3x3) or 2 (2x2x2).")]
Metric = Annotated[
    str,
    typer.Option(metavar="NAME", help="htm (every turn costs 1) or qtm (quarter turns; U2 is 2)."),
]
TimeLimit = Annotated[float | None, time_limit_option("Give up after S seconds.")]
Seed = Annotated[int, typer.Option(min=0, help="Random seed: the same seed gives the same cubes.")]


def tables_wanted(cube: Any, heuristic: str | None, algorithm: str) -> str | None:
    """Which of the 3x3x3's large tables a search of ``cube`` reads first, ``korf`` or ``coset``
    (``korf-then-coset`` reads the coset table later, if need be), or ``None``: the 2x2x2, a cube
    proved unsolvable first, the solved cube, a search that reads no heuristic (BFS,
    bidirectional, traced or not), a heuristic with no table."""
    from ..algorithms import reads_estimate

    if cube.size != 3 or not cube.solvable or not reads_estimate(algorithm):
        return None
    if cube.initial == cube.goal:  # solved already: nothing to estimate
        return None
    auto = algorithm.lower() == "auto"
    name = heuristic or (cube.choose_algorithm(None)[1] if auto else cube.default_heuristic)
    name = name.lower().removesuffix("-then-coset")  # korf-then-coset reads korf first
    return name if name in ("korf", "coset") else None


def _load_tables(cube: Any, heuristic: str | None, search: SearchOptions, meter: Meter) -> Any:
    """The cube with its tables loaded (Korf's built on first use, with a bar); the coset table
    is only ever loaded (building it is ``statesearch cube tables``). A limit reached on the
    way says what the other tables would cost."""
    from ..cube.tables.coset_cache import is_stored
    from ..cube.tables.korf import is_stored as korf_stored
    from ..cube.tables.korf import table_names
    from ..cube.tables_for import build_korf, with_tables

    name = tables_wanted(cube, heuristic, search.algorithm)
    if name == "coset" and is_stored("full", cube.metric):  # notes on stderr: --json stays JSON
        stderr.print("[dim]loading the coset table and its bounds (5 GB, checksummed)...[/]")
    try:
        with build_progress() as (log, progress):  # its log prints on stderr, as the notes
            return with_tables(cube, name, meter, Building(progress, log))
    except LimitHit as hit:
        stored = korf_stored(cube.metric)
        if name == "korf" and hit.kind is LimitKind.TIME and not stored:
            hit.detail += f" (built once, in about a minute: {build_korf(cube.metric)})"
        korf_mb = sum(p.size for p, _, _ in table_names(metric=cube.metric)) / 2**20
        if name == "coset" and hit.kind is LimitKind.MEMORY:
            hit.detail += f" (-H korf reads {korf_mb:,.0f} MB of tables)"
        elif name == "coset" and hit.kind is LimitKind.TIME and stored:
            hit.detail += f" (-H korf reads {korf_mb:,.0f} MB of tables, in seconds)"
        raise


def picture(cube: Any) -> str:
    from ..cube import REACHABLE

    size = f"{cube.size}x{cube.size}x{cube.size}"
    among = "not one" if cube.unsolvable_reason() else "one"  # the verdict below says why
    return (
        f"{cube.show(cube.initial)}\n"
        f"{size}, {cube.metric}: {among} of {REACHABLE[cube.size]:,} reachable positions\n"
        f"facelets: {cube.facelets(cube.initial)}"
    )


@search_options
def solve_cube(
    cube_text: Annotated[
        str,
        typer.Argument(
            metavar="CUBE",
            help="A scramble (\"R U R' U' F2\", a space between moves) or a facelet string "
            "(54 or 24 letters in URFDLB order, in one word or one per face).",
        ),
    ],
    size: Annotated[
        int | None,
        typer.Option(
            "--size", metavar="N", help="3 (3x3x3) or 2 (2x2x2); unless told, a facelet string's."
        ),
    ] = None,
    metric: Metric = "htm",
    heuristic: Annotated[
        str | None,
        heuristic_option(
            "3x3x3: coset (default when built; with -a auto, korf for a short scramble and "
            "korf-then-coset for facelets), korf, korf-then-coset, orientation, zero; 2x2x2: "
            "exact (default), pattern, orientation, permutation, zero"
        ),
    ] = None,
    precheck: Annotated[
        bool, typer.Option(help="Prove unsolvability by an invariant before searching.")
    ] = True,
    *,
    search: SearchOptions,
) -> None:
    """Solve a Rubik's cube (3x3x3) or a pocket cube (2x2x2) optimally."""
    from ..cube import Cube
    from ..cube.domain import CUBE
    from ..cube.telling import explain, written

    fields: dict[str, object] = {}  # the cube's, for a limit reached while tables load
    with searching(search, fields) as meter:
        cube = Cube.from_text(cube_text, size, metric)
        fields |= CUBE.fields(cube, None)
        cube = _load_tables(cube, heuristic, search, meter)
        result = run(cube, heuristic, search, meter, precheck)
    explain(cube, result)
    emit(
        result,
        search.as_json,
        CUBE.fields(cube, result),
        picture(cube),
        all_moves=search.all_moves,
        interrupted=True,
        written=written(cube, result),
    )


MAX_SCRAMBLE = 10_000  # moves: far past what mixes a cube (about 20-30), and made at once


@app.command("random")
def random_command(
    seed: Annotated[
        int | None,
        typer.Option(
            min=0,
            help="Random seed: the same seed gives the same cubes (default: a fresh one, "
            "printed with each cube).",
        ),
    ] = None,
    size: Size = 3,
    moves: Annotated[
        int | None,
        typer.Option(
            min=0, max=MAX_SCRAMBLE, metavar="N", help="A scramble of N random moves instead."
        ),
    ] = None,
    count: Annotated[int, typer.Option(min=1, help="How many (seeds seed, seed+1, ...).")] = 1,
    metric: Metric = "htm",
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per cube.")] = False,
) -> None:
    """Print random cubes: uniform over the reachable positions, or random-move scrambles."""
    from ..cube import REACHABLE, Cube, format_moves, random_cube, random_scramble
    from ..cube.model.notation import check_metric
    from ..cube.model.random_cubes import fresh_seed
    from ..cube.model.reading import AS_READ, check_size, scrambled_framed

    check_size(size)
    check_metric(metric)
    if seed is None:  # a new cube each run, its seed printed so that the run can be repeated
        seed = fresh_seed()
    for s in range(seed, seed + count):
        scramble = random_scramble(moves, s, metric) if moves is not None else None
        if scramble is not None:
            cubies, frame = scrambled_framed(scramble, size)
        else:
            cubies, frame = random_cube(size, s), AS_READ
        cube = Cube(cubies, size, metric, frame=frame)
        facelets = cube.facelets(cube.initial)
        if as_json:
            record = {"seed": s, "size": size, "facelets": facelets}
            record["scramble"] = format_moves(scramble or [])
            print(json.dumps({**record, "provenance": of_command()}))
            continue
        if scramble is not None:
            console.print(f"seed {s}: {format_moves(scramble)}")
        else:
            console.print(f"seed {s}: uniform over {REACHABLE[size]:,} reachable positions")
        console.print(cube.show(cube.initial))
        console.print(facelets)


@app.command("bfs")
def bfs_command(
    size: Annotated[
        int, typer.Option("--size", metavar="N", help="2 (the 3x3x3 is too big to walk whole).")
    ] = 2,
    metric: Metric = "htm",
    start: Annotated[
        str | None, typer.Option(metavar="CUBE", help="Search from this cube (default: solved).")
    ] = None,
    time_limit: TimeLimit = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Breadth-first search of the whole 2x2x2, compiled: new positions at each depth."""
    from ..cube import REACHABLE, Cubies
    from ..cube.model.cubies import invariant_violation
    from ..cube.model.notation import check_metric
    from ..cube.model.reading import check_size, read_cube
    from ..cube.tables import pocket

    if check_size(size) != 2:
        raise InputError(
            "a breadth-first search of the whole 3x3x3 ({count:,} positions) is out of reach; "
            "use --size 2",
            count=REACHABLE[3],
        )
    metric = check_metric(metric)
    cube = Cubies.solved(2) if start is None else read_cube(start, 2)
    started = time.perf_counter()
    try:
        with watching() as watch, build_progress() as (_, progress):
            meter = Meter(Limits(time_limit=time_limit), watch.cancel)
            _, layers = pocket.layers_from(cube, metric, meter, progress)
    except LimitHit as hit:
        stopped_early(hit, "this proves nothing", as_json)
    seconds = time.perf_counter() - started
    total = sum(layers)
    if as_json:
        record = {"size": 2, "metric": metric, "layers": layers, "positions": total}
        record |= {"deepest": len(layers) - 1, "seconds": round(seconds, 3)}
        print(json.dumps({**record, "provenance": of_command()}))
        return
    table = Table("depth", "new positions", "reached", title=f"2x2x2, {metric}")
    reached = 0
    for depth, new in enumerate(layers):
        reached += new
        table.add_row(str(depth), f"{new:,}", f"{reached:,}")
    console.print(table)
    gods = " (God's number)" if start is None else ""
    reached_from = f"of {REACHABLE[2]:,} reachable"
    if invariant_violation(cube):  # its own orbit, as big as the solved cube's
        reached_from = f"reachable from it; it is not one of the solved cube's {REACHABLE[2]:,}"
    console.print(
        f"{total:,} positions ({reached_from}) in {seconds:.2f} s; "
        f"the farthest are {len(layers) - 1} moves away{gods}",
        soft_wrap=True,
    )


@app.command("tables")
def build_tables(
    metric: Metric = "htm",
    tables: Annotated[
        str, typer.Option(metavar="WHICH", help="korf (about a minute), coset (longer) or all.")
    ] = "all",
    time_limit: TimeLimit = None,
    max_memory: MaxMemory = "auto",
    rebuild: Annotated[
        bool, typer.Option(help="Build the coset table and its bounds even if cached.")
    ] = False,
    variant: Annotated[
        str, typer.Option(metavar="NAME", help="full (the solver's); no-flip, no-twist, layers.")
    ] = "full",
) -> None:
    """Build (or check) the 3x3x3's tables in the cache, with a bar.

    Korf's pattern databases and the coset table, bounded by --time-limit, --max-memory and
    Ctrl-C."""
    from ..cube.model.notation import check_metric
    from ..cube.tables import korf, pocket
    from ..cube.tables.coset_cache import build_and_store, keep, stored_table
    from ..cube.tables.coset_table import VARIANTS

    metric = check_metric(metric)
    if tables not in ("korf", "coset", "all"):
        raise InputError("unknown tables {name!r}; choose from korf, coset, all", name=tables)
    if variant not in VARIANTS:
        raise InputError(
            "unknown coset table variant {name!r}; choose from {choices}",
            name=variant,
            choices=", ".join(VARIANTS),
        )
    started = time.perf_counter()
    stopped: LimitHit | None = None
    with building(time_limit, max_memory, "the tables finished before it are cached") as (
        meter,
        log,
        progress,
    ):
        pocket.distance_table(metric, log)
        try:  # a bound reached from here on is said below, with the tables cached by then
            if tables in ("korf", "all"):
                korf.load_tables(metric=metric, meter=meter, progress=progress, log=log)
            if tables in ("coset", "all"):
                table = None if rebuild else stored_table(variant, metric, log)
                if table is None:
                    keep(build_and_store(variant, metric, meter, progress, log, rebuild))
        except LimitHit as hit:
            stopped = hit
    if stopped is not None:
        stopped_early(stopped, cached_tables(tables, metric, variant))
    from ..cache import cache_dir

    console.print(
        f"cube tables ({tables}, {metric}) ready in {time.perf_counter() - started:.1f} s "
        f"({cache_dir()})"
    )


def cached_tables(tables: str, metric: str, variant: str) -> str:
    """What a ``cube tables`` stopped past the 2x2x2's table leaves in the cache, named as its
    log names them: the next run builds only the rest."""
    from .. import table_store as store
    from ..cube.tables import coset_cache, korf, pocket

    kept = []
    if store.is_stored(pocket.table_name(metric), pocket.table_meta(metric)):
        kept.append(f"the 2x2x2 distance table ({metric})")  # not when the cache refused it
    if tables in ("korf", "all"):
        patterns = korf.table_names(metric=metric)
        done = [p.name for p, name, meta in patterns if store.is_stored(name, meta)]
        if done:
            kept.append(f"the {', '.join(done)} pattern database{'s' if len(done) > 1 else ''}")
    if tables in ("coset", "all"):
        coset = f"the coset table ({variant}, {metric})"
        table = coset_cache.table_name(variant, metric), coset_cache.table_meta(variant, metric)
        if coset_cache.is_stored(variant, metric):
            kept.append(f"{coset} and its bounds")
        elif store.is_stored(*table):
            kept.append(f"{coset} without its bounds")
    return f"kept in the cache: {', '.join(kept)}" if kept else "nothing kept in the cache"
