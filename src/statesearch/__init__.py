"""statesearch: state-space search with three slots (start/goal, successors, heuristic).

The names below are imported on first use: ``import statesearch`` runs nothing but ``clock``, so
the ``statesearch`` command (``__main__.run``) is listening for Ctrl-C before numpy, numba and
typer load (and ``SearchWidget``, which needs anywidget, the ``notebook`` extra, loads only when
asked for).
"""

from . import clock  # noqa: F401  (imported first: its time is when statesearch started)

# typing's own import takes some 10 ms of the command's start; type checkers read this as True.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core.limits import LimitKind, Limits
    from .core.problem import Heuristic, Problem, Reversible
    from .core.result import Proof, SearchResult, Stats, Status
    from .errors import InputError
    from .facade import solve
    from .notebook import SearchWidget
    from .result_rows import read_results

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
    "read_results",
    "solve",
]
__version__ = "0.1.0"

# Each public name and the module it comes from.
_HOMES = {
    "InputError": "errors",
    "solve": "facade",
    "LimitKind": "core.limits",
    "Limits": "core.limits",
    "SearchWidget": "notebook",
    "Heuristic": "core.problem",
    "Problem": "core.problem",
    "Reversible": "core.problem",
    "Proof": "core.result",
    "SearchResult": "core.result",
    "Stats": "core.result",
    "Status": "core.result",
    "read_results": "result_rows",
}


def __getattr__(name: str) -> object:
    """A public name, imported from its module the first time it is asked for."""
    if name not in _HOMES:
        raise AttributeError(f"module 'statesearch' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
    globals()[name] = value
    return value
