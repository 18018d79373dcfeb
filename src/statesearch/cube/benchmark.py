"""The cubes and the report of ``statesearch bench cube`` and ``benchmarks/cube_bench.py``
(the solving itself, through the facade, is ``cli.bench_cube.solve_one``): uniformly random 3x3x3
cubes, each solution replayed on its cube.

A row is one cube: the optimal length, the nodes (expanded, generated), CPU and wall seconds,
and two checks: the moves, applied to the start's cubies, give the solved cube (``replayed``),
and the search vouches for optimality (IDA* with an admissible estimate) with a length no
shorter than the start's estimate (``optimal``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rich import box
from rich.table import Table

from .model.cubies import Cubies
from .model.random_cubes import random_cube
from .problem import Cube

Say = Callable[[str], None]


def cubes(count: int, seed: int) -> list[Cubies]:
    """The benchmark's cubes: ``count`` uniform random positions from one seeded generator."""
    rng = random.Random(seed)
    return [random_cube(3, rng) for _ in range(count)]


def with_tables(cube: Cube, heuristic: str, say: Say) -> Cube:
    if heuristic == "coset":
        from .tables.coset_cache import require_table

        return cube.with_tables(coset=require_table("full", cube.metric, say))
    from .tables.korf import load_tables

    return cube.with_tables(patterns=load_tables(metric=cube.metric, meter=cube.meter, log=say))


def table(rows: list[dict[str, Any]]) -> Table:
    # Simple rules and right-aligned numbers: the ten cubes' totals fit 80 columns whole.
    out = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for name in ("cube", "length", "expanded", "generated", "CPU s", "M gen/CPU s", "replayed"):
        out.add_column(name, justify="left" if name == "replayed" else "right", no_wrap=True)
    for r in rows:
        rate = r["generated"] / r["cpu_s"] / 1e6 if r["cpu_s"] else 0.0
        solved = r["status"] == "solved"
        length = str(r["length"]) if solved else "limit"
        out.add_row(
            str(r["cube"]),
            length,
            f"{r['expanded']:,}",
            f"{r['generated']:,}",
            f"{r['cpu_s']:.1f}",
            f"{rate:.1f}",
            ("yes" if r["replayed"] else "[red]NO[/]") if solved else "-",
        )
    cpu = sum(r["cpu_s"] for r in rows)
    generated = sum(r["generated"] for r in rows)
    out.add_section()
    out.add_row(
        "total",
        f"mean {mean_length(rows)}",
        f"{sum(r['expanded'] for r in rows):,}",
        f"{generated:,}",
        f"{cpu:.1f}",
        f"{generated / cpu / 1e6 if cpu else 0:.1f}",
        f"{sum(r['replayed'] for r in rows)}/{len(rows)}",
    )
    return out


def mean_length(rows: list[dict[str, Any]]) -> str:
    """The mean length of the solved cubes' solutions, "-" when none was solved (a cube that
    reached a limit has no length to count)."""
    lengths = [r["length"] for r in rows if r["status"] == "solved"]
    return f"{sum(lengths) / len(lengths):.2f}" if lengths else "-"


def summary(rows: list[dict[str, Any]], heuristic: str, metric: str) -> str:
    solved = [r for r in rows if r["status"] == "solved"]
    cpu = sum(r["cpu_s"] for r in rows)
    wall = sum(r["wall_s"] for r in rows)
    generated = sum(r["generated"] for r in rows)
    mean = mean_length(rows)
    if solved and len(solved) < len(rows):
        mean += f" (of the {len(solved)} solved)"
    wrong = sum(1 for r in solved if not (r["replayed"] and r["optimal"]))
    return (
        f"{len(solved)}/{len(rows)} solved optimally with IDA* + {heuristic} ({metric}), "
        f"{wrong} wrong; mean length {mean}; search {cpu:.1f} CPU s ({wall:.1f} s wall), "
        f"{generated / cpu / 1e6 if cpu else 0:.1f} M generated per CPU s"
    )
