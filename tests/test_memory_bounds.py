"""Tables read or built are bounded by memory as searches are: before a table is allocated,
the process's memory bound (``--max-memory``, auto unless told) and what the machine has
available are asked, and a table past either stops the command with one line naming the
figures, exit 4, before any of the work or the allocation happens."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from helpers import unbuilt_tables
from statesearch import table_store as store
from statesearch.cli import main
from statesearch.core import limits
from statesearch.core.limits import (
    LimitHit,
    LimitKind,
    Limits,
    Meter,
    metering,
    reserve,
    resident_bytes,
)
from statesearch.facade import solve
from statesearch.maze import Maze

MB = 2**20


def bound_above_what_is_held(room: int) -> Limits:
    return Limits(max_memory=resident_bytes() + room)


def test_reserve_names_the_bound_or_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    meter = Meter(bound_above_what_is_held(8 * MB))
    reserve(MB, "a small table", meter)  # fits
    with pytest.raises(LimitHit) as hit:
        reserve(64 * MB, "a large table", meter)
    assert hit.value.kind is LimitKind.MEMORY
    assert hit.value.detail.startswith("a large table needs 64 MB more than the ")
    assert "over max_memory of" in hit.value.detail
    with metering(meter), pytest.raises(LimitHit):  # the active meter is asked when none is given
        reserve(64 * MB, "a large table")
    reserve(64 * MB, "a large table")  # no bound: only the machine's memory counts
    meter = Meter(Limits(max_memory=1024))
    with pytest.raises(LimitHit, match=r"over max_memory of 1 KB$"):  # not '0 MB'
        meter.check()
    with pytest.raises(LimitHit, match=r"over max_memory of 500 bytes$"):  # not '0 KB'
        Meter(Limits(max_memory=500)).check()
    monkeypatch.setattr(limits, "available_bytes", lambda: 32 * MB)
    with pytest.raises(LimitHit) as hit:
        reserve(64 * MB, "a large table")
    assert hit.value.detail == "a large table needs 64 MB; the machine has 32 MB available"


def test_a_stored_table_past_the_bound_is_not_read() -> None:
    name, meta = "cube-test-memory-bound", {"table": "a test table"}
    assert store.save(name, meta, np.zeros(16 * MB, dtype=np.uint8), lambda message: None)
    with metering(Meter(bound_above_what_is_held(4 * MB))), pytest.raises(LimitHit) as hit:
        store.load(name, meta)
    assert hit.value.detail.startswith(f"reading {name}.npy needs 16 MB more")
    reason, table = store.load(name, meta)
    assert reason is None and table is not None and table.size == 16 * MB


def megabytes_above_what_is_held(room: int) -> str:
    return f"{(resident_bytes() + room) // MB}M"


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return " ".join(out.split())


def test_pdb_build_stops_before_a_table_past_max_memory(capsys: pytest.CaptureFixture[str]) -> None:
    bound = megabytes_above_what_is_held(100 * MB)  # the 7-tile table needs 165 MB to build
    code = main(["pdb", "build", "15", "--partition", "7-8", "--max-memory", bound])
    said = one_line(capsys)
    assert code == 4, said
    assert "limit reached (memory): building the table of tiles 1-2-3-4-5-6-7" in said
    assert f"over max_memory of {int(bound[:-1]):,} MB" in said


def test_cube_tables_stop_before_the_coset_table_past_max_memory(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bound = megabytes_above_what_is_held(500 * MB)  # the coset table alone is 2.4 GB
    code = main(["cube", "tables", "--tables", "coset", "--max-memory", bound])
    said = one_line(capsys)
    assert code == 4, said
    assert "limit reached (memory): building the coset table needs 2,400 MB more" in said
    assert said.endswith("kept in the cache: the 2x2x2 distance table (htm)")


def test_solve_cube_stops_before_reading_tables_the_machine_has_no_room_for(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(limits, "available_bytes", lambda: 50 * MB)
    code = main(["solve", "cube", "R U", "-H", "korf", "--max-memory", "none", "--json"])
    out, _ = capsys.readouterr()
    data = json.loads(out)
    assert code == 4 and data["status"] == "limit_reached" and data["limit"] == "memory"
    assert data["reason"].startswith("before the search began: ")
    # Korf's corner table, read from the cache or built: the same bytes.
    assert "needs 84 MB; the machine has 50 MB available" in data["reason"]
    assert data["reason"].endswith(", while preparing Korf's tables")


def test_a_batch_stops_preparing_at_the_memory_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The tables a batch builds before its first instance are bounded by memory too."""
    from statesearch.cli import preparing

    monkeypatch.setattr(preparing, "default_max_memory", lambda: resident_bytes() + 4 * MB)
    out = tmp_path / "out.jsonl"
    code = main(["batch", str(unbuilt_tables(tmp_path)), "--out", str(out)])
    said = one_line(capsys)
    assert code == 4, said
    assert said.startswith("limit reached (memory): ")  # held, or needed by the first table
    assert said.endswith("no instance was started (the tables built before it stay cached)")
    assert not out.exists() or not out.read_text()


