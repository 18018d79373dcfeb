"""``solve``: the one entry point the CLI, the web API and the batch runner call."""

from __future__ import annotations

import contextlib
import gc
import math
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from .advice import advice
from .algorithms import Options, get_algorithm
from .algorithms.anytime import anytime_weight
from .algorithms.beam import DEFAULT_WIDTH
from .algorithms.best_first import resolve_tie_break
from .checked import Checked, checked
from .errors import InputError
from .kernels import COMPILER
from .limits import OUT_OF_MEMORY, LimitHit, LimitKind, Limits, Meter, Snapshot, metering
from .memory_room import address_space_cap
from .outcome import Found
from .overdue import Stuck, stopped_when_overdue
from .problem import (
    ZERO,
    Heuristic,
    Problem,
    check_estimate,
    check_problem,
    heuristic_names,
    is_builtin,
    named_heuristic,
    own_heuristic,
)
from .remarks import hint, many_ties, of_ones_own, stopped_early, unread_options
from .result import Improvement, Note, Proof, SearchResult, Stats, Status
from .trace import Trace, make_trace

HeuristicSpec = str | Heuristic | Callable[[Any], float] | None
ENGINES = ("auto", "python", "compiled")


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
    published counts use it, and ``deep`` for a problem of one's own. A search that expanded
    many states tied at its last f in another order than ``deep`` says so in its notes.

    ``beam_width``: how many states each layer of beam search keeps (``algorithms.beam``, 100
    when not given). ``on_improvement`` hears of each solution anytime search finds, as it
    finds it (``result.improvements`` lists them after).

    ``trace`` (a ``statesearch.trace.Trace``, or ``True`` for a default one) records every step
    of the search; it is kept on the result (``result.trace``). Compiled kernels do not trace,
    so a traced search runs on the Python engine (the result's ``note`` says so).

    ``check``: a problem of one's own is checked at every step it is searched (``checked.py``:
    each successor, predecessor and estimate); ``check=False`` trusts it and checks its start
    only, which is faster, but a bad step is then an internal error or a wrong answer.
    """
    if engine not in ENGINES:
        raise InputError(
            "unknown engine {engine!r}; choose from {choices}",
            engine=engine,
            choices=", ".join(ENGINES),
        )
    meter = meter or Meter(limits or Limits(), cancel, progress)
    with stopped_when_overdue(meter):  # it runs the problem's successors on its start
        check_problem(problem)
    problem = checked(problem, check)
    with metering(meter):
        return _solve(
            problem, algorithm, heuristic, weight, tie_break, precheck, upper_bound, engine, meter,
            trace, beam_width, on_improvement,
        )  # fmt: skip


def _solve(
    problem: Problem[Any],
    algorithm: str,
    heuristic: HeuristicSpec,
    weight: float,
    tie_break: str,
    precheck: bool,
    upper_bound: float,
    engine: str,
    meter: Meter,
    trace: Trace | bool | None,
    beam_width: int | None = None,
    on_improvement: Callable[[Improvement], None] | None = None,
) -> SearchResult[Any]:
    """``solve`` with its meter made and active (``limits.metering``)."""
    choice = ""
    if algorithm.lower() == "auto":
        algorithm, heuristic, choice = choose(problem, heuristic)
    algo = get_algorithm(algorithm)
    stats = Stats()

    def stopped_in_tables(
        hit: LimitHit, doing: str = "the heuristic's tables were being built"
    ) -> SearchResult[Any]:
        return SearchResult(
            Status.LIMIT_REACHED,
            algo.name,
            heuristic if isinstance(heuristic, str) else None,
            stats,
            limit=hit.kind,
            reason=f"{hit.detail}, while {doing}",
            choice=choice,
        )

    try:  # may build tables, on the meter's clock: not for a search that reads no estimate
        unread = heuristic is None and not algo.uses_heuristic
        h = ZERO if unread else resolve_heuristic(problem, heuristic)
    except LimitHit as hit:
        return stopped_in_tables(hit)
    recorder = make_trace(trace)
    asked_tie_break = tie_break
    tie_break = resolve_tie_break(tie_break, own_problem=of_ones_own(problem))
    options = Options(
        weight=weight,
        tie_break=tie_break,
        upper_bound=upper_bound,
        trace=recorder,
        beam_width=DEFAULT_WIDTH if beam_width is None else beam_width,
        on_improvement=on_improvement,
    )
    h_name = h.name if algo.uses_heuristic else None

    traced_not_compiled = False  # a compiled kernel would have run, but for the trace
    notes = [
        unread_options(algo, weight, asked_tie_break, heuristic, meter.limits, bool(choice)),
        Note("the beam width {width} (only beam reads it)", width=beam_width)
        if beam_width is not None and algo.name != "beam"
        else "",
    ]
    if engine == "compiled" and not COMPILER:
        raise InputError("the compiled engine needs numba, which this Python does not have")
    offered = advice(problem)
    find_kernel = offered.compiled if engine != "python" and COMPILER else None
    # A kernel is asked for by name and computes the problem's heuristic of that name: one of
    # one's own sharing the name (a "manhattan" returning 0) is searched as given, in Python.
    own_h = find_kernel is not None and algo.uses_heuristic and not is_builtin(problem, h)
    # The compiled best-first searches order ties as ``classic`` does, and only so, but those
    # of compiled slots (``compiled_problem``), which take the policies they name.
    ties = offered.compiled_tie_breaks
    if own_h or (tie_break not in (ties or ("classic",)) and algo.orders_ties):
        find_kernel = None
    if recorder is not None and engine == "compiled":
        raise InputError("a traced search runs on the Python engine; leave --engine auto")
    try:  # a kernel may load or build its tables, as the heuristic may
        policy = {"tie_break": tie_break} if ties else {}
        kernel = (
            find_kernel(algo.name, h.name, weight, engine == "compiled", **policy)
            if find_kernel
            else None
        )
    except LimitHit as hit:
        return stopped_in_tables(hit)
    except OSError as err:  # llvmlite's library, mapped when a kernel is first made
        if address_space_cap() is None:
            raise
        detail = "its library could not be mapped within the address-space limit (ulimit -v)"
        capped = LimitHit(LimitKind.MEMORY, f"{detail}; --engine python needs none ({err})")
        return stopped_in_tables(capped, "the compiled engine was being loaded")
    if recorder is not None:
        recorder.attach(problem, h.fn if algo.uses_heuristic else ZERO.fn)  # the search's h
        if kernel is not None:
            notes.append(Note("traced on the Python engine: the compiled kernel does not trace"))
            traced_not_compiled, kernel = True, None
    elif kernel is None and engine == "compiled":
        if not algo.uses_heuristic:
            raise InputError(
                "no compiled kernel for {algorithm} on this problem", algorithm=algo.name
            )
        raise InputError(
            "no compiled kernel for {algorithm} with {heuristic} on this problem",
            algorithm=algo.name,
            # The template is the one for any missing kernel (the web translates each template).
            heuristic="a heuristic of one's own (only the built-in heuristics are compiled)"
            if own_h
            else h.name,
        )
    engine_used = "compiled" if kernel else "python"
    if kernel is not None and algo.name == "idastar":
        notes.append(offered.compiled_ida_counts)
    prove = offered.unsolvable_reason
    proved = prove() if precheck and prove is not None else None
    prepare = getattr(kernel, "prepare", None)  # a kernel's setup, when it will run
    if prepare is not None and not proved:
        try:
            prepare()
        except LimitHit as hit:
            return stopped_in_tables(hit)

    began = time.perf_counter()  # elapsed_s is the search's own time (the limit may count more)

    def result(status: Status, **fields: Any) -> SearchResult[Any]:
        stats.elapsed_s = time.perf_counter() - began
        notes.append(many_ties(stats, tie_break) if algo.name == "astar" else "")
        return SearchResult(
            status,
            algo.name,
            h_name,
            stats,
            engine=engine_used,
            weight=weight
            if algo.name == "astar"
            else anytime_weight(weight)
            if algo.name == "anytime"
            else None,
            choice=choice,
            notes=[n for n in notes if n],
            trace=recorder,
            **fields,
        )

    if proved:
        return result(Status.UNSOLVABLE, proof=Proof.PRECHECK, reason=proved)
    try:
        with _gc_paused(), stopped_when_overdue(meter):
            if algo.uses_heuristic:  # after the precheck: a proof needs no estimate (nor tables)
                check_estimate(h, problem.initial)
            if kernel is not None:
                outcome = kernel(meter, stats)
            else:
                checked_h = problem.estimate(h) if isinstance(problem, Checked) else h
                outcome = algo.run(problem, checked_h, meter, stats, options)
    except LimitHit as hit:
        return result(
            Status.LIMIT_REACHED,
            limit=hit.kind,
            reason=hit.detail,
            # Stuck in the problem's own code, which the reason names: more time will not help.
            hint=None
            if isinstance(hit, Stuck)
            else hint(problem, algo.name, h_name, hit.kind, traced_not_compiled),
        )
    except MemoryError:
        reason = OUT_OF_MEMORY
        return result(
            Status.LIMIT_REACHED,
            limit=LimitKind.MEMORY,
            reason=reason,
            hint=hint(problem, algo.name, h_name, LimitKind.MEMORY),
        )
    if isinstance(outcome, Found):
        optimal = algo.optimal(problem, h, options) and outcome.stopped is None
        if outcome.stopped is not None:
            notes.append(stopped_early(outcome, len(stats.improvements)))
        # A depth bound cuts paths of more moves, which may cost less unless every step costs 1.
        if optimal and meter.depth_limited and not offered.unit_costs:
            optimal = False
            notes.append(
                Note(
                    "not proven optimal: the depth bound of {depth} moves may have cut a path of "
                    "more moves that costs less",
                    depth=meter.limits.max_depth,
                )
            )
        return result(
            Status.SOLVED,
            path=outcome.path,
            actions=outcome.actions,
            cost=outcome.cost,
            optimal=optimal,
        )
    if outcome.cut is LimitKind.WIDTH:
        return result(
            Status.LIMIT_REACHED,
            limit=outcome.cut,
            reason=f"no goal among the states kept: the beam of {options.beam_width} dropped "
            "states it never searched",
            hint=hint(problem, algo.name, h_name, outcome.cut),
        )
    if outcome.cut is not None:
        return result(
            Status.LIMIT_REACHED,
            limit=outcome.cut,
            reason=f"states beyond the {outcome.cut.value} bound were not searched",
        )
    if outcome.beyond is not None:
        return result(
            Status.UNSOLVABLE,
            proof=Proof.LONGEST,
            reason=f"no solution within {outcome.beyond} moves, the most any solvable start "
            f"needs ({stats.expanded:,} states expanded)",
        )
    if outcome.whole is not None:
        end, count = outcome.whole
        return result(
            Status.UNSOLVABLE,
            proof=Proof.EXHAUSTED,
            reason=f"all {count:,} states reachable from the {end} were reached without meeting "
            f"the search from the {'goal' if end == 'start' else 'start'} "
            f"({stats.expanded:,} states expanded from both ends)",
        )
    return result(
        Status.UNSOLVABLE,
        proof=Proof.EXHAUSTED,
        reason=f"the reachable state space was exhausted ({stats.expanded:,} states expanded)",
    )


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Searches allocate millions of small tuples and no reference cycles, so CPython's cycle
    collector only re-scans them over and over (15-20% of A*'s time on the 8-puzzle).

    Everything the search allocated is still in the youngest generation when it ends, and the
    first collection after ``gc.enable()`` would scan all of it (a pause of a tenth of the
    search's time: 2 s after a 20 s search). ``freeze`` + ``unfreeze`` moves those objects to
    the oldest generation at once instead; refcounting frees them, and any cycle among them
    waits for an ordinary full collection."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if was_enabled:
            gc.enable()


def resolve_heuristic(problem: object, spec: HeuristicSpec) -> Heuristic:
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


def choose(problem: object, heuristic: HeuristicSpec) -> tuple[str, HeuristicSpec, str]:
    """``algorithm="auto"``: the problem's own choice (``choose_algorithm(heuristic)`` returns
    the algorithm, the heuristic and why), else A* with the heuristic asked for."""
    own = advice(problem).choose_algorithm
    if own is None:
        return "astar", heuristic, Note("auto: A*, the default for a problem that does not choose")
    algorithm, chosen, why = own(
        heuristic if isinstance(heuristic, str) or heuristic is None else None
    )
    return algorithm, heuristic if heuristic is not None else chosen, Note("auto: {why}", why=why)
