"""The sliding-tile puzzle as every interface sees it (``core.domain``)."""

from __future__ import annotations

from typing import Any

from ..core.domain import Domain, Fields, Spec, by_size
from ..core.result import SearchResult
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


NPUZZLE = Domain(
    "npuzzle",
    from_spec,
    fields,
    options={"rows": (int,), "cols": (int,), "partition": (str,)},
    goal=True,
    group=by_size("rows", "cols"),
    tables=with_tables,
    command="statesearch.cli.solve:npuzzle",
    routes="statesearch.web.routes:NPUZZLE_ROUTES",
)
