"""The compiled A*'s open list: a bucket queue, each distinct f (exactly) a bucket.

The *current* bucket (f == ``fcur``, the lowest) is a heap (``kernels.heap``) of ``(g, cell)``
rows (``cur``, int64, g as its bits: non-negative floats order as their bit patterns, and
integers compare with one branch fewer; both words as the tie policy orders them:
``ties.row_key``; the pool keeps them so too); every other bucket is an unordered list of
entries in a pool (``pool_g``, ``pool_cell``, ``pool_next``), found by an
open-addressing hash of its f (``table``, linear probing, at most half full, ``bucket_f``) and
kept in a heap of ``(f, bucket)`` rows (``fheap``, f as its bits too). A bucket is taken
whole into ``cur`` when its f becomes the lowest; an f arriving below ``fcur`` puts the current
bucket back in the pool first. Entries leave in the engine's order, smaller f, then the tie
policy's, exactly as from one heap of ``(f, g, cell)``, so every count equals the Python
engine's.

Why: most pushes carry one of ~100 distinct f values; a heap of every entry compared each on
three words, here the big heap holds only the f values and the current bucket's heap two
words (the A/B against the one-heap kernel is in benchmarks/README.md).

The queue's counts live in the caller's int64 registers (``PFREE`` ...), and its arrays grow
between slices (``OpenBuckets.grow``, under ``limits.reserve``): the kernel answers NEED_ROOM
before an expansion could overflow one (``OpenBuckets.full``). Free pool entries and free
bucket numbers are lists threaded through ``pool_next`` and ``bucket_head``, so a grown copy
keeps them. The kernel writes out the steps it takes at most expansions (taking a bucket,
finding one), as numba counts references to every array a helper is given at each call.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..core.limits import Meter, reserve
from ..kernels.codes import COUNTERS
from ..kernels.heap import heap_push
from ..kernels.slices import grown
from .ties import row_key

# the registers after the grid kernel's own two (``grid_kernel.CUT``): the current bucket's
# rows, the waiting buckets, the first free pool entry, the pool's next never used, the pooled
# entries, the first free bucket number, the next never used
CSIZE, FSIZE, PFREE, PTOP, POOLED, BFREE, BTOP = range(COUNTERS + 2, COUNTERS + 9)
QUEUE_REGISTERS = COUNTERS + 9


@njit(cache=True, inline="always")
def slot_of(f: float, mask: int) -> int:
    """The hash's first slot for ``f``: its 1/1024ths, their high bits mixed into the low ones
    (whole f values, multiples of 1024, would otherwise all land on a few slots)."""
    x = int(f * 1024.0) * 0x7F4A7C159E3779B1
    return (x ^ (x >> 32)) & mask


@njit(cache=True, inline="always")
def taken(links: np.ndarray, regs: np.ndarray, free: int, top: int) -> int:
    """A number off a free list (its head ``regs[free]``, each next in ``links``), else the
    next never used (``regs[top]``): a pool entry or a bucket."""
    n = regs[free]
    if n >= 0:
        regs[free] = links[n]
    else:
        n = regs[top]
        regs[top] = n + 1
    return int(n)


@njit(cache=True, inline="always")
def new_bucket(
    f: float, slot: int, bucket_f: np.ndarray, bucket_head: np.ndarray, table: np.ndarray,
    fheap: np.ndarray, fsize: int, regs: np.ndarray,
) -> tuple[int, int]:  # fmt: skip
    """An empty bucket for ``f`` at the hash's empty ``slot``: ``(bucket, waiting buckets)``."""
    b = taken(bucket_head, regs, BFREE, BTOP)
    bucket_f[b], bucket_head[b], table[slot] = f, -1, b
    return b, heap_push(fheap, fsize, (np.float64(f).view(np.int64), b))


@njit(cache=True, inline="always")
def pool_add(
    pool_g: np.ndarray, pool_cell: np.ndarray, pool_next: np.ndarray, g: int, cell: int,
    head: int, regs: np.ndarray,
) -> int:  # fmt: skip
    """An entry before ``head`` in a bucket's list; returns it."""
    e = taken(pool_next, regs, PFREE, PTOP)
    pool_g[e], pool_cell[e], pool_next[e] = g, cell, head
    regs[POOLED] += 1
    return e


@njit(cache=True, inline="always")
def bucket_for(
    f: float, bucket_f: np.ndarray, bucket_head: np.ndarray, table: np.ndarray,
    fheap: np.ndarray, fsize: int, regs: np.ndarray,
) -> tuple[int, int]:  # fmt: skip
    """The waiting bucket of ``f``, made if there is none: ``(bucket, waiting buckets)``."""
    mask = table.shape[0] - 1
    slot = slot_of(f, mask)
    while table[slot] >= 0 and bucket_f[table[slot]] != f:
        slot = (slot + 1) & mask
    b = table[slot]
    if b >= 0:
        return b, fsize
    return new_bucket(f, slot, bucket_f, bucket_head, table, fheap, fsize, regs)


