"""numba kernels for the sliding-tile puzzle.

They work on plain numpy arrays (a board is ``int8[n]``, 0 the blank) and know nothing of the
engine; ``compiled.py`` adapts them. Directions are numbered in the engine's order, down, up,
right, left (0, 1, 2, 3), so ``d ^ 1`` is the opposite direction.

The depth-first kernels are *resumable*: all of their state lives in arrays owned by the caller,
and they return after a given number of expansions. The caller checks the clock and the budgets
between slices, so a time limit or a cancelled web request stops a search within milliseconds
without numba ever reading a clock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np
from numba import njit

from ..intrinsics import popcount
from .heuristics import board_lines, longest_increasing
from .pdb_build import rank_cells

# Status codes returned by the kernels.
FOUND, EXHAUSTED, PAUSED = 0, 1, 2
# Registers of a resumable IDA* search (an int64 array owned by the caller).
R_DEPTH, R_THRESHOLD, R_NEXT, R_EXPANDED, R_GENERATED = range(5)
REGISTERS = 5
U = np.uint64  # unsigned index type for the hot loops

# A frame of the depth-first kernels: one word per depth holding all that a backtrack restores,
# in one load: the node's blank cell, the next direction to try there, the direction that would
# undo the move into it (NO_MOVE at the root) and its estimate (two for the PDB kernel: the sums
# for the board and for its mirror image). The move taken from depth d is next(frames[d]) - 1.
F_NEXT, F_BACK, F_H, F_H_MIRROR = U(8), U(12), U(16), U(40)
F_CELL, F_DIRECTION, F_ESTIMATE = U(0xFF), U(0xF), U(0xFFFFFF)
NO_MOVE = U(4)
IDA_MAX_CELLS = int(F_CELL) + 1
Unsigned = int | np.uint64
Signed = int | np.int64


@njit(cache=True)
def frame(blank: Unsigned, d: Unsigned, back: Unsigned, h: Signed, h_mirror: Signed) -> np.uint64:
    """Pack a frame (``root_frame`` for depth 0)."""
    return U(blank) | U(d) << F_NEXT | U(back) << F_BACK | U(h) << F_H | U(h_mirror) << F_H_MIRROR


@njit(cache=True)
def unpack(top: np.uint64) -> tuple[np.uint64, np.uint64, np.uint64, np.int64, np.int64]:
    """A frame's blank cell, next direction, undoing direction, estimate and mirror estimate."""
    return (
        top & F_CELL,
        (top >> F_NEXT) & F_DIRECTION,
        (top >> F_BACK) & F_DIRECTION,
        np.int64((top >> F_H) & F_ESTIMATE),
        np.int64(top >> F_H_MIRROR),
    )


@njit(cache=True)
def child_cell(cell_after: np.ndarray, blank: np.uint64, move: np.uint64, back: np.uint64) -> int:
    """Where the blank goes with ``move``; -1 if that leaves the board or undoes the last move."""
    if move == back:
        return -1
    return cell_after[blank * U(4) + move]


def root_frame(blank: int, h: int, h_mirror: int = 0) -> np.uint64:
    """The frame the caller puts at depth 0 before each IDA* iteration (``frame`` in Python:
    calling the compiled one would load it from numba's cache first)."""
    return U(blank | int(NO_MOVE) << int(F_BACK) | h << int(F_H) | h_mirror << int(F_H_MIRROR))


# The order the compiled IDA* tries the blank's moves: Korf's (up, left, right, down), so its
# node counts can be checked against the published ones.
KORF_ORDER = "ULRD"
STEP = {"D": (1, 0), "U": (-1, 0), "R": (0, 1), "L": (0, -1)}
OPPOSITE = {"D": "U", "U": "D", "R": "L", "L": "R"}


