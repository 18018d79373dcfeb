"""A text file a user names for the batch runner (a maze, a tilt board, a problem's code):
UTF-8, capped in size, every failure one line."""

from __future__ import annotations

from pathlib import Path

from .errors import InputError


def read_capped(path: Path, shown: object, limit: int) -> str:
    """The text of ``path`` (named ``shown`` in a message), at most ``limit`` bytes."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
        if len(data) > limit:
            raise InputError("{file} is larger than {limit} MiB", file=shown, limit=limit >> 20)
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        why = getattr(err, "strerror", None) or "not UTF-8 text"
        raise InputError("cannot read {file}: {why}", file=shown, why=why) from None
