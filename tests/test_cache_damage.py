"""Damage to the cache: every kind is detected, reported in one line, rebuilt (in memory when
the cache cannot be written), never used, and never a traceback."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import statesearch.cache
from statesearch.cli import main
from statesearch.npuzzle.pdb import GroupKey, check, load_or_build

KEY = GroupKey(2, 3, (1, 2, 3, 4, 5, 0), (1, 2, 3, 4, 5))  # one group: the exact 2x3 table
BOARD = ["solve", "npuzzle", "4 1 3/2 5 0", "-H", "pdb", "--partition", "5"]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "cache"
    monkeypatch.setenv("STATESEARCH_CACHE", str(directory))
    load_or_build(KEY)
    return directory


def files(directory: Path) -> tuple[Path, Path]:
    return directory / f"{KEY.name}.npy", directory / f"{KEY.name}.json"


def empty_table(d: Path) -> None:
    files(d)[0].write_bytes(b"")


def truncated_table(d: Path) -> None:
    table = files(d)[0]
    table.write_bytes(table.read_bytes()[:-9])


def flipped_byte(d: Path) -> None:
    table = files(d)[0]
    data = bytearray(table.read_bytes())
    data[-3] ^= 1
    table.write_bytes(bytes(data))


def metadata(value: object) -> Callable[[Path], None]:
    def write(d: Path) -> None:
        files(d)[1].write_text(json.dumps(value))

    return write


def metadata_garbage(d: Path) -> None:
    files(d)[1].write_bytes(b"\xff{not json")


def metadata_deleted(d: Path) -> None:
    files(d)[1].unlink()


def table_deleted(d: Path) -> None:
    files(d)[0].unlink()


def table_is_a_directory(d: Path) -> None:
    files(d)[0].unlink()
    files(d)[0].mkdir()


def metadata_is_a_directory(d: Path) -> None:
    files(d)[1].unlink()
    files(d)[1].mkdir()


def wrong_dtype(d: Path) -> None:
    np.save(files(d)[0], np.load(files(d)[0]).astype(np.int64))


def header_changed(old: bytes, new: bytes) -> Callable[[Path], None]:
    """One field of the .npy header changed in place (a bit flip does it), its padding kept."""

    def write(d: Path) -> None:
        table = files(d)[0]
        data = table.read_bytes()
        assert old in data[:128]
        padding = b" " * (len(new) - len(old))
        table.write_bytes(data.replace(old + padding, new, 1))

    return write


DAMAGE = {
    "a header's shape 655 TiB": header_changed(b"(720,), }", b"(720000000000000,), }"),
    "a header's type changed": header_changed(b"'|u1'", b"'<u8'"),
    "an empty .npy": empty_table,
    "a truncated .npy": truncated_table,
    "one flipped byte": flipped_byte,
    "metadata []": metadata([]),
    "metadata null": metadata(None),
    "metadata a string": metadata("x"),
    "metadata of another goal": None,  # filled in below
    "metadata not JSON": metadata_garbage,
    "metadata deleted": metadata_deleted,
    "table deleted": table_deleted,
    "the .npy a directory": table_is_a_directory,
    "the .json a directory": metadata_is_a_directory,
    "a table of another type": wrong_dtype,
}


def other_goal(d: Path) -> None:
    meta = json.loads(files(d)[1].read_text())
    meta["goal"] = [0, 1, 2, 3, 4, 5]
    files(d)[1].write_text(json.dumps(meta))


DAMAGE["metadata of another goal"] = other_goal


@pytest.mark.parametrize("damage", list(DAMAGE), ids=list(DAMAGE))
@pytest.mark.parametrize("writable", [True, False], ids=["writable", "read-only"])
def test_damage_is_found_and_never_used(
    damage: str,
    writable: bool,
    cache: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    good = load_or_build(KEY).copy()
    DAMAGE[damage](cache)  # type: ignore[misc]
    assert check(KEY, cache) is not None
    if not writable:  # as a read-only directory answers (the tests may run as root)
        monkeypatch.setattr(statesearch.cache, "write_atomically", refuse_to_write)
    assert main(["pdb", "verify"]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert main(BOARD) == 0  # solved with a table rebuilt from nothing
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "solved: 6 moves (optimal)" in out
    assert (load_or_build(KEY) == good).all()
    assert (check(KEY, cache) is None) == writable  # repaired on disk, or left as it was
    assert not list(cache.glob("*.tmp"))


def refuse_to_write(path: Path, write: Callable[[Path], None]) -> None:
    raise PermissionError(13, "Permission denied", str(path))


# A 2x4 board solved by the IDA* compiled for its shape (an object file in the cache).
COMPILED_2X4 = ["solve", "npuzzle", "1 2 3 4 5 6 7 0", "--rows", "2", "-a", "idastar"]
COMPILED_2X4 += ["-H", "manhattan", "--engine", "compiled"]


def test_damaged_compiled_code_is_recompiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from statesearch.npuzzle import specialized

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    specialized.forget_compiled()
    assert main(COMPILED_2X4) == 0
    (code,) = tmp_path.glob("ida-manhattan-2x4-*.o")
    code.write_bytes(code.read_bytes()[:-50])
    assert main(["pdb", "verify"]) == 1
    specialized.forget_compiled()
    assert main(COMPILED_2X4) == 0
    assert main(["pdb", "verify"]) == 0
    shutil.rmtree(tmp_path)
    specialized.forget_compiled()


def test_pdb_list_and_verify_cover_the_cubes_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cube's tables share the cache (5 GB of it, built by pdb build cube): list and verify
    showed only the n-puzzle's."""
    from statesearch.cube.tables import pocket

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    pocket.distance_table.cache_clear()  # kept in the process by an earlier test, maybe
    pocket.distance_table("htm")
    meta = tmp_path / "cube-coset-full-htm.json"  # the coset table packs 32 entries a word
    meta.write_text(
        json.dumps(
            {
                "table": "3x3x3 coset distances mod 3",
                "metric": "htm",
                "entries": 10_066_636_800,
                "shape": [314_582_400],
            }
        )
    )
    assert main(["pdb", "list"]) == 0
    listed = capsys.readouterr().out
    assert "cube-2x2x2-distances-htm.npy" in listed and "2x2x2 distances" in listed
    assert "10,066,636,800" in listed and "…" not in listed
    meta.unlink()
    assert main(["pdb", "verify"]) == 0
    assert "cube-2x2x2-distances-htm.npy: ok" in capsys.readouterr().out
    table = tmp_path / "cube-2x2x2-distances-htm.npy"
    damaged = bytearray(table.read_bytes())
    damaged[-1] ^= 1
    table.write_bytes(bytes(damaged))
    assert main(["pdb", "verify"]) == 1
    said = capsys.readouterr().out
    assert "cube-2x2x2-distances-htm.npy: checksum mismatch (damaged)" in said
    assert said.rstrip().endswith("1 unsound")


