"""The compiled A* open list: a 4-ary min-heap of ``(priority, state)`` rows in one ``(n, 2)``
uint64 array, ordered by priority, then state.

An entry's two words share a cache line and the tree is half as deep as a binary heap's. A
kernel packs its tie-break into the priority (``f << bits | g`` is the engine's ``classic``
order: smaller f, then smaller g, then the smaller state), and entries are unique, so any
correct heap pops the same sequence as the engine's ``heapq``. The caller reads the top at
``heap[0]`` and grows the array when ``size`` reaches its length.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def heap_push(heap: np.ndarray, size: int, priority: np.uint64, state: np.uint64) -> int:
    """Insert an entry; returns the new size."""
    i = size
    while i > 0:
        parent = (i - 1) >> 2
        if heap[parent, 0] < priority or (heap[parent, 0] == priority and heap[parent, 1] <= state):
            break
        heap[i, 0] = heap[parent, 0]
        heap[i, 1] = heap[parent, 1]
        i = parent
    heap[i, 0] = priority
    heap[i, 1] = state
    return size + 1


@njit(cache=True)
def heap_pop(heap: np.ndarray, size: int) -> int:
    """Remove the top entry; returns the new size."""
    size -= 1
    priority, state = heap[size, 0], heap[size, 1]
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
        if heap[best, 0] > priority or (heap[best, 0] == priority and heap[best, 1] >= state):
            break
        heap[i, 0] = heap[best, 0]
        heap[i, 1] = heap[best, 1]
        i = best
    if size > 0:
        heap[i, 0] = priority
        heap[i, 1] = state
    return size
