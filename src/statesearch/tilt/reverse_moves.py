"""The tilt move run backwards on a bitboard, for the bidirectional kernel: the same boards in
the same order as ``Rules.predecessors`` (the module docstring of ``rules.py`` says why they are
all the boards before a move; the tests hold the two to each other).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ..kernels.intrinsics import popcount, trailing_zeros
from .bitboard import shift, stuck_blocks
from .rules import DIRECTIONS, Rules
from .tables import Board


class SegmentArrays(NamedTuple):
    """``Segments`` as the bidirectional kernel reads them (one argument, not four)."""

    segment_of: np.ndarray
    prefix: np.ndarray
    length: np.ndarray
    whole: np.ndarray


class Segments:
    """The segments of each direction as arrays: ``segment_of[d, front]`` numbers the segment
    whose front cell is ``front``, and ``prefix[d, g, s]`` is the mask of its first ``s`` cells
    from the front (``prefix[d, g, length[d, g]]`` is the whole segment)."""

    def __init__(self, rules: Rules) -> None:
        runs = [list(rules.segments[d].values()) for d in DIRECTIONS]
        cells = rules.height * rules.width
        most = max((len(r) for r in runs), default=1)
        longest = max((len(run) for r in runs for run in r), default=1)
        self.segment_of = np.full((4, cells), -1, dtype=np.int64)
        self.prefix = np.zeros((4, most, longest + 1), dtype=np.uint64)
        self.length = np.zeros((4, most), dtype=np.int64)
        self.whole = np.zeros((4, cells), dtype=np.uint64)  # the segment each cell is in
        for d, segments in enumerate(runs):
            for g, run in enumerate(segments):
                self.segment_of[d, run[0]] = g
                self.length[d, g] = len(run)
                for s in range(len(run)):
                    self.prefix[d, g, s + 1] = self.prefix[d, g, s] | np.uint64(1 << run[s])
                self.whole[d, run] = self.prefix[d, g, len(run)]
        self.arrays = SegmentArrays(self.segment_of, self.prefix, self.length, self.whole)


@njit(cache=True)
def produced(blocks: np.uint64, blocked: np.ndarray, whole: np.ndarray) -> bool:
    """``Rules.produced``: whether some move ends in ``blocks``. In direction d the blocks on
    last cells (``blocked[d ^ 1]``) must fill their segments (``whole[d, cell]``), and some
    block must lie outside those full segments (it moved, or its run has a gap to place)."""
    for d in range(4):
        full = np.uint64(0)
        last = blocks & blocked[d ^ 1]
        while last:
            segment = whole[d, trailing_zeros(last)]
            if blocks & segment != segment:
                break
            full |= segment
            last &= last - np.uint64(1)
        if not last and blocks & ~full:
            return True
    return False


@njit(cache=True)
def boards_before(
    blocks: np.uint64, board: Board, segments: SegmentArrays, start: np.uint64, out: np.ndarray,
    at: int,
) -> int:  # fmt: skip
    """Append the boards that one move turns into ``blocks`` to ``out[at:]`` as
    ``Tilt.predecessors`` lists them (in the order of ``Rules.predecessors``, direction by
    direction, leaving out those no move produces but ``start``); returns the new end. ``out``
    needs room for ``4 * 2**k`` boards with k blocks."""
    width, masks, blocked = board.width, board.masks, board.blocked
    segment_of, prefix, length, whole = segments
    first = at
    for d in range(4):
        stuck = stuck_blocks(blocks, d, width, masks, blocked)
        if blocks & blocked[d ^ 1] & ~stuck:
            continue  # a block on a last cell that did not stay there
        begin = at
        out[at] = shift(blocks & ~stuck, d ^ 1, width, masks)  # those that moved
        at += 1
        fronts = stuck & blocked[d]
        while fronts:
            g = segment_of[d, trailing_zeros(fronts)]
            fronts &= fronts - np.uint64(1)
            held = stuck & prefix[d, g, length[d, g]]
            filled = popcount(held)
            if filled == length[d, g]:
                for i in range(begin, at):
                    out[i] |= held  # a full segment: nothing moved in it
                continue
            # Each board so far, once per place of this segment's gap: the boards listed so
            # far stay first, so the first segment's gap changes fastest.
            run = prefix[d, g, filled + 1]
            size = at - begin
            for gap in range(filled, -1, -1):
                part = run & ~(prefix[d, g, gap + 1] & ~prefix[d, g, gap])
                for i in range(size):
                    out[begin + gap * size + i] = out[begin + i] | part
            at = begin + size * (filled + 1)
        if not blocks & ~stuck:
            at -= 1  # nothing moved: the last board, every gap at its run's end, is blocks
    kept = first
    for i in range(first, at):
        if out[i] == start or produced(out[i], blocked, whole):
            out[kept] = out[i]
            kept += 1
    return kept
