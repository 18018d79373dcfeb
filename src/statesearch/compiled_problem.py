"""Compiled slots: a problem of one's own whose three slots are numba functions over states
packed in one int64, searched by compiled A* (UCS, weighted A*), IDA* and BFS.

    @njit
    def is_goal(state, data): ...                      # -> bool
    @njit
    def successors(state, data, children, costs): ...  # writes them, returns how many
    @njit
    def heuristic(state, data): ...                    # -> a whole number >= 0

    @compiled_slots(is_goal=is_goal, successors=successors, heuristic=heuristic)
    class MyProblem:
        def __init__(self, ...):
            self.initial = ...     # the start, an int >= 0
            self.branching = ...   # the most successors a state has (the arrays' length)
            self.data = np.array([...], dtype=np.int64)  # what the slots read besides the state

A state is a whole number from 0 to 2**63 - 1; ``successors`` writes each child into
``children[i]`` and its step cost (a whole number >= 0) into ``costs[i]`` and returns the count;
``data`` is the instance's ``data`` (an int64 array: the goal, the size, a table). The class may
give ``action(state, index, child)`` (the action's name; the index by default), ``render``,
``unit_costs`` and any other member a problem may have.

The decorator gives the class the Python slots too (each calls the compiled function), so the
Python engine, a trace and every algorithm still work; ``solve`` runs the compiled searches
(``compiled``, the kernel hook) for A*, UCS and weighted A* with a whole weight (any tie-break),
IDA* and BFS, under the same budgets, counters and ``SearchResult``. Every compiled search
checks what the slots give (a count past ``branching``, a state or cost below 0, a heuristic
that is not a finite whole number), in trusted mode too.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from .core.limits import Meter, active_meter
from .core.outcome import Outcome
from .core.problem import Heuristic
from .core.result import Stats
from .errors import InputError
from .kernels import COMPILER, Prepared, compile_for

# The slots, their parameters, and what a search needs of each.
SLOTS = {
    "is_goal": ("state", "data"),
    "successors": ("state", "data", "children", "costs"),
    "heuristic": ("state", "data"),
}
ALGORITHMS = ("astar", "ucs", "idastar", "bfs")
TIE_BREAKS = ("classic", "deep", "fifo", "lifo")
T = TypeVar("T")


def compiled_slots(
    *, is_goal: Any, successors: Any, heuristic: Any = None
) -> Callable[[type], type]:
    """A class decorator: the class's instances are problems whose slots are these numba
    functions (see the module's docstring)."""
    given = {"is_goal": is_goal, "successors": successors, "heuristic": heuristic}
    for slot, function in given.items():
        if function is not None or slot != "heuristic":
            _check_slot(slot, function)

    def decorate(cls: type) -> type:
        for slot in ("is_goal", "successors", "heuristics", "compiled"):
            if slot in cls.__dict__:
                raise InputError(
                    "{name} defines {slot}, which @compiled_slots makes from the compiled "
                    "functions; leave it out",
                    name=cls.__name__,
                    slot=slot,
                )
        slots = CompiledSlots(is_goal, successors, heuristic)
        cls.compiled_slots = slots  # type: ignore[attr-defined]
        cls.is_goal = slots.python_is_goal  # type: ignore[attr-defined]
        cls.successors = slots.python_successors  # type: ignore[attr-defined]
        cls.compiled = slots.kernel  # type: ignore[attr-defined]
        cls.compiled_tie_breaks = TIE_BREAKS  # type: ignore[attr-defined]
        if heuristic is not None:
            cls.heuristics = property(slots.python_heuristics)  # type: ignore[attr-defined]
            cls.default_heuristic = heuristic.__name__  # type: ignore[attr-defined]
        return cls

    return decorate


def _check_slot(slot: str, function: Any) -> None:
    """A numba function (``@njit``) of the slot's parameters, or a one-line error."""
    python = getattr(function, "py_func", None)
    if python is None or not hasattr(function, "compile"):
        raise InputError(
            "the compiled slot {slot} must be a numba function (@njit def {slot}({params})), "
            "not {kind}",
            slot=slot,
            params=", ".join(SLOTS[slot]),
            kind=type(function).__name__,
        )
    try:
        arity = len(inspect.signature(python).parameters)
    except (TypeError, ValueError):
        arity = -1
    if arity != len(SLOTS[slot]):
        raise InputError(
            "the compiled slot {slot} takes ({params}); {name} takes {arity} parameters",
            slot=slot,
            params=", ".join(SLOTS[slot]),
            name=getattr(python, "__name__", "it"),
            arity=arity,
        )


def _compiling(slot: str, call: Callable[[], T]) -> T:
    """``call()``, with numba's refusal to compile a slot as one line."""
    from numba.core.errors import NumbaError

    try:
        return call()
    except NumbaError as error:
        # numba's first lines name its pipeline's step; the reason and the line come after.
        lines = [line.strip() for line in str(error).splitlines() if line.strip()]
        why = next((line for line in lines if not line.startswith("Failed in ")), "")
        where = next((line.rstrip(":") for line in lines if line.startswith('File "')), "")
        raise InputError(
            "the compiled slot {slot} does not compile with numba: {why}",
            slot=slot,
            why=f"{why[:200]} ({where})" if where else why[:200],
        ) from None


# What each slot must return, by the names of numba's type classes.
RETURNS = {
    "is_goal": ("Boolean", "Integer"),
    "successors": ("Integer",),
    "heuristic": ("Integer", "Float", "Boolean"),
}


def _compiled_alone(slot: str, function: Any) -> None:
    """Compile one slot for its own arguments (quick, and names the slot that fails), and check
    what it returns."""
    ints = np.zeros(1, dtype=np.int64)
    arguments = (np.int64(0), ints, ints, ints)[: len(SLOTS[slot])]
    signature = _compiling(slot, lambda: compile_for(function, arguments))
    returned = function.overloads[signature].signature.return_type
    if not any(_is(returned, kind) for kind in RETURNS[slot]):
        raise InputError(
            "the compiled slot {slot} returns {returned}; it must return {kinds}",
            slot=slot,
            returned=str(returned),
            kinds=" or ".join(kind.lower() for kind in RETURNS[slot]),
        )


def _is(numba_type: Any, kind: str) -> bool:
    from numba.core import types

    return isinstance(numba_type, getattr(types, kind))


class CompiledSlots:
    """A class's compiled slots, and the methods made of them."""

    def __init__(self, is_goal: Any, successors: Any, heuristic: Any) -> None:
        self.is_goal, self.successors, self.heuristic = is_goal, successors, heuristic
        self.name = heuristic.__name__ if heuristic is not None else "zero"

    # The Python slots (``self`` below is the problem: these become its methods).

    @staticmethod
    def python_is_goal(problem: Any, state: int) -> bool:
        slots = type(problem).compiled_slots
        return bool(_compiling("is_goal", lambda: slots.is_goal(state, _data(problem))))

    @staticmethod
    def python_successors(problem: Any, state: int) -> list[tuple[Any, int, int]]:
        slots = type(problem).compiled_slots
        width = max(int(problem.branching), 1)
        children = np.zeros(width, dtype=np.int64)
        costs = np.zeros(width, dtype=np.int64)
        data = _data(problem)
        count = _compiling("successors", lambda: slots.successors(state, data, children, costs))
        if not 0 <= count <= width:
            raise InputError(
                "successors({state}) returned {count}, not the number of successors it wrote "
                "(from 0 to the problem's branching)",
                state=state,
                count=count,
            )
        name = getattr(problem, "action", None)
        return [
            (name(state, i, int(children[i])) if name else i, int(children[i]), int(costs[i]))
            for i in range(count)
        ]

    @staticmethod
    def python_heuristics(problem: Any) -> dict[str, Heuristic]:
        """The heuristic as a named one (the same object each time: the facade asks whether a
        kernel computes the very heuristic it resolved)."""
        made = problem.__dict__.get("_compiled_heuristics")
        if made is None:
            slots = type(problem).compiled_slots
            data = _data(problem)

            def estimate(state: int) -> float:
                return _compiling("heuristic", lambda: slots.heuristic(state, data))  # type: ignore[no-any-return]

            made = {slots.name: Heuristic(slots.name, estimate)}
            problem.__dict__["_compiled_heuristics"] = made
        return made  # type: ignore[no-any-return]

    # The kernel hook (``solve`` asks it; ``None`` runs the Python engine).

    @staticmethod
    def kernel(
        problem: Any,
        algorithm: str,
        heuristic: str,
        weight: float,
        required: bool = False,
        tie_break: str = "classic",
    ) -> Any:
        slots: CompiledSlots = type(problem).compiled_slots
        meter = active_meter()
        depth_limited = meter is not None and meter.depth_limited
        if not COMPILER or algorithm not in ALGORITHMS or tie_break not in TIE_BREAKS:
            return None
        if algorithm in ("idastar", "bfs") and depth_limited:
            return None  # their depth bound is the Python loops' (a cut, a look beyond)
        if algorithm == "astar" and not (float(weight).is_integer() and weight >= 0):
            return None
        estimate = slots.estimate(heuristic)
        if estimate is None:
            return None
        return Prepared(lambda: slots.prepared(problem, algorithm, estimate, weight, tie_break))

    def estimate(self, heuristic: str) -> Any:
        if heuristic == "zero":
            from .kernels.slot_runs import zero_estimate

            return zero_estimate
        return self.heuristic if heuristic == self.name else None

    def prepared(
        self, problem: Any, algorithm: str, estimate: Any, weight: float, tie_break: str
    ) -> Callable[[Meter, Stats], Outcome]:
        """The search, its kernel compiled now (setup, before the search's clock)."""
        from .kernels.slot_runs import compile_kernel, run_search
        from .kernels.state_table import SlotProblem

        start, data, width = _start(problem), _data(problem), max(int(problem.branching), 1)
        triple = (self.is_goal, self.successors, estimate)
        for slot, function in zip(SLOTS, triple, strict=True):
            if function is not None:
                _compiled_alone(slot, function)
        _compiling("successors, is_goal or heuristic", lambda: compile_kernel(algorithm, triple))
        w = 0 if algorithm == "ucs" else int(weight)
        compiled = SlotProblem(triple, data, start, width)

        def search(meter: Meter, stats: Stats) -> Outcome:
            return _compiling(
                "successors, is_goal or heuristic",
                lambda: run_search(problem, algorithm, compiled, w, tie_break, meter, stats),
            )

        return search


def _data(problem: Any) -> np.ndarray:
    data = getattr(problem, "data", None)
    if data is None:
        return np.zeros(0, dtype=np.int64)
    if not isinstance(data, np.ndarray) or data.dtype != np.int64:
        raise InputError(
            "the problem's data is what its compiled slots read: an int64 numpy array, not {kind}",
            kind=type(data).__name__,
        )
    return data


def _start(problem: Any) -> int:
    start = problem.initial
    if isinstance(start, bool) or not isinstance(start, int | np.integer) or not 0 <= start < 2**63:
        raise InputError(
            "a problem of compiled slots starts at a whole number from 0 to 2**63 - 1, not {start}",
            start=repr(start)[:40],
        )
    return int(start)
