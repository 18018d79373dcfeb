"""Pieces every algorithm shares: budgets, path rebuilding and result assembly."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from collections.abc import Hashable
from typing import Any

from ..result import Budget, Limits

UNBOUNDED = sys.maxsize
# The clock is read once per this many expansions: often enough for sub-second limits, rarely
# enough to stay out of the hot loop's profile.
CLOCK_EVERY = 1024


class LimitHit(Exception):
    """Raised inside a search when a budget runs out; the runner turns it into a result."""

    def __init__(self, budget: Budget, detail: str) -> None:
        super().__init__(detail)
        self.budget = budget
        self.detail = detail


class Budgets:
    """The limits of one search as plain integers, cheap to compare in a hot loop."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.max_expanded = _bound(limits.max_expanded)
        self.max_pushed = _bound(limits.max_pushed)
        self.max_states = _bound(limits.max_states)
        self.max_depth = _bound(limits.max_depth)
        self.depth_limited = limits.max_depth is not None
        self.started = time.perf_counter()
        self.deadline = (
            self.started + limits.time_limit if limits.time_limit is not None else float("inf")
        )

    def expand(self, expanded: int) -> None:
        """Call before the (expanded+1)-th expansion."""
        if expanded >= self.max_expanded:
            raise LimitHit(Budget.EXPANDED, f"expanded {expanded:,} states (max_expanded)")
        if expanded % CLOCK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise LimitHit(Budget.TIME, f"time limit of {self.limits.time_limit} s")

    def push(self, pushed: int) -> None:
        """Call before the (pushed+1)-th push."""
        if pushed >= self.max_pushed:
            raise LimitHit(Budget.PUSHED, f"pushed {pushed:,} states (max_pushed)")

    def store(self, states: int) -> None:
        """Call when the search keeps ``states`` states in memory."""
        if states > self.max_states:
            raise LimitHit(Budget.MEMORY, f"kept {self.max_states:,} states (max_states)")


def _bound(value: int | None) -> int:
    return UNBOUNDED if value is None else value


@dataclass
class Found:
    """A path from the start to a goal."""

    path: list[Any]
    actions: list[Any]
    cost: float


@dataclass
class Exhausted:
    """Every state within the bounds was searched; ``cut`` names a bound that cut states off."""

    cut: Budget | None = None


Outcome = Found | Exhausted

# came[state] = (parent, action, step_cost), None for the start.
Links = dict[Any, "tuple[Any, Any, float] | None"]


def walk_back(came: Links, state: Hashable) -> Found:
    """Rebuild the path that ends in ``state`` from its parent links."""
    states = [state]
    actions = []
    cost: float = 0
    link = came[state]
    while link is not None:
        parent, action, step = link
        states.append(parent)
        actions.append(action)
        cost += step
        link = came[parent]
    states.reverse()
    actions.reverse()
    return Found(states, actions, cost)
