"""The compiled bidirectional search of a tilt puzzle: layers from the start and from the
target arrangement, growing the side whose frontier costs less to expand by the puzzle's
``backward_cost`` (``Tilt``), as the engine's ``algorithms/bidirectional.py`` does, in the same
order with the same counters (the tests hold the two to each other, and both to BFS's lengths).

It needs a single target arrangement and moves that run backwards: as many blocks as targets,
one cell per move, blocks that stop blocks (``Tilt.reversible``), and at most ``MOST_BLOCKS``
blocks.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from numba import njit

from ..kernels.codes import (
    EXPANDED,
    FOUND,
    LONGEST,
    NEED_ROOM,
    PAUSED,
    STORED,
    after_pause,
    read_counters,
)
from ..limits import Meter, reserve
from ..outcome import Exhausted, Found, Outcome, along
from ..problem import backward_cost
from ..result import Stats
from .beyond import looked_past
from .bfs_kernel import CURSOR, FILL
from .bidirectional_kernel import (
    FULLNESS,
    OWN,
    REGISTERS,
    ROOM,
    beyond_side,
    bidirectional_layer,
    most_children,
)
from .key_set import KeySet
from .reverse_moves import Segments
from .tables import SLICE, Puzzle, Tables

SCRATCH = 1 << 12  # the fewest children a chunk lists room for


class Side:
    """One side's set of boards, and its layers: the boards of each, and where in the layer
    before each one's parent is."""

    def __init__(self, root: int) -> None:
        self.seen = KeySet(root)
        self.layers = [np.array([root], dtype=np.uint64)]
        self.parents = [np.zeros(1, dtype=np.uint32)]

    @property
    def boards(self) -> int:
        """How many boards this side holds: each is in one of its layers."""
        return sum(len(layer) for layer in self.layers)

    def path(self, depth: int, at: int) -> list[int]:
        """The boards from ``layers[depth][at]`` along the parents to the root."""
        boards = []
        for d in range(depth, -1, -1):
            boards.append(int(self.layers[d][at]))
            at = int(self.parents[d][at])
        return boards

    def find(self, board: int) -> tuple[int, int]:
        """The layer and place of a board this side has reached."""
        for depth, layer in enumerate(self.layers):
            at = place(layer, np.uint64(board))
            if at >= 0:
                return depth, at
        raise AssertionError("the board is in the set, so it is in a layer")


@njit(cache=True)
def place(layer: np.ndarray, board: np.uint64) -> int:
    for i in range(len(layer)):
        if layer[i] == board:
            return i
    return -1


def bidirectional(puzzle: Puzzle, goal: int, meter: Meter, stats: Stats) -> Outcome:
    start = puzzle.initial
    if start == goal:
        return Found([start], [], 0)
    board = Tables(puzzle, meter).board[2:5]  # width, masks, blocked
    segments = Segments(puzzle.rules).arrays
    # Room for a chunk's children and the most one more board can have (whole chunks at up to
    # 8 blocks, about 13 children a board backward).
    kids = np.zeros(max(2 * most_children(start.bit_count()), SCRATCH), dtype=np.uint64)
    kept_at = np.empty((len(kids), 3), dtype=np.int64)
    sides = {True: Side(start), False: Side(goal)}
    regs = np.zeros(REGISTERS, dtype=np.int64)
    regs[STORED] = regs[LONGEST] = 2
    cost = backward_cost(puzzle)
    depth = 0
    while True:
        forward = len(sides[True].layers[-1]) <= cost * len(sides[False].layers[-1])
        own, other = sides[forward], sides[not forward]
        layer = own.layers[-1]
        if depth >= meter.max_depth:
            regs[CURSOR] = 0
            args = (layer, len(layer), own.seen.keys, forward, *board, *segments)
            look = partial(beyond_side, *args, np.uint64(start), kids, regs)  # budget to come
            return looked_past(look, regs, meter, stats)
        following = np.empty(max(64, 2 * len(layer)), dtype=np.uint64)
        parents = np.empty(len(following), dtype=np.uint32)
        regs[CURSOR] = regs[FILL] = 0
        regs[OWN] = own.boards
        while True:
            status = bidirectional_layer(
                layer,
                len(layer),
                following,
                parents,
                own.seen.keys,
                other.seen.keys,
                forward,
                *board,
                *segments,
                np.uint64(start),
                kids,
                kept_at,
                len(other.layers[-1]),
                regs,
                min(meter.max_expanded, int(regs[EXPANDED]) + SLICE),
                meter.max_pushed,
                meter.max_states,
            )
            read_counters(regs, stats)
            if status == NEED_ROOM:
                room = int(regs[ROOM])
                own.seen.room(int(regs[OWN]) + room, FULLNESS)
                if regs[FILL] + room > len(following):
                    size = 2 * len(following) + room
                    each = following.itemsize + parents.itemsize
                    reserve(size * each, "growing the next layer")
                    following = np.resize(following, size)
                    parents = np.resize(parents, size)
                continue
            if status == FOUND:
                fill = int(regs[FILL])
                mine = own.path(len(own.layers) - 1, int(parents[fill]))
                theirs = other.path(*other.find(int(following[fill])))
                meeting = [int(following[fill])]
                path = mine[::-1] + meeting + theirs[1:] if forward else theirs[::-1] + mine
                return along(puzzle, path)
            if status != PAUSED:
                break
            after_pause(regs, meter)
        fill = int(regs[FILL])
        if not fill:
            return Exhausted()
        own.layers.append(following[:fill])
        own.parents.append(parents[:fill])
        depth += 1
