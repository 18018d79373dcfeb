"""The 3x3x3's tables: the symmetries against sticker-level conjugation, the coset table
against plain breadth-first searches, the pattern databases' admissibility, and the cache
(damaged tables rebuilt, never used; an unwritable cache costs only a rebuild)."""

from __future__ import annotations

import functools
import random
import threading
from pathlib import Path

import numpy as np
import pytest
from numba import njit

from statesearch import table_store as store
from statesearch.core.limits import LimitHit, LimitKind, Limits, Meter, Snapshot, metering
from statesearch.cube import Cube, Cubies, random_cube
from statesearch.cube.compiled.coset_lookup import (
    UD_MOVES,
    inverse_entry,
    lookup_tables,
    packed,
    turned_cube,
    ud_views,
    view_coordinates,
    view_cubies,
)
from statesearch.cube.model.cubies import from_colours
from statesearch.cube.model.facelets import conjugate, keep_ud_axis
from statesearch.cube.model.reading import after
from statesearch.cube.model.state import move_cubies, state_of
from statesearch.cube.tables.breadth import distances
from statesearch.cube.tables.coset_build import full_flip
from statesearch.cube.tables.coset_cache import (
    bounds_name,
    build_and_store,
    is_stored,
    stored_table,
)
from statesearch.cube.tables.coset_coords import CosetCoordinates, coset_moves, moved
from statesearch.cube.tables.coset_table import (
    LAYOUTS,
    SOLVED_COSET,
    CosetTable,
    build_table,
    classes,
)
from statesearch.cube.tables.korf import load_tables
from statesearch.cube.tables.patterns import Pattern
from statesearch.cube.tables.symmetry import AXES, axis_moves, flip_image, symmetry_tables


@functools.cache
def small_table(variant: str) -> CosetTable:
    """A coset table that builds in a second, once per session."""
    return build_table(variant, "htm")


SMALL_GROUPS = [(False, (0, 1, 2, 3)), (True, (0, 1, 2, 3)), (True, (8, 9, 10, 11))]


def scrambled(rng: random.Random, length: int) -> Cubies:
    return after(Cubies.solved(3), [rng.randrange(18) for _ in range(length)])


def test_symmetries_act_on_coordinates_as_on_stickers() -> None:
    t = symmetry_tables()
    rng = random.Random(5)
    for _ in range(40):
        cube = random_cube(3, rng)
        c = CosetCoordinates.of(cube)
        for s, m in enumerate(keep_ud_axis()):
            seen = CosetCoordinates.of(from_colours(conjugate(cube.colours(), m).tolist(), 3))
            assert seen == CosetCoordinates(
                int(t.layer[c.layer, s]),
                int(t.twist[c.twist, s]),
                flip_image(t, c.flip, c.slice, s),
                int(t.slice[c.slice, s]),
            )


def test_views_follow_moves() -> None:
    """Seen from another axis, a position turned by m is the view turned by m's image."""
    rng = random.Random(6)
    for _ in range(30):
        cube = scrambled(rng, 25)
        m = rng.randrange(18)
        before = view_coordinates(state_of(cube))
        later = view_coordinates(state_of(cube * move_cubies(3, m)))
        for a in range(len(AXES)):
            assert moved(before[a], int(axis_moves()[a, m])) == later[a]
        # The whole cube seen in a view follows the same moves (the compiled search keeps it).
        cubes, cubes_later = (
            view_cubies(state_of(cube)),
            view_cubies(state_of(cube * move_cubies(3, m))),
        )
        for a in range(len(AXES)):
            assert CosetCoordinates.of(cubes[a]) == before[a]
            assert cubes[a] * move_cubies(3, int(axis_moves()[a, m])) == cubes_later[a]


@njit
def _turned_and_inverse(corners: int, edges: int, move: int, t: tuple) -> tuple:  # type: ignore[type-arg]
    turned_corners, turned_edges = turned_cube(corners, edges, move, t)
    return turned_corners, turned_edges, inverse_entry(turned_corners, turned_edges, t)


