"""The compiled IDA* of the 3x3x3, one search for every estimate (``KORF``, ``COSET``).

The search keeps all its state in caller-owned arrays, so it can stop after any number of
expansions and go on later (``kernels.ida_driver`` runs the iterations and checks budgets,
clock and cancel flag between slices). ``nodes[d]`` is the node at depth d of the path
(``node_row``). An estimate is two functions: ``prepare`` runs once when a node is entered
(to work out all its children and ask for their table entries at once, so that the cache
misses overlap) and ``estimate`` gives one child's value. The estimate is picked by a number
rather than by building one search per estimate in a closure: numba caches a module-level
function on disk, but compiled a closure again in every process (20 s before each solve).
numba's disk cache checks this file only: after editing an estimate (``korf``,
``coset_kernel``, ``coset_lookup``, ``memory``) delete ``__pycache__/ida_kernel.ida_slice-*``,
or the old machine code runs with the new tables (a crash, seen once).

Counting is the engine's IDA*'s: a child is *generated* when the rule lets its move be made and
its estimate is looked at, *expanded* when it is entered within the bound (the root is counted
by the driver). Moves the rule skips are never made, so this search generates far fewer nodes
than the engine's IDA*, which sees all 18 moves everywhere.

In the quarter-turn metric the estimate is raised by one when its parity is not the position's
(every quarter turn is an odd permutation of the corners). An estimate may be zero on a position
that is not solved (three coset tables cannot see edges swapped within their slices), so the
goal test replays the path on the start's cubies.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels import ida_driver as driver
from ..kernels.codes import EXHAUSTED, FOUND, PAUSED
from .coset_kernel import coset_estimate, coset_prepare
from .korf import korf_estimate, korf_prepare
from .node_row import NEXT, RULE, Signed, Tables

KORF, COSET = 0, 1  # the estimates
PREPARED = driver.IDA_REGISTERS - 1  # 1 once the root's children are prepared (per iteration)


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
    kind: Signed,
    node: Signed,
    moves: Signed,
    allowed: Signed,
    count: Signed,
    room: Signed,
    t: Tables,
) -> None:
    """``prepare(node, moves, allowed, count, room, tables)`` of the estimate: ``moves``
    and ``allowed`` are the addresses of the move list and of the rule's row (``allowed[i] <
    0``: the rule skips move i), ``room`` is the children's."""
    if kind == KORF:
        korf_prepare(node, moves, allowed, count, room, t)
    else:
        coset_prepare(node, moves, allowed, count, room, t)


@njit(cache=True, inline="always")
def _estimate(
    kind: Signed, node: Signed, width: Signed, i: Signed, move: Signed, room: Signed, t: Tables
) -> Signed:
    """The estimate of the child of ``node`` (its row's address) by the ``i``-th move of the
    list, ``move``, its columns written to the next row if it fits within ``room``; when one of
    its tables already shows the child is more than ``room`` moves away, any value over
    ``room`` that is still a lower bound will do (IDA* takes the smallest as its next bound)."""
    h: Signed = (
        korf_estimate(node, width, i, move, room, t)
        if kind == KORF
        else coset_estimate(node, width, i, move, room, t)
    )
    return h


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
    """Run the iteration of bound ``regs[IDA_BOUND]`` from ``regs[IDA_DEPTH]`` for up to
    ``budget`` expansions with the estimate ``kind``: FOUND (``regs[IDA_DEPTH]`` moves in
    ``path``), EXHAUSTED (``regs[IDA_NEXT]``: the smallest f over the bound) or PAUSED. In the
    quarter-turn metric ``parity`` is the start's corner-permutation parity: every quarter turn
    changes it, so a position's distance has its parity and an estimate of the other parity is
    one short (-1 in the half-turn metric: no such rule)."""
    bound = regs[driver.IDA_BOUND]
    stop_at = regs[driver.IDA_EXPANDED] + budget
    count = moves.shape[0]
    width = nodes.shape[1]
    base = np.int64(nodes.ctypes.data)
    moves_at, rule_at = np.int64(moves.ctypes.data), np.int64(rule.ctypes.data)
    stride = 8 * width
    depth = regs[driver.IDA_DEPTH]
    if regs[PREPARED] == 0:
        allowed = rule_at + 8 * count * nodes[0, RULE]
        _prepare(kind, base, moves_at, allowed, count, bound - 1, tables)
        regs[PREPARED] = 1
    while depth >= 0:
        i = nodes[depth, NEXT]
        if i >= count:
            depth -= 1
            continue
        nodes[depth, NEXT] = i + 1
        following = rule[nodes[depth, RULE], i]
        if following < 0:
            continue
        regs[driver.IDA_GENERATED] += 1
        room = bound - depth - 1
        h = _estimate(kind, base + stride * depth, width, i, moves[i], room, tables)
        if parity >= 0 and (h ^ parity ^ depth) & 1 == 0:
            h += 1  # the child's distance has the parity parity ^ (depth + 1) & 1
        if h > room:
            if depth + 1 + h < regs[driver.IDA_NEXT]:
                regs[driver.IDA_NEXT] = depth + 1 + h
            continue
        path[depth] = moves[i]
        regs[driver.IDA_EXPANDED] += 1
        depth += 1
        nodes[depth, RULE] = following
        nodes[depth, NEXT] = 0
        if depth + 1 > regs[driver.IDA_LONGEST]:
            regs[driver.IDA_LONGEST] = depth + 1
        if h == 0 and is_solved_after(root, turns, path, depth):
            regs[driver.IDA_DEPTH] = depth
            return FOUND
        allowed = rule_at + 8 * count * following
        _prepare(kind, base + stride * depth, moves_at, allowed, count, room - 1, tables)
        if regs[driver.IDA_EXPANDED] >= stop_at:
            regs[driver.IDA_DEPTH] = depth
            return PAUSED
    regs[driver.IDA_DEPTH] = 0
    return EXHAUSTED
