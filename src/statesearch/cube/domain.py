"""The Rubik's cube and the pocket cube as every interface sees them (``core.domain``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.domain import Domain, Fields, Spec
from ..core.result import SearchResult
from ..errors import InputError
from .problem import Cube
from .tables_for import with_tables
from .telling import written


def from_spec(spec: Spec) -> Cube:
    """``start`` is a scramble or a facelet string as ``solve cube`` reads it; ``size`` 3 or 2,
    ``metric`` htm or qtm."""
    return Cube.from_text(spec["start"], spec.get("size"), spec.get("metric") or "htm")


def fields(cube: Cube, result: SearchResult[Any] | None) -> Fields:
    """Its size, metric and facelets, and the solution as a cuber writes it (in the
    quarter-turn metric a half turn, two searched turns, is ``U2``)."""
    solution = " ".join(written(cube, result)) if result and result.solved else None
    return {
        "size": cube.size,
        "metric": cube.metric,
        "facelets": cube.facelets(cube.initial),
        "solution": solution,
    }


def read_spec(spec: Spec, base: Path | None) -> None:
    if "start" in spec and not isinstance(spec["start"], str):
        raise InputError("a cube's start is a scramble or a facelet string")
    if spec.get("goal") is not None:
        raise InputError("a cube's goal is the solved cube: drop goal")


def group(spec: Spec, fields: Mapping[str, Any]) -> str:
    side = spec.get("size") or 3
    return f"cube {side}x{side}x{side}"


CUBE = Domain(
    "cube",
    from_spec,
    fields,
    options={"size": (int,), "metric": (str,)},
    read_spec=read_spec,
    group=group,
    tables=with_tables,
    command="statesearch.cli.cube:solve_cube",
    routes="statesearch.web.cube_routes:CUBE_ROUTES",
)
