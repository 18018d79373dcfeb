"""Stage one of ``solve``: the user's arguments resolved into typed values. ``auto`` becomes
the problem's choice, a heuristic's name or function the ``Heuristic`` searched (building its
tables on first use, on the meter's clock), ``tie_break="auto"`` the policy for this problem;
what was given but is not read is kept as notes, said rather than dropped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..algorithms import Algorithm, Options, get_algorithm
from ..algorithms.beam import DEFAULT_WIDTH
from ..algorithms.best_first import resolve_tie_break
from ..core.advice import advice
from ..core.limits import Limits
from ..core.note import Note
from ..core.problem import ZERO, Heuristic, heuristic_names, named_heuristic, own_heuristic
from ..core.result import Improvement
from ..core.trace import Trace, make_trace
from ..errors import InputError
from ..remarks import of_ones_own, unread_options

HeuristicSpec = str | Heuristic | Callable[[Any], float] | None


class Arguments(NamedTuple):
    """What ``solve`` was asked for, as given (``facade.solve`` documents each, and its
    defaults)."""

    algorithm: str
    heuristic: HeuristicSpec
    weight: float
    tie_break: str
    upper_bound: float
    beam_width: int | None
    on_improvement: Callable[[Improvement], None] | None
    trace: Trace | bool | None


class Choice(NamedTuple):
    """The algorithm to run and the heuristic as asked for (or as ``auto`` chose it); ``why``
    says what ``auto`` chose and why (``""`` when the algorithm was named)."""

    algorithm: Algorithm
    heuristic: HeuristicSpec
    why: str = ""


class Resolved(NamedTuple):
    """One search's arguments, resolved: the algorithm run (``why``: the ``Choice``'s), the
    heuristic searched (``ZERO`` for a search that reads none and was given none), the options
    its algorithm reads, and the notes on what it does not read."""

    algorithm: Algorithm
    why: str
    heuristic: Heuristic
    options: Options
    notes: tuple[str, ...]

    @property
    def heuristic_name(self) -> str | None:
        """The heuristic the result names: none for a search that reads no estimate."""
        return self.heuristic.name if self.algorithm.uses_heuristic else None


def choose(problem: object, algorithm: str, heuristic: HeuristicSpec) -> Choice:
    """The algorithm asked for; ``auto``: the problem's own choice (``choose_algorithm``
    returns the algorithm, the heuristic and why), else A* with the heuristic asked for."""
    if algorithm.lower() != "auto":
        return Choice(get_algorithm(algorithm), heuristic)
    own = advice(problem).choose_algorithm
    if own is None:
        why = Note("auto: A*, the default for a problem that does not choose")
        return Choice(get_algorithm("astar"), heuristic, why)
    name, chosen, reason = own(
        heuristic if isinstance(heuristic, str) or heuristic is None else None
    )
    return Choice(
        get_algorithm(name),
        heuristic if heuristic is not None else chosen,
        Note("auto: {why}", why=reason),
    )


def resolve(problem: object, choice: Choice, given: Arguments, limits: Limits) -> Resolved:
    """The heuristic (which may build tables: ``LimitHit`` when a budget stops them), the
    trace, the tie policy and the options checked, in that order."""
    algo = choice.algorithm
    unread = choice.heuristic is None and not algo.uses_heuristic
    h = ZERO if unread else resolve_heuristic(problem, choice.heuristic)
    recorder = make_trace(given.trace)
    options = Options(
        weight=given.weight,
        tie_break=resolve_tie_break(
            given.tie_break, of_ones_own(problem), advice(problem).tie_breaks.get(algo.name)
        ),
        upper_bound=given.upper_bound,
        trace=recorder,
        beam_width=DEFAULT_WIDTH if given.beam_width is None else given.beam_width,
        on_improvement=given.on_improvement,
    )
    notes = (
        unread_options(
            algo, given.weight, given.tie_break, choice.heuristic, limits, bool(choice.why)
        ),
        Note("the beam width {width} (only beam reads it)", width=given.beam_width)
        if given.beam_width is not None and algo.name != "beam"
        else "",
    )
    return Resolved(algo, choice.why, h, options, notes)


def resolve_heuristic(problem: object, spec: HeuristicSpec) -> Heuristic:
    """A :class:`Heuristic` as given; a name from the problem's ``heuristics`` (or an alias);
    a plain function of the state; or, for ``None``, the problem's ``default_heuristic``, else
    its own ``heuristic`` method, else zero."""
    if isinstance(spec, Heuristic):
        return spec
    if spec is None:
        spec = advice(problem).default_heuristic
    if spec is None:
        return own_heuristic(problem) or ZERO
    if isinstance(spec, str):
        key = spec.lower()
        key = advice(problem).heuristic_aliases.get(key, key)
        found = named_heuristic(problem, key)
        if found is None:
            raise InputError(
                "unknown heuristic {name!r}; choose from {choices}",
                name=spec,
                choices=", ".join(heuristic_names(problem)),
            )
        return found
    if callable(spec):
        return Heuristic(getattr(spec, "__name__", "heuristic"), spec)
    raise InputError("a heuristic is a name or a function, not {kind}", kind=type(spec).__name__)
