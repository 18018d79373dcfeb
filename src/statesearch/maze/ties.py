"""The compiled grid searches' tie policies (``Maze.compiled_tie_breaks``), as the last two
words of an open-list row.

A row ends in two int64 words that order the entries of equal f as the engine's policies do
(``algorithms.best_first``):

- ``classic``: ``(g, cell)``, smaller g first, then the smaller cell;
- ``deep``: ``(-g, ~(push << shift | cell))``, larger g first, then the newest push (the
  engine's ``(f, -g, -order, g, state)``, its order counting pushes from the start's 0, as the
  kernels' ``pushed`` counter does).

g is kept as its bits: non-negative floats order as their bit patterns. ``shift`` is 0 for
``classic``; for ``deep`` it is the bits a cell number needs (``shift_for``), so a map of 2**k
cells leaves 63 - k bits to number the pushes.
"""

from __future__ import annotations

from typing import Any

from numba import njit


def shift_for(tie_break: str, cells: int) -> int:
    """The ``shift`` for ``tie_break`` on a grid of ``cells`` cells (border included)."""
    return max(cells - 1, 1).bit_length() if tie_break == "deep" else 0


@njit(cache=True, inline="always")
def row_key(g_bits: Any, cell: Any, push: Any, shift: int) -> tuple[int, int]:
    """The two words of a row for ``cell`` reached at g (its bits) by push number ``push``."""
    if shift:
        return -g_bits, ~((push << shift) | cell)
    return g_bits, cell


@njit(cache=True, inline="always")
def row_cell(first: Any, second: Any, shift: int) -> tuple[int, int]:
    """A row's g (its bits) and cell, from its two words."""
    if shift:
        return -first, ~second & ((1 << shift) - 1)
    return first, second
