"""The task a worker process runs for one instance: solve it, time it, say who solved it."""

from __future__ import annotations

import math
from typing import Any

from ..core.domain import Spec, get
from ..provenance import Span, spec_call
from .pool import one_search, worker_name
from .solve_one import solve_spec
from .spec import fingerprint, problem_name


def run_instance(spec: Spec, memory_share: float, stop: Any) -> dict[str, Any]:
    """The result line of one instance: its id, its ``fingerprint`` (what ``--resume`` matches
    it with), the problem it groups under (``problem_name``), the fields of ``solve --json``,
    the worker, the CPU and wall seconds of the whole task (reading the problem and its tables
    included), and its ``provenance``: the versions and the machine, the spec, the peak memory
    (the instance's own where the system can restart the count, else the worker's so far).
    One search runs at a time in a process, however many threads its worker has."""
    with one_search:
        span = Span.begin(otherwise="worker")
        row = solve_spec(spec, stop, memory_share)
        made = span.record(spec=spec_call(spec))
        return {
            "id": spec["id"],
            "instance": fingerprint(spec),
            "problem": problem_name(spec, row),
            **row,
            "worker": worker_name(),
            "cpu_s": made["cpu_s"],
            "wall_s": made["wall_s"],
            "provenance": made,
        }


def warm_up(spec: Spec, seconds: float = math.inf) -> str | None:
    """Load what ``spec`` needs (kernels, tables) with a tiny search, before anything is timed,
    within ``seconds``: ``None``, or what stopped it when the time ran out. A problem of one's
    own has neither, and its code is not run for nothing (it may be slow, or act on the world)."""
    if get(spec["domain"]).own_code:
        return None
    row = solve_spec({**spec, "max_expanded": 1000, "time_limit": seconds})
    if row["limit"] != "time":
        return None
    return f"a worker was still loading what {spec['domain']} instances need after {seconds:,.0f} s"
