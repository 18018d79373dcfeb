"""Tilt puzzles as every interface sees them (``core.domain``)."""

from __future__ import annotations

from typing import Any

from ..core.domain import Domain, Fields, Spec, by_size
from ..core.result import SearchResult
from .problem import Tilt


def from_spec(spec: Spec) -> Tilt:
    """``start`` is the board's text; ``step`` and ``collide`` its rules."""
    return Tilt.from_text(
        spec["start"], spec.get("step") or "single", spec.get("collide") or "block"
    )


def fields(puzzle: Tilt, result: SearchResult[Any] | None) -> Fields:
    return {
        "step": puzzle.rules.step,
        "collide": puzzle.rules.collide,
        "goal_rule": puzzle.goal_rule,
        "height": puzzle.board.height,
        "width": puzzle.board.width,
    }


TILT = Domain(
    "tilt",
    from_spec,
    fields,
    options={"step": (str,), "collide": (str,)},
    group=by_size("height", "width"),
    command="statesearch.cli.solve:solve_tilt",
    routes="statesearch.web.routes:TILT_ROUTES",
)
