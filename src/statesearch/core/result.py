"""What every search returns, and the counters that describe it.

The counters below mean the same thing for every algorithm and every executor (the generic
Python engine and the compiled kernels alike):

``expanded``
    States taken off the frontier and expanded (their successors generated). A stale duplicate
    skipped on the way off the frontier is not counted. The goal is counted when it is popped.
    In depth-first searches (DFS, IDDFS, IDA*, DFBnB) a state is "taken off the frontier" when
    the search visits it within the bound, so the same rule applies.
``pushed``
    Frontier insertions after the start state (re-insertions of a state with a better cost count
    again). Depth-first searches push each child they descend into.
``generated``
    Successors produced by the problem's ``successors`` slot, whether or not they are kept.
    The n-puzzle's and the cube's compiled IDA*s prune as Korf's do, before a child is
    produced: they never produce the move back to the parent (nor, on the cube, a second turn
    of a face, or opposite faces out of order), so they count only the children they evaluate
    (Korf's own count); the tilt boards' counts as the engine does.
``max_frontier``
    The largest size the frontier reached (for best-first search, heap entries including stale
    ones; for depth-first searches, the most states on the path at once, the start and a goal
    reached included).
``elapsed_s``
    Wall-clock seconds spent in the search itself.
``iterations``
    For iterative searches (IDDFS, IDA*): one ``Iteration`` per walk begun, its bound and what
    it expanded and generated. A search a limit stopped (or Ctrl-C) lists the walk it stopped
    in too, marked ``partial``, so the iterations add up to ``expanded`` and ``generated``
    (a walk stopped before it expanded or generated anything is not listed).
``layers``
    For breadth-first search: how many new states were first reached at each depth
    (``layers[0] == 1``, the start).
``improvements``
    For anytime search: one ``Improvement`` per solution, each cheaper than the one before,
    in the order found: its cost, the lowest cost it proved any solution needs, their ratio,
    and the expansions, generated successors and seconds when it was found.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from .limits import LimitKind
from .note import Note as Note  # re-exported: a result's notes are made of it

if TYPE_CHECKING:
    from .trace import Trace

S = TypeVar("S")


class Status(enum.StrEnum):
    """How a search ended. Only ``UNSOLVABLE`` is a proof that no path exists."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    LIMIT_REACHED = "limit_reached"


class Spaced(str):
    """An action's name that is always written apart from the next (a cube's turn ``R``), even
    where every name of a solution is one letter: the grid's ``UDLR`` run together."""

    __slots__ = ()


def join_moves(actions: Sequence[Any]) -> str:
    """Moves as one line: letters run together (``UDLR``), words and ``Spaced`` names are
    spaced (``R U2 F'``, ``R R F F``), and actions of several words are listed (``take the
    goat, cross alone``)."""
    words = [str(a) for a in actions]
    if all(len(w) == 1 and not isinstance(a, Spaced) for w, a in zip(words, actions, strict=True)):
        return "".join(words)
    return (", " if any(" " in w for w in words) else " ").join(words)


class Proof(enum.StrEnum):
    """How an ``UNSOLVABLE`` result was proved: by an invariant before any search (``precheck``,
    the n-puzzle's parity), by searching every reachable state (``exhausted``), or by finding no
    solution within the most moves any solvable start needs (``longest``, the problem's
    ``longest_optimal``)."""

    PRECHECK = "precheck"
    EXHAUSTED = "exhausted"
    LONGEST = "longest"


class Iteration(NamedTuple):
    """One walk of IDA* (its bound on f) or of iterative deepening (its depth limit)."""

    bound: float
    expanded: int
    generated: int
    partial: bool = False  # a limit (or Ctrl-C) stopped the search before the walk ended


class Improvement(NamedTuple):
    """A solution of an anytime search: its ``cost``, the ``lower`` bound proved on the
    optimal cost when it was found (``None``: the heuristic may overestimate, nothing is
    proved), ``bound`` = cost / lower (it costs at most that many times the optimum), and the
    search's ``expanded``, ``generated`` and ``elapsed_s`` when it was found."""

    cost: float
    lower: float | None
    bound: float | None
    expanded: int
    generated: int
    elapsed_s: float


@dataclass
class Stats:
    """Counters of one search; see the module docstring for their exact meaning."""

    expanded: int = 0
    pushed: int = 0
    generated: int = 0
    max_frontier: int = 0
    elapsed_s: float = 0.0
    iterations: list[Iteration] = field(default_factory=list)
    layers: list[int] = field(default_factory=list)
    improvements: list[Improvement] = field(default_factory=list)
    # Not a counter (no field: not in ``to_dict``, and the compiled kernels do not count it):
    # the states a best-first search expanded at the f of its last expansion, when their g
    # differed, so the tie-break chose their order; the facade notes a large plateau.
    tied = 0

    @contextlib.contextmanager
    def iteration(self, bound: float) -> Iterator[None]:
        """List the walk the block runs within ``bound``, with what it expanded and generated;
        ``partial`` when it ends in an exception (a limit, Ctrl-C: the counters so far). A walk
        stopped before it expanded or generated anything is not listed: the Python engine looks
        at its budgets as a walk begins, the compiled one only once it has worked."""
        expanded, generated, partial = self.expanded, self.generated, True
        try:
            yield
            partial = False
        finally:
            done = Iteration(bound, self.expanded - expanded, self.generated - generated, partial)
            if not partial or done.expanded or done.generated:
                self.iterations.append(done)


