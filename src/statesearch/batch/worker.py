"""The task a worker process runs for one instance: solve it, time it, say who solved it."""

from __future__ import annotations

import math
import time
from typing import Any

from .pool import one_search, worker_name
from .solve_one import solve_spec
from .spec import Spec, fingerprint


def run_instance(spec: Spec, memory_share: float, stop: Any) -> dict[str, Any]:
    """The result line of one instance: its id, its ``fingerprint`` (what ``--resume`` matches
    it with), the fields of ``solve --json``, the worker, and the CPU and wall seconds of the
    whole task (reading the problem and its tables included).
    One search runs at a time in a process, however many threads its worker has."""
    with one_search:
        wall, cpu = time.perf_counter(), time.process_time()
        row = solve_spec(spec, stop, memory_share)
        return {
            "id": spec["id"],
            "instance": fingerprint(spec),
            **row,
            "worker": worker_name(),
            "cpu_s": round(time.process_time() - cpu, 6),
            "wall_s": round(time.perf_counter() - wall, 6),
        }


def warm_up(spec: Spec, seconds: float = math.inf) -> str | None:
    """Load what ``spec`` needs (kernels, tables) with a tiny search, before anything is timed,
    within ``seconds``: ``None``, or what stopped it when the time ran out. A problem of one's
    own has neither, and its code is not run for nothing (it may be slow, or act on the world)."""
    if spec["domain"] == "problem":
        return None
    row = solve_spec({**spec, "max_expanded": 1000, "time_limit": seconds})
    if row["limit"] != "time":
        return None
    return f"a worker was still loading what {spec['domain']} instances need after {seconds:,.0f} s"
