"""A text file a user names for the batch runner (a maze, a tilt board, a problem's code):
UTF-8, capped in size, every failure one line, and never a pipe or a device (``is_special``:
every file a command reads or writes is asked); and JSON a user writes (``--arg``, a batch
line), nested no deeper than anything needs."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

from .errors import InputError

NOT_REGULAR = "not a regular file (a pipe, a device or a socket)"


def is_special(path: Path) -> bool:
    """Whether ``path`` is there and is neither a regular file nor a folder: a named pipe, a
    device, a socket. Opening a pipe nobody writes to (or reads from) waits for ever, and a
    device never ends (``/dev/zero``) or never takes a byte (``/dev/full``): no file a command
    reads or writes may be one (a command that takes a stream names it ``-``)."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):  # missing, or a name the system refuses: opening it says
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def check_regular(path: Path, shown: object, writing: bool = False) -> None:
    """Refuse ``path`` (named ``shown``) in one line if it is special (``is_special``)."""
    if is_special(path):
        raise InputError(
            "cannot write {file}: {why}" if writing else "cannot read {file}: {why}",
            file=shown,
            why=NOT_REGULAR,
        )


def read_capped(path: Path, shown: object, limit: int) -> str:
    """The text of ``path`` (named ``shown`` in a message), at most ``limit`` bytes."""
    check_regular(path, shown)
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
        if len(data) > limit:
            raise InputError("{file} is larger than {limit} MiB", file=shown, limit=limit >> 20)
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        why = getattr(err, "strerror", None) or "not UTF-8 text"
        raise InputError("cannot read {file}: {why}", file=shown, why=why) from None


# Bytes of a maze, a map, a tilt board or a batch's file: a 5000x5000 maze is 25 MB.
MAX_PUZZLE_FILE = 64 * 2**20


def read_beside(path: Path, base: Path | None) -> str:
    """A puzzle file's text (``read_capped`` at ``MAX_PUZZLE_FILE``), a relative ``path`` read
    from ``base`` (the folder of the batch file that names it)."""
    where = path if path.is_absolute() or base is None else base / path
    return read_capped(where, where, MAX_PUZZLE_FILE)


MAX_NESTING = 100  # levels of lists and objects in a user's JSON: a grid needs 2


class TooDeep(ValueError):
    """JSON nested deeper than ``MAX_NESTING`` levels (a ``ValueError``, as JSON that does not
    parse; the caller says where it was, in its own one line)."""


def json_value(text: str) -> Any:
    """``json.loads(text)``, refusing JSON nested deeper than ``MAX_NESTING`` levels
    (``TooDeep``): Python's decoder recurses and ends in a ``RecursionError`` near 1,000, and
    whatever walks the value later recurses too."""
    try:
        value = json.loads(text)
    except RecursionError:
        value, deepest = None, MAX_NESTING + 1
    else:
        deepest = _nesting(value)
    if deepest > MAX_NESTING:
        raise TooDeep(f"nested deeper than {MAX_NESTING} levels")
    return value


def _nesting(value: Any) -> int:
    """How deep lists and objects lie in ``value`` (stopping past ``MAX_NESTING``), counted
    without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack and deepest <= MAX_NESTING:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            stack.extend((inner, depth + 1) for inner in item)
    return deepest
