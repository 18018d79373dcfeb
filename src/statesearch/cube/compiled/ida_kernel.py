"""The compiled IDA* of the 3x3x3, one search for every estimate (``KORF``, ``COSET``).

The search keeps all its state in caller-owned arrays, so it can stop after any number of
expansions and go on later (``kernels.ida_driver`` runs the iterations and checks budgets,
clock and cancel flag between slices). Each child of a node on the path has a row of its own
(``node_row``). An estimate is two functions: ``prepare`` works out the children of a batch of
nodes and asks for their table entries at once, so that the cache misses overlap, and
``estimate`` gives one child's value from what prepare kept. When the search enters a node it
estimates all its children, then prepares together the children that fit, the nodes it will
enter next: their table reads, most of them for children one move short of the bound that are
given up, overlap across the batch instead of waiting once per node. The search then goes over
only the children that fit, listed in the node's row. The estimate is picked by a number rather
than by building one search per estimate in a closure: numba caches a module-level function on
disk, but compiled a closure again in every process (20 s before each solve).
numba's disk cache checks this file only: after editing an estimate (``korf``,
``coset_kernel``, ``coset_lookup``, ``memory``) delete ``__pycache__/ida_kernel.ida_slice-*``,
or the old machine code runs with the new tables (a crash, seen once).

Counting is the engine's IDA*'s: a child is *generated* when the search comes to its move (the
rule letting it be made) and looks at its estimate, *expanded* when it is entered within the
bound (the root is counted by the driver); the children it passes over on the way to the next
that fits are counted as it passes them. Moves the rule skips are never made, so this search
generates far fewer nodes than the engine's IDA*, which sees all 18 moves everywhere.

In the quarter-turn metric the estimate is raised by one when its parity is not the position's
(every quarter turn is an odd permutation of the corners). An estimate may be zero on a position
that is not solved (three coset tables cannot see edges swapped within their slices), so the
goal test replays the path on the start's cubies.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...kernels.codes import EXHAUSTED, FOUND, PAUSED
from ...kernels.ida_driver import IDA_REGISTERS, NO_F, Register
from .coset_kernel import coset_estimate, coset_prepare
from .korf_kernel import korf_estimate, korf_prepare
from .memory import peek64, poke64
from .node_row import BATCH_WORDS, ESTIMATE, FITS, FITTING, MOVE_COUNT, NEXT, RULE, Signed, Tables

KORF, COSET = 0, 1  # the estimates
PREPARED = IDA_REGISTERS - 1  # 1 once the root and its children are prepared (per iteration)


@njit(cache=True)
def is_solved_after(
    root: tuple[np.ndarray, ...], turns: tuple[np.ndarray, ...], path: np.ndarray, depth: int
) -> bool:
    """Whether the start, turned by ``path[:depth]``, is the solved cube."""
    cp, co, ep, eo = root[0].copy(), root[1].copy(), root[2].copy(), root[3].copy()
    mcp, mco, mep, meo = turns
    for d in range(depth):
        m = path[d]
        ncp, nco, nep, neo = cp.copy(), co.copy(), ep.copy(), eo.copy()
        for i in range(8):
            ncp[i] = cp[mcp[m, i]]
            nco[i] = (co[mcp[m, i]] + mco[m, i]) % 3
        for i in range(12):
            nep[i] = ep[mep[m, i]]
            neo[i] = (eo[mep[m, i]] + meo[m, i]) % 2
        cp, co, ep, eo = ncp, nco, nep, neo
    solved = True
    for i in range(8):
        solved &= cp[i] == i and co[i] == 0
    for i in range(12):
        solved &= ep[i] == i and eo[i] == 0
    return solved


@njit(cache=True, inline="always")
def _prepare(
    kind: Signed, batch: Signed, size: Signed, moves: Signed, count: Signed, room: Signed, t: Tables
) -> None:
    """``prepare(batch, size, moves, count, room, tables)`` of the estimate, for ``size`` nodes
    at once: ``batch`` is the address of their rows' addresses, then (from ``MOVE_COUNT``)
    of their rules' rows (``allowed[i] < 0``: the rule skips move i), then from ``LIVE`` the
    estimate's scratch; ``moves`` is the address of the move list, ``room`` the children's."""
    if kind == KORF:
        korf_prepare(batch, size, moves, count, room, t)
    else:
        coset_prepare(batch, size, moves, count, room, t)


@njit(cache=True, inline="always")
def _estimate(
    kind: Signed, node: Signed, child: Signed, i: Signed, move: Signed, room: Signed, t: Tables
) -> Signed:
    """The estimate of the child of ``node`` (its row's address) by the ``i``-th move of the
    list, ``move``, its columns written to its row ``child`` if it fits within ``room``; when
    one of its tables already shows the child is more than ``room`` moves away, any value over
    ``room`` that is still a lower bound will do (IDA* takes the smallest as its next bound)."""
    h: Signed = (
        korf_estimate(node, child, i, move, room, t)
        if kind == KORF
        else coset_estimate(node, child, i, move, room, t)
    )
    return h


@njit(cache=True, inline="always")
def _row(base: Signed, stride: Signed, depth: Signed, i: Signed) -> Signed:
    """The address of the row of the child by the ``i``-th move at ``depth`` (``node_row``)."""
    at: Signed = base + stride * (depth * MOVE_COUNT + i)
    return at


@njit(cache=True, inline="always")
def _look_ahead(
    kind: Signed,
    node: Signed,
    depth: Signed,
    base: Signed,
    stride: Signed,
    batch: Signed,
    moves: Signed,
    rule: Signed,
    count: Signed,
    room: Signed,
    parity: Signed,
    t: Tables,
) -> Signed:
    """When the search enters ``node`` (prepared, at ``depth``): estimate each of its children,
    list in the node's row the children that fit within ``room`` (``node_row.FITTING``), and
    prepare them together, so that their table reads overlap. Returns the smallest f of the
    children over the bound (``NO_F`` if none). ``moves`` and ``rule`` are the addresses of
    the move list and of the rule's table (``count`` moves a row). No branch on whether a child
    fits: it goes either way at random, and what is written for a child that does not fit is
    never read."""
    size: Signed = 0
    generated: Signed = 0
    smallest: Signed = NO_F
    for i in range(count):
        following = peek64(rule, count * peek64(node, RULE) + i)
        if following < 0:
            continue
        generated += 1
        child = _row(base, stride, depth + 1, i)
        h = _estimate(kind, node, child, i, peek64(moves, i), room, t)
        if parity >= 0 and (h ^ parity ^ depth) & 1 == 0:
            h += 1  # the child's distance has the parity parity ^ (depth + 1) & 1
        fits = h <= room
        smallest = min(smallest, NO_F if fits else depth + 1 + h)
        poke64(child, ESTIMATE, h)
        poke64(child, RULE, following)
        poke64(child, NEXT, 0)
        poke64(node, FITTING + 1 + size, generated << 5 | i)
        poke64(batch, size, child)
        poke64(batch, MOVE_COUNT + size, rule + 8 * count * following)
        size += fits
    poke64(node, FITTING, 0)
    poke64(node, FITTING + 1 + size, generated << 5)
    poke64(node, FITS, size)
    if size:
        _prepare(kind, batch, size, moves, count, room - 1, t)
    return smallest


@njit(cache=True)
def ida_slice(
    regs: np.ndarray,
    nodes: np.ndarray,
    path: np.ndarray,
    budget: int,
    moves: np.ndarray,
    rule: np.ndarray,
    kind: int,
    tables: Tables,
    root: tuple[np.ndarray, ...],
    turns: tuple[np.ndarray, ...],
    parity: int,
) -> int:
    """Run the iteration of bound ``regs[Register.BOUND]`` from ``regs[Register.DEPTH]`` for up to
    ``budget`` expansions with the estimate ``kind``: FOUND (``regs[Register.DEPTH]`` moves in
    ``path``), EXHAUSTED (``regs[Register.NEXT]``: the smallest f over the bound) or PAUSED. In the
    quarter-turn metric ``parity`` is the start's corner-permutation parity: every quarter turn
    changes it, so a position's distance has its parity and an estimate of the other parity is
    one short (-1 in the half-turn metric: no such rule)."""
    bound = regs[Register.BOUND]
    stop_at = regs[Register.EXPANDED] + budget
    count = moves.shape[0]
    stride = 8 * nodes.shape[2]
    base = np.int64(nodes.ctypes.data)
    moves_at, rule_at = np.int64(moves.ctypes.data), np.int64(rule.ctypes.data)
    batch = np.zeros(BATCH_WORDS, dtype=np.int64)
    batch_at = np.int64(batch.ctypes.data)
    at = np.zeros(nodes.shape[0], dtype=np.int64)  # the rows of the path's nodes
    at[0] = base
    depth = regs[Register.DEPTH]
    for d in range(depth):
        at[d + 1] = _row(base, stride, d + 1, peek64(at[d], FITTING + peek64(at[d], NEXT)) & 31)
    if regs[PREPARED] == 0:
        poke64(batch_at, 0, base)
        poke64(batch_at, MOVE_COUNT, rule_at + 8 * count * peek64(base, RULE))
        _prepare(kind, batch_at, 1, moves_at, count, bound - 1, tables)
        smallest = _look_ahead(
            kind, base, 0, base, stride, batch_at, moves_at, rule_at, count, bound - 1, parity,
            tables,
        )  # fmt: skip
        regs[Register.NEXT] = min(regs[Register.NEXT], smallest)
        regs[PREPARED] = 1
    while depth >= 0:
        node = at[depth]
        k = peek64(node, NEXT)
        fitting = peek64(node, FITTING + 1 + k)
        # The children before this one that fit were generated too (after the last, all).
        passed = peek64(node, FITTING + k)
        regs[Register.GENERATED] += (fitting >> 5) - (passed >> 5)
        if k >= peek64(node, FITS):
            depth -= 1
            continue
        if regs[Register.EXPANDED] >= stop_at:
            # The next slice takes this child again and counts it, the ones passed counted now.
            regs[Register.GENERATED] -= 1
            poke64(node, FITTING + k, ((fitting >> 5) - 1) << 5 | passed & 31)
            regs[Register.DEPTH] = depth
            return PAUSED
        poke64(node, NEXT, k + 1)
        i = fitting & 31
        room = bound - depth - 1
        child = _row(base, stride, depth + 1, i)
        h = peek64(child, ESTIMATE)
        path[depth] = moves[i]
        regs[Register.EXPANDED] += 1
        depth += 1
        at[depth] = child
        if depth + 1 > regs[Register.LONGEST]:
            regs[Register.LONGEST] = depth + 1
        if h == 0 and is_solved_after(root, turns, path, depth):
            regs[Register.DEPTH] = depth
            return FOUND
        smallest = _look_ahead(
            kind, child, depth, base, stride, batch_at, moves_at, rule_at, count, room - 1,
            parity, tables,
        )  # fmt: skip
        regs[Register.NEXT] = min(regs[Register.NEXT], smallest)
    regs[Register.DEPTH] = 0
    return EXHAUSTED
