"""Beam search: breadth-first by layers, each layer cut to the ``width`` best states.

Each layer's states are expanded; their new successors wait for the next layer, and only the
``width`` of lowest ``f = g + h`` go on (equal f: lower h, then the first generated); the rest
are dropped. Memory grows with the width times the depth, not with the space, and the price
is that beam search is neither complete nor optimal: a dropped state may have been the only way
to the goal, or the cheapest. So a result of beam search never says optimal, and running out of
states after dropping some is no proof (``limit_reached``, the ``width`` budget); only a search
that dropped nothing and found no goal has searched every reachable state (``unsolvable``).

As breadth-first search does, it tests a state for the goal when it is generated. A dropped
state is forgotten, so a later layer may reach it again; the states kept once are never kept
again.

The counters and the trace mean what they mean for the other searches: ``pushed`` (a
``push`` event) counts each successor put into the next layer's waiting room, dropped or not;
a ``drop`` event (not a child event: the successor already had its ``push``) says which left
it without being expanded, as a ``stale`` entry leaves a best-first search's; ``expanded``
(``pop``) the states of the layers expanded; ``max_frontier`` the most states waiting at once,
before a cut.
"""

from __future__ import annotations

from typing import Any

from ..core.limits import LimitKind, Meter
from ..core.outcome import Exhausted, Links, Outcome, walk_back
from ..core.problem import Heuristic, Problem
from ..core.result import Stats
from ..core.trace import Trace
from ..errors import InputError
from .skip_or_cut import skip_or_cut
from .teardown import release

DEFAULT_WIDTH = 100


def check_width(width: object) -> int:
    """The beam's width: a whole number >= 1."""
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise InputError("the beam width must be a whole number >= 1, got {width}", width=width)
    return width


def width_for_beam_alone(algorithm: str, named: str | None, spelled: str) -> None:
    """A beam width is beam search's alone: with another algorithm (``named`` its name, None
    for ``auto``, which never chooses beam) it is refused, not left unread. ``spelled``: beam
    search and the width as the caller's user names them."""
    if named != "beam":
        raise InputError(  # a template the web has in Korean too
            "{name} must be {kinds}, not {value!r}",
            name="the algorithm",
            kinds=spelled,
            value=algorithm,
        )


def beam_search(
    problem: Problem[Any],
    heuristic: Heuristic,
    meter: Meter,
    stats: Stats,
    width: int = DEFAULT_WIDTH,
    trace: Trace | None = None,
) -> Outcome:
    """Beam search of ``width`` from the problem's start; see the module docstring."""
    check_width(width)
    h = heuristic.fn
    is_goal, successors = problem.is_goal, problem.successors
    max_pushed, max_states, max_depth = meter.max_pushed, meter.max_states, meter.max_depth
    start = problem.initial
    came: Links = {start: None}  # the states kept (in a layer, or waiting for the next one)
    stats.max_frontier = 1
    if is_goal(start):
        if trace is not None:
            trace.emit("goal", start, g=0)
        return walk_back(problem, came, start)
    layer: list[tuple[Any, float]] = [(start, 0)]  # (state, g)
    depth = 0
    expanded = pushed = generated = 0
    next_check = 0
    longest = 1
    dropped = cut = False
    try:
        while layer:
            if trace is not None:
                trace.emit("layer", depth=depth, g=len(layer))
            # The next layer's waiting room: (f, h, order, g, state).
            waiting: list[tuple[float, float, int, float, Any]] = []
            too_deep = depth + 1 > max_depth  # the successors of this layer's states
            for done, (state, gs) in enumerate(layer):
                if expanded >= next_check:
                    next_check = meter.checkpoint(expanded, len(layer) - done + len(waiting))
                expanded += 1
                if trace is not None:
                    trace.pop(state, gs, depth=depth)
                # Counted one by one, as breadth-first search counts: a goal ends the count.
                for action, child, step in successors(state):
                    generated += 1
                    g_child = gs + step
                    seen = child in came
                    if seen or too_deep:
                        cut = cut or not seen
                        skip_or_cut(trace, seen, child, g_child, state, action, depth + 1)
                        continue
                    if pushed >= max_pushed:
                        meter.push(pushed)
                    pushed += 1
                    came[child] = state
                    h_child = h(child)
                    f_child = g_child + h_child
                    if trace is not None:
                        trace.emit(
                            "push", child, f=f_child, g=g_child, h=h_child, parent=state,
                            action=action, depth=depth + 1,
                        )  # fmt: skip
                    if is_goal(child):
                        if trace is not None:
                            trace.emit("goal", child, g=g_child, depth=depth + 1)
                        return walk_back(problem, came, child)
                    waiting.append((f_child, h_child, pushed, g_child, child))
                if len(came) > max_states:
                    meter.store(len(came))
                if len(layer) - done - 1 + len(waiting) > longest:
                    longest = len(layer) - done - 1 + len(waiting)
            waiting.sort(key=_rank)
            for f, _, _, g_left, left_out in waiting[width:]:
                dropped = True
                del came[left_out]  # forgotten: a later layer may reach it again
                if trace is not None:
                    trace.emit("drop", left_out, f=f, g=g_left, depth=depth + 1)
            layer = [(entry[4], entry[3]) for entry in waiting[:width]]
            depth += 1
        if dropped:
            return Exhausted(LimitKind.WIDTH)
        return Exhausted(LimitKind.DEPTH if cut else None)
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = longest
        release(came)
        del came  # a stopped search's frame outlives this: not its table


def _rank(entry: tuple[float, float, int, float, Any]) -> tuple[float, float, int]:
    return entry[0], entry[1], entry[2]
