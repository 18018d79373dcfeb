"""statesearch: state-space search with three slots (start/goal, successors, heuristic)."""

from .errors import InputError
from .facade import solve
from .problem import Heuristic, Problem, Reversible
from .result import Budget, Limits, SearchResult, Stats, Status

__all__ = [
    "Budget",
    "Heuristic",
    "InputError",
    "Limits",
    "Problem",
    "Reversible",
    "SearchResult",
    "Stats",
    "Status",
    "solve",
]
__version__ = "0.1.0"
