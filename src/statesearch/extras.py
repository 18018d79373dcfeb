"""Optional parts and the extra that installs each: the engine and the domains' Python rules need
the standard library alone (they run in the browser too); the server and the plots do not."""

from __future__ import annotations

import importlib.util

from .errors import InputError

EXTRAS = {"web": ("fastapi", "uvicorn"), "plots": ("matplotlib",)}


def require(extra: str, what: str) -> None:
    """One line, before any work, when ``what`` needs an extra that is not installed."""
    missing = [m for m in EXTRAS[extra] if not installed(m)]
    if missing:
        raise InputError(
            "{what} needs {modules}: pip install 'statesearch[{extra}]'",
            what=what,
            modules=", ".join(missing),
            extra=extra,
        )


def installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # None in sys.modules: its import is blocked
        return False
