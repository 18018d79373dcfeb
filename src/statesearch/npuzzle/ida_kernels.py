"""The compiled IDA* for the sliding-tile puzzle on boards of any size: Manhattan distance,
with or without linear conflicts, and additive pattern databases.

They work on plain numpy arrays (a board is ``uint8[n]``, 0 the blank) and keep the contract of
``kernels.ida_driver``: resumable, one iteration per run of slices, the driver's registers and
counting. Moves are numbered in Korf's order (``moves.MoveTables``), so Korf #1 generates the
published 276,361,932 nodes. Boards up to 6x6 with plain Manhattan distance run the per-shape
search instead (``specialized``), which counts exactly as these do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np
from numba import njit

from ..kernels.codes import EXHAUSTED, FOUND, PAUSED
from ..kernels.ida_driver import Register
from .pdb_lookup import pdb_entry

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


# The estimates a compiled IDA* copy is made for.
MANHATTAN, LINEAR_CONFLICT, PATTERN_DB = 0, 1, 2


def _ida_kernel(estimate: int) -> Callable[..., int]:
    """The IDA* kernel for one estimate. numba freezes ``estimate`` into each compiled copy, so
    a copy holds only its own estimate's code: plain Manhattan pays no test per node for the
    others (a fifth of its node rate when the choice was an argument)."""
    with_lines = estimate == LINEAR_CONFLICT
    with_pdb = estimate == PATTERN_DB

    @njit(cache=True)
    def ida_slice(
        tiles: np.ndarray,
        cell_after: np.ndarray,
        opposite: np.ndarray,
        regs: np.ndarray,
        frames: np.ndarray,
        path: np.ndarray,
        slice_expansions: int,
        delta: np.ndarray,
        lines: tuple[np.ndarray, ...],
        pdb: tuple[np.ndarray, ...],
        use_mirror: bool,
    ) -> int:
        """Run one IDA* iteration (bound ``regs[Register.BOUND]``) for up to ``slice_expansions``.

        The estimate of a child is the parent's changed by the move: Manhattan distance by
        ``delta[(tile * n + blank) * 4 + d]``; linear conflicts by the conflicts of the two
        lines whose codes the move changes (``conflicts.ConflictTables.arrays``, with the
        current ``codes`` first); a pattern database by the change of the moved tile's group,
        for the board and for its mirror image (``pdb_lookup.PatternDatabase.kernel_arrays``,
        with each group's current index and mirror index last), the estimate being the larger
        sum. The unused tuples hold empty arrays.

        ``frames[d]`` is the frame of the node at depth d (``root_frame`` at depth 0). Counting:
        a node is expanded when it is visited within the bound (the driver counts the root once
        per iteration); generated counts the children produced, never the move that undoes the
        last one. Returns FOUND (``regs[Register.DEPTH]`` moves in ``path``), EXHAUSTED
        (``regs[Register.NEXT]`` holds the smallest f over the bound) or PAUSED.

        Indices are unsigned (``U``) so numba can skip its negative-index wraparound checks, and
        a node's state is one word: together they gave half as much again as the node rate of a
        loop that kept the path, the next choice and the estimate in three arrays.
        """
        codes, digit, conflicts, base, leave, enter, place, along, shift = lines
        mirror_tile, mirror_cell, group_of, weight, offsets, tables, packed, group_size = pdb[:8]
        index, index_mirror = pdb[8], pdb[9]
        n = U(tiles.shape[0])
        line_count = U(codes.shape[0])
        depth, bound, smallest, expanded, generated = _resume(regs)
        longest = regs[Register.LONGEST]  # the most states on the path at once
        stop_at = expanded + slice_expansions
        blank, d, back, h, h_mirror = unpack(frames[depth])
        status = EXHAUSTED
        while True:
            if d == NO_MOVE:
                if depth == U(0):
                    break
                # Back up: undo the move that led here (direction next - 1 from the parent).
                depth -= U(1)
                parent, d, back, h, h_mirror = unpack(frames[depth])
                tile = _slide(tiles, parent, blank)
                if with_lines:
                    m = parent * U(4) + d - U(1)
                    a, b = U(leave[m]), U(enter[m])
                    codes[a] += digit[tile * line_count + a] * place[m]
                    codes[b] -= digit[tile * line_count + b] * place[m]
                    codes[along[m]] -= digit[tile * line_count + U(along[m])] * shift[m]
                if with_pdb:
                    index[group_of[tile]] += (np.int64(blank) - np.int64(parent)) * weight[tile]
                    twin = mirror_tile[tile]
                    moved = mirror_cell[blank] - mirror_cell[parent]
                    index_mirror[group_of[twin]] += moved * weight[twin]
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
            if with_pdb:
                group = group_of[tile]
                new_index = index[group] + (np.int64(blank) - np.int64(cell)) * weight[tile]
                # The group's value is read here, and the mirror's below, in place: through one
                # shared helper (numba-inlined) Korf 100 with 6-6-3 took 1.7-2x the CPU time
                # (ids 1-40: 3.7-4.5 s against 2.1-2.3 s, 2026-12-01). Spread tables are read
                # at the index; packed groups pay for the ranks.
                if packed[group] == 0:
                    h2 = (
                        h
                        - tables[offsets[group] + index[group]]
                        + tables[offsets[group] + new_index]
                    )
                else:
                    h2 = (
                        h
                        - pdb_entry(tables, offsets, packed, group_size, n, group, index[group])
                        + pdb_entry(tables, offsets, packed, group_size, n, group, new_index)
                    )
                twin = mirror_tile[tile]
                twin_group = group_of[twin]
                moved = mirror_cell[blank] - mirror_cell[cell]
                new_index_mirror = index_mirror[twin_group] + moved * weight[twin]
                h2_mirror = h_mirror
                if use_mirror:
                    if packed[twin_group] == 0:
                        h2_mirror = (
                            h_mirror
                            - tables[offsets[twin_group] + index_mirror[twin_group]]
                            + tables[offsets[twin_group] + new_index_mirror]
                        )
                    else:  # as for the group above (the same code, for the same reason)
                        old = index_mirror[twin_group]
                        h2_mirror = (
                            h_mirror
                            - pdb_entry(tables, offsets, packed, group_size, n, twin_group, old)
                            + pdb_entry(
                                tables, offsets, packed, group_size, n, twin_group, new_index_mirror
                            )
                        )
                estimate = max(h2, h2_mirror)
            else:
                h2 = h + delta[(tile * n + blank) * U(4) + move]
                h2_mirror = np.int64(0)
                if with_lines:
                    m = blank * U(4) + move
                    a, b = U(leave[m]), U(enter[m])
                    was_a, was_b = codes[a], codes[b]
                    now_a = was_a - digit[tile * line_count + a] * place[m]
                    now_b = was_b + digit[tile * line_count + b] * place[m]
                    h2 += 2 * (
                        conflicts[base[a] + now_a]
                        - conflicts[base[a] + was_a]
                        + conflicts[base[b] + now_b]
                        - conflicts[base[b] + was_b]
                    )
                estimate = h2
            f = int(depth) + 1 + int(estimate)
            if f > bound:
                if f < smallest:
                    smallest = f
                continue
            if expanded >= stop_at:  # the next slice takes this child again
                d = move
                generated -= 1
                status = PAUSED
                break
            if with_lines:
                codes[a] = now_a
                codes[b] = now_b
                codes[along[m]] += digit[tile * line_count + U(along[m])] * shift[m]
            if with_pdb:
                index[group] = new_index
                index_mirror[twin_group] = new_index_mirror
            tiles[blank] = tile
            tiles[cell] = 0
            frames[depth] = frame(blank, d, back, h, h_mirror)
            depth += U(1)
            blank, d, back, h, h_mirror = cell, U(0), U(opposite[move]), h2, h2_mirror
            expanded += 1
            if int(depth) + 1 > longest:
                longest = int(depth) + 1
            if estimate == 0:
                status = FOUND
                break
        frames[depth] = frame(blank, d, back, h, h_mirror)
        _finish(regs, frames, path, status, depth, smallest, expanded, generated)
        regs[Register.LONGEST] = longest
        return status

    return cast(Callable[..., int], ida_slice)


KERNELS = {kind: _ida_kernel(kind) for kind in (MANHATTAN, LINEAR_CONFLICT, PATTERN_DB)}


@njit(cache=True)
def _resume(regs: np.ndarray) -> tuple[np.uint64, int, int, int, int]:
    """A slice's registers: depth, bound, smallest f over it so far, expanded, generated."""
    return (
        U(regs[Register.DEPTH]),
        regs[Register.BOUND],
        regs[Register.NEXT],
        regs[Register.EXPANDED],
        regs[Register.GENERATED],
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
    regs[Register.DEPTH] = depth
    regs[Register.NEXT] = smallest
    regs[Register.EXPANDED] = expanded
    regs[Register.GENERATED] = generated
    if status == FOUND:
        for i in range(depth):
            path[i] = ((frames[i] >> F_NEXT) & F_DIRECTION) - U(1)
