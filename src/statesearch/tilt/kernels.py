"""numba kernels for tilt boards of at most 64 cells: a state is one uint64 bitboard.

Moves are shifts and masks (``move``); visited states live in an open-addressing hash table:
``table[slot] = (board, parent board)`` (a board of 0 marks an empty slot: a board always has a
block), so a probe and an insert touch one 16-byte row, and ``info[slot] = g << 2 | move``, so
paths can be walked back. Directions are numbered U, D, L, R (0-3); ``d ^ 1`` is the
opposite. Like the n-puzzle kernels they know nothing of the engine (``compiled.py`` adapts).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..bits import bit_index
from ..intrinsics import prefetch

FOUND, EXHAUSTED, PAUSED, NEED_ROOM, TOO_DEEP = 0, 1, 2, 3, 4
# Heuristic kinds are bit sets: a distance part (none, nearest, bottleneck) and directions.
H_NEAREST, H_BOTTLENECK, H_DIRECTIONS = 1, 2, 4
# Registers shared by the kernels (an int64 array owned by the caller).
EXPANDED, PUSHED, GENERATED, STORED, MAX_FRONTIER, GOAL_SLOT, STOP, CURSOR, FILL = range(9)
REGISTERS = 9
AHEAD = 8  # states whose table rows are fetched ahead of their expansion
STOP_SLICE, STOP_EXPANDED, STOP_PUSHED, STOP_MEMORY = range(4)
HASH_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)
# A* open-list priorities are f << G_BITS | g (ties on f go to the smaller g, as the engine's
# classic order); info keeps g in 14 bits.
G_BITS = 16
G_MASK = np.uint64((1 << G_BITS) - 1)
MAX_G = (1 << 14) - 1


@njit(cache=True)
def shift(mask: np.uint64, d: int, width: int, masks: np.ndarray) -> np.uint64:
    """Every bit one cell in direction d; ``masks`` = (board, not first column, not last)."""
    if d == 0:
        return mask >> np.uint64(width)
    if d == 1:
        return (mask << np.uint64(width)) & masks[0]
    if d == 2:
        return (mask >> np.uint64(1)) & masks[2]
    return (mask << np.uint64(1)) & masks[1] & masks[0]


@njit(cache=True)
def move(
    blocks: np.uint64,
    d: int,
    width: int,
    masks: np.ndarray,
    blocked: np.ndarray,
    merge: bool,
    full: bool,
) -> np.uint64:
    """The rules of ``rules.py`` on a bitboard (same results, tested against each other)."""
    while True:
        stuck = blocks & blocked[d]
        if not merge:
            while True:
                more = blocks & shift(stuck, d ^ 1, width, masks) & ~stuck
                if more == 0:
                    break
                stuck |= more
        after = stuck | shift(blocks & ~stuck, d, width, masks)
        if not full or after == blocks:
            return after
        blocks = after


@njit(cache=True)
def _home(key: np.uint64, mask: int) -> int:
    h = key * HASH_MULTIPLIER
    # The high half depends on every bit of the board (the low half only on the low cells).
    return int(h ^ (h >> np.uint64(32))) & mask


@njit(cache=True)
def _slot(table: np.ndarray, key: np.uint64) -> int:
    """Where ``key`` is, or the empty slot where it would go (linear probing)."""
    mask = table.shape[0] - 1
    i = _home(key, mask)
    while table[i, 0] != 0 and table[i, 0] != key:
        i = (i + 1) & mask
    return i


@njit(cache=True)
def rehash(
    table: np.ndarray, info: np.ndarray, new_table: np.ndarray, new_info: np.ndarray
) -> None:
    mask = new_table.shape[0] - 1
    for i in range(table.shape[0]):
        if i + AHEAD < table.shape[0] and table[i + AHEAD, 0] != 0:
            prefetch(new_table, _home(table[i + AHEAD, 0], mask))
        if table[i, 0] != 0:
            j = _slot(new_table, table[i, 0])
            new_table[j, 0] = table[i, 0]
            new_table[j, 1] = table[i, 1]
            new_info[j] = info[i]


@njit(cache=True)
def lookup(table: np.ndarray, key: np.uint64) -> int:
    i = _slot(table, key)
    return i if table[i, 0] == key else -1


@njit(cache=True)
def _is_goal(blocks: np.uint64, targets: np.uint64, target_count: int) -> bool:
    """As many blocks as targets: the sets are equal; fewer (merged, or spare targets): every
    block is on a target."""
    count = 0
    rest = blocks
    while rest:
        rest &= rest - np.uint64(1)
        count += 1
    if count == target_count:
        return blocks == targets
    return (blocks & ~targets) == 0


@njit(cache=True)
def bfs_layer(
    layer: np.ndarray,
    count: int,
    following: np.ndarray,
    table: np.ndarray,
    info: np.ndarray,
    depth: int,
    targets: np.uint64,
    target_count: int,
    width: int,
    masks: np.ndarray,
    blocked: np.ndarray,
    merge: bool,
    full: bool,
    regs: np.ndarray,
    max_expanded: int,
    max_pushed: int,
    max_stored: int,
) -> int:
    """Expand ``layer[regs[CURSOR]:count]`` into ``following[regs[FILL]:]``.

    Counting as the engine's BFS: expanded per state taken from the layer, generated per move
    that changes the board, pushed per new board, goal tested on generation. Returns FOUND
    (``regs[GOAL_SLOT]``), EXHAUSTED (layer done), PAUSED (a budget: ``regs[STOP]``) or
    NEED_ROOM (grow the table or ``following`` and call again).
    """
    mask = table.shape[0] - 1
    for i in range(regs[CURSOR], count):
        if 2 * (regs[STORED] + 4) > table.shape[0] or regs[FILL] + 4 > following.shape[0]:
            regs[CURSOR] = i
            return NEED_ROOM
        if i + AHEAD < count:
            # Ask for the table rows of a later state's children now, so that the cache misses
            # (what this loop mostly waits on) overlap instead of coming one after another.
            ahead = layer[i + AHEAD]
            for d in range(4):
                prefetch(table, _home(move(ahead, d, width, masks, blocked, merge, full), mask))
        if regs[EXPANDED] >= max_expanded:
            regs[CURSOR] = i
            regs[STOP] = STOP_EXPANDED
            return PAUSED
        state = layer[i]
        regs[EXPANDED] += 1
        for d in range(4):
            child = move(state, d, width, masks, blocked, merge, full)
            if child == state:
                continue
            regs[GENERATED] += 1
            slot = _slot(table, child)
            if table[slot, 0] != 0:
                continue
            if regs[PUSHED] >= max_pushed:
                regs[CURSOR] = i
                regs[STOP] = STOP_PUSHED
                return PAUSED
            regs[PUSHED] += 1
            table[slot, 0] = child
            table[slot, 1] = state
            info[slot] = (depth + 1) << 2 | d
            regs[STORED] += 1
            if _is_goal(child, targets, target_count):
                regs[GOAL_SLOT] = slot
                return FOUND
            following[regs[FILL]] = child
            regs[FILL] += 1
        if regs[STORED] > max_stored:
            regs[CURSOR] = i + 1
            regs[STOP] = STOP_MEMORY
            return PAUSED
        if count - i - 1 + regs[FILL] > regs[MAX_FRONTIER]:
            regs[MAX_FRONTIER] = count - i - 1 + regs[FILL]
    regs[CURSOR] = count
    return EXHAUSTED


@njit(cache=True)
def estimate(
    blocks: np.uint64,
    kind: int,
    nearest: np.ndarray,
    within: np.ndarray,
    target_count: int,
    need: np.ndarray,
    scratch: np.ndarray,
    cells: np.ndarray,
) -> int:
    """The heuristics of ``heuristics.py``: ``kind`` ORs a distance bound (nearest, or bottleneck
    where the counts match and there are at most 12 blocks, else nearest) with directions.
    ``within[L, cell]`` has a bit for each target at most L steps away, ``nearest[cell]`` is the
    distance to the closest target, ``need[d, cell]`` the moves in direction d a block there
    needs at least (capped at 1 under full steps)."""
    if kind == 0:
        return 0
    k = 0
    rest = blocks
    while rest:
        low = rest & (~rest + np.uint64(1))
        cells[k] = bit_index(low)
        k += 1
        rest ^= low
    h = 0
    if kind & (H_NEAREST | H_BOTTLENECK):
        for i in range(k):
            if nearest[cells[i]] > h:
                h = nearest[cells[i]]
    if kind & H_DIRECTIONS:
        total = 0
        for d in range(4):
            most = 0
            for i in range(k):
                if need[d, cells[i]] > most:
                    most = need[d, cells[i]]
            total += most
        h = max(h, total)
    if kind & H_BOTTLENECK and k == target_count and k <= MATCH_LIMIT:
        # The bottleneck is at least the nearest-target bound; it only matters where it exceeds
        # h, so the search for it starts there: one matching usually settles it.
        h = _bottleneck(cells, k, within, h, scratch)
    return h


MATCH_LIMIT = 12  # as in heuristics.py
UNREACHABLE = 1 << 20


# The matching's scratch: adjacency bitmasks of the blocks, then for each target 1 + the block
# that owns it (0: free), then the targets visited by the current augmenting path.
OWNER, VISITED = MATCH_LIMIT, 2 * MATCH_LIMIT
SCRATCH = 2 * MATCH_LIMIT + 1


@njit(cache=True)
def _augment(b: int, scratch: np.ndarray) -> bool:
    """Kuhn's augmenting path from block b over targets not yet visited (bitmasks)."""
    avail = scratch[b] & ~scratch[VISITED]
    while avail:
        low = avail & (~avail + np.uint64(1))
        t = bit_index(low)
        scratch[VISITED] |= low
        owner = int(scratch[OWNER + t])
        if owner == 0 or _augment(owner - 1, scratch):
            scratch[OWNER + t] = b + 1
            return True
        avail = scratch[b] & ~scratch[VISITED]
    return False


