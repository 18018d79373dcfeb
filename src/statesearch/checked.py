"""A problem of one's own, checked at every step it is searched.

``check_problem`` and ``check_estimate`` look at the start only; a problem that goes wrong
later (a successor that is a 4-tuple, a list for a state, a cost of ``"1"`` or ``-3``, a
heuristic that returns ``None``, ``nan`` or ``inf`` for some state) would otherwise fail deep
inside an algorithm as ``internal error``, or worse, not fail: a negative cost makes a wrong
answer "optimal", and ``inf`` made A* and branch and bound disagree. ``Checked`` wraps such a
problem for the search and turns each of those into the same one line the start's check gives.
The package's own domains are searched unwrapped: their states are right by construction, and
their loops are the fast ones.

*Trusted mode* (``solve(problem, check=False)``, or ``solve problem --trust``, which searches
``inside trusted()``) searches one's own problem unwrapped too: the start is still looked at
(``check_problem``, ``check_estimate``), every later step is not.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
from collections.abc import Iterator
from typing import Any

from .core.advice import advice
from .core.problem import Heuristic, check_links, is_estimate, short
from .errors import InputError

# Set by ``trusted()``: the command line's --trust, around a search it cannot pass ``check`` to.
_TRUSTED = contextvars.ContextVar("trusted", default=False)


def checked(problem: Any, check: bool = True) -> Any:
    """``problem`` wrapped in ``Checked``, unless it is one of statesearch's own or trusted
    (``check=False``, or searched inside ``trusted()``)."""
    if not check or _TRUSTED.get() or type(problem).__module__.split(".")[0] == "statesearch":
        return problem
    return Checked(problem)


@contextlib.contextmanager
def trusted(trust: bool = True) -> Iterator[None]:
    """Within the block (if ``trust``), ``solve`` skips the per-step checks as with
    ``check=False``."""
    token = _TRUSTED.set(trust)
    try:
        yield
    finally:
        _TRUSTED.reset(token)


class Checked:
    """Forwards everything to the problem; checks what ``successors``, ``predecessors`` and a
    heuristic give before an algorithm uses it."""

    def __init__(self, problem: Any) -> None:
        self.problem = problem
        # The searches believe it: BFS would call a path of fewer but dearer steps optimal.
        self.unit_costs = advice(problem).unit_costs

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.problem, name)
        if name == "predecessors":  # forwarded only if it exists: it makes a problem Reversible
            return lambda state: self._links(found(state), "predecessors")
        return found

    def successors(self, state: Any) -> list[tuple[Any, Any, float]]:
        return self._links(self.problem.successors(state), "successors")

    def _links(self, given: object, slot: str) -> list[tuple[Any, Any, float]]:
        links = check_links(given, slot)
        if self.unit_costs:
            for _, _, cost in links:
                if cost != 1:
                    raise InputError(
                        "the problem says unit_costs = True, but {slot} gave a step cost of "
                        "{cost}; leave unit_costs out when steps cost other than 1",
                        slot=slot,
                        cost=short(cost),
                    )
        return links

    def estimate(self, h: Heuristic) -> Heuristic:
        """``h`` checked at every state it estimates."""

        def checked_h(state: Any) -> float:
            value = h.fn(state)
            if not is_estimate(value):
                raise _bad_estimate(h, state, value)
            if value == math.inf:
                raise _dead_end(h, state)
            return value

        return Heuristic(h.name, checked_h, h.admissible)


def _bad_estimate(h: Heuristic, state: Any, value: object) -> InputError:
    return InputError(
        "the heuristic {name!r} must return a number >= 0; for {state} it gave {got}",
        name=h.name,
        state=short(state),
        got=short(value),
    )


def _dead_end(h: Heuristic, state: Any) -> InputError:
    """An estimate of ``inf`` from a problem of one's own: the searches read it differently
    (A* still expands past the state, IDA* and branch and bound never enter it), so one answer
    would depend on the algorithm; it is refused instead."""
    return InputError(
        "{place}: {problem}",
        place=f"the heuristic {h.name!r}",
        problem=f"for {short(state)} it gave inf; give a finite number (a dead end is a state "
        "no successor leads on from)",
    )
