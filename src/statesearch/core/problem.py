"""The three slots a search sees, and nothing else.

A problem is any object with:

1. ``initial`` (the start state) and ``is_goal(state)``;
2. ``successors(state)`` yielding ``(action, next_state, step_cost)``;
3. optionally ``heuristic(state)``, an estimate of the remaining cost (0 when absent): a finite
   number >= 0 (``inf`` is refused from a problem of one's own, ``checked``: A* would still
   search past such a state where IDA* and branch and bound never enter it).

States must be hashable; the ``classic`` tie-break also needs them to be orderable (tuples of
numbers are both). A few optional members unlock more:

- ``heuristics``: a mapping of names to :class:`Heuristic`, for ``solve(..., heuristic="name")``,
  and ``default_heuristic``, the name used when none is asked for (a heuristic that builds a
  table when first asked for bounds the build by calling ``limits.active_meter().check()``);
- ``unit_costs = True``: every step costs 1, so BFS-like searches are optimal in cost too;
- ``goal`` and ``predecessors(state)``: a single goal state and the reverse moves, for bidirectional
  search; ``predecessors`` yields ``(action, previous_state, step_cost)`` where ``action`` taken
  in ``previous_state`` leads to ``state``;
- ``backward_heuristic(state)``: an estimate of the cost from the start to ``state``, for the
  backward side of ``mm`` (0 when absent);
- ``unsolvable_reason()``: a sound precheck that returns a one-line proof that no path exists, or
  ``None`` (the n-puzzle's permutation parity is one);
- ``longest_optimal``: with ``unit_costs``, a number of moves no optimal solution from any
  solvable start exceeds (a puzzle's God's number, or a bound on it); IDA* and iterative
  deepening then prove a start unsolvable once their bound passes it;
- ``render(state)``: how a state is written in text (traces, ``--json``, paths); ``repr`` when
  absent (``state_text``);
- ``packed(heuristic)``: the problem over packed states (``advice.Packed``: ints, say), which
  best-first search runs when no trace watches, or ``None``; it must keep the states' order,
  moves and estimates, so the counts stay the same (the maze's, ``maze/packed.py``);
- ``tie_breaks``: for some algorithms, the tie policy ``tie_break="auto"`` means on this problem
  (a maze's jump point search: ``{"jps": "deep"}``).
"""

from __future__ import annotations

import inspect
import math
import numbers
import sys
import weakref
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from ..errors import InputError
from .advice import advice


def state_text(problem: Any) -> Callable[[Any], str]:
    """How a state of ``problem`` is written: its ``render``, else its ``repr``."""
    render = advice(problem).render
    if not callable(render):
        return repr

    def text(state: Any) -> str:
        shown = render(state)
        if not isinstance(shown, str):  # it is printed, and written into JSON, as it is
            raise InputError("render() returned a {kind}, not a string", kind=type(shown).__name__)
        return shown

    return text


S = TypeVar("S", bound=Hashable)


@runtime_checkable
class Problem(Protocol[S]):
    """The slots every algorithm needs. See the module docstring for the optional ones."""

    @property
    def initial(self) -> S: ...

    def is_goal(self, state: S) -> bool: ...

    def successors(self, state: S) -> Iterable[tuple[Any, S, float]]: ...


@runtime_checkable
class Reversible(Problem[S], Protocol[S]):
    """A problem with a single goal state whose moves can be run backwards.

    It may also say, as ``backward_cost``, what listing a state's predecessors costs in
    listings of successors (1 if it does not): bidirectional search then grows the forward side
    while its frontier is at most ``backward_cost`` times the backward one."""

    @property
    def goal(self) -> S: ...

    def predecessors(self, state: S) -> Iterable[tuple[Any, S, float]]: ...


def backward_cost(problem: Any) -> float:
    """The problem's ``backward_cost`` (``Reversible``), 1 if it has none."""
    cost = advice(problem).backward_cost
    if isinstance(cost, bool) or not isinstance(cost, int | float) or not 0 < cost < float("inf"):
        raise InputError("backward_cost must be a positive number, not {cost!r}", cost=cost)
    return float(cost)


def longest_optimal(problem: Any) -> int | None:
    """The problem's ``longest_optimal``, or ``None`` when it has none or its steps may cost
    other than 1 (the bound counts moves, and the searches that read it count cost)."""
    offered = advice(problem)
    longest = offered.longest_optimal
    if longest is None or not offered.unit_costs:
        return None
    if isinstance(longest, bool) or not isinstance(longest, int) or longest < 0:
        raise InputError(
            "longest_optimal must be a whole number >= 0, not {value!r}", value=longest
        )
    return longest


@dataclass(frozen=True)
class Heuristic:
    """A named estimate of the remaining cost.

    ``admissible`` (never overestimates) is what lets A* and IDA* promise an optimal answer; the
    engine takes the flag at its word, so mark a heuristic you have not proved with ``False``.
    """

    name: str
    fn: Callable[[Any], float]
    admissible: bool = True

    def __call__(self, state: Any) -> float:
        return self.fn(state)


