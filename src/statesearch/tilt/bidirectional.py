"""The compiled bidirectional search of a tilt puzzle: layers from the start and from the
target arrangement, growing the side whose frontier costs less to expand by the puzzle's
``backward_cost`` (``Tilt``), as the engine's ``algorithms/bidirectional.py`` does, in the same
order with the same counters (the tests hold the two to each other, and both to BFS's lengths).

It needs a single target arrangement and moves that run backwards: as many blocks as targets,
one cell per move, blocks that stop blocks (``Tilt.reversible``), and at most ``MOST_BLOCKS``
blocks.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import partial

import numpy as np
from numba import njit

from ..core.limits import Meter, reserve
from ..core.outcome import Exhausted, Found, Outcome, along
from ..core.problem import backward_cost
from ..core.result import Stats
from ..kernels.codes import AT_BOUND, FOUND, LONGEST, STORED, Budget
from ..kernels.slices import run_slices
from .bfs_kernel import CURSOR, FILL
from .bidirectional_kernel import (
    FULLNESS,
    OWN,
    REGISTERS,
    ROOM,
    SideArrays,
    beyond_side,
    bidirectional_layer,
    most_children,
)
from .key_set import KeySet
from .layers import looked_past, run_layers
from .reverse_moves import Segments
from .tables import Puzzle, Tables

SCRATCH = 1 << 12  # the fewest children a chunk lists room for


class Side:
    """One side's set of boards, and its layers, one after another in ``boards`` (layer d is
    ``boards[starts[d]:starts[d + 1]]``) with, in ``parents``, where in the layer before each
    one's parent is; the layer being made follows the last."""

    def __init__(self, root: int) -> None:
        self.seen = KeySet(root)
        self.boards = np.zeros(64, dtype=np.uint64)
        self.parents = np.zeros(64, dtype=np.uint32)
        self.boards[0] = root
        self.starts = [0, 1]

    @property
    def held(self) -> int:
        """How many boards this side holds: each is in one of its layers."""
        return self.starts[-1]

    @property
    def last(self) -> np.ndarray:
        return self.boards[self.starts[-2] : self.starts[-1]]

    @property
    def arrays(self) -> SideArrays:
        """Its set, its last layer and the room past it for the next, as the layer kernel
        reads and writes them."""
        return SideArrays(
            self.seen.keys, self.last, self.boards[self.held :], self.parents[self.held :]
        )

    def room(self, more: int, meter: Meter) -> None:
        """Room for ``more`` boards past the last layer, asked of ``reserve`` first."""
        if self.held + more > len(self.boards):
            size = 2 * len(self.boards) + more
            reserve(size * 12, "growing the next layer", meter)
            boards, parents = np.empty(size, np.uint64), np.empty(size, np.uint32)
            boards[: len(self.boards)], parents[: len(self.parents)] = self.boards, self.parents
            self.boards, self.parents = boards, parents

    def path(self, depth: int, at: int) -> list[int]:
        """The boards from place ``at`` of layer ``depth`` along the parents to the root."""
        boards = []
        for d in range(depth, -1, -1):
            boards.append(int(self.boards[self.starts[d] + at]))
            at = int(self.parents[self.starts[d] + at])
        return boards

    def find(self, board: int) -> tuple[int, int]:
        """The layer and place of a board this side has reached."""
        at = place(self.boards[: self.held], np.uint64(board))
        if at < 0:
            raise AssertionError("the board is in the set, so it is in a layer")
        depth = bisect_right(self.starts, at) - 1
        return depth, at - self.starts[depth]


@njit(cache=True)
def place(layer: np.ndarray, board: np.uint64) -> int:
    for i in range(len(layer)):
        if layer[i] == board:
            return i
    return -1


