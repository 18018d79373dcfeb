"""Pattern databases: never above the true distance, exact where they should be, and a cache
that detects damage and survives concurrent builds."""

from __future__ import annotations

import itertools
import json
import multiprocessing
from collections import deque
from pathlib import Path

import numpy as np
import pytest

from helpers import distances_to
from statesearch import InputError, solve
from statesearch.cache import cache_dir
from statesearch.cli import main
from statesearch.npuzzle import NPuzzle
from statesearch.npuzzle.pdb import GroupKey, check, load_or_build, partition_groups
from statesearch.npuzzle.pdb_build import rank_cells
from statesearch.npuzzle.pdb_lookup import PatternDatabase

EIGHT_GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def test_8_puzzle_exact_table_is_the_true_distance() -> None:
    puzzle = NPuzzle(EIGHT_GOAL, 3, 3)
    pdb = PatternDatabase(3, 3, EIGHT_GOAL, "exact")
    dist = distances_to(puzzle, EIGHT_GOAL)
    assert all(pdb.value(state) == d for state, d in dist.items())
    unreachable = (2, 8, 1, 4, 6, 3, 0, 7, 5)
    assert pdb.value(unreachable) == float("inf")


@pytest.mark.parametrize("partition", ["4-3", "1,2,5,6/3,4,7", "exact"])
def test_2x4_tables_never_overestimate(partition: str) -> None:
    goal = (1, 2, 3, 4, 5, 6, 7, 0)
    puzzle = NPuzzle(goal, 2, 4, goal)
    pdb = PatternDatabase(2, 4, goal, partition)
    dist = distances_to(puzzle, goal)
    assert len(dist) == 20_160
    for state, d in dist.items():
        h = pdb.value(state)
        assert h <= d
        if partition == "exact":
            assert h == d


def _pattern_space_distances(
    goal: tuple[int, ...], rows: int, cols: int, group: tuple[int, ...]
) -> dict[tuple[int, ...], int]:
    """An independent 0-1 BFS over (tile cells, blank cell): a move of a group tile costs 1,
    any other move 0. Returns the minimum over blank cells for every placement."""
    n = rows * cols
    home = {t: c for c, t in enumerate(goal)}
    start = (tuple(home[t] for t in group), home[0])
    best = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        cells, blank = state
        r, c = divmod(blank, cols)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if not (0 <= r + dr < rows and 0 <= c + dc < cols):
                continue
            other = (r + dr) * cols + c + dc
            moved = [other == x for x in cells]
            cost = 1 if any(moved) else 0
            new_cells = tuple(blank if m else x for x, m in zip(cells, moved, strict=True))
            nxt = (new_cells, other)
            d = best[state] + cost
            if d < best.get(nxt, 1 << 30):
                best[nxt] = d
                if cost:
                    queue.append(nxt)
                else:
                    queue.appendleft(nxt)
    out: dict[tuple[int, ...], int] = {}
    for (cells, _), d in best.items():
        out[cells] = min(d, out.get(cells, 1 << 30))
    assert len(out) == len(list(itertools.permutations(range(n), len(group))))
    return out


@pytest.mark.parametrize(
    ("group", "goal"), [((1, 2, 3), tuple(range(16))), ((5, 10, 15), (*range(1, 16), 0))]
)
def test_15_puzzle_group_table_matches_pattern_space_bfs(
    group: tuple[int, ...], goal: tuple[int, ...]
) -> None:
    table = load_or_build(GroupKey(4, 4, goal, group))
    expected = _pattern_space_distances(goal, 4, 4, group)
    for cells, d in expected.items():
        assert table[rank_cells(np.array(cells), len(group), 16)] == d


def test_partitions() -> None:
    assert partition_groups(4, 4, None) == partition_groups(4, 4, "6-6-3")
    assert partition_groups(2, 4, "4-3") == ((1, 2, 3, 4), (5, 6, 7))
    for bad in ("1,2/3", "5-5", "x", "1,2,3,4,5,6,7,7"):
        with pytest.raises(InputError):
            partition_groups(2, 4, bad)


