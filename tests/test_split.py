"""The split IDA* agrees with the serial search: the same length, and exactly the same node
counts in every completed iteration, on local workers and on a Dask cluster."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from helpers import iterations_add_up, replay
from statesearch import LimitKind, Limits, Status, solve
from statesearch.batch.dask_pool import DaskPool
from statesearch.batch.local_pool import LocalPool
from statesearch.batch.split import split_ida_star, walk_top
from statesearch.core.limits import Meter
from statesearch.core.outcome import Found
from statesearch.core.result import Stats
from statesearch.errors import InputError
from statesearch.npuzzle import NPuzzle, random_board
from statesearch.npuzzle.benchmarks import load
from statesearch.npuzzle.compiled import FrameSearch, ida_star
from test_batch import Cluster, dask_cluster  # noqa: F401  (the session's cluster fixture)

KORF_GOAL = tuple(range(16))
_, INSTANCES = load("korf100")


@pytest.fixture(scope="module")
def pool() -> Iterator[LocalPool]:
    workers = LocalPool(2)
    try:
        yield workers
    finally:
        workers.close()


def korf(number: int) -> NPuzzle:
    return NPuzzle(INSTANCES[number - 1].tiles, 4, 4, KORF_GOAL)


def serial(puzzle: NPuzzle, heuristic: str) -> tuple[Found, Stats]:
    """The serial search with the kernel the split runs on each subtree (it counts as every
    compiled and Python IDA* does: test_compiled)."""
    stats = Stats()
    found = ida_star(FrameSearch(puzzle, heuristic), puzzle, Meter(Limits()), stats)
    assert isinstance(found, Found)
    return found, stats


def agree(puzzle: NPuzzle, heuristic: str, pool: Any, optimal: int, **options: Any) -> None:
    found, stats = serial(puzzle, heuristic)
    split = split_ida_star(puzzle, heuristic, pool=pool, serial_below=0, **options)
    assert split.status is Status.SOLVED and split.optimal
    assert split.length == len(found.actions) == optimal
    replay(puzzle, split)
    # Every iteration but the last is complete: counted exactly; the last stops early.
    assert split.stats.iterations[:-1] == stats.iterations[:-1]
    assert split.stats.iterations[-1][0] == stats.iterations[-1][0]
    assert len(split.stats.iterations) > 3


@pytest.mark.parametrize(
    ("number", "heuristic", "per_worker"),
    [(12, "manhattan", 16), (79, "linear_conflict", 32)],
)
def test_the_split_search_counts_as_the_serial_one(
    pool: LocalPool, number: int, heuristic: str, per_worker: int
) -> None:
    agree(korf(number), heuristic, pool, INSTANCES[number - 1].optimal, per_worker=per_worker)


def test_the_split_search_with_a_pattern_database(pool: LocalPool) -> None:
    puzzle = NPuzzle(random_board(3, 4, seed=5), 3, 4, partition="4-4-3")
    optimal = solve(puzzle, "idastar", "linear_conflict").length
    assert optimal is not None
    agree(puzzle, "pdb", pool, optimal, per_worker=8)


def test_the_frontier_is_walked_as_the_kernel_walks(pool: LocalPool) -> None:
    """The nodes above the frontier plus their subtrees are the whole iteration."""
    puzzle = korf(12)
    bound = 43
    estimate = puzzle.heuristics["manhattan"].fn
    whole = {i.bound: i.expanded for i in serial(puzzle, "manhattan")[1].iterations}[bound]
    top = walk_top(puzzle, estimate, bound, 6)
    assert top.nodes and all(len(n.moves) == 6 for n in top.nodes)
    assert len({n.moves for n in top.nodes}) == len(top.nodes)
    assert top.counts.expanded < whole


def test_a_dask_cluster_runs_the_split(dask_cluster: Cluster) -> None:  # noqa: F811
    workers = DaskPool(dask_cluster.address)
    try:
        agree(korf(12), "manhattan", workers, INSTANCES[11].optimal, per_worker=4)
    finally:
        workers.close()


def test_budgets_and_cancelling_stop_the_split(pool: LocalPool) -> None:
    puzzle = korf(16)
    capped = split_ida_star(
        puzzle, "manhattan", Limits(max_expanded=2_000_000), pool=pool, serial_below=0
    )
    assert capped.status is Status.LIMIT_REACHED and capped.limit is LimitKind.EXPANDED
    assert capped.stats.expanded >= 2_000_000
    iterations_add_up(capped)  # the iteration the budget stopped too, partial
    stop = threading.Event()
    stop.set()
    cancelled = split_ida_star(puzzle, "manhattan", pool=pool, cancel=stop)
    assert cancelled.limit is LimitKind.CANCELLED
    iterations_add_up(cancelled)


def test_parity_and_bad_heuristics(pool: LocalPool) -> None:
    tiles = list(korf(12).initial)
    tiles[1], tiles[2] = tiles[2], tiles[1]
    odd = NPuzzle(tuple(tiles), 4, 4, KORF_GOAL)
    assert split_ida_star(odd, "manhattan", pool=pool).status is Status.UNSOLVABLE
    with pytest.raises(InputError, match="the split IDA\\* takes"):
        split_ida_star(korf(12), "misplaced", pool=pool)
