"""Files a command writes when its work is done (``--json``, ``--plot``), checked before the
work starts: finding out after an hour of solving that the directory does not exist loses the
hour."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from .errors import InputError


def check_output(file: Path) -> None:
    """Refuse, in one line, a file that could not be written later."""
    if file.is_dir():
        raise InputError("cannot write {file}: it is a directory", file=file)
    if not file.parent.is_dir():
        raise InputError("cannot write {file}: no such directory", file=file)


@contextlib.contextmanager
def written_in_place(file: Path) -> Iterator[IO[str]]:
    """A text file written beside ``file`` and put in its place when the block ends: a command
    refused on the way (an ``InputError``) or a failed write leaves ``file`` as it was, with no
    empty or partial file where it was; a limit or an interrupt keeps what was written. A device
    or a pipe (``/dev/stdout``) is written to as it is."""
    check_output(file)
    special = file.exists() and not file.is_file()
    target = file if special else file.with_name(f".{file.name}.partial")
    try:
        out = open(target, "w", encoding="utf-8")  # noqa: SIM115 (closed by the with below)
    except OSError as err:
        raise InputError("cannot write {file}: {why}", file=file, why=err.strerror or err) from None
    try:
        with out:
            yield out
    except (InputError, OSError):  # refused, or a write failed (a full disk): nothing to keep
        if not special:
            target.unlink(missing_ok=True)
        raise
    finally:
        if not special and target.exists():
            os.replace(target, file)
