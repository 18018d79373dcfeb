"""The core both pools stand on (``statesearch.worker_pool``), with real worker processes: a
job is said taken, then done or failed, in typed messages; a cancel reaches the job it names;
a death is noticed, and says whether the job was taken; a worker retires, is replaced, is
prepared before its first job, and may be deaf to Ctrl-C."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from statesearch.errors import InputError
from statesearch.worker_pool.messages import Cancel, Done, Failed, Job, Taken
from statesearch.worker_pool.process import WorkerProcess
from statesearch.worker_pool.serve import Setup

WAIT = 30.0  # seconds a job waits for its cancel: far longer than any test takes


def waits_for_cancel(seconds: float, cancel: threading.Event) -> bool:
    """A job that ends when it is cancelled (``True``) or after ``seconds`` (``False``)."""
    return cancel.wait(seconds)


def refuses() -> None:
    """A user's mistake with a field that would not cross a pipe."""
    raise InputError("cannot read {what} at {line}", what=threading.Lock(), line=3)


def mark(value: str) -> None:
    os.environ["STATESEARCH_TEST_MARK"] = value


@pytest.fixture
def start() -> Iterator[Callable[..., WorkerProcess]]:
    """Start workers; every one is killed at the end of the test."""
    started: list[WorkerProcess] = []

    def new(setup: Setup | None = None) -> WorkerProcess:
        started.append(WorkerProcess(setup or Setup()))
        return started[-1]

    yield new
    for worker in started:
        worker.kill()


