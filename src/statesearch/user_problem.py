"""A problem of your own, named for the command line and the batch runner as ``FILE.py:NAME``
(a Python file) or ``MODULE:NAME`` (an importable module). ``NAME`` is a problem object, or a
class or function that makes one, called with the arguments given (``--arg a=5``, or a batch
line's ``args``) or none.

Loading a file runs it, as ``python FILE.py`` would (under a module name of its own, so that
``if __name__ == "__main__":`` blocks stay out). A batch reads the file once (``read_source``)
and sends its text with every instance, so that a worker runs that code wherever it is, with
no copy of the file at the same path. Everything that goes wrong is one line: a
reference that names nothing, a file that raises while it loads, an object that is no problem,
and an error the problem's own code raises during a search (``raised_by``), which names the
line of the user's file it came from.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib
import sys
import sysconfig
import traceback
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from .core.limits import LimitHit, active_meter
from .core.problem import check_problem
from .errors import InputError
from .overdue import stopped_when_overdue
from .text_files import TooDeep, json_value, read_capped

# What the user's code may raise that is its own mistake: any error, and the two exits that are
# no error (``sys.exit(3)`` while the file loads would end the command with exit 3, read as
# "unsolvable"; ``GeneratorExit`` printed a traceback). Ctrl-C (KeyboardInterrupt) is not the
# code's.
OWN_CODES_EXITS = (Exception, SystemExit, GeneratorExit)
MAX_SOURCE = 16 * 2**20  # bytes of a problem's file: far more than any hand-written one
_LOADED: dict[tuple[str, str], ModuleType] = {}  # a file's modules, by path and text


def load_problem(
    reference: str,
    base: Path | None = None,
    arguments: Mapping[str, Any] | None = None,
    source: str | None = None,
) -> Any:
    """The problem ``reference`` names (a file's path relative to ``base``, if given; its text
    ``source`` if given, read from the file otherwise), a class or function called with
    ``arguments`` as keywords."""
    where, colon, name = reference.rpartition(":")
    if not colon or not where or not name.isidentifier():
        raise InputError(
            "name a problem as FILE.py:NAME or MODULE:NAME, not {reference!r}",
            reference=reference[:80],
        )
    with stopped_when_overdue(active_meter()):  # its own code may never return
        return _made(where, name, base, arguments, source)


def _made(
    where: str,
    name: str,
    base: Path | None,
    arguments: Mapping[str, Any] | None,
    source: str | None,
) -> Any:
    """``load_problem``'s work on the user's code: the module run, the problem made (if a class
    or function makes it) and looked at once (``check_problem``)."""
    if not is_file_reference(where):
        module = _import(where)
    else:
        path = _path(where, base)
        module = _run(where, path, _read(where, path) if source is None else source)
    made = getattr(module, name, None)
    if made is None:
        raise InputError("{where} has no {name!r}", where=where, name=name)
    makes = isinstance(made, type) or (callable(made) and not hasattr(made, "successors"))
    if arguments and not makes:
        raise InputError(
            "{name} is a problem, not a class or function: it takes no arguments", name=name
        )
    if makes:
        try:
            made = made(**(arguments or {}))
        except LimitHit:
            raise
        except OWN_CODES_EXITS as err:
            raise InputError(
                "{name}() raised {error}: {message}",
                name=name,
                error=type(err).__name__,
                message=str(err)[:200],
            ) from None
    with blaming(made):
        check_problem(made)  # runs the problem's successors on its start
    return made


def parse_arguments(pairs: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as keyword arguments; a value is read as JSON (``5``, ``true``,
    ``[1, 2]``, ``"text"``) where it is JSON, else kept as text."""
    arguments: dict[str, Any] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip().isidentifier():
            raise InputError("an argument is NAME=VALUE, not {pair!r}", pair=pair[:80])
        try:
            arguments[name.strip()] = json_value(value)
        except TooDeep as err:
            place = f"--arg {name.strip()}"
            raise InputError("{place}: {problem}", place=place, problem=err) from None
        except ValueError:
            arguments[name.strip()] = value
    return arguments


def is_file_reference(where: str) -> bool:
    """Whether the part before ``:`` names a file (``.py``, or a path) rather than a module."""
    return where.endswith(".py") or "/" in where or "\\" in where


def resolved(reference: str, base: Path | None) -> str:
    """``reference`` with its file, if it names one, made absolute against ``base`` (a batch
    file's folder), so that a worker in another folder finds the same file."""
    where, _, name = reference.rpartition(":")
    if not where or not is_file_reference(where) or base is None or Path(where).is_absolute():
        return reference
    return f"{(base / where).resolve()}:{name}"