@pytest.mark.parametrize("variant", ["no-flip", "no-twist"])
def test_the_inverse_coset_is_read_off_the_packed_cube(variant: str) -> None:
    """The compiled search's packed cube follows a move, and the entry of its inverse's coset
    read off it is the one the coordinates give (no-flip checks the twists, no-twist the
    flips); a turn of U or D leaves the inverse's coset as it was."""
    table = small_table(variant)
    t = lookup_tables(table)
    rng = random.Random(12)
    for _ in range(40):
        cube = random_cube(3, rng)
        for m in range(18):
            child = cube * move_cubies(3, m)
            corners, edges, index = _turned_and_inverse(*packed(cube), m, t)
            assert (corners, edges) == packed(child)
            assert index == table.index(CosetCoordinates.of(child.inverse()))
            if m in (0, 1, 2, 9, 10, 11):
                assert CosetCoordinates.of(child.inverse()) == CosetCoordinates.of(cube.inverse())


def test_every_child_keeps_one_inverse_coset_of_its_parent() -> None:
    """Each move is a turn of U or D in exactly one view, and in that view the child's inverse
    is in its parent's inverse's coset: the compiled search takes that view's bound from the
    parent (and gives the child up on it before any read); ``ud_views`` names that view."""
    rng = random.Random(13)
    for _ in range(20):
        cube = random_cube(3, rng)
        for m in range(18):
            views = [a for a in range(len(AXES)) if UD_MOVES >> int(axis_moves()[a, m]) & 1]
            assert views == [ud_views()[m]]
            a = views[0]
            child = view_cubies(state_of(cube * move_cubies(3, m)))[a]
            parent = view_cubies(state_of(cube))[a]
            assert CosetCoordinates.of(child.inverse()) == CosetCoordinates.of(parent.inverse())


def test_corner_classes() -> None:
    full = classes(True)
    assert full.count == 9930  # as Rokicki counts them (nxopt)
    assert (full.stabiliser & 1).all()  # the identity keeps every representative
    assert classes(False).count == 14


def raw_distances(variant: str, depth: int | None = None) -> dict[CosetCoordinates, int]:
    """The cosets of a variant within ``depth`` moves (all of them when ``None``), by a plain
    breadth-first search over the coordinates' move tables, without symmetries."""
    layout = LAYOUTS[variant]
    m = coset_moves()
    layer, twist, flip, slice_ = (t.tolist() for t in (m.layer, m.twist, m.flip, m.slice))
    start = (0, 0, 0, SOLVED_COSET.slice)
    seen = {start: 0}
    frontier = [start]
    d = 0
    while frontier and (depth is None or d < depth):
        d += 1
        following = []
        for lc, tc, fc, sc in frontier:
            for mv in range(18):
                child = (
                    layer[lc][mv],
                    twist[tc][mv] if layout.twist else 0,
                    flip[fc][mv] if layout.flip else 0,
                    slice_[sc][mv],
                )
                if child not in seen:
                    seen[child] = d
                    following.append(child)
        frontier = following
    return {CosetCoordinates(*c): d for c, d in seen.items()}


def test_the_smallest_coset_table_equals_a_plain_bfs_everywhere() -> None:
    table = small_table("layers")
    raw = raw_distances("layers")
    assert len(raw) == 70 * 495
    assert max(raw.values()) == len(table.layers) - 1
    for c, d in raw.items():
        assert table.code(c) == d % 3
    for c in list(raw)[::500]:
        assert table.exact_distance(c) == raw[c]


def expected_bound(distance: int, base: int) -> int:
    """What the bounds say of a coset ``distance`` away (``CosetTable.bound``)."""
    if distance <= base:
        return 0
    return distance if distance <= base + 3 else base + 1 + (distance - base - 1) % 3


def test_bounds_equal_a_plain_bfs_everywhere() -> None:
    table = small_table("layers")
    assert table.base == int(np.argmax(table.layers)) - 2
    for c, d in raw_distances("layers").items():
        assert table.bound(c) == expected_bound(d, table.base)


@pytest.mark.parametrize("variant", ["no-flip", "no-twist"])
def test_bounds_of_random_cosets(variant: str) -> None:
    """Against the exact distances (``exact_distance``) of random cosets, and of cosets near the
    goal (all within the base); no-twist reaches past ``base + 3``."""
    table = small_table(variant)
    rng = random.Random(9)
    seen = set()
    for _ in range(60):
        c = CosetCoordinates.of(random_cube(3, rng))
        d = table.exact_distance(c)
        seen.add(d)
        assert table.bound(c) == expected_bound(d, table.base) <= d
    assert seen > {table.base + 1, table.base + 2}
    for c in raw_distances(variant, 2):
        assert table.bound(c) == 0


