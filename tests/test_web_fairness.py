"""One client that keeps re-sending cannot hold every search slot: a client turned away is
owed the next slot that frees. The pool's bookkeeping, with stand-in workers (no processes)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from statesearch.web import workers
from statesearch.web.workers import Pool, ServerBusy


class StandIn:
    """A worker that is always alive and never runs anything."""

    class process:  # read as ``worker.process.is_alive()``
        @staticmethod
        def is_alive() -> bool:
            return True

    def __init__(self, warm: bool = False) -> None:
        self.warm = warm

    def stop(self) -> None:
        pass


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> Pool:
    monkeypatch.setattr(workers, "Worker", StandIn)
    return Pool(slots=2)


def take(pool: Pool, client: str) -> int:
    job, _ = pool._take(time.monotonic() + 20, client)
    return job


def test_a_freed_slot_goes_to_the_client_turned_away(pool: Pool) -> None:
    first, _second = take(pool, "hog"), take(pool, "hog")
    with pytest.raises(ServerBusy) as busy:
        take(pool, "other")
    assert 1 <= busy.value.retry_after <= 21
    pool._give_back(first, healthy=True)
    with pytest.raises(ServerBusy):
        take(pool, "hog")  # re-sending at once does not win the slot back
    take(pool, "other")
    with pytest.raises(ServerBusy):
        take(pool, "hog")  # every slot is taken now


def test_one_client_alone_may_use_every_slot(pool: Pool) -> None:
    jobs = [take(pool, "local"), take(pool, "local")]  # the playground's side by side
    with pytest.raises(ServerBusy):
        take(pool, "local")
    pool._give_back(jobs[0], healthy=True)
    take(pool, "local")  # a client holding a slot is not owed one of its own


def test_a_slot_waits_for_its_client_only_so_long(
    pool: Pool, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = take(pool, "hog")
    take(pool, "hog")
    with pytest.raises(ServerBusy) as busy:
        take(pool, "other")
    pool._give_back(first, healthy=True)
    later = time.monotonic() + busy.value.retry_after + workers.OWED_SECONDS + 1
    clock: Any = lambda: later  # noqa: E731
    monkeypatch.setattr(time, "monotonic", clock)  # the module the pool reads
    take(pool, "hog")  # the other client never came back: the slot is free for anyone


def test_a_stopped_workers_successor_is_taken_last(pool: Pool) -> None:
    """A successor has its tables to load (Korf's take about 5 s): taken first, it would meet
    a job with a short time limit cold, be stopped and replaced again, every time."""
    stopped, finished = take(pool, "local"), take(pool, "local")
    loaded = pool._busy[finished].worker
    pool._give_back(stopped, healthy=False)
    pool._give_back(finished, healthy=True)
    _, worker = pool._take(time.monotonic() + 20, "local")
    assert worker is loaded
    _, successor = pool._take(time.monotonic() + 20, "local")  # the second slot
    stand_in: Any = successor  # typed as a Worker
    assert stand_in is not loaded and stand_in.warm  # loading its tables meanwhile
