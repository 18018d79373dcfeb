"""Stage two of ``solve``: which engine runs the search, and the notes that say why.

A domain may offer a compiled kernel for an (algorithm, heuristic) pair (``advice.compiled``).
It is asked for only when the heuristic searched is the very object the problem gives for its
name (``problem.is_builtin``): a heuristic of one's own that shares a built-in's name (a
``manhattan`` returning 0) is searched as given, on the Python engine. A traced search runs on
the Python engine too (kernels do not trace), and so does a tie policy the kernels do not take."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.advice import advice
from ..core.limits import LimitHit, LimitKind
from ..core.note import Note
from ..core.problem import ZERO, is_builtin
from ..errors import InputError
from ..kernels import COMPILER
from ..memory_room import address_space_cap
from .resolve import Resolved

if TYPE_CHECKING:
    from ..kernels import Kernel

ENGINES = ("auto", "python", "compiled")


class CompilerUnmapped(LimitHit):
    """The compiled engine's library (llvmlite's, mapped when a kernel is first made) did not
    fit in the address-space limit (``ulimit -v``): a memory budget, met while loading it."""


class Plan(NamedTuple):
    """The kernel that runs the search (``None``: the Python engine), and the notes on how it
    runs. ``traced_not_compiled``: a kernel would have run but for the trace (a hint says so
    when the time runs out)."""

    kernel: Kernel | None
    notes: tuple[str, ...] = ()
    traced_not_compiled: bool = False

    @property
    def engine(self) -> str:
        return "python" if self.kernel is None else "compiled"

    def prepare(self) -> None:
        """The kernel's setup (``kernels.Prepared``: its tables packed, its machine code
        loaded), done before the search's clock starts; may stop with ``LimitHit``."""
        prepare = getattr(self.kernel, "prepare", None)
        if prepare is not None:
            prepare()


def check_engine(engine: str) -> None:
    if engine not in ENGINES:
        raise InputError(
            "unknown engine {engine!r}; choose from {choices}",
            engine=engine,
            choices=", ".join(ENGINES),
        )


def plan(problem: object, resolved: Resolved, engine: str) -> Plan:
    """The engine for ``resolved`` on ``problem`` (``engine``: ``auto``, ``python`` or
    ``compiled``, which fails in one line when no kernel fits). Making a kernel may load or
    build its tables: ``LimitHit`` when a budget stops them."""
    algo, h, recorder = resolved.algorithm, resolved.heuristic, resolved.options.trace
    if engine == "compiled" and not COMPILER:
        raise InputError("the compiled engine needs numba, which this Python does not have")
    offered = advice(problem)
    find_kernel = offered.compiled if engine != "python" and COMPILER else None
    own_h = find_kernel is not None and algo.uses_heuristic and not is_builtin(problem, h)
    # The compiled best-first searches order ties as ``classic`` does, and only so, but those
    # of compiled slots (``compiled_problem``), which take the policies they name.
    ties = offered.compiled_tie_breaks
    compiled_ties = ties or ("classic",)
    tie_break = resolved.options.tie_break
    if own_h or (tie_break not in compiled_ties and algo.orders_ties):
        find_kernel = None
    if recorder is not None and engine == "compiled":
        raise InputError("a traced search runs on the Python engine; leave --engine auto")
    kernel = None
    if find_kernel is not None:
        policy = {"tie_break": tie_break} if ties else {}
        weight, required = resolved.options.weight, engine == "compiled"
        kernel = _made(find_kernel, algo.name, h.name, weight, required, policy)
    if recorder is not None:
        recorder.attach(problem, h.fn if algo.uses_heuristic else ZERO.fn)  # the search's h
        if kernel is not None:
            note = Note("traced on the Python engine: the compiled kernel does not trace")
            return Plan(None, (note,), traced_not_compiled=True)
        return Plan(None)
    if kernel is None:
        if engine == "compiled":
            raise _no_kernel(resolved, own_h, compiled_ties)
        return Plan(None)
    return Plan(kernel, (offered.compiled_ida_counts,) if algo.name == "idastar" else ())


def _made(
    find_kernel: Any,
    algorithm: str,
    heuristic: str,
    weight: float,
    required: bool,
    policy: dict[str, str],
) -> Kernel | None:
    """The domain's kernel for (algorithm, heuristic, weight), or ``None``; a library the
    address-space limit leaves no room for is a memory budget's stop, not a traceback."""
    try:
        kernel: Kernel | None = find_kernel(algorithm, heuristic, weight, required, **policy)
    except OSError as err:  # llvmlite's library, mapped when a kernel is first made
        if address_space_cap() is None:
            raise
        detail = "its library could not be mapped within the address-space limit (ulimit -v)"
        raise CompilerUnmapped(
            LimitKind.MEMORY, f"{detail}; --engine python needs none ({err})"
        ) from err
    return kernel


def _no_kernel(resolved: Resolved, own_h: bool, ties: tuple[str, ...]) -> InputError:
    algo, tie_break = resolved.algorithm, resolved.options.tie_break
    if algo.orders_ties and tie_break not in ties:
        return InputError(
            "the compiled engine orders ties by {ties} only: --tie-break {tie_break} runs on "
            "the Python engine (--engine auto or python)",
            ties=" or ".join(ties),
            tie_break=tie_break,
        )
    if not algo.uses_heuristic:
        return InputError("no compiled kernel for {algorithm} on this problem", algorithm=algo.name)
    return InputError(
        "no compiled kernel for {algorithm} with {heuristic} on this problem",
        algorithm=algo.name,
        # The template is the one for any missing kernel (the web translates each template).
        heuristic="a heuristic of one's own (only the built-in heuristics are compiled)"
        if own_h
        else resolved.heuristic.name,
    )
