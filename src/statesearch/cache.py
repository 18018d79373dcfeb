"""The cache directory: pattern databases and compiled machine code, written so that no reader
ever sees half a file and no damaged file is ever used.

``STATESEARCH_CACHE`` names the directory (default: the user cache directory). A file is
written under a temporary name beside its final one and renamed (``write_atomically``); a file
that cannot be written only costs the next process the work again (``write_or_keep``). Blobs
carry a checksum (``write_checked``/``read_checked``).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

DIGEST = 32  # bytes of checksum in front of a checked blob


def cache_dir() -> Path:
    chosen = os.environ.get("STATESEARCH_CACHE")
    if chosen:
        return Path(chosen)
    import platformdirs  # only here: the engine imports with the standard library alone

    return Path(platformdirs.user_cache_dir("statesearch"))


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Write to a temporary file beside ``path`` and rename it: readers and concurrent writers
    never see half a file. Raises ``OSError`` when the directory cannot be written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_dir():
        path.rmdir()  # an empty directory where the file belongs; a full one is left alone
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    os.close(fd)
    try:
        write(Path(tmp))
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_or_keep(path: Path, write: Callable[[Path], None], log: Callable[[str], None]) -> bool:
    """``write_atomically``, or a line to ``log`` when the cache cannot be written (read-only,
    full, or a directory where the file should be): the caller keeps what it built in memory."""
    try:
        write_atomically(path, write)
    except OSError as err:
        why = err.strerror or str(err)
        if path.parent.exists() and not path.parent.is_dir():
            why = f"{path.parent} is a file, not a folder: set STATESEARCH_CACHE to a folder"
        log(f"cannot write {path.name} to the cache ({why}); kept in memory only")
        return False
    return True


def write_checked(path: Path, data: bytes, log: Callable[[str], None]) -> bool:
    """Save ``data`` behind its checksum."""
    digest = hashlib.blake2b(data, digest_size=DIGEST).digest()

    def write(tmp: Path) -> None:
        tmp.write_bytes(digest + data)

    return write_or_keep(path, write, log)


def read_checked(path: Path) -> bytes | None:
    """A blob saved by ``write_checked``, or ``None`` if it is missing, unreadable or fails its
    checksum."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    digest, blob = data[:DIGEST], data[DIGEST:]
    return blob if hashlib.blake2b(blob, digest_size=DIGEST).digest() == digest else None
