"""Pieces every algorithm shares: budgets, path rebuilding and result assembly."""

from __future__ import annotations

import itertools
import sys
import threading
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ..problem import Problem
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

    def __init__(self, limits: Limits, cancel: threading.Event | None = None) -> None:
        self.limits = limits
        self.cancel = cancel
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
        """Call before the (expanded+1)-th expansion (hot loops may call it every
        ``CLOCK_EVERY`` expansions and whenever ``max_expanded`` is reached)."""
        if expanded >= self.max_expanded:
            raise LimitHit(Budget.EXPANDED, f"expanded {expanded:,} states (max_expanded)")
        self.check_clock()

    def check_clock(self) -> None:
        """Stop when the time limit has passed or someone cancelled the search."""
        if time.perf_counter() > self.deadline:
            raise LimitHit(Budget.TIME, f"time limit of {self.limits.time_limit} s")
        if self.cancel is not None and self.cancel.is_set():
            raise LimitHit(Budget.CANCELLED, "cancelled")

    def push(self, pushed: int) -> None:
        """Call before the (pushed+1)-th push."""
        if pushed >= self.max_pushed:
            raise LimitHit(Budget.PUSHED, f"pushed {pushed:,} states (max_pushed)")

    def store(self, states: int) -> None:
        """Call when the search keeps ``states`` states in memory."""
        if states > self.max_states:
            raise LimitHit(Budget.MEMORY, f"kept {self.max_states:,} states (max_states)")

    def after_pause(self, reason: Budget | None, expanded: int, pushed: int, stored: int) -> None:
        """A kernel paused: raise for the budget that made it stop (``None``: only its slice
        ended), then look at the clock. The checks are the ones the Python loops make, so both
        stop at the same count with the same message."""
        if reason is Budget.EXPANDED:
            self.expand(expanded)
        elif reason is Budget.PUSHED:
            self.push(pushed)
        elif reason is Budget.MEMORY:
            self.store(stored)
        self.check_clock()


# A kernel's stop code (slice, expanded, pushed, memory) as the budget it stands for.
KERNEL_STOPS = (None, Budget.EXPANDED, Budget.PUSHED, Budget.MEMORY)


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

# came[state] = parent (None for the start). Only parents are kept while searching; the actions
# and step costs are looked up again once, for the final path (cheaper than a tuple per push).
Links = dict[Any, Any]


def walk_back(problem: Problem[Any], came: Links, state: Hashable) -> Found:
    """Rebuild the path that ends in ``state`` from its parent links."""
    states = [state]
    while (parent := came[states[-1]]) is not None:
        states.append(parent)
    states.reverse()
    return along(problem, states)


def along(problem: Problem[Any], states: list[Any]) -> Found:
    """The actions and cost of a path given by its states (the cheapest move for each step)."""
    actions = []
    cost: float = 0
    for parent, child in itertools.pairwise(states):
        step, action = min(
            ((c, a) for a, s, c in problem.successors(parent) if s == child),
            key=lambda pair: pair[0],
        )
        actions.append(action)
        cost += step
    return Found(states, actions, cost)
