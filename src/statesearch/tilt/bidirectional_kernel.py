"""Bidirectional breadth-first search of a tilt board in numba: one layer of one side at a time
(``bidirectional.py`` keeps the layers, picks the side and grows the arrays), with the engine's
order and counting (``algorithms/bidirectional.py``).

Each side keeps the boards it reached in a ``KeySet`` and, layer by layer, the boards in the
order they were reached with the place of the one each was reached from in the layer before
(forward: the board it came from; backward: the board it leads to, toward the target
arrangement). A board new to a side is looked up in the other side's set; the first one found
there is on a shortest path.

Those lookups are put off to the end of each chunk of boards expanded (``meeting``): then only
the boards new to this side (about two in five children on hard 8x8 puzzles) are fetched from
the other side's table, ahead of need, instead of every child's row being fetched from both
tables. The counters as they stood when each board was kept are noted, so a meeting found late
sets them back to where the engine stopped, and every stop (a budget, a pause, a full table)
looks up the boards kept before it first (measured in benchmarks/README.md, "Hard tilt
puzzles").
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ..kernels import codes
from ..kernels.intrinsics import prefetch
from .bfs_kernel import CURSOR, FILL
from .bitboard import move
from .hash_table import home
from .key_set import find_key
from .reverse_moves import SegmentArrays, boards_before
from .tables import Board

# The registers after the BFS ones: after NEED_ROOM, how many more boards the side's set and
# next layer (``SideArrays``) must have room for; how many boards its set holds (its side's, not
# both sides' ``STORED``: each set is sized for its own boards, and kept at most FULLNESS full).
ROOM, OWN = FILL + 1, FILL + 2
REGISTERS = OWN + 1
FULLNESS = 2 / 3
GOING_ON = -1  # what ``visit`` returns when the search goes on
MOST_BLOCKS = 16  # the most blocks this search takes (``most_children`` grows as 2**k)
# The children of up to CHUNK boards are listed before any is looked up, so that each lookup's
# table row can be asked for LAG children before it is needed (the lookups, cache misses into
# tables of tens of MB, are much of what this search waits on; 128 and 32 were no faster).
CHUNK, LAG = 64, 16


class SideArrays(NamedTuple):
    """The side being grown, as the layer kernel reads and writes it (one argument, not
    four)."""

    seen: np.ndarray  # its ``KeySet`` array: every board it has reached
    layer: np.ndarray  # its last layer, the one expanded
    following: np.ndarray  # the layer being made, in the order its boards were reached
    parents: np.ndarray  # where in ``layer`` each of those boards came from


def most_children(blocks: int) -> int:
    """The most children one board of ``blocks`` blocks can have: backward, 2**k boards before
    it per direction (a segment with r stuck blocks has r + 1 places for its gap, and
    r + 1 <= 2**r); forward, 4."""
    return 4 << blocks


@njit(cache=True)
def boards_after(blocks: np.uint64, board: Board, out: np.ndarray, at: int) -> int:
    """Append the boards one move after ``blocks`` (moves that change nothing left out) to
    ``out[at:]``; returns the new end."""
    for d in range(4):
        child = move(blocks, d, board.width, board.masks, board.blocked, False, False)
        if child != blocks:
            out[at] = child
            at += 1
    return at


@njit(cache=True)
def visit(
    child: np.uint64,
    parent: int,
    side: SideArrays,
    regs: np.ndarray,
    max_pushed: int,
    kept_at: np.ndarray,
    first: int,
) -> int:
    """One child as the engine sees it: generated; kept if it is new to this side, with the
    counters as they stand (``kept_at[place - first]``) for ``meeting``."""
    seen, _, following, parents = side
    regs[codes.GENERATED] += 1
    slot = find_key(seen, child)
    if seen[slot] != 0:
        return GOING_ON
    if regs[codes.PUSHED] >= max_pushed:
        regs[codes.STOP] = codes.STOP_PUSHED
        return codes.PAUSED
    regs[codes.PUSHED] += 1
    regs[codes.STORED] += 1
    regs[OWN] += 1
    seen[slot] = child
    following[regs[FILL]] = child
    parents[regs[FILL]] = parent
    at = kept_at[regs[FILL] - first]
    at[0], at[1], at[2] = regs[codes.GENERATED], regs[codes.EXPANDED], regs[codes.LONGEST]
    regs[FILL] += 1
    return GOING_ON


@njit(cache=True)
def meeting(
    following: np.ndarray, first: int, other: np.ndarray, regs: np.ndarray, kept_at: np.ndarray
) -> int:
    """Look up ``following[first:regs[FILL]]`` on the other side, in order. At the first one
    found, set the counters back to where they stood when it was kept (the engine stops
    there) and return FOUND, the meeting board at ``following[regs[FILL]]``; else GOING_ON.

    Put off to the end of a chunk so that only boards new to this side are fetched from the
    other side's table (fetching it for every child, duplicates too, cost more)."""
    end, mask = regs[FILL], len(other) - 1
    for k in range(first, min(first + LAG, end)):
        prefetch(other, home(following[k], mask))
    for k in range(first, end):
        if k + LAG < end:
            prefetch(other, home(following[k + LAG], mask))
        if other[find_key(other, following[k])] != 0:
            later = end - 1 - k
            regs[codes.PUSHED] -= later
            regs[codes.STORED] -= later
            regs[OWN] -= later
            regs[FILL] = k
            at = kept_at[k - first]
            regs[codes.GENERATED], regs[codes.EXPANDED], regs[codes.LONGEST] = at[0], at[1], at[2]
            return codes.FOUND
    return GOING_ON


