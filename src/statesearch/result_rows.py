"""Result rows as files: JSON lines (the default) or CSV (a file named ``*.csv``), and read back
by ``statesearch.read_results``.

A CSV row is a result row flattened: ``stats`` and ``provenance`` (and its ``machine``) give a
column per field, named with dots (``stats.expanded``, ``provenance.machine.cores``). A batch's
rows, written as they come, have a fixed order of columns (``BATCH_COLUMNS``), the last,
``extra``, a JSON object of any field no other column names; a bench's, written at the end, a
column for each field of its rows, in the order they first appear. Each cell is the value's
JSON (a list, a number, ``true``), except a text, written as it is unless it would read back
as something else (``"7"``, a text with a line break: then its JSON); an empty cell is ``None``
or an empty text (read back as ``None``). So every row is one line, and a CSV file reads back
as the rows of the JSON lines of the same results, an empty text as ``None``.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .errors import InputError
from .outputs import write_output

Row = dict[str, Any]
NESTED = ("stats", "provenance", "provenance.machine")  # dicts given a column per field
EXTRA = "extra"
PROVENANCE_COLUMNS = [
    "provenance." + name
    for name in (
        "statesearch", "commit", "python", "numpy", "numba",
        "machine.cpu", "machine.cores", "machine.memory", "machine.system", "machine.arch",
        "machine.host", "started", "command", "spec", "cpu_s", "wall_s", "peak_memory",
        "peak_memory_of",
    )
]  # fmt: skip
BATCH_COLUMNS = [
    "id", "problem", "status", "length", "cost", "expected", "correct", "optimal",
    "algorithm", "heuristic", "weight", "tie_break", "engine", "limit", "proof",
    "stats.expanded", "stats.pushed", "stats.generated", "stats.max_frontier",
    "stats.elapsed_s", "cpu_s", "wall_s", "worker", "instance",
    "reason", "choice", "hint", "note", "moves", "actions", "start", "goal", "path",
    "rows", "cols", "connectivity", "corners", "map", "bucket",
    "stats.iterations", "stats.layers", "stats.improvements",
    *PROVENANCE_COLUMNS, EXTRA,
]  # fmt: skip


def is_csv(path: Path) -> bool:
    return path.suffix.lower() == ".csv"


def flatten(row: Mapping[str, Any]) -> Row:
    """``row`` with each dict of ``NESTED`` spread into dotted columns."""
    flat: Row = {}

    def spread(prefix: str, value: Any) -> None:
        if prefix in NESTED and isinstance(value, Mapping):
            for key, inner in value.items():
                spread(f"{prefix}.{key}", inner)
        else:
            flat[prefix] = value

    for key, value in row.items():
        spread(key, value)
    return flat


def unflatten(flat: Mapping[str, Any]) -> Row:
    """The row ``flatten`` made ``flat`` from (``extra``'s fields put back)."""
    row: Row = {}
    extra = flat.get(EXTRA)
    pairs = [(k, v) for k, v in flat.items() if k != EXTRA]
    pairs += list(extra.items()) if isinstance(extra, Mapping) else []
    for name, value in pairs:
        parts = name.split(".")
        nested = len(parts) > 1 and ".".join(parts[:-1]) in NESTED
        place = row
        for part in parts[:-1] if nested else []:
            place = place.setdefault(part, {})
        place[parts[-1] if nested else name] = value
    return row


def cell(value: Any) -> str:
    """A value as one CSV cell (see the module's note)."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        plain = value and value == value_of(value) and value.isprintable()
        return value if plain else json.dumps(value)
    return json.dumps(value, separators=(",", ":"))


def value_of(text: str) -> Any:
    """What ``cell`` wrote ``text`` for."""
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text


def csv_line(cells: Iterable[str]) -> str:
    """One CSV line (quoted as the ``csv`` module quotes; ends in a line break)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(cells)
    return out.getvalue()


def row_cells(row: Mapping[str, Any], columns: list[str]) -> list[str]:
    """``row``'s cells under ``columns``; what no column names goes into ``extra`` (when
    ``columns`` has it)."""
    flat = flatten(row)
    rest = {k: v for k, v in flat.items() if k not in columns}
    if rest and EXTRA in columns:
        flat[EXTRA] = rest
    return [cell(flat.get(name)) for name in columns]


def csv_text(rows: list[Row]) -> str:
    """Whole rows as a CSV file's text, header first: a column for each field, in the order
    the fields first appear."""
    seen: dict[str, None] = {}
    for row in rows:
        seen.update(dict.fromkeys(flatten(row)))
    columns = list(seen)
    return csv_line(columns) + "".join(csv_line(row_cells(r, columns)) for r in rows)


def write_rows(file: Path, rows: list[Row], document: Mapping[str, Any]) -> None:
    """A bench's ``--out``: ``rows`` as CSV for a ``.csv`` file (their columns in the order the
    rows have them), else ``document`` (its summary with the rows) as JSON; whole or not at
    all."""
    if is_csv(file):
        write_output(file, csv_text(rows))
    else:
        write_output(file, json.dumps(document, indent=1))


def parse_csv_line(line: str, columns: list[str]) -> Row | None:
    """The row a CSV line (as ``row_cells`` wrote it under ``columns``) holds; ``None`` when it
    has another number of cells."""
    cells = next(csv.reader([line]), [])
    if len(cells) != len(columns):
        return None
    return unflatten({name: value_of(text) for name, text in zip(columns, cells, strict=True)})


def read_results(path: str | Path, as_frame: bool | None = None) -> Any:
    """The rows of a results file: ``batch --out`` (JSON lines or CSV), a bench's ``--out``
    (its JSON, or CSV). A list of dicts as they were written, or with ``as_frame`` (by default
    when pandas is installed) a pandas DataFrame with a column per field (``stats.expanded``,
    ``provenance.machine.cores``, as the CSV's). A torn last line (a run killed while
    writing) is left out; anything else unreadable is one ``InputError``."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8").removeprefix("\ufeff")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError("cannot read {file}: {why}", file=file, why=err) from None
    rows = _csv_rows(file, text) if is_csv(file) else _json_rows(file, text)
    if as_frame is None:
        as_frame = importlib.util.find_spec("pandas") is not None
    if not as_frame:
        return rows
    try:
        pandas = importlib.import_module("pandas")
    except ImportError:
        raise InputError("as_frame needs pandas (pip install pandas)") from None
    return pandas.DataFrame([flatten(row) for row in rows])


def _json_rows(file: Path, text: str) -> list[Row]:
    stripped = text.lstrip()
    if stripped.startswith("{") and "\n" in stripped.rstrip():
        try:  # a bench's --out: one JSON object, its rows in "rows"
            document = json.loads(text)
        except ValueError:
            document = None
        if isinstance(document, dict) and isinstance(document.get("rows"), list):
            return list(document["rows"])
    lines = text.split("\n")
    rows = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            if number == len(lines):  # no line break after it: torn
                continue
            raise InputError("{file} line {line} is not JSON", file=file, line=number) from None
        if not isinstance(row, dict):
            raise InputError("{file} line {line} is not a row", file=file, line=number)
        rows.append(row)
    return rows


def _csv_rows(file: Path, text: str) -> list[Row]:
    lines = text.split("\n")
    columns = next(csv.reader(lines[:1]), [])
    if not columns:
        return []
    rows = []
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        row = parse_csv_line(line, columns)
        if row is None:
            if number == len(lines):  # torn
                continue
            raise InputError(
                "{file} line {line} does not have the header's {count} cells",
                file=file,
                line=number,
                count=len(columns),
            )
        rows.append(row)
    return rows
