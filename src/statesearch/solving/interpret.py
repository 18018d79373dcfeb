"""Stage four of ``solve``: what the search ended with, said as a ``SearchResult``: the
status in the three words that never drift, the proof or the budget, the reason in words, a
hint for what to try next, and the notes gathered by every stage."""

from __future__ import annotations

from typing import Any

from ..algorithms.anytime import anytime_weight
from ..core.advice import advice
from ..core.limits import LimitHit, LimitKind, Meter
from ..core.note import Note
from ..core.outcome import Exhausted, Found
from ..core.problem import Problem
from ..core.result import Proof, SearchResult, Stats, Status
from ..overdue import Stuck
from ..remarks import hint, many_ties, stopped_early
from .plan import CompilerUnmapped, Plan
from .resolve import Choice, Resolved
from .run import Proved, Ran

# A verdict: the status and the result's fields that say it (path, proof, limit, reason, hint).
Verdict = tuple[Status, dict[str, Any]]


def stopped_in_setup(choice: Choice, hit: LimitHit) -> SearchResult[Any]:
    """A budget that ran out before the search: while the heuristic's or a kernel's tables
    were built (the detail names which), or the compiled engine loaded."""
    doing = (
        "while the compiled engine was being loaded"
        if isinstance(hit, CompilerUnmapped)
        else "before the search began, while its tables were being made"
    )
    return SearchResult(
        Status.LIMIT_REACHED,
        choice.algorithm.name,
        choice.heuristic if isinstance(choice.heuristic, str) else None,
        Stats(),
        limit=hit.kind,
        reason=f"{hit.detail}, {doing}",
        choice=choice.why,
    )


def interpret(
    problem: Problem[Any], resolved: Resolved, plan: Plan, ran: Ran, meter: Meter
) -> SearchResult[Any]:
    algo, stats, ending = resolved.algorithm, ran.stats, ran.ending
    notes = [*resolved.notes, *plan.notes]
    verdict: Verdict
    if isinstance(ending, Proved):
        verdict = Status.UNSOLVABLE, {"proof": Proof.PRECHECK, "reason": ending.reason}
    elif isinstance(ending, LimitHit):
        verdict = _stopped(problem, resolved, plan, ending)
    elif isinstance(ending, Found):
        verdict = _found(problem, resolved, ending, stats, meter, notes)
    else:
        verdict = _exhausted(problem, resolved, ending, stats)
    status, fields = verdict
    notes.append(many_ties(stats, resolved.options.tie_break) if algo.name == "astar" else "")
    return SearchResult(
        status,
        algo.name,
        resolved.heuristic_name,
        stats,
        engine=plan.engine,
        weight=_weight(resolved),
        tie_break=resolved.options.tie_break if algo.orders_ties else None,
        choice=resolved.why,
        notes=[n for n in notes if n],
        trace=resolved.options.trace,
        **fields,
    )


def _weight(resolved: Resolved) -> float | None:
    """The weight on h the search used: A*'s as given, anytime search's own default (2) for
    1; ``None`` for the other algorithms."""
    name, weight = resolved.algorithm.name, resolved.options.weight
    if name == "astar":
        return weight
    return anytime_weight(weight) if name == "anytime" else None


def _stopped(problem: Problem[Any], resolved: Resolved, plan: Plan, hit: LimitHit) -> Verdict:
    # Stuck in the problem's own code, which the reason names: more time will not help.
    said = None
    if not isinstance(hit, Stuck):
        name = resolved.algorithm.name
        said = hint(problem, name, resolved.heuristic_name, hit.kind, plan.traced_not_compiled)
    return Status.LIMIT_REACHED, {"limit": hit.kind, "reason": hit.detail, "hint": said}


def _found(
    problem: Problem[Any],
    resolved: Resolved,
    found: Found,
    stats: Stats,
    meter: Meter,
    notes: list[str],
) -> Verdict:
    algo = resolved.algorithm
    optimal = algo.optimal(problem, resolved.heuristic, resolved.options)
    optimal = optimal and found.stopped is None
    if found.stopped is not None:
        notes.append(stopped_early(found, len(stats.improvements)))
    # A depth bound cuts paths of more moves, which may cost less unless every step costs 1.
    if optimal and meter.depth_limited and not advice(problem).unit_costs:
        optimal = False
        notes.append(
            Note(
                "not proven optimal: the depth bound of {depth} moves may have cut a path of "
                "more moves that costs less",
                depth=meter.limits.max_depth,
            )
        )
    fields = {"path": found.path, "actions": found.actions, "cost": found.cost}
    return Status.SOLVED, {**fields, "optimal": optimal}


def _exhausted(
    problem: Problem[Any], resolved: Resolved, ending: Exhausted, stats: Stats
) -> Verdict:
    """A bound that cut states off (no proof), or a proof that no path exists."""
    if ending.cut is LimitKind.WIDTH:
        name, h_name = resolved.algorithm.name, resolved.heuristic_name
        return Status.LIMIT_REACHED, {
            "limit": ending.cut,
            "reason": f"no goal among the states kept: the beam of "
            f"{resolved.options.beam_width} dropped states it never searched",
            "hint": hint(problem, name, h_name, ending.cut),
        }
    if ending.cut is not None:
        return Status.LIMIT_REACHED, {
            "limit": ending.cut,
            "reason": f"states beyond the {ending.cut.value} bound were not searched",
        }
    if ending.beyond is not None:
        reason = (
            f"no solution within {ending.beyond} moves, the most any solvable start needs "
            f"({stats.expanded:,} states expanded)"
        )
        return Status.UNSOLVABLE, {"proof": Proof.LONGEST, "reason": reason}
    if ending.whole is not None:
        end, count = ending.whole
        other = "goal" if end == "start" else "start"
        reason = (
            f"all {count:,} states reachable from the {end} were reached without meeting the "
            f"search from the {other} ({stats.expanded:,} states expanded from both ends)"
        )
        return Status.UNSOLVABLE, {"proof": Proof.EXHAUSTED, "reason": reason}
    reason = f"the reachable state space was exhausted ({stats.expanded:,} states expanded)"
    return Status.UNSOLVABLE, {"proof": Proof.EXHAUSTED, "reason": reason}
