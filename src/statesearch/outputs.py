"""Files a command writes when its work is done (``--json``, ``--plot``), checked before the
work starts: finding out after an hour of solving that the directory does not exist loses the
hour."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from .errors import InputError
from .text_files import check_regular


def check_output(file: Path) -> None:
    """Refuse, in one line, a file that could not be written later: a pipe or a device
    (``text_files.is_special``), a directory, a folder that does not exist, or a file that
    cannot be opened for writing (permissions, a read-only disk, a name too long), found by
    opening it (a file made to find out is removed again; one that exists is not changed)."""
    check_regular(file, file, writing=True)
    try:
        if file.is_dir():
            raise InputError("cannot write {file}: it is a directory", file=file)
        if not file.parent.is_dir():
            raise InputError("cannot write {file}: no such directory", file=file)
        existed = os.path.lexists(file)
        # O_NONBLOCK: a pipe nobody reads fails at once (ENXIO) instead of waiting for one.
        fd = os.open(file, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0))
        os.close(fd)
        if not existed:
            file.unlink(missing_ok=True)
    except OSError as err:
        raise InputError("cannot write {file}: {why}", file=file, why=err.strerror or err) from None


@contextlib.contextmanager
def written_in_place(file: Path) -> Iterator[IO[str]]:
    """A text file written beside ``file`` and put in its place when the block ends: a command
    refused on the way (an ``InputError``) or a failed write leaves ``file`` as it was, with no
    empty or partial file where it was; a limit or an interrupt keeps what was written. A device
    or a pipe is refused (``check_output``)."""
    check_output(file)
    target = file.with_name(f".{file.name}.partial")
    try:
        out = open(target, "w", encoding="utf-8")  # noqa: SIM115 (closed by the with below)
    except OSError as err:
        raise InputError("cannot write {file}: {why}", file=file, why=err.strerror or err) from None
    try:
        with out:
            yield out
    except (InputError, OSError):  # refused, or a write failed (a full disk): nothing to keep
        target.unlink(missing_ok=True)
        raise
    finally:
        if target.exists():
            os.replace(target, file)


def write_output(file: Path, text: str) -> None:
    """``text`` written to ``file`` whole or not at all (a full disk leaves no empty or partial
    file behind); a failure is one line."""
    try:
        with written_in_place(file) as out:
            out.write(text)
    except OSError as err:
        raise InputError("cannot write {file}: {why}", file=file, why=err.strerror or err) from None


def write_whole(file: Path, write: Callable[[Path], None]) -> None:
    """``write(path)`` makes the file at a path beside ``file``, put in its place once it is
    whole: a failure (a full disk) leaves no empty or partial file, and is one line."""
    partial = file.with_name(f".{file.name}.partial")
    try:
        write(partial)
        os.replace(partial, file)
    except OSError as err:
        partial.unlink(missing_ok=True)
        raise InputError("cannot write {file}: {why}", file=file, why=err.strerror or err) from None
