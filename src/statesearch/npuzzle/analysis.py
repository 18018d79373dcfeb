"""Every board of a small sliding-tile puzzle at once: how its heuristics compare with each
other, and how each stands against the true distance.

``all_boards.Space`` numbers the n! boards and finds the true distance of each (breadth-first
from the goal); then one pass walks the boards in rank order, computes the heuristics
(``heuristic_kernels.estimates``) and counts, for every pair, how often the first is larger, how
often they are equal and the largest difference; and, on the solvable boards, every overestimate
and every move across which a heuristic drops by more than the move's cost of 1 (an
inconsistency).

>>> result = analyze(2, 3, "misplaced,manhattan")
>>> result.solvable, result.pairs[0].a_greater, result.pairs[0].max_gap
(360, 0, 7)
>>> result.heuristics[1].admissible, result.heuristics[1].consistent
(True, True)
"""

from __future__ import annotations

import enum
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from ..core.limits import Limits, Meter
from ..errors import InputError
from .all_boards import (
    UNREACHED,
    Log,
    Progress,
    Space,
    moves,
    next_permutation,
    quiet,
    swap,
    unrank,
)
from .board import Tiles, check_permutation
from .heuristic_kernels import HEURISTICS, KINDS, LINEAR_CONFLICT, CompiledHeuristics, estimates
from .heuristics import LESSON_HEURISTICS
from .problem import HEURISTIC_ALIASES

# Boards per kernel call: between calls the meter reads the clock and the progress bar moves.
TALLY_CHUNK = 1 << 19
# The default, weakest first: each dominates the ones before it.


class BoardSet(enum.StrEnum):
    """Which boards the pair statistics count: the solvable half, or all n! of them."""

    SOLVABLE = "solvable"
    ALL = "all"


@njit(cache=True)
def _tally(
    begin: int,
    end: int,
    distance: np.ndarray,
    only_solvable: bool,
    kinds: np.ndarray,
    tables: Any,
    adjacent: np.ndarray,
    factorials: np.ndarray,
    counts: Any,
) -> int:
    """Add the boards of ranks ``begin .. end - 1`` to ``counts`` (see ``Counts``); returns
    how many it counted."""
    greater, equal, largest_gap, sums, over, inconsistent, histogram = counts
    k = kinds.shape[0]
    conflicts_too = LINEAR_CONFLICT in kinds
    tiles = np.empty(factorials.shape[0] - 1, dtype=np.int64)
    unrank(begin, factorials, tiles)
    every = np.empty(HEURISTICS, dtype=np.int64)  # all of them, by kind
    after_move = np.empty(HEURISTICS, dtype=np.int64)
    h = np.empty(k, dtype=np.int64)  # the ones asked for, in order
    counted = 0
    for r in range(begin, end):
        d = distance[r]
        solvable = d != UNREACHED
        if solvable or not only_solvable:
            counted += 1
            estimates(tiles, tables, conflicts_too, every)
            for i in range(k):
                h[i] = every[kinds[i]]
                sums[i] += h[i]
            for i in range(k):
                for j in range(i + 1, k):
                    if h[i] > h[j]:
                        greater[i, j] += 1
                    elif h[i] == h[j]:
                        equal[i, j] += 1
                    largest_gap[i, j] = max(largest_gap[i, j], h[j] - h[i])
        if solvable:
            for i in range(k):
                histogram[i, h[i], d] += 1
                over[i] += h[i] > d
            blank = int(np.argmin(tiles))
            for a in range(moves(adjacent, blank)):
                cell = adjacent[blank, a]
                swap(tiles, blank, cell)
                estimates(tiles, tables, conflicts_too, after_move)
                for i in range(k):
                    # Consistent: h drops by at most the move's cost across every move.
                    inconsistent[i] += h[i] > 1 + after_move[kinds[i]]
                swap(tiles, blank, cell)
        next_permutation(tiles)
    return counted


