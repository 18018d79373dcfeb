"""Stage three of ``solve``: the precheck, then the search under the meter.

The search runs with CPython's cyclic GC paused (``GcPaused``) and under a watchdog
(``overdue.stopped_when_overdue``: a ``successors`` that never returns is stopped past the
time limit). Whatever it ends with, an outcome or a budget's stop, is handed on as a value,
``Ran``, for ``interpret``; ``stats.elapsed_s`` is the search's own time."""

from __future__ import annotations

import gc
import time
from typing import Any, NamedTuple

from ..checked import Checked
from ..core.advice import advice
from ..core.limits import OUT_OF_MEMORY, LimitHit, LimitKind, Meter
from ..core.outcome import Outcome
from ..core.problem import Problem, check_estimate
from ..core.result import Stats
from ..overdue import stopped_when_overdue
from .plan import Plan
from .resolve import Resolved


class Proved(NamedTuple):
    """The precheck's proof that no path exists (``unsolvable_reason``), before any search."""

    reason: str


class Ran(NamedTuple):
    """What one search ended with, and its counters: a path or a proof from the search
    (``Outcome``), the precheck's proof, or the budget that stopped it (``LimitHit``; running
    out of memory is the memory budget's stop)."""

    stats: Stats
    ending: Outcome | Proved | LimitHit


def precheck(problem: object) -> str | None:
    """The problem's sound proof that no path exists (``unsolvable_reason``), or ``None``."""
    prove = advice(problem).unsolvable_reason
    return prove() if prove is not None else None


def run(
    problem: Problem[Any], resolved: Resolved, plan: Plan, meter: Meter, proof: str | None
) -> Ran:
    """The search as planned, unless the precheck has a ``proof``."""
    stats = Stats()
    began = time.perf_counter()  # elapsed_s is the search's own time (the limit may count more)
    ending = Proved(proof) if proof else _search(problem, resolved, plan, meter, stats)
    stats.elapsed_s = time.perf_counter() - began
    return Ran(stats, ending)


def _search(
    problem: Problem[Any], resolved: Resolved, plan: Plan, meter: Meter, stats: Stats
) -> Outcome | LimitHit:
    algo, h = resolved.algorithm, resolved.heuristic
    try:
        with GcPaused(), stopped_when_overdue(meter):
            if algo.uses_heuristic:  # after the precheck: a proof needs no estimate (nor tables)
                check_estimate(h, problem.initial)
            if plan.kernel is not None:
                return plan.kernel(meter, stats)
            checked_h = problem.estimate(h) if isinstance(problem, Checked) else h
            return algo.run(problem, checked_h, meter, stats, resolved.options)
    except LimitHit as hit:
        return hit
    except MemoryError:
        return LimitHit(LimitKind.MEMORY, OUT_OF_MEMORY)


class GcPaused:
    """The block run with CPython's cycle collector paused. Searches allocate millions of small
    tuples and no reference cycles, so the collector only re-scans them over and over (15-20%
    of A*'s time on the 8-puzzle).

    Everything the search allocated is still in the youngest generation when it ends, and the
    first collection after ``gc.enable()`` would scan all of it (a pause of a tenth of the
    search's time: 2 s after a 20 s search). ``freeze`` + ``unfreeze`` moves those objects to
    the oldest generation at once instead; refcounting frees them, and any cycle among them
    waits for an ordinary full collection. (A class, not a ``contextmanager`` generator, whose
    machinery a trivial search would notice.)"""

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        gc.freeze()
        gc.unfreeze()
        if self.was_enabled:
            gc.enable()
