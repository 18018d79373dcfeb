"""The rules: every block moves at once, one cell (or until it stops), in one direction.

Default (``step="single"``, ``collide="block"``): a block is stuck if the next cell is off the
board or a wall, or holds a stuck block (propagated until nothing changes); every other block
moves one cell. ``step="full"`` repeats that step until nothing moves (classic tilt/ice
sliding). ``collide="merge"``: only walls and edges stop blocks, and blocks that meet merge.

Everything is bit arithmetic on integers, so the same code serves Python ints of any size.

Under the default rules a move can also be run backwards (``predecessors``), for bidirectional
search. Along the direction of the move the board splits into *segments*, runs of free cells
that end at a wall or the edge (the *front*). In a segment, the blocks packed against the front
are stuck and every other block moves one cell toward it, leaving the segment's last cell
empty. So after the move a block on a last cell means the whole segment was full; and where the
stuck blocks fill the first r cells of a segment that is not full, before the move the first
r + 1 cells held r blocks: the stuck ones, and those that then moved into the run. Any one of
those r + 1 cells may have been the gap (the gap's place decides which blocks were stuck), and
every block beyond the run came from one cell further back. The boards before a move are every
choice of one gap per such segment, except the board itself (a move that changes nothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import product

from ..directions import OPPOSITE
from ..errors import InputError
from .board import TiltBoard, cells_of

DIRECTIONS = "UDLR"  # the order moves are generated in
STEPS = ("single", "full")
COLLISIONS = ("block", "merge")


@dataclass(frozen=True)
class Rules:
    """Precomputed masks for one board shape, walls and variant."""

    height: int
    width: int
    walls: int
    step: str = "single"
    collide: str = "block"

    def __post_init__(self) -> None:
        if self.step not in STEPS:
            raise InputError(
                "unknown step {step!r}; choose from {choices}",
                step=self.step,
                choices=", ".join(STEPS),
            )
        if self.collide not in COLLISIONS:
            raise InputError(
                "unknown collide {collide!r}; choose from {choices}",
                collide=self.collide,
                choices=", ".join(COLLISIONS),
            )

    @cached_property
    def full(self) -> int:
        return (1 << (self.height * self.width)) - 1

    def shift_amount(self, direction: str) -> int:
        """How far a cell index moves: +width for down, -1 for left, ..."""
        return {"U": -self.width, "D": self.width, "L": -1, "R": 1}[direction]

    @cached_property
    def _columns(self) -> tuple[int, int]:
        """The first and the last column, as masks (built by doubling: a big board's masks
        are big integers, and adding one row at a time would cost rows x size)."""
        column, rows = 1, 1
        while rows < self.height:
            column |= column << (rows * self.width)
            rows *= 2
        column &= self.full
        return column, column << (self.width - 1)

    @cached_property
    def _blocked(self) -> dict[str, int]:
        first, last = self._columns
        top, bottom = (
            (1 << self.width) - 1,
            ((1 << self.width) - 1) << ((self.height - 1) * self.width),
        )
        edges = {"U": top, "D": bottom, "L": first, "R": last}
        return {d: edges[d] | self.shift(self.walls, OPPOSITE[d]) for d in DIRECTIONS}

    def blocked(self, direction: str) -> int:
        """Cells whose next cell in ``direction`` is off the board or a wall."""
        return self._blocked[direction]

    def shift(self, mask: int, direction: str) -> int:
        """Every bit one cell over; bits that would leave the board are dropped."""
        k = self.shift_amount(direction)
        out = mask << k if k > 0 else mask >> -k
        if direction in "LR":
            # Drop bits that wrapped into the neighbouring row.
            first, last = self._columns
            out &= ~(first if direction == "R" else last)
        return out & self.full

    def step_once(self, blocks: int, direction: str, blocked: int) -> int:
        if self.collide == "merge":
            stuck = blocks & blocked
            return stuck | self.shift(blocks & ~stuck, direction)
        stuck = self.stuck(blocks, direction, blocked)
        return stuck | self.shift(blocks & ~stuck, direction)

    @cached_property
    def segments(self) -> dict[str, dict[int, list[int]]]:
        """For each direction, its segments by front cell: the free cells of each, front
        first."""
        out: dict[str, dict[int, list[int]]] = {}
        for direction in DIRECTIONS:
            back = -self.shift_amount(direction)
            runs = {}
            for front in cells_of(self.blocked(direction) & ~self.walls & self.full):
                run = [front]
                while self.shift(1 << run[-1], OPPOSITE[direction]) & ~self.walls:
                    run.append(run[-1] + back)
                runs[front] = run
            out[direction] = runs
        return out

    def stuck(self, blocks: int, direction: str, blocked: int) -> int:
        """The blocks that a move in ``direction`` leaves where they are (default collide)."""
        stuck = blocks & blocked
        while True:
            # A block is stuck when the cell ahead holds a stuck block.
            more = blocks & self.shift(stuck, OPPOSITE[direction]) & ~stuck
            if not more:
                return stuck
            stuck |= more

    def predecessors(self, blocks: int, direction: str) -> list[int]:
        """Every board other than ``blocks`` that the move in ``direction`` turns into
        ``blocks`` (default rules only; see the module docstring). Order: the segments with a
        gap to place by front cell, the first one's gap changing fastest, each gap from the
        front backwards (the compiled search's order)."""
        if self.step != "single" or self.collide != "block":
            raise InputError("moves run backwards under the default rules only")
        blocked, back = self.blocked(direction), self.blocked(OPPOSITE[direction])
        stuck = self.stuck(blocks, direction, blocked)
        if blocks & back & ~stuck:
            return []  # a block on a last cell that did not stay there
        base = self.shift(blocks & ~stuck, OPPOSITE[direction])  # those that moved
        gaps: list[list[int]] = []
        for front in cells_of(stuck & blocked):
            run = self.segments[direction][front]
            held = sum(1 << c for c in run) & stuck
            filled = held.bit_count()
            if filled == len(run):
                base |= held  # a full segment: nothing moved in it
                continue
            cells = run[: filled + 1]
            before = sum(1 << c for c in cells)
            gaps.append([before & ~(1 << gap) for gap in cells])
        out = []
        for choice in product(*reversed(gaps)):
            board = base
            for part in choice:
                board |= part
            if board != blocks:
                out.append(board)
        return out

    def produced(self, blocks: int) -> bool:
        """Whether some move ends in ``blocks`` (default rules): in some direction no block
        sits on a last cell without being stuck, and a block moved or a gap can be placed (a
        stuck run with a free cell behind it). Most boards a backward search meets are not:
        no path from the start passes through them but the start itself."""
        for direction in DIRECTIONS:
            stuck = self.stuck(blocks, direction, self.blocked(direction))
            if blocks & self.blocked(OPPOSITE[direction]) & ~stuck:
                continue
            behind = self.shift(stuck, OPPOSITE[direction]) & ~blocks & ~self.walls
            if blocks & ~stuck or behind:
                return True
        return False

    def move(self, blocks: int, direction: str, blocked: int) -> int:
        after = self.step_once(blocks, direction, blocked)
        if self.step == "full":
            while True:
                again = self.step_once(after, direction, blocked)
                if again == after:
                    break
                after = again
        return after


def rules_for(board: TiltBoard, step: str = "single", collide: str = "block") -> Rules:
    return Rules(board.height, board.width, board.walls, step, collide)
