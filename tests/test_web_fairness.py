"""The line for the search slots is fair: first come, first served, and a client that sends many
requests cannot hold every slot; a request leaves the line when its client hangs up or its time
limit passes, and only a full line refuses. The pool's bookkeeping, with stand-in workers (no
processes)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest

from statesearch.core.limits import LimitKind
from statesearch.web import workers
from statesearch.web.workers import GRACE, Pool, ServerBusy, Stopped, Waiter
from statesearch.worker_pool.messages import Done


class StandIn:
    """A worker that is always alive and answers every job at once with its id."""

    class process:  # read as ``worker.process.is_alive()``
        @staticmethod
        def is_alive() -> bool:
            return True

    def __init__(self, warm: bool = False) -> None:
        self.warm = warm

    def stop(self) -> None:
        pass

    async def run(self, job_id: int, *_: Any) -> Done:
        return Done(job_id, {"job": job_id})


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> Pool:
    monkeypatch.setattr(workers, "Worker", StandIn)
    return Pool(slots=2)


REQUEST: Any = None  # what a stand-in is asked to run: nothing


def take(pool: Pool, client: str) -> int:
    """A slot at once (the test fails if the request would wait)."""
    entered = pool._enter(time.monotonic() + 20, client, lambda: None)
    assert not isinstance(entered, Waiter)
    return entered[0]


def wait(pool: Pool, client: str) -> Waiter:
    """A place in line (the test fails if a slot is free)."""
    entered = pool._enter(time.monotonic() + 20, client, lambda: None)
    assert isinstance(entered, Waiter)
    return entered


def granted(waiter: Waiter) -> int:
    assert waiter.job is not None, "no slot was handed to it"
    return waiter.job[0]


def test_a_freed_slot_goes_to_the_client_that_holds_none(pool: Pool) -> None:
    first, _second = take(pool, "hog"), take(pool, "hog")
    hogs = [wait(pool, "hog"), wait(pool, "hog")]
    other = wait(pool, "other")  # came after the hog's, but holds no slot
    assert pool.line("other")["places"] == [1] and pool.line("hog")["places"] == [2, 3]
    assert pool.line()["waiting"] == 3 and pool.line()["running"] == 2
    pool._give_back(first, healthy=True)
    assert hogs[0].job is None and hogs[1].job is None
    pool._give_back(granted(other), healthy=True)
    granted(hogs[0])  # now the hog's turn: its own requests keep their order
    assert hogs[1].job is None and pool.line("hog")["places"] == [1]


def test_first_come_first_served_and_turns_rotate(pool: Pool) -> None:
    held = [take(pool, "x"), take(pool, "y")]
    b1, b2, c1, d1 = wait(pool, "b"), wait(pool, "b"), wait(pool, "c"), wait(pool, "d")
    assert [pool.line(c)["places"] for c in "bcd"] == [[1, 4], [2], [3]]
    order = []
    for _ in range(4):
        pool._give_back(held.pop(0), healthy=True)
        new = [w for w in (b1, b2, c1, d1) if w.job is not None and w not in order]
        assert len(new) == 1
        order += new
        held.append(granted(new[0]))
    assert order == [b1, c1, d1, b2]  # b's second comes after everyone's first


def test_one_client_alone_may_use_every_slot(pool: Pool) -> None:
    jobs = [take(pool, "local"), take(pool, "local")]  # the playground's side by side
    third = wait(pool, "local")
    assert pool.line("local") == {
        "slots": 2,
        "running": 2,
        "waiting": 1,
        "cap": workers.QUEUE_CAP,
        "places": [1],
    }
    pool._give_back(jobs[0], healthy=True)
    granted(third)
    assert pool.line("local")["waiting"] == 0


def test_only_a_full_line_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "Worker", StandIn)
    pool = Pool(slots=1, queue_cap=2)
    now = time.monotonic()
    pool._enter(now + 10, "a", lambda: None)
    waiting = [wait(pool, "b"), wait(pool, "c")]
    with pytest.raises(ServerBusy) as busy:
        pool._enter(now + 20, "d", lambda: None)
    # When the running job must end, a place frees.
    assert 10 <= busy.value.retry_after <= 10 + GRACE + 1
    pool._leave(waiting[0])
    wait(pool, "d")
    with pytest.raises(ServerBusy):
        wait(pool, "e")
    assert Pool(slots=0, queue_cap=0).line()["cap"] == 0


def test_a_request_that_leaves_gives_up_its_place_or_its_slot(pool: Pool) -> None:
    jobs = [take(pool, "x"), take(pool, "x")]
    a, b, c = wait(pool, "a"), wait(pool, "b"), wait(pool, "c")
    pool._leave(b)  # its client hung up
    assert pool.line("c")["places"] == [2] and pool.line()["waiting"] == 2
    pool._give_back(jobs[0], healthy=True)
    granted(a)
    pool._leave(a)  # handed a slot just as it gave up: the slot goes on
    granted(c)
    assert pool.line()["waiting"] == 0 and len(pool._busy) == 2


def test_a_stopped_workers_successor_is_taken_last(pool: Pool) -> None:
    """A successor has its tables to load (Korf's take about 5 s): taken first, it would meet
    a job with a short time limit cold, be stopped and replaced again, every time."""
    stopped, finished = take(pool, "local"), take(pool, "local")
    loaded = pool._busy[finished].worker
    pool._give_back(stopped, healthy=False)
    pool._give_back(finished, healthy=True)
    entered = pool._enter(time.monotonic() + 20, "local", lambda: None)
    assert not isinstance(entered, Waiter) and entered[1] is loaded
    entered = pool._enter(time.monotonic() + 20, "local", lambda: None)  # the second slot
    assert not isinstance(entered, Waiter)
    successor: Any = entered[1]  # typed as a Worker
    assert successor is not loaded and successor.warm  # loading its tables meanwhile


async def until(check: Callable[[], bool], within: float = 10.0) -> None:
    """Wait in the event loop until ``check()`` holds (a loaded machine takes its time)."""
    deadline = time.monotonic() + within
    while not check():
        assert time.monotonic() < deadline, "not within the time"
        await asyncio.sleep(0.02)


def test_in_line_the_time_limit_counts_and_a_hang_up_leaves(pool: Pool) -> None:
    """Through ``Pool.run``: a request whose deadline passes in line is stopped by its time
    limit, one whose client hangs up is cancelled, both leave the line; one that gets its turn
    says how long it waited."""

    async def never() -> bool:
        return False

    async def scenario() -> None:
        jobs = [take(pool, "x"), take(pool, "x")]
        started = time.monotonic()
        late = await pool.run(REQUEST, started + 0.3, never, "a")
        assert isinstance(late, Stopped) and late.limit is LimitKind.TIME
        # Stopped at its deadline, not at its time limit's end (the bounds only tell them apart).
        assert 0.3 <= time.monotonic() - started < 5 and 0.25 < late.seconds < 5

        gone_at = time.monotonic() + 0.2

        async def hangs_up() -> bool:
            return time.monotonic() > gone_at

        left = await pool.run(REQUEST, started + 20, hangs_up, "b")
        assert isinstance(left, Stopped) and left.limit is LimitKind.CANCELLED
        assert pool.line()["waiting"] == 0

        turn = asyncio.create_task(pool.run(REQUEST, time.monotonic() + 20, never, "c"))
        dropped = asyncio.create_task(pool.run(REQUEST, time.monotonic() + 20, never, "d"))
        await until(lambda: pool.line()["waiting"] == 2)
        await asyncio.sleep(0.3)  # time in line, at least, for queued_s below
        assert pool.line("c")["places"] == [1] and pool.line("d")["places"] == [2]
        dropped.cancel()  # the server dropped the request: it leaves the line
        await until(lambda: pool.line()["waiting"] == 1)
        pool._give_back(jobs[0], healthy=True)
        answer = await asyncio.wait_for(turn, 10)
        assert isinstance(answer, dict) and answer["queued_s"] >= 0.3
        at_once = await pool.run(REQUEST, time.monotonic() + 20, never, "e")  # a slot was free
        assert isinstance(at_once, dict) and "queued_s" not in at_once

    asyncio.run(scenario())
