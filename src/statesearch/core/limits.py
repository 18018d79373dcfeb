"""The budgets of a search: what a user may bound, and the meter that enforces it.

``Limits`` is what a user asks for (``None``: unbounded); ``LimitKind`` names the budget that
stopped a search; ``Meter`` turns the limits into integers a hot loop compares against and
raises ``LimitHit`` when one runs out. Every loop, Python or compiled, meets its limits the same
way: it keeps its own counters in locals and calls the meter only when a count reaches the next
checkpoint (``Meter.checkpoint``), so a limit stops every algorithm at the same count with the
same message.
"""

from __future__ import annotations

import contextlib
import enum
import numbers
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass

from ..errors import InputError
from ..memory_room import (
    ADDRESS_SHARE,
    PAGE,
    address_space_cap,
    cgroup_room,
    imported_psutil,
    machine_room,
    mapped_bytes,
    proc_statm,
    rlimit_room,
)
from .note import Note

UNBOUNDED = sys.maxsize
OUT_OF_MEMORY = "the machine ran out of memory"  # a MemoryError, said as a memory limit
# The clock is read once per so many expansions, a number that follows what an expansion costs:
# it doubles while checks come less than CHECK_EVERY_S apart, up to CLOCK_EVERY (out of the hot
# loop's profile), and halves when they come further apart, down to 1 (a problem of one's own
# whose successors take a second is checked at every expansion).
CLOCK_EVERY = 1024
CHECK_EVERY_S = 0.01


