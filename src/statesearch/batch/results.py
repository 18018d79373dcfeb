"""The results file: one JSON line per finished instance, each written whole or not at all.

A line goes to the file in one ``write`` on a descriptor opened for appending, as soon as its
instance finishes, so an interrupted run (Ctrl-C, a killed worker, a lost scheduler) keeps
every line it wrote. A run killed in the middle of a write can leave at most a torn last
line; ``--resume`` drops it (and says so) and skips every id already in the file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import InputError


class ResultsFile:
    """Appends result lines to ``path``; with ``resume``, continues the file that is there."""

    def __init__(self, path: Path, resume: bool, log: Callable[[str], None] = print) -> None:
        self.path = path
        self.done: dict[Any, dict[str, Any]] = {}  # id -> its line, for lines already there
        if path.exists() and not resume and path.stat().st_size:
            raise InputError(
                "{file} already holds results: --resume continues it, or choose another --out",
                file=path,
            )
        if resume and path.exists():
            self._read(log)
        try:
            self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as err:
            raise InputError("cannot write {file}: {why}", file=path, why=err.strerror) from None

    def _read(self, log: Callable[[str], None]) -> None:
        try:
            data = self.path.read_bytes()
        except OSError as err:
            raise InputError(
                "cannot read {file}: {why}", file=self.path, why=err.strerror
            ) from None
        whole = data[: data.rfind(b"\n") + 1]
        if len(whole) < len(data):
            log(f"{self.path}: dropping a torn last line ({len(data) - len(whole)} bytes)")
            os.truncate(self.path, len(whole))
        for number, line in enumerate(whole.decode("utf-8", "replace").splitlines(), 1):
            try:
                row = json.loads(line)
                self.done[row["id"]] = row
            except (ValueError, KeyError, TypeError):
                raise InputError(
                    "{file} line {line} is not a result line: not a results file?",
                    file=self.path,
                    line=number,
                ) from None

    def write(self, row: dict[str, Any]) -> None:
        """Append one line, whole (a short write is finished before anything else is)."""
        data = (json.dumps(row, separators=(",", ":")) + "\n").encode()
        while data:
            data = data[os.write(self.fd, data) :]

    def close(self) -> None:
        os.close(self.fd)
