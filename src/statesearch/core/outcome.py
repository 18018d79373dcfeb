"""What an algorithm (or a compiled kernel) hands back to the facade: a path, or a proof that
the space within the bounds holds none. The facade turns it into a ``SearchResult``."""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from .limits import LimitHit, LimitKind
from .problem import Problem, short


@dataclass
class Found:
    """A path from the start to a goal. ``stopped``: an anytime search's best path when a
    budget (or a depth bound) stopped it before it proved the path optimal, with ``lower``,
    the lowest cost it had proved any path needs (``None``: none proved)."""

    path: list[Any]
    actions: list[Any]
    cost: float
    stopped: LimitHit | None = None
    lower: float | None = None


@dataclass
class Exhausted:
    """Every state within the bounds was searched; ``cut`` names a bound that cut states off.

    ``beyond`` is set by an iterative search that stopped because every solution would take more
    moves than the problem's ``longest_optimal``: a proof, though states remain unsearched.
    ``whole`` is set by a search from both ends that reached every state of one end's side
    first: the end (``start`` or ``goal``) and how many states that side holds.
    """

    cut: LimitKind | None = None
    beyond: int | None = None
    whole: tuple[str, int] | None = None


Outcome = Found | Exhausted

# came[state] = parent (None for the start). Only parents are kept while searching; the actions
# and step costs are looked up again once, for the final path (cheaper than a tuple per push).
Links = dict[Any, Any]


def walk_back(problem: Problem[Any], came: Links, state: Hashable) -> Found:
    """Rebuild the path that ends in ``state`` from its parent links."""
    states = [state]
    while (parent := came[states[-1]]) is not None:
        states.append(parent)
    states.reverse()
    return along(problem, states)


def along(problem: Problem[Any], states: list[Any]) -> Found:
    """The actions and cost of a path given by its states (the cheapest move for each step)."""
    actions = []
    cost: float = 0
    for parent, child in itertools.pairwise(states):
        moves = [(c, a) for a, s, c in problem.successors(parent) if s == child]
        if not moves:  # a step a search from the goal took through ``predecessors``
            raise InputError(
                "predecessors({child}) gave {parent}, but successors({parent}) does not give "
                "{child}: each must be the other's reverse",
                child=short(child),
                parent=short(parent),
            )
        step, action = min(moves, key=lambda pair: pair[0])
        actions.append(action)
        cost += step
    return Found(states, actions, cost)