def test_korf_ten_easiest_with_a_small_partition(capsys: pytest.CaptureFixture[str]) -> None:
    from statesearch.npuzzle.benchmarks import load

    _, instances = load("korf100")
    easiest = sorted(instances, key=lambda i: i.optimal)[:10]
    ids = ",".join(str(i.id) for i in easiest)
    code = main(["bench", "korf100", "--partition", "5-5-5", "--ids", ids])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "10/10 solved, 0 wrong" in out


def test_pdb_solves_a_15_puzzle_with_reflection() -> None:
    goal = tuple(range(16))
    puzzle = NPuzzle((4, 1, 2, 3, 8, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15), 4, 4, goal, "5-5-5")
    assert puzzle.pattern_database.mirror
    result = solve(puzzle, "idastar", "pdb")
    assert result.length == 2 and result.engine == "compiled"


def _small_key() -> GroupKey:
    return GroupKey(2, 3, (1, 2, 3, 4, 5, 0), (1, 2, 3))


def test_damaged_tables_are_detected_and_rebuilt() -> None:
    key = _small_key()
    good = load_or_build(key)
    directory = cache_dir()
    table_file, meta_file = directory / f"{key.name}.npy", directory / f"{key.name}.json"
    assert check(key, directory) is None

    table_file.write_bytes(table_file.read_bytes()[:-7])  # truncated
    assert check(key, directory) is not None
    assert (load_or_build(key) == good).all()
    assert check(key, directory) is None

    damaged = good.copy()
    damaged[5] ^= 1
    np.save(table_file, damaged)  # same size, wrong content
    assert check(key, directory) == "checksum mismatch (damaged)"
    assert (load_or_build(key) == good).all()

    meta = json.loads(meta_file.read_text())
    meta["goal"] = [0, 1, 2, 3, 4, 5]
    meta_file.write_text(json.dumps(meta))
    assert check(key, directory) == "made for other parameters (goal)"
    code = main(["pdb", "verify"])
    assert code == 1
    assert (load_or_build(key) == good).all()
    assert main(["pdb", "verify"]) == 0


def _build_in_child(_: int) -> bool:
    key = GroupKey(2, 4, (1, 2, 3, 4, 5, 6, 7, 0), (2, 3, 4, 5))
    return bool(load_or_build(key, rebuild=True).max() < 255)


def test_concurrent_builds_leave_a_sound_table() -> None:
    with multiprocessing.get_context("fork").Pool(2) as pool:
        assert all(pool.map(_build_in_child, range(4)))
    key = GroupKey(2, 4, (1, 2, 3, 4, 5, 6, 7, 0), (2, 3, 4, 5))
    assert check(key, cache_dir()) is None
    # None of the builds' temporary files is left (other tables' may be in the making: a
    # server's worker warming up in this process's cache).
    assert not list(cache_dir().glob(f"{key.name}*.tmp"))


def test_pdb_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pdb", "build", "2x4", "--partition", "4-3"]) == 0
    assert "2 tables ready" in capsys.readouterr().out
    assert main(["pdb", "list"]) == 0
    listed = capsys.readouterr().out
    names = [path.name for path in cache_dir().glob("2x4-*.npy")]
    assert len(names) >= 2 and all(name in listed for name in names)  # whole, in 80 columns
    assert "blank-last" in listed and "1,680" in listed and "…" not in listed
    assert main(["pdb", "build", "nine"]) == 2
    assert "cannot read board size" in capsys.readouterr().err


