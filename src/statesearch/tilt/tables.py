"""What every tilt kernel reads of a puzzle: the board's masks and the heuristics' distance
tables as numpy arrays (``Tables``), built under the caller's meter, and the part of a ``Tilt``
the adapters use (``Puzzle``).
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

import numpy as np

from ..core.limits import Meter
from .board import TiltBoard, cells_of
from .estimates import SCRATCH, estimate
from .heuristics import UNREACHABLE, direction_needs, distances_from
from .rules import DIRECTIONS, Rules

SLICE = 1 << 18  # IDA* expansions between clock checks


class Board(NamedTuple):
    """The board and its rules, as every tilt kernel reads them (one argument, not seven)."""

    targets: np.uint64
    target_count: int
    width: int
    masks: np.ndarray  # every cell, all but the first column, all but the last
    blocked: np.ndarray  # per direction, the cells a block cannot leave that way
    merge: bool
    full: bool


class Bounds(NamedTuple):
    """What the heuristics read (``estimates.estimate``)."""

    nearest: np.ndarray
    within: np.ndarray
    need: np.ndarray


class Puzzle(Protocol):
    """What the adapters read of a ``Tilt``."""

    board: TiltBoard
    rules: Rules
    initial: int

    def is_goal(self, blocks: int) -> bool: ...

    def successors(self, blocks: int) -> list[tuple[str, int, int]]: ...

    def apply(self, blocks: int, direction: str) -> int: ...


class Tables:
    """The masks and distance tables a tilt kernel needs, as numpy arrays (a board of at most
    64 cells: at most 64 distance tables of 64 cells); ``meter`` bounds the build."""

    def __init__(self, puzzle: Puzzle, meter: Meter | None = None) -> None:
        board, rules = puzzle.board, puzzle.rules
        w, n = board.width, board.cells
        full = (1 << n) - 1
        first = sum(1 << (r * w) for r in range(board.height))
        last = first << (w - 1)
        masks = np.array([full, full & ~first, full & ~last], dtype=np.uint64)
        blocked = np.array([rules.blocked(d) for d in DIRECTIONS], dtype=np.uint64)
        self.targets = np.uint64(board.targets)
        self.target_count = board.targets.bit_count()
        target_cells = cells_of(board.targets)
        self.nearest = np.array(distances_from(board, target_cells, meter), dtype=np.int64)
        table = np.array([distances_from(board, [t], meter) for t in target_cells], np.int64)
        # within[L, cell]: bitmask of the targets at most L steps from cell (for the matching).
        finite = table[table < UNREACHABLE]
        longest = int(finite.max()) if finite.size else 0
        self.within = np.zeros((longest + 2, n), dtype=np.uint64)
        for t, row in enumerate(table[:64]):
            for limit in range(longest + 2):
                self.within[limit] |= np.where(
                    row <= limit, np.uint64(1) << np.uint64(t), 0
                ).astype(np.uint64)
        self.need = np.array(direction_needs(board, rules), dtype=np.int64).reshape(4, n)
        if meter is not None:
            meter.check()
        self.board = Board(
            self.targets,
            self.target_count,
            w,
            masks,
            blocked,
            rules.collide == "merge",
            rules.step == "full",
        )
        self.bounds = Bounds(self.nearest, self.within, self.need)

    def estimate(self, blocks: int, kind: int) -> int:
        scratch = np.empty(SCRATCH, dtype=np.uint64)
        cells = np.empty(64, dtype=np.int64)
        return int(
            estimate(
                np.uint64(blocks),
                kind,
                self.nearest,
                self.within,
                self.target_count,
                self.need,
                scratch,
                cells,
            )
        )
