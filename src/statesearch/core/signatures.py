"""Whether a problem's methods can take what the engine passes them (``def successors(self):``
is the most common slip): read once a class, then remembered.

``check_problem`` calls ``check_signatures`` on every ``solve``; a short grid query's whole
``solve()`` takes tens of microseconds, so what passed is kept, per function (``_PASSED``) and
per class (``_CLASS_PASSED``), and never lets a wrong signature through: a method set on the
instance, replaced on the class, or given by a property or a ``__getattr__`` is read again."""

from __future__ import annotations

import inspect
import itertools
import types
import weakref
from collections.abc import Callable
from typing import Any

from ..errors import InputError

# What the engine passes each method it calls (its parameters after ``self``).
SIGNATURES = {
    "is_goal": "state",
    "successors": "state",
    "predecessors": "state",
    "heuristic": "state",
    "backward_heuristic": "state",
    "render": "state",
    "unsolvable_reason": "",
    "choose_algorithm": "heuristic",
    "limit_hint": "algorithm, heuristic, kind",
}


# The functions whose signature passed, with the names it passed under: a class's methods are
# read once (``inspect.signature`` was half of a short grid query's ``solve()``). Keyed by a
# weak reference, as a ``WeakKeyDictionary`` keys it, but looked up without its ``get``, a
# call in Python per method and query.
_PASSED: dict[weakref.ref[Callable[..., Any]], set[str]] = {}
_NOT_PASSED: frozenset[str] = frozenset()


def _forget(key: weakref.ref[Callable[..., Any]]) -> None:
    _PASSED.pop(key, None)


# The classes whose every method in SIGNATURES passed, with what the class held under each
# name (and its ``__getattr__`` and ``__getattribute__``) then: a problem of such a class is
# not looked at again while the class holds the same and the instance sets none of the names.
# Only plain functions (or nothing) count: a property may give each instance its own.
_CLASS_PASSED: dict[weakref.ref[type], tuple[object, ...]] = {}
_LOOKED_UP = (*SIGNATURES, "__getattr__", "__getattribute__")
_SIGNATURE_NAMES = frozenset(SIGNATURES)


def _forget_class(key: weakref.ref[type]) -> None:
    _CLASS_PASSED.pop(key, None)


def _held(kind: type) -> tuple[object, ...]:
    """What ``kind`` holds under each name of ``_LOOKED_UP`` (``None``: nothing)."""
    count = len(_LOOKED_UP)
    return tuple(map(getattr, itertools.repeat(kind, count), _LOOKED_UP, itertools.repeat(None)))


def _plain(held: tuple[object, ...]) -> bool:
    """Whether a problem's methods are what its class ``held``, the same for every instance:
    functions (or nothing), with no ``__getattr__`` and ``object``'s ``__getattribute__``."""
    *methods, getattr_hook, getattribute = held
    return (
        getattr_hook is None
        and getattribute is object.__getattribute__
        and all(m is None or isinstance(m, types.FunctionType) for m in methods)
    )


def check_signatures(problem: object) -> None:
    """Fail early, naming the method and the signature expected, when a method the engine calls
    cannot take what it is given (``def successors(self):``, the most common slip): called, it
    raises a ``TypeError`` from no line of the problem's own."""
    kind = type(problem)
    held = _held(kind)
    own = getattr(problem, "__dict__", None)
    unset = not own or _SIGNATURE_NAMES.isdisjoint(own)  # nothing set on the instance
    if unset and _CLASS_PASSED.get(weakref.ref(kind)) == held:
        return
    _check_each(problem)
    if unset and _plain(held):
        _CLASS_PASSED[weakref.ref(kind, _forget_class)] = held


def _check_each(problem: object) -> None:
    """``check_signatures``, method by method (each function remembered once it passed)."""
    for name, params in SIGNATURES.items():
        method = getattr(problem, name, None)
        if method is None or not callable(method):
            continue  # absent (optional), or not a method: the slot's own check says so
        # A bound method's signature is its function's, less the first parameter.
        function = getattr(method, "__func__", None)
        if function is not None and name in _PASSED.get(weakref.ref(function), _NOT_PASSED):
            continue
        try:
            signature = inspect.signature(method)
        except (TypeError, ValueError):  # a builtin or C function without one: trusted
            continue
        try:
            signature.bind(*(params.split(", ") if params else ()))
        except TypeError:
            expected = ", ".join(["self", params] if params else ["self"])
            raise InputError(
                "{place}: {problem}",
                place=f"the problem's {name}",
                problem=f"write it def {name}({expected}); it is def {name}{_as_method(signature)}",
            ) from None
        if function is not None:
            _PASSED.setdefault(weakref.ref(function, _forget), set()).add(name)


def _as_method(signature: inspect.Signature) -> str:
    """A bound method's signature as it was written, ``self`` put back."""
    text = str(signature)
    return "(self" + (", " + text[1:] if text != "()" else ")")
