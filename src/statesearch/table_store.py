"""The cube's tables in the cache directory: one ``.npy`` per table with a ``.json`` beside it
holding what the table is (its name, parameters, shape, format version) and a blake2b checksum.

A table whose metadata, header (shape and type, read before anything is allocated) or checksum
does not match is reported in one line and built again, never used; one that cannot be written
(a read-only or full cache) is kept in memory, so only the next process pays for it again.
Writes are atomic (``cache.write_or_keep``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..cache import cache_dir, cached_text, is_dir, npy_header, npy_mismatch, write_or_keep
from ..limits import reserve

FORMAT_VERSION = 1
Log = Callable[[str], None]
_CHUNK = 1 << 24  # bytes read or hashed at a time: no copy of a whole table, Ctrl-C seen soon


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


def files(name: str) -> tuple[Path, Path]:
    directory = cache_dir()
    return directory / f"{name}.json", directory / f"{name}.npy"


def describe(meta: dict[str, Any]) -> dict[str, Any]:
    return {"format_version": FORMAT_VERSION, **meta}


def _read(
    name: str, meta: dict[str, Any], mmap: bool, check: Check = never_stop
) -> tuple[str | None, np.ndarray | None]:
    meta_file, table_file = files(name)
    try:
        if not meta_file.exists() or not table_file.exists():
            return "missing", None
        stored = json.loads(cached_text(meta_file))
        if not isinstance(stored, dict):
            return "metadata is not a JSON object", None
        for field, value in describe(meta).items():
            if stored.get(field) != value:
                return f"made for other parameters ({field})", None
        # The header before the data: a changed digit in its shape would ask for terabytes.
        damaged = npy_mismatch(table_file, stored.get("shape"), stored.get("dtype"))
        if damaged is not None:
            return damaged, None
        if mmap:
            table = np.load(table_file, mmap_mode="r", allow_pickle=False)
        else:
            reserve(table_file.stat().st_size, f"reading {table_file.name}")
            table = _read_npy(table_file, check)
    except OSError as err:  # a cache that cannot be entered too (exists() raises)
        return f"unreadable ({err.strerror or err.__class__.__name__})", None
    except ValueError as err:
        return f"unreadable ({err.__class__.__name__})", None
    if str(table.dtype) != stored.get("dtype") or list(table.shape) != stored.get("shape"):
        return "wrong size or type", None
    if stored.get("checksum") != checksum(np.asarray(table), check):
        return "checksum mismatch (damaged)", None
    return None, table


def problem_with(name: str, meta: dict[str, Any]) -> str | None:
    """Why the stored table ``name`` cannot be used (``None``: it is sound): missing, unreadable,
    made for other parameters, of the wrong shape, or damaged (checksum). Reads the file
    through a memory map, so it does not hold the table in memory."""
    return _read(name, meta, mmap=True)[0]


def is_stored(name: str, meta: dict[str, Any]) -> bool:
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
    name: str, meta: dict[str, Any], check: Check = never_stop
) -> tuple[str | None, np.ndarray | None]:
    """``(None, table)`` read into memory and checked, or ``(why not, None)``; a table that
    would not fit (``limits.reserve``) stops with ``LimitHit`` before it is read, and
    ``check`` is called between chunks of the reading and the checksum."""
    return _read(name, meta, mmap=False, check=check)


def save(
    name: str,
    meta: dict[str, Any],
    table: np.ndarray,
    log: Log,
    notes: dict[str, Any] | None = None,
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
    meta: dict[str, Any],
    build: Callable[[], np.ndarray],
    log: Log | None = None,
    what: str = "",
    rebuild: bool = False,
) -> np.ndarray:
    """The table from the cache, or built (and cached) when missing or unsound; ``log`` hears
    one line about why a build happens."""
    say = log or (lambda message: None)
    reason, table = ("rebuild requested", None) if rebuild else load(name, meta)
    if table is not None:
        return table
    say(f"{what or name}: {reason}; building it")
    table = build()
    save(name, meta, table, say)
    return table


def stored_tables() -> list[dict[str, Any]]:
    """The metadata of every cube table in the cache, with its file name."""
    directory = cache_dir()
    out = []
    for meta_file in sorted(directory.glob("cube-*.json")) if is_dir(directory) else []:
        try:
            meta = json.loads(cached_text(meta_file))
        except (OSError, ValueError):
            meta = {}
        # The file's own name last: a "file" field in the metadata names nothing outside it.
        out.append({**(meta if isinstance(meta, dict) else {}), "file": meta_file.stem + ".npy"})
    return out


def verify_all() -> list[tuple[str, str | None]]:
    """Every cube table in the cache with why it is unsound (``None``: sound), checked against
    the metadata beside it (checksum, shape, type)."""
    out = []
    for meta in stored_tables():
        name = str(meta["file"])[: -len(".npy")]
        checked = {k: v for k, v in meta.items() if k not in ("file", "dtype", "shape", "checksum")}
        out.append((str(meta["file"]), problem_with(name, checked)))
    return out