@dataclass
class SearchResult(Generic[S]):
    """The outcome of ``statesearch.solve``.

    ``path`` holds the states from start to goal (inclusive) and ``actions`` the moves between
    them, so ``len(actions) == len(path) - 1 == length``. ``optimal`` says whether the algorithm
    guarantees the path is cheapest for the heuristic given. ``limit`` names the budget when the
    status is ``LIMIT_REACHED``, ``proof`` the kind of proof when it is ``UNSOLVABLE``; ``reason``
    explains either in words.
    """

    status: Status
    algorithm: str
    heuristic: str | None
    stats: Stats
    path: list[S] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    cost: float | None = None
    optimal: bool = False
    limit: LimitKind | None = None
    proof: Proof | None = None
    reason: str = ""
    engine: str = "python"
    weight: float | None = None  # A*'s weight on h (f = g + w*h); None for other algorithms
    tie_break: str | None = None  # the order among equal priorities, for a search with one
    choice: str = ""  # what algorithm="auto" chose, and why
    hint: str = ""  # what to try next when a limit stopped the search
    # How it ran, when that differs from what was asked (traced in Python, an option unread).
    notes: list[str] = field(default_factory=list)
    trace: Trace | None = field(default=None, repr=False, compare=False)

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED

    @property
    def improvements(self) -> list[Improvement]:
        """An anytime search's solutions, as found (``Stats.improvements``)."""
        return self.stats.improvements

    @property
    def length(self) -> int | None:
        return len(self.actions) if self.solved else None

    @property
    def moves(self) -> str:
        """The actions joined as text (``join_moves``)."""
        return join_moves(self.actions)

    @property
    def verdict(self) -> str:
        """One line in the three words that never drift: ``solved: 20 moves (optimal)``,
        ``unsolvable: <the proof>``, ``limit reached (<kind>): <why>; this proves nothing``."""
        if self.status is Status.SOLVED:
            promise = "optimal" if self.optimal else "not guaranteed optimal"
            cost = f", cost {self.cost:g}" if self.cost != self.length else ""
            moves = "move" if self.length == 1 else "moves"
            return f"solved: {self.length} {moves}{cost} ({promise})"
        if self.status is Status.UNSOLVABLE:
            return f"unsolvable: {self.reason}"
        kind = self.limit.value if self.limit else "unknown"
        return f"limit reached ({kind}): {self.reason}; this proves nothing"

    @property
    def note(self) -> str:
        """The notes in one line, joined by "; "."""
        return "; ".join(n for n in self.notes if n)

    def add_note(self, text: str) -> None:
        """Say ``text`` (a ``Note``, for words the web can translate) after the notes so far."""
        if text:
            self.notes.append(text)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (the CLI's ``--json`` and the web API print this): a whole cost
        or bound is written as an integer, whichever engine worked it out as a float."""
        cost = self.cost if self.cost is None else whole(self.cost)
        stats = asdict(self.stats)
        stats["iterations"] = [
            {**i._asdict(), "bound": whole(i.bound)} for i in self.stats.iterations
        ]
        stats["improvements"] = [
            {**i._asdict(), "cost": whole(i.cost)} for i in self.stats.improvements
        ]
        return {
            "status": self.status.value,
            "length": self.length,
            "cost": cost,
            "moves": self.moves if self.solved else None,
            "actions": [str(a) for a in self.actions] if self.solved else None,  # one each
            "optimal": self.optimal,
            "algorithm": self.algorithm,
            "heuristic": self.heuristic,
            "weight": self.weight,
            "tie_break": self.tie_break,
            "engine": self.engine,
            "choice": self.choice,
            "limit": self.limit.value if self.limit else None,
            "proof": self.proof.value if self.proof else None,
            "reason": self.reason,
            "hint": self.hint,
            "note": self.note,
            "stats": stats,
        }

    def __repr__(self) -> str:
        """Short, whatever the path's length (``path`` and ``actions`` hold it all)."""
        what = self.algorithm + (f" + {self.heuristic}" if self.heuristic else "")
        if self.solved:
            moves = "move" if self.length == 1 else "moves"
            verdict = f"solved in {self.length} {moves}" + (
                f", cost {self.cost:g}" if self.cost != self.length else ""
            )
        elif self.status is Status.UNSOLVABLE:
            verdict = "unsolvable"
        else:
            verdict = f"limit reached ({self.limit})"
        return f"<SearchResult {verdict}: {what}, {self.stats.expanded:,} expanded>"

    def _repr_html_(self) -> str:
        from ..pictures import result_html  # a notebook's picture, loaded only there

        return result_html(self)


def whole(number: float) -> float:
    """``number`` as an int when it is a whole one (``5.0`` -> ``5``), else as it is."""
    return int(number) if float(number).is_integer() else number
