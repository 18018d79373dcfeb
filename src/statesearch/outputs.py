"""Files a command writes when its work is done (``--json``, ``--plot``), checked before the
work starts: finding out after an hour of solving that the directory does not exist loses the
hour."""

from __future__ import annotations

from pathlib import Path

from .errors import InputError


def check_output(file: Path) -> None:
    """Refuse, in one line, a file that could not be written later."""
    if file.is_dir():
        raise InputError("cannot write {file}: it is a directory", file=file)
    if not file.parent.is_dir():
        raise InputError("cannot write {file}: no such directory", file=file)