@njit(cache=True)
def bidirectional_layer(
    side: SideArrays,
    other: np.ndarray,
    forward: bool,
    board: Board,
    segments: SegmentArrays,
    start: np.uint64,
    kids: np.ndarray,
    kept_at: np.ndarray,
    waiting: int,
    regs: np.ndarray,
    budget: codes.Budget,
    stop_at: int,
) -> int:
    """Expand ``side.layer[regs[CURSOR]:]`` forward by the moves or backward by
    ``reverse_moves``, into ``side.following[regs[FILL]:]`` (and where in the layer each came
    from into ``side.parents``), pausing when ``stop_at`` states are expanded in all (the
    slice's end); ``other`` is the other side's ``KeySet`` array, ``waiting`` the size of its
    frontier, ``kids`` (at least twice ``most_children`` long) and ``kept_at`` (as many rows of
    3) scratch.

    Returns FOUND (the meeting board is at ``side.following[regs[FILL]]``), EXHAUSTED (the
    layer is done), PAUSED (the slice or a budget: ``regs[STOP]``) or NEED_ROOM
    (``regs[ROOM]`` more boards must fit in ``side.seen`` and ``side.following``; grow them and
    call again)."""
    seen, layer, following, _ = side
    count = len(layer)
    max_expanded, max_pushed, max_stored, _ = budget
    most = min(stop_at, max_expanded)
    seen_mask, seen_most = len(seen) - 1, FULLNESS * len(seen)
    ends = np.zeros(CHUNK, dtype=np.int64)
    first = regs[CURSOR]
    while first < count:
        listed, last = 0, first
        while last < count and last - first < CHUNK and 2 * listed <= len(kids):
            if forward:
                listed = boards_after(layer[last], board, kids, listed)
            else:
                listed = boards_before(layer[last], board, segments, start, kids, listed)
            ends[last - first] = listed
            last += 1
        for j in range(min(LAG, listed)):
            prefetch(seen, home(kids[j], seen_mask))
        j, kept = 0, regs[FILL]
        for i in range(first, last):
            end = ends[i - first]
            regs[CURSOR], status = i, GOING_ON
            if regs[codes.EXPANDED] >= most:
                regs[codes.STOP], status = codes.paused_by(regs, max_expanded), codes.PAUSED
            elif regs[OWN] + end - j > seen_most or regs[FILL] + end - j > len(following):
                regs[ROOM], status = end - j, codes.NEED_ROOM
            else:
                regs[codes.EXPANDED] += 1
                while status == GOING_ON and j < end:
                    if j + LAG < listed:
                        prefetch(seen, home(kids[j + LAG], seen_mask))
                    status = visit(kids[j], i, side, regs, max_pushed, kept_at, kept)
                    j += 1
                if status == GOING_ON and codes.memory_full(regs, max_stored):
                    regs[CURSOR], status = i + 1, codes.PAUSED
            if status != GOING_ON:
                # The boards kept before the stop are looked up first: the engine met there.
                return (
                    codes.FOUND
                    if meeting(following, kept, other, regs, kept_at) == codes.FOUND
                    else status
                )
            # The frontier: the rest of this layer, the next one so far, the other side's.
            regs[codes.LONGEST] = max(regs[codes.LONGEST], count - i - 1 + regs[FILL] + waiting)
        if meeting(following, kept, other, regs, kept_at) == codes.FOUND:
            return codes.FOUND
        first = last
    regs[CURSOR] = count
    return codes.EXHAUSTED


@njit(cache=True)
def beyond_side(
    layer: np.ndarray,
    count: int,
    own: np.ndarray,
    forward: bool,
    board: Board,
    segments: SegmentArrays,
    start: np.uint64,
    kids: np.ndarray,
    regs: np.ndarray,
    budget: codes.Budget,
    stop_at: int,
) -> int:
    """Expand ``layer[regs[CURSOR]:count]``, the last layer the depth bound lets in, only to
    ask whether a board new to this side lies one move past it (the engine's
    ``reaches_beyond``): FOUND at the first board with one, EXHAUSTED if none has, PAUSED at
    ``stop_at`` or the expansion budget."""
    most = min(stop_at, budget.max_expanded)
    for i in range(regs[CURSOR], count):
        if regs[codes.EXPANDED] >= most:
            regs[CURSOR], regs[codes.STOP] = i, codes.paused_by(regs, budget.max_expanded)
            return codes.PAUSED
        regs[codes.EXPANDED] += 1
        if forward:
            listed = boards_after(layer[i], board, kids, 0)
        else:
            listed = boards_before(layer[i], board, segments, start, kids, 0)
        regs[codes.GENERATED] += listed
        for j in range(listed):
            if own[find_key(own, kids[j])] == 0:
                return codes.FOUND
    regs[CURSOR] = count
    return codes.EXHAUSTED
