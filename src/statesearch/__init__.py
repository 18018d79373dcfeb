"""statesearch: state-space search with three slots (start/goal, successors, heuristic)."""

from . import clock  # noqa: F401  (imported first: its time is when statesearch started)
from .errors import InputError
from .facade import solve
from .limits import LimitKind, Limits
from .problem import Heuristic, Problem, Reversible
from .result import SearchResult, Stats, Status

__all__ = [
    "Heuristic",
    "InputError",
    "LimitKind",
    "Limits",
    "Problem",
    "Reversible",
    "SearchResult",
    "Stats",
    "Status",
    "solve",
]
__version__ = "0.1.0"
