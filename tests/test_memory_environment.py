"""The memory bound honours the environment (issue 39): a container's cgroup limit (which the
machine's available memory does not show), ``ulimit -v``, and no psutil, no ``resource`` and
no /proc at all (the browser). The cgroup trees and rlimits here are fakes, so every case runs
on any Linux machine; the last test sets a real ``RLIMIT_AS`` in a child process."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from statesearch import memory_room
from statesearch.core import limits

MB = 2**20
HARD_15 = "4 11 10 13 12 3 6 0 1 15 14 5 2 8 9 7"  # A* with manhattan fills gigabytes


def fake_cgroups(
    root: Path, monkeypatch: pytest.MonkeyPatch, own: str, files: dict[str, str]
) -> None:
    """A cgroup tree at ``root`` (``files``: path -> text) and /proc/self/cgroup saying
    ``own``."""
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    (root / "self-cgroup").write_text(own)
    monkeypatch.setattr(memory_room, "CGROUP_ROOT", root / "sys/fs/cgroup")
    monkeypatch.setattr(memory_room, "SELF_CGROUP", root / "self-cgroup")


def test_a_cgroup_v2_limit_bounds_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Docker, Kubernetes or a notebook service: memory.max minus memory.current, the tightest
    of the process's cgroup and its ancestors'."""
    fake_cgroups(
        tmp_path,
        monkeypatch,
        "0::/user.slice/notebook\n",
        {
            "sys/fs/cgroup/user.slice/memory.max": "max\n",
            "sys/fs/cgroup/user.slice/memory.current": f"{900 * MB}\n",
            "sys/fs/cgroup/user.slice/notebook/memory.max": f"{500 * MB}\n",
            "sys/fs/cgroup/user.slice/notebook/memory.current": f"{100 * MB}\n",
        },
    )
    assert memory_room.cgroup_room() == 400 * MB
    assert limits.available_bytes() == min(400 * MB, memory_room.machine_room() or 400 * MB)
    held = limits.resident_bytes()
    bound = limits.default_max_memory()
    assert bound is not None and held <= bound <= held + int(0.8 * 400 * MB) + 50 * MB
    # A parent tighter than the child: the parent's room.
    (tmp_path / "sys/fs/cgroup/user.slice/memory.max").write_text(f"{1000 * MB}\n")
    assert memory_room.cgroup_room() == 100 * MB


def test_a_cgroup_v1_limit_and_a_cgroup_namespace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """v1's memory.limit_in_bytes; "no limit" is 2**63 - 1 rounded to a page; in a container
    with its own cgroup namespace the path named is not under the mount, whose root is then
    the container's cgroup."""
    files = {
        "sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
        "sys/fs/cgroup/memory/memory.usage_in_bytes": f"{4000 * MB}\n",
    }
    own = "9:name=systemd:/\n4:memory:/docker/abc123\n3:cpuset:/\n"
    fake_cgroups(tmp_path, monkeypatch, own, files)
    assert memory_room.cgroup_room() is None  # no limit anywhere
    (tmp_path / "sys/fs/cgroup/memory/memory.limit_in_bytes").write_text(f"{6000 * MB}\n")
    assert memory_room.cgroup_room() == 2000 * MB  # the mount's root: the container's own
    files = {
        "sys/fs/cgroup/memory/docker/abc123/memory.limit_in_bytes": f"{1024 * MB}\n",
        "sys/fs/cgroup/memory/docker/abc123/memory.usage_in_bytes": f"{24 * MB}\n",
    }
    fake_cgroups(tmp_path, monkeypatch, own, files)
    assert memory_room.cgroup_room() == 1000 * MB
    assert limits.available_bytes() == min(1000 * MB, memory_room.machine_room() or 1000 * MB)


@pytest.mark.skipif(sys.platform == "win32", reason="no resource module")
def test_an_rlimit_bounds_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ulimit -v`` (RLIMIT_AS) and ``ulimit -d`` (RLIMIT_DATA): the room under the soft
    limit, and a search's checks stop near the address-space one."""
    import resource

    mapped = memory_room.mapped_bytes(0)
    data = memory_room.mapped_bytes(5)
    assert mapped is not None and data is not None
    caps = {resource.RLIMIT_AS: mapped + 300 * MB, resource.RLIMIT_DATA: data + 200 * MB}
    real = resource.getrlimit

    def getrlimit(kind: int) -> tuple[int, int]:
        return (caps[kind], resource.RLIM_INFINITY) if kind in caps else real(kind)

    monkeypatch.setattr(resource, "getrlimit", getrlimit)
    room = memory_room.rlimit_room()
    assert room is not None and 150 * MB < room <= 200 * MB
    available = limits.available_bytes()
    assert available is not None and available <= room
    assert memory_room.address_space_cap() == int(caps[resource.RLIMIT_AS] * 0.9)
    caps[resource.RLIMIT_AS] = mapped  # already past 90% of it
    meter = limits.Meter(limits.Limits(max_memory=2**62))
    with pytest.raises(limits.LimitHit, match=r"near its address-space limit \(ulimit -v\)"):
        meter.check()
    limits.Meter(limits.Limits()).check()  # no memory bound asked for: none


