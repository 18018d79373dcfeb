"""statesearch: state-space search with three slots (start/goal, successors, heuristic)."""

from typing import TYPE_CHECKING, Any

from . import clock  # noqa: F401  (imported first: its time is when statesearch started)
from .errors import InputError
from .facade import solve
from .limits import LimitKind, Limits
from .problem import Heuristic, Problem, Reversible
from .result import Proof, SearchResult, Stats, Status

if TYPE_CHECKING:
    from .notebook import SearchWidget

__all__ = [
    "Heuristic",
    "InputError",
    "LimitKind",
    "Limits",
    "Problem",
    "Proof",
    "Reversible",
    "SearchResult",
    "SearchWidget",
    "Stats",
    "Status",
    "solve",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """``SearchWidget`` needs anywidget (the ``notebook`` extra): it is imported on first use,
    so ``import statesearch`` (and the command line) starts without it."""
    if name == "SearchWidget":
        from .notebook import SearchWidget

        return SearchWidget
    raise AttributeError(f"module 'statesearch' has no attribute {name!r}")
