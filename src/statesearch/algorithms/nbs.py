"""NBS (Chen, Holte, Zilles and Sturtevant 2017): bidirectional heuristic search that expands
states in pairs, within twice the expansions any such search must make.

As in MM (``meet_in_middle``), one best-first search goes forward from the start on the
problem's heuristic and one backward from the goal on its ``backward_heuristic`` (0 without
one). A pair of states, ``u`` waiting forward and ``v`` waiting backward, has the lower bound
``lb(u, v) = max(f(u), f(v), g(u) + g(v) + eps)`` (``eps``: the cheapest step, 1 with
``unit_costs``, else 0): any path through both costs at least that. NBS expands both states
of a pair of least ``lb``, and stops when the cheapest path found is at most that least
``lb``. Every state it expands has ``f`` at most the optimal cost ``C*``, and it expands at
most twice the states any admissible front-to-end bidirectional search must.

The pair is found as the paper's implementation finds it, without looking at pairs: each side
keeps its states whose ``f`` passed the current bound ``C`` in a *waiting* heap by ``f``, and
makes them *ready* (kept by ``g``) once ``f <= C``; the two least ``g`` of the ready states
make a pair when their sum plus ``eps`` is at most ``C``, else ``C`` rises to the least of
the waiting ``f`` and that sum. Among the pairs that fit, it expands the deepest: the largest
``g`` forward that fits with the least backward, then the largest backward that fits with it
(any pair under ``C`` has the least lb, so the guarantees hold; at the last lb, where many
pairs tie, the deepest meets the other side soonest).

Counters and trace events as MM's (each side's ``pop`` names its side and carries its f).
"""

from __future__ import annotations

import bisect
import heapq
import math
from typing import Any

from ..core.limits import Meter
from ..core.outcome import Outcome
from ..core.problem import Heuristic, Problem
from ..core.result import Stats
from ..core.trace import Trace
from .meet_in_middle import Direction, Tally, both_ends, ending, expand
from .teardown import release


class Side(Direction):
    """NBS's direction: the states open, the waiting heap by f, and the ready states in
    buckets by g (the g values kept sorted); entries that no longer match a state's g, or
    where it is, are passed over."""

    def make_waiting_room(self) -> None:
        self.ready_now: dict[Any, bool] = {}  # open states: ready (True) or waiting (False)
        self.waiting: list[tuple[float, float, int, Any]] = []  # (f, g, order, state)
        self.ready: dict[float, list[Any]] = {}  # g -> the states ready with it, newest last
        self.levels: list[float] = []  # the keys of ``ready``, sorted

    def __len__(self) -> int:
        """The states open, ready or waiting."""
        return len(self.ready_now)

    def add(self, state: Any, g: float) -> float:
        """Open ``state`` with ``g`` (waiting); its f."""
        f = g + self.estimate(state)
        self.g[state] = g
        self.ready_now[state] = False
        heapq.heappush(self.waiting, (f, g, next(self.order), state))
        return f

    def least_waiting(self) -> float:
        while self.waiting:
            _, g, _, state = self.waiting[0]
            if self.ready_now.get(state) is False and g == self.g[state]:
                return self.waiting[0][0]
            heapq.heappop(self.waiting)
            self.stale(state, g)
        return math.inf

    def _level(self, g: float) -> bool:
        """Whether a state is ready with ``g``; its bucket's stale entries passed over, and
        the level dropped when none is."""
        bucket = self.ready[g]
        while bucket:
            state = bucket[-1]
            if self.ready_now.get(state) is True and self.g[state] == g:
                return True
            bucket.pop()
            self.stale(state, g)
        del self.ready[g]
        self.levels.pop(bisect.bisect_left(self.levels, g))
        return False

    def least_ready(self) -> float:
        """The least g of a ready state (``inf``: none)."""
        while self.levels:
            if self._level(self.levels[0]):
                return self.levels[0]
        return math.inf

    def most_ready(self, most: float) -> float | None:
        """The largest g of a ready state at most ``most`` (``None``: none)."""
        at = bisect.bisect_right(self.levels, most)
        while at > 0:
            g = self.levels[at - 1]
            if self._level(g):
                return g
            at -= 1
        return None

    def promote(self, bound: float) -> None:
        """Make the waiting states with ``f <= bound`` ready."""
        while self.least_waiting() <= bound:
            _, g, _, state = heapq.heappop(self.waiting)
            self.ready_now[state] = True
            if g not in self.ready:
                self.ready[g] = []
                bisect.insort(self.levels, g)
            self.ready[g].append(state)

    def take(self, g: float) -> Any:
        """The newest state ready with ``g`` (``_level`` found one), closed."""
        state = self.ready[g].pop()
        del self.ready_now[state]
        return state


def near_optimal_bidirectional(
    problem: Problem[Any], heuristic: Heuristic, meter: Meter, stats: Stats, trace: Trace | None
) -> Outcome:
    """NBS from the problem's start and goal; see the module docstring."""
    both, eps = both_ends(problem, meter, "nbs")
    forward, backward = Side.both(both, heuristic, trace)
    bound = 0.0  # C: no pair's lower bound is below it
    tally = Tally(both)
    try:
        while True:
            # The least lb: promote, pair the least g if they fit, else raise C.
            while True:
                forward.promote(bound)
                backward.promote(bound)
                pair = forward.least_ready() + backward.least_ready() + eps
                if pair <= bound:
                    break
                bound = min(forward.least_waiting(), backward.least_waiting(), pair)
                if bound == math.inf:
                    break
            meter.bound = bound
            if tally.best <= bound:
                break
            if bound == math.inf:  # a side has nothing open: no pair, no path left
                break
            # Any ready pair with g(u) + g(v) + eps <= C has the least lb (both f are <= C):
            # the deepest such pair, as A*'s deep tie-break, meets the other side soonest.
            least_b = backward.least_ready()
            g_u = forward.most_ready(bound - least_b - eps)
            g_u = forward.least_ready() if g_u is None else g_u
            g_v = backward.most_ready(bound - g_u - eps)
            g_v = least_b if g_v is None else g_v
            for side, other, g in ((forward, backward, g_u), (backward, forward, g_v)):
                expand(side, other, side.take(g), g, meter, tally, trace)
        return ending(problem, forward, backward, tally, trace)
    finally:
        tally.into(stats)
        for side in (forward, backward):
            release(side.g, side.came, side.ready_now, side.waiting, side.ready)
        del forward, backward  # a stopped search's frame outlives this: not its tables
