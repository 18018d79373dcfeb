"""What a problem may tell the search beyond its three slots, declared once and read in one
place: ``advice(problem).member``. Each member is optional; its default here is what the
engine assumes when the problem leaves it out (``problem.py`` tells the user what each does,
and checks what they wrote: ``backward_cost``, ``longest_optimal``, the heuristics).

A member is read when it is needed, not copied: a problem may build a table the first time
it is asked (a pattern database behind ``heuristics``), and a wrapper (``checked.Checked``)
passes the reads through to the problem it wraps."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast


@dataclass(frozen=True)
class Packed:
    """A problem's states packed for a faster search (``packed``): ``problem`` the same moves
    over packed states, ``heuristic`` the estimate asked for over them, ``unpack`` a packed
    state as the problem's own. Packing keeps the order of states (``a < b`` exactly when their
    unpacked states are), so every tie is broken alike and every count is the problem's own."""

    problem: Any
    heuristic: Any  # a core.problem.Heuristic (which imports this module)
    unpack: Callable[[Any], Any]


class SearchAdvice:
    """The optional members of one problem, each typed, with its default."""

    __slots__ = ("problem",)

    def __init__(self, problem: object) -> None:
        self.problem = problem

    # The heuristics it offers by name, the one used when none is asked for, other names.
    @property
    def heuristics(self) -> Mapping[str, Any]:
        return getattr(self.problem, "heuristics", None) or {}

    @property
    def default_heuristic(self) -> str | None:
        return cast("str | None", getattr(self.problem, "default_heuristic", None))

    @property
    def heuristic_aliases(self) -> Mapping[str, str]:
        return getattr(self.problem, "heuristic_aliases", None) or {}

    @property
    def heuristic(self) -> Any:
        """Slot 3 as written (``problem.own_heuristic`` checks it)."""
        return getattr(self.problem, "heuristic", None)

    @property
    def render(self) -> Any:
        """How a state is written in a line, as written (``problem.state_text`` checks it)."""
        return getattr(self.problem, "render", None)

    @property
    def unit_costs(self) -> bool:
        """Every step costs 1: a search optimal in steps is optimal in cost."""
        return bool(getattr(self.problem, "unit_costs", False))

    @property
    def backward_heuristic(self) -> Callable[[Any], float] | None:
        """An estimate of the cost from the start to a state, for MM's and NBS's backward side."""
        return cast(
            "Callable[[Any], float] | None", getattr(self.problem, "backward_heuristic", None)
        )

    @property
    def backward_cost(self) -> Any:
        """What listing predecessors costs against successors, as written (1 when absent;
        ``problem.backward_cost`` checks it)."""
        return getattr(self.problem, "backward_cost", 1.0)

    @property
    def longest_optimal(self) -> Any:
        """No optimal solution is longer, as written (``problem.longest_optimal`` checks it)."""
        return getattr(self.problem, "longest_optimal", None)

    @property
    def unsolvable_reason(self) -> Callable[[], str | None] | None:
        """A sound precheck: a one-line proof that no path exists, or ``None``."""
        return cast(
            "Callable[[], str | None] | None", getattr(self.problem, "unsolvable_reason", None)
        )

    @property
    def choose_algorithm(self) -> Callable[[str | None], tuple[str, Any, str]] | None:
        """What ``algorithm="auto"`` runs: the algorithm, the heuristic and why."""
        return cast(
            "Callable[[str | None], tuple[str, Any, str]] | None",
            getattr(self.problem, "choose_algorithm", None),
        )

    @property
    def limit_hint(self) -> Callable[[str, str | None, Any], str | None] | None:
        """What to try when a budget stopped a search, where the generic hint does not fit."""
        return cast(
            "Callable[[str, str | None, Any], str | None] | None",
            getattr(self.problem, "limit_hint", None),
        )

    @property
    def compiled(self) -> Callable[..., Any] | None:
        """A compiled kernel for (algorithm, heuristic, weight, required), or ``None``."""
        return cast("Callable[..., Any] | None", getattr(self.problem, "compiled", None))

    @property
    def compiled_ida_counts(self) -> str:
        """A note for a compiled IDA* that counts in its own order (Korf's), or ``""``."""
        return cast("str", getattr(self.problem, "compiled_ida_counts", "") or "")

    @property
    def tie_breaks(self) -> Mapping[str, str]:
        """The tie policy ``auto`` means for an algorithm, where the problem names one."""
        return getattr(self.problem, "tie_breaks", None) or {}

    @property
    def compiled_tie_breaks(self) -> tuple[str, ...] | None:
        """The tie policies its compiled best-first searches take (``None``: classic only)."""
        return cast("tuple[str, ...] | None", getattr(self.problem, "compiled_tie_breaks", None))

    @property
    def packed(self) -> Callable[[Any], Packed | None] | None:
        """``packed(heuristic)``: the problem with packed states for best-first search when
        nothing watches the states (no trace), or ``None`` (the heuristic is not its own)."""
        return cast("Callable[[Any], Packed | None] | None", getattr(self.problem, "packed", None))

    @property
    def jump_points(self) -> Callable[[], Any] | None:
        """Jump point search's view of the problem (``jumps``, ``between``)."""
        return cast("Callable[[], Any] | None", getattr(self.problem, "jump_points", None))

    @property
    def show(self) -> Callable[[Any], str] | None:
        """A state drawn for the trace table (a board), where ``render`` writes it in a line."""
        shown = getattr(self.problem, "show", None)
        return shown if callable(shown) else None


def advice(problem: object) -> SearchAdvice:
    """What ``problem`` offers beyond the three slots."""
    return SearchAdvice(problem)