@dataclass(frozen=True)
class Counts:
    """What ``_tally`` adds up, for heuristics i < j in the order asked.

    ``greater[i, j]``, ``equal[i, j]``: boards where h_i > h_j, h_i = h_j; ``largest_gap[i, j]``:
    the largest h_j - h_i; ``sums[i]``: h_i summed over the boards counted. On solvable boards
    only: ``over[i]`` boards where h_i exceeds the true distance, ``inconsistent[i]`` moves
    across which h_i drops by more than 1, ``histogram[i, h, d]`` boards with h_i = h at true
    distance d.
    """

    greater: np.ndarray
    equal: np.ndarray
    largest_gap: np.ndarray
    sums: np.ndarray
    over: np.ndarray
    inconsistent: np.ndarray
    histogram: np.ndarray

    @classmethod
    def zeros(cls, heuristics: int, highest: int, deepest: int) -> Counts:
        pairs = np.zeros((heuristics, heuristics), dtype=np.int64)
        return cls(
            pairs,
            pairs.copy(),
            np.full_like(pairs, -(1 << 40)),
            np.zeros(heuristics, dtype=np.int64),
            np.zeros(heuristics, dtype=np.int64),
            np.zeros(heuristics, dtype=np.int64),
            np.zeros((heuristics, highest + 1, deepest + 1), dtype=np.int64),
        )

    def as_tuple(self) -> tuple[np.ndarray, ...]:
        return (
            self.greater,
            self.equal,
            self.largest_gap,
            self.sums,
            self.over,
            self.inconsistent,
            self.histogram,
        )


@dataclass(frozen=True)
class Pair:
    """Heuristics ``a`` and ``b`` over the boards counted: ``max_gap`` is the largest b - a."""

    a: str
    b: str
    a_greater: int
    equal: int
    b_greater: int
    max_gap: int


@dataclass(frozen=True)
class Standing:
    """One heuristic against the true distance. ``mean`` is over the boards counted; everything
    else is over the solvable boards only (an unsolvable board has no distance to compare with).
    ``histogram[h, d]``: solvable boards with this heuristic h at true distance d."""

    name: str
    admissible: bool
    consistent: bool
    mean: float
    mean_solvable: float
    mean_true: float
    overestimates: int
    inconsistent_moves: int
    exact: int
    histogram: np.ndarray

    def to_dict(self) -> dict[str, Any]:
        fields = {k: v for k, v in self.__dict__.items() if k != "histogram"}
        means = ("mean", "mean_solvable", "mean_true")
        return {**fields, **{k: round(fields[k], 6) for k in means}}


@dataclass(frozen=True)
class Analysis:
    """Every board of a rows x cols puzzle with ``goal``; ``counted`` boards (``boards``: the
    solvable ones or all) enter the pair statistics; ``layers[d]``: solvable boards at true
    distance d."""

    rows: int
    cols: int
    goal: Tiles
    boards: BoardSet
    counted: int
    solvable: int
    layers: list[int]
    pairs: list[Pair]
    heuristics: list[Standing]
    seconds: float

    @property
    def mean_true(self) -> float:
        return self.heuristics[0].mean_true

    def to_dict(self) -> dict[str, Any]:
        return {
            "rows": self.rows,
            "cols": self.cols,
            "goal": " ".join(map(str, self.goal)),
            "boards": self.boards.value,
            "counted": self.counted,
            "solvable": self.solvable,
            "layers": self.layers,
            "pairs": [pair.__dict__ for pair in self.pairs],
            "heuristics": [h.to_dict() for h in self.heuristics],
            "seconds": round(self.seconds, 3),
        }


def heuristic_names(spec: str | Sequence[str]) -> list[str]:
    """The heuristics asked for (comma-separated, or a list; h1 h2 h3 read as the lesson's),
    each once, in order."""
    asked = (spec.split(",") if isinstance(spec, str) else list(spec)) or [""]
    names: list[str] = []
    for word in asked:
        key = word.strip().lower()
        name = HEURISTIC_ALIASES.get(key, key)
        if name not in KINDS:
            raise InputError(
                "unknown heuristic {name!r}; choose from {choices}",
                name=word.strip(),
                choices=", ".join([*KINDS, "h1", "h2", "h3"]),
            )
        if name not in names:
            names.append(name)
    return names


def board_set(name: str | BoardSet) -> BoardSet:
    try:
        return BoardSet(str(name).lower())
    except ValueError:
        raise InputError(
            "unknown board set {name!r}; choose from {choices}",
            name=name,
            choices=", ".join(BoardSet),
        ) from None


