"""Bidirectional breadth-first search: one layer at a time from the start and from the goal,
always growing the smaller side, until the two meet. Needs a single goal state and
``predecessors``; optimal in the number of steps."""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..limits import LimitKind, Meter
from ..outcome import Exhausted, Found, Links, Outcome, along, walk_back
from ..problem import Problem, Reversible
from ..result import Stats
from ..trace import Trace
from .teardown import release


def bidirectional(
    problem: Problem[Any], meter: Meter, stats: Stats, trace: Trace | None = None
) -> Outcome:
    if not isinstance(problem, Reversible):
        raise InputError("bidirectional search needs a problem with `goal` and `predecessors`")
    max_pushed, max_states = meter.max_pushed, meter.max_states
    start, goal = problem.initial, problem.goal
    forward: Links = {start: None}
    backward: Links = {goal: None}  # backward[s] = the next state toward the goal
    if start == goal:
        return walk_back(problem, forward, start)
    layers = {True: [start], False: [goal]}
    depth = 0
    expanded = pushed = generated = 0
    next_check = 0
    longest = 2
    try:
        while layers[True] and layers[False]:
            if depth >= meter.max_depth:
                return Exhausted(LimitKind.DEPTH)
            grow_forward = len(layers[True]) <= len(layers[False])
            seen, other = (forward, backward) if grow_forward else (backward, forward)
            step_fn = problem.successors if grow_forward else problem.predecessors
            side = "forward" if grow_forward else "backward"
            following: list[Any] = []
            if trace is not None:
                trace.emit("layer", depth=depth, g=len(layers[grow_forward]), side=side)
            for state in layers[grow_forward]:
                if expanded >= next_check:
                    next_check = meter.checkpoint(expanded, len(following))
                expanded += 1
                if trace is not None:
                    trace.pop(state, depth, f=depth, side=side)
                for action, child, _ in step_fn(state):
                    generated += 1
                    if child in seen:
                        if trace is not None:
                            trace.emit("skip", child, parent=state, action=action, side=side)
                        continue
                    if pushed >= max_pushed:
                        meter.push(pushed)
                    pushed += 1
                    seen[child] = state
                    if trace is not None:
                        trace.emit("push", child, parent=state, action=action, side=side)
                    # No state within this layer's depth of the start lay within the other
                    # side's depth of the goal (they would have met before), so the first
                    # meeting is shortest.
                    if child in other:
                        if trace is not None:
                            trace.emit("goal", child, side=side)
                        return _join(problem, forward, backward, child)
                    following.append(child)
                if len(forward) + len(backward) > max_states:
                    meter.store(len(forward) + len(backward))
            longest = max(longest, len(following) + len(layers[not grow_forward]))
            layers[grow_forward] = following
            depth += 1
        return Exhausted()
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = longest
        release(forward, backward)


def _join(problem: Problem[Any], forward: Links, backward: Links, meeting: Any) -> Found:
    path = [meeting]
    while (parent := forward[path[-1]]) is not None:
        path.append(parent)
    path.reverse()
    while (nxt := backward[path[-1]]) is not None:
        path.append(nxt)
    return along(problem, path)
