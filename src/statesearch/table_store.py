"""Tables in the cache directory, every kind in one format: one ``.npy`` per table with a
``.json`` beside it holding what the table is (its parameters, shape, type, format version)
and a blake2b checksum. The n-puzzle's pattern databases, the cube's distance tables (Korf's,
the 2x2x2's) and the coset table are all kept, loaded and verified here.

A table whose metadata (not JSON, not an object, made for other parameters), ``.npy`` header
(its shape and type are read and checked against what the table must be before anything is
allocated: one changed digit would ask for terabytes), size or checksum does not match is
reported in one line and built again, or refused; never used. One that cannot be written (a
read-only or full cache) is kept in memory, so only the next process pays for it again. Writes
are atomic (``cache.write_or_keep``).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from .cache import cache_dir, cached_text, is_dir, npy_header, npy_mismatch, write_or_keep
from .core.limits import reserve

FORMAT_VERSION = 1
Log = Callable[[str], None]
Shape = tuple[int, ...]
_CHUNK = 1 << 24  # bytes read or hashed at a time: no copy of a whole table, Ctrl-C seen soon
# The record's own fields, written by ``save`` from the table (the rest says what it is for).
OWN_FIELDS = ("file", "dtype", "shape", "checksum")


Check = Callable[[], None]  # raises to stop a long read (``Meter.check``: Ctrl-C, time limit)


def never_stop() -> None:
    """The ``check`` of a read that nothing bounds."""


def checksum(table: np.ndarray, check: Check = never_stop) -> str:
    digest = hashlib.blake2b(digest_size=16)
    flat = table.reshape(-1).view(np.uint8)
    for start in range(0, flat.size, _CHUNK):
        check()
        digest.update(flat[start : start + _CHUNK].data)
    return digest.hexdigest()


def _read_npy(path: Path, check: Check) -> np.ndarray:
    """An ``.npy`` file read into memory a chunk at a time with ``check()`` between chunks:
    ``np.load`` reads gigabytes in one call that nothing can stop. Read, not mapped: a copy out
    of a mapping keeps the file's pages in the process too, twice the table against
    ``--max-memory``."""
    with path.open("rb") as file:
        shape, fortran, dtype, _ = npy_header(file)
        table = np.empty(shape, dtype, order="F" if fortran else "C")
        target = table.reshape(-1, order="A").view(np.uint8).data  # the table itself
        for start in range(0, len(target), _CHUNK):
            check()
            chunk = target[start : start + _CHUNK]
            if file.readinto(chunk) != len(chunk):
                raise ValueError("the file is shorter than its header says")
        if file.read(1):
            raise ValueError("the file is longer than its header says")
    return table


def files(name: str, directory: Path | None = None) -> tuple[Path, Path]:
    """The table's metadata and data files, in the cache unless ``directory`` says where."""
    directory = directory or cache_dir()
    return directory / f"{name}.json", directory / f"{name}.npy"


def describe(meta: Mapping[str, Any]) -> dict[str, Any]:
    return {"format_version": FORMAT_VERSION, **meta}


def _read(
    name: str,
    meta: Mapping[str, Any],
    mmap: bool,
    check: Check = never_stop,
    shape: Shape | None = None,
    dtype: str | None = None,
    directory: Path | None = None,
) -> tuple[str | None, np.ndarray | None]:
    """``(None, table)``, or ``(why not, None)``. ``shape`` and ``dtype``, when the caller
    knows what the table must be, are checked against the file's header; else the record's
    are (a record's checksum covers the data, not its own fields)."""
    meta_file, table_file = files(name, directory)
    try:
        if not meta_file.exists() or not table_file.exists():
            return "missing", None
        stored = json.loads(cached_text(meta_file))
        if not isinstance(stored, dict):
            return "metadata is not a JSON object", None
        for field, value in describe(meta).items():
            if stored.get(field) != value:
                return f"made for other parameters ({field})", None
        shape = shape if shape is not None else _shape(stored.get("shape"))
        recorded = stored.get("dtype")
        dtype = dtype if dtype is not None else recorded if isinstance(recorded, str) else None
        if shape is None or dtype is None:
            return "metadata without the table's shape or type", None
        # The header before the data: a changed digit in its shape would ask for terabytes.
        damaged = npy_mismatch(table_file, shape, dtype)
        if damaged is not None:
            return damaged, None
        if mmap:
            table = np.load(table_file, mmap_mode="r", allow_pickle=False)
        else:
            reserve(table_file.stat().st_size, f"reading {table_file.name}")
            table = _read_npy(table_file, check)
    except OSError as err:  # a cache that cannot be entered too (exists() raises)
        return f"unreadable ({err.strerror or err.__class__.__name__})", None
    except ValueError as err:  # JSON that is not, an .npy shorter or longer than its header
        return f"unreadable ({err.__class__.__name__})", None
    if str(table.dtype) != dtype or table.shape != shape:
        return "wrong size or type", None
    if stored.get("checksum") != checksum(np.asarray(table), check):
        return "checksum mismatch (damaged)", None
    return None, table


def _shape(value: object) -> Shape | None:
    """A record's shape (a list of sizes), or ``None`` when it is not one."""
    if isinstance(value, list) and all(type(side) is int and side >= 0 for side in value):
        return tuple(value)
    return None