def analyze(
    rows: int,
    cols: int,
    heuristics: str | Sequence[str] = LESSON_HEURISTICS,
    goal: Tiles | None = None,
    boards: str | BoardSet = BoardSet.SOLVABLE,
    limits: Limits | None = None,
    cancel: threading.Event | None = None,
    log: Log = quiet,
    progress: Progress = quiet,
) -> Analysis:
    """Compare ``heuristics`` over every board of a rows x cols puzzle (goal: blank last).

    ``limits.time_limit`` (and ``cancel``) stop the work between chunks of boards;
    ``limits.max_states``, ``limits.max_memory`` and the memory the machine has free refuse a
    table (a byte a board) too large: each raises ``LimitHit``. ``log`` gets a line as each
    pass begins, ``progress(done, total)`` its advance. Raises ``InputError`` for boards of
    more than ``all_boards.MAX_CELLS`` cells, an unknown heuristic or board set, or a bad goal.
    """
    meter = Meter(limits or Limits(), cancel)
    space = Space(rows, cols)
    names = heuristic_names(heuristics)
    which = board_set(boards)
    goal = goal if goal is not None else (*range(1, rows * cols), 0)
    if len(goal) != space.cells:
        raise InputError(
            "a {rows}x{cols} board has {tiles} cells, got {count}",
            rows=rows,
            cols=cols,
            tiles=space.cells,
            count=len(goal),
        )
    check_permutation(goal)
    log(f"breadth-first search from the goal over {space.boards // 2:,} boards")
    distance, layers = space.true_distances(goal, meter, progress)
    tables = CompiledHeuristics.of(goal, rows, cols)
    counts = Counts.zeros(len(names), tables.highest(rows, cols), len(layers) - 1)
    counted = tally(space, distance, names, tables, which, counts, meter, None, log, progress)
    return Analysis(
        rows,
        cols,
        tuple(goal),
        which,
        counted,
        space.boards // 2,
        layers,
        _pairs(names, counts, counted),
        _standings(names, counts, counted, layers),
        time.perf_counter() - meter.started,
    )


def tally(
    space: Space,
    distance: np.ndarray,
    names: list[str],
    tables: CompiledHeuristics,
    which: BoardSet,
    counts: Counts,
    meter: Meter,
    ranks: range | None = None,
    log: Log = quiet,
    progress: Progress = quiet,
) -> int:
    """Add the boards of ``which`` among ``ranks`` (all: ``None``) to ``counts``; returns how
    many boards that was."""
    ranks = ranks if ranks is not None else range(space.boards)
    boards = "all the boards" if which is BoardSet.ALL else "the solvable boards"
    log(f"counting {', '.join(names)} on {boards}")
    kinds = np.array([KINDS[name] for name in names], dtype=np.int64)
    counted = 0
    for begin in range(ranks.start, ranks.stop, TALLY_CHUNK):
        end = min(ranks.stop, begin + TALLY_CHUNK)
        counted += _tally(
            begin,
            end,
            distance,
            which is BoardSet.SOLVABLE,
            kinds,
            tables.as_tuple(),
            space.adjacent,
            space.factorials,
            counts.as_tuple(),
        )
        meter.check()
        progress(end - ranks.start, len(ranks))
    return counted


def _pairs(names: list[str], counts: Counts, counted: int) -> list[Pair]:
    out = []
    for i, a in enumerate(names):
        for j in range(i + 1, len(names)):
            greater, equal = int(counts.greater[i, j]), int(counts.equal[i, j])
            gap = int(counts.largest_gap[i, j])
            out.append(Pair(a, names[j], greater, equal, counted - greater - equal, gap))
    return out


def _standings(names: list[str], counts: Counts, counted: int, layers: list[int]) -> list[Standing]:
    solvable = sum(layers)
    mean_true = sum(d * k for d, k in enumerate(layers)) / solvable
    out = []
    for i, name in enumerate(names):
        histogram = counts.histogram[i]
        values = np.arange(histogram.shape[0])
        over, inconsistent = int(counts.over[i]), int(counts.inconsistent[i])
        out.append(
            Standing(
                name,
                over == 0,
                inconsistent == 0,
                int(counts.sums[i]) / counted,
                float((histogram.sum(axis=1) * values).sum()) / solvable,
                mean_true,
                over,
                inconsistent,
                int(np.trace(histogram)),
                histogram,
            )
        )
    return out
