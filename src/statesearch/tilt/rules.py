"""The rules: every block moves at once, one cell (or until it stops), in one direction.

Default (``step="single"``, ``collide="block"``): a block is stuck if the next cell is off the
board or a wall, or holds a stuck block (propagated until nothing changes); every other block
moves one cell. ``step="full"`` repeats that step until nothing moves (classic tilt/ice
sliding). ``collide="merge"``: only walls and edges stop blocks, and blocks that meet merge.

Everything is bit arithmetic on integers, so the same code serves Python ints of any size.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError
from .board import TiltBoard

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

    @property
    def full(self) -> int:
        return (1 << (self.height * self.width)) - 1

    def shift_amount(self, direction: str) -> int:
        """How far a cell index moves: +width for down, -1 for left, ..."""
        return {"U": -self.width, "D": self.width, "L": -1, "R": 1}[direction]

    def blocked(self, direction: str) -> int:
        """Cells whose next cell in ``direction`` is off the board or a wall."""
        w, h = self.width, self.height
        edge = 0
        for r in range(h):
            for c in range(w):
                if (
                    (direction == "U" and r == 0)
                    or (direction == "D" and r == h - 1)
                    or (direction == "L" and c == 0)
                    or (direction == "R" and c == w - 1)
                ):
                    edge |= 1 << (r * w + c)
        return edge | self.shift(self.walls, _opposite(direction))

    def shift(self, mask: int, direction: str) -> int:
        """Every bit one cell over; bits that would leave the board are dropped."""
        k = self.shift_amount(direction)
        out = mask << k if k > 0 else mask >> -k
        if direction in "LR":
            # Drop bits that wrapped into the neighbouring row.
            column = 0 if direction == "R" else self.width - 1
            out &= ~_column_mask(self.height, self.width, column)
        return out & self.full

    def step_once(self, blocks: int, direction: str, blocked: int) -> int:
        if self.collide == "merge":
            stuck = blocks & blocked
            return stuck | self.shift(blocks & ~stuck, direction)
        stuck = blocks & blocked
        while True:
            # A block is stuck when the cell ahead holds a stuck block.
            more = blocks & self.shift(stuck, _opposite(direction)) & ~stuck
            if not more:
                break
            stuck |= more
        return stuck | self.shift(blocks & ~stuck, direction)

    def move(self, blocks: int, direction: str, blocked: int) -> int:
        after = self.step_once(blocks, direction, blocked)
        if self.step == "full":
            while True:
                again = self.step_once(after, direction, blocked)
                if again == after:
                    break
                after = again
        return after


def _opposite(direction: str) -> str:
    return {"U": "D", "D": "U", "L": "R", "R": "L"}[direction]


def _column_mask(height: int, width: int, column: int) -> int:
    mask = 0
    for r in range(height):
        mask |= 1 << (r * width + column)
    return mask


def rules_for(board: TiltBoard, step: str = "single", collide: str = "block") -> Rules:
    return Rules(board.height, board.width, board.walls, step, collide)