def test_without_psutil_the_readings_fall_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """psutil is imported only when first asked for; without it /proc answers (Linux)."""
    monkeypatch.setattr(memory_room, "_PSUTIL", [None])
    assert limits.resident_bytes() > 0
    if Path("/proc/meminfo").exists():
        assert memory_room.machine_room() is not None
        assert limits.default_max_memory() is not None


def test_in_the_browser_there_is_no_psutil_resource_or_proc(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pyodide: the resident size is the WebAssembly memory; nothing says what is available,
    so there is no default bound (and no error)."""
    monkeypatch.setattr(memory_room, "_PSUTIL", [None])
    monkeypatch.setattr(memory_room, "_STATM", {os.getpid(): None})
    monkeypatch.setattr(memory_room, "MEMINFO", tmp_path / "no-meminfo")
    monkeypatch.setattr(memory_room, "SELF_CGROUP", tmp_path / "no-cgroup")
    monkeypatch.setitem(sys.modules, "resource", None)  # import resource: ImportError
    memory = types.SimpleNamespace(length=64 * MB)  # a JavaScript Uint8Array's length
    heap = types.SimpleNamespace(_module=types.SimpleNamespace(HEAPU8=memory))
    monkeypatch.setitem(sys.modules, "pyodide_js", heap)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert limits.resident_bytes() == 64 * MB
    assert limits.available_bytes() is None and limits.default_max_memory() is None
    assert memory_room.address_space_cap() is None and memory_room.rlimit_room() is None
    limits.reserve(10 * MB, "a table", limits.Meter(limits.Limits()))  # nothing to refuse it


# The command's code (numba and llvmlite among it, which the command line now loads only when
# a search needs them) is mapped before the cap, as a process under ``ulimit -v`` maps it
# within its limit; the cap then leaves 300 MB for the search's tables.
CAPPED = """
import resource, sys
import psutil
from statesearch.cli import main
import statesearch.npuzzle.compiled
mapped = psutil.Process().memory_info().vms
resource.setrlimit(resource.RLIMIT_AS, (mapped + 300 * 2**20, resource.RLIM_INFINITY))
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is enforced on Linux")
def test_under_ulimit_v_a_search_stops_at_its_limit() -> None:
    """The issue's reproducer under ``ulimit -v 1500000``: 'internal error (not your input):
    SystemError: error return without exception set', exit 70, after 26 s (or 'the machine
    ran out of memory' when the failed allocation was one Python saw)."""
    argv = ["solve", "npuzzle", HARD_15, "-a", "astar", "-H", "manhattan", "--time-limit", "60"]
    done = subprocess.run(
        [sys.executable, "-c", CAPPED, *argv],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 4, done.stdout + done.stderr
    assert "limit reached (memory): the process maps" in done.stdout
    assert "near its address-space limit (ulimit -v)" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is enforced on Linux")
def test_a_cap_too_tight_for_the_compiled_engine_is_a_limit_in_one_line() -> None:
    """300 MB past what the command line mapped, before numba: llvmlite cannot map its
    library, which was an internal error (exit 70)."""
    argv = ["solve", "npuzzle", HARD_15, "-a", "astar", "-H", "manhattan", "--time-limit", "60"]
    capped = CAPPED.replace("import statesearch.npuzzle.compiled\n", "")
    assert capped != CAPPED
    done = subprocess.run(
        [sys.executable, "-c", capped, *argv], capture_output=True, text=True, timeout=120
    )
    said = done.stdout + done.stderr
    assert done.returncode == 4, said
    assert "while the compiled engine was being loaded" in said and "--engine python" in said
    assert "Traceback" not in said


WITHOUT_POSIX = """
import json, os, signal, sys, tempfile
from pathlib import Path
import psutil  # imported first: on Linux it needs the resource module, on Windows not
del signal.pthread_sigmask  # Windows has neither signal masks,
del os.pread  # nor pread,
sys.modules["resource"] = None  # nor the resource module
from statesearch.core import limits
from statesearch.cli import main
assert limits.resident_bytes() > 0 and limits.available_bytes() is not None
assert main(["solve", "npuzzle", "1 2 3 4 5 6 7 0 8"]) == 0
folder = Path(tempfile.mkdtemp())
(folder / "in.jsonl").write_text(json.dumps({"id": 1, "start": "1 2 3 4 5 6 7 0 8"}) + "\\n")
sys.exit(main(["batch", str(folder / "in.jsonl"), "--out", str(folder / "out.jsonl")]))
"""


def test_the_cli_and_a_batch_run_without_posix_only_calls() -> None:
    """What Windows lacks (signal masks, os.pread, resource), taken away: the memory readings,
    a solve and a batch with its worker processes still run (CI here is Linux: README)."""
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_POSIX], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