def problem_with(
    name: str,
    meta: Mapping[str, Any],
    shape: Shape | None = None,
    dtype: str | None = None,
    directory: Path | None = None,
) -> str | None:
    """Why the stored table ``name`` cannot be used (``None``: it is sound): missing, unreadable,
    made for other parameters, of the wrong shape, or damaged (checksum). Reads the file
    through a memory map, so it does not hold the table in memory."""
    return _read(name, meta, True, never_stop, shape, dtype, directory)[0]


def is_stored(name: str, meta: Mapping[str, Any]) -> bool:
    """Whether the cache holds table ``name`` with the right metadata: a quick look, without
    reading the table (its checksum is checked when it is loaded)."""
    table_file = files(name)[1]
    notes_kept = notes(name)
    try:
        present = table_file.exists()
    except OSError:  # a cache that cannot be entered
        return False
    return present and all(notes_kept.get(k) == v for k, v in describe(meta).items())


def load(
    name: str,
    meta: Mapping[str, Any],
    check: Check = never_stop,
    shape: Shape | None = None,
    dtype: str | None = None,
) -> tuple[str | None, np.ndarray | None]:
    """``(None, table)`` read into memory and checked, or ``(why not, None)``; a table that
    would not fit (``limits.reserve``) stops with ``LimitHit`` before it is read, and
    ``check`` is called between chunks of the reading and the checksum."""
    return _read(name, meta, False, check, shape, dtype)


def save(
    name: str,
    meta: Mapping[str, Any],
    table: np.ndarray,
    log: Log,
    notes: Mapping[str, Any] | None = None,
) -> bool:
    """Write the table, then its metadata (a reader who finds the metadata finds the table);
    ``notes`` are kept beside the metadata for the record (build time, distances), unchecked."""
    meta_file, table_file = files(name)
    record = {
        **(notes or {}),
        **describe(meta),
        "dtype": str(table.dtype),
        "shape": list(table.shape),
        "checksum": checksum(table),
    }

    def write_table(path: Path) -> None:
        with open(path, "wb") as handle:
            np.save(handle, table, allow_pickle=False)

    def write_meta(path: Path) -> None:
        path.write_text(json.dumps(record, indent=1))

    return write_or_keep(table_file, write_table, log) and write_or_keep(meta_file, write_meta, log)


def notes(name: str) -> dict[str, Any]:
    """What ``save`` wrote beside a table, or nothing."""
    try:
        stored = json.loads(cached_text(files(name)[0]))
    except (OSError, ValueError):
        return {}
    return stored if isinstance(stored, dict) else {}


def load_or_build(
    name: str,
    meta: Mapping[str, Any],
    build: Callable[[], np.ndarray],
    log: Log | None = None,
    what: str = "",
    rebuild: bool = False,
    check: Check = never_stop,
    shape: Shape | None = None,
    dtype: str | None = None,
    notes_of: Callable[[np.ndarray], Mapping[str, Any]] | None = None,
) -> np.ndarray:
    """The table from the cache, or built (and cached) when missing or unsound; ``log`` hears
    one line about why a build happens, ``notes_of`` what to keep beside a built table."""
    say = log or (lambda message: None)
    reason: str | None = "rebuild requested"
    table = None
    if not rebuild:
        reason, table = load(name, meta, check, shape, dtype)
    if table is not None:
        return table
    say(f"{what or name}: {reason}; building it")
    table = build()
    save(name, meta, table, say, notes_of(table) if notes_of is not None else None)
    return table


def stored_tables(names: re.Pattern[str]) -> list[dict[str, Any]]:
    """The metadata of every table in the cache whose name ``names`` matches (found by its
    ``.npy`` or its ``.json``: a table whose metadata is missing is listed too, as ``{}``),
    with its file name."""
    directory = cache_dir()
    if not is_dir(directory):
        return []
    found = {p.stem for pattern in ("*.npy", "*.json") for p in directory.glob(pattern)}
    out = []
    for name in sorted(n for n in found if names.fullmatch(n)):
        meta = notes(name)
        # The file's own name last: a "file" field in the metadata names nothing outside it.
        out.append({**meta, "file": f"{name}.npy"})
    return out


# What a stored table must be, from its record: its metadata, shape and type, or why the
# record cannot say (missing, unreadable, or naming another table).
Expected = Callable[[dict[str, Any]], tuple[dict[str, Any], Shape | None, str | None] | str]


def as_recorded(record: dict[str, Any]) -> tuple[dict[str, Any], Shape | None, str | None]:
    """A table checked against its own record: its checksum, header and size."""
    return {k: v for k, v in record.items() if k not in OWN_FIELDS}, None, None


def verify_all(
    names: re.Pattern[str], expected: Expected = as_recorded
) -> list[tuple[str, str | None]]:
    """Every table in the cache that ``names`` matches, with why it is unsound (``None``:
    sound), checked against what ``expected`` says it must be."""
    out: list[tuple[str, str | None]] = []
    for record in stored_tables(names):
        file = str(record["file"])
        wanted = expected(record)
        if isinstance(wanted, str):
            out.append((file, wanted))
            continue
        meta, shape, dtype = wanted
        out.append((file, problem_with(file[: -len(".npy")], meta, shape, dtype)))
    return out