def eventually(check: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 20
    while not check():
        assert time.monotonic() < deadline, "not within the time"
        time.sleep(0.02)


def test_a_job_is_taken_then_done(start: Callable[..., WorkerProcess]) -> None:
    worker = start()
    worker.send(Job(1, divmod, (7, 2)))
    assert (worker.receive(), worker.taken) == (Taken(1), 1)
    assert (worker.receive(), worker.taken) == (Done(1, (3, 1)), None)
    worker.send(Job("second", sorted, ("cab",)))
    assert worker.answer_to("second") == Done("second", ["a", "b", "c"])


def test_every_way_a_job_fails_is_a_message_and_the_worker_lives_on(
    start: Callable[..., WorkerProcess],
) -> None:
    worker = start()
    worker.send(Job(1, abs, ("x",)))
    raised = worker.answer_to(1)
    assert (
        isinstance(raised, Failed) and raised.line == "TypeError: bad operand type for abs(): 'str'"
    )
    assert "Traceback" in raised.trace and raised.input_error is None and not raised.out_of_memory

    # A user's mistake crosses with its template, a field that would not pickle as its repr.
    worker.send(Job(2, refuses))
    refused = worker.answer_to(2)
    assert isinstance(refused, Failed) and isinstance(refused.input_error, InputError)
    assert refused.input_error.template == "cannot read {what} at {line}"
    what = refused.input_error.params["what"]
    assert isinstance(what, str) and what.startswith("<unlocked _thread.lock object at 0x")
    assert refused.input_error.params["line"] == 3
    assert str(refused.input_error) == refused.line == f"cannot read {what} at 3"

    worker.send(Job(3, bytearray, (1 << 62,)))  # more than any machine's memory
    memory = worker.answer_to(3)
    assert isinstance(memory, Failed) and memory.out_of_memory

    worker.send(Job(4, threading.Lock))  # a value that does not cross a pipe
    unsent = worker.answer_to(4)
    assert isinstance(unsent, Failed) and "pickle" in unsent.line

    worker.send(Job(5, abs, (-5,)))
    assert worker.answer_to(5) == Done(5, 5)


def test_a_cancel_reaches_the_running_job_and_one_not_yet_started(
    start: Callable[..., WorkerProcess],
) -> None:
    worker = start()
    worker.send(Job(1, waits_for_cancel, (WAIT,), cancellable=True))
    worker.send(Job(2, waits_for_cancel, (0.0,), cancellable=True))
    assert worker.receive() == Taken(1) and worker.receive() == Taken(2)
    worker.send(Cancel(2))  # waiting behind the first: cancelled before it starts
    worker.send(Cancel(1))
    started = time.monotonic()
    assert worker.receive() == Done(1, True) and worker.receive() == Done(2, True)
    assert time.monotonic() - started < WAIT / 2
    worker.send(Job(3, waits_for_cancel, (0.0,), cancellable=True))  # its own, fresh event
    assert worker.answer_to(3) == Done(3, False)


def test_a_death_is_noticed_and_says_whether_the_job_was_taken(
    start: Callable[..., WorkerProcess],
) -> None:
    busy, idle = start(), start()
    busy.send(Job(1, time.sleep, (WAIT,)))
    assert busy.receive() == Taken(1)
    os.kill(busy.process.pid or 0, signal.SIGKILL)
    assert busy.receive() is None
    eventually(lambda: not busy.alive())
    assert busy.died(1).taken and busy.died(1).reason == f"exit code {-signal.SIGKILL}"
    idle.kill()
    eventually(lambda: not idle.alive())
    with pytest.raises(OSError):
        idle.send(Job(2, abs, (1,)))
    assert not idle.died(2).taken  # never reached it: the job may go to another worker


def test_a_worker_holding_too_much_retires_once_it_has_answered(
    start: Callable[..., WorkerProcess],
) -> None:
    worker = start(Setup(retire_above=0))
    worker.send(Job(1, abs, (-1,)))
    assert worker.answer_to(1) == Done(1, 1, retiring=True)
    worker.process.join(20)
    assert worker.process.exitcode == 0
    keeps = start(Setup(retire_above=1 << 40))
    keeps.send(Job(1, abs, (-1,)))
    assert keeps.answer_to(1) == Done(1, 1, retiring=False) and keeps.alive()


def test_a_replaced_worker_starts_again_as_it_was_prepared(
    start: Callable[..., WorkerProcess],
) -> None:
    old = start(Setup(mark, ("prepared",)))
    new = old.replaced()
    try:
        eventually(lambda: not old.alive())
        assert new.setup is old.setup and new.process.pid != old.process.pid
        new.send(Job(1, os.getenv, ("STATESEARCH_TEST_MARK",)))
        assert new.answer_to(1) == Done(1, "prepared")
    finally:
        new.kill()


def test_a_closed_pipe_ends_the_worker(start: Callable[..., WorkerProcess]) -> None:
    worker = start()
    worker.jobs.close()
    worker.process.join(20)
    assert worker.process.exitcode == 0


def test_a_worker_deaf_to_ctrl_c_answers_after_one(start: Callable[..., WorkerProcess]) -> None:
    worker = start(Setup(deaf_to_ctrl_c=True))
    worker.send(Job(1, abs, (-1,)))
    assert worker.answer_to(1) == Done(1, 1)  # started: its handler is set
    os.kill(worker.process.pid or 0, signal.SIGINT)
    worker.send(Job(2, abs, (-2,)))
    assert worker.answer_to(2) == Done(2, 2) and worker.alive()


def test_a_job_that_cannot_be_read_ends_its_worker_as_a_crash(
    start: Callable[..., WorkerProcess],
) -> None:
    """Its function's module fails to import in the worker: the pool sees a death (the batch
    tries the task again, then reports it), never a worker that hangs."""
    worker = start()
    worker.send(Job(1, Unreadable()))
    assert worker.answers.poll(20), "the worker hangs"
    assert worker.receive() is None
    worker.process.join(20)
    assert worker.process.exitcode == 1 and not worker.died(1).taken


class Unreadable:
    """Pickled here, fails to unpickle in the worker."""

    def __reduce__(self) -> tuple[object, ...]:
        return (int, ("not a number",))

    def __call__(self) -> None: ...
