"""Jump point search (Harabor and Grastien 2011, with their 2014 pruning of intermediate jump
points): A* over the *jump points* a problem offers.

It runs A*'s loop (``best_first``: f = g + h, a cheaper path reopens a state, the tie policy's
entries ending in ``(g, state)``), but a state's successors depend on the state it was reached
from (``best_first.Runs``): the problem's ``jump_points()`` returns an object with

- ``jumps(state, parent)``: ``(action, jump point, cost)`` for every jump point the runs from
  ``state`` find, pruned by the direction from ``parent`` (``None`` at the start);
- ``between(a, b)``: the states a jump from ``a`` to ``b`` enters, one move each, so the path
  found is given move by move, as A*'s is, and its actions and cost are the problem's own;

or raises ``InputError`` with the reason the problem has none (``maze.jump`` for mazes: 8
moves, every open cell costing 1). The engine knows nothing of grids.

The counters mean what they mean for A*, over jump points: ``expanded`` counts the jump points
taken out of the open list and expanded (the start and the goal included; stale entries not),
``pushed`` the jump points put into it, ``generated`` the successors ``jumps`` returned, one
for each time a run found a jump point (one found again, by another run or another expansion,
is counted again, as A* counts a state each time it is generated). The cells a run passes over
are not states of this search and are not counted; nor are a maze's *intermediate* jump points
(a cell of a diagonal run that is a jump point only because a straight run from it finds one:
that run's jump point is the diagonal run's successor, reached through the cell, which is never
pushed nor expanded). The trace reports the same events as A*'s (``pop``, ``push``,
``improve``, ``skip``, ``stale``, ``goal``), each state a jump point.
"""

from __future__ import annotations

import itertools
from typing import Any

from ..core.advice import advice
from ..core.limits import Meter
from ..core.outcome import Outcome
from ..core.problem import Heuristic, Problem
from ..core.result import Stats
from ..core.trace import Trace
from ..errors import InputError
from .best_first import Ordering, Runs, a_star_priority, best_first, check_tie_break


def jumper(problem: Problem[Any]) -> Any:
    """The problem's jump points, or an ``InputError`` saying why there are none."""
    offer = advice(problem).jump_points
    if offer is None:
        raise InputError(
            "jump point search needs a grid that offers jump points (a maze with 8 moves); "
            "this problem has none: use astar"
        )
    return offer()


def jump_point_search(
    problem: Problem[Any],
    heuristic: Heuristic,
    meter: Meter,
    stats: Stats,
    tie_break: str = "classic",
    trace: Trace | None = None,
) -> Outcome:
    """A* over the jump points of ``problem`` (see the module docstring)."""
    check_tie_break(tie_break)
    grid = jumper(problem)
    if meter.depth_limited:
        raise InputError(
            "jump point search takes no depth limit (a jump spans many moves): use astar"
        )
    ordering = Ordering(a_star_priority(1), reopen=True, tie_break=tie_break)
    runs = Runs(grid.jumps, lambda came, goal: moves(grid, came, goal))
    return best_first(problem, heuristic, meter, stats, ordering, trace, runs)


def moves(grid: Any, came: dict[Any, Any], state: Any) -> list[Any]:
    """The path to ``state``, move by move: the jump points' links filled in by ``between``."""
    points = [state]
    while (parent := came[points[-1]]) is not None:
        points.append(parent)
    points.reverse()
    path = [points[0]]
    for a, b in itertools.pairwise(points):
        path.extend(grid.between(a, b))
    return path
