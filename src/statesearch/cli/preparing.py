"""What ``batch`` and ``bench`` do before their first instance (tables built or loaded here,
then in every worker with a tiny search, kernels compiled), under one time bound,
``--prepare-limit`` seconds (an hour unless told), and here under the memory bound of a command
(80% of what is available when it starts). A bound reached stops the command with one line,
exit 4, before any instance starts; the tables finished stay cached."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Annotated

from ..batch.pool import Pool
from ..batch.worker import warm_up
from ..core.domain import Spec
from ..core.limits import LimitHit, LimitKind, Limits, Meter, default_max_memory, metering
from .options import time_limit_option
from .render import stopped_early

PREPARE_LIMIT = 3600.0
PrepareLimit = Annotated[
    float,
    time_limit_option(
        "Seconds to build or load the tables and kernels before the first instance (inf: no bound)."
    ),
]
STOPPED = "no instance was started (raise --prepare-limit, or run again: built tables stay cached)"
STOPPED_BY_MEMORY = "no instance was started (the tables built before it stay cached)"


class Preparation:
    """One clock for the whole preparation, started when it is made."""

    def __init__(self, limit: float) -> None:
        self.meter = Meter(Limits(time_limit=limit, max_memory=default_max_memory()))

    @contextlib.contextmanager
    def bounded(self) -> Iterator[Meter]:
        """Work done here (given the meter, or finding it active) stops at the bound."""
        try:
            with metering(self.meter):
                yield self.meter
        except LimitHit as hit:
            if hit.kind is LimitKind.MEMORY:
                stopped_early(hit, STOPPED_BY_MEMORY)
            if hit.kind is LimitKind.TIME:
                hit = LimitHit(hit.kind, f"--prepare-limit of {self.meter.limits.time_limit:g} s")
            stopped_early(hit, STOPPED)

    def warm(self, pool: Pool, specs: list[Spec]) -> None:
        """Every worker loads what each spec needs, in the time left."""
        for spec in specs:
            with self.bounded() as meter:
                meter.check()
                left = meter.deadline - time.perf_counter()
            for stop in pool.warm(warm_up, spec, left):
                if stop is not None:
                    stopped_early(LimitHit(LimitKind.TIME, stop), STOPPED)
