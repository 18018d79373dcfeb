"""The sliding-tile puzzle as every interface sees it (``statesearch.domain``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..domain import Domain, Fields, Spec
from ..result import SearchResult
from .board import compact
from .problem import NPuzzle
from .tables_for import with_tables


def from_spec(spec: Spec) -> NPuzzle:
    """``start`` and ``goal`` as ``solve npuzzle`` reads them, or lists of tiles; ``rows``,
    ``cols`` and ``partition`` as its options."""
    goal = spec.get("goal")
    return NPuzzle.from_text(
        _text(spec["start"]), _text(goal) if goal is not None else None,
        spec.get("rows"), spec.get("cols"), spec.get("partition"),
    )  # fmt: skip


def _text(board: str | list[Any]) -> str:
    return board if isinstance(board, str) else " ".join(str(t) for t in board)


def fields(puzzle: NPuzzle, result: SearchResult[Any] | None) -> Fields:
    return {
        "start": compact(puzzle.initial),
        "goal": compact(puzzle.goal),
        "rows": puzzle.rows,
        "cols": puzzle.cols,
    }


def group(spec: Spec, fields: Mapping[str, Any]) -> str:
    """Boards by their shape (``npuzzle 3x3``)."""
    if "rows" in fields and "cols" in fields:
        return f"npuzzle {fields['rows']}x{fields['cols']}"
    return "npuzzle"


NPUZZLE = Domain(
    "npuzzle",
    "the sliding-tile puzzle (any rows x cols, any goal)",
    from_spec,
    fields,
    options={"rows": (int,), "cols": (int,), "partition": (str,)},
    goal=True,
    group=group,
    tables=with_tables,
    command="statesearch.cli.solve:npuzzle",
    routes="statesearch.web.routes:NPUZZLE_ROUTES",
)
