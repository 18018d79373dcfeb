"""The 2x2x2 (pocket cube), searched exhaustively.

With the DBL corner held still only U, R and F turn, and a position is the permutation of the
other seven corners (7! = 5,040) and their twists (3^6 = 729; the seventh is implied):
3,674,160 positions, every one reachable. A compiled breadth-first search (``breadth``) visits
them all in well under a second; its distances, one byte per position, are the *exact
distance table*: the distance of any position in one lookup, and an optimal solution by
walking downhill, one move at a time. The deepest layer is God's number (11 in the half-turn
metric, 14 in the quarter-turn metric).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ... import table_store as store
from ...core.limits import Meter
from ..model.cubies import Cubies
from ..model.notation import metric_moves
from ..model.random_cubes import REACHABLE as BY_SIZE
from ..model.reading import MOVING
from .breadth import Progress, distances
from .patterns import Pattern, pattern

TURNING_MOVES = tuple(range(9))  # U U2 U' R R2 R' F F2 F'
REACHABLE = BY_SIZE[2]


def corners() -> Pattern:
    return pattern(False, MOVING, MOVING, TURNING_MOVES)


def columns(metric: str) -> tuple[int, ...]:
    """The pattern's columns that are single moves in ``metric``."""
    return tuple(i for i, m in enumerate(TURNING_MOVES) if m in metric_moves(metric))


def index_of(cube: Cubies) -> int:
    a, b = corners().coordinate(cube)
    return a * corners().turns + b


def layers_from(
    cube: Cubies,
    metric: str,
    meter: Meter | None = None,
    progress: Progress | None = None,
) -> tuple[np.ndarray, list[int]]:
    """Breadth-first from ``cube`` over the whole space: distances and new positions per depth."""
    start = corners().coordinate(cube)
    return distances(corners(), start, columns(metric), meter, progress)


def table_name(metric: str) -> str:
    return f"cube-2x2x2-distances-{metric}"


def table_meta(metric: str) -> dict[str, object]:
    return {"table": "2x2x2 distances", "metric": metric, "entries": REACHABLE}


@cache
def distance_table(metric: str, log: store.Log | None = None) -> np.ndarray:
    """The distance to solved of every position (cached on disk, checksummed)."""
    return store.load_or_build(
        table_name(metric),
        table_meta(metric),
        lambda: layers_from(Cubies.solved(2), metric)[0],
        log,
        f"the 2x2x2 distance table ({metric})",
        shape=(corners().size,),
        dtype="uint8",
    )


def gods_number(layers: list[int]) -> int:
    return len(layers) - 1


def optimal_moves(cube: Cubies, metric: str) -> list[int]:
    """An optimal solution (move numbers) read off the distance table: from each position, the
    first move (in move order) to a position one closer."""
    table = distance_table(metric)
    p = corners()
    a, b = p.coordinate(cube)
    cols = columns(metric)
    out = []
    while table[a * p.turns + b]:
        here = table[a * p.turns + b]
        for c in cols:
            a2, b2 = int(p.place[a, c]), int(p.add[p.turn[b, c], p.twist[a, c]])
            if table[a2 * p.turns + b2] == here - 1:
                out.append(TURNING_MOVES[c])
                a, b = a2, b2
                break
    return out
