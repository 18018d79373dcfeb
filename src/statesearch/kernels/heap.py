"""The compiled open list: a 4-ary min-heap of rows in one ``(n, k)`` integer array, rows
ordered as tuples are (first word, then the next, ...), every compiled best-first search's.

An entry's words share a cache line and the tree is half as deep as a binary heap's. A kernel
packs its tie-break into the words: ``(f << bits | g, state)`` is the engine's ``classic``
order (smaller f, then smaller g, then the smaller state); the maze's ``(f, g, cell)`` rows
keep f and g as their float bits (non-negative floats order as their bit patterns); its bucket
queue's current bucket is ``(g, cell)`` rows, its buckets ``(f, bucket)`` rows. Entries are
unique, so any correct heap pops the same sequence as the engine's ``heapq``. The caller reads
the top at ``heap[0]`` and grows the array when ``size`` reaches its length.

An entry travels as a tuple of the row's words (numba compiles one heap per row width and
type), and the functions are inlined into the kernel's loop: a call would count references to
the array each time (x0.90-0.96 on the grid A* when its heap was called, not inlined).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit
from numba.extending import overload


def row_of(heap: np.ndarray, i: int, like: tuple[Any, ...]) -> tuple[Any, ...]:
    """Row ``i`` as a tuple as long as ``like`` (compiled code only: ``_row_of``)."""
    return tuple(heap[i, : len(like)])


def put_row(heap: np.ndarray, i: int, row: tuple[Any, ...]) -> None:
    """``row``'s words into row ``i`` (compiled code only: ``_put_row``)."""
    heap[i, : len(row)] = row


@overload(row_of, inline="always")
def _row_of(heap: Any, i: Any, like: Any) -> Any:
    if len(like.types) == 2:

        def row2(heap: Any, i: Any, like: Any) -> Any:
            return heap[i, 0], heap[i, 1]

        return row2
    if len(like.types) == 3:

        def row3(heap: Any, i: Any, like: Any) -> Any:
            return heap[i, 0], heap[i, 1], heap[i, 2]

        return row3
    return None


@overload(put_row, inline="always")
def _put_row(heap: Any, i: Any, row: Any) -> Any:
    if len(row.types) == 2:

        def put2(heap: Any, i: Any, row: Any) -> None:
            heap[i, 0], heap[i, 1] = row

        return put2
    if len(row.types) == 3:

        def put3(heap: Any, i: Any, row: Any) -> None:
            heap[i, 0], heap[i, 1], heap[i, 2] = row

        return put3
    return None


@njit(cache=True, inline="always")
def heap_push(heap: np.ndarray, size: int, entry: tuple[Any, ...]) -> int:
    """Insert ``entry`` (the row's words, in the heap's own type); returns the new size."""
    i = size
    while i > 0:
        parent = (i - 1) >> 2
        above = row_of(heap, parent, entry)
        if not entry < above:
            break
        put_row(heap, i, above)
        i = parent
    put_row(heap, i, entry)
    return size + 1


@njit(cache=True, inline="always")
def sift_down(heap: np.ndarray, size: int, entry: tuple[Any, ...]) -> int:
    """The first ``size`` rows but the top, with ``entry`` (the row past them) put in the
    top's place and moved down; returns ``size``. ``heap_pop`` for any row width."""
    i = 0
    while True:
        first = 4 * i + 1
        if first >= size:
            break
        best, least = first, row_of(heap, first, entry)
        for child in range(first + 1, min(first + 4, size)):
            row = row_of(heap, child, entry)
            if row < least:
                best, least = child, row
        if not least < entry:
            break
        put_row(heap, i, least)
        i = best
    if size > 0:
        put_row(heap, i, entry)
    return size


@njit(cache=True, inline="always")
def heap_pop(heap: np.ndarray, size: int) -> int:
    """Remove the top of a heap of two-word rows; returns the new size."""
    size -= 1
    return sift_down(heap, size, (heap[size, 0], heap[size, 1]))
