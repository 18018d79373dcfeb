"""Best-first search: uniform-cost, A*, weighted A* and greedy share one loop.

Three small rules tell them apart (pyperplan's idea of an ordering function):

- the *priority* of a state from its ``g`` and ``h``: ``g`` (uniform-cost), ``g + w * h``
  (A*, weighted A*), ``h`` (greedy);
- the *reopen rule*: whether a cheaper path to a state already seen puts it back on the
  frontier (uniform-cost and A* do, so A* stays optimal with an admissible heuristic that is
  not consistent; greedy keeps the first path it finds);
- the *tie policy*: what decides among equal priorities (``classic``: smaller ``g``, then the
  smaller state; ``deep``: larger ``g``, then the newest). ``auto``, ``solve``'s default, is
  ``classic`` for the package's own problems, whose published counts use it, unless one names
  another for an algorithm (a maze's jump point search: ``deep``), and ``deep`` for a problem of
  one's own (``resolve_tie_break``): at the last f, where every state whose f is the
  optimal cost may wait, ``classic`` takes the shallow ones first (A* on a 24-pancake stack
  expands 20,926 states with it, 1,652 with ``deep``).

The frontier is a binary heap. A tie policy decides what goes into a heap entry, but every
entry ends with ``(g, state)``, so the loop can spot a stale entry (a state pushed again with a
better ``g`` later) without knowing the policy.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..core.advice import Packed, advice
from ..core.limits import LimitKind, Meter
from ..core.outcome import Exhausted, Links, Outcome, along, walk_back
from ..core.problem import Heuristic, Problem
from ..core.result import Stats
from ..core.trace import Trace
from ..errors import InputError
from .teardown import release

Entry = tuple[Any, ...]
# make_entry(priority, g, state) -> a heap entry ending in (g, state)
MakeEntry = Callable[[float, float, Any], Entry]


def _classic() -> MakeEntry:
    """Equal priority: smaller g first, then the smaller state (needs orderable states). This is
    the lesson's heapq of (f, g, state), and what reproduces its published counts."""
    return lambda f, g, state: (f, g, state)


def _deep() -> MakeEntry:
    """Equal priority: larger g first (closer to the goal, as judged by h), then the newest."""
    order = itertools.count()
    return lambda f, g, state: (f, -g, -next(order), g, state)


def _fifo() -> MakeEntry:
    """Equal priority: first pushed, first out."""
    order = itertools.count()
    return lambda f, g, state: (f, next(order), g, state)


def _lifo() -> MakeEntry:
    """Equal priority: last pushed, first out."""
    order = itertools.count()
    return lambda f, g, state: (f, -next(order), g, state)


# Each makes a fresh entry maker (the ones that count pushes start their count at 0).
TIE_BREAKS: dict[str, Callable[[], MakeEntry]] = {
    "classic": _classic,
    "deep": _deep,
    "fifo": _fifo,
    "lifo": _lifo,
}


def unordered(error: TypeError) -> InputError:
    """Two entries of the waiting room could not be compared: under the classic tie-break, equal
    f and g are ordered by state, so states must support ``<``."""
    return InputError(
        "the waiting room cannot order two states ({error}): the classic tie-break orders equal "
        "f and g by state; use --tie-break fifo, or make states orderable "
        "(@dataclass(frozen=True, order=True))",
        error=str(error),
    )


# What ``solve`` takes: a policy, or ``auto`` (``resolve_tie_break``).
TIE_POLICIES = ("auto", *TIE_BREAKS)


def check_tie_break(name: str) -> None:
    if name not in TIE_POLICIES:
        raise InputError(
            "unknown tie-break {name!r}; choose from {choices}",
            name=name,
            choices=", ".join(TIE_POLICIES),
        )


def resolve_tie_break(name: str, own_problem: bool, named: str | None = None) -> str:
    """``auto``: the policy the problem ``named`` for the algorithm (``advice.tie_breaks``),
    else ``deep`` for a problem of one's own (it pays nothing for the lesson's order, and needs
    no orderable states), ``classic`` for the package's (whose published counts, and compiled
    kernels, use it); any other name as it is."""
    check_tie_break(name)
    if name != "auto":
        return name
    if named is not None:
        return named
    return "deep" if own_problem else "classic"


@dataclass(frozen=True)
class Ordering:
    """The rules of one best-first search: ``priority(g, h)``, whether a cheaper path reopens a
    state, and the tie policy's name."""

    priority: Callable[[float, float], float]
    reopen: bool
    tie_break: str = "classic"


def a_star_priority(weight: float) -> Callable[[float, float], float]:
    """f = g + w * h (w = 0: uniform-cost)."""
    if float(weight).is_integer():
        weight = int(weight)  # keep f an int when g and h are: int comparisons are faster
    return lambda g, h: g + weight * h


def greedy_priority(g: float, h: float) -> float:
    return h


Children = list[tuple[Any, Any, float]]


@dataclass(frozen=True)
class Runs:
    """Successors that depend on the state a state was reached from (jump point search's: the
    runs from a jump point, pruned by the direction it was reached in): ``successors(state,
    parent)`` (``None`` at the start), and ``path(links, goal)`` the states from the start to
    ``goal`` through the parent links, move by move."""

    successors: Callable[[Any, Any], Children]
    path: Callable[[Links, Any], list[Any]]


