"""Random tilt puzzles with a known optimal length, for every variant of the rules.

Walls and blocks are placed at random; a census of the boards reachable from the blocks
(``census.py``, under the variant's rules) lists them by the number of moves that first reach
them. The targets are one of the deepest arrangements whose cells form a connected cluster, so
the puzzle is solvable and, where the goal is that exact arrangement, its optimal length is that
depth. With ``collide="merge"`` a board of fewer (merged) blocks all on targets is solved too,
so the optimal length is the first depth holding such a board, if that comes earlier.

Hard puzzles: ``min_states`` keeps only boards whose whole reachable space has at least that
many arrangements (counted up to ``max_states``, which bounds the memory: about 24 bytes a
board).

``generate(seed, ..., limits=Limits(time_limit=5), cancel=event)`` looks at the clock and the
flag between attempts and inside each census, and raises ``LimitHit`` when either stops it; it
has a time limit of ``TIME_LIMIT`` seconds unless ``limits`` sets one. ``ATTEMPTS`` boards
without a puzzle raise ``AttemptsUsedUp``; a request no board can meet is an ``InputError``.
Each puzzle's header names the ``tilt generate`` command that makes it again, where one can.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.limits import Limits, Meter, available_bytes
from ..errors import InputError
from .board import MAX_CELLS, TiltBoard, cells_of, counted, format_tilt
from .rules import Rules, rules_for

if TYPE_CHECKING:
    from .census import Census

MAX_STATES = 2_000_000  # boards counted per attempt, by default: 8x8 with a handful of blocks
TIME_LIMIT = 20.0  # seconds, unless the caller's limits say otherwise
FAMILY_GAP = 3  # moves between the lengths of the puzzles of one family, at least
CANDIDATES = 500  # arrangements looked at per attempt, at most (merge checks each one)
ATTEMPTS = 60  # random boards tried per puzzle, by default
WALL_DENSITY = 0.15
# The options the header's command line leaves out at these values.
USUAL = {
    "max_length": None,
    "min_states": None,
    "max_states": MAX_STATES,
    "step": "single",
    "collide": "block",
    "time_limit": TIME_LIMIT,
}


class AttemptsUsedUp(InputError):
    """Every attempt's board failed the request: a budget (``attempts``) ran out, not a proof
    that no board meets it. An ``InputError`` still, for the callers that report it as one."""


@dataclass(frozen=True)
class Generated:
    board: TiltBoard
    optimal: int
    seed: int
    rules: Rules  # the variant it was made under (its step and collide)
    states: int | None = None  # the size of the reachable space, when it was counted whole
    command: str = ""  # the tilt generate command that makes this puzzle again, if one can

    def text(self) -> str:
        b = self.board
        step, collide = self.rules.step, self.rules.collide
        under = (
            ""
            if (step, collide) == ("single", "block")
            else (f" under --step {step} --collide {collide}")
        )
        space = f"; {self.states:,} reachable boards" if self.states is not None else ""
        made_by = f"; made by: {self.command}\n" if self.command else ""
        summary = (
            f"; seed {self.seed}: {b.height}x{b.width}, {counted(b.blocks.bit_count(), 'block')}, "
            # "moves" even for one: batch/inputs.py reads "optimal N moves".
            f"optimal {self.optimal} moves{under}{space}"
        )
        return f"{made_by}{summary}\n{format_tilt(b)}\n"


def command_line(options: dict[str, Any]) -> str:
    """``statesearch tilt generate`` with ``options`` (Python names), but those at their
    ``USUAL`` values."""
    words = [
        f"--{name.replace('_', '-')} {value:g}"
        if isinstance(value, float)
        else f"--{name.replace('_', '-')} {value}"
        for name, value in options.items()
        if name not in USUAL or value != USUAL[name]
    ]
    return " ".join(["statesearch tilt generate", *words])


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


def generate_family(
    seed: int,
    height: int = 8,
    width: int = 8,
    blocks: int = 3,
    min_length: int = 10,
    max_length: int | None = None,
    *,
    step: str = "single",
    collide: str = "block",
    wall_density: float = WALL_DENSITY,
    attempts: int = ATTEMPTS,
    min_states: int | None = None,
    max_states: int = MAX_STATES,
    limits: Limits | None = None,
    cancel: threading.Event | None = None,
    report: Callable[[int, int], None] | None = None,
    started: float | None = None,
    family: int = 1,
) -> list[Generated]:
    """Puzzles whose optimal length is at least ``min_length`` (and at most ``max_length``)
    under the rules ``step`` and ``collide``, and whose reachable space holds at least
    ``min_states`` boards; the same for the same arguments. ``report(attempt, boards)`` hears
    how far each attempt's census has got; the clock starts at ``started`` (a
    ``time.perf_counter()``, for a caller whose clock started earlier) or now.

    Up to ``family`` puzzles share one board and start (one census, the costly part of a hard
    puzzle): the deepest targets, then the deepest at least ``FAMILY_GAP`` moves shorter, ...
    """
    from .census import Census  # numba: imported when a puzzle is made, not with the CLI

    check(height, width, blocks, min_length, max_length, min_states, max_states, limits)
    limits = limits or Limits()
    if limits.time_limit is None:
        limits = replace(limits, time_limit=TIME_LIMIT)
    # The options that decide the board, and the time limit that decides whether it is found
    # in time; tilt generate has no wall density or attempts, and makes no later members.
    by_command = (wall_density, attempts) == (WALL_DENSITY, ATTEMPTS)
    command = "" if not by_command else command_line(
        {"seed": seed, "size": f"{height}x{width}", "blocks": blocks, "min_length": min_length,
         "max_length": max_length, "min_states": min_states, "max_states": max_states,
         "step": step, "collide": collide, "time_limit": limits.time_limit}
    )  # fmt: skip
    now = [0]  # the attempt under way, for the progress report
    progress = None if report is None else lambda s: report(now[0], s.expanded)
    meter = Meter(limits, cancel, progress, started=started)
    rules_of = rules_for(TiltBoard(height, width, 0, 0, 1), step, collide)  # the names, checked
    rng = random.Random(seed)
    for attempt in range(1, attempts + 1):
        now[0] = attempt
        meter.check()
        cells = list(range(height * width))
        walls = {c for c in cells if rng.random() < wall_density}
        free = [c for c in cells if c not in walls]
        if len(free) < blocks:
            continue
        start = sum(1 << c for c in rng.sample(free, blocks))
        wall_mask = sum(1 << c for c in walls)
        board = TiltBoard(height, width, wall_mask, 0, start)
        rules = replace(rules_of, walls=wall_mask)
        census = Census(board, rules, meter, max_states)
        if min_states is not None and not (census.complete and census.boards >= min_states):
            continue
        states = census.boards if census.complete else None
        made: list[Generated] = []
        longest = max_length
        while len(made) < family:
            found = choose_targets(census, board, collide == "merge", min_length, longest)
            if found is None:
                break
            targets, optimal = found
            made.append(
                Generated(
                    replace(board, targets=targets), optimal, seed, rules, states,
                    command="" if made else command,
                )
            )  # fmt: skip
            longest = optimal - FAMILY_GAP
        if made:
            return made
    raise AttemptsUsedUp(
        "no puzzle with an optimal length of {min} or more after {attempts} attempts; "
        "lower the minimum length or reachable states, raise the maximum length, or change "
        "the size or block count",
        min=min_length,
        attempts=attempts,
    )


def generate(seed: int, *args: Any, **options: Any) -> Generated:
    """One puzzle: ``generate_family`` with a family of one (the same arguments)."""
    return generate_family(seed, *args, **options)[0]


def check(
    height: int,
    width: int,
    blocks: int,
    min_length: int,
    max_length: int | None,
    min_states: int | None,
    max_states: int,
    limits: Limits | None,
) -> None:
    """Refuse, in one line each, what cannot make a puzzle or would not fit in memory."""
    if not (height >= 1 and width >= 1 and 2 <= height * width <= MAX_CELLS):
        raise InputError(
            "the generator makes boards of 2 to {cells} cells, not {height}x{width}",
            cells=MAX_CELLS,
            height=height,
            width=width,
        )
    most = max(1, height * width // 4)
    if not 1 <= blocks <= most:
        raise InputError(
            "blocks must be between 1 and {most} on a {height}x{width} board",
            most=most,
            height=height,
            width=width,
        )
    if max_length is not None and max_length < min_length:
        raise InputError(
            "max length {max} is below the min length {min}", max=max_length, min=min_length
        )
    # A puzzle of n moves passes n + 1 boards; a board holds at most this many (merged or not).
    arrangements = sum(math.comb(height * width, k) for k in range(1, blocks + 1))
    if min_length >= arrangements or (min_states is not None and min_states > arrangements):
        raise InputError(
            "a {height}x{width} board has at most {arrangements:,} block arrangements: too few "
            "for an optimal length of {min}"
            if min_length >= arrangements
            else "a {height}x{width} board has at most {arrangements:,} block arrangements: "
            "fewer than the {states:,} reachable boards asked for",
            height=height,
            width=width,
            arrangements=arrangements,
            min=min_length,
            states=min_states,
        )
    if min_states is not None and min_states > max_states:
        raise InputError(
            "min states {min} is above max states {max}: raise --max-states",
            min=min_states,
            max=max_states,
        )
    from .census import BYTES_PER_BOARD

    need = max_states * BYTES_PER_BOARD
    bound = limits.max_memory if limits is not None and limits.max_memory else available_bytes()
    if bound is not None and need > bound:
        raise InputError(
            "counting {states} boards needs about {need} MB, more than the {bound} MB at hand; "
            "lower --max-states",
            states=max_states,
            need=need >> 20,
            bound=bound >> 20,
        )


def choose_targets(
    census: Census, board: TiltBoard, merge: bool, min_length: int, max_length: int | None
) -> tuple[int, int] | None:
    """The deepest connected arrangement of all the blocks within the lengths (ties: the
    smallest board, so the choice does not depend on the census's order), with its optimal
    length."""
    count = board.blocks.bit_count()
    merged = merged_boards(census, count) if merge else None
    looked = 0
    top = len(census.layers) - 1 if max_length is None else min(max_length, len(census.layers) - 1)
    for depth in range(top, min_length - 1, -1):
        for arrangement in np.sort(census.layers[depth]):
            targets = int(arrangement)
            if targets.bit_count() != count or not connected(targets, board.width):
                continue
            looked += 1
            if looked > CANDIDATES:
                return None
            optimal = depth if merged is None else first_goal(merged, targets, depth)
            if optimal >= min_length:
                return targets, optimal
    return None


def merged_boards(census: Census, count: int) -> tuple[np.ndarray, np.ndarray]:
    """The boards with fewer blocks than ``count`` (some merged), and their depths."""
    boards, depths = [], []
    for depth, layer in enumerate(census.layers):
        fewer = layer[np.bitwise_count(layer) < count]
        boards.append(fewer)
        depths.append(np.full(len(fewer), depth, dtype=np.int64))
    return np.concatenate(boards), np.concatenate(depths)


def first_goal(merged: tuple[np.ndarray, np.ndarray], targets: int, depth: int) -> int:
    """The optimal length of ``targets`` under merging: ``depth``, unless a board of merged
    blocks all on targets comes first."""
    boards, depths = merged
    on_targets = depths[(boards & np.uint64(~targets & (2**64 - 1))) == 0]
    return min(depth, int(on_targets.min())) if len(on_targets) else depth
