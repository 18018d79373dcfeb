"""Tilt puzzles as every interface sees them (``statesearch.domain``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..domain import Domain, Fields, Spec
from ..result import SearchResult
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


def group(spec: Spec, fields: Mapping[str, Any]) -> str:
    """Boards by their size (``tilt 8x8``)."""
    if "height" in fields and "width" in fields:
        return f"tilt {fields['height']}x{fields['width']}"
    return "tilt"


TILT = Domain(
    "tilt",
    "tilt puzzles: every block moves at once",
    from_spec,
    fields,
    options={"step": (str,), "collide": (str,)},
    group=group,
    command="statesearch.cli.solve:solve_tilt",
    routes="statesearch.web.routes:TILT_ROUTES",
)