@pytest.mark.parametrize("variant", ["no-flip", "no-twist"])
def test_coset_tables_equal_a_plain_bfs_near_the_goal(variant: str) -> None:
    table = small_table(variant)
    assert sum(table.layers) == table.entries()  # every entry reached
    near = raw_distances(variant, 3)
    for c, d in near.items():
        assert table.code(c) == d % 3
    for c in list(near)[::97]:
        assert table.exact_distance(c) == near[c]
    rng = random.Random(4)
    for _ in range(30):
        c = CosetCoordinates.of(random_cube(3, rng))
        c = CosetCoordinates(
            c.layer, c.twist * LAYOUTS[variant].twist, c.flip * LAYOUTS[variant].flip, c.slice
        )
        assert (table.exact_distance(c) <= 3) == (c in near)


def test_pattern_databases_are_admissible_and_consistent() -> None:
    tables = load_tables(SMALL_GROUPS, "htm")
    cube = Cube().with_tables(patterns=tables)
    korf = cube.heuristics["korf"]
    assert korf(cube.goal) == 0
    near = {cube.goal: 0}
    frontier = [cube.goal]
    for d in range(1, 4):  # every position within 3 moves, with its exact distance
        frontier = [c for s in frontier for _, c, _ in cube.successors(s) if c not in near]
        for c in frontier:
            near.setdefault(c, d)
    for state, d in near.items():
        assert korf(state) <= d
    rng = random.Random(3)
    for _ in range(200):
        state = state_of(scrambled(rng, rng.randint(0, 30)))
        h = korf(state)
        assert all(abs(korf(child) - h) <= 1 for _, child, _ in cube.successors(state))


def test_coset_estimate_is_admissible_near_the_goal() -> None:
    table = small_table("no-flip")
    cube = Cube().with_tables(coset=table)
    coset = cube.heuristics["coset"]
    rng = random.Random(8)
    for length in range(0, 8):
        for _ in range(3):
            start = scrambled(rng, length)
            assert coset(state_of(start)) <= length


def _table(name: str) -> Pattern:
    moves = coset_moves()
    flips = np.array([full_flip(np.int64(i)) for i in range(2048)])
    turn = (moves.flip[flips] & 2047).astype(np.int32)
    place = np.zeros((1, 18), dtype=np.int32)
    identity = np.arange(2048, dtype=np.int32)[:, None]
    return Pattern(name, False, (), (), tuple(range(18)), True, place, turn, place, identity)