class LimitKind(enum.StrEnum):
    """The budget that stopped a search whose status is ``LIMIT_REACHED``."""

    EXPANDED = "expanded"
    PUSHED = "pushed"
    TIME = "time"
    MEMORY = "memory"
    DEPTH = "depth"
    COST = "cost"
    WIDTH = "width"  # beam search dropped states past its width
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Limits:
    """Budgets for one search; ``None`` means unbounded.

    ``max_expanded=N`` stops the search when the (N+1)-th expansion would happen, ``max_pushed=N``
    when the (N+1)-th push happens. ``max_states`` bounds memory by the number of states the
    search keeps (frontier plus visited); ``max_memory`` by the bytes the whole process holds
    (its resident size, looked at with the clock). ``max_depth`` bounds path length in steps.
    ``time_limit`` counts from the moment the ``Meter`` is made, so setup work a caller bounds
    with the same meter (parsing, tables) counts too.
    """

    max_expanded: int | None = None
    max_pushed: int | None = None
    time_limit: float | None = None
    max_states: int | None = None
    max_depth: int | None = None
    max_memory: int | None = None

    def __post_init__(self) -> None:
        for name in ("max_expanded", "max_pushed", "max_states", "max_depth", "max_memory"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
                raise InputError(
                    "{name} must be a whole number >= 0, got {value}", name=name, value=value
                )
        if self.time_limit is not None and not self.time_limit > 0:
            raise InputError("time_limit must be > 0 seconds, got {value}", value=self.time_limit)


NO_LIMITS = Limits()  # a search's budgets when none is given (frozen: one serves every search)


class LimitHit(Exception):
    """Raised inside a search when a budget runs out; the facade turns it into a result."""

    def __init__(self, kind: LimitKind, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


@dataclass(frozen=True)
class Snapshot:
    """How far a search has got, for a progress line: the states expanded, the frontier's size
    (the path's length for depth-first searches), seconds since the meter started, and the
    current bound of an iterative search (IDA*'s threshold, IDDFS's depth) or ``None``; or,
    before the search, the work under way (``Meter.doing``: building its tables)."""

    expanded: int
    frontier: int
    elapsed: float
    bound: float | None
    doing: str | None = None


class Meter:
    """The limits of one search as plain integers, cheap to compare in a hot loop.

    The clock starts when the meter is made (or at ``started``, a ``time.perf_counter()``
    reading), so a caller that makes it before its setup (parsing, tables) has that setup
    counted against the time limit too; ``check`` bounds such setup work. ``progress`` is
    called with a ``Snapshot`` at most every ``every`` seconds, from the same checks.
    """

    def __init__(
        self,
        limits: Limits,
        cancel: threading.Event | None = None,
        progress: Callable[[Snapshot], None] | None = None,
        every: float = 0.25,
        started: float | None = None,
    ) -> None:
        self.limits = limits
        self.cancel = cancel
        self.max_expanded = _bound(limits.max_expanded)
        self.max_pushed = _bound(limits.max_pushed)
        self.max_states = _bound(limits.max_states)
        self.max_depth = _bound(limits.max_depth)
        self.depth_limited = limits.max_depth is not None
        self.started = time.perf_counter() if started is None else started
        self.deadline = (
            self.started + limits.time_limit if limits.time_limit is not None else float("inf")
        )
        self.progress, self.every = progress, every
        self.next_report = self.started + every
        self.stride, self.last_checkpoint = 1, self.started
        self.bound: float | None = None  # set by iterative searches, for progress lines
        self.work: str | None = None  # what goes on before the search (``doing``)
        # With a memory bound, ``ulimit -v`` bounds too (none is asked when there is none).
        self.address_cap = address_space_cap() if limits.max_memory is not None else None

    @contextlib.contextmanager
    def doing(self, work: str) -> Iterator[None]:
        """While the block runs, progress lines say ``work`` (reading or building a search's
        tables) rather than counters that belong to the search, and a limit reached names it."""
        before, self.work = self.work, work
        try:
            yield
        except LimitHit as hit:
            hit.detail = f"{hit.detail}, while {work}"
            raise
        finally:
            self.work = before

    def checkpoint(self, expanded: int, frontier: int = 0) -> int:
        """Call before the (expanded+1)-th expansion whenever ``expanded`` reaches the value the
        last call returned (0 at first): stops at the expansion budget, runs ``check``, and
        returns the next checkpoint (``CLOCK_EVERY`` above)."""
        if expanded >= self.max_expanded:
            raise LimitHit(
                LimitKind.EXPANDED,
                Note("expanded {count:,} {states} (max_expanded)", **_counted(expanded)),
            )
        self.check(expanded, frontier)
        now = time.perf_counter()
        if now - self.last_checkpoint < CHECK_EVERY_S:
            self.stride = min(2 * self.stride, CLOCK_EVERY)
        else:
            self.stride = max(self.stride // 2, 1)
        self.last_checkpoint = now
        return min(expanded + self.stride, self.max_expanded)

    def check(self, expanded: int = 0, frontier: int = 0) -> None:
        """Stop when the time limit has passed, someone cancelled, or the process holds more
        than ``max_memory`` bytes; report progress when it is time to."""
        now = time.perf_counter()
        if now > self.deadline:
            raise LimitHit(
                LimitKind.TIME, Note("time limit of {seconds:g} s", seconds=self.limits.time_limit)
            )
        if self.cancel is not None and self.cancel.is_set():
            raise LimitHit(LimitKind.CANCELLED, Note("stopped on request"))
        limit = self.limits.max_memory
        if limit is not None and (held := resident_bytes()) > limit:
            held_mb, limit_mb = _mb(held), _mb(limit)
            if held_mb == limit_mb:  # "400 MB, over max_memory of 400 MB" says nothing
                held_mb, limit_mb = f"{held:,} bytes", f"{limit:,} bytes"
            raise LimitHit(
                LimitKind.MEMORY,
                f"the process (its whole resident size) holds {held_mb}, over max_memory of "
                f"{limit_mb}",
            )
        cap = self.address_cap
        if cap is not None and (mapped := mapped_bytes() or 0) > cap:
            raise LimitHit(
                LimitKind.MEMORY,
                f"the process maps {_mb(mapped)}, near its address-space limit (ulimit -v) of "
                f"{_mb(int(cap / ADDRESS_SHARE))}",
            )
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + self.every
            self.progress(Snapshot(expanded, frontier, now - self.started, self.bound, self.work))

    def push(self, pushed: int) -> None:
        """Call before the (pushed+1)-th push once ``pushed >= max_pushed``."""
        if pushed >= self.max_pushed:
            raise LimitHit(
                LimitKind.PUSHED, Note("pushed {count:,} {states} (max_pushed)", **_counted(pushed))
            )

    def store(self, states: int) -> None:
        """Call when the search keeps more than ``max_states`` states."""
        if states > self.max_states:
            raise LimitHit(
                LimitKind.MEMORY,
                Note("kept {count:,} {states} (max_states)", **_counted(self.max_states)),
            )

    def after_pause(
        self, kind: LimitKind | None, expanded: int, pushed: int, stored: int, frontier: int = 0
    ) -> None:
        """A kernel paused: raise for the budget that made it stop (``None``: only its slice
        ended), then ``check``. The checks are the ones the Python loops make, so both stop at
        the same count with the same message."""
        if kind is LimitKind.EXPANDED:
            self.checkpoint(expanded, frontier)
        elif kind is LimitKind.PUSHED:
            self.push(pushed)
        elif kind is LimitKind.MEMORY:
            self.store(stored)
        self.check(expanded, frontier)


def reserve(nbytes: int, what: str, meter: Meter | None = None) -> None:
    """Before allocating about ``nbytes`` for ``what`` (a table read or built): stop, with the
    figures, if the process would then hold more than ``max_memory`` (of ``meter``, else the
    active one), or if the machine has not that much available. An allocation past either would
    otherwise end in a MemoryError or the kernel's OOM killer, after the work before it."""
    meter = meter or active_meter()
    limit = meter.limits.max_memory if meter is not None else None
    held = resident_bytes()
    if limit is not None and held + nbytes > limit:
        raise LimitHit(
            LimitKind.MEMORY,
            f"{what} needs {_mb(nbytes)} more than the {_mb(held)} held, over max_memory of "
            f"{_mb(limit)}",
        )
    free = available_bytes()
    if free is not None and nbytes > free:
        raise LimitHit(
            LimitKind.MEMORY, f"{what} needs {_mb(nbytes)}; the machine has {_mb(free)} available"
        )


def counted_states(count: int) -> str:
    """``count`` states, in words: "1 state", "12,345 states"."""
    return f"{count:,} state{'' if count == 1 else 's'}"


def _counted(count: int) -> dict[str, object]:
    """The fields of a note that counts states ("1 state", "12,345 states")."""
    return {"count": count, "states": Note("state") if count == 1 else Note("states")}


def _mb(nbytes: int) -> str:
    if nbytes < 2**10:  # --max-memory 500 is 500 bytes, not 0 KB
        return f"{nbytes:,} bytes"
    if nbytes < 2**20:  # --max-memory 1K is 1 KB, not 0 MB
        return f"{nbytes / 2**10:,.0f} KB"
    return f"{nbytes / 2**20:,.0f} MB"


def resident_bytes() -> int:
    """The memory this process holds (its resident set), in bytes. On Linux one read of
    ``/proc/self/statm`` (7 us measured; psutil's reading takes ten times that, and a search
    asks at every checkpoint, as often as every 1,024 expansions); elsewhere psutil's; in the
    browser (Pyodide: no psutil, no ``resource``, no /proc) the WebAssembly memory it grew to;
    failing all, the peak (``resource``), which errs on the safe side."""
    statm = proc_statm()
    if statm is not None:
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int(os.pread(statm, 64, 0).split()[1]) * PAGE
    psutil = imported_psutil()
    if psutil is not None:
        return int(psutil.Process().memory_info().rss)
    if sys.platform == "emscripten":  # Python in the browser: the WebAssembly memory it grew to
        import pyodide_js  # type: ignore[import-not-found]

        return int(pyodide_js._module.HEAPU8.length)
    try:
        import resource
    except ImportError:
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak if sys.platform == "darwin" else peak * 1024)  # macOS counts bytes


def available_bytes() -> int | None:
    """What this process could still be given, or ``None`` if nothing says (the browser): the
    smallest of the machine's available memory, the room its cgroup leaves (a container's
    limit, which the machine's figure does not show: past it the OOM killer ends the process
    without a word) and the room under ``RLIMIT_AS`` and ``RLIMIT_DATA`` (``ulimit -v``: past
    it an allocation fails deep inside numpy or numba)."""
    rooms = [room for room in (machine_room(), cgroup_room(), rlimit_room()) if room is not None]
    return max(0, min(rooms)) if rooms else None


def default_max_memory(share: float = 0.8) -> int | None:
    """The default memory bound of the command line, the server and batch runs: what the
    process holds now plus ``share`` of what it could still be given (``available_bytes``)."""
    free = available_bytes()
    return None if free is None else resident_bytes() + int(share * free)


def _bound(value: int | None) -> int:
    # Beyond 2**63 - 1 a budget cannot be reached anyway; capping it keeps it a machine word
    # for the compiled kernels.
    return UNBOUNDED if value is None else min(value, UNBOUNDED)


_ACTIVE: ContextVar[Meter | None] = ContextVar("statesearch_meter", default=None)


def metering(meter: Meter) -> Metering:
    """Make ``meter`` the active one while ``solve`` runs, so that work a problem does on first
    use, out of the caller's sight (building a heuristic's tables), is bounded by the search's
    own limits (``active_meter``)."""
    return Metering(meter)


class Metering:
    """``metering``'s block (a class, not a ``contextmanager`` generator: a trivial search's
    ``solve`` pays for its machinery)."""

    def __init__(self, meter: Meter) -> None:
        self.meter = meter

    def __enter__(self) -> None:
        self.token = _ACTIVE.set(self.meter)

    def __exit__(self, *exc: object) -> None:
        _ACTIVE.reset(self.token)


def active_meter() -> Meter | None:
    """The meter of the ``solve`` running in this thread, ``None`` outside one."""
    return _ACTIVE.get()