def read_source(reference: str, base: Path | None = None) -> str | None:
    """The text of the file ``reference`` names, or ``None`` for a module."""
    where = reference.rpartition(":")[0]
    return _read(where, _path(where, base)) if where and is_file_reference(where) else None


def _path(where: str, base: Path | None) -> Path:
    return Path(where) if base is None or Path(where).is_absolute() else base / where


def _read(where: str, path: Path) -> str:
    """The file's text, read once per version of it (a batch names it on every line)."""
    try:
        stat = path.stat()
        version = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        version = (-1, -1)  # reading it says what is wrong
    return _text_of(where, path, version)


@functools.lru_cache(maxsize=16)
def _text_of(where: str, path: Path, version: tuple[int, int]) -> str:
    return read_capped(path, where, MAX_SOURCE)


def _run(where: str, path: Path, source: str) -> ModuleType:
    """The module of a file's text, run once per process for each text."""
    filename = str(path.absolute())
    key = (filename, hashlib.blake2b(source.encode()).hexdigest())
    if key not in _LOADED:
        digest = hashlib.blake2b(filename.encode(), digest_size=6).hexdigest()
        module = ModuleType(f"statesearch_user_{path.stem}_{digest}")
        module.__file__ = filename
        sys.modules[module.__name__] = module  # dataclasses and pickling look their module up
        folder = str(path.absolute().parent)
        if folder not in sys.path:  # modules beside the file import, as when Python runs it
            sys.path.append(folder)
        try:
            exec(compile(source, filename, "exec"), module.__dict__)
        except LimitHit:
            del sys.modules[module.__name__]
            raise
        except OWN_CODES_EXITS as err:
            del sys.modules[module.__name__]
            raise _loading_failed(where, err) from None
        _LOADED[key] = module
    return _LOADED[key]


def _import(where: str) -> ModuleType:
    try:
        return importlib.import_module(where)
    except LimitHit:
        raise
    except OWN_CODES_EXITS as err:
        missing = getattr(err, "name", None) if isinstance(err, ModuleNotFoundError) else None
        if missing is not None and (where == missing or where.startswith(missing + ".")):
            raise InputError(
                "no module named {module!r} (a file is named FILE.py:NAME)", module=where
            ) from None
        raise _loading_failed(where, err) from None


def _loading_failed(where: str, err: BaseException) -> InputError:
    return InputError(
        "{file} raised {error} while loading: {message}",
        file=where,
        error=type(err).__name__,
        message=str(err)[:200],
    )


@contextlib.contextmanager
def blaming(problem: Any) -> Iterator[None]:
    """Turn an error the problem's own code raises inside the block into its one line
    (``raised_by``); anything else passes through as it is."""
    try:
        yield
    except (InputError, LimitHit):  # a limit (the watchdog's too) is no error of the problem's
        raise
    except OWN_CODES_EXITS as err:
        blamed = raised_by(problem, err)
        if blamed is None:
            raise
        raise blamed from None


def raised_by(problem: Any, err: BaseException) -> InputError | None:
    """An error the problem's own code raised during a search, in one line: what, and the
    deepest line of the user's code it passed through (the problem's file, or a module it
    imports: not statesearch, not Python's or an installed package's), for the search did not
    fail: the problem did; ``None`` when it passed through no such line."""
    home = getattr(sys.modules.get(type(problem).__module__), "__file__", None)
    frames = traceback.extract_tb(err.__traceback__)
    own = Path(home) if home is not None else None
    mine = [f for f in frames if Path(f.filename) == own or _users(f.filename)]
    if not mine:
        return None
    return InputError(
        "the problem raised {error}: {message} ({file}, line {line}, in {function})",
        error=type(err).__name__,
        message=str(err)[:200],
        file=Path(mine[-1].filename).name,
        line=mine[-1].lineno,
        function=mine[-1].name,
    )


# Where code that is not the user's lives: this package, Python's library, installed packages.
_NOT_USERS = tuple(
    {
        str(Path(__file__).resolve().parent),
        *(sysconfig.get_paths()[k] for k in ("stdlib", "purelib", "platlib")),
    }
)


def _users(filename: str) -> bool:
    """Whether a traceback's file is the user's own code (a real file outside ``_NOT_USERS``)."""
    if filename.startswith("<"):
        return False
    return not str(Path(filename).resolve()).startswith(_NOT_USERS)