def zero(state: Any) -> float:
    """The estimate that knows nothing (uniform-cost search, or no heuristic at all)."""
    return 0


ZERO = Heuristic("zero", zero)


class NamedHeuristics(Mapping[str, Heuristic]):
    """Heuristics by name, each built the first time it is asked for: on a big board a
    heuristic's tables cost time and memory, and a search uses one of them."""

    def __init__(self, makers: Mapping[str, Callable[[], Heuristic]]) -> None:
        self._makers = dict(makers)
        self._built: dict[str, Heuristic] = {}

    def __getitem__(self, name: str) -> Heuristic:
        if name not in self._built:
            self._built[name] = self._makers[name]()
        return self._built[name]

    def __contains__(self, name: object) -> bool:
        return name in self._makers

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def built(self, name: str) -> Heuristic | None:
        """The heuristic called ``name`` if it has been asked for, without building it."""
        return self._built.get(name)


def own_heuristic(problem: object) -> Heuristic | None:
    """Slot 3, ``heuristic``, as a :class:`Heuristic` (a plain function is named
    ``heuristic``; a ``Heuristic`` keeps its name and its word on admissibility)."""
    own = advice(problem).heuristic
    if isinstance(own, Heuristic) or own is None:
        return own
    if not callable(own):
        raise InputError(
            "heuristic is a {kind}, not a function of a state", kind=type(own).__name__
        )
    return Heuristic("heuristic", own)


def heuristic_names(problem: object) -> list[str]:
    """The names ``solve(..., heuristic=name)`` takes for this problem: its ``heuristics``,
    slot 3's name, and ``zero``."""
    names = list(advice(problem).heuristics)
    own = own_heuristic(problem)
    if own is not None and own.name not in names:
        names.append(own.name)
    return names if "zero" in names else [*names, "zero"]


def named_heuristic(problem: object, name: str) -> Heuristic | None:
    """The problem's heuristic called ``name`` (``zero`` always exists), without building the
    others."""
    table = advice(problem).heuristics
    # Names are matched in any case: a problem of one's own may well call one "Manhattan".
    lowered = name.lower()
    for key in table:
        if key.lower() == lowered:
            name = key
            break
    if name not in table:
        own = own_heuristic(problem)
        if own is not None and own.name.lower() == name.lower():
            return own
        return ZERO if name.lower() == "zero" else None
    found = table[name]
    if isinstance(found, Heuristic):
        return found
    if callable(found):  # a plain function, as a problem of one's own may well give
        return Heuristic(name, found)
    raise InputError(
        "heuristics[{name!r}] is a {kind}, not a function of a state",
        name=name,
        kind=type(found).__name__,
    )


def is_builtin(problem: object, h: Heuristic) -> bool:
    """Whether ``h`` is the very heuristic the problem gives for its name (or ``ZERO``), not
    one of one's own that shares the name: a compiled kernel computes only the problem's. It
    builds nothing to know: the problem's own was built when it was asked for."""
    if h is ZERO:
        return True
    table = advice(problem).heuristics
    found = table.built(h.name) if isinstance(table, NamedHeuristics) else table.get(h.name)
    return found is h


def check_problem(problem: object) -> None:
    """Fail early, naming the slot, when a problem is not what the algorithms expect: a
    missing slot, or successors that are not ``(action, next_state, step_cost)`` triples (the
    first state's successors are looked at; nothing is counted)."""
    for slot in ("initial", "is_goal", "successors"):
        if not hasattr(problem, slot):
            raise InputError("the problem has no {slot}: see statesearch.Problem", slot=slot)
    start = problem.initial  # type: ignore[attr-defined]
    try:
        hash(start)
    except TypeError:
        raise InputError(
            "states must be hashable (tuples, not lists); the initial state is a {kind}",
            kind=type(start).__name__,
        ) from None
    for slot in ("is_goal", "successors"):
        if not callable(getattr(problem, slot)):
            raise InputError(
                "the problem's {slot} is a {kind}, not a method",
                slot=slot,
                kind=type(getattr(problem, slot)).__name__,
            )
    check_signatures(problem)
    check_links(problem.successors(start), "successors")  # type: ignore[attr-defined]


# What the engine passes each method it calls (its parameters after ``self``).
SIGNATURES = {
    "is_goal": "state",
    "successors": "state",
    "predecessors": "state",
    "heuristic": "state",
    "backward_heuristic": "state",
    "render": "state",
    "unsolvable_reason": "",
    "choose_algorithm": "heuristic",
    "limit_hint": "algorithm, heuristic, kind",
}


# The functions whose signature passed, with the names it passed under: a class's methods are
# read once (``inspect.signature`` was half of a short grid query's ``solve()``). Keyed by a
# weak reference, as a ``WeakKeyDictionary`` keys it, but looked up without its ``get``, a
# call in Python per method and query.
_PASSED: dict[weakref.ref[Callable[..., Any]], set[str]] = {}
_NOT_PASSED: frozenset[str] = frozenset()


