"""Depth-first graph search: a stack, and every state is pushed at most once."""

from __future__ import annotations

from typing import Any

from ..core.limits import LimitKind, Meter
from ..core.outcome import Exhausted, Links, Outcome, walk_back
from ..core.problem import Problem
from ..core.result import Stats
from ..core.trace import Trace
from .teardown import release


def depth_first(
    problem: Problem[Any], meter: Meter, stats: Stats, trace: Trace | None = None
) -> Outcome:
    """Children are pushed in reverse so the first successor is explored first; states deeper
    than ``max_depth`` are not pushed (and the result then says the depth bound cut them)."""
    is_goal, successors = problem.is_goal, problem.successors
    max_pushed, max_states, max_depth = meter.max_pushed, meter.max_states, meter.max_depth
    start = problem.initial
    came: Links = {start: None}
    depth = {start: 0}
    stack = [start]
    cut = False
    expanded = pushed = generated = 0
    next_check = 0
    longest = 1
    try:
        while stack:
            state = stack.pop()
            if expanded >= next_check:
                next_check = meter.checkpoint(expanded, len(stack))
            expanded += 1
            if trace is not None:
                trace.pop(state, depth[state], depth=depth[state])
            if is_goal(state):
                if trace is not None:
                    trace.emit("goal", state, g=depth[state])
                return walk_back(problem, came, state)
            child_depth = depth[state] + 1
            children = list(successors(state))
            generated += len(children)
            # Turned away, cut or pushed, as in best-first's loop (alike on purpose: see there).
            for action, child, _ in reversed(children):
                if child in came:
                    if trace is not None:
                        trace.emit("skip", child, parent=state, action=action, depth=child_depth)
                    continue
                if child_depth > max_depth:
                    cut = True
                    if trace is not None:
                        trace.emit("cut", child, parent=state, action=action, depth=child_depth)
                    continue
                if pushed >= max_pushed:
                    meter.push(pushed)
                pushed += 1
                came[child] = state
                depth[child] = child_depth
                stack.append(child)
                if trace is not None:
                    trace.emit("push", child, parent=state, action=action, depth=child_depth)
            if len(came) > max_states:
                meter.store(len(came))
            if len(stack) > longest:
                longest = len(stack)
        return Exhausted(LimitKind.DEPTH if cut else None)
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = longest
        release(came, depth)
        del came, depth  # a stopped search's frame outlives this: not them
