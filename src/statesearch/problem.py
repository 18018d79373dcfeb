"""The three slots a search sees, and nothing else.

A problem is any object with:

1. ``initial`` (the start state) and ``is_goal(state)``;
2. ``successors(state)`` yielding ``(action, next_state, step_cost)``;
3. optionally ``heuristic(state)``, an estimate of the remaining cost (0 when absent).

States must be hashable; the ``classic`` tie-break also needs them to be orderable (tuples of
numbers are both). A few optional members unlock more:

- ``heuristics``: a mapping of names to :class:`Heuristic`, for ``solve(..., heuristic="name")``,
  and ``default_heuristic``, the name used when none is asked for;
- ``unit_costs = True``: every step costs 1, so BFS-like searches are optimal in cost too;
- ``goal`` and ``predecessors(state)``: a single goal state and the reverse moves, for bidirectional
  search; ``predecessors`` yields ``(action, previous_state, step_cost)`` where ``action`` taken
  in ``previous_state`` leads to ``state``;
- ``unsolvable_reason()``: a sound precheck that returns a one-line proof that no path exists, or
  ``None`` (the n-puzzle's permutation parity is one).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

S = TypeVar("S", bound=Hashable)

Successor = tuple[Any, S, float]


@runtime_checkable
class Problem(Protocol[S]):
    """The slots every algorithm needs. See the module docstring for the optional ones."""

    @property
    def initial(self) -> S: ...

    def is_goal(self, state: S) -> bool: ...

    def successors(self, state: S) -> Iterable[tuple[Any, S, float]]: ...


@runtime_checkable
class Reversible(Problem[S], Protocol[S]):
    """A problem with a single goal state whose moves can be run backwards."""

    @property
    def goal(self) -> S: ...

    def predecessors(self, state: S) -> Iterable[tuple[Any, S, float]]: ...


@dataclass(frozen=True)
class Heuristic:
    """A named estimate of the remaining cost.

    ``admissible`` (never overestimates) is what lets A* and IDA* promise an optimal answer; the
    engine takes the flag at its word, so mark a heuristic you have not proved with ``False``.
    """

    name: str
    fn: Callable[[Any], float]
    admissible: bool = True

    def __call__(self, state: Any) -> float:
        return self.fn(state)


def zero(state: Any) -> float:
    """The estimate that knows nothing (uniform-cost search, or no heuristic at all)."""
    return 0


ZERO = Heuristic("zero", zero)


def named_heuristics(problem: object) -> Mapping[str, Heuristic]:
    """The problem's named heuristics, always including ``zero``."""
    table = dict(getattr(problem, "heuristics", {}) or {})
    table.setdefault("zero", ZERO)
    return table