def _forget(key: weakref.ref[Callable[..., Any]]) -> None:
    _PASSED.pop(key, None)


def check_signatures(problem: object) -> None:
    """Fail early, naming the method and the signature expected, when a method the engine calls
    cannot take what it is given (``def successors(self):``, the most common slip): called, it
    raises a ``TypeError`` from no line of the problem's own."""
    for name, params in SIGNATURES.items():
        method = getattr(problem, name, None)
        if method is None or not callable(method):
            continue  # absent (optional), or not a method: the slot's own check says so
        # A bound method's signature is its function's, less the first parameter.
        function = getattr(method, "__func__", None)
        if function is not None and name in _PASSED.get(weakref.ref(function), _NOT_PASSED):
            continue
        try:
            signature = inspect.signature(method)
        except (TypeError, ValueError):  # a builtin or C function without one: trusted
            continue
        try:
            signature.bind(*(params.split(", ") if params else ()))
        except TypeError:
            expected = ", ".join(["self", params] if params else ["self"])
            raise InputError(
                "{place}: {problem}",
                place=f"the problem's {name}",
                problem=f"write it def {name}({expected}); it is def {name}{_as_method(signature)}",
            ) from None
        if function is not None:
            _PASSED.setdefault(weakref.ref(function, _forget), set()).add(name)


def _as_method(signature: inspect.Signature) -> str:
    """A bound method's signature as it was written, ``self`` put back."""
    text = str(signature)
    return "(self" + (", " + text[1:] if text != "()" else ")")


def check_links(given: object, slot: str) -> list[tuple[Any, Any, float]]:
    """What ``successors`` (or ``predecessors``) gave, as a list, each checked: an iterable of
    ``(action, state, step_cost)`` triples with hashable states and costs that are numbers >= 0
    (the searches add costs up and trust that they never fall)."""
    try:
        links: list[tuple[Any, Any, float]] = (
            given if type(given) is list else list(given)  # type: ignore[call-overload]
        )
    except TypeError:
        raise InputError(
            "{slot}(state) must give (action, next_state, step_cost) triples; got {got}",
            slot=slot,
            got=short(given),
        ) from None
    for link in links:
        # The common case in a few tests (this runs for every successor of a problem of one's
        # own); anything else gets the full look, which raises or lets it pass.
        if type(link) is tuple and len(link) == 3:
            cost = link[2]
            if (type(cost) is int or type(cost) is float) and 0 <= cost <= LARGEST_COST:
                try:
                    hash(link[1])
                    continue
                except TypeError:
                    pass
        _check_link(link, slot)
    return links


def _check_link(link: object, slot: str) -> None:
    if not (isinstance(link, tuple) and len(link) == 3):
        raise InputError(
            "{slot}(state) must give (action, next_state, step_cost) triples; got {got}",
            slot=slot,
            got=short(link),
        )
    try:
        hash(link[1])
    except TypeError:
        raise InputError(
            "states must be hashable (tuples, not lists); {slot} gave a {kind}",
            slot=slot,
            kind=type(link[1]).__name__,
        ) from None
    cost = link[2]
    if not isinstance(cost, numbers.Real) or not 0 <= as_float(cost) <= LARGEST_COST:
        raise InputError(
            "a step cost must be a finite number >= 0; {slot} gave {got}",
            slot=slot,
            got=short(cost),
        )


# Costs add up as floats: inf would make any path "optimal", and a larger int cannot be one.
LARGEST_COST = sys.float_info.max


def check_estimate(h: Heuristic, state: object) -> None:
    """Fail early, naming the heuristic, when it does not give a number >= 0 (its estimate of
    ``state``, the start, is looked at): a forgotten ``return`` otherwise fails inside the
    search, far from its cause."""
    value: object = h(state)
    if not is_estimate(value):
        raise InputError(
            "the heuristic {name!r} must return a number >= 0; for the start it gave {got}",
            name=h.name,
            got=short(value),
        )


def is_estimate(value: object) -> bool:
    """Whether a heuristic's value is one a search can use: a number >= 0 (not nan) that is a
    float, inf included (a dead end: an exact table's wrong parity; ``checked`` refuses it from
    a problem of one's own). Ints and floats are looked at first: this runs for every
    estimate of a problem of one's own."""
    if type(value) is int or type(value) is float:
        return 0 <= value <= LARGEST_COST or value == math.inf
    if not isinstance(value, numbers.Real):
        return False
    value = as_float(value)
    return 0 <= value <= LARGEST_COST or value == math.inf


def as_float(number: numbers.Real) -> float:
    """``number`` as a float (nan when too big for one), so that a numpy number is never
    compared with the largest float in its own type, which warns of an overflow."""
    try:
        return float(number)
    except OverflowError:
        return math.nan


def short(value: object) -> str:
    """``repr(value)``, cut to 60 characters for a one-line message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
