"""The cache directory: pattern databases and compiled machine code, written so that no reader
ever sees half a file and no damaged file is ever used.

``STATESEARCH_CACHE`` names the directory (default: the user cache directory). A file is
written under a temporary name beside its final one and renamed (``write_atomically``), and
the temporary files a killed write left are removed at the next write (``remove_stale``); a
file that cannot be written only costs the next process the work again (``write_or_keep``).
Blobs carry a checksum (``write_checked``/``read_checked``). A table's ``.npy`` header is read and
checked against what the table must be before anything is allocated (``npy_header``,
``npy_mismatch``): one changed digit in its shape would otherwise ask for terabytes.
"""

from __future__ import annotations

import errno
import glob
import hashlib
import os
import platform
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, NamedTuple

from .errors import InputError
from .text_files import NOT_REGULAR, is_special

DIGEST = 32  # bytes of checksum in front of a checked blob


def cache_dir() -> Path:
    chosen = os.environ.get("STATESEARCH_CACHE")
    if chosen:
        return Path(chosen)
    import platformdirs  # only here: the engine imports with the standard library alone

    return Path(platformdirs.user_cache_dir("statesearch"))


def exists(path: Path) -> bool:
    """``path.exists()``, ``False`` when it cannot be looked at (a cache folder that cannot be
    entered: ``exists`` raises ``PermissionError`` there)."""
    try:
        return path.exists()
    except OSError:
        return False


def is_dir(path: Path) -> bool:
    """``path.is_dir()``, ``False`` when it cannot be looked at."""
    try:
        return path.is_dir()
    except OSError:
        return False


def cached_text(path: Path) -> str:
    """A cache file's text; ``OSError`` when it cannot be read, or is a pipe or a device in
    place of the file (reading one would wait for ever)."""
    if is_special(path):
        raise OSError(errno.EINVAL, NOT_REGULAR, str(path))
    return path.read_text()


def check_readable(directory: Path) -> None:
    """Refuse, in one line, a cache folder whose files cannot be listed (one that is missing
    holds nothing, and is fine)."""
    try:
        with os.scandir(directory):
            pass
    except FileNotFoundError:
        return
    except OSError as err:
        raise InputError(
            "cannot read {file}: {why}", file=directory, why=err.strerror or err
        ) from None


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Write to a temporary file beside ``path`` and rename it: readers and concurrent writers
    never see half a file. Raises ``OSError`` when the directory cannot be written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_dir():
        path.rmdir()  # an empty directory where the file belongs; a full one is left alone
    remove_stale(path)
    writer = f"{path.name}.{_HOST}-{os.getpid()}-"  # who writes it: see ``remove_stale``
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=writer, suffix=".tmp")
    os.close(fd)
    try:
        write(Path(tmp))
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


# Who writes a temporary file, in its name: this machine (a short hash of its name: a cache
# shared by containers or over the network sees other machines' processes) and this process.
_HOST = hashlib.blake2b(platform.node().encode(), digest_size=3).hexdigest()
_OURS = re.compile(r"\.([0-9a-f]{6})-(\d+)-[a-z0-9_]+\.tmp")  # after the final file's name
_OLDER = re.compile(r"[a-z0-9_]{8}\.tmp")  # as mkstemp named them before the writer was in it
STALE_S = 24 * 3600  # a temporary file this old is a killed write's, whoever made it


def remove_stale(path: Path) -> int:
    """Remove the temporary files a killed write of ``path`` left beside it (``kill -9``, a
    lost machine: 16.7 MB seen): those of a process on this machine that is gone, and any a
    day old. Another process's write in progress is left alone. Returns how many went."""
    removed = 0
    try:
        found = list(path.parent.glob(glob.escape(path.name) + "*.tmp"))
    except OSError:
        return 0
    for tmp in found:
        rest = tmp.name[len(path.name) :]
        ours = _OURS.fullmatch(rest)
        if ours is None and _OLDER.fullmatch(rest) is None:
            continue  # no temporary file of this package's
        try:
            old = time.time() - tmp.stat().st_mtime > STALE_S
            gone = ours is not None and ours[1] == _HOST and not _running(int(ours[2]))
            if old or gone:
                tmp.unlink()
                removed += 1
        except OSError:
            continue  # removed by another process already, or not ours to remove
    return removed


def _running(pid: int) -> bool:
    """Whether process ``pid`` runs on this machine (where that cannot be asked, it may)."""
    if pid == os.getpid():
        return True  # another thread of this process may be writing the same file
    if os.name != "posix":
        return True  # os.kill(pid, 0) would end the process on Windows: its age decides
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it runs, as another user
        return True
    return True


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
        if is_special(path):
            return None
        data = path.read_bytes()
    except OSError:
        return None
    digest, blob = data[:DIGEST], data[DIGEST:]
    return blob if hashlib.blake2b(blob, digest_size=DIGEST).digest() == digest else None


class NpyHeader(NamedTuple):
    """What an ``.npy`` file's header says: the array's shape and type, its order, and where its
    data begin."""

    shape: tuple[int, ...]
    fortran: bool
    dtype: Any  # numpy.dtype (numpy is imported only when a table is read)
    offset: int

    @property
    def nbytes(self) -> int:
        count = 1
        for side in self.shape:
            count *= side
        return count * int(self.dtype.itemsize)


def npy_header(file: IO[bytes]) -> NpyHeader:
    """The header of the ``.npy`` file open at its start, read with numpy's own header readers
    and nothing allocated for the data; the file is left at the data. Raises ``ValueError`` for
    a header that is not an ``.npy`` one (a bad magic string, version, dictionary or type)."""
    import numpy as np

    try:
        version = np.lib.format.read_magic(file)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(file)
        elif version == (2, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(file)
        else:
            raise ValueError(f"an .npy version {version} this package never writes")
    except (SyntaxError, RecursionError, TypeError) as err:
        raise ValueError(f"an unreadable .npy header ({err.__class__.__name__})") from None
    if dtype.hasobject:
        raise ValueError("a table of Python objects")
    if any(side < 0 for side in shape):
        raise ValueError(f"a negative shape {shape}")
    return NpyHeader(tuple(shape), bool(fortran), dtype, file.tell())


def npy_mismatch(path: Path, shape: object, dtype: object) -> str | None:
    """Why the ``.npy`` at ``path`` cannot hold a table of ``shape`` (a tuple or list of ints)
    and ``dtype`` (its name, ``"uint8"``): its header says another shape or type, or the file
    is not as long as its header says, or it is a pipe or a device. ``None`` when it can; reads
    the header only. Raises ``OSError`` when the file cannot be read."""
    if is_special(path):
        return NOT_REGULAR
    with path.open("rb") as file:
        try:
            header = npy_header(file)
        except ValueError as err:
            return f"damaged header ({err})"
        size = os.fstat(file.fileno()).st_size
    said = f"shape {header.shape} of {header.dtype}"
    if not isinstance(shape, list | tuple) or header.shape != tuple(shape):
        return f"damaged header ({said}, not the table's shape {_shape(shape)})"
    if str(header.dtype) != str(dtype):
        return f"damaged header ({said}, not the table's {dtype})"
    if size != header.offset + header.nbytes:
        return f"wrong size ({size:,} bytes; its header says {header.offset + header.nbytes:,})"
    return None


def _shape(shape: object) -> str:
    return str(tuple(shape)) if isinstance(shape, list | tuple) else repr(shape)