def test_pdb_build_into_a_cache_that_is_a_file_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """It said 'cannot write ... (File exists)', then '1 table ready', exit 0, keeping nothing."""
    not_a_folder = tmp_path / "cache"
    not_a_folder.write_text("")
    monkeypatch.setenv("STATESEARCH_CACHE", str(not_a_folder))
    assert main(["pdb", "build", "2x3"]) == 2
    out, err = capsys.readouterr()
    said = " ".join((out + err).split())
    assert f"({not_a_folder} is a file, not a folder: set STATESEARCH_CACHE to a folder)" in said
    assert "error: the tables were built but could not be kept in the cache" in said
    assert "ready" not in said


def test_a_damaged_cube_header_is_rebuilt_before_anything_is_allocated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 39: a changed shape in cube-2x2x2-distances-htm.npy made every 2x2x2 solve answer
    "ran out of memory" (np.empty of the header's terabytes) until the file was deleted."""
    from statesearch import table_store as store
    from statesearch.cube.tables import pocket

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    pocket.distance_table.cache_clear()
    good = pocket.distance_table("htm").copy()
    pocket.distance_table.cache_clear()
    table = tmp_path / "cube-2x2x2-distances-htm.npy"
    data = table.read_bytes()
    assert b"(3674160,), }  " in data[:128]
    wrong = b"(3674160000000000,), }"  # 3.7 PB
    table.write_bytes(data.replace(b"(3674160,), }" + b" " * 9, wrong, 1))
    name, meta = "cube-2x2x2-distances-htm", store.notes("cube-2x2x2-distances-htm")
    meta = {k: v for k, v in meta.items() if k not in ("dtype", "shape", "checksum")}
    for reason in (store.load(name, meta)[0], store.problem_with(name, meta)):
        assert reason is not None and "damaged header" in reason and "(3674160,)" in reason
    said: list[str] = []
    rebuilt = pocket.distance_table("htm", said.append)
    pocket.distance_table.cache_clear()
    assert np.array_equal(rebuilt, good)
    assert len(said) == 1 and "\n" not in said[0] and "damaged header" in said[0]
    assert store.problem_with(name, meta) is None  # rebuilt in place
