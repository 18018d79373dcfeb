"""Tasks on a Dask distributed cluster started with Dask's own commands::

    dask scheduler --host 127.0.0.1 --port 8786
    dask worker tcp://127.0.0.1:8786 --nworkers 4 --nthreads 1 [--resources search=1]

Tasks are futures on the scheduler. Workers that all advertise a ``search`` resource get one
search at a time each through it; otherwise a lock in each worker process does the same (and a
worker with several threads then holds tasks it cannot start yet: start workers with
``--nthreads 1``). The scheduler moves a dead worker's tasks to another worker; a task whose
workers died three times (Dask's ``allowed-failures``) is reported failed. A scheduler that
stays out of reach for ``LOST_AFTER`` seconds ends the run with ``PoolLost``.
"""

from __future__ import annotations

import contextlib
import logging
import time
import uuid
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from concurrent.futures import CancelledError
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..worker_pool.messages import failure_line
from .pool import Done, PoolLost, Throttled

CONNECT_TIMEOUT = 10.0  # seconds to reach the scheduler, and to wait for a first worker
LOST_AFTER = 10.0  # seconds without the scheduler before the run gives up


_ended: set[int] = set()  # the clients (by id) whose pool is closing: Dask's words no longer


def _not_said_twice(record: logging.LogRecord) -> bool:
    """Dask's client logs a lost scheduler in raw lines ('2026-12-07 05:40:49,510 -
    distributed.client - ERROR - Failed to reconnect to scheduler after 10.00 seconds,
    closing client', or the traceback of its reconnection cancelled by ``close``) after the
    run said so in its own words (``PoolLost``): not those."""
    if record.getMessage().startswith("Failed to reconnect to scheduler"):
        return False
    return not (_ended and record.levelno >= logging.ERROR)


logging.getLogger("distributed.client").addFilter(_not_said_twice)
_events: dict[str, Throttled] = {}  # each worker's handle on a stop signal, by name


def dask() -> Any:
    """The ``distributed`` package (untyped, and slow to import: only when a cluster is used)."""
    import distributed

    return distributed


@dataclass(frozen=True)
class RemoteEvent:
    """A stop signal as a task sees it: a Dask ``Event`` known by its name, asked through
    ``Throttled``."""

    name: str

    def is_set(self) -> bool:
        if self.name not in _events:
            _events[self.name] = Throttled(dask().Event(self.name))
        return _events[self.name].is_set()


@dataclass
class DaskFlag:
    event: Any
    remote: RemoteEvent

    def set(self) -> None:
        with contextlib.suppress(OSError, TimeoutError):  # no scheduler: no task runs anyway
            self.event.set()


class DaskPool:
    """The workers of the Dask scheduler at ``address``; see ``pool.Pool`` for the contract."""

    def __init__(self, address: str, timeout: float = CONNECT_TIMEOUT) -> None:
        self.client: Any
        try:
            self.client = dask().Client(address, timeout=timeout, set_as_default=False)
            self.client.wait_for_workers(1, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as err:
            raise InputError(
                "cannot use the Dask scheduler at {address}: {why}",
                address=address,
                why=str(err).splitlines()[0] if str(err) else type(err).__name__,
            ) from None
        workers = self.client.scheduler_info()["workers"].values()
        if all(w.get("resources", {}).get("search") for w in workers):
            self.resources: dict[str, int] | None = {"search": 1}
            self.size = sum(int(w["resources"]["search"]) for w in workers)
        else:
            self.resources = None
            self.size = sum(int(w.get("nthreads", 1)) for w in workers)
        # Searches that may run at once on one machine share its free memory.
        per_host = Counter(w.get("host", "") for w in workers)
        self.memory_share = 0.8 / max(per_host.values())
        self.futures: dict[Hashable, Any] = {}
        self.cancelled: set[Hashable] = set()
        self.unreachable_since: float | None = None

    def submit(self, key: Hashable, fn: Callable[..., Any], *args: Any) -> None:
        self.futures[key] = self.client.submit(
            fn, *args, key=f"statesearch-{uuid.uuid4().hex}", pure=False, resources=self.resources
        )

    def cancel(self, keys: Iterable[Hashable]) -> None:
        chosen = [k for k in keys if k in self.futures]
        self.cancelled.update(chosen)
        if chosen and self.client.status == "running":
            with contextlib.suppress(OSError, TimeoutError):
                self.client.cancel([self.futures[k] for k in chosen])

    def flag(self) -> DaskFlag:
        name = f"statesearch-stop-{uuid.uuid4().hex}"
        return DaskFlag(dask().Event(name, client=self.client), RemoteEvent(name))

    def warm(self, fn: Callable[..., Any], *args: Any) -> list[Any]:
        addresses = list(self.client.scheduler_info()["workers"])
        futures = [
            self.client.submit(fn, *args, workers=[a], pure=False, allow_other_workers=False)
            for a in addresses
        ]
        return list(self.client.gather(futures, errors="skip"))

    def done(self, timeout: float) -> list[Done]:
        if not self.futures:
            return []
        running = [f for k, f in self.futures.items() if k not in self.cancelled]
        if all(f.status == "pending" for f in self.futures.values()):
            if running:
                quiet = contextlib.suppress(TimeoutError, CancelledError, OSError)
                with self.client.as_current(), quiet:
                    dask().wait(running, timeout=timeout, return_when="FIRST_COMPLETED")
            else:  # only taken-back tasks left, on their way to being cancelled
                time.sleep(min(timeout, 0.05))
        self._check_scheduler()
        out = []
        for key, future in list(self.futures.items()):
            if future.status == "pending":
                continue
            del self.futures[key]
            if future.status == "finished":
                out.append(Done(key, future.result()))
            elif future.status == "error":
                out.append(Done(key, error=_one_line(future.exception())))
            elif key in self.cancelled:
                out.append(Done(key, cancelled=True))
            else:  # cancelled by nobody here: the scheduler forgot it
                raise PoolLost("the Dask scheduler lost the tasks (was it restarted?)")
        return out

    def _check_scheduler(self) -> None:
        if self.client.status == "running":
            self.unreachable_since = None
            return
        now = time.monotonic()
        self.unreachable_since = self.unreachable_since or now
        if now - self.unreachable_since > LOST_AFTER:
            raise PoolLost(f"lost the Dask scheduler ({self.client.status} for {LOST_AFTER:g} s)")

    def close(self) -> None:
        _ended.add(id(self.client))  # its reconnection, cancelled now, would log a traceback
        with contextlib.suppress(OSError, TimeoutError):
            self.client.close(timeout=5)


def _one_line(error: BaseException | None) -> str:
    if isinstance(error, dask().KilledWorker):
        return "its workers died too many times (Dask's allowed-failures)"
    return failure_line(error) if error is not None else "failed"
