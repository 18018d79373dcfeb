"""What the compiled kernels share: status and stop codes, LLVM instructions numba lacks, the
open list, and the resumable IDA* driver.

A kernel works on plain numpy arrays and integer-encoded states, never on the engine's
objects. It runs in *slices*: all of its state lives in arrays its caller owns, and it returns
after a given number of expansions (or when a budget it was given runs out), so the caller can
look at the clock and the cancel flag between slices and a compiled search is bounded exactly
like a Python one. A domain's ``compiled.py`` adapts its kernels to the engine's outcome.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

# Whether this Python can compile kernels: not in the browser (Pyodide has no numba), where
# every search runs on the Python engine.
COMPILER = importlib.util.find_spec("numba") is not None

if TYPE_CHECKING:
    from ..core.limits import Meter
    from ..core.outcome import Outcome
    from ..core.result import Stats

    Kernel = Callable[[Meter, Stats], Outcome]


def compile_for(dispatcher: Any, arguments: tuple[object, ...]) -> tuple[Any, ...]:
    """Have numba compile (or load from its cache) ``dispatcher``'s machine code for these
    arguments now, rather than on its first call; the signature it compiled."""
    signature = tuple(dispatcher.typeof_pyval(a) for a in arguments)
    dispatcher.compile(signature)
    return signature


class Prepared:
    """A kernel whose search is made by ``make`` (its tables packed, its machine code loaded)
    only when it will run: the facade calls ``prepare`` before the search's clock starts, so
    that work is setup, and never for a search it traces on the Python engine or a problem its
    precheck proves unsolvable, where the kernel is dropped. Called unprepared, it prepares
    itself first."""

    def __init__(self, make: Callable[[], Kernel]) -> None:
        self._make = make
        self._run: Kernel | None = None

    def prepare(self) -> None:
        if self._run is None:
            self._run = self._make()

    def __call__(self, meter: Meter, stats: Stats) -> Outcome:
        self.prepare()
        assert self._run is not None
        return self._run(meter, stats)
