"""A search's trace as the playground reads it: every event a plain JSON object whose states
are plain JSON too (a board's tile list, a maze cell's ``[row, col]``).

The events are ``statesearch.core.trace``'s, with the same keys as ``solve --trace-json``
(``event``, ``step``, ``state``, ``f``, ``g``, ``h``, ``parent``, ``action``, ``depth``,
``bound``, ``side``; a key that does not apply is left out). The page rebuilds the waiting
room, the g and parent tables and the search tree from them (``static/trace-model.js``).
"""

from __future__ import annotations

from typing import Any

from ..core.trace import CHILD_EVENTS, Event, Trace

NUMBERS = ("f", "g", "h", "bound")
OTHERS = ("depth", "side")


def plain_state(state: Any) -> Any:
    """A tuple state as a list (tiles, a cell); anything else as its text."""
    return list(state) if isinstance(state, tuple) else str(state)


def plain_number(value: float) -> float:
    """Whole numbers as ints, so that ``14`` is not sent as ``14.0``."""
    return int(value) if float(value).is_integer() else value


def event_json(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"event": event.event, "step": event.step}
    if event.state is not None:
        out["state"] = plain_state(event.state)
    for name in NUMBERS:
        value = getattr(event, name)
        if value is not None:
            out[name] = plain_number(value)
    if event.parent is not None:
        out["parent"] = plain_state(event.parent)
    if event.action is not None:
        out["action"] = str(event.action)
    for name in OTHERS:
        value = getattr(event, name)
        if value is not None:
            out[name] = value
    return out


def trace_json(trace: Trace) -> dict[str, Any]:
    """The kept events, how many there were of each kind, and whether some were left out (the
    order the search took ties in is the result's ``tie_break``)."""
    return {
        "events": [event_json(e) for e in trace.events],
        "counts": dict(trace.counts),
        "truncated": trace.truncated,
    }


def expansion_order(trace: Trace) -> tuple[list[Any], list[list[Any]]]:
    """The states taken out and expanded, in order, and what each one's expansion produced
    (every successor, kept or turned away), for the maze's animation."""
    order: list[Any] = []
    children: list[list[Any]] = []
    for event in trace.events:
        if event.event == "pop":
            order.append(plain_state(event.state))
            children.append([])
        elif event.event in CHILD_EVENTS and children:
            children[-1].append(plain_state(event.state))
    return order, children