@njit(cache=True)
def _bottleneck(
    cells: np.ndarray, k: int, within: np.ndarray, low: int, scratch: np.ndarray
) -> int:
    """The larger of ``low`` (a lower bound, such as the nearest-target one) and the smallest
    limit L such that every block can take its own target within L steps (``within[L, cell]``
    is the bitmask of targets at most L steps from cell).

    Greedy first: each block takes its lowest free target at ``low``. Kuhn's augmenting paths
    then place the blocks greedy left over (usually none), raising the limit while one cannot
    be placed; a matching stays valid as the limit rises, so nothing is redone."""
    limit = min(low, within.shape[0] - 1)
    taken = np.uint64(0)
    left_over = 0
    for b in range(k):
        scratch[OWNER + b] = 0
    for b in range(k):
        options = within[limit, cells[b]]
        scratch[b] = options
        free = options & ~taken
        if free:
            first = free & (~free + np.uint64(1))
            taken |= first
            scratch[OWNER + bit_index(first)] = b + 1
        else:
            left_over |= 1 << b
    while left_over:
        b = bit_index(np.uint64(left_over & -left_over))
        scratch[VISITED] = 0
        if _augment(b, scratch):
            left_over &= left_over - 1
            continue
        limit += 1
        if limit >= within.shape[0]:
            return UNREACHABLE  # some block can reach no target of its own: a dead end
        for i in range(k):
            scratch[i] = within[limit, cells[i]]
    return max(limit, low)