class SideSearch:
    """The bidirectional search, run by ``kernels.slices.run_slices``: one layer of one side
    at a time, ``forward`` (from the start) or backward (from the target arrangement), each
    side's set and layers grown under ``reserve`` when full."""

    def __init__(self, puzzle: Puzzle, goal: int, meter: Meter) -> None:
        self.meter, self.start = meter, np.uint64(puzzle.initial)
        self.budget = Budget.of(meter)
        self.board = Tables(puzzle, meter).board
        self.segments = Segments(puzzle.rules).arrays
        # Room for a chunk's children and the most one more board can have (whole chunks at
        # up to 8 blocks, about 13 children a board backward); the fewest, SCRATCH, is not
        # worth a look at the machine's memory (a millisecond).
        size = max(2 * most_children(puzzle.initial.bit_count()), SCRATCH)
        if size > SCRATCH:
            reserve(size * 32, "the bidirectional search's scratch", meter)
        self.kids = np.zeros(size, dtype=np.uint64)
        self.kept_at = np.empty((size, 3), dtype=np.int64)
        self.sides = {True: Side(puzzle.initial), False: Side(goal)}
        self.cost = backward_cost(puzzle)
        self.registers = np.zeros(REGISTERS, dtype=np.int64)
        self.registers[STORED] = self.registers[LONGEST] = 2
        self.depth = 0
        self.start_layer()

    def start_layer(self) -> None:
        """The side whose frontier costs less to expand is grown next."""
        ahead, behind = (len(self.sides[s].last) for s in (True, False))
        self.forward = ahead <= self.cost * behind
        regs = self.registers
        regs[CURSOR] = regs[FILL] = 0
        regs[OWN] = self.sides[self.forward].held

    def run(self, expansions: int) -> int:
        return run_layers(self, expansions, self.meter.max_depth)

    def expand(self, stop_at: int) -> int:
        own, other = self.sides[self.forward], self.sides[not self.forward]
        return int(
            bidirectional_layer(
                own.arrays,
                other.seen.keys,
                self.forward,
                self.board,
                self.segments,
                self.start,
                self.kids,
                self.kept_at,
                len(other.last),
                self.registers,
                self.budget,
                stop_at,
            )
        )

    def next_layer(self) -> None:
        own = self.sides[self.forward]
        own.starts.append(own.held + int(self.registers[FILL]))
        self.depth += 1
        self.start_layer()

    def grow(self, meter: Meter) -> None:
        regs, own = self.registers, self.sides[self.forward]
        room = int(regs[ROOM])
        own.seen.room(int(regs[OWN]) + room, FULLNESS, meter)
        own.room(int(regs[FILL]) + room, meter)

    def meeting_path(self) -> list[int]:
        """After FOUND: the boards from the start to the target arrangement."""
        own, other = self.sides[self.forward], self.sides[not self.forward]
        at = own.held + int(self.registers[FILL])
        meeting = int(own.boards[at])
        mine = own.path(len(own.starts) - 2, int(own.parents[at]))
        theirs = other.path(*other.find(meeting))
        return [*mine[::-1], meeting, *theirs[1:]] if self.forward else theirs[::-1] + mine

    def look_past(self, stats: Stats) -> Exhausted:
        """The last layer the depth bound lets in: a proof if no board new to the side to
        grow next lies past it."""
        own, regs = self.sides[self.forward], self.registers
        layer = own.last
        regs[CURSOR] = 0
        args = (layer, len(layer), own.seen.keys, self.forward, self.board, self.segments)
        look = partial(beyond_side, *args, self.start, self.kids, regs, self.budget)
        return looked_past(look, regs, self.meter, stats)


def bidirectional(puzzle: Puzzle, goal: int, meter: Meter, stats: Stats) -> Outcome:
    if puzzle.initial == goal:
        return Found([puzzle.initial], [], 0)
    search = SideSearch(puzzle, goal, meter)
    status = run_slices(search, meter, stats)
    if status == FOUND:
        return along(puzzle, search.meeting_path())
    return search.look_past(stats) if status == AT_BOUND else Exhausted()
