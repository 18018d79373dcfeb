"""One damage path for every table in the cache (``table_store``): a pattern database of the
n-puzzle, one of Korf's cube tables and the coset table, each damaged the same ways (a flipped
byte, a changed ``.npy`` header, metadata that is JSON but not an object), are each found before
the table is allocated, said in one line, and built again (the coset table, which a search
never builds, refused); never used."""

from __future__ import annotations

import builtins
import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from statesearch import table_store
from statesearch.cube.tables import coset_cache, korf
from statesearch.errors import InputError
from statesearch.npuzzle.pdb import GroupKey, load_or_build

PDB_KEY = GroupKey(2, 3, (1, 2, 3, 4, 5, 0), (1, 2, 3, 4, 5))
CORNERS = ((False, (0, 1)),)  # a small Korf-style pattern: two corners


def pdb_table(said: list[str]) -> np.ndarray:
    return load_or_build(PDB_KEY, log=said.append)


def korf_table(said: list[str]) -> np.ndarray:
    return korf.load_tables(CORNERS, "htm", log=said.append).tables[0]


def coset_words(said: list[str]) -> np.ndarray | None:
    table = coset_cache.stored_table("layers", "htm", said.append)
    return None if table is None else table.words


KINDS: dict[str, tuple[Callable[[], str], Callable[[list[str]], np.ndarray | None]]] = {
    "pattern database": (lambda: PDB_KEY.name, pdb_table),
    "Korf's table": (lambda: korf.table_names(CORNERS)[0][1], korf_table),
    "coset table": (lambda: coset_cache.table_name("layers", "htm"), coset_words),
}


def flipped_byte(npy: Path, meta: Path) -> None:
    data = bytearray(npy.read_bytes())
    data[-3] ^= 1
    npy.write_bytes(bytes(data))


def huge_shape(npy: Path, meta: Path) -> None:
    """The header's first size times ten million, the header's length kept (its padding)."""
    data = npy.read_bytes()
    end = data.index(b"\n") + 1
    header = re.sub(rb"'shape': \((\d+)", rb"'shape': (\g<1>0000000", data[:end], count=1)
    assert header[-8:-1] == b" " * 7
    npy.write_bytes(header[:-8] + b"\n" + data[end:])


def metadata_a_list(npy: Path, meta: Path) -> None:
    meta.write_text(json.dumps([]))


DAMAGE = {
    "a flipped byte": (flipped_byte, "checksum mismatch (damaged)"),
    "a huge shape in the header": (huge_shape, "damaged header"),
    "metadata a list": (metadata_a_list, "metadata is not a JSON object"),
}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_of_table_takes_the_same_damage_path(
    kind: str, damage: str, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, read = KINDS[kind]
    if kind == "coset table":
        coset_cache.build_and_store("layers", "htm")
    good = read([])
    assert good is not None
    meta_file, npy_file = table_store.files(name())
    harm, reason = DAMAGE[damage]
    harm(npy_file, meta_file)

    allocated: list[int] = []
    empty = np.empty

    def watched(shape: object, *args: object, **kwargs: object) -> np.ndarray:
        allocated.append(int(np.prod(shape)))  # type: ignore[call-overload]
        return empty(shape, *args, **kwargs)  # type: ignore[call-overload,no-any-return]

    monkeypatch.setattr(np, "empty", watched)
    said: list[str] = []
    again = read(said)
    monkeypatch.undo()
    assert all(n < good.size * 10**7 for n in allocated)  # nothing the damaged header asked
    assert len(said) == 1 and "\n" not in said[0] and reason in said[0], said
    if kind == "coset table":  # minutes to build: refused, with the command that builds it
        assert again is None and said[0].endswith("; not used")
        coset_cache._loaded.clear()
        with pytest.raises(InputError, match="statesearch cube tables"):
            coset_cache.require_table("layers", "htm")
    else:
        assert again is not None and np.array_equal(again, good)
        assert said[0].endswith(f": {reason}; building it") or "damaged header" in said[0]
        assert read([]) is not None and table_store.problem_with(name(), _meta(name())) is None


def _meta(name: str) -> dict[str, object]:
    record = table_store.notes(name)
    return {k: v for k, v in record.items() if k not in table_store.OWN_FIELDS}


def test_a_pattern_database_kept_by_the_older_format_is_read_as_it_is(cache: Path) -> None:
    """Tables on users' machines were written without a type and shape in their metadata:
    their checksum is the same, so they are read, not built again."""
    good = load_or_build(PDB_KEY)
    meta_file = table_store.files(PDB_KEY.name)[0]
    record = json.loads(meta_file.read_text())
    del record["dtype"], record["shape"]
    meta_file.write_text(json.dumps(record))
    said: list[str] = []
    assert np.array_equal(load_or_build(PDB_KEY, log=said.append), good)
    assert said == []


def test_a_pattern_database_is_read_once(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It was read and hashed to check it, then read again to use it."""
    load_or_build(PDB_KEY)
    opened: list[str] = []
    real_open = io.open

    def counted(file: object, *args: object, **kwargs: object) -> object:
        if str(file).endswith(".npy"):
            opened.append(Path(str(file)).name)
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(io, "open", counted)  # as pathlib opens
    monkeypatch.setattr(builtins, "open", counted)  # as numpy does
    load_or_build(PDB_KEY)
    monkeypatch.undo()
    assert opened == [f"{PDB_KEY.name}.npy"] * 2  # its header checked, then its data read


def test_a_damaged_table_too_large_for_a_search_is_refused_not_built(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search does not build a table of minutes: a damaged one is refused in one line that
    says how to build it, and left for ``pdb build``."""
    from statesearch.npuzzle import pdb
    from statesearch.npuzzle.pdb_lookup import PatternDatabase

    load_or_build(PDB_KEY)
    monkeypatch.setattr(pdb, "ON_DEMAND_MAX_PLACEMENTS", 100)  # the 720 entries are "large"
    flipped_byte(*reversed(table_store.files(PDB_KEY.name)))
    with pytest.raises(InputError, match="build it once with: statesearch pdb build 2x3") as err:
        PatternDatabase(2, 3, PDB_KEY.goal, "5")
    assert "\n" not in str(err.value)
    assert pdb.check(PDB_KEY) == "checksum mismatch (damaged)"  # not rebuilt
    assert PatternDatabase(2, 3, PDB_KEY.goal, "5", allow_large=True).value(PDB_KEY.goal) == 0
