"""How much memory this process holds and could still be given, as its environment says: the
machine (psutil, else /proc/meminfo), its cgroups (v1 and v2: a container's limit), its
rlimits (``ulimit -v``). ``limits`` turns these into the default memory bound and the checks
before a table is allocated.

The engine imports with the standard library alone (in the browser, under Pyodide, there is
no psutil, no ``resource`` module and no /proc): psutil is imported the first time it is
asked for, and each reading says ``None`` where it cannot be made.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any


def machine_room() -> int | None:
    """The machine's available memory: psutil's (Linux's MemAvailable, macOS's and Windows'
    own figures), else /proc/meminfo's."""
    psutil = imported_psutil()
    if psutil is not None:
        return int(psutil.virtual_memory().available)
    try:
        with open(MEMINFO) as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


# Where the environment is read (tests point these at a fake tree).
MEMINFO = Path("/proc/meminfo")
CGROUP_ROOT = Path("/sys/fs/cgroup")
SELF_CGROUP = Path("/proc/self/cgroup")
NO_LIMIT = 2**60  # cgroup v1 writes "no limit" as 2**63 - 1 rounded to a page


def cgroup_room() -> int | None:
    """What the memory cgroups this process is in leave it (limit minus usage, the tightest of
    its cgroup and every ancestor's): v2's ``memory.max`` and ``memory.current``, v1's
    ``memory.limit_in_bytes`` and ``memory.usage_in_bytes``; ``None`` without a limit."""
    try:
        lines = SELF_CGROUP.read_text().splitlines()
    except (OSError, ValueError):
        return None
    rooms: list[int] = []
    for line in lines:
        _, controllers, path = [*line.split(":", 2), "", ""][:3]
        if not controllers:  # v2: one hierarchy, "0::/path"
            rooms += _cgroup_rooms(CGROUP_ROOT, path, "memory.max", "memory.current")
        elif "memory" in controllers.split(","):
            mount, names = (
                CGROUP_ROOT / "memory",
                ("memory.limit_in_bytes", "memory.usage_in_bytes"),
            )
            rooms += _cgroup_rooms(mount, path, *names)
    return min(rooms) if rooms else None


def _cgroup_rooms(mount: Path, path: str, limit_file: str, usage_file: str) -> list[int]:
    """Limit minus usage of the cgroup at ``path`` and each ancestor that has a limit. In a
    container with a cgroup namespace of its own the path is not under the mount: the mount's
    root is then the container's cgroup."""
    here = mount / path.strip("/")
    if not here.is_dir():
        here = mount
    rooms = []
    while True:
        limit, usage = _number_in(here / limit_file), _number_in(here / usage_file)
        if limit is not None and limit < NO_LIMIT and usage is not None:
            rooms.append(limit - usage)
        if here == mount or here.parent == here:
            return rooms
        here = here.parent


def _number_in(file: Path) -> int | None:
    """The number a cgroup file holds (``None`` for ``max``, or a file not there)."""
    try:
        return int(file.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def rlimit_room() -> int | None:
    """The room under the process's soft ``RLIMIT_AS`` (its address space) and ``RLIMIT_DATA``
    (its data), what ``ulimit -v`` and ``ulimit -d`` set; ``None`` where neither is set or
    there is no ``resource`` module (Windows, the browser)."""
    try:
        import resource
    except ImportError:
        return None
    rooms = []
    for name, mapped in (("RLIMIT_AS", 0), ("RLIMIT_DATA", 5)):
        kind = getattr(resource, name, None)
        if kind is None:
            continue
        soft = resource.getrlimit(kind)[0]
        if soft == resource.RLIM_INFINITY or soft < 0:
            continue
        held = mapped_bytes(mapped)
        if held is not None:
            rooms.append(soft - held)
    return min(rooms) if rooms else None


def mapped_bytes(field: int = 0) -> int | None:
    """The process's address space (``field`` 0) or data (5, as /proc/self/statm counts them):
    one read of /proc/self/statm where there is one (a search's checks ask, see
    ``limits.resident_bytes``), else psutil's ``vms`` or ``data``."""
    statm = proc_statm()
    if statm is not None:
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int(os.pread(statm, 64, 0).split()[field]) * PAGE
    psutil = imported_psutil()
    if psutil is not None:
        value = getattr(psutil.Process().memory_info(), "vms" if field == 0 else "data", None)
        if value is not None:
            return int(value)
    return None


ADDRESS_SHARE = 0.9  # of RLIMIT_AS a search may map: past it, numpy and numba fail to allocate


def address_space_cap() -> int | None:
    """``ADDRESS_SHARE`` of the soft ``RLIMIT_AS`` (``ulimit -v``), or ``None`` where none is
    set. A bound on the resident size misses it: imports and threads map far more than they
    make resident, and an allocation past it fails wherever it happens (a SystemError inside
    numba was seen, exit 70)."""
    try:
        import resource
    except ImportError:
        return None
    kind = getattr(resource, "RLIMIT_AS", None)
    if kind is None:
        return None
    soft = resource.getrlimit(kind)[0]
    return None if soft == resource.RLIM_INFINITY or soft < 0 else int(soft * ADDRESS_SHARE)


PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_STATM: dict[int, int | None] = {}  # by process id: a forked child reads its own, not its parent's
_PSUTIL: list[Any] = []


def proc_statm() -> int | None:
    """/proc/self/statm, opened once per process (``None`` where there is none, or no
    ``os.pread``): a resident-size check then costs one read."""
    pid = os.getpid()
    if pid not in _STATM:
        for inherited in _STATM.values():  # a parent's, across a fork: /proc/self was the parent
            if inherited is not None:
                with contextlib.suppress(OSError):
                    os.close(inherited)
        _STATM.clear()
        try:
            _STATM[pid] = os.open("/proc/self/statm", os.O_RDONLY) if hasattr(os, "pread") else None
        except OSError:
            _STATM[pid] = None
    return _STATM[pid]


def imported_psutil() -> Any:
    """psutil, imported the first time it is asked for, or ``None`` where it is not installed
    (the engine runs with the standard library alone: in the browser there is none)."""
    if not _PSUTIL:
        try:
            import psutil  # type: ignore[import-untyped]
        except ImportError:
            psutil = None
        _PSUTIL.append(psutil)
    return _PSUTIL[0]