def test_compact_lookups_equal_spread_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Groups too big to spread (the 8 tiles of 7-8) are read at the rank of their packed cells.
    Forcing every group of 5-5-5 that way must change nothing: not an estimate, not a count."""
    from statesearch.npuzzle import pdb_lookup, scramble

    goal = tuple(range(16))
    boards = [scramble(goal, 4, 4, 50, seed) for seed in range(4)]

    def solve_all() -> tuple[list[float], list[tuple[object, ...]]]:
        pdb_lookup.loaded.cache_clear()
        puzzles = [NPuzzle(b, 4, 4, goal, "5-5-5") for b in boards]
        values = [p.pattern_database.value(p.initial) for p in puzzles]
        results = [solve(p, "idastar", "pdb", engine="compiled") for p in puzzles]
        assert all(bool(p.pattern_database.packed.any()) == compact for p in puzzles)
        return values, [(r.length, r.stats.expanded, r.stats.generated) for r in results]

    compact = False
    spread = solve_all()
    monkeypatch.setattr(pdb_lookup, "MAX_SPREAD", 1)
    compact = True
    packed = solve_all()
    pdb_lookup.loaded.cache_clear()
    assert packed == spread


def test_pdb_build_stops_at_its_time_limit_and_keeps_what_it_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from statesearch.cli import main

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    assert main(["pdb", "build", "15", "--time-limit", "1"]) == 4
    assert "limit reached (time)" in " ".join(capsys.readouterr().out.split())
    assert not list(tmp_path.glob("*.tmp*"))  # nothing half-written left behind


@pytest.mark.parametrize(("n", "tiles"), [(4, 1), (6, 3), (9, 4), (16, 3)])
def test_a_spread_table_holds_each_placements_entry_at_its_cell_sum(n: int, tiles: int) -> None:
    """Every placement's entry sits at sum(cell_i * n**i); indices where two tiles would share
    a cell hold 0."""
    from statesearch.npuzzle.pdb_build import placements
    from statesearch.npuzzle.pdb_lookup import spread_table

    compact = (np.arange(placements(n, tiles)) % 250 + 1).astype(np.uint8)
    expected = np.zeros(n**tiles, dtype=np.uint8)
    for cells in itertools.permutations(range(n), tiles):
        at = sum(c * n**i for i, c in enumerate(cells))
        expected[at] = compact[rank_cells(np.array(cells), tiles, n)]
    assert (spread_table(compact, tiles, n) == expected).all()


def test_partition_sizes_that_miss_the_board_say_what_adds_up() -> None:
    """'cannot read partition '4-3': use ... sizes like 4-3' was said on the 3x3, where 4-3 is
    readable but covers 7 of its 8 tiles."""
    with pytest.raises(InputError) as said:
        partition_groups(3, 3, "4-3")
    assert str(said.value) == (
        "partition '4-3' adds up to 7; the 3x3 has 8 tiles: sizes must add up to 8, e.g. 4-4"
    )
    with pytest.raises(InputError, match="adds up to 7; the 4x4 has 15 tiles"):
        partition_groups(4, 4, "4-3")


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (3, 3), (2, 4), (3, 4), (4, 4), (4, 5), (5, 5)])
def test_the_partitions_an_error_suggests_fit_the_board(rows: int, cols: int) -> None:
    """Every example in the message is a partition of this board a search builds on demand."""
    import re

    from statesearch.npuzzle.pdb import ON_DEMAND_MAX_PLACEMENTS
    from statesearch.npuzzle.pdb_build import placements

    with pytest.raises(InputError) as said:
        partition_groups(rows, cols, "nonsense")
    shown = re.search(r"sizes like (\S+), or groups like (\S+)$", str(said.value))
    assert shown is not None, str(said.value)
    with pytest.raises(InputError) as wrong_total:
        partition_groups(rows, cols, "1-1")
    suggested = str(wrong_total.value).rsplit("e.g. ", 1)[1]
    for example in (*shown.groups(), suggested):
        groups = partition_groups(rows, cols, example)
        assert len(groups) >= 2
        assert max(placements(rows * cols, len(g)) for g in groups) <= ON_DEMAND_MAX_PLACEMENTS


def test_the_build_a_search_asks_for_is_for_its_goal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 24-puzzle's tables are built by hand, once; the command the refusal gave built them
    for blank-last, whatever the board's goal, so a blank-first search asked again."""
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    board = " ".join(map(str, [1, 0, *range(2, 25)]))
    code = main(["solve", "npuzzle", board, "--goal", "blank-first", "-H", "pdb"])
    err = capsys.readouterr().err
    assert code == 2 and err.strip().endswith(
        "statesearch pdb build 5x5 --partition 6-6-6-6 --goal blank-first"
    )
    near_last = " ".join(map(str, [*range(1, 24), 0, 24]))  # for the default goal, blank-last
    assert main(["solve", "npuzzle", near_last, "-H", "pdb"]) == 2
    assert capsys.readouterr().err.strip().endswith("--partition 6-6-6-6")
