"""How a result was made, written beside it (``"provenance"`` in ``--json``, ``--out`` and batch
rows): statesearch's version and git commit, Python's, numpy's and numba's, the machine, when
it started, what was asked (the command line, or a batch instance's spec), and the CPU and wall
seconds and peak memory it took.

What does not change while a process lives (versions, the machine) is gathered once
(``environment``) and costs a batch nothing per row. Nothing here imports numpy or numba (their
versions are read from their installed metadata), runs a subprocess (the commit is read from
``.git`` itself) or waits on anything: each reading is ``None`` where it cannot be made. The
modules it reads with are imported when it first does (a command's start pays for none).
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import clock

GIT_READ = 1 << 20  # bytes read of any file under .git (packed-refs can be long)
LONG_TEXT = 200  # characters: a spec's longer text (a map, a source) is named by its digest
PROC_STATUS = Path("/proc/self/status")
CLEAR_REFS = Path("/proc/self/clear_refs")

# The command line a command was given (``cli.main`` sets it): its results say so.
command_line: list[str] | None = None


@functools.cache
def environment() -> dict[str, Any]:
    """What stays the same for every result of this process: versions and the machine."""
    import platform

    from . import __version__

    return {
        "statesearch": __version__,
        "commit": git_commit(Path(__file__).resolve().parent.parent.parent),
        "python": platform.python_version(),
        "numpy": installed_version("numpy"),
        "numba": installed_version("numba"),
        "machine": machine(),
    }


def installed_version(name: str) -> str | None:
    """The installed distribution's version, from the name of its ``NAME-VERSION.dist-info``
    folder on the import path (nothing imported: ``importlib.metadata`` alone takes longer to
    import than the rest of this module takes to run)."""
    return _installed().get(name.lower().replace("-", "_"))


@functools.cache
def _installed() -> dict[str, str]:
    """Each distribution on the import path and its version, the first found as Python would."""
    found: dict[str, str] = {}
    for entry in sys.path:
        with contextlib.suppress(OSError):
            for item in os.scandir(entry or "."):
                stem = item.name.removesuffix(".dist-info")
                if stem != item.name and "-" in stem:
                    name, _, version = stem.partition("-")
                    found.setdefault(name.lower().replace("-", "_"), version)
    return found


def git_commit(checkout: Path) -> str | None:
    """The commit checked out at ``checkout`` when statesearch runs from a git checkout (HEAD,
    its branch's loose ref or its line in packed-refs; a worktree's ``.git`` file followed),
    else ``None``."""
    git = checkout / ".git"
    with contextlib.suppress(OSError, UnicodeDecodeError):
        if git.is_file():  # a worktree or a submodule: "gitdir: PATH"
            pointer = _read(git)
            if not pointer.startswith("gitdir:"):
                return None
            git = (checkout / pointer.removeprefix("gitdir:").strip()).resolve()
        head = _read(git / "HEAD").strip()
        if not head.startswith("ref:"):
            return head if _is_hash(head) else None
        ref = head.removeprefix("ref:").strip()
        common = git / "commondir"  # a worktree keeps its branches in the main .git
        roots = [git] + ([(git / _read(common).strip()).resolve()] if common.is_file() else [])
        for root in roots:
            loose = root / ref
            if loose.is_file():
                value = _read(loose).strip()
                return value if _is_hash(value) else None
            packed = root / "packed-refs"
            if packed.is_file():
                for line in _read(packed).splitlines():
                    value, _, name = line.partition(" ")
                    if name.strip() == ref and _is_hash(value):
                        return value
    return None


def _read(path: Path) -> str:
    with path.open(encoding="utf-8") as file:
        return file.read(GIT_READ)


def _is_hash(text: str) -> bool:
    return len(text) in (40, 64) and all(c in "0123456789abcdef" for c in text)


def machine() -> dict[str, Any]:
    """The CPU's model, the cores, the memory (bytes), the system and the host's name."""
    import platform
    import socket

    from .memory_room import imported_psutil

    psutil = imported_psutil()
    memory = int(psutil.virtual_memory().total) if psutil is not None else None
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "memory": memory,
        "system": platform.system(),
        "arch": platform.machine(),
        "host": socket.gethostname(),
    }


def cpu_model() -> str | None:
    """The CPU's name: Linux's /proc/cpuinfo, else what ``platform`` says (Windows names it;
    macOS only its kind, as nothing is asked of ``sysctl``)."""
    import platform

    with (
        contextlib.suppress(OSError, UnicodeDecodeError),
        open("/proc/cpuinfo", encoding="utf-8") as info,
    ):
        for line in info.read(GIT_READ).splitlines():
            key, _, value = line.partition(":")
            if key.strip() in ("model name", "Hardware", "cpu model", "Model") and value:
                return value.strip()
    return platform.processor() or platform.machine() or None


def peak_memory() -> int | None:
    """The most memory this process has held (its peak resident size, bytes): Linux's VmHWM
    (which ``reset_peak`` can start again), else ``getrusage``'s, else psutil's (Windows)."""
    with contextlib.suppress(OSError, ValueError, UnicodeDecodeError):
        for line in PROC_STATUS.read_text(encoding="utf-8").splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    with contextlib.suppress(ImportError, OSError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return int(peak) if sys.platform == "darwin" else int(peak) * 1024  # bytes there, KiB here
    from .memory_room import imported_psutil

    psutil = imported_psutil()
    info = psutil.Process().memory_info() if psutil is not None else None
    return int(getattr(info, "peak_wset", 0)) or None


def reset_peak() -> bool:
    """Start the peak resident size again from what the process holds now (Linux 4.0 and
    later); whether it could."""
    try:
        CLEAR_REFS.write_text("5")
    except OSError:
        return False
    return True


def utc(seconds: float) -> str:
    """``2026-12-07T07:20:06.123+00:00``"""
    from datetime import UTC, datetime

    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class Span:
    """When a piece of work began, on each clock, and whether its peak memory is its own."""

    started: float  # time.time()
    wall: float  # time.perf_counter()
    cpu: float  # time.process_time()
    scope: str  # whose peak memory: "instance" after a reset, else "process" or "worker"

    @classmethod
    def begin(cls, otherwise: str = "worker") -> Span:
        """Now; the peak memory restarted when it can be (``otherwise``: whose it is then)."""
        scope = "instance" if reset_peak() else otherwise
        return cls(time.time(), time.perf_counter(), time.process_time(), scope)

    @classmethod
    def of_process(cls) -> Span:
        """Since this process started using statesearch (``clock.STARTED``): the command's."""
        wall = clock.STARTED
        return cls(time.time() - (time.perf_counter() - wall), wall, 0.0, "process")

    def record(self, **call: Any) -> dict[str, Any]:
        """``environment()`` with the span's start, ``call`` (``command=argv`` or
        ``spec=...``), and the seconds and peak memory it took so far."""
        return {
            **environment(),
            "started": utc(self.started),
            **call,
            "cpu_s": round(time.process_time() - self.cpu, 6),
            "wall_s": round(time.perf_counter() - self.wall, 6),
            "peak_memory": peak_memory(),
            "peak_memory_of": self.scope,
        }


def command() -> list[str]:
    """The command as it was given: ``command_line``, else ``sys.argv``."""
    return ["statesearch", *(command_line if command_line is not None else sys.argv[1:])]


def of_command() -> dict[str, Any]:
    """A command's provenance: its command line and what the process took since it started."""
    return Span.of_process().record(command=command())


def spec_call(spec: dict[str, Any]) -> dict[str, Any]:
    """A batch instance's spec as its rows record it: a long text (a map, a board file, a
    problem's source) named by its length and digest, not copied into every row."""
    return {k: _short(v) for k, v in spec.items()}


def _short(value: Any) -> Any:
    if isinstance(value, str) and len(value) > LONG_TEXT:
        import hashlib

        digest = hashlib.sha256(value.encode()).hexdigest()[:16]
        return f"<{len(value):,} characters, sha256 {digest}>"
    if isinstance(value, dict):
        return {k: _short(v) for k, v in value.items()}
    return value
