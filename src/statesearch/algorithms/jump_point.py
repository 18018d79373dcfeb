"""Jump point search (Harabor and Grastien 2011): A* over the *jump points* a problem offers.

The loop is A*'s (``best_first``: f = g + h, a cheaper path reopens a state, the tie policy's
entries ending in ``(g, state)``), but a state's successors depend on the state it was reached
from: the problem's ``jump_points()`` returns an object with

- ``jumps(state, parent)``: ``(action, jump point, cost)`` for every run from ``state`` that
  ends at a jump point, pruned by the direction from ``parent`` (``None`` at the start);
- ``between(a, b)``: the states a run from ``a`` to ``b`` enters, one move each, so the path
  found is given move by move, as A*'s is, and its actions and cost are the problem's own;

or raises ``InputError`` with the reason the problem has none (``maze.jump`` for mazes: 8
moves, every open cell costing 1). The engine knows nothing of grids.

The counters mean what they mean for A*, over jump points: ``expanded`` counts the jump points
taken out of the open list (the start and the goal included; stale entries not), ``pushed`` the
jump points put into it, ``generated`` the jump points the runs found (the cells a run passes
over are not states of this search and are not counted). The trace reports the same events as
A*'s (``pop``, ``push``, ``improve``, ``skip``, ``stale``, ``goal``), each state a jump point.
"""

from __future__ import annotations

import heapq
import itertools
from typing import Any

from ..core.advice import advice
from ..core.limits import Meter
from ..core.outcome import Exhausted, Outcome, along
from ..core.problem import Heuristic, Problem
from ..core.result import Stats
from ..core.trace import Trace
from ..errors import InputError
from .best_first import TIE_BREAKS, check_tie_break
from .teardown import release


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
    make_entry = TIE_BREAKS[tie_break]()
    h = heuristic.fn
    jumps, is_goal = grid.jumps, problem.is_goal
    push, pop = heapq.heappush, heapq.heappop
    max_pushed, max_states = meter.max_pushed, meter.max_states
    start = problem.initial
    g: dict[Any, float] = {start: 0}
    came: dict[Any, Any] = {start: None}
    frontier = [make_entry(h(start), 0, start)]
    if trace is not None:
        trace.watch(frontier, g, came)
    expanded = pushed = generated = 0
    next_check = 0
    longest = 1
    try:
        while frontier:
            item = pop(frontier)
            state, gs = item[-1], item[-2]
            if gs > g[state]:
                if trace is not None:
                    trace.emit("stale", state, f=item[0], g=gs, h=h(state))
                continue
            if expanded >= next_check:
                next_check = meter.checkpoint(expanded, len(frontier))
            expanded += 1
            if trace is not None:
                trace.pop(state, gs, f=item[0])
            if is_goal(state):
                if trace is not None:
                    trace.emit("goal", state, g=gs)
                return along(problem, moves(grid, came, state))
            parent = came[state]
            children = jumps(state, parent)
            generated += len(children)
            for action, child, step in children:
                ng = gs + step
                known = g.get(child)
                if known is not None and ng >= known:
                    if trace is not None:
                        trace.emit("skip", child, g=ng, parent=state, action=action)
                    continue
                if pushed >= max_pushed:
                    meter.push(pushed)
                pushed += 1
                g[child] = ng
                came[child] = state
                hc = h(child)
                push(frontier, make_entry(ng + hc, ng, child))
                if trace is not None:
                    kind = "push" if known is None else "improve"
                    trace.emit(kind, child, f=ng + hc, g=ng, h=hc, parent=state, action=action)
            if len(g) > max_states:
                meter.store(len(g))
            if len(frontier) > longest:
                longest = len(frontier)
        return Exhausted()
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = longest
        release(g, came, frontier)
        del g, came, frontier


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
