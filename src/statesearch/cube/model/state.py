"""The search state of the Python engine: a tuple of cubie codes, and face turns on it.

A state lists, per position, ``3 * piece + twist`` for the 8 corners, then (3x3x3) ``2 * piece +
flip`` for the 12 edges: hashable, orderable and readable. A face turn moves each position's
code from one place to another and adds to its twist or flip, so it is a recipe of ``(source,
new code by old code)`` pairs, one per position, read off the sticker model.
"""

from __future__ import annotations

from functools import cache

from .cubies import Cubies, from_colours
from .facelets import FACES, Colours, solved_colours, turn_colours
from .notation import quarters_of

State = tuple[int, ...]
Recipe = tuple[tuple[int, tuple[int, ...]], ...]


def state_of(cube: Cubies) -> State:
    corners = tuple(3 * p + t for p, t in zip(cube.cp, cube.co, strict=True))
    edges = tuple(2 * p + f for p, f in zip(cube.ep, cube.eo, strict=True))
    return corners + edges


def cubies_of(state: State) -> Cubies:
    corners, edges = state[:8], state[8:]
    return Cubies(
        tuple(c // 3 for c in corners),
        tuple(c % 3 for c in corners),
        tuple(e // 2 for e in edges),
        tuple(e % 2 for e in edges),
    )


@cache
def move_cubies(n: int, move: int) -> Cubies:
    """The position a move makes from solved (what ``Cubies.__mul__`` applies)."""
    face = FACES[move // 3]
    return from_colours(turn_colours(solved_colours(n), face, quarters_of(move)), n)


@cache
def recipes(n: int) -> tuple[Recipe, ...]:
    """For each of the 18 moves, per position: where its code comes from, and the new code."""
    out = []
    for move in range(18):
        m = move_cubies(n, move)
        corners = tuple(
            (src, tuple(3 * (c // 3) + (c % 3 + twist) % 3 for c in range(24)))
            for src, twist in zip(m.cp, m.co, strict=True)
        )
        edges = tuple(
            (8 + src, tuple(2 * (e // 2) + (e % 2 + flip) % 2 for e in range(24)))
            for src, flip in zip(m.ep, m.eo, strict=True)
        )
        out.append(corners + edges)
    return tuple(out)


def turned(state: State, recipe: Recipe) -> State:
    return tuple(codes[state[src]] for src, codes in recipe)


def colours_of(state: State) -> Colours:
    return cubies_of(state).colours()
