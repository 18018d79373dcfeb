"""Anytime weighted A* (Hansen and Zhou 2007): a first solution fast, then better ones, each
with a proven bound, until the last is proved optimal.

The waiting room is ordered by weighted A*'s ``f' = g + w * h`` (``w`` the weight, 2 when it
is 1: A*'s own order would find the optimum first, with nothing left to improve), so until the
first solution the search is exactly weighted A* (the same expansions, the same counts). It
goes on after it: a goal taken out with a cost below the best so far (the *incumbent*) becomes
the incumbent (an ``incumbent`` event) and is not expanded; from then on a state whose
``f = g + h`` is no lower than the incumbent's cost is left out: a successor is not pushed (a
``prune`` event, as branch and bound's) and an entry taken out is dropped unexpanded (``drop``).
A cheaper path to a state already expanded reopens it, as A* does.

Each solution comes with a *lower bound* on the optimal cost: the lowest ``f`` in the waiting
room (with an admissible heuristic, some state on a cheapest path waits there with its own
cost, unless the incumbent is already optimal), or the incumbent's cost if that is lower. Its
``bound`` is cost / lower bound: the solution costs at most that many times the optimum. When
the waiting room is empty the last incumbent is optimal. A budget that stops the search after
a solution gives that solution (``Found.stopped``): solved, not proved optimal, with its bound.

The counters mean what they mean for A*: ``expanded`` counts the states taken out and expanded
(each goal that became an incumbent too; stale and dropped entries not), ``pushed`` and
``generated`` as everywhere. ``Stats.improvements`` lists the solutions as they were found.
"""

from __future__ import annotations

import heapq
import math
import time
from collections.abc import Callable
from typing import Any

from ..core.limits import LimitHit, LimitKind, Meter
from ..core.outcome import Exhausted, Found, Links, Outcome, walk_back
from ..core.problem import Heuristic, Problem
from ..core.result import Improvement, Stats
from ..core.trace import Trace
from .best_first import TIE_BREAKS, a_star_priority, resolve_tie_break, unordered
from .teardown import release

# What anytime search weighs h by when asked for weight 1 (A*'s order).
DEFAULT_WEIGHT = 2.0


def anytime_weight(weight: float) -> float:
    """The weight the search runs with: ``weight``, or 2 for 1."""
    return DEFAULT_WEIGHT if weight == 1 else weight


