"""What a result says besides its verdict: the options a search did not read, a plateau of
ties, an anytime search stopped before its proof, and what to try when a budget stopped it.
The facade adds them as notes and hints; each note is a ``Note`` (the web says it in Korean)."""

from __future__ import annotations

from .algorithms import Algorithm, get_algorithm
from .checked import Checked
from .core.advice import advice
from .core.limits import LimitKind, Limits
from .core.note import Note
from .core.outcome import Found
from .core.result import Stats


def unread_options(
    algo: Algorithm,
    weight: float,
    tie_break: str,
    heuristic: object,
    limits: Limits,
    chosen: bool = False,
) -> str:
    """What the search was given but does not read, said rather than dropped in silence. When
    ``auto`` ``chosen`` a walk, its choice says that it keeps only its path (and a server's own
    bound on states kept, set before the choice, is no option its user gave)."""
    unread = []
    if limits.max_states is not None and not algo.keeps_states and not chosen:
        unread.append(
            Note(
                "the bound of {states:,} states kept ({algorithm} keeps only its path, which "
                "max_depth bounds)",
                states=limits.max_states,
                algorithm=algo.name,
            )
        )
    if weight != 1 and not algo.weighs:
        unread.append(Note("the weight {weight:g} (only A* weighs h)", weight=weight))
    if tie_break not in ("auto", "classic") and not algo.orders_ties:
        unread.append(
            Note("the tie-break {name} (only ucs, astar and greedy break ties)", name=tie_break)
        )
    if heuristic is not None and not algo.uses_heuristic:
        name = heuristic if isinstance(heuristic, str) else "given"
        unread.append(
            Note("the heuristic {name} ({algorithm} reads none)", name=name, algorithm=algo.name)
        )
    return Note("not used: {unread}", unread=unread) if unread else ""


def stopped_early(found: Found, solutions: int) -> Note:
    """What an anytime search stopped before its proof gives: the best of its solutions, and
    how far from the optimum it may be."""
    assert found.stopped is not None
    lower = found.lower
    return Note(
        "stopped by {why} before proving it optimal: the best of {count} solutions found, at "
        "most {bound} times the optimal cost",
        why=found.stopped.detail,
        count=solutions,
        bound=f"{found.cost / lower:.4g}" if lower else "an unknown number of",
    )


def of_ones_own(problem: object) -> bool:
    """Whether ``problem`` is a problem of one's own for ``tie_break="auto"``: made of no class
    of the package's domains (a subclass of ``NPuzzle`` keeps the lesson's order; the
    ``Problem`` protocol is no domain)."""
    inner = problem.problem if isinstance(problem, Checked) else problem
    return not any(
        kind.__module__.split(".")[0] == "statesearch"
        and kind.__module__ != "statesearch.core.problem"
        for kind in type(inner).__mro__
    )


# A plateau of so many expansions at the last f, half the search or more, is worth a note.
MANY_TIES = 1000


def many_ties(stats: Stats, tie_break: str) -> str:
    """A note when most of A*'s expansions were tied at its last f with different g, in an
    order other than ``deep``: there, larger g first usually reaches the goal after a fraction
    of them (a 24-pancake stack: 20,926 expanded by ``classic``, 1,652 by ``deep``). Greedy
    search's f is h alone, where larger g first is no help."""
    tied = stats.tied
    if tie_break == "deep" or tied < MANY_TIES or 2 * tied < stats.expanded:
        return ""
    return Note(
        "{tied:,} of the {expanded:,} states expanded were tied on f at the end, taken in the "
        "{name} tie-break's order; tie_break deep (larger g first) often expands far fewer",
        tied=tied,
        expanded=stats.expanded,
        name=tie_break,
    )


def hint(
    problem: object,
    algorithm: str,
    heuristic: str | None,
    kind: LimitKind,
    traced_not_compiled: bool = False,
) -> str:
    """What to try next: untraced, first (the kernel is the biggest step there is); then what
    a problem that knows better says (``limit_hint``: its strongest heuristic has no stronger
    one, or a stronger one has tables to build)."""
    if kind is LimitKind.TIME and traced_not_compiled:
        return "untraced, the compiled kernel would search many times faster"
    own = advice(problem).limit_hint
    said = own(algorithm, heuristic, kind) if own is not None else None
    if said:
        return str(said)
    if kind is LimitKind.WIDTH:
        return "a wider beam (beam_width) may reach it; astar or idastar search every state"
    if kind is LimitKind.MEMORY and get_algorithm(algorithm).keeps_states:
        return "IDA* needs almost no memory: try algorithm idastar, or allow more memory"
    if kind is LimitKind.TIME:
        if not get_algorithm(algorithm).uses_heuristic:
            return "a longer time limit, or a search a heuristic guides (astar, idastar), may help"
        return "a stronger heuristic or a longer time limit may get further"
    return ""
