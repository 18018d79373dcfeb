"""Checking Moving AI scenarios' answers (``bench movingai``): every cost against the
scenario's optimal length, every path replayed move by move on the map."""

from __future__ import annotations

import itertools
import math
from pathlib import PurePosixPath
from typing import Any

from ..core.result import SearchResult
from ..errors import InputError
from .grid import Maze
from .movingai import Scenario, whole

TOLERANCE = 1e-4  # the scenario files give lengths to 8 decimals; sums of √2 drift far less


def check_scenarios(maze: Maze, scenarios: list[Scenario]) -> None:
    """Refuse, before any search and naming the line, a scenario written for a map of another
    size, or whose start or goal is not an open cell of this one."""
    for s in scenarios:
        if (s.width, s.height) != (maze.width, maze.height):
            raise InputError(
                "scenario line {line} is for a {width}x{height} map; the map is {mw}x{mh}",
                line=s.line,
                width=s.width,
                height=s.height,
                mw=maze.width,
                mh=maze.height,
            )
        try:
            maze.with_ends(*s.ends)
        except InputError as err:
            raise InputError(
                "{place}: {problem}", place=f"scenario line {s.line}", problem=str(err)
            ) from None


def named_otherwise(scenarios: list[Scenario], map_name: str) -> Scenario | None:
    """The first scenario that names a map other than ``map_name`` (by its file's name: the
    files write ``maps/dao/arena.map``), if any: a renamed map, or the wrong scenario file."""
    return next((s for s in scenarios if map_file_name(s) != map_name), None)


def map_file_name(scenario: Scenario) -> str:
    return PurePosixPath(scenario.map.replace("\\", "/")).name


def buckets(text: str | None, scenarios: list[Scenario]) -> list[Scenario]:
    """The scenarios whose bucket is in ``text`` (``0-5,9``; ``None``: all)."""
    if text is None:
        return scenarios
    spans: list[tuple[int, int]] = []  # not a set of every bucket: 0-99999999999 is one span
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        if not whole(low) or (dash and not whole(high)):
            raise InputError("cannot read buckets {text!r}: use a list like 0-5,9", text=text[:40])
        spans.append((int(low), int(high or low)))
    chosen = [s for s in scenarios if any(low <= s.bucket <= high for low, high in spans)]
    if not chosen:
        raise InputError("no scenario is in buckets {text}", text=text[:40])
    return chosen


def replays(maze: Maze, result: SearchResult[Any]) -> bool:
    """Whether the path starts at the start, ends at the goal, takes legal moves only and costs
    what the result says."""
    path = result.path
    if not path or path[0] != maze.initial or path[-1] != maze.goal:
        return False
    cost = 0.0
    for here, there in itertools.pairwise(path):
        steps = {cell: step for _, cell, step in maze.successors(here)}
        if there not in steps:
            return False
        cost += steps[there]
    return result.cost is not None and math.isclose(cost, result.cost, abs_tol=1e-9)
