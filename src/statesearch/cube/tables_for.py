"""The large tables a 3x3x3 search reads, by who asks: Korf's (``korf``, and first for
``korf-then-coset``) built on first use by a caller that may build them (``Building``: the
command line, a batch before its workers start), else read from the cache only; the coset table
and its bounds (``coset``, 5 GB) only ever read (``statesearch cube tables`` builds them)."""

from __future__ import annotations

from ..core.domain import Building
from ..core.limits import Meter
from ..errors import InputError
from .problem import Cube

BUILD_KORF = "statesearch cube tables --tables korf{metric}"


def build_korf(metric: str) -> str:
    """The command that builds Korf's tables for ``metric``."""
    return BUILD_KORF.format(metric="" if metric == "htm" else f" --metric {metric}")


def with_tables(cube: Cube, heuristic: str | None, meter: Meter, building: Building | None) -> Cube:
    """``cube`` with the table ``heuristic`` reads first (another heuristic reads none here)."""
    name = (heuristic or "").lower().removesuffix("-then-coset")
    if cube.size != 3 or name not in ("korf", "coset"):
        return cube
    log = building.log if building is not None else None
    if name == "coset":
        from .tables.coset_cache import require_table

        with meter.doing("reading the coset table and its bounds"):
            return cube.with_tables(coset=require_table("full", cube.metric, log))
    from .tables import korf

    with meter.doing("preparing Korf's tables"):
        if building is not None:
            progress = building.progress
            tables = korf.load_tables(metric=cube.metric, meter=meter, progress=progress, log=log)
        elif (stored := korf.stored_tables(cube.metric, meter=meter)) is not None:
            tables = stored
        else:
            raise InputError(
                "Korf's tables are not in the cache, or not sound; build them once with: {command}",
                command=build_korf(cube.metric),
            )
    return cube.with_tables(patterns=tables)