class MoveTables:
    """Flat tables for a rows x cols board and a direction order.

    ``cell_after[cell * 4 + d]`` is where the blank goes moving in direction ``d`` (-1: off the
    board); ``opposite[d]`` is the direction that undoes ``d``.
    """

    def __init__(self, rows: int, cols: int, order: str = KORF_ORDER) -> None:
        self.order = order
        n = rows * cols
        self.cell_after = np.full(n * 4, -1, dtype=np.int8)
        for cell in range(n):
            r, c = divmod(cell, cols)
            for d, name in enumerate(order):
                dr, dc = STEP[name]
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    self.cell_after[cell * 4 + d] = (r + dr) * cols + c + dc
        self.opposite = np.array([order.index(OPPOSITE[name]) for name in order], dtype=np.uint8)


def manhattan_table(goal: np.ndarray, cols: int) -> np.ndarray:
    """``table[tile, cell]``: Manhattan distance of ``tile`` on ``cell`` from its goal cell."""
    n = len(goal)
    home = np.empty(n, dtype=np.int64)
    home[goal] = np.arange(n)
    table = np.zeros((n, n), dtype=np.int64)
    for tile in range(1, n):
        gr, gc = divmod(int(home[tile]), cols)
        for cell in range(n):
            table[tile, cell] = abs(cell // cols - gr) + abs(cell % cols - gc)
    return table


def manhattan_deltas(goal: np.ndarray, cols: int, tables: MoveTables) -> np.ndarray:
    """``delta[(tile * n + blank) * 4 + d]``: the change in Manhattan distance when the blank
    at ``blank`` moves in direction d (``tile`` slides from the blank's new cell into ``blank``)."""
    n = len(goal)
    home = np.empty(n, dtype=np.int64)
    home[goal] = np.arange(n)
    delta = np.zeros(n * n * 4, dtype=np.int8)
    for tile in range(1, n):
        gr, gc = divmod(int(home[tile]), cols)
        for blank in range(n):
            for d in range(4):
                cell = tables.cell_after[blank * 4 + d]
                if cell < 0:
                    continue
                before = abs(cell // cols - gr) + abs(cell % cols - gc)
                after = abs(blank // cols - gr) + abs(blank % cols - gc)
                delta[(tile * n + blank) * 4 + d] = after - before
    return delta


class ConflictTables:
    """What the IDA* kernel needs to keep linear conflicts up to date move by move.

    Each line (rows first, then columns) has a code: digit p (base ``length + 1``) is 1 + the
    goal position along the line of the tile on the line's p-th cell if that tile belongs to
    the line, else 0. ``conflicts[base[line] + code]`` is the number of tiles that must leave
    the line (count minus the longest increasing run, as ``heuristics.make_linear_conflict``).
    A move takes one tile out of a line and into a parallel one at the same position:
    ``leave[m]``, ``enter[m]`` and ``place[m]`` (the position's weight) for ``m = blank * 4 + d``;
    and it moves the tile one position along the line it moves in, ``along[m]``, whose code
    changes by the tile's digit times ``shift[m]`` (its conflicts do not: the order stays).
    ``digit[tile * lines + line]`` is the tile's digit on that line.
    """

    MAX_SIDE = 6  # 7^6 codes per line: the tables stay small

    def __init__(self, goal: np.ndarray, rows: int, cols: int, moves: MoveTables) -> None:
        n = rows * cols
        self.lines = rows + cols
        self.cells = cells = board_lines(rows, cols)
        self.digit = np.zeros(n * self.lines, dtype=np.int64)
        for line, members in enumerate(cells):
            for position, cell in enumerate(members):
                if goal[cell]:
                    self.digit[int(goal[cell]) * self.lines + line] = position + 1
        # One table for the rows (cols cells long), one for the columns.
        along_row, along_column = _conflict_table(cols), _conflict_table(rows)
        self.conflicts = np.concatenate([along_row, along_column]).astype(np.int64)
        self.base = np.array([0] * rows + [len(along_row)] * cols, dtype=np.int64)
        self.leave = np.zeros(n * 4, dtype=np.int64)
        self.enter = np.zeros(n * 4, dtype=np.int64)
        self.place = np.zeros(n * 4, dtype=np.int64)
        self.along = np.zeros(n * 4, dtype=np.int64)
        self.shift = np.zeros(n * 4, dtype=np.int64)
        for blank in range(n):
            for d in range(4):
                cell = int(moves.cell_after[blank * 4 + d])
                if cell < 0:
                    continue
                (br, bc), (cr, cc) = divmod(blank, cols), divmod(cell, cols)
                m = blank * 4 + d
                if bc == cc:  # vertical: the tile leaves the cell's row for the blank's
                    self.leave[m], self.enter[m] = cr, br
                    self.place[m] = (cols + 1) ** cc
                    self.along[m] = rows + cc
                    self.shift[m] = (rows + 1) ** br - (rows + 1) ** cr
                else:  # horizontal: from the cell's column into the blank's
                    self.leave[m], self.enter[m] = rows + cc, rows + bc
                    self.place[m] = (rows + 1) ** cr
                    self.along[m] = cr
                    self.shift[m] = (cols + 1) ** bc - (cols + 1) ** cc

    @property
    def arrays(self) -> tuple[np.ndarray, ...]:
        """The kernel's arguments after ``codes``."""
        return (
            self.digit,
            self.conflicts,
            self.base,
            self.leave,
            self.enter,
            self.place,
            self.along,
            self.shift,
        )

    def codes(self, tiles: np.ndarray) -> np.ndarray:
        out = np.zeros(self.lines, dtype=np.int64)
        for line, members in enumerate(self.cells):
            base = len(members) + 1
            for position, cell in enumerate(members):
                out[line] += int(self.digit[int(tiles[cell]) * self.lines + line]) * base**position
        return out


def _conflict_table(length: int) -> np.ndarray:
    base = length + 1
    table = np.zeros(base**length, dtype=np.int8)
    for code in range(base**length):
        digits = [(code // base**p) % base for p in range(length)]
        seq = [v for v in digits if v]
        table[code] = len(seq) - longest_increasing(seq) if seq else 0
    return table


def _ida_manhattan_kernel(with_conflicts: bool) -> Callable[..., int]:
    """The IDA* kernel for Manhattan distance, with or without linear conflicts. numba freezes
    ``with_conflicts`` into each compiled copy, so plain Manhattan does not pay a test per node
    for the conflicts (a fifth of its node rate when it was an argument)."""

    @njit(cache=True)
    def ida_manhattan_slice(
        tiles: np.ndarray,
        cell_after: np.ndarray,
        opposite: np.ndarray,
        delta: np.ndarray,
        regs: np.ndarray,
        frames: np.ndarray,
        path: np.ndarray,
        slice_expansions: int,
        codes: np.ndarray,
        digit: np.ndarray,
        conflicts: np.ndarray,
        base: np.ndarray,
        leave: np.ndarray,
        enter: np.ndarray,
        place: np.ndarray,
        along: np.ndarray,
        shift: np.ndarray,
    ) -> int:
        """Run one IDA* iteration (bound ``regs[R_THRESHOLD]``) for up to ``slice_expansions``,
        with Manhattan distance, plus linear conflicts if the kernel was made ``with_conflicts``
        (``ConflictTables``; the line ``codes`` are kept current; unused otherwise).

        ``frames[d]`` is the frame of the node at depth d (``root_frame`` at depth 0). Counting: a
        node is expanded when it is visited within the bound (the caller counts the root once per
        iteration); generated counts the children produced, never the move that undoes the last
        one. Returns FOUND (``regs[R_DEPTH]`` moves in ``path``), EXHAUSTED (``regs[R_NEXT]`` holds
        the smallest f over the bound) or PAUSED.

        Indices are unsigned (``U``) so numba can skip its negative-index wraparound checks, and
        a node's state is one word: together they gave half as much again as the node rate of a
        loop that kept the path, the next choice and the estimate in three arrays.
        """
        n = U(tiles.shape[0])
        lines = U(codes.shape[0])
        depth, threshold, smallest, expanded, generated = _resume(regs)
        stop_at = expanded + slice_expansions
        blank, d, back, h, _ = unpack(frames[depth])
        status = EXHAUSTED
        while True:
            if d == NO_MOVE:
                if depth == U(0):
                    break
                # Back up: undo the move that led here (direction next - 1 from the parent).
                depth -= U(1)
                parent, d, back, h, _ = unpack(frames[depth])
                tile = _slide(tiles, parent, blank)
                if with_conflicts:
                    m = parent * U(4) + d - U(1)
                    a, b = U(leave[m]), U(enter[m])
                    codes[a] += digit[tile * lines + a] * place[m]
                    codes[b] -= digit[tile * lines + b] * place[m]
                    codes[along[m]] -= digit[tile * lines + U(along[m])] * shift[m]
                blank = parent
                continue
            move = d
            d += U(1)
            to = child_cell(cell_after, blank, move, back)
            if to < 0:
                continue
            cell = U(to)
            tile = U(tiles[cell])
            generated += 1
            h2 = h + delta[(tile * n + blank) * U(4) + move]
            if with_conflicts:
                m = blank * U(4) + move
                a, b = U(leave[m]), U(enter[m])
                was_a, was_b = codes[a], codes[b]
                now_a = was_a - digit[tile * lines + a] * place[m]
                now_b = was_b + digit[tile * lines + b] * place[m]
                h2 += 2 * (
                    conflicts[base[a] + now_a]
                    - conflicts[base[a] + was_a]
                    + conflicts[base[b] + now_b]
                    - conflicts[base[b] + was_b]
                )
            f = np.int64(depth) + 1 + h2
            if f > threshold:
                if f < smallest:
                    smallest = f
                continue
            if with_conflicts:
                codes[a] = now_a
                codes[b] = now_b
                codes[along[m]] += digit[tile * lines + U(along[m])] * shift[m]
            tiles[blank] = tile
            tiles[cell] = 0
            frames[depth] = frame(blank, d, back, h, 0)
            depth += U(1)
            blank, d, back, h = cell, U(0), U(opposite[move]), h2
            expanded += 1
            if h == 0:
                status = FOUND
                break
            if expanded >= stop_at:
                status = PAUSED
                break
        frames[depth] = frame(blank, d, back, h, 0)
        _finish(regs, frames, path, status, depth, smallest, expanded, generated)
        return status

    return cast(Callable[..., int], ida_manhattan_slice)


ida_manhattan_slice = _ida_manhattan_kernel(with_conflicts=False)
ida_conflicts_slice = _ida_manhattan_kernel(with_conflicts=True)


@njit(cache=True)
def _resume(regs: np.ndarray) -> tuple[np.uint64, int, int, int, int]:
    """A slice's registers: depth, threshold, smallest f over it so far, expanded, generated."""
    return (
        U(regs[R_DEPTH]),
        regs[R_THRESHOLD],
        regs[R_NEXT],
        regs[R_EXPANDED],
        regs[R_GENERATED],
    )


@njit(cache=True)
def _slide(tiles: np.ndarray, cell: np.uint64, blank: np.uint64) -> np.uint64:
    """Slide the tile on ``cell`` into the blank; returns the tile."""
    tile = U(tiles[cell])
    tiles[blank] = tile
    tiles[cell] = 0
    return tile


@njit(cache=True)
def _finish(
    regs: np.ndarray,
    frames: np.ndarray,
    path: np.ndarray,
    status: int,
    depth: np.uint64,
    smallest: int,
    expanded: int,
    generated: int,
) -> None:
    """Save a slice's registers; on FOUND, read the path's directions off the frames."""
    regs[R_DEPTH] = depth
    regs[R_NEXT] = smallest
    regs[R_EXPANDED] = expanded
    regs[R_GENERATED] = generated
    if status == FOUND:
        for i in range(depth):
            path[i] = ((frames[i] >> F_NEXT) & F_DIRECTION) - U(1)


@njit(cache=True)
def spread_table(compact: np.ndarray, k: int, n: int) -> np.ndarray:
    """Re-lay a group's table by ``sum(cell_i * n**i)`` instead of the compact rank, so a move
    changes the index by ``(new - old) * n**i``: one add per lookup instead of an O(k^2) rank.
    Indices where two tiles would share a cell stay at 0 and are never read."""
    size = n**k
    spread = np.zeros(size, dtype=np.uint8)
    cells = np.empty(k, dtype=np.int64)
    for index in range(size):
        rest = index
        ok = True
        for i in range(k):
            cells[i] = rest % n
            rest //= n
            for j in range(i):
                if cells[j] == cells[i]:
                    ok = False
        if ok:
            spread[index] = compact[rank_cells(cells, k, n)]
    return spread


@njit(cache=True)
def pdb_indices(
    pos: np.ndarray,
    sigma_inv: np.ndarray,
    transpose: np.ndarray,
    group_tiles: np.ndarray,
    group_size: np.ndarray,
    weight: np.ndarray,
    index_n: np.ndarray,
    index_r: np.ndarray,
) -> None:
    """Each group's index (``sum(cell of tile * weight[tile])``), for the board and for its
    mirror image."""
    for g in range(group_size.shape[0]):
        a = 0
        b = 0
        for i in range(group_size[g]):
            u = group_tiles[g, i]
            a += pos[u] * weight[u]
            b += transpose[pos[sigma_inv[u]]] * weight[u]
        index_n[g] = a
        index_r[g] = b


@njit(cache=True)
def pdb_entry(
    tables: np.ndarray,
    offsets: np.ndarray,
    packed: np.ndarray,
    group_size: np.ndarray,
    n: int,
    g: int,
    index: int,
) -> int:
    """Group g's value at ``index``. A spread table (``packed[g] == 0``) is read at the index;
    a compact one (its spread layout would be too big) stores the group's cells packed in
    ``packed[g]`` bits each, and is read at their rank (as ``pdb_build.rank_cells``)."""
    bits = packed[g]
    if bits == 0:
        return tables[offsets[g] + index]
    mask = (1 << bits) - 1
    occupied = 0
    rank = 0
    for i in range(group_size[g]):
        c = (index >> (bits * i)) & mask
        rank = rank * (n - i) + c - popcount(occupied & ((1 << c) - 1))
        occupied |= 1 << c
    return tables[offsets[g] + rank]


@njit(cache=True)
def ida_pdb_slice(
    tiles: np.ndarray,
    cell_after: np.ndarray,
    opposite: np.ndarray,
    sigma: np.ndarray,
    transpose: np.ndarray,
    group_of: np.ndarray,
    weight: np.ndarray,
    offsets: np.ndarray,
    tables: np.ndarray,
    packed: np.ndarray,
    group_size: np.ndarray,
    reflect: bool,
    index_n: np.ndarray,
    index_r: np.ndarray,
    regs: np.ndarray,
    frames: np.ndarray,
    path: np.ndarray,
    slice_expansions: int,
) -> int:
    """IDA* on additive pattern databases; same contract and counting as
    ``ida_manhattan_slice``.

    ``index_n[g]``/``index_r[g]`` are group g's indices (``pdb_entry``) for the board and for its
    mirror image. Sliding tile t from ``cell`` to ``blank`` moves t's digit in its group (weight
    ``weight[t]``) and the digit of ``sigma[t]`` in the mirrored board, so each child costs two
    adds and two lookups. A frame keeps both sums; the estimate is the larger.
    """
    n = tiles.shape[0]
    depth, threshold, smallest, expanded, generated = _resume(regs)
    stop_at = expanded + slice_expansions
    blank, d, back, sum_n, sum_r = unpack(frames[depth])
    status = EXHAUSTED
    while True:
        if d == NO_MOVE:
            if depth == U(0):
                break
            depth -= U(1)
            parent, d, back, sum_n, sum_r = unpack(frames[depth])
            tile = _slide(tiles, parent, blank)
            gn = group_of[tile]
            index_n[gn] += (np.int64(blank) - np.int64(parent)) * weight[tile]
            mirror = sigma[tile]
            gr = group_of[mirror]
            index_r[gr] += (transpose[blank] - transpose[parent]) * weight[mirror]
            blank = parent
            continue
        move = d
        d += U(1)
        to = child_cell(cell_after, blank, move, back)
        if to < 0:
            continue
        cell = U(to)
        tile = U(tiles[cell])
        generated += 1
        gn = group_of[tile]
        new_index_n = index_n[gn] + (np.int64(blank) - np.int64(cell)) * weight[tile]
        # Spread tables are read in place; only packed groups pay for calls and ranks.
        if packed[gn] == 0:
            new_n = sum_n - tables[offsets[gn] + index_n[gn]] + tables[offsets[gn] + new_index_n]
        else:
            new_n = (
                sum_n
                - pdb_entry(tables, offsets, packed, group_size, n, gn, index_n[gn])
                + pdb_entry(tables, offsets, packed, group_size, n, gn, new_index_n)
            )
        h2 = new_n
        mirror = sigma[tile]
        gr = group_of[mirror]
        new_index_r = index_r[gr] + (transpose[blank] - transpose[cell]) * weight[mirror]
        new_r = sum_r
        if reflect:
            if packed[gr] == 0:
                new_r = (
                    sum_r - tables[offsets[gr] + index_r[gr]] + tables[offsets[gr] + new_index_r]
                )
            else:
                new_r = (
                    sum_r
                    - pdb_entry(tables, offsets, packed, group_size, n, gr, index_r[gr])
                    + pdb_entry(tables, offsets, packed, group_size, n, gr, new_index_r)
                )
            if new_r > h2:
                h2 = new_r
        f = np.int64(depth) + 1 + h2
        if f > threshold:
            if f < smallest:
                smallest = f
            continue
        tiles[blank] = tile
        tiles[cell] = 0
        index_n[gn] = new_index_n
        index_r[gr] = new_index_r
        frames[depth] = frame(blank, d, back, sum_n, sum_r)
        depth += U(1)
        blank, d, back, sum_n, sum_r = cell, U(0), U(opposite[move]), new_n, new_r
        expanded += 1
        if h2 == 0:
            status = FOUND
            break
        if expanded >= stop_at:
            status = PAUSED
            break
    frames[depth] = frame(blank, d, back, sum_n, sum_r)
    _finish(regs, frames, path, status, depth, smallest, expanded, generated)
    return status


# ---- A* on permutation-ranked boards (small boards: every state gets a slot in flat arrays) ----

# Heap keys pack (f, g, rank) so that plain integer order is the engine's ``classic`` tie-break:
# smaller f, then smaller g, then the smaller board (lexicographic rank keeps tuple order).
F_SHIFT, G_SHIFT, RANK_MASK = 48, 40, (1 << 40) - 1
A_EXPANDED, A_PUSHED, A_GENERATED, A_SIZE, A_MAX_SIZE, A_SEEN, A_GOAL, A_CUT, A_STOP = range(9)
A_REGISTERS = 9
# Why a PAUSED A* slice stopped (register A_STOP).
STOP_SLICE, STOP_EXPANDED, STOP_PUSHED, STOP_MEMORY = range(4)
NEED_ROOM = 3
H_ZERO, H_MISPLACED, H_MANHATTAN = 0, 1, 2


@njit(cache=True)
def rank_board(tiles: np.ndarray, factorial: np.ndarray) -> int:
    """Lexicographic rank of a permutation: boards compare like tuples, ranks like integers."""
    n = tiles.shape[0]
    r = 0
    for i in range(n):
        smaller = 0
        for j in range(i + 1, n):
            if tiles[j] < tiles[i]:
                smaller += 1
        r += smaller * factorial[n - 1 - i]
    return r


@njit(cache=True)
def unrank_board(r: int, n: int, factorial: np.ndarray, out: np.ndarray) -> None:
    used = np.zeros(n, dtype=np.bool_)
    for i in range(n):
        f = factorial[n - 1 - i]
        q = r // f
        r -= q * f
        for t in range(n):
            if not used[t]:
                if q == 0:
                    out[i] = t
                    used[t] = True
                    break
                q -= 1


@njit(cache=True)
def _estimate(tiles: np.ndarray, goal: np.ndarray, md: np.ndarray, kind: int) -> int:
    if kind == H_ZERO:
        return 0
    h = 0
    for cell in range(tiles.shape[0]):
        t = tiles[cell]
        if t != 0:
            if kind == H_MISPLACED:
                if goal[cell] != t:
                    h += 1
            else:
                h += md[t, cell]
    return h


@njit(cache=True)
def _heap_push(heap: np.ndarray, size: int, key: np.int64) -> int:
    i = size
    heap[i] = key
    while i > 0:
        parent = (i - 1) >> 1
        if heap[parent] <= key:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = key
    return size + 1


@njit(cache=True)
def _heap_pop(heap: np.ndarray, size: int) -> np.int64:
    top: np.int64 = heap[0]
    size -= 1
    last = heap[size]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= last:
            break
        heap[i] = heap[child]
        i = child
    if size > 0:
        heap[i] = last
    return top


@njit(cache=True)
def astar_slice(
    heap: np.ndarray,
    g: np.ndarray,
    came: np.ndarray,
    goal: np.ndarray,
    goal_rank: int,
    md: np.ndarray,
    kind: int,
    weight: int,
    cell_after: np.ndarray,
    factorial: np.ndarray,
    regs: np.ndarray,
    max_expanded: int,
    max_pushed: int,
    max_seen: int,
    max_depth: int,
    slice_expansions: int,
) -> int:
    """A* with the classic tie-break and the engine's counting, resumable like the IDA* slices.

    ``g[rank]`` is 255 for boards not seen yet; ``came[rank]`` the direction the blank moved to
    reach the board. Returns FOUND, EXHAUSTED, PAUSED (a slice or a budget ended: the caller
    tells which) or NEED_ROOM (the heap array is full; grow it and call again).
    """
    n = goal.shape[0]
    tiles = np.empty(n, dtype=np.int64)
    stop_at = regs[A_EXPANDED] + slice_expansions
    while regs[A_SIZE] > 0:
        if regs[A_SIZE] + 4 > heap.shape[0]:
            return NEED_ROOM
        if regs[A_EXPANDED] >= stop_at:
            regs[A_STOP] = STOP_SLICE
            return PAUSED
        key = heap[0]
        r = key & RANK_MASK
        gs = (key >> G_SHIFT) & 255
        if gs > g[r]:
            _heap_pop(heap, regs[A_SIZE])
            regs[A_SIZE] -= 1
            continue  # stale
        if regs[A_EXPANDED] >= max_expanded:
            regs[A_STOP] = STOP_EXPANDED
            return PAUSED
        _heap_pop(heap, regs[A_SIZE])
        regs[A_SIZE] -= 1
        regs[A_EXPANDED] += 1
        if r == goal_rank:
            regs[A_GOAL] = r
            return FOUND
        unrank_board(r, n, factorial, tiles)
        blank = 0
        while tiles[blank] != 0:
            blank += 1
        for d in range(4):
            if cell_after[blank * 4 + d] >= 0:
                regs[A_GENERATED] += 1
        for d in range(4):
            cell = cell_after[blank * 4 + d]
            if cell < 0:
                continue
            ng = gs + 1
            tile = tiles[cell]
            tiles[blank] = tile
            tiles[cell] = 0
            child = rank_board(tiles, factorial)
            if g[child] == 255 or ng < g[child]:
                if ng > max_depth:
                    regs[A_CUT] = 1
                elif regs[A_PUSHED] >= max_pushed:
                    regs[A_STOP] = STOP_PUSHED
                    return PAUSED
                else:
                    if g[child] == 255:
                        regs[A_SEEN] += 1
                    g[child] = ng
                    came[child] = d
                    f = ng + weight * _estimate(tiles, goal, md, kind)
                    regs[A_SIZE] = _heap_push(
                        heap,
                        regs[A_SIZE],
                        (np.int64(f) << F_SHIFT) | (np.int64(ng) << G_SHIFT) | child,
                    )
                    regs[A_PUSHED] += 1
            tiles[cell] = tile
            tiles[blank] = 0
        if regs[A_SEEN] > max_seen:
            regs[A_STOP] = STOP_MEMORY
            return PAUSED
        if regs[A_SIZE] > regs[A_MAX_SIZE]:
            regs[A_MAX_SIZE] = regs[A_SIZE]
    return EXHAUSTED
