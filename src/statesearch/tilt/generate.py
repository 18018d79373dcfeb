"""Random tilt puzzles with a known optimal length.

Walls and blocks are placed at random; a breadth-first search from the blocks then lists every
reachable arrangement by depth. The targets are one of the deepest arrangements whose cells form
a connected cluster, so the puzzle is solvable and its optimal length is that depth exactly.
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..limits import Limits
from .board import TiltBoard, cells_of, format_tilt

MAX_STATES = 2_000_000  # per attempt: enough for 8x8 with a handful of blocks


@dataclass(frozen=True)
class Generated:
    board: TiltBoard
    optimal: int
    seed: int

    def text(self) -> str:
        b = self.board
        header = (
            f"; seed {self.seed}: {b.height}x{b.width}, {b.blocks.bit_count()} blocks, "
            f"optimal {self.optimal} moves"
        )
        return f"{header}\n{format_tilt(b)}\n"


def connected(mask: int, width: int) -> bool:
    cells = set(cells_of(mask))
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        c = stack.pop()
        col = c % width
        for nxt, ok in (
            (c - width, True),
            (c + width, True),
            (c - 1, col > 0),
            (c + 1, col < width - 1),
        ):
            if ok and nxt in cells and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return len(seen) == len(cells)


def generate(
    seed: int,
    height: int = 8,
    width: int = 8,
    blocks: int = 3,
    min_length: int = 10,
    wall_density: float = 0.15,
    attempts: int = 60,
    max_length: int | None = None,
) -> Generated:
    """A puzzle whose optimal length is at least ``min_length`` (and at most ``max_length``),
    the same for the same seed."""
    from ..limits import LimitHit, Meter
    from ..result import Stats
    from .bitboard import MAX_CELLS
    from .compiled import breadth_first
    from .hash_table import Store
    from .problem import Tilt

    if height * width > MAX_CELLS:
        raise InputError("the generator works on boards of at most {cells} cells", cells=MAX_CELLS)
    if max_length is not None and max_length < min_length:
        raise InputError(
            "max length {max} is below the min length {min}", max=max_length, min=min_length
        )
    if not 1 <= blocks <= height * width // 4:
        raise InputError("blocks must be between 1 and {most}", most=height * width // 4)
    rng = random.Random(seed)
    for _ in range(attempts):
        cells = list(range(height * width))
        walls = {c for c in cells if rng.random() < wall_density}
        free = [c for c in cells if c not in walls]
        start = sum(1 << c for c in rng.sample(free, blocks))
        wall_mask = sum(1 << c for c in walls)
        board = TiltBoard(height, width, wall_mask, 0, start)
        store = Store()
        # A limit is fine: the layers searched so far still carry exact depths.
        with contextlib.suppress(LimitHit):
            breadth_first(Tilt(board), Meter(Limits(max_states=MAX_STATES)), Stats(), store)
        used = store.keys != 0
        keys, depths = store.keys[used], store.g[used]
        # Deepest first, ties by board: the choice must not depend on the table's layout.
        order = np.lexsort((keys, -depths.astype(np.int64)))
        for i in order:
            depth = int(depths[i])
            if depth < min_length:
                break
            if max_length is not None and depth > max_length:
                continue
            arrangement = int(keys[i])
            if connected(arrangement, width):
                target = TiltBoard(height, width, wall_mask, arrangement, start)
                return Generated(target, depth, seed)
    raise InputError(
        "no puzzle with an optimal length of {min} or more after {attempts} attempts; "
        "lower --min-length, raise --max-length, or change the size or block count",
        min=min_length,
        attempts=attempts,
    )
