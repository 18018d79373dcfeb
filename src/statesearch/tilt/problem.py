"""Tilt puzzles as search problems: the state is the bitmask of block cells."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property

from ..errors import InputError
from ..limits import Meter
from ..outcome import Outcome
from ..problem import Heuristic
from ..result import Stats
from .board import TiltBoard, format_tilt, parse_tilt
from .heuristics import make_best, make_bottleneck, make_directions, make_nearest
from .rules import DIRECTIONS, Rules, rules_for

Kernel = Callable[[Meter, Stats], Outcome]


class Tilt:
    """Push every block at once until the blocks cover the targets. Every move costs 1."""

    unit_costs = True
    default_heuristic = "best"

    def __init__(self, board: TiltBoard, step: str = "single", collide: str = "block") -> None:
        self.board = board
        self.rules: Rules = rules_for(board, step, collide)
        self.initial: int = board.blocks
        self.exact_set = board.targets.bit_count() == board.blocks.bit_count()
        self._blocked = {d: self.rules.blocked(d) for d in DIRECTIONS}

    @classmethod
    def from_text(cls, text: str, step: str = "single", collide: str = "block") -> Tilt:
        return cls(parse_tilt(text), step, collide)

    def is_goal(self, blocks: int) -> bool:
        targets = self.board.targets
        if blocks.bit_count() == targets.bit_count():
            return blocks == targets
        return blocks & ~targets == 0

    def successors(self, blocks: int) -> list[tuple[str, int, int]]:
        out = []
        for d in DIRECTIONS:
            after = self.rules.move(blocks, d, self._blocked[d])
            if after != blocks:  # a move that changes nothing is not generated
                out.append((d, after, 1))
        return out

    def apply(self, blocks: int, direction: str) -> int:
        if direction not in DIRECTIONS:
            raise InputError("unknown move {move!r}; use U D L R", move=direction)
        return self.rules.move(blocks, direction, self._blocked[direction])

    @cached_property
    def heuristics(self) -> Mapping[str, Heuristic]:
        board, rules = self.board, self.rules
        table = {"directions": Heuristic("directions", make_directions(board, rules))}
        table["best"] = Heuristic("best", make_best(board, rules))
        single = rules.step == "single"
        # Under full steps a block can cross the board in one move: distances are no bound.
        table["nearest"] = Heuristic("nearest", make_nearest(board), admissible=single)
        table["bottleneck"] = Heuristic(
            "bottleneck",
            make_bottleneck(board),
            admissible=single and rules.collide == "block" and self.exact_set,
        )
        return table

    def compiled(
        self, algorithm: str, heuristic: str, weight: float, required: bool
    ) -> Kernel | None:
        """A compiled kernel for this (algorithm, heuristic), or ``None``: see ``compiled``."""
        from .compiled import kernel_for

        return kernel_for(self, algorithm, heuristic, weight)

    def show(self, blocks: int) -> str:
        return format_tilt(self.board, blocks)