def best_first(
    problem: Problem[Any],
    heuristic: Heuristic,
    meter: Meter,
    stats: Stats,
    ordering: Ordering,
    trace: Trace | None = None,
    runs: Runs | None = None,
) -> Outcome:
    """Expand states in order of ``ordering.priority``; see the module docstring. A ``trace``
    hears of every step (``statesearch.core.trace``); without one the loop pays a test per step.
    ``runs``: successors from each state and its parent, instead of the problem's. With neither,
    a problem that packs its states (``advice.packed``: a maze's cells as ints) is searched
    packed, and its path unpacked: the same counts, in less time."""
    packed = _packed(problem, heuristic) if trace is None and runs is None else None
    if packed is not None:
        problem, heuristic = packed.problem, packed.heuristic
    tie_break = resolve_tie_break(ordering.tie_break, own_problem=False)  # the facade resolves
    make_entry = TIE_BREAKS[tie_break]()
    priority, reopen = ordering.priority, ordering.reopen
    h = heuristic.fn
    is_goal = problem.is_goal
    successors: Callable[[Any], Iterable[tuple[Any, Any, float]]] = problem.successors
    push, pop = heapq.heappush, heapq.heappop
    max_pushed, max_states = meter.max_pushed, meter.max_states
    depth_limited, max_depth = meter.depth_limited, meter.max_depth

    start = problem.initial
    if tie_break == "classic":
        try:
            start < start  # noqa: B015 (a frozen dataclass without order=True refuses it)
        except TypeError as error:
            raise unordered(error) from None
    g: dict[Any, float] = {start: 0}
    came: Links = {start: None}
    depth: dict[Any, int] = {start: 0}
    frontier: list[Entry] = [make_entry(priority(0, h(start)), 0, start)]
    if trace is not None:
        trace.watch(frontier, g, came)
    if runs is not None:
        successors = _from_parents(runs, came)
    expanded = pushed = generated = 0
    next_check = 0  # the expansion count at which the meter is asked next
    longest = 1
    cut = False
    # The plateau: the expansions at the f of the last one, and the g of its first (``tied``).
    level: float | None = None
    plateau, first_g, last_g = 0, 0.0, 0.0
    try:
        while frontier:
            try:
                item = pop(frontier)
            except TypeError as error:  # states that compare with some states but not all
                raise unordered(error) from None
            state = item[-1]
            gs = item[-2]
            if gs > g[state]:  # stale: a cheaper entry for this state was pushed later
                if trace is not None:
                    trace.emit("stale", state, f=item[0], g=gs, h=h(state))
                continue
            if expanded >= next_check:
                next_check = meter.checkpoint(expanded, len(frontier))
            expanded += 1
            if item[0] != level:
                level, plateau, first_g = item[0], 0, gs
            plateau, last_g = plateau + 1, gs
            if trace is not None:
                trace.pop(state, gs, f=item[0])
            if is_goal(state):
                if trace is not None:
                    trace.emit("goal", state, g=gs)
                if runs is not None:
                    return along(problem, runs.path(came, state))
                found = walk_back(problem, came, state)
                if packed is not None:
                    found.path = [packed.unpack(cell) for cell in found.path]
                return found
            child_depth = depth[state] + 1 if depth_limited else 0
            children = successors(state)
            if type(children) is not list:
                children = list(children)
            generated += len(children)
            # Each successor is turned away, cut at the depth limit or pushed, as in DFS's loop:
            # alike on purpose, so each loop reads as its algorithm whole (a shared helper per
            # successor would hide it, and each loop keeps different tables).
            for action, child, step in children:
                ng = gs + step
                known = g.get(child)
                if known is not None and (not reopen or ng >= known):
                    if trace is not None:
                        trace.emit("skip", child, g=ng, parent=state, action=action)
                    continue
                if child_depth > max_depth:
                    cut = True
                    if trace is not None:
                        trace.emit("cut", child, g=ng, parent=state, action=action)
                    continue
                if pushed >= max_pushed:
                    meter.push(pushed)
                pushed += 1
                g[child] = ng
                came[child] = state
                if depth_limited:
                    depth[child] = child_depth
                hc = h(child)
                f = priority(ng, hc)
                try:
                    push(frontier, make_entry(f, ng, child))
                except TypeError as error:
                    raise unordered(error) from None
                if trace is not None:
                    kind = "push" if known is None else "improve"
                    trace.emit(kind, child, f=f, g=ng, h=hc, parent=state, action=action)
            if len(g) > max_states:
                meter.store(len(g))
            if len(frontier) > longest:
                longest = len(frontier)
        return Exhausted(LimitKind.DEPTH if cut else None)
    finally:
        stats.expanded, stats.pushed, stats.generated = expanded, pushed, generated
        stats.max_frontier = longest
        stats.tied = plateau if last_g != first_g else 0  # all of one g: no tie-break orders them
        release(g, came, depth, frontier)
        del g, came, depth, frontier  # a stopped search's frame outlives this: not them


def _packed(problem: Problem[Any], heuristic: Heuristic) -> Packed | None:
    """The problem with packed states, if it offers them for this heuristic."""
    packing = advice(problem).packed
    return packing(heuristic) if packing is not None else None


def _from_parents(runs: Runs, came: Links) -> Callable[[Any], Children]:
    """A state's successors by ``runs``, from the parent ``came`` links it to (a function of its
    own: ``came`` stays a plain local of the loop)."""
    from_parent, parent = runs.successors, came.__getitem__
    return lambda state: from_parent(state, parent(state))
