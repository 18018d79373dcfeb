"""Recursive best-first search (RBFS, Korf 1993): best-first order in linear space.

RBFS keeps the path from the start and, for each state on it, that state's children with a
*stored value* ``F``: at first ``f = g + h``, later the lowest ``f`` found below the child when
the search last left it. It goes into the child of lowest ``F`` while that ``F`` is at most the
bound its parent gave it (the lowest ``F`` among the alternatives above), and when every child
exceeds the bound it goes back up with the lowest of them as its own new ``F``. A child whose
parent's ``F`` was raised before (``f(parent) < F(parent)``) inherits that ``F``: it was
searched below it already. With an admissible heuristic the first goal expanded is optimal,
as A*'s is, while memory grows with the path times the branching factor.

The walk is written as a loop over a stack of frames (a recursion as deep as the path would
meet Python's limit on a long path). As the other depth-first searches it checks the path: a
child already on it is skipped (``skip``), and the depth limit cuts (``cut``).

The counters and the trace mean what they mean for the other searches: ``expanded`` (a
``pop`` event) counts each time the search goes into a state, so a state left and entered
again counts again, as IDA*'s do over iterations; ``pushed`` (a ``push`` event) each child put
into its parent's list, the waiting room of RBFS; ``generated`` every successor produced.
``max_frontier`` is the most states on the path at once, the start and the goal included.
"""

from __future__ import annotations

import math
from typing import Any

from ..core.limits import LimitKind, Meter
from ..core.outcome import Exhausted, Found, Outcome
from ..core.problem import Heuristic, Problem, longest_optimal
from ..core.result import Stats
from ..core.trace import Trace
from .skip_or_cut import skip_or_cut
from .teardown import release

# A child in its parent's list: [stored F, g, state, action].
Child = list[Any]


def _stored(child: Child) -> float:
    return float(child[0])


def recursive_best_first(
    problem: Problem[Any], heuristic: Heuristic, meter: Meter, stats: Stats, trace: Trace | None
) -> Outcome:
    """RBFS from the problem's start; see the module docstring."""
    h = heuristic.fn
    is_goal, successors = problem.is_goal, problem.successors
    max_pushed, max_depth = meter.max_pushed, meter.max_depth
    longest_moves = longest_optimal(problem) if heuristic.admissible else None
    start = problem.initial
    # Each frame: the state, its g, the bound its parent gave it, its children (sorted by F),
    # and the action that led to it.
    frames: list[tuple[Any, float, float, list[Child], Any]] = []
    on_path: set[Any] = set()
    expanded = pushed = generated = 0
    next_check = 0
    longest = 1
    cut = False
    # What the loop does next: go into a child (state, g, stored F, bound, action), or take
    # back a value from the frame it left.
    entering: tuple[Any, float, float, float, Any] | None = (start, 0, h(start), math.inf, None)
    returned = math.inf
    try:
        while True:
            if entering is not None:
                state, gs, stored, bound, action = entering
                entering = None
                depth = len(frames)
                if expanded >= next_check:
                    next_check = meter.checkpoint(expanded, depth + 1)
                expanded += 1
                if trace is not None:
                    trace.pop(state, gs, f=stored, depth=depth)
                if is_goal(state):
                    longest = max(longest, depth + 1)
                    if trace is not None:
                        trace.emit("goal", state, g=gs, depth=depth)
                    path = [frame[0] for frame in frames] + [state]
                    actions = [frame[4] for frame in frames[1:]] + ([action] if frames else [])
                    return Found(path, actions, gs)
                own_f = gs + h(state)
                links = successors(state)
                if type(links) is not list:
                    links = list(links)
                generated += len(links)
                on_path.add(state)
                children: list[Child] = []
                too_deep = depth + 1 > max_depth
                for move, child, step in links:
                    g_child = gs + step
                    seen = child in on_path
                    if seen or too_deep:
                        cut = cut or not seen
                        skip_or_cut(trace, seen, child, g_child, state, move, depth + 1)
                        continue
                    if pushed >= max_pushed:
                        meter.push(pushed)
                    pushed += 1
                    h_child = h(child)
                    f_child = g_child + h_child
                    # Searched below already (its parent's F was raised): inherit that F.
                    value = max(stored, f_child) if own_f < stored else f_child
                    children.append([value, g_child, child, move])
                    if trace is not None:
                        trace.emit(
                            "push", child, f=value, g=g_child, h=h_child, parent=state,
                            action=move, depth=depth + 1,
                        )  # fmt: skip
                children.sort(key=_stored)
                frames.append((state, gs, bound, children, action))
                if len(frames) > longest:
                    longest = len(frames)
            else:
                children = frames[-1][3]
                children[0][0] = returned
                children.sort(key=_stored)  # stable: equal F keep their order
            state, gs, bound, children, _ = frames[-1]
            best = children[0][0] if children else math.inf
            if len(frames) == 1:
                meter.bound = best  # the lowest a solution can cost, for progress lines
                if longest_moves is not None and longest_moves < best < math.inf and not cut:
                    return Exhausted(beyond=longest_moves)
            if best > bound or best == math.inf:
                frames.pop()
                on_path.discard(state)
                if not frames:
                    return Exhausted(LimitKind.DEPTH if cut else None)
                returned = best
                continue
            alternative = children[1][0] if len(children) > 1 else math.inf
            first = children[0]
            entering = (first[2], first[1], first[0], min(bound, alternative), first[3])
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = longest
        release(on_path)
        del frames, on_path  # a stopped search's frame outlives this: not them