# The open list: a 4-ary min-heap of (priority, state) rows in one (n, 2) uint64 array, so an
# entry's two words share a cache line and the tree is half as deep as a binary heap's. Keys are
# unique, so any correct heap pops the same sequence as the engine's heapq.
@njit(cache=True)
def _heap_push(heap: np.ndarray, size: int, p: np.uint64, s: np.uint64) -> int:
    i = size
    while i > 0:
        parent = (i - 1) >> 2
        if heap[parent, 0] < p or (heap[parent, 0] == p and heap[parent, 1] <= s):
            break
        heap[i, 0] = heap[parent, 0]
        heap[i, 1] = heap[parent, 1]
        i = parent
    heap[i, 0] = p
    heap[i, 1] = s
    return size + 1


@njit(cache=True)
def _heap_pop(heap: np.ndarray, size: int) -> int:
    size -= 1
    p, s = heap[size, 0], heap[size, 1]
    i = 0
    while True:
        first = 4 * i + 1
        if first >= size:
            break
        best = first
        for child in range(first + 1, min(first + 4, size)):
            if heap[child, 0] < heap[best, 0] or (
                heap[child, 0] == heap[best, 0] and heap[child, 1] < heap[best, 1]
            ):
                best = child
        if heap[best, 0] > p or (heap[best, 0] == p and heap[best, 1] >= s):
            break
        heap[i, 0] = heap[best, 0]
        heap[i, 1] = heap[best, 1]
        i = best
    if size > 0:
        heap[i, 0] = p
        heap[i, 1] = s
    return size


