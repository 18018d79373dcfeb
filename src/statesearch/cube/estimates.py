"""The cube's heuristics for the Python engine (``Cube.heuristics``); every one is admissible.

Small ones are distance tables of one part of the position, built by a breadth-first search in a
few milliseconds: the corners' twists alone, the 2x2x2's corner places alone, the 3x3x3's edge
flips alone. A position needs at least as many moves as any of its parts. The large ones read
the tables the compiled IDA* uses (``pocket``, ``korf``, ``coset_table``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from ..core.problem import Heuristic
from .model.state import State, cubies_of
from .tables import pocket
from .tables.breadth import distances
from .tables.coset_build import full_flip
from .tables.coset_coords import CosetCoordinates, coset_moves
from .tables.patterns import Pattern, pattern
from .tables.searched import SearchedCube

if TYPE_CHECKING:
    pass

ONE = np.zeros((1, 18), dtype=np.int32)
EIGHT = tuple(range(8))


def _part(name: str, place: np.ndarray, turn: np.ndarray) -> Pattern:
    """A pattern of one part only (the other coordinate has a single value)."""
    zero = np.zeros_like(place)
    identity = np.arange(turn.shape[0], dtype=np.int32)[:, None]
    moves = tuple(range(place.shape[1]))
    return Pattern(name, False, (), (), moves, True, place, turn, zero, identity)


@cache
def part_distances(part: str, metric: str) -> np.ndarray:
    """Distances of one part: ``twist-2``, ``places-2``, ``twist-3`` or ``flip-3``."""
    from .model.notation import metric_moves

    if part.endswith("2"):
        p = pocket.corners()
        one = ONE[:, : len(p.moves)]
        cols = pocket.columns(metric)
        made = _part(part, one, p.turn) if part == "twist-2" else _part(part, p.place, one)
    else:
        cols = tuple(metric_moves(metric))
        if part == "twist-3":
            made = _part(part, ONE, pattern(False, EIGHT, EIGHT, tuple(range(18))).turn)
        else:
            flips = np.array([full_flip(np.int64(i)) for i in range(2048)])
            made = _part(part, ONE, (coset_moves().flip[flips] & 2047).astype(np.int32))
    return distances(made, (0, 0), cols)[0]


def heuristics_for(cube: SearchedCube) -> dict[str, Heuristic]:
    metric = cube.metric
    if cube.size == 2:
        p = pocket.corners()
        twist, places = part_distances("twist-2", metric), part_distances("places-2", metric)

        def orientation(state: State) -> float:
            return float(twist[p.coordinate(cubies_of(state))[1]])

        def permutation(state: State) -> float:
            return float(places[p.coordinate(cubies_of(state))[0]])

        def both(state: State) -> float:
            a, b = p.coordinate(cubies_of(state))
            return float(max(twist[b], places[a]))

        def exact(state: State) -> float:
            return float(pocket.distance_table(metric)[pocket.index_of(cubies_of(state))])

        made: dict[str, Callable[[State], float]] = {
            "orientation": orientation,
            "permutation": permutation,
            "pattern": both,
            "exact": exact,
        }
    else:
        twist3, flip3 = part_distances("twist-3", metric), part_distances("flip-3", metric)

        def orientation3(state: State) -> float:
            c = CosetCoordinates.of(cubies_of(state))
            return float(max(twist3[c.twist], flip3[c.flip & 2047]))

        # The solved cube needs no table (a search of it reads nothing else): solving it must
        # not wait a minute for Korf's tables, or fail for want of the coset table.
        def korf(state: State) -> float:
            return 0.0 if state == cube.goal else float(cube.pattern_tables.value(cubies_of(state)))

        def coset(state: State) -> float:
            return 0.0 if state == cube.goal else float(coset_value(cube, state))

        # korf-then-coset's second pass, with the coset table, is the compiled IDA*'s
        # (``compiled.two_passes``); any other search reads Korf's estimate alone.
        made = {
            "orientation": orientation3,
            "korf": korf,
            "korf-then-coset": korf,
            "coset": coset,
        }
    return {name: Heuristic(name, fn) for name, fn in made.items()}


def coset_value(cube: SearchedCube, state: State) -> int:
    from .compiled.coset_lookup import combine, coset_estimates

    distances, bounds = coset_estimates(cube.coset_table, state)
    return max(combine(distances), combine(bounds))
