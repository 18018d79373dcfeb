"""The results file: one line per finished instance, each written whole or not at all: a JSON
line, or for a file named ``*.csv`` a CSV line under a header (``result_rows.BATCH_COLUMNS``).

A line goes to the file in one ``write`` on a descriptor opened for appending, as soon as its
instance finishes, so an interrupted run (Ctrl-C, a killed worker, a lost scheduler) keeps
every line it wrote. A run killed in the middle of a write can leave at most a torn last
line; ``--resume`` drops it (and says so), drops a damaged or repeated line the same way, and
skips every instance already in the file: a line is matched with its instance by the id and
the instance's ``fingerprint``, and a file whose line for an id is for another instance is
refused.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..core.domain import Spec
from ..core.result import Status
from ..errors import InputError
from ..result_rows import BATCH_COLUMNS, csv_line, is_csv, parse_csv_line, row_cells
from ..text_files import check_regular, json_value
from .spec import fingerprint

STATUSES = {status.value for status in Status}
LINE_START = b'{"id":'  # how every line of ours begins (``worker.run_instance`` puts id first)
CSV_HEADER = csv_line(BATCH_COLUMNS)
Row = dict[str, Any]


def result_line(line: str, csv: bool = False) -> Row | None:
    """The row a line holds if it is one of ours, usable or damaged: a JSON object that begins
    with its id (or a CSV line of ``BATCH_COLUMNS``) and names the worker that wrote it (no
    instance has a worker); else ``None``."""
    if csv:
        row = parse_csv_line(line, BATCH_COLUMNS)
        return row if row is not None and "worker" in row else None
    try:
        row = json_value(line)
    except ValueError:
        return None
    ours = isinstance(row, dict) and line.startswith(LINE_START.decode()) and "worker" in row
    return row if ours else None


def usable(row: Row) -> bool:
    """Whether a row of ours holds all that ``--resume`` and the summary use: an id, the
    instance it is for, a status, the counters, the seconds, a solved one's length and cost, a
    wrong one's expected cost (``worker.run_instance``)."""
    stats = row.get("stats")
    named = isinstance(row.get("id"), int | str) and not isinstance(row.get("id"), bool)
    counted = isinstance(stats, dict) and all(
        isinstance(stats.get(k), int) for k in ("expanded", "pushed", "generated")
    )
    timed = all(isinstance(row.get(k), int | float) for k in ("cpu_s", "wall_s"))
    answered = row.get("status") != "solved" or (
        isinstance(row.get("length"), int) and isinstance(row.get("cost"), int | float)
    )
    checked = row.get("correct") in (True, None) or (
        row.get("correct") is False and isinstance(row.get("expected"), int | float)
    )
    return (
        named
        and isinstance(row.get("instance"), str)
        and row.get("status") in STATUSES
        and counted
        and timed
        and answered
        and checked
    )