def test_a_coset_table_past_the_bound_points_to_korfs_tables(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from statesearch.cube.tables import coset_cache

    def too_large(variant: str, metric: str, log: object = None) -> None:
        reserve(2**40, "reading the coset table")  # a stand-in for the 5 GB not built here

    monkeypatch.setattr(coset_cache, "require_table", too_large)
    code = main(["solve", "cube", "R U", "-H", "coset", "--max-memory", "4G"])
    said = one_line(capsys)
    assert code == 4, said
    assert "reading the coset table needs 1,048,576 MB more" in said
    assert "(-H korf reads 165 MB of tables)" in said


def test_memory_the_machine_cannot_give_is_a_memory_limit_not_an_internal_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under a ulimit, say, MemAvailable promises more than an allocation gets: the table's
    read ended in 'internal error (not your input): MemoryError', exit 70."""
    from statesearch.cube.tables import coset_cache

    def refused(variant: str, metric: str, log: object = None) -> None:
        raise MemoryError("Unable to allocate 2.34 GiB")

    monkeypatch.setattr(coset_cache, "require_table", refused)
    code = main(["solve", "cube", "R U", "-H", "coset"])
    said = one_line(capsys)
    assert code == 4, said
    assert said.startswith("limit reached (memory): before the search began: the machine ran out")


def test_npuzzle_astar_stops_before_its_tables_past_max_memory(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The compiled A* of a 3x4 board keeps g and the parent move of each of 12! boards (2 bytes
    a board, 958 MB): asked of the bound before they are allocated, not after."""
    held = resident_bytes()
    bound = megabytes_above_what_is_held(200 * MB)
    board = "1 2 3 4 5 6 7 8 9 10 0 11"
    code = main(["solve", "npuzzle", board, "--rows", "3", "-a", "astar", "--max-memory", bound])
    said = one_line(capsys)
    assert code == 4, said
    assert "limit reached (memory)" in said
    assert "making the compiled A*'s tables (2 bytes a board) needs 915 MB more" in said
    assert resident_bytes() < held + 200 * MB  # the tables were never allocated
    code = main(["solve", "npuzzle", board, "--rows", "3", "-a", "astar", "--json"])
    assert code == 0 and json.loads(capsys.readouterr().out)["status"] == "solved"


def test_a_big_maze_s_moves_are_bounded_before_they_are_worked_out() -> None:
    side = 1500  # the moves of 2.25 M cells: about 36 MB reserved at once
    maze = Maze(["." * side] * side, 8, "avoid", (0, 0), (side - 1, side - 1))
    result = solve(maze, "astar", engine="python", limits=bound_above_what_is_held(8 * MB))
    assert result.status.value == "limit_reached" and result.limit == "memory"
    assert result.reason.startswith("working out the maze's moves needs")
    assert result.stats.expanded == 0 and "moves" not in str(maze.kernel_tables)
    assert result.hint.startswith("jump point search keeps only its jump points")  # not IDA*
    four = Maze(["." * side] * side, 4, "avoid", (0, 0), (side - 1, side - 1))
    result = solve(four, "astar", engine="python", limits=bound_above_what_is_held(8 * MB))
    assert result.limit == "memory" and result.hint.startswith("allow more memory")
