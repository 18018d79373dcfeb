"""The batch's local pool on the worker-pool core: each task's value or its error in one line;
a task whose worker died is tried again on a new worker (the others carry on), and reported
failed after ``ATTEMPTS`` deaths; tasks not started can be taken back."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Hashable, Iterator
from contextlib import closing
from pathlib import Path

import pytest

from statesearch.batch.local_pool import LocalPool
from statesearch.batch.pool import ATTEMPTS, Done


def dies_once(mark: str) -> int:
    """Kills its worker the first time (leaving ``mark``), returns the worker's pid after."""
    if not os.path.exists(mark):
        Path(mark).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return os.getpid()


def always_dies() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.fixture
def pool() -> Iterator[LocalPool]:
    with closing(LocalPool(2)) as workers:
        yield workers


def finish(pool: LocalPool, count: int) -> dict[Hashable, Done]:
    found: dict[Hashable, Done] = {}
    deadline = time.monotonic() + 60
    while len(found) < count:
        assert time.monotonic() < deadline, f"only {sorted(map(str, found))} finished"
        found.update((done.key, done) for done in pool.done(0.2))
    return found


def test_values_and_errors_in_one_line(pool: LocalPool) -> None:
    pool.submit("abs", abs, -3)
    pool.submit("bad", abs, "x")
    found = finish(pool, 2)
    assert found["abs"] == Done("abs", 3)
    assert found["bad"] == Done("bad", error="TypeError: bad operand type for abs(): 'str'")


def test_a_task_whose_worker_died_runs_again_on_a_new_worker(
    pool: LocalPool, tmp_path: Path
) -> None:
    first = [w.process.pid for w in pool.workers]
    pool.submit("dies once", dies_once, str(tmp_path / "mark"))
    for n in range(4):
        pool.submit(n, abs, -n)
    found = finish(pool, 5)
    assert [found[n].value for n in range(4)] == [0, 1, 2, 3]
    now = [w.process.pid for w in pool.workers]
    assert len(set(first) & set(now)) == 1  # the dead worker was replaced, the other kept
    again = found["dies once"]
    assert again.error is None and again.value in now


def test_a_task_that_kills_every_worker_fails_after_its_attempts(pool: LocalPool) -> None:
    pool.submit("doomed", always_dies)
    pool.submit("fine", abs, -1)
    found = finish(pool, 2)
    assert found["fine"].value == 1
    assert found["doomed"].error == f"its worker died {ATTEMPTS} times (exit {-signal.SIGKILL})"
    pool.submit("doomed", abs, -2)  # the key again: a new task, with no deaths counted
    assert finish(pool, 1)["doomed"].value == 2


def test_tasks_not_started_are_taken_back(pool: LocalPool) -> None:
    for n in range(6):
        pool.submit(n, time.sleep, 0.2)
    pool.done(0)  # two start
    pool.cancel(range(6))
    found = finish(pool, 6)
    assert sum(done.cancelled for done in found.values()) == 4
    assert all(done.cancelled or done.error is None for done in found.values())
