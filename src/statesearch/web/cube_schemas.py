"""What the cube endpoints accept: a cube as text (a scramble applied to the solved cube, or a
facelet string of 54 or 24 symbols, URFDLB order), its size and metric, and moves to turn.

The texts are short (a facelet string is 54 symbols; a scramble of 100 moves is about 300
characters), so nothing a client sends can keep the server reading for long.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cube.model.random_cubes import SEEDS
from .checks import AnyOf, Integer, Text, spec
from .schemas import Request, RequestLimits

MAX_CUBE_TEXT = 400  # characters of a scramble or a facelet string
MAX_SCRAMBLE = 100  # moves of a random scramble

CUBE_TEXT = Text(max_length=MAX_CUBE_TEXT)
SIZE = Integer(ge=2, le=3)
METRIC = Text(max_length=10)


@dataclass(kw_only=True)
class CubeState(Request):
    """A cube, and moves to turn on it (none: the cube as given). Without a ``size``, a facelet
    string's (24 or 54), else 3, as on the command line. ``cube`` is required: an empty cube is
    refused."""

    size: int | None = spec(AnyOf(SIZE, nullable=True), None)
    cube: str = spec(CUBE_TEXT)
    moves: str = spec(CUBE_TEXT, "")


@dataclass(kw_only=True)
class CubeRandom(Request):
    """A position drawn uniformly from the reachable ones, or (with ``moves``) a scramble of
    that many random moves; the same ``seed`` gives the same cube (none: the server picks one)."""

    size: int = spec(SIZE, 3)
    seed: int | None = spec(AnyOf(Integer(ge=0, le=SEEDS), nullable=True), None)
    moves: int | None = spec(AnyOf(Integer(ge=0, le=MAX_SCRAMBLE), nullable=True), None)
    metric: str = spec(METRIC, "htm")


@dataclass(kw_only=True)
class SolveCube(RequestLimits):
    """A cube to solve optimally; the server chooses the search (``cube_jobs``). Its size and
    text as ``CubeState``'s."""

    size: int | None = spec(AnyOf(SIZE, nullable=True), None)
    cube: str = spec(CUBE_TEXT)
    metric: str = spec(METRIC, "htm")