@njit(cache=True)
def astar_slice(
    heap: np.ndarray,
    table: np.ndarray,
    info: np.ndarray,
    targets: np.uint64,
    target_count: int,
    width: int,
    masks: np.ndarray,
    blocked: np.ndarray,
    merge: bool,
    full: bool,
    kind: int,
    nearest: np.ndarray,
    within: np.ndarray,
    need: np.ndarray,
    regs: np.ndarray,
    heap_size: np.ndarray,
    max_expanded: int,
    max_pushed: int,
    max_stored: int,
    slice_expansions: int,
) -> int:
    """A* with the engine's classic order (f, g, state) and its counting; resumable."""
    scratch = np.empty(SCRATCH, dtype=np.uint64)
    cells = np.empty(64, dtype=np.int64)
    children = np.empty(4, dtype=np.uint64)
    mask = table.shape[0] - 1
    stop_at = regs[EXPANDED] + slice_expansions
    while heap_size[0] > 0:
        if 2 * (regs[STORED] + 4) > table.shape[0] or heap_size[0] + 4 > heap.shape[0]:
            return NEED_ROOM
        priority, state = heap[0, 0], heap[0, 1]
        # The state's row is needed next: ask for it, and pop while it comes.
        prefetch(table, _home(state, mask))
        heap_size[0] = _heap_pop(heap, heap_size[0])
        gs = int(priority & G_MASK)
        slot = _slot(table, state)
        if gs > np.int64(info[slot] >> 2):
            continue  # stale
        if regs[EXPANDED] >= max_expanded or regs[EXPANDED] >= stop_at:
            regs[STOP] = STOP_EXPANDED if regs[EXPANDED] >= max_expanded else STOP_SLICE
            heap_size[0] = _heap_push(heap, heap_size[0], priority, state)  # not expanded yet
            return PAUSED
        regs[EXPANDED] += 1
        if _is_goal(state, targets, target_count):
            regs[GOAL_SLOT] = slot
            return FOUND
        for d in range(4):
            children[d] = move(state, d, width, masks, blocked, merge, full)
            if children[d] != state:
                regs[GENERATED] += 1
                prefetch(table, _home(children[d], mask))
        for d in range(4):
            child = children[d]
            if child == state:
                continue
            ng = gs + 1
            if ng > MAX_G:
                return TOO_DEEP  # info keeps g in 14 bits
            cslot = _slot(table, child)
            fresh = table[cslot, 0] == 0
            if not fresh and ng >= np.int64(info[cslot] >> 2):
                continue
            if regs[PUSHED] >= max_pushed:
                regs[STOP] = STOP_PUSHED
                return PAUSED
            regs[PUSHED] += 1
            if fresh:
                regs[STORED] += 1
            table[cslot, 0] = child
            table[cslot, 1] = state
            info[cslot] = ng << 2 | d
            h = estimate(child, kind, nearest, within, target_count, need, scratch, cells)
            heap_size[0] = _heap_push(heap, heap_size[0], np.uint64((ng + h) << G_BITS | ng), child)
        if regs[STORED] > max_stored:
            regs[STOP] = STOP_MEMORY
            return PAUSED
        if heap_size[0] > regs[MAX_FRONTIER]:
            regs[MAX_FRONTIER] = heap_size[0]
    return EXHAUSTED


# Registers of the resumable IDA* (separate from the BFS/A* ones above).
I_DEPTH, I_THRESHOLD, I_NEXT, I_EXPANDED, I_PUSHED, I_GENERATED, I_MAX_PATH, I_CUT = range(8)
I_REGISTERS = 8


@njit(cache=True)
def ida_slice(
    path: np.ndarray,
    next_dir: np.ndarray,
    targets: np.uint64,
    target_count: int,
    width: int,
    masks: np.ndarray,
    blocked: np.ndarray,
    merge: bool,
    full: bool,
    kind: int,
    nearest: np.ndarray,
    within: np.ndarray,
    need: np.ndarray,
    max_depth: int,
    regs: np.ndarray,
    slice_expansions: int,
) -> int:
    """One IDA* iteration (bound ``regs[I_THRESHOLD]``), resumable, counting as the engine's
    IDA*: ``path[0..depth]`` holds the boards of the current path (a child already on it is
    generated but skipped), the root is counted by the caller once per iteration."""
    scratch = np.empty(SCRATCH, dtype=np.uint64)
    cells = np.empty(64, dtype=np.int64)
    depth = regs[I_DEPTH]
    threshold = regs[I_THRESHOLD]
    stop_at = regs[I_EXPANDED] + slice_expansions
    while True:
        d = next_dir[depth]
        if d == 4:
            if depth == 0:
                regs[I_DEPTH] = depth
                return EXHAUSTED
            depth -= 1
            continue
        next_dir[depth] = d + 1
        state = path[depth]
        child = move(state, d, width, masks, blocked, merge, full)
        if child == state:
            continue
        regs[I_GENERATED] += 1
        seen = False
        for i in range(depth + 1):
            if path[i] == child:
                seen = True
                break
        if seen:
            continue
        f = depth + 1 + estimate(child, kind, nearest, within, target_count, need, scratch, cells)
        if f > threshold:
            if f < regs[I_NEXT]:
                regs[I_NEXT] = f
            continue
        if depth + 1 > max_depth:
            regs[I_CUT] = 1
            continue
        regs[I_PUSHED] += 1
        regs[I_EXPANDED] += 1
        depth += 1
        path[depth] = child
        next_dir[depth] = 0
        if _is_goal(child, targets, target_count):
            regs[I_DEPTH] = depth
            return FOUND
        if depth + 1 > regs[I_MAX_PATH]:
            regs[I_MAX_PATH] = depth + 1
        if regs[I_EXPANDED] >= stop_at:
            regs[I_DEPTH] = depth
            return PAUSED
