"""The Rubik's cube (3x3x3) and the pocket cube (2x2x2) as search problems.

The three slots: the start is a position (a tuple of cubie codes, ``state``), the goal is the
solved cube, the successors are the face turns of the metric (18 in the half-turn metric, 12
quarter turns in the quarter-turn metric; on the 2x2x2 only U, R and F, which keep the DBL corner
still), each costing 1. ``unsolvable_reason`` proves a cube unsolvable by an invariant before
any search, as the 8-puzzle's parity does: a twisted corner, a flipped edge, or corner and edge
permutations of different parity.

Heuristics (every one admissible):

- 2x2x2: ``orientation`` and ``permutation`` (the distance of the corners' twists alone, or of
  their places alone), ``pattern`` (the larger of the two), ``exact`` (the distance table of
  the whole space, the default: IDA* walks straight to the goal);
- 3x3x3: ``orientation`` (the larger of the distances of the corner twists and of the edge
  flips), ``korf`` (Korf's three pattern databases), ``coset`` (the coset table looked up along
  three axes, and its bounds for the inverse position; ``coset_table``), ``korf-then-coset``
  (the compiled IDA* with Korf's tables up to ``KORF_IS_ENOUGH`` moves, then with the coset
  table, read only then; elsewhere Korf's estimate alone). The default is ``coset`` when its
  table is in the cache, else ``korf``; and, when Korf's tables are in the cache and the coset
  table is not loaded already, ``korf`` for a scramble of at most ``KORF_IS_ENOUGH`` moves and,
  with ``auto``, ``korf-then-coset`` for a cube of unknown distance (``choose_algorithm``).
  IDA* with ``korf``, ``coset`` or ``korf-then-coset`` runs compiled (``compiled``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING

from ..core.limits import LimitKind, Meter
from ..core.problem import Heuristic
from ..errors import InputError
from .model import net
from .model.cubies import Cubies, invariant_violation
from .model.facelets import Colours
from .model.notation import (
    MOVES,
    check_metric,
    cost_in,
    inverse,
    merged,
    metric_moves,
    parse_moves,
)
from .model.random_cubes import REACHABLE
from .model.reading import AS_READ, Frame, after, check_size, read_cube_and_scramble
from .model.state import State, colours_of, cubies_of, recipes, state_of, turned

if TYPE_CHECKING:
    from ..kernels import Kernel
    from .tables.coset_table import CosetTable
    from .tables.korf import PatternTables

POCKET_FACES = (0, 1, 2)  # U R F: the 2x2x2's DBL corner stays home
# A scramble this long or shorter is solved with Korf's tables sooner than the coset table loads
# (benchmarks/README.md, "A short scramble"); a cube of unknown distance is searched this far
# with them first: on a far cube, less search than reading the tables takes ("A facelet string").
KORF_IS_ENOUGH = 13


# The 2x2x2's are the depth of its breadth-first search (``pocket``, checked by the tests); the
# 3x3x3's were found by Rokicki, Kociemba, Davidson and Dethridge (20 face turns, 2010) and
# Rokicki and Davidson (26 quarter turns, 2014).
GODS_NUMBER = {(2, "htm"): 11, (2, "qtm"): 14, (3, "htm"): 20, (3, "qtm"): 26}


class Cube:
    """Turn faces until the cube is solved. Every move costs 1 in its metric."""

    unit_costs = True
    # Said with a compiled IDA*'s result (``result.py``: the meanings are one, the trees not).
    compiled_ida_counts = (
        "the compiled IDA* counts Korf's way: it never turns a face again where one turn would "
        "do (a quarter-turn solution may turn it twice the same way) nor opposite faces out of "
        "order, so its counts differ from the Python engine's"
    )

    def __init__(
        self,
        start: Cubies | None = None,
        size: int = 3,
        metric: str = "htm",
        coset: CosetTable | None = None,
        patterns: PatternTables | None = None,
        meter: Meter | None = None,
        scramble_length: int | None = None,
        frame: Frame = AS_READ,
    ) -> None:
        self.size = check_size(size)
        self.metric = check_metric(metric)
        start = start if start is not None else Cubies.solved(size)
        if start.size != size:
            raise InputError("the cube size is 2 or 3, got {size}", size=start.size)
        self.initial: State = state_of(start)
        self.goal: State = state_of(Cubies.solved(size))
        faces = POCKET_FACES if size == 2 else tuple(range(6))
        self.move_numbers = tuple(m for m in metric_moves(self.metric) if m // 3 in faces)
        self._turns = [(MOVES[m], recipes(size)[m]) for m in self.move_numbers]
        # The state before move m is this one turned by the move that undoes m.
        self._undo = [(MOVES[m], recipes(size)[inverse(m)]) for m in self.move_numbers]
        self._coset, self._patterns = coset, patterns
        self.meter = meter  # bounds a build of Korf's tables on first use (about a minute)
        # The length in the metric of the scramble the position was read from, if it was: no
        # solution is longer.
        self.scramble_length = scramble_length
        # How a position is shown: as the cube was given (``reading.framed``), not as renamed.
        self.frame = frame

    @classmethod
    def from_text(
        cls, text: str, size: int | None = None, metric: str = "htm", meter: Meter | None = None
    ) -> Cube:
        """A scramble (``"R U R' U'"``) or a facelet string (54 or 24 symbols, URFDLB order)."""
        cube, scramble, frame = read_cube_and_scramble(text, size)
        length = None if scramble is None else cost_in(check_metric(metric), merged(scramble))
        return cls(cube, cube.size, metric, meter=meter, scramble_length=length, frame=frame)

    def with_tables(
        self, coset: CosetTable | None = None, patterns: PatternTables | None = None
    ) -> Cube:
        """The same cube, estimating with these tables."""
        return Cube(
            cubies_of(self.initial),
            self.size,
            self.metric,
            coset,
            patterns,
            self.meter,
            self.scramble_length,
            self.frame,
        )

    @property
    def start(self) -> Cubies:
        return cubies_of(self.initial)

    def is_goal(self, state: State) -> bool:
        return state == self.goal

    def successors(self, state: State) -> list[tuple[str, State, int]]:
        return [(name, turned(state, recipe), 1) for name, recipe in self._turns]

    def predecessors(self, state: State) -> list[tuple[str, State, int]]:
        return [(name, turned(state, recipe), 1) for name, recipe in self._undo]

    def unsolvable_reason(self) -> str | None:
        return invariant_violation(self.start)

    @property
    def longest_optimal(self) -> int:
        """God's number in the cube's metric: no solvable cube needs more moves."""
        return GODS_NUMBER[self.size, self.metric]

    @property
    def solvable(self) -> bool:
        return self.unsolvable_reason() is None

    def apply(self, state: State, moves: str) -> State:
        """The position after a sequence of moves (any face, on either size)."""
        return state_of(after(cubies_of(state), parse_moves(moves)))

    def shown(self, state: State) -> Colours:
        """The colours of ``state``'s facelets as the cube was given (``frame``)."""
        frame = self.frame
        return tuple(frame[c] for c in colours_of(state))

    def facelets(self, state: State) -> str:
        return net.facelet_string(self.shown(state))

    def render(self, state: State) -> str:
        """A position on one line, as it can be typed back: its facelet string (traces)."""
        return self.facelets(state)

    def show(self, state: State) -> str:
        return net.text_net(self.shown(state))

    def to_svg(self, state: State | None = None, cell: int = 20) -> str:
        """The net of ``state`` (default: the start) as an SVG document."""
        return net.svg_net(self.shown(self.initial if state is None else state), cell)

    def _repr_svg_(self) -> str:  # the notebook draws the start
        return self.to_svg()

    @property
    def default_heuristic(self) -> str:
        """The heuristic of a search given its algorithm but no heuristic: ``auto``'s, but the
        coset table where ``auto`` takes ``korf-then-coset``, whose two passes only the
        compiled IDA* makes."""
        chosen = self._default_heuristic()[0]
        return "coset" if chosen == "korf-then-coset" else chosen

    def _default_heuristic(self) -> tuple[str, str]:
        """The heuristic ``auto`` takes, and why, if not only for being the strongest."""
        if self.size == 2:
            return "exact", ""
        from .tables import korf
        from .tables.coset_cache import is_loaded, is_stored

        if self._coset is not None or is_loaded("full", self.metric):
            return "coset", ""
        coset = is_stored("full", self.metric)
        if korf.is_stored(self.metric):
            if self.scramble_length is not None and self.scramble_length <= KORF_IS_ENOUGH:
                return "korf", (
                    f"the scramble comes to {self.scramble_length} moves: Korf's tables "
                    "(165 MiB) solve that within seconds, sooner than the coset table (5 GB) loads"
                )
            if self.scramble_length is None and coset:
                return "korf-then-coset", (
                    "no scramble says how far the cube is from solved: Korf's tables (165 MiB) "
                    f"search up to {KORF_IS_ENOUGH} moves first, and only a cube further away "
                    f"waits for the coset table (5 GB), which searches on from bound "
                    f"{KORF_IS_ENOUGH + 1} or more; the counts are of both searches"
                )
        return ("coset", "") if coset else ("korf", "")

    def choose_algorithm(self, heuristic: str | None) -> tuple[str, str, str]:
        """What ``algorithm="auto"`` runs: IDA* (it keeps only its path) with the strongest
        estimate at hand: the 2x2x2's exact table, the 3x3x3's coset table when it is built,
        else Korf's tables; Korf's for a short scramble, Korf's then the coset table for a cube
        of unknown distance (``_default_heuristic``)."""
        chosen, because = (heuristic, "") if heuristic else self._default_heuristic()
        return (
            "idastar",
            chosen,
            f"IDA* + {chosen}: IDA* keeps only its path, whatever the size of the space "
            f"({REACHABLE[self.size]:,} positions)" + (f"; {because}" if because else ""),
        )

    def limit_hint(self, algorithm: str, heuristic: str | None, kind: LimitKind) -> str | None:
        """What to try after ``kind`` stopped a search with ``heuristic``, when the generic
        hint ("a stronger heuristic ...") does not fit: the coset table and the 2x2x2's exact
        table are the strongest there are; Korf's tables have the coset table above them. An
        unsolvable cube (searched with the precheck off) needs no table: the precheck proves it."""
        if not self.solvable:
            return "no search can solve this cube: without --no-precheck its invariant proves it"
        if heuristic == "korf-then-coset" and kind is LimitKind.MEMORY:
            return (
                "-H korf reads only Korf's tables (165 MiB), not the coset table (5 GB): "
                "a longer search of a cube this far, in less memory"
            )
        if kind is not LimitKind.TIME:
            return None
        if heuristic == "korf-then-coset":
            return (
                "its last table, the coset table, is the strongest: only a longer time limit may "
                "get further (-H coset reads it at once, without searching Korf's tables first)"
            )
        if heuristic in ("coset", "exact"):
            return (
                f"{heuristic} is the strongest heuristic for this cube: only a longer time limit "
                "may get further"
            )
        if heuristic == "korf":
            from .tables.coset_cache import is_stored

            if is_stored("full", self.metric):
                return "-H coset, the stronger table, is built: try it, or a longer time limit"
            metric = "" if self.metric == "htm" else f" --metric {self.metric}"
            return (
                "the coset table is stronger (built once, in minutes: statesearch cube "
                f"tables --tables coset{metric}), or a longer time limit may get further"
            )
        return None

    @cached_property
    def heuristics(self) -> Mapping[str, Heuristic]:
        from . import estimates

        return estimates.heuristics_for(self)

    @property
    def coset_table(self) -> CosetTable:
        """The coset table (from the cache; a search never builds it: it takes minutes)."""
        if self._coset is None:
            from .tables.coset_cache import require_table

            self._coset = require_table("full", self.metric)
        return self._coset

    @property
    def pattern_tables(self) -> PatternTables:
        """Korf's tables (from the cache, or built on first use: about a minute, bounded by the
        cube's ``meter``)."""
        if self._patterns is None:
            from .tables.korf import korf_tables

            self._patterns = korf_tables(self.metric, self.meter)
        return self._patterns

    def compiled(
        self, algorithm: str, heuristic: str, weight: float, required: bool
    ) -> Kernel | None:
        """The compiled IDA* for ``korf``, ``coset`` or ``korf-then-coset`` on the 3x3x3, or
        ``None`` (also for the solved cube, unless ``required``: the engine answers it without
        loading any table)."""
        from .compiled.adapter import kernel_for

        if self.initial == self.goal and not required:
            return None
        return kernel_for(self, algorithm, heuristic, KORF_IS_ENOUGH)
