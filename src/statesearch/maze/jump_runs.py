"""Jump point search's straight runs read 64 cells at a time (Harabor and Grastien, "Improving
Jump Point Search", ICAPS 2014: the same jump points as a run cell by cell, found with a few
word operations per 64 cells).

The open cells of the packed grid (``grid_kernel``: a border of walls) are kept as bits four
times over (``bit_lines``): ``[0]`` the rows (bit ``c`` of row ``r``: cell ``(r, c)`` is open),
``[1]`` the rows mirrored (bit ``width - 1 - c``), ``[2]`` the columns (bit ``r`` of column
``c``), ``[3]`` the columns mirrored. A run in any of the four directions is then a run towards
higher bits along a line, between the line before it and the line after it (its sides). Each
line has a word of walls before and after its own, so a word's neighbours are always there.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels.intrinsics import trailing_zeros

ONE, TOP = np.uint64(1), np.uint64(63)


def bit_lines(open_cells: np.ndarray) -> np.ndarray:
    """``(4, lines, words)`` uint64: the four views of a ``(height, width)`` bool grid of open
    cells (border included) described in the module."""
    height, width = open_cells.shape
    views = [open_cells, open_cells[:, ::-1], open_cells.T, open_cells.T[:, ::-1]]
    lines, length = max(height, width), max(height, width)
    words = (length + 63) // 64 + 2
    out = np.zeros((4, lines, words), dtype=np.uint64)
    for k, view in enumerate(views):
        packed = np.packbits(np.ascontiguousarray(view), axis=1, bitorder="little")
        padded = np.zeros((view.shape[0], (words - 2) * 8), dtype=np.uint8)
        padded[:, : packed.shape[1]] = packed
        out[k, : view.shape[0], 1:-1] = padded.view("<u8")
    return out


@njit(cache=True, inline="always")
def run(bits: np.ndarray, view: int, line: int, start: int, goal: int, cut: bool) -> int:
    """From position ``start`` on ``line`` of ``bits[view]`` towards higher positions: the
    first jump point (``goal`` if the run meets it, or a position with a forced neighbour by
    the corner rule's test, as ``JumpPoints.straight`` tests it), or -1 if a wall comes first.
    ``goal`` is the goal's position on this line, or -1."""
    x = start + 1
    here, before, after = bits[view, line], bits[view, line - 1], bits[view, line + 1]
    w = (x >> 6) + 1  # the line's own words start at 1
    low = ~((ONE << np.uint64(x & 63)) - ONE)  # the positions from x on, in x's word
    while True:
        a, b = before[w], after[w]
        if cut:  # a side blocked here and open one step on
            forced = ((a >> ONE) | (before[w + 1] << TOP)) & ~a
            forced |= ((b >> ONE) | (after[w + 1] << TOP)) & ~b
        else:  # a side open here and blocked one step back
            forced = a & ~((a << ONE) | (before[w - 1] >> TOP))
            forced |= b & ~((b << ONE) | (after[w - 1] >> TOP))
        stop = (forced | ~here[w]) & low
        if stop:
            found = ((w - 1) << 6) + trailing_zeros(stop)
            break
        w += 1
        low = ~np.uint64(0)
    if x <= goal <= found:
        return goal
    open_here = (here[(found >> 6) + 1] >> np.uint64(found & 63)) & ONE
    return found if open_here else -1
