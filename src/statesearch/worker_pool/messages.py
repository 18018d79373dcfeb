"""What a pool and its worker processes say to each other, one small type per message.

Parent to worker: ``Job`` (run this) and ``Cancel`` (stop that one, running or not yet).
Worker to parent: ``Taken`` as soon as a job arrives (so a job handed to a worker that died
before it could take it is known never to have run), then ``Done`` or ``Failed``. ``Died`` is
the parent's own word for a worker that ended without answering.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from ..errors import InputError


@dataclass(frozen=True)
class Job:
    """Run ``fn(*args)`` under ``id``; a ``cancellable`` job's ``fn`` is given the job's
    cancel event (a ``threading.Event``, set by a ``Cancel``) as its last argument."""

    id: Hashable
    fn: Callable[..., Any]
    args: tuple[Any, ...] = ()
    cancellable: bool = False


@dataclass(frozen=True)
class Cancel:
    id: Hashable


@dataclass(frozen=True)
class Taken:
    id: Hashable


@dataclass(frozen=True)
class Done:
    """A job's value; ``retiring``: the worker exits now (it kept too much memory)."""

    id: Hashable
    value: Any
    retiring: bool = False


@dataclass(frozen=True)
class Failed:
    """A job that raised: the exception in one line (``failure_line``), its traceback, the
    user's mistake itself when it was one (to be raised again, translated, in the parent), and
    whether the search ran out of memory."""

    id: Hashable
    line: str
    trace: str
    input_error: InputError | None = None
    out_of_memory: bool = False
    retiring: bool = False

    @classmethod
    def of(cls, job: Hashable, error: Exception, retiring: bool = False) -> Failed:
        mistake = None
        if isinstance(error, InputError):  # its fields made sure to cross the pipe
            mistake = error
            mistake.params = plain(error.params)
        trace = "".join(traceback.format_exception(error))
        memory = isinstance(error, MemoryError)
        return cls(job, failure_line(error), trace, mistake, memory, retiring)


@dataclass(frozen=True)
class Died:
    """A worker that ended (killed, crashed, gone) without answering ``id``; ``taken``: it had
    said it took the job, which may have run (else it surely did not, and may go to another)."""

    id: Hashable
    taken: bool
    reason: str = ""


ToWorker = Job | Cancel
FromWorker = Taken | Done | Failed


def failure_line(error: BaseException) -> str:
    """A task's exception in one line: an ``InputError`` (a bad instance, or a bug of a user's
    problem) is its message, anything else is named by its type."""
    text = str(error) if isinstance(error, InputError) else f"{type(error).__name__}: {error}"
    return text.splitlines()[0] if text.strip() else type(error).__name__


def plain(params: dict[str, Any]) -> dict[str, Any]:
    """An error's fields as values that surely cross a pipe."""
    simple = (str, int, float, bool, type(None), InputError)
    return {k: v if isinstance(v, simple) else repr(v)[:200] for k, v in params.items()}
