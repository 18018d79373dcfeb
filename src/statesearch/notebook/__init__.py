"""statesearch in a Jupyter notebook.

Boards, mazes, tilt boards and search results show themselves as pictures (their
``_repr_html_`` calls ``statesearch.pictures``, which needs nothing beyond the standard
library), and ``SearchWidget`` (anywidget, the ``notebook`` extra) shows a board to slide and a
search to step through. The widget is imported on first use, so ``import statesearch`` stays quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for type checkers only: at run time anywidget loads on first use
    from .widget import SearchWidget

__all__ = ["SearchWidget"]


def __getattr__(name: str) -> Any:
    if name == "SearchWidget":
        from .widget import SearchWidget

        return SearchWidget
    raise AttributeError(f"module 'statesearch.notebook' has no attribute {name!r}")
