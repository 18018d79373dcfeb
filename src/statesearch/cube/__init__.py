"""The Rubik's cube (3x3x3) and the pocket cube (2x2x2) as state spaces: Singmaster moves in
either metric, scrambles and facelet strings, validity checks, uniform random positions, the
whole 2x2x2 searched breadth-first, and optimal 3x3x3 solutions by a compiled IDA* with
pattern databases (Korf's, and a symmetric coset table looked up along three axes, for the
position and for its inverse)."""

from .model.cubies import Cubies
from .model.notation import MOVES, format_moves, parse_moves
from .model.random_cubes import REACHABLE, random_cube, random_scramble
from .problem import Cube

__all__ = [
    "MOVES",
    "REACHABLE",
    "Cube",
    "Cubies",
    "format_moves",
    "parse_moves",
    "random_cube",
    "random_scramble",
]
