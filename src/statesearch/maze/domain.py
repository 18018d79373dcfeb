"""Grid mazes, and the scenarios of Moving AI's benchmarks on their maps, as every interface
sees them (``core.domain``)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.domain import Domain, Fields, Spec
from ..core.result import SearchResult
from ..errors import InputError
from ..text_files import read_beside
from .grid import Maze
from .movingai import scenario_map
from .scenarios import TOLERANCE, replays


def from_spec(spec: Spec) -> Maze:
    """``start`` is the maze's text (4 moves: the lesson's)."""
    return Maze.parse(spec["start"])


def fields(maze: Maze, result: SearchResult[Any] | None) -> Fields:
    """Cells as ``[row, col]``; ``connectivity`` the moves from a cell, 4 or 8 (``--moves``)."""
    return {
        "start": list(maze.initial),
        "goal": list(maze.goal),
        "connectivity": maze.moves,
        "corners": maze.corners,
        "path": [list(c) for c in result.path] if result is not None else [],
    }


MAZE = Domain(
    "maze",
    from_spec,
    fields,
    command="statesearch.cli.solve:maze",
    routes="statesearch.web.routes:MAZE_ROUTES",
)


def read_scenario(spec: Spec, base: Path | None) -> None:
    """Its map read (once, when the batch is read) into ``start``, ``map`` then the file's
    name; its scenario four whole numbers."""
    if "map" not in spec or "scenario" not in spec or "file" in spec:
        raise InputError(
            "a movingai instance names its map and its scenario ([start x, start y, goal x, "
            "goal y]), or its map, a scen file and buckets"
        )
    ends = spec["scenario"]
    if len(ends) != 4 or not all(isinstance(n, int) and not isinstance(n, bool) for n in ends):
        raise InputError(
            "scenario must be [start x, start y, goal x, goal y], not {value!r}",
            value=str(ends)[:40],
        )
    if "start" not in spec:
        spec["start"] = read_beside(Path(spec["map"]), base)
        spec["map"] = Path(spec["map"]).name


def scenario(spec: Spec) -> Maze:
    """A scenario on its map; ``x, y`` is the format's column and row."""
    sx, sy, gx, gy = spec["scenario"]
    return _map(spec["start"]).with_ends((sy, sx), (gy, gx))


@functools.lru_cache(maxsize=4)
def _map(text: str) -> Maze:
    """A map read once per worker, whatever the number of its scenarios there."""
    return scenario_map(text)


def scenario_fields(maze: Maze, result: SearchResult[Any] | None) -> Fields:
    """Cells as the format writes them: ``[x, y]``, column then row."""
    (sy, sx), (gy, gx) = maze.initial, maze.goal
    path = [[c, r] for r, c in result.path] if result is not None else []
    return {"start": [sx, sy], "goal": [gx, gy], "path": path}


def by_map(spec: Spec, fields: Mapping[str, Any]) -> str:
    return f"movingai {spec['map']}"


MOVING_AI = Domain(
    "movingai",
    scenario,
    scenario_fields,
    options={"map": (str,), "scenario": (list,), "bucket": (int,)},
    read_spec=read_scenario,
    group=by_map,
    tolerance=TOLERANCE,
    replays=replays,
    repeated=("map", "bucket"),
)
