"""Admissible estimates of the moves left on a tilt board.

``nearest``
    The largest, over blocks, of the wall-aware distance from the block to its nearest target.
    A move shifts a block by at most one cell, so a block d cells away needs d moves at least.
``bottleneck``
    For the exact-set goal (as many blocks as targets, at most ``MATCH_LIMIT``; otherwise it is
    ``nearest``): the smallest possible largest distance over one-to-one matchings of blocks to
    targets. Blocks never merge or swap cells, so each
    ends on its own target and travels at least its distance there.
``directions``
    Every move goes in one direction, so the moves down are at least the largest net drop any
    block needs (to its best target for that purpose), and likewise up, left and right; the four
    counts add up. Under ``step=full`` a move can slide a block any distance, so each direction
    counts at most 1 — still admissible, and the only one here that is.
``best``
    The larger of ``bottleneck`` (or ``nearest``) and ``directions``.

Tried and not kept (measured by an earlier session, not re-run here): the exact distance in an
abstraction over pairs or triples of blocks, where a block may also stay put whenever the cell
ahead could hold a block outside the group (a relaxation, so a lower bound). It raised the
estimates of hard boards by a few moves against optimal lengths near 30, too little for A* to
come near the bidirectional search (``benchmarks/tilt_hard.py``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ..core.limits import Meter, active_meter
from .board import TiltBoard, cells_of
from .rules import Rules

Estimate = Callable[[int], int]
UNREACHABLE = 1 << 20
# Above this many blocks the bottleneck falls back to ``nearest`` (the compiled kernel's
# matching works on 64-bit target sets, and a board's tables grow with each target).
MATCH_LIMIT = 12
CHECK_EVERY = 4096  # cells a distance table visits between looks at the clock


def distances_from(board: TiltBoard, sources: list[int], meter: Meter | None = None) -> list[int]:
    """Wall-aware BFS distance (4-neighbour steps) from the nearest of ``sources`` to each cell;
    ``meter`` (else the running search's) bounds the work by its clock and cancel flag."""
    meter = meter or active_meter()
    w, n = board.width, board.cells
    dist = [UNREACHABLE] * n
    queue = deque(sources)
    for s in sources:
        dist[s] = 0
    visited = 0
    while queue:
        if meter is not None and visited % CHECK_EVERY == 0:
            meter.check()  # on the first cell too: a board's tables are many small searches
        cell = queue.popleft()
        visited += 1
        r, c = divmod(cell, w)
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            nxt = nr * w + nc
            inside = 0 <= nr < board.height and 0 <= nc < w
            if inside and not board.walls >> nxt & 1 and dist[nxt] == UNREACHABLE:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return dist


def make_nearest(board: TiltBoard, meter: Meter | None = None) -> Estimate:
    dist = distances_from(board, cells_of(board.targets), meter)

    def nearest(blocks: int) -> int:
        return max(dist[c] for c in cells_of(blocks))

    return nearest


def matched(board: TiltBoard) -> bool:
    """Whether the bottleneck matches blocks to targets here (else it is ``nearest``)."""
    count = board.targets.bit_count()
    return count == board.blocks.bit_count() and count <= MATCH_LIMIT


def make_bottleneck(board: TiltBoard, meter: Meter | None = None) -> Estimate:
    if not matched(board):
        return make_nearest(board, meter)
    table = [distances_from(board, [t], meter) for t in cells_of(board.targets)]

    def bottleneck(blocks: int) -> int:
        cells = cells_of(blocks)
        if len(cells) != len(table):  # merged blocks
            return max(min(row[c] for row in table) for c in cells)
        limits = sorted({row[c] for row in table for c in cells})
        low, high = 0, len(limits) - 1
        while low < high:  # the smallest limit that admits a perfect matching
            mid = (low + high) // 2
            if _perfect(cells, table, limits[mid]):
                high = mid
            else:
                low = mid + 1
        return limits[low]

    return bottleneck


def _perfect(cells: list[int], table: list[list[int]], limit: int) -> bool:
    """Can every block take its own target within ``limit`` steps? (augmenting paths)"""
    owner: dict[int, int] = {}

    def place(b: int, seen: set[int]) -> bool:
        for t, row in enumerate(table):
            if row[cells[b]] <= limit and t not in seen:
                seen.add(t)
                if t not in owner or place(owner[t], seen):
                    owner[t] = b
                    return True
        return False

    return all(place(b, set()) for b in range(len(cells)))


def direction_needs(board: TiltBoard, rules: Rules) -> list[int]:
    """``needs[d * cells + cell]``: the moves in direction d (U, D, L, R) a block on ``cell``
    needs at least, to its best target for that direction (at most 1 under full steps): up,
    as far as the lowest target row is above it, and so on."""
    w = board.width
    rows = [t // w for t in cells_of(board.targets)]
    cols = [t % w for t in cells_of(board.targets)]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    cap = 1 if rules.step == "full" else UNREACHABLE
    needs = [0] * (4 * board.cells)
    for cell in range(board.cells):
        r, c = divmod(cell, w)
        wanted = (max(0, r - bottom), max(0, top - r), max(0, c - right), max(0, left - c))
        for d, amount in enumerate(wanted):
            needs[d * board.cells + cell] = min(amount, cap)
    return needs


def make_directions(board: TiltBoard, rules: Rules) -> Estimate:
    needs = direction_needs(board, rules)
    rows = [needs[d * board.cells : (d + 1) * board.cells] for d in range(4)]

    def directions(blocks: int) -> int:
        cells = cells_of(blocks)
        return sum(max(row[c] for c in cells) for row in rows)

    return directions


def make_best(board: TiltBoard, rules: Rules, meter: Meter | None = None) -> Estimate:
    directions = make_directions(board, rules)
    if rules.step == "full":
        return directions
    distance = (
        make_bottleneck(board, meter) if rules.collide == "block" else make_nearest(board, meter)
    )

    def best(blocks: int) -> int:
        return max(distance(blocks), directions(blocks))

    return best
