"""The compiled searches' table of states for a problem of one's own (``compiled_problem``):
states are any int64 >= 0, so they are kept in an open-addressing hash table (linear probing,
at most half full) with each state's g, parent state and depth beside it.

The caller owns the four arrays and grows them (``grown_table``, under ``limits.reserve``) when
a kernel answers NEED_ROOM; parents are kept as states, not slots, so growing moves nothing but
the table itself.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import njit

from ..core.limits import Meter, reserve
from ..errors import InputError

EMPTY = -1  # a free slot's key: states are >= 0
HASH = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: the top bits of state × 2^64/φ
TABLE_COLUMNS = 4  # keys, g, parents, depths: an int64 each
FIRST_SLOTS = 1 << 12

# What a slot function gave that no search can use (a kernel returns BAD_SLOT and leaves the
# kind, the state and the value in its registers; ``compiled_problem`` words it).
BAD_SLOT = 10  # a status, past the ones in ``codes``
BAD_COUNT, BAD_CHILD, BAD_COST, BAD_ESTIMATE, TOO_BIG = range(1, 6)
MAX_G_BITS = 24  # g in the low bits of a priority, f above it: both whole numbers
MAX_G = (1 << MAX_G_BITS) - 2
MAX_F = (1 << (63 - MAX_G_BITS)) - 1


class SlotProblem(NamedTuple):
    """A problem of one's own as its compiled searches take it: its slots (``is_goal``,
    ``successors``, the heuristic), the ``data`` they read, the start state and the most
    successors a state has."""

    slots: tuple[Any, Any, Any]
    data: np.ndarray
    start: int
    branching: int


@njit(cache=True)
def slot_of(keys: np.ndarray, state: np.int64) -> np.int64:
    """The slot that holds ``state``, or the free slot where it would go."""
    mask = np.uint64(keys.shape[0] - 1)
    i = np.uint64(state) * HASH
    i = (i ^ (i >> np.uint64(29))) & mask
    while keys[i] != EMPTY and keys[i] != state:
        i = (i + np.uint64(1)) & mask
    return np.int64(i)


@njit(cache=True)
def rehash(
    keys: np.ndarray,
    g: np.ndarray,
    parents: np.ndarray,
    depths: np.ndarray,
    new_keys: np.ndarray,
    new_g: np.ndarray,
    new_parents: np.ndarray,
    new_depths: np.ndarray,
) -> None:
    """Every state of the old table into the new (larger, all ``EMPTY``) one."""
    for i in range(keys.shape[0]):
        if keys[i] != EMPTY:
            j = slot_of(new_keys, keys[i])
            new_keys[j] = keys[i]
            new_g[j] = g[i]
            new_parents[j] = parents[i]
            new_depths[j] = depths[i]


def new_table(slots: int = FIRST_SLOTS, meter: Meter | None = None) -> tuple[np.ndarray, ...]:
    """Empty ``(keys, g, parents, depths)`` of ``slots`` (a power of 2), reserved first."""
    reserve(slots * 8 * TABLE_COLUMNS, "the compiled search's table of states", meter)
    keys = np.full(slots, EMPTY, dtype=np.int64)
    return keys, np.zeros(slots, np.int64), np.zeros(slots, np.int64), np.zeros(slots, np.int64)


def table_from(start: int, meter: Meter) -> tuple[np.ndarray, ...]:
    """A new table holding the start state: g 0, no parent, depth 0."""
    table = new_table(meter=meter)
    keys, g, parents, depths = table
    at = slot_of(keys, np.int64(start))
    keys[at], g[at], parents[at], depths[at] = start, 0, EMPTY, 0
    return table


def grown_table(table: tuple[np.ndarray, ...], meter: Meter) -> tuple[np.ndarray, ...]:
    """``table`` rehashed into one twice its size."""
    bigger = new_table(2 * table[0].shape[0], meter)
    rehash(*table, *bigger)
    return bigger


@njit(cache=True)
def walk_back(keys: np.ndarray, parents: np.ndarray, goal: np.int64) -> np.ndarray:
    """The states from the start (whose parent is ``EMPTY``) to ``goal``."""
    length = 1
    state = goal
    while parents[slot_of(keys, state)] != EMPTY:
        state = parents[slot_of(keys, state)]
        length += 1
    path = np.empty(length, dtype=np.int64)
    state = goal
    for i in range(length - 1, -1, -1):
        path[i] = state
        state = parents[slot_of(keys, state)]
    return path


def bad_slot(kind: int, state: int, value: int) -> InputError:
    """What a slot gave (``BAD_SLOT``'s registers), in one line."""
    said = {
        BAD_COUNT: f"successors({state}) returned {value}, not the number of successors it "
        "wrote (from 0 to the problem's branching)",
        BAD_CHILD: f"successors({state}) wrote a state below 0: states are whole numbers >= 0",
        BAD_COST: f"successors({state}) wrote a step cost below 0: costs are whole numbers >= 0",
        BAD_ESTIMATE: f"heuristic({state}) is not a whole number from 0 to {MAX_F:,} (inf and "
        "nan are refused: a heuristic gives a finite estimate)",
        TOO_BIG: f"the path to {state} costs (or its f is) {value:,}, past what the compiled "
        f"search packs (g up to {MAX_G:,}, f up to {MAX_F:,}); use --engine python",
    }
    return InputError("{problem}", problem=said[kind])
