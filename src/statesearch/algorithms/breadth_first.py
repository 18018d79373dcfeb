"""Breadth-first search, one depth layer at a time.

The goal test happens when a state is generated (a whole layer earlier than testing on the way
off the frontier), so the goal is never expanded and not counted in ``expanded``.
"""

from __future__ import annotations

from typing import Any

from ..limits import LimitKind, Meter
from ..outcome import Exhausted, Links, Outcome, walk_back
from ..problem import Problem
from ..result import Stats
from ..trace import Trace
from .teardown import release


def breadth_first(
    problem: Problem[Any], meter: Meter, stats: Stats, trace: Trace | None = None
) -> Outcome:
    is_goal, successors = problem.is_goal, problem.successors
    max_pushed, max_states = meter.max_pushed, meter.max_states
    start = problem.initial
    came: Links = {start: None}
    stats.layers = [1]
    if is_goal(start):
        if trace is not None:
            trace.emit("goal", start, g=0)
        return walk_back(problem, came, start)
    layer = [start]
    depth = 0
    expanded = pushed = generated = 0
    next_check = 0
    longest = 1
    try:
        while layer:
            if depth >= meter.max_depth:
                return Exhausted(LimitKind.DEPTH)
            following: list[Any] = []
            remaining = len(layer)
            if trace is not None:
                trace.emit("layer", depth=depth, g=len(layer))
            for state in layer:
                if expanded >= next_check:
                    next_check = meter.checkpoint(expanded, remaining + len(following))
                expanded += 1
                remaining -= 1
                if trace is not None:
                    trace.pop(state, depth, f=depth, depth=depth)
                for action, child, _ in successors(state):
                    generated += 1
                    if child in came:
                        if trace is not None:
                            trace.emit("skip", child, parent=state, action=action, depth=depth + 1)
                        continue
                    if pushed >= max_pushed:
                        meter.push(pushed)
                    pushed += 1
                    came[child] = state
                    if trace is not None:
                        trace.emit("push", child, parent=state, action=action, depth=depth + 1)
                    if is_goal(child):
                        if trace is not None:
                            trace.emit("goal", child, g=depth + 1, depth=depth + 1)
                        stats.layers.append(len(following) + 1)
                        return walk_back(problem, came, child)
                    following.append(child)
                if len(came) > max_states:
                    meter.store(len(came))
                if remaining + len(following) > longest:
                    longest = remaining + len(following)
            if following:
                stats.layers.append(len(following))
            layer = following
            depth += 1
        return Exhausted()
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = longest
        release(came)
