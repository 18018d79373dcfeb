"""What the cube endpoints accept: a cube as text (a scramble applied to the solved cube, or a
facelet string of 54 or 24 symbols in URFDLB order), its size and metric, and moves to turn.

The texts are short (a facelet string is 54 symbols; a scramble of 100 moves is about 300
characters), so nothing a client sends can keep the server reading for long.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..cube.random_cubes import SEEDS
from .schemas import Request, RequestLimits

MAX_CUBE_TEXT = 400  # characters of a scramble or a facelet string
MAX_SCRAMBLE = 100  # moves of a random scramble

CubeText = Annotated[str, Field(max_length=MAX_CUBE_TEXT)]
Size = Annotated[int, Field(ge=2, le=3)]
Metric = Annotated[str, Field(max_length=10)]


class CubeState(Request):
    """A cube, and moves to turn on it (none: the cube as given). Without a ``size``, a facelet
    string's (24 or 54), else 3, as on the command line."""

    size: Size | None = None
    cube: CubeText  # a scramble or facelets; required, as an empty cube is refused
    moves: CubeText = ""


class CubeRandom(Request):
    """A position drawn uniformly from the reachable ones, or (with ``moves``) a scramble of
    that many random moves; the same ``seed`` gives the same cube (none: the server picks one)."""

    size: Size = 3
    seed: Annotated[int, Field(ge=0, le=SEEDS)] | None = None
    moves: Annotated[int, Field(ge=0, le=MAX_SCRAMBLE)] | None = None
    metric: Metric = "htm"


class SolveCube(RequestLimits):
    """A cube to solve optimally; the server chooses the search (``cube_jobs``). Its size as
    ``CubeState``'s."""

    size: Size | None = None
    cube: CubeText  # as ``CubeState``'s
    metric: Metric = "htm"
