"""IDA* on many workers: each iteration split into the subtrees below a frontier depth.

The search above the frontier is walked here, in the serial search's move order (Korf's U L R
D) with its pruning (no move undoes the last one, no node over the bound is entered), and
each frontier node becomes a task: the compiled loop kernel (``compiled.FrameSearch``)
started at that node, told the move that led to it, searching its subtree under the same
bound. The next bound is the smallest f over the bound in any part; a goal found in one
subtree stops the others. So every completed iteration counts exactly the nodes the serial
search counts (a frontier node once, here, where it is entered), and the first goal found has
the serial answer's length: with an admissible estimate every goal within an iteration's
bound lies at exactly that bound. The last iteration counts the work done until the others
stopped, which depends on timing.

Iterations small enough to finish in a moment run here, unsplit (``serial_below``). Tasks run
on a pool of worker processes (``statesearch.batch.pool``: this machine's processes or a Dask
cluster); each worker loads the estimate's tables once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from ..core.limits import LimitHit, LimitKind, Limits, Meter, counted_states
from ..core.outcome import Exhausted, Found, Outcome
from ..core.result import SearchResult, Stats
from ..errors import InputError
from ..facade import solve
from ..kernels.codes import FOUND, PAUSED
from ..kernels.ida_driver import IDA_REGISTERS, MAX_DEPTH, NO_F, Register
from ..npuzzle.board import Tiles
from ..npuzzle.compiled import FrameSearch, solution
from ..npuzzle.moves import MoveTables
from ..npuzzle.problem import NPuzzle

HEURISTICS = ("manhattan", "linear_conflict", "pdb")  # the loop kernel's estimates
PER_WORKER = 64  # subtrees per worker and iteration: their sizes vary by orders of magnitude
SERIAL_BELOW = 5_000_000  # an iteration after one this small runs unsplit (about a second)
TOP_MOST = 20_000  # nodes the walk above the frontier may enter (in Python: ~0.1 s)


@dataclass(frozen=True)
class Board:
    """What a worker needs to rebuild the puzzle (pattern databases load once per worker)."""

    rows: int
    cols: int
    goal: Tiles
    partition: str | None
    heuristic: str


@dataclass(frozen=True)
class Subtree:
    """A frontier node: its board and the moves (``MoveTables`` directions) that reach it."""

    tiles: Tiles
    moves: tuple[int, ...]


@dataclass
class Searched:
    """What searching a subtree (or the part above the frontier) found and counted."""

    expanded: int = 0
    generated: int = 0
    smallest: int = NO_F  # the smallest f over the bound (NO_F: nothing was cut)
    longest: int = 0  # the deepest path seen, in states, from the whole search's root
    seconds: float = 0.0  # CPU seconds of the search (the process's, so a busy machine
    # does not inflate it)
    found: tuple[int, ...] | None = None  # moves from the root to a goal
    stopped: tuple[LimitKind, str] | None = None  # a budget or the stop signal cut it short

    def add(self, other: Searched) -> None:
        self.expanded += other.expanded
        self.generated += other.generated
        self.smallest = min(self.smallest, other.smallest)
        self.longest = max(self.longest, other.longest)


class Pool(Protocol):
    """What the split search asks of ``statesearch.batch.pool.Pool``."""

    size: int

    def submit(self, key: Any, fn: Callable[..., Any], *args: Any) -> None: ...
    def done(self, timeout: float) -> list[Any]: ...
    def cancel(self, keys: Any) -> None: ...
    def flag(self) -> Any: ...


def search_subtree(
    board: Board, subtree: Subtree, bound: int, meter: Meter, counted: int = 0
) -> Searched:
    """The kernel's IDA* iteration below ``subtree`` (not counting the node itself), in slices
    with the meter's checks between them (``counted``: the expansions the meter has already
    seen); a budget that runs out ends it with ``stopped``."""
    started = time.process_time()
    depth = len(subtree.moves)
    puzzle = NPuzzle(subtree.tiles, board.rows, board.cols, board.goal, board.partition)
    search = FrameSearch(puzzle, board.heuristic, subtree.moves[-1] if depth else None)
    registers = np.zeros(IDA_REGISTERS, dtype=np.int64)
    registers[Register.BOUND] = bound - depth
    registers[Register.NEXT] = NO_F
    search.restart()
    part = Searched(longest=depth + 1)
    while True:
        room = max(meter.max_expanded - counted - int(registers[Register.EXPANDED]), 0)
        status = search.run(registers, min(search.slice, room))
        part.expanded, part.generated = (
            int(registers[Register.EXPANDED]),
            int(registers[Register.GENERATED]),
        )
        part.longest = max(part.longest, depth + int(registers[Register.DEPTH]) + 1)
        if status != PAUSED:
            break
        try:
            meter.checkpoint(counted + part.expanded)
        except LimitHit as hit:
            part.generated += 1  # the child the slice paused at, as the engine's walk counts it
            part.stopped = (hit.kind, hit.detail)
            break
    if status == FOUND:
        reached = int(registers[Register.DEPTH])
        part.found = subtree.moves + tuple(int(d) for d in search.path[:reached])
    elif registers[Register.NEXT] < NO_F:
        part.smallest = int(registers[Register.NEXT]) + depth
    part.seconds = time.process_time() - started
    return part


def subtree_task(board: Board, subtree: Subtree, bound: int, budget: Limits, stop: Any) -> Searched:
    """A worker's task: ``search_subtree`` under its share of the budgets, stopping when
    ``stop`` is set (a subtree elsewhere found the goal)."""
    if stop.is_set():
        return Searched(stopped=(LimitKind.CANCELLED, "cancelled"))
    return search_subtree(board, subtree, bound, Meter(budget, stop))


@dataclass
class Top:
    """The search above the frontier: its counts, and the frontier nodes in move order."""

    counts: Searched = field(default_factory=Searched)
    nodes: list[Subtree] = field(default_factory=list)


def walk_top(puzzle: NPuzzle, estimate: Callable[[Tiles], float], bound: int, depth: int) -> Top:
    """Walk from the root to ``depth`` as the kernel would (move order, pruning, counting the
    nodes entered), collecting the nodes entered at ``depth``; stops at a goal."""
    tables = MoveTables(puzzle.rows, puzzle.cols)
    top = Top(Searched(longest=1))
    counts = top.counts

    def visit(tiles: list[int], blank: int, back: int, moves: tuple[int, ...]) -> None:
        g = len(moves) + 1
        for move in range(4):
            cell = int(tables.cell_after[blank * 4 + move])
            if move == back or cell < 0:
                continue
            counts.generated += 1
            tiles[blank], tiles[cell] = tiles[cell], 0
            child = tuple(tiles)
            h = int(estimate(child))
            if g + h > bound:
                counts.smallest = min(counts.smallest, g + h)
            else:
                counts.expanded += 1
                counts.longest = max(counts.longest, g + 1)
                path = (*moves, move)
                if h == 0:
                    counts.found = path
                elif g == depth:
                    top.nodes.append(Subtree(child, path))
                else:
                    visit(tiles, cell, int(tables.opposite[move]), path)
            tiles[cell], tiles[blank] = tiles[blank], 0
            if counts.found:
                return

    visit(list(puzzle.initial), puzzle.initial.index(0), -1, ())
    return top


class SplitSearch:
    """The iterations of one split IDA*; ``run`` is the kernel the facade calls."""

    def __init__(
        self,
        puzzle: NPuzzle,
        heuristic: str,
        pool: Pool,
        per_worker: int = PER_WORKER,
        serial_below: int = SERIAL_BELOW,
        on_task: Callable[[int, Subtree, Searched], None] | None = None,
    ) -> None:
        self.puzzle, self.pool, self.on_task = puzzle, pool, on_task
        self.board = Board(puzzle.rows, puzzle.cols, puzzle.goal, puzzle.partition, heuristic)
        self.estimate = puzzle.heuristics[heuristic].fn
        self.want = per_worker * pool.size
        self.serial_below = serial_below
        self.depth = 1  # the frontier depth, kept from one iteration to the next

    def run(self, meter: Meter, stats: Stats) -> Outcome:
        depth_cap = min(meter.max_depth, MAX_DEPTH)
        bound = int(self.estimate(self.puzzle.initial))
        last = 0
        while True:
            if bound > depth_cap:
                return Exhausted(LimitKind.DEPTH)
            with stats.iteration(bound):  # one a limit stops too, as the serial driver's
                part = self.iteration(bound, last >= self.serial_below, meter, stats)
                if part.stopped:
                    raise LimitHit(*part.stopped)
            last = stats.iterations[-1].expanded
            if part.found is not None:
                return self.found(part.found)
            if part.smallest >= NO_F:
                return Exhausted()
            bound = part.smallest

    def iteration(self, bound: int, split: bool, meter: Meter, stats: Stats) -> Searched:
        """The root, counted once per iteration as the serial driver counts it, then the tree
        below it within ``bound``: here, or ``split`` into tasks when it is big enough."""
        meter.checkpoint(stats.expanded)
        meter.bound = bound
        stats.expanded += 1
        if self.puzzle.initial == self.puzzle.goal:
            return Searched(found=())
        top = self.frontier(bound) if split else None
        if top is None:
            root = Subtree(self.puzzle.initial, ())
            part = search_subtree(self.board, root, bound, meter, stats.expanded)
        else:
            part = self.split(top, bound, meter, stats.expanded)
        stats.expanded += part.expanded
        stats.generated += part.generated
        stats.pushed = stats.expanded - len(stats.iterations) - 1  # all but the roots
        stats.max_frontier = max(stats.max_frontier, part.longest)
        return part

    def found(self, moves: tuple[int, ...]) -> Found:
        order = MoveTables(self.puzzle.rows, self.puzzle.cols).order
        return solution(self.puzzle, np.array(moves, dtype=np.int64), order)

    def frontier(self, bound: int) -> Top | None:
        """The top of the tree down to the shallowest depth with enough subtrees (from the
        last iteration's depth on: the frontier only grows with the bound), or up to a goal;
        ``None`` when the tree is too small to be worth splitting."""
        while self.depth < bound:
            top = walk_top(self.puzzle, self.estimate, bound, self.depth)
            if top.counts.found or len(top.nodes) >= self.want:
                return top
            if top.counts.expanded > TOP_MOST:
                break
            self.depth += 1
        self.depth = 1
        return None

    def split(self, top: Top, bound: int, meter: Meter, expanded: int) -> Searched:
        """One iteration as tasks, in the serial search's order: the last iteration then
        meets the goal after about the work the serial search does before it, shared out."""
        total = top.counts
        if total.found:
            return total
        nodes = top.nodes
        left = meter.deadline - time.perf_counter()
        budget = Limits(
            time_limit=max(left, 1e-3) if left < float("inf") else None,
            max_expanded=max(meter.max_expanded - expanded - total.expanded, 0),
        )
        stop = self.pool.flag()
        for key, node in enumerate(nodes):
            self.pool.submit(key, subtree_task, self.board, node, bound, budget, stop.remote)
        waiting = set(range(len(nodes)))

        def halt(why: tuple[LimitKind, str] | None) -> None:
            if not (total.found or total.stopped):
                total.stopped = why
                stop.set()
                self.pool.cancel(set(waiting))

        while waiting:
            try:
                meter.check(expanded + total.expanded)
            except LimitHit as hit:
                halt((hit.kind, hit.detail))
            for done in self.pool.done(0.2):
                waiting.discard(done.key)
                if done.error:
                    halt(None)
                    raise RuntimeError(f"a subtree task failed: {done.error}")
                if done.cancelled:
                    continue
                part: Searched = done.value
                total.add(part)
                if self.on_task is not None:
                    self.on_task(bound, nodes[done.key], part)
                if part.found and not total.found:
                    halt(None)
                    total.found = part.found
                elif part.stopped:
                    halt(part.stopped)
                elif expanded + total.expanded >= meter.max_expanded:
                    detail = f"expanded {counted_states(expanded + total.expanded)} (max_expanded)"
                    halt((LimitKind.EXPANDED, detail))
        if total.found:
            total.stopped = None
        return total


def split_ida_star(
    puzzle: NPuzzle,
    heuristic: str,
    limits: Limits | None = None,
    *,
    pool: Pool,
    cancel: Any = None,
    meter: Meter | None = None,
    per_worker: int = PER_WORKER,
    serial_below: int = SERIAL_BELOW,
    on_task: Callable[[int, Subtree, Searched], None] | None = None,
) -> SearchResult[Any]:
    """IDA* with ``heuristic`` (manhattan, linear_conflict or pdb) split over ``pool``'s
    workers; the result means what ``solve(puzzle, "idastar", heuristic)`` returns (parity
    precheck, budgets, ``cancel``), and its completed iterations count the same nodes.

    A caller that bounds its own setup passes its ``meter`` instead of ``limits`` and
    ``cancel`` (as to ``solve``); the meter's progress callback sees the running counts.
    ``on_task(bound, subtree, searched)`` sees every task that finished (for measurements).
    With ``-H pdb`` give a puzzle whose tables are built: each worker loads them from the cache.
    """
    name = (heuristic or "").lower()
    if name not in HEURISTICS:
        raise InputError(
            "the split IDA* takes {choices}, not {name!r}", choices=", ".join(HEURISTICS), name=name
        )
    search = SplitSearch(puzzle, name, pool, per_worker, serial_below, on_task)
    split = _WithKernel(puzzle, search.run)
    return solve(
        split, "idastar", name, limits=limits, cancel=cancel, meter=meter, engine="compiled"
    )


class _WithKernel:
    """The puzzle, offering the split search as its compiled IDA*: the facade then makes the
    result (precheck, budgets, statuses) exactly as for any search."""

    def __init__(self, puzzle: NPuzzle, kernel: Callable[[Meter, Stats], Outcome]) -> None:
        self._puzzle, self._kernel = puzzle, kernel

    def __getattr__(self, name: str) -> Any:
        return getattr(self._puzzle, name)

    def compiled(
        self, algorithm: str, heuristic: str, weight: float, required: bool
    ) -> Callable[[Meter, Stats], Outcome] | None:
        return self._kernel if algorithm == "idastar" else None
