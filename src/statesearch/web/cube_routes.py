"""The cube's routes: a position after some turns, a random position or scramble, and an
optimal solution (a search like every search, ``cube_jobs``). The server answers them, and so
does the page's own Python (the cube's model needs the standard library alone; there the 2x2x2
is solved by bidirectional search and a 3x3x3 is refused with the command that solves it).

A cube is text: a scramble applied to the solved cube (``"R U R' U'"``) or a facelet string
(54 or 24 symbols, URFDLB order); every answer gives the position as its facelet string, so a
page only ever draws facelets. The 2x2x2 is solved with its down-back-left corner held still,
but shown as it was given and turned: a turn of L turns the left face (``reading.framed``).
"""

from __future__ import annotations

from typing import Any

from ..cube import REACHABLE, Cube, format_moves, random_cube, random_scramble
from ..cube.model.cubies import broken_invariant
from ..cube.model.facelets import FACES, turn_colours
from ..cube.model.net import facelet_string
from ..cube.model.notation import check_metric, face_of, parse_moves, quarters_of
from ..cube.model.random_cubes import fresh_seed
from ..cube.model.reading import AS_READ, check_size, scrambled_framed
from . import cube_jobs
from .cube_jobs import BUILD_TABLES, korf_stored
from .cube_schemas import CubeRandom, CubeState, SolveCube
from .route import Route
from .schemas import MAX_SECONDS


def describe(cube: Cube) -> dict[str, Any]:
    """What a page shows of a position: its facelets, the text net, and whether it is solved
    or can be (``invariant`` names the broken one, ``reason`` says it in English)."""
    state = cube.initial
    return {
        "size": cube.size,
        "facelets": cube.facelets(state),
        "net": cube.show(state),
        "solved": cube.is_goal(state),
        "solvable": cube.solvable,
        "invariant": broken_invariant(cube.start),
        "reason": cube.unsolvable_reason() or "",
    }


def info(_: None = None) -> dict[str, Any]:
    """The server's time cap, the positions of each size, and whether Korf's tables are in the
    cache for each metric (without them a 3x3x3 is solved by bidirectional search)."""
    return {
        "max_seconds": MAX_SECONDS,
        "reachable": {str(size): f"{count:,}" for size, count in REACHABLE.items()},
        "korf": {metric: korf_stored(metric) for metric in ("htm", "qtm")},
        "build_tables": BUILD_TABLES,
    }


def state(request: CubeState) -> dict[str, Any]:
    """The cube after ``moves`` (each turn as the domain makes it)."""
    cube = Cube.from_text(request.cube, request.size)
    shown = cube.shown(cube.initial)  # turned as shown, so that the page shows what it turned
    for move in parse_moves(request.moves):
        shown = turn_colours(shown, FACES[face_of(move)], quarters_of(move))
    return describe(Cube.from_text(facelet_string(shown), cube.size))


def random_position(request: CubeRandom) -> dict[str, Any]:
    """A uniform random position, or a scramble of ``moves`` random moves (``scramble`` lists
    them); ``seed`` is the one used, to get the same cube again."""
    size = check_size(request.size)
    metric = check_metric(request.metric)
    seed = request.seed if request.seed is not None else fresh_seed()
    frame, moves = AS_READ, ""
    if request.moves is None:
        cubies = random_cube(size, seed)
    else:
        drawn = random_scramble(request.moves, seed, metric)
        (cubies, frame), moves = scrambled_framed(drawn, size), format_moves(drawn)
    cube = Cube(cubies, size, metric, frame=frame)
    return {**describe(cube), "seed": seed, "scramble": moves}


CUBE = "cube"
CUBE_ROUTES: dict[str, Route] = {
    "cube/info": Route(CUBE, None, info),
    "cube/state": Route(CUBE, CubeState, state),
    "cube/random": Route(CUBE, CubeRandom, random_position),
    "cube/solve": Route(
        CUBE,
        SolveCube,
        cube_jobs.solve_cube,
        search=True,
        locally=cube_jobs.locally,
        empty={"solution": None, "states": [], "advice": "", "invariant": None},
        summary="An optimal solution; ``solution`` is its turns as a cuber writes them (in the "
        "quarter-turn metric a half turn, two of the searched ``actions``, is ``U2``), "
        "``states`` lists the facelets of each position along the searched turns, ``advice`` "
        "says how to get a stronger search when the server had to fall back to a weaker one.",
    ),
}