@njit(cache=True, inline="always")
def unhash(table: np.ndarray, bucket_f: np.ndarray, b: int) -> None:
    """Bucket ``b`` out of the hash, the probe run behind it closed up (backward shift)."""
    mask = table.shape[0] - 1
    slot = slot_of(bucket_f[b], mask)
    while table[slot] != b:
        slot = (slot + 1) & mask
    hole, slot = slot, (slot + 1) & mask
    while table[slot] >= 0:
        home = slot_of(bucket_f[table[slot]], mask)
        if ((slot - home) & mask) >= ((slot - hole) & mask):
            table[hole] = table[slot]
            hole = slot
        slot = (slot + 1) & mask
    table[hole] = -1


@njit(cache=True, inline="always")
def put_back(
    cur: np.ndarray, csize: int, fcur: float, fheap: np.ndarray, fsize: int,
    bucket_f: np.ndarray, bucket_head: np.ndarray, table: np.ndarray, pool_g: np.ndarray,
    pool_cell: np.ndarray, pool_next: np.ndarray, regs: np.ndarray,
) -> int:  # fmt: skip
    """The current bucket's rows into a waiting bucket of ``fcur`` (a lower f arrived);
    returns the waiting buckets."""
    b, fsize = bucket_for(fcur, bucket_f, bucket_head, table, fheap, fsize, regs)
    for j in range(csize):
        bucket_head[b] = pool_add(
            pool_g, pool_cell, pool_next, cur[j, 0], int(cur[j, 1]), bucket_head[b], regs
        )
    return fsize


@njit(cache=True)
def rehash(table: np.ndarray, fheap: np.ndarray, fsize: int, bucket_f: np.ndarray) -> None:
    """The waiting buckets into an empty ``table`` (after it grew)."""
    mask = table.shape[0] - 1
    for j in range(fsize):
        slot = slot_of(bucket_f[fheap[j, 1]], mask)
        while table[slot] >= 0:
            slot = (slot + 1) & mask
        table[slot] = fheap[j, 1]


class OpenBuckets:
    """The queue's arrays, ``entries`` rows and ``buckets`` buckets to begin with."""

    def __init__(self, entries: int, buckets: int) -> None:
        self.cur = np.zeros((entries, 2), dtype=np.int64)
        self.pool_g = np.zeros(entries, dtype=np.int64)
        self.pool_cell = np.zeros(entries, dtype=np.int64)
        self.pool_next = np.zeros(entries, dtype=np.int64)
        self.bucket_f = np.zeros(buckets)
        self.bucket_head = np.zeros(buckets, dtype=np.int64)
        self.fheap = np.zeros((buckets, 2), dtype=np.int64)
        self.table = np.full(2 * buckets, -1, dtype=np.int64)
        self.fcur = np.zeros(1)  # the current bucket's f, between slices

    @staticmethod
    def nbytes(entries: int, buckets: int) -> int:
        return entries * 40 + buckets * 48 + 8

    def begin(self, regs: np.ndarray, start: int, f: float, shift: int) -> None:
        """A new search: the start alone in the current bucket, nothing waiting."""
        self.table.fill(-1)
        self.cur[0] = row_key(0, start, 0, shift)  # g = 0.0, whose bits are 0; the first push
        self.fcur[0] = f
        regs[CSIZE], regs[FSIZE] = 1, 0
        regs[PFREE], regs[PTOP], regs[POOLED] = -1, 0, 0
        regs[BFREE], regs[BTOP] = -1, 0

    @staticmethod
    def full(regs: np.ndarray, room: int, entries: int, buckets: int) -> tuple[bool, bool]:
        """Whether ``room`` pushes and the current bucket put back might not fit in the
        entries (``cur`` and the pool, each as long as all of them), in the buckets (the hash
        twice that). The kernel asks it before each expansion, written out."""
        csize, fsize = int(regs[CSIZE]), int(regs[FSIZE])
        return csize + int(regs[POOLED]) + room > entries, fsize + room + 1 > buckets

    def grow(self, regs: np.ndarray, room: int, meter: Meter) -> None:
        """Twice the entries or the buckets, whichever the kernel found full (NEED_ROOM)."""
        fsize = int(regs[FSIZE])
        what = "the grid search's open list"
        more_entries, more_buckets = self.full(regs, room, self.cur.shape[0], self.fheap.shape[0])
        if more_entries:
            self.cur = grown(self.cur, what, meter)
            self.pool_g = grown(self.pool_g, what, meter)
            self.pool_cell = grown(self.pool_cell, what, meter)
            self.pool_next = grown(self.pool_next, what, meter)
        if more_buckets:
            self.bucket_f = grown(self.bucket_f, what, meter)
            self.bucket_head = grown(self.bucket_head, what, meter)
            self.fheap = grown(self.fheap, what, meter)
            reserve(self.table.nbytes, what, meter)  # the growth, as ``grown``
            self.table = np.full(2 * self.table.shape[0], -1, dtype=np.int64)
            rehash(self.table, self.fheap, fsize, self.bucket_f)
