"""One instance from its spec to the fields ``solve --json`` prints: the function every worker
runs, and the one the command line can share, so a batch and a single solve agree."""

from __future__ import annotations

import contextlib
import math
import threading
from collections.abc import Mapping
from typing import Any

from ..core.domain import get
from ..core.limits import Meter
from ..core.result import SearchResult
from ..facade import solve
from ..user_problem import blaming
from .spec import limits, normalize


def solve_spec(
    raw: Mapping[str, Any],
    cancel: threading.Event | None = None,
    memory_share: float = 0.8,
) -> dict[str, Any]:
    """Solve the instance ``raw`` describes (see ``spec``) and return ``SearchResult.to_dict()``
    with the domain's fields, as ``solve --json`` prints them; with a known ``optimal``
    cost, also ``expected`` and ``correct`` (``None`` when the search gave no answer).

    The budgets' clock starts before the problem is read, so reading it counts too. Setting
    ``cancel`` stops the search (``limit_reached``, ``cancelled``).
    """
    spec = normalize(raw, {}, None)
    meter = Meter(limits(spec, memory_share), cancel)
    domain = get(spec["domain"])
    problem = domain.from_spec(spec)
    # Only a user's own problem is blamed for what its code raises: a puzzle's bug is ours.
    with blaming(problem) if domain.own_code else contextlib.nullcontext():
        result = solve(
            problem,
            spec.get("algorithm") or "auto",
            spec.get("heuristic"),
            weight=spec.get("weight", 1.0),
            tie_break=spec.get("tie_break") or "auto",
            beam_width=spec.get("beam_width"),
            precheck=spec.get("precheck", True),
            engine=spec.get("engine") or "auto",
            meter=meter,
            check=not spec.get("trust", False),
        )
    repeated = {name: spec.get(name) for name in domain.repeated}
    row = {**result.to_dict(), **repeated, **domain.fields(problem, result)}
    if spec.get("optimal") is not None:
        row["expected"] = spec["optimal"]
        row["correct"] = correct(result, spec["optimal"], domain.tolerance)
        if result.solved and domain.replays is not None and not domain.replays(problem, result):
            row["correct"] = False  # a path that does not replay on the problem, or costs more
    return row


def correct(result: SearchResult[Any], optimal: float, tolerance: float = 0.0) -> bool | None:
    """Whether an answer agrees with a known optimal cost (the length, where every step costs
    1; within ``tolerance`` of it, where it is written rounded): a search that claims
    optimality must match it, any other may not beat it, and no search may call the instance
    unsolvable. A limit reached is no answer (``None``)."""
    if result.solved:
        assert result.cost is not None
        # math.isclose's own tolerance: a float engine's sum of step costs
        matches = math.isclose(result.cost, optimal, abs_tol=tolerance)
        return matches if result.optimal else matches or result.cost > optimal
    if result.status.value == "unsolvable":
        return False
    return None