def test_damaged_tables_are_rebuilt_never_used(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    builds = []

    def build() -> np.ndarray:
        builds.append(1)
        return distances(_table("flips"))[0]

    meta = {"table": "test flips"}
    first = store.load_or_build("cube-test", meta, build)
    again = store.load_or_build("cube-test", meta, build)
    assert len(builds) == 1 and np.array_equal(first, again)
    _, npy = store.files("cube-test")
    data = bytearray(npy.read_bytes())
    data[-5] ^= 0xFF  # one entry damaged
    npy.write_bytes(bytes(data))
    assert store.problem_with("cube-test", meta) == "checksum mismatch (damaged)"
    said: list[str] = []
    rebuilt = store.load_or_build("cube-test", meta, build, said.append)
    assert len(builds) == 2 and np.array_equal(rebuilt, first)
    assert "damaged" in said[0]
    assert store.problem_with("cube-test", {"table": "something else"}) is not None
    npy.write_bytes(npy.read_bytes()[:-5])  # cut short: its size against its header says so
    reason, table = store.load("cube-test", meta)
    assert table is None and reason is not None and reason.startswith("wrong size")


def test_stored_coset_tables_keep_their_bounds(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The bounds are stored beside the table; when they are missing, building derives them
    from the stored table instead of building it again."""
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    built = build_and_store("layers", "htm")
    stored = stored_table("layers", "htm")
    assert stored is not None and is_stored("layers", "htm")
    assert np.array_equal(stored.words, built.words)
    assert np.array_equal(stored.bounds, built.bounds)
    for path in store.files(bounds_name("layers", "htm")):
        path.unlink()
    assert stored_table("layers", "htm") is None and not is_stored("layers", "htm")
    said: list[str] = []
    again = build_and_store("layers", "htm", log=said.append)
    assert not any("building it" in line for line in said)
    assert any("deriving" in line for line in said)
    assert np.array_equal(again.bounds, built.bounds)


def test_an_unwritable_cache_keeps_the_table_in_memory(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    monkeypatch.setenv("STATESEARCH_CACHE", str(blocked))
    said: list[str] = []
    table = store.load_or_build("cube-test", {"table": "x"}, lambda: np.arange(5), said.append)
    assert list(table) == [0, 1, 2, 3, 4]
    assert any("kept in memory" in line for line in said)


def test_loading_the_coset_table_stops_between_chunks(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Ctrl-C while the table and its bounds were read and checksummed (5 GB, seconds) waited
    for the whole load: now the active meter is checked between chunks."""
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    build_and_store("layers", "htm")
    monkeypatch.setattr(store, "_CHUNK", 1024)  # many chunks from a small table
    cancel = threading.Event()
    reports: list[int] = []

    def press_ctrl_c_at_the_third_chunk(_: Snapshot) -> None:
        reports.append(1)
        if len(reports) == 3:
            cancel.set()

    meter = Meter(Limits(), cancel, press_ctrl_c_at_the_third_chunk, every=0)
    with metering(meter), pytest.raises(LimitHit) as stopped:
        stored_table("layers", "htm")
    assert stopped.value.kind is LimitKind.CANCELLED and len(reports) == 3
    assert stored_table("layers", "htm") is not None  # nothing was damaged


def test_a_stopped_table_build_names_the_tables_it_kept(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """`pdb build cube --time-limit 1.5` said "nothing kept" with the 2x2x2's table (and any
    table finished since) in the cache. The builders are stand-ins: the real ones take minutes."""
    from statesearch.cli import main
    from statesearch.cube.tables import coset_cache, korf, pocket

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    stand_in = np.zeros(4, dtype=np.uint8)

    def pocket_table(metric: str, log: object = None) -> np.ndarray:
        store.save(pocket.table_name(metric), pocket.table_meta(metric), stand_in, print)
        return stand_in

    monkeypatch.setattr(pocket, "distance_table", pocket_table)
    patterns = korf.table_names(metric="htm")

    def korf_tables_until(finished: int) -> object:
        def load_tables(**options: object) -> None:
            for _, name, meta in patterns[:finished]:
                store.save(name, meta, stand_in, print)
            if finished < len(patterns):
                raise LimitHit(LimitKind.TIME, "time limit of 1.5 s")

        return load_tables

    def coset_table_then_time_out(variant: str, metric: str, *_: object) -> None:
        store.save(
            coset_cache.table_name(variant, metric),
            coset_cache.table_meta(variant, metric),
            stand_in,
            print,
        )
        raise LimitHit(LimitKind.TIME, "time limit of 1.5 s")

    def said() -> str:
        assert main(["pdb", "build", "cube", "--time-limit", "1.5"]) == 4
        return " ".join(capsys.readouterr().out.split())

    monkeypatch.setattr(korf, "load_tables", korf_tables_until(1))
    assert said().endswith(
        "limit reached (time): time limit of 1.5 s; kept in the cache: the 2x2x2 distance "
        f"table (htm), the {patterns[0][0].name} pattern database"
    )
    monkeypatch.setattr(korf, "load_tables", korf_tables_until(len(patterns)))
    monkeypatch.setattr(coset_cache, "stored_table", lambda *_: None)
    monkeypatch.setattr(coset_cache, "build_and_store", coset_table_then_time_out)
    names = ", ".join(p.name for p, _, _ in patterns)
    assert said().endswith(
        f"the {names} pattern databases, the coset table (full, htm) without its bounds"
    )


def test_a_table_read_is_held_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading a table used to copy it out of a memory map, whose pages stayed in the process
    too: the 5 GB coset table took 9.8 GB and was refused under --max-memory 9G."""
    from statesearch.core.limits import resident_bytes

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    size = 128 << 20
    table = np.arange(size, dtype=np.uint8)  # not zeros: pages that are never touched cost none
    meta = {"table": "a test"}
    assert store.save("read-once", meta, table, print)
    del table
    before = resident_bytes()
    held: list[int] = []  # what the process holds at each check, between chunks of the read
    why, loaded = store.load("read-once", meta, lambda: held.append(resident_bytes()))
    assert why is None and loaded is not None and loaded[12345] == 12345 % 256
    assert len(held) > 8 and max(held) - before < 1.4 * size