class ResultsFile:
    """Appends result lines to ``path``; with ``resume``, continues the file that is there,
    for the instances ``specs``."""

    def __init__(
        self,
        path: Path,
        resume: bool,
        specs: Iterable[Spec] = (),
        log: Callable[[str], None] = print,
    ) -> None:
        self.path = path
        self.csv = is_csv(path)
        self.done: dict[Any, Row] = {}  # id -> its row, for instances of ``specs`` already done
        self.count = 0  # result lines in the file
        check_regular(path, path, writing=True)  # /dev/full read 3.8 GB; a pipe, for ever
        if path.exists() and not resume and path.stat().st_size:
            raise InputError(
                "{file} already holds results: --resume continues it, or choose another --out",
                file=path,
            )
        if resume and path.exists():
            self._read({spec["id"]: fingerprint(spec) for spec in specs}, log)
        try:
            self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as err:
            raise InputError("cannot write {file}: {why}", file=path, why=err.strerror) from None
        if self.csv and not os.fstat(self.fd).st_size:
            self._append(CSV_HEADER.encode())

    def _read(self, wanted: dict[Any, str], log: Callable[[str], None]) -> None:
        """Every whole line must be blank or ours, a torn tail the start of one, and a row for
        an id of ``wanted`` for that instance, before anything is cut: a file given by mistake
        (the input, notes) or for other instances is refused untouched. A damaged row, or one
        for an id seen before, is dropped, so its instance is done again, never taken as done."""
        try:
            with self.path.open("rb") as file:  # no more than it holds now: a bound
                data = file.read(os.fstat(file.fileno()).st_size)
        except OSError as err:
            raise InputError(
                "cannot read {file}: {why}", file=self.path, why=err.strerror
            ) from None
        whole = data[: data.rfind(b"\n") + 1]
        rows: dict[Any, Row] = {}
        kept: list[str] = []
        dropped: list[int] = []
        lines = whole.decode("utf-8", "replace").split("\n")[:-1]
        if self.csv and lines and lines[0] + "\n" != CSV_HEADER:
            raise InputError(
                "{file} does not begin with the header of a batch's CSV results (another "
                "statesearch's, or not a results file?): choose another --out",
                file=self.path,
            )
        for number, line in enumerate(lines, 1):
            if not line.strip() or (self.csv and number == 1):
                continue
            row = result_line(line, self.csv)
            if row is None:
                raise InputError(
                    "{file} line {line} is not a result line: not a results file?",
                    file=self.path,
                    line=number,
                )
            if not usable(row) or row["id"] in rows:
                dropped.append(number)
                continue
            rows[row["id"]] = row
            kept.append(line)
        torn = data[len(whole) :]
        ours = self.csv or torn.startswith(LINE_START) or LINE_START.startswith(torn)
        if torn and not ours:
            raise InputError(
                "{file} ends in a line that is not the start of a result line: not a results file?",
                file=self.path,
            )
        for key, row in rows.items():
            if key in wanted and row["instance"] != wanted[key]:
                raise InputError(
                    "{file} holds a result for the id {id!r} of another instance (its board, "
                    "file or options changed): remove that line or choose another --out",
                    file=self.path,
                    id=key,
                )
        if torn:
            log(f"{self.path}: dropping a torn last line ({len(torn)} bytes)")
        if dropped:
            where = ", ".join(map(str, dropped[:5])) + (", ..." if len(dropped) > 5 else "")
            log(f"{self.path}: dropping {len(dropped)} damaged or repeated lines ({where})")
            self._rewrite(kept)
        elif torn:
            os.truncate(self.path, len(whole))
        self.done = {key: row for key, row in rows.items() if key in wanted}
        self.count = len(kept)

    def _rewrite(self, lines: list[str]) -> None:
        """Replace the file by ``lines`` at once: a crash leaves the old file or the new one
        (not ``outputs.written_in_place``, which keeps a partial file when interrupted)."""
        spare = self.path.with_name(self.path.name + ".partial")
        try:
            with spare.open("w", encoding="utf-8") as file:
                file.write(CSV_HEADER if self.csv else "")
                file.writelines(line + "\n" for line in lines)
                file.flush()
                os.fsync(file.fileno())
            os.replace(spare, self.path)
        except OSError as err:
            raise InputError(
                "cannot write {file}: {why}", file=self.path, why=err.strerror
            ) from None

    def write(self, row: dict[str, Any]) -> None:
        """Append one line, whole."""
        if self.csv:
            line = csv_line(row_cells(row, BATCH_COLUMNS))
        else:
            line = json.dumps(row, separators=(",", ":")) + "\n"
        self._append(line.encode())
        self.count += 1

    def _append(self, data: bytes) -> None:
        """``data`` appended (a short write is finished before anything else is)."""
        try:
            while data:
                data = data[os.write(self.fd, data) :]
        except OSError as err:  # a full disk: the lines written so far are whole
            raise InputError(
                "cannot write {file}: {why}", file=self.path, why=err.strerror
            ) from None

    def close(self) -> None:
        os.close(self.fd)
