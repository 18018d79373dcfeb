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
from ..result import Status

STATUSES = {status.value for status in Status}
LINE_START = b'{"id":'  # how every line of ours begins (``worker.run_instance`` puts id first)


def result_line(line: str) -> dict[str, Any] | None:
    """The row a whole line holds if it is one of ours: an id, a status, the counters and the
    seconds the summary adds up (``worker.run_instance``); else ``None``."""
    try:
        row = json.loads(line)
    except ValueError:
        return None
    if not isinstance(row, dict) or not line.startswith(LINE_START.decode()):
        return None
    stats = row.get("stats")
    counted = isinstance(stats, dict) and all(
        isinstance(stats.get(k), int) for k in ("expanded", "pushed", "generated")
    )
    timed = all(isinstance(row.get(k), int | float) for k in ("cpu_s", "wall_s"))
    checked = row.get("correct") is not False or {"expected", "length"} <= row.keys()
    return row if row.get("status") in STATUSES and counted and timed and checked else None


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
        """Every whole line must be a result line, and a torn tail the start of one, before
        anything is cut: a file given by mistake (the input, notes) is refused untouched."""
        try:
            data = self.path.read_bytes()
        except OSError as err:
            raise InputError(
                "cannot read {file}: {why}", file=self.path, why=err.strerror
            ) from None
        whole = data[: data.rfind(b"\n") + 1]
        for number, line in enumerate(whole.decode("utf-8", "replace").splitlines(), 1):
            row = result_line(line)
            if row is None:
                raise InputError(
                    "{file} line {line} is not a result line: not a results file?",
                    file=self.path,
                    line=number,
                )
            self.done[row["id"]] = row
        torn = data[len(whole) :]
        if torn and not (torn.startswith(LINE_START) or LINE_START.startswith(torn)):
            raise InputError(
                "{file} ends in a line that is not the start of a result line: not a results file?",
                file=self.path,
            )
        if torn:
            log(f"{self.path}: dropping a torn last line ({len(torn)} bytes)")
            os.truncate(self.path, len(whole))

    def write(self, row: dict[str, Any]) -> None:
        """Append one line, whole (a short write is finished before anything else is)."""
        data = (json.dumps(row, separators=(",", ":")) + "\n").encode()
        try:
            while data:
                data = data[os.write(self.fd, data) :]
        except OSError as err:  # a full disk: the lines written so far are whole
            raise InputError(
                "cannot write {file}: {why}", file=self.path, why=err.strerror
            ) from None

    def close(self) -> None:
        os.close(self.fd)
