"""Bidirectional breadth-first search: one layer at a time from the start and from the goal,
growing the side whose frontier costs less to expand (the smaller one, or by the problem's
``backward_cost``), until the two meet. Needs a single goal state and ``predecessors``; optimal
in the number of steps whichever side grows."""

from __future__ import annotations

from typing import Any

from ..core.limits import LimitKind, Meter
from ..core.outcome import Exhausted, Found, Links, Outcome, along, walk_back
from ..core.problem import Problem, Reversible, backward_cost, short
from ..core.result import Stats
from ..core.trace import Trace
from ..errors import InputError
from .breadth_first import grow_layer, reaches_beyond
from .teardown import release


def needs_both_ends() -> InputError:
    """The refusal of a problem without one goal state or without ``predecessors``."""
    return InputError(
        "bidirectional search needs one goal state and moves that run backwards (a problem "
        "with `goal` and `predecessors`); this problem lacks one of them"
    )


def reversible(problem: Problem[Any]) -> Reversible[Any]:
    """``problem`` as a search from both ends sees it; refused in one line without one goal
    state and ``predecessors``, or when that goal is no goal."""
    if not isinstance(problem, Reversible):
        raise needs_both_ends()
    if not problem.is_goal(problem.goal):  # the search would end on a state the problem rejects
        raise InputError(
            "bidirectional search searches back from the problem's goal, {goal}, but "
            "is_goal({goal}) is false",
            goal=short(problem.goal),
        )
    return problem


def bidirectional(
    problem: Problem[Any], meter: Meter, stats: Stats, trace: Trace | None = None
) -> Outcome:
    problem = reversible(problem)
    start, goal = problem.initial, problem.goal
    cost = backward_cost(problem)
    forward: Links = {start: None}
    backward: Links = {goal: None}  # backward[s] = the next state toward the goal
    stats.max_frontier = 2
    if start == goal:
        return walk_back(problem, forward, start)
    layers = {True: [start], False: [goal]}
    depths = {True: 0, False: 0}
    try:
        while layers[True] and layers[False]:
            ahead = len(layers[True]) <= cost * len(layers[False])
            seen, other = (forward, backward) if ahead else (backward, forward)
            step = problem.successors if ahead else problem.predecessors
            side = "forward" if ahead else "backward"
            if depths[True] + depths[False] >= meter.max_depth:
                if reaches_beyond(
                    layers[ahead], step, seen, meter, stats, trace, depths[ahead], side
                ):
                    return Exhausted(LimitKind.DEPTH)
                layers[ahead] = []  # nothing lies past it: this side is whole
                break
            following, meeting = grow_layer(
                layers[ahead],
                step,
                seen,
                # No state within this layer's depth of the start lay within the other side's
                # depth of the goal (they would have met before): the first meeting is shortest.
                other.__contains__,
                meter,
                stats,
                trace,
                depths[ahead],
                side,
                (len(other), len(layers[not ahead])),
            )
            if meeting is not None:
                return join_sides(problem, forward, backward, meeting)
            layers[ahead] = following
            depths[ahead] += 1
        return Exhausted(
            whole=("start", len(forward)) if not layers[True] else ("goal", len(backward))
        )
    finally:
        release(forward, backward)
        del forward, backward  # a stopped search's frame outlives this: not them


def join_sides(problem: Problem[Any], forward: Links, backward: Links, meeting: Any) -> Found:
    """The path through ``meeting``: ``forward`` links it back to the start, ``backward`` on to
    the goal."""
    path = [meeting]
    while (parent := forward[path[-1]]) is not None:
        path.append(parent)
    path.reverse()
    while (nxt := backward[path[-1]]) is not None:
        path.append(nxt)
    return along(problem, path)
