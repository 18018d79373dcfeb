"""Every result says how it was made: the versions, the commit, the machine, when, what was
asked, and what it took (``statesearch.provenance``), in ``--json``, bench ``--out`` rows and
batch rows; each field checked against another reading of the same thing."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import time
from datetime import datetime
from importlib import metadata
from pathlib import Path
from typing import Any

import psutil  # type: ignore[import-untyped]
import pytest

import statesearch
from statesearch import provenance
from statesearch.cli import main

ROOT = Path(__file__).resolve().parent.parent
RIVER = f"{ROOT / 'examples' / 'river_crossing.py'}:RiverCrossing"
HASH = "0123456789abcdef0123456789abcdef01234567"


def check_environment(made: dict[str, Any]) -> None:
    """The fields every provenance has, each equal to what another way of asking says."""
    assert made["statesearch"] == statesearch.__version__
    assert made["python"] == platform.python_version()
    assert made["numpy"] == metadata.version("numpy")
    assert made["numba"] == metadata.version("numba")
    machine = made["machine"]
    assert machine["cores"] == os.cpu_count()
    assert machine["memory"] == psutil.virtual_memory().total
    assert machine["system"] == platform.system() and machine["arch"] == platform.machine()
    assert isinstance(machine["cpu"], str) and machine["cpu"]
    if (ROOT / ".git").exists():  # a checkout: its commit (retried: others commit meanwhile)
        for _ in range(3):
            head = subprocess.run(
                ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True
            ).stdout.strip()
            if provenance.git_commit(ROOT) == head:
                break
        assert provenance.git_commit(ROOT) == head
        assert made["commit"] is not None and len(made["commit"]) == 40


def check_span(made: dict[str, Any], before: float) -> None:
    """When it started (UTC, ISO), its seconds and its peak memory."""
    started = datetime.fromisoformat(made["started"])
    offset = started.utcoffset()
    assert offset is not None and offset.total_seconds() == 0
    assert before - 1 <= started.timestamp() <= time.time()
    assert made["wall_s"] > 0 and made["cpu_s"] >= 0
    assert made["peak_memory"] > 1_000_000  # bytes: an interpreter holds megabytes


def json_of(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main(list(argv))
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "problem", RIVER, "--json"],
        ["solve", "npuzzle", "1 2 3 4 5 6 0 7 8", "--json"],
        ["solve", "maze", str(ROOT / "examples" / "lesson-maze.txt"), "--json"],
    ],
    ids=["problem", "npuzzle", "maze"],
)
def test_every_json_result_says_how_it_was_made(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, data = json_of(capsys, *argv)
    made = data["provenance"]
    assert code == 0 and data["status"] == "solved"  # the result's own fields are still there
    check_environment(made)
    assert made["command"] == ["statesearch", *argv]
    assert made["peak_memory_of"] == "process"
    # The process's peak so far: no more than the peak now, no less than what it holds now.
    assert made["peak_memory"] <= provenance.peak_memory()
    assert made["peak_memory"] >= psutil.Process().memory_info().rss * 0.5
    started = datetime.fromisoformat(made["started"]).timestamp()
    assert started <= time.time() and made["wall_s"] > 0


def test_a_limit_reached_before_a_result_says_how_it_was_made_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, data = json_of(
        capsys, "solve", "npuzzle", "8 6 7 2 5 4 3 0 1", "-a", "bfs", "--max-expanded", "10",
        "--json",
    )  # fmt: skip
    assert code == 4 and data["status"] == "limit_reached"
    check_environment(data["provenance"])


def test_the_environment_is_read_once_and_imports_nothing_heavy() -> None:
    program = (
        "import sys, json\n"
        "from statesearch import provenance\n"
        "first = provenance.environment()\n"
        "assert provenance.environment() is first\n"
        "print(json.dumps([m for m in ('numpy', 'numba', 'importlib.metadata')"
        " if m in sys.modules]))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_a_span_measures_its_own_peak_memory_where_the_system_can_restart_it() -> None:
    before = time.time()
    span = provenance.Span.begin()
    block = bytearray(80 * 2**20)  # touched, so resident
    block[::4096] = b"x" * len(block[::4096])
    made = span.record(spec={"id": 1})
    del block
    check_span(made, before)
    assert made["spec"] == {"id": 1}
    assert made["peak_memory"] >= 80 * 2**20
    if made["peak_memory_of"] != "instance":
        pytest.skip("this system cannot restart the peak (only Linux can)")
    after = provenance.Span.begin().record()
    assert after["peak_memory"] < made["peak_memory"] - 40 * 2**20  # the block's is not its


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"HEAD": "ref: refs/heads/main\n", "refs/heads/main": HASH + "\n"}, HASH),
        ({"HEAD": "ref: refs/heads/main\n", "packed-refs": f"# pack\n{HASH} refs/heads/main\n"},
         HASH),
        ({"HEAD": HASH + "\n"}, HASH),  # detached
        ({"HEAD": "ref: refs/heads/gone\n"}, None),
        ({"HEAD": "not a ref\n"}, None),
        ({}, None),
    ],
)  # fmt: skip
def test_the_commit_is_read_from_git_itself(
    tmp_path: Path, files: dict[str, str], expected: str | None
) -> None:
    git = tmp_path / "checkout" / ".git"
    for name, text in files.items():
        (git / name).parent.mkdir(parents=True, exist_ok=True)
        (git / name).write_text(text)
    assert provenance.git_commit(tmp_path / "checkout") == expected


def test_a_worktree_commit_is_read_through_its_git_file(tmp_path: Path) -> None:
    main_git = tmp_path / "main" / ".git"
    (main_git / "refs" / "heads").mkdir(parents=True)
    (main_git / "refs" / "heads" / "side").write_text(HASH + "\n")
    own = main_git / "worktrees" / "side"
    own.mkdir(parents=True)
    (own / "HEAD").write_text("ref: refs/heads/side\n")
    (own / "commondir").write_text("../..\n")
    (tmp_path / "side").mkdir()
    (tmp_path / "side" / ".git").write_text(f"gitdir: {own}\n")
    assert provenance.git_commit(tmp_path / "side") == HASH


def test_a_specs_long_texts_are_named_by_their_digest() -> None:
    spec = {"id": 3, "start": "." * 5000, "args": {"n": 10, "text": "x" * 300}}
    call = provenance.spec_call(spec)
    assert call["id"] == 3 and call["args"]["n"] == 10
    assert call["start"].startswith("<5,000 characters, sha256 ")
    assert call["args"]["text"].startswith("<300 characters, sha256 ")
    assert provenance.spec_call({**spec, "start": "#" * 5000})["start"] != call["start"]


def test_every_batch_row_says_how_it_was_made(tmp_path: Path) -> None:
    source, out = tmp_path / "mixed.jsonl", tmp_path / "out.jsonl"
    lines = [
        {"id": "river", "domain": "problem", "problem": RIVER, "optimal": 7},
        {"id": "lesson", "start": "7 2 4 5 0 6 8 3 1", "optimal": 20},
    ]
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    before = time.time()
    assert main(["batch", str(source), "--out", str(out), "--workers", "2"]) == 0
    rows = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    for row in rows.values():
        made = row["provenance"]
        check_environment(made)
        check_span(made, before)
        assert (made["cpu_s"], made["wall_s"]) == (row["cpu_s"], row["wall_s"])
        assert made["peak_memory_of"] in ("instance", "worker")
    assert rows["lesson"]["provenance"]["spec"]["start"] == "7 2 4 5 0 6 8 3 1"
    river = rows["river"]["provenance"]["spec"]
    assert river["problem"] == RIVER and river["source"].startswith("<")  # the file's text
