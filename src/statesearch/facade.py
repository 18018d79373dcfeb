"""``solve``: the one entry point the CLI, the web API and the batch runner call."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from typing import Any

from .checked import checked
from .core.limits import NO_LIMITS, LimitHit, Limits, Meter, Snapshot, metering
from .core.problem import Problem, check_problem
from .core.result import Improvement, SearchResult
from .core.trace import Trace
from .overdue import stopped_when_overdue
from .solving.interpret import interpret, stopped_in_setup
from .solving.plan import ENGINES, check_engine, plan
from .solving.resolve import Arguments, HeuristicSpec, choose, resolve, resolve_heuristic
from .solving.run import precheck as precheck_proof
from .solving.run import run

__all__ = ["ENGINES", "HeuristicSpec", "resolve_heuristic", "solve"]


def solve(
    problem: Problem[Any],
    algorithm: str = "auto",
    heuristic: HeuristicSpec = None,
    *,
    weight: float = 1.0,
    tie_break: str = "auto",
    limits: Limits | None = None,
    precheck: bool = True,
    upper_bound: float = math.inf,
    beam_width: int | None = None,
    on_improvement: Callable[[Improvement], None] | None = None,
    engine: str = "auto",
    cancel: threading.Event | None = None,
    progress: Callable[[Snapshot], None] | None = None,
    meter: Meter | None = None,
    trace: Trace | bool | None = None,
    check: bool = True,
) -> SearchResult[Any]:
    """Search ``problem`` with ``algorithm`` and return a :class:`SearchResult`.

    ``algorithm="auto"`` asks the problem (its ``choose_algorithm``, if it has one) for what a
    well-informed user would pick, A* otherwise; the result's ``choice`` says what was chosen
    and why.

    ``heuristic`` is a name from the problem's ``heuristics`` (or ``"zero"``), a :class:`Heuristic`,
    a plain function of the state, or ``None`` for the problem's ``default_heuristic`` name or its
    own ``heuristic`` method (zero if it has neither). With ``precheck`` a problem's
    ``unsolvable_reason()`` is asked first, so a sound proof (such as the n-puzzle's parity)
    answers before any search.

    ``engine``: ``python`` runs the generic engine; ``compiled`` runs a domain's numba kernel for
    this (algorithm, heuristic) and fails if there is none; ``auto`` lets the domain choose (it
    may keep small problems, where loading a kernel costs more than it saves, in Python). Either
    way the result, the budgets and the counters' meanings are the same (how the n-puzzle's and
    the cube's compiled IDA*s prune, and so count, is in ``result.py``).

    The budgets bound what the problem builds on first use too (a heuristic's tables: the meter
    is ``limits.active_meter()`` while ``solve`` runs). Setting ``cancel`` (from another thread)
    stops the search at its next clock check, reported as ``limit_reached`` with the
    ``cancelled`` budget. ``progress`` receives a ``Snapshot`` a
    few times a second. A caller that bounded its own setup with a ``Meter`` (whose clock
    started before it parsed the input, say) passes it as ``meter`` instead of ``limits``,
    ``cancel`` and ``progress``.

    ``tie_break`` orders the states of equal f in the waiting room (``best_first``):
    ``classic`` (smaller g, then the smaller state: the lesson's order), ``deep`` (larger g
    first), ``fifo``, ``lifo``; ``auto`` is ``classic`` for the package's own problems, whose
    published counts use it (but ``deep`` for a maze's jump point search), and ``deep`` for a
    problem of one's own; ``result.tie_break`` names the one taken. A search that expanded
    many states tied at its last f in another order than ``deep`` says so in its notes.

    ``beam_width``: how many states each layer of beam search keeps (``algorithms.beam``, 100
    when not given). ``on_improvement`` hears of each solution anytime search finds, as it
    finds it (``result.improvements`` lists them after).

    ``trace`` (a ``statesearch.core.trace.Trace``, or ``True`` for a default one) records every step
    of the search; it is kept on the result (``result.trace``). Compiled kernels do not trace,
    so a traced search runs on the Python engine (the result's ``note`` says so).

    ``check``: a problem of one's own is checked at every step it is searched (``checked.py``:
    each successor, predecessor and estimate); ``check=False`` trusts it and checks its start
    only, which is faster, but a bad step is then an internal error or a wrong answer.
    """
    check_engine(engine)
    meter = meter or Meter(limits or NO_LIMITS, cancel, progress)
    with stopped_when_overdue(meter):  # it runs the problem's successors on its start
        check_problem(problem)
    problem = checked(problem, check)
    given = Arguments(
        algorithm=algorithm,
        heuristic=heuristic,
        weight=weight,
        tie_break=tie_break,
        upper_bound=upper_bound,
        beam_width=beam_width,
        on_improvement=on_improvement,
        trace=trace,
    )
    with metering(meter):
        return _solve(problem, given, engine, precheck, meter)


def _solve(
    problem: Problem[Any], given: Arguments, engine: str, precheck: bool, meter: Meter
) -> SearchResult[Any]:
    """``solve`` with its meter made and active (``limits.metering``): resolve, plan, run,
    interpret. A budget that runs out while tables are built or a kernel is loaded, before the
    search's clock starts, is a ``limit_reached`` result like any other."""
    choice = choose(problem, given.algorithm, given.heuristic)
    try:  # the heuristic and the kernel may build or load tables, on the meter's clock
        resolved = resolve(problem, choice, given, meter.limits)
        planned = plan(problem, resolved, engine)
    except LimitHit as hit:
        return stopped_in_setup(choice, hit)
    proof = precheck_proof(problem) if precheck else None
    if not proof:  # a kernel's setup, only when it will run
        try:
            planned.prepare()
        except LimitHit as hit:
            return stopped_in_setup(choice, hit)
    ran = run(problem, resolved, planned, meter, proof)
    return interpret(problem, resolved, planned, ran, meter)
