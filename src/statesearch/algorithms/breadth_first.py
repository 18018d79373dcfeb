"""Breadth-first search, one depth layer at a time, and the layer steps that bidirectional
search shares.

The goal test happens when a state is generated (a whole layer earlier than testing on the way
off the frontier), so the goal is never expanded and not counted in ``expanded``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..core.limits import LimitKind, Meter
from ..core.outcome import Exhausted, Links, Outcome, walk_back
from ..core.problem import Problem
from ..core.result import Stats
from ..core.trace import Trace
from .teardown import release

Step = Callable[[Any], Iterable[tuple[Any, Any, float]]]


def breadth_first(
    problem: Problem[Any], meter: Meter, stats: Stats, trace: Trace | None = None
) -> Outcome:
    start = problem.initial
    came: Links = {start: None}
    stats.layers = [1]
    stats.max_frontier = 1
    if problem.is_goal(start):
        if trace is not None:
            trace.emit("goal", start, g=0)
        return walk_back(problem, came, start)
    layer = [start]
    depth = 0
    try:
        while layer:
            if depth >= meter.max_depth:
                beyond = reaches_beyond(layer, problem.successors, came, meter, stats, trace, depth)
                return Exhausted(LimitKind.DEPTH if beyond else None)
            following, goal = grow_layer(
                layer, problem.successors, came, problem.is_goal, meter, stats, trace, depth
            )
            if goal is not None:
                stats.layers.append(len(following) + 1)
                return walk_back(problem, came, goal)
            if following:
                stats.layers.append(len(following))
            layer = following
            depth += 1
        return Exhausted()
    finally:
        release(came)
        del came  # a stopped search's frame outlives this: not its table


def grow_layer(
    layer: list[Any],
    step: Step,
    seen: Links,
    arrived: Callable[[Any], bool],
    meter: Meter,
    stats: Stats,
    trace: Trace | None,
    depth: int,
    side: str | None = None,
    elsewhere: tuple[int, int] = (0, 0),
) -> tuple[list[Any], Any]:
    """Expand every state of ``layer`` (at ``depth``) with ``step``: each new state goes into
    ``seen`` (with the state it came from) and the next layer, until one for which
    ``arrived`` holds, which is returned with the layer so far (else ``None``). ``elsewhere``:
    the states the search keeps besides ``seen`` and its frontier besides this layer (the
    other side of a bidirectional search), for the memory bound and ``max_frontier``."""
    expanded, pushed, generated = stats.expanded, stats.pushed, stats.generated
    max_pushed, max_states = meter.max_pushed, meter.max_states
    kept_elsewhere, waiting_elsewhere = elsewhere
    longest = stats.max_frontier
    following: list[Any] = []
    remaining = len(layer)
    next_check = expanded
    if trace is not None:
        trace.emit("layer", depth=depth, g=len(layer), side=side)
    try:
        for state in layer:
            if expanded >= next_check:
                next_check = meter.checkpoint(expanded, remaining + len(following))
            expanded += 1
            remaining -= 1
            if trace is not None:
                trace.pop(state, depth, f=depth, depth=depth, side=side)
            for action, child, _ in step(state):
                generated += 1
                if child in seen:
                    if trace is not None:
                        trace.emit(
                            "skip", child, parent=state, action=action, depth=depth + 1, side=side
                        )
                    continue
                if pushed >= max_pushed:
                    meter.push(pushed)
                pushed += 1
                seen[child] = state
                if trace is not None:
                    trace.emit(
                        "push", child, parent=state, action=action, depth=depth + 1, side=side
                    )
                if arrived(child):
                    if trace is not None:
                        trace.emit("goal", child, g=depth + 1, depth=depth + 1, side=side)
                    return following, child
                following.append(child)
            if len(seen) + kept_elsewhere > max_states:
                meter.store(len(seen) + kept_elsewhere)
            if remaining + len(following) + waiting_elsewhere > longest:
                longest = remaining + len(following) + waiting_elsewhere
        return following, None
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = longest


def reaches_beyond(
    layer: list[Any],
    step: Step,
    seen: Links,
    meter: Meter,
    stats: Stats,
    trace: Trace | None,
    depth: int,
    side: str | None = None,
) -> bool:
    """Whether a state not in ``seen`` lies one step past ``layer``, the last layer the depth
    bound lets in. Such states are cut, not kept; the first state with one ends the look, so
    an answer of no is a proof that nothing lies beyond the bound."""
    expanded, generated = stats.expanded, stats.generated
    next_check = expanded
    cut = False
    try:
        for done, state in enumerate(layer):
            if expanded >= next_check:
                next_check = meter.checkpoint(expanded, len(layer) - done)
            expanded += 1
            if trace is not None:
                trace.pop(state, depth, f=depth, depth=depth, side=side)
            for action, child, _ in step(state):
                generated += 1
                new = child not in seen
                cut = cut or new
                if trace is not None:
                    event = "cut" if new else "skip"
                    trace.emit(
                        event, child, parent=state, action=action, depth=depth + 1, side=side
                    )
            if cut:
                return True
        return False
    finally:
        stats.expanded, stats.generated = expanded, generated
