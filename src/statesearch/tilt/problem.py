"""Tilt puzzles as search problems: the state is the bitmask of block cells.

When is a board solved? With as many blocks as targets, when the blocks are exactly on the
targets. With spare targets (more targets than blocks), when every block is on a target.
Under ``collide="merge"`` blocks that meet become one, so a board can end with fewer blocks
than targets: it is solved when every block left is on a target, and the targets left over
stay empty (``goal_rule`` says so in words, for the outputs).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING

from ..core.limits import Meter, active_meter
from ..core.problem import Heuristic, NamedHeuristics
from ..errors import InputError
from .board import TiltBoard, counted, format_tilt, parse_tilt
from .heuristics import make_best, make_bottleneck, make_directions, make_nearest
from .rules import DIRECTIONS, Rules, rules_for

if TYPE_CHECKING:
    from ..kernels import Kernel


class Tilt:
    """Push every block at once until the blocks cover the targets (see the module docstring
    for the exact rule). Every move costs 1. ``meter`` bounds the heuristics' table builds
    (their clock and cancel flag), for a caller whose clock started before the board was read."""

    unit_costs = True
    default_heuristic = "best"
    # Listing the boards a move could have come from (then leaving out the many no move
    # produces) costs about two listings of the moves from a board (benchmarks/README.md, "Hard
    # tilt puzzles"): bidirectional search grows the forward side while its frontier is at most
    # twice the backward one, in either engine (``Reversible``).
    backward_cost = 2.0
    # Only where moves run backwards (``reversible``): the one target arrangement, for
    # bidirectional search.
    goal: int

    def __init__(
        self,
        board: TiltBoard,
        step: str = "single",
        collide: str = "block",
        meter: Meter | None = None,
    ) -> None:
        self.board = board
        self.meter = meter
        self.rules: Rules = rules_for(board, step, collide)
        if not board.targets:  # even blocks that merge need one
            raise InputError("the board has no target (x): its blocks have nowhere to go")
        if collide != "merge" and board.targets.bit_count() < board.blocks.bit_count():
            # Blocks that cannot merge each need a target of their own.
            targets = board.targets.bit_count()
            raise InputError(
                "{blocks} blocks but only 1 target: every block needs a target"
                if targets == 1
                else "{blocks} blocks but only {targets} targets: every block needs a target",
                blocks=board.blocks.bit_count(),  # more than the targets: never 1
                targets=targets,
            )
        self.initial: int = board.blocks
        self.exact_set = board.targets.bit_count() == board.blocks.bit_count()
        self._blocked = {d: self.rules.blocked(d) for d in DIRECTIONS}
        # One target arrangement, and moves that can be run backwards: bidirectional search.
        self.reversible = self.exact_set and (step, collide) == ("single", "block")
        if self.reversible:
            self.goal = board.targets

    @classmethod
    def from_text(
        cls, text: str, step: str = "single", collide: str = "block", meter: Meter | None = None
    ) -> Tilt:
        return cls(parse_tilt(text), step, collide, meter)

    @property
    def goal_rule(self) -> str:
        """When this board counts as solved, in one line."""
        if self.rules.collide == "merge":
            return (
                "solved when every block is on a target: blocks that meet merge, so targets "
                "can stay empty"
            )
        if self.exact_set:
            return "solved when the blocks cover the targets exactly"
        return "solved when every block is on a target (there are spare targets)"

    def unsolvable_reason(self) -> str | None:
        """A proof that no move sequence solves the board, or ``None``. Blocks never leave the
        region of free cells they are in (walls and edges enclose it), and never vanish; so a
        region needs at least as many targets as blocks (at least one, when blocks merge), and
        exactly as many when blocks and targets are equal in number and cannot merge."""
        board = self.board
        merge = self.rules.collide == "merge"
        for region in regions(board):
            blocks = (board.blocks & region).bit_count()
            targets = (board.targets & region).bit_count()
            enough = targets >= (min(blocks, 1) if merge else blocks)
            if not enough or (self.exact_set and not merge and targets != blocks):
                return (
                    f"a walled-in region holds {counted(blocks, 'block')} and "
                    f"{counted(targets, 'target')}: blocks never leave their region"
                )
        return None

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

    def predecessors(self, blocks: int) -> list[tuple[str, int, int]]:
        """The boards one move before ``blocks``, with that move (default rules only), leaving
        out those that no move produces: only the start can begin a path through them (most
        boards a backward search meets are such)."""
        rules, start = self.rules, self.initial
        return [
            (d, before, 1)
            for d in DIRECTIONS
            for before in rules.predecessors(blocks, d)
            if before == start or rules.produced(before)
        ]

    def apply(self, blocks: int, direction: str) -> int:
        if direction not in DIRECTIONS:
            raise InputError("unknown move {move!r}; use U D L R", move=direction)
        return self.rules.move(blocks, direction, self._blocked[direction])

    @cached_property
    def heuristics(self) -> Mapping[str, Heuristic]:
        """Each built the first time a search asks for it (a big board's tables cost time)."""
        board, rules, meter = self.board, self.rules, self.meter
        single = rules.step == "single"
        # Under full steps a block can cross the board in one move: distances are no bound.
        bottleneck_ok = single and rules.collide == "block" and self.exact_set
        return NamedHeuristics(
            {
                "best": lambda: Heuristic("best", make_best(board, rules, meter)),
                "directions": lambda: Heuristic("directions", make_directions(board, rules)),
                "nearest": lambda: Heuristic(
                    "nearest", make_nearest(board, meter), admissible=single
                ),
                "bottleneck": lambda: Heuristic(
                    "bottleneck", make_bottleneck(board, meter), admissible=bottleneck_ok
                ),
            }
        )

    def choose_algorithm(self, heuristic: str | None) -> tuple[str, str | None, str]:
        """What ``algorithm="auto"`` runs: the compiled bidirectional search where it applies
        (one target arrangement, the default rules, a board of at most 64 cells and 16 blocks),
        else A* with the ``best`` heuristic (or the one asked for)."""
        if heuristic is None and self.reversible and self._fits_bidirectional():
            return (
                "bidirectional",
                None,
                "bidirectional BFS from the start and from the targets: the tilt bounds are "
                "weak, and searching from both ends keeps far fewer boards than A*",
            )
        chosen = heuristic or self.default_heuristic
        if heuristic is not None:
            why = f"A* + {chosen}, the heuristic asked for"
        elif not self.reversible:
            why = (
                f"A* + {chosen}: moves run backwards only toward one target arrangement, under "
                "the default rules"
            )
        else:
            why = f"A* + {chosen}: bidirectional search is compiled for 64 cells and 16 blocks"
        return "astar", chosen, why

    def _fits_bidirectional(self) -> bool:
        """At most 64 cells and 16 blocks (the kernel's bounds; the kernel module, and numba
        with it, is imported only for a board of at most 64 cells: importing numba takes
        about a second)."""
        if self.board.cells > 64:
            return False
        from .bidirectional_kernel import MOST_BLOCKS

        return self.initial.bit_count() <= MOST_BLOCKS

    def compiled(
        self, algorithm: str, heuristic: str, weight: float, required: bool
    ) -> Kernel | None:
        """A compiled kernel for this (algorithm, heuristic), or ``None``: see ``compiled``.
        Boards of more than 64 cells have none, and do not import numba (about a second); nor
        has A* (or UCS) under a depth bound, which the compiled one does not keep."""
        if self.board.cells > 64:
            return None
        meter = active_meter()
        if algorithm in ("astar", "ucs") and meter is not None and meter.depth_limited:
            if required:
                raise InputError("the compiled tilt A* has no depth bound; use --engine python")
            return None
        from .compiled import kernel_for

        return kernel_for(self, algorithm, heuristic, weight)

    def show(self, blocks: int) -> str:
        return format_tilt(self.board, blocks)

    def render(self, blocks: int) -> str:
        """A board on one line, its rows split by ``/`` (traces, ``--trace-json``)."""
        return "/".join(self.show(blocks).splitlines())

    def _repr_html_(self) -> str:
        from ..pictures import tilt_html  # a notebook's picture, loaded only there

        return tilt_html(self)


def regions(board: TiltBoard) -> list[int]:
    """The regions of free cells that hold blocks or targets, as masks (a flood fill)."""
    w, n = board.width, board.cells
    label = [-1 if board.walls >> c & 1 else 0 for c in range(n)]
    out = []
    for seed in range(n):
        if label[seed] != 0 or not (board.blocks | board.targets) >> seed & 1:
            continue
        label[seed] = 1
        stack, mask = [seed], 0
        while stack:
            cell = stack.pop()
            mask |= 1 << cell
            r, c = divmod(cell, w)
            for nxt, inside in (
                (cell - w, r > 0),
                (cell + w, r < board.height - 1),
                (cell - 1, c > 0),
                (cell + 1, c < w - 1),
            ):
                if inside and label[nxt] == 0:
                    label[nxt] = 1
                    stack.append(nxt)
        out.append(mask)
    return out