def anytime_astar(
    problem: Problem[Any],
    heuristic: Heuristic,
    meter: Meter,
    stats: Stats,
    weight: float = DEFAULT_WEIGHT,
    tie_break: str = "classic",
    trace: Trace | None = None,
    on_improvement: Callable[[Improvement], None] | None = None,
) -> Outcome:
    """Anytime weighted A* from the problem's start; see the module docstring.
    ``on_improvement`` hears of each solution as it is found."""
    began = time.perf_counter()
    tie_break = resolve_tie_break(tie_break, own_problem=False)  # the facade resolves
    make_entry = TIE_BREAKS[tie_break]()
    priority = a_star_priority(weight)
    h = heuristic.fn
    is_goal, successors = problem.is_goal, problem.successors
    push, pop = heapq.heappush, heapq.heappop
    max_pushed, max_states = meter.max_pushed, meter.max_states
    depth_limited, max_depth = meter.depth_limited, meter.max_depth
    start = problem.initial
    if tie_break == "classic":
        try:
            start < start  # noqa: B015 (a frozen dataclass without order=True refuses it)
        except TypeError as error:
            raise unordered(error) from None
    g: dict[Any, float] = {start: 0}
    came: Links = {start: None}
    depth: dict[Any, int] = {start: 0}
    frontier: list[tuple[Any, ...]] = [make_entry(priority(0, h(start)), 0, start)]
    if trace is not None:
        trace.watch(frontier, g, came)
    expanded = pushed = generated = 0
    next_check = 0
    longest = 1
    cut = False
    incumbent: Found | None = None
    best = math.inf  # the incumbent's cost

    try:
        while frontier:
            try:
                item = pop(frontier)
            except TypeError as error:
                raise unordered(error) from None
            state, gs = item[-1], item[-2]
            if gs > g[state]:
                if trace is not None:
                    trace.emit("stale", state, f=item[0], g=gs, h=h(state))
                continue
            if best < math.inf:
                hs = h(state)
                if gs + hs >= best:  # it cannot lead to a cheaper solution
                    if trace is not None:
                        trace.emit("drop", state, f=gs + hs, g=gs, h=hs)
                    continue
            if expanded >= next_check:
                next_check = meter.checkpoint(expanded, len(frontier))
            expanded += 1
            if trace is not None:
                trace.pop(state, gs, f=item[0])
            if is_goal(state):
                incumbent, best = walk_back(problem, came, state), gs
                if trace is not None:
                    trace.emit("incumbent", state, g=gs)
                lower = lower_bound(frontier, g, heuristic, best)
                found = Improvement(
                    gs,
                    lower,
                    gs / lower if lower else None,
                    expanded,
                    generated,
                    time.perf_counter() - began,
                )
                stats.improvements.append(found)
                if on_improvement is not None:
                    on_improvement(found)
                continue
            child_depth = depth[state] + 1 if depth_limited else 0
            children = successors(state)
            if type(children) is not list:
                children = list(children)
            generated += len(children)
            for action, child, step in children:
                ng = gs + step
                known = g.get(child)
                if known is not None and ng >= known:
                    if trace is not None:
                        trace.emit("skip", child, g=ng, parent=state, action=action)
                    continue
                hc = h(child)
                if ng + hc >= best:
                    if trace is not None:
                        trace.emit("prune", child, f=ng + hc, g=ng, h=hc, parent=state)
                    continue
                if child_depth > max_depth:
                    cut = True
                    if trace is not None:
                        trace.emit("cut", child, g=ng, parent=state, action=action)
                    continue
                if pushed >= max_pushed:
                    meter.push(pushed)
                pushed += 1
                g[child] = ng
                came[child] = state
                if depth_limited:
                    depth[child] = child_depth
                f = priority(ng, hc)
                try:
                    push(frontier, make_entry(f, ng, child))
                except TypeError as error:
                    raise unordered(error) from None
                if trace is not None:
                    kind = "push" if known is None else "improve"
                    trace.emit(kind, child, f=f, g=ng, h=hc, parent=state, action=action)
            if len(g) > max_states:
                meter.store(len(g))
            if len(frontier) > longest:
                longest = len(frontier)
        if incumbent is not None:
            if cut:  # the depth bound may have cut a cheaper path: not proved optimal
                return Found(incumbent.path, incumbent.actions, incumbent.cost, stopped=_cut())
            return incumbent
        return Exhausted(LimitKind.DEPTH if cut else None)
    except LimitHit as hit:
        if incumbent is None:
            raise
        return Found(
            incumbent.path,
            incumbent.actions,
            incumbent.cost,
            stopped=hit,
            lower=lower_bound(frontier, g, heuristic, best),
        )
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = longest
        release(g, came, depth, frontier)
        del g, came, depth, frontier  # a stopped search's frame outlives this: not them


def lower_bound(
    frontier: list[tuple[Any, ...]], g: dict[Any, float], heuristic: Heuristic, best: float
) -> float | None:
    """The lowest f in the waiting room (stale entries aside), or the incumbent's cost
    ``best`` if lower; ``None`` for an estimate that may overestimate: then nothing is
    proved."""
    if not heuristic.admissible:
        return None
    h = heuristic.fn
    lowest = best
    for entry in frontier:
        g_entry, state = entry[-2], entry[-1]
        if g_entry <= g[state]:
            lowest = min(lowest, g_entry + h(state))
    return lowest


def _cut() -> LimitHit:
    return LimitHit(LimitKind.DEPTH, "states beyond the depth bound were not searched")
