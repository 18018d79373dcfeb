"""Best-first search: uniform-cost, A*, weighted A* and greedy share one loop.

The frontier is a binary heap ordered by ``f`` and then by a named tie-break policy. Only the
policy decides what else goes into a heap entry; every entry ends with ``(g, state)`` so the loop
can spot stale entries (a state re-pushed with a better ``g``) without knowing the policy.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable
from typing import Any

from ..errors import InputError
from ..problem import Heuristic, Problem
from ..result import Budget, Stats
from ._common import CLOCK_EVERY, Budgets, Exhausted, Links, Outcome, walk_back

Entry = tuple[Any, ...]
# policy(f, g, order, state): ``order`` counts pushes, so it is unique and grows with time.
TieBreak = Callable[[float, float, int, Any], Entry]

TIE_BREAKS: dict[str, TieBreak] = {
    # Equal f: smaller g first, then the smaller state (needs orderable states). This is the
    # lesson's heapq of (f, g, state), and what reproduces its published counts.
    "classic": lambda f, g, order, state: (f, g, state),
    # Equal f: larger g first (closer to the goal, as judged by h), then the newest.
    "deep": lambda f, g, order, state: (f, -g, -order, g, state),
    # Equal f: first pushed, first out.
    "fifo": lambda f, g, order, state: (f, order, g, state),
    # Equal f: last pushed, first out.
    "lifo": lambda f, g, order, state: (f, -order, g, state),
}


def tie_break_policy(name: str) -> TieBreak:
    try:
        return TIE_BREAKS[name]
    except KeyError:
        raise InputError(
            "unknown tie-break {name!r}; choose from {choices}",
            name=name,
            choices=", ".join(TIE_BREAKS),
        ) from None


def best_first(
    problem: Problem[Any],
    heuristic: Heuristic,
    budgets: Budgets,
    stats: Stats,
    *,
    weight: float = 1.0,
    greedy: bool = False,
    tie_break: str = "classic",
) -> Outcome:
    """Expand states in order of ``f = g + weight * h`` (``f = h`` when ``greedy``).

    A state is re-opened whenever a cheaper path to it turns up, so A* stays optimal with an
    admissible heuristic even when it is not consistent. Greedy search keeps the first path it
    finds to each state.
    """
    entry = tie_break_policy(tie_break)
    h = heuristic.fn
    is_goal = problem.is_goal
    successors = problem.successors
    push, pop = heapq.heappush, heapq.heappop
    expand_check, push_check, store_check = budgets.expand, budgets.push, budgets.store
    max_expanded, max_pushed, max_states = (
        budgets.max_expanded,
        budgets.max_pushed,
        budgets.max_states,
    )
    next_check = 0  # the next expansion count at which the budgets are looked at
    depth_limited, max_depth = budgets.depth_limited, budgets.max_depth
    classic = tie_break == "classic"
    if float(weight).is_integer():
        weight = int(weight)  # keep f an int when g and h are: int comparisons are faster

    start = problem.initial
    g: dict[Any, float] = {start: 0}
    came: Links = {start: None}
    depth: dict[Any, int] = {start: 0}
    h0 = h(start)
    frontier: list[Entry] = [entry(h0 if greedy else weight * h0, 0, 0, start)]
    order = itertools.count(1)
    expanded = pushed = generated = 0
    max_frontier = 1
    cut = False
    try:
        while frontier:
            item = pop(frontier)
            state = item[-1]
            gs = item[-2]
            if gs > g[state]:
                continue  # stale: a cheaper entry for this state was pushed later
            if expanded >= next_check:
                expand_check(expanded)
                next_check = min(expanded + CLOCK_EVERY, max_expanded)
            expanded += 1
            if is_goal(state):
                return walk_back(problem, came, state)
            child_depth = depth[state] + 1 if depth_limited else 0
            children = successors(state)
            if type(children) is not list:
                children = list(children)
            generated += len(children)
            for _, child, step in children:
                ng = gs + step
                known = g.get(child)
                if known is not None and (greedy or ng >= known):
                    continue
                if child_depth > max_depth:
                    cut = True
                    continue
                if pushed >= max_pushed:
                    push_check(pushed)
                pushed += 1
                g[child] = ng
                came[child] = state
                if depth_limited:
                    depth[child] = child_depth
                hc = h(child)
                f = hc if greedy else ng + weight * hc
                if classic:
                    push(frontier, (f, ng, child))
                else:
                    push(frontier, entry(f, ng, next(order), child))
            if len(g) > max_states:
                store_check(len(g))
            if len(frontier) > max_frontier:
                max_frontier = len(frontier)
        return Exhausted(Budget.DEPTH if cut else None)
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = max_frontier
