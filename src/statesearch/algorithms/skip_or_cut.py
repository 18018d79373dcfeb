"""The event of a successor not pushed, for the loops that keep a successor out for one of two
reasons: reached before (``skip``: among the states kept, or on the current path) or beyond the
depth limit (``cut``)."""

from __future__ import annotations

from typing import Any

from ..core.trace import Trace


def skip_or_cut(
    trace: Trace | None, seen: bool, child: Any, g: float, parent: Any, action: Any, depth: int
) -> None:
    """``skip`` if ``seen``, else ``cut``, for a successor at ``depth`` (nothing without a
    trace)."""
    if trace is not None:
        kind = "skip" if seen else "cut"
        trace.emit(kind, child, g=g, parent=parent, action=action, depth=depth)
