"""The compiled open list (``kernels.heap``): rows of two or three words, of any integer or
float type, leave in the order Python sorts them as tuples."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from statesearch.kernels.heap import heap_pop, heap_push, sift_down
from statesearch.maze.grid_kernel import pop, push

# Few values a word, so that rows tie on their first words and the later ones decide.
WORDS = st.integers(min_value=0, max_value=5)


def drained(heap: np.ndarray, rows: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Push every row, then pop them all, reading the top before each pop."""
    size, width, kind = 0, heap.shape[1], heap.dtype.type
    for row in rows:
        size = heap_push(heap, size, tuple(kind(w) for w in row))
    out = []
    while size:
        out.append(tuple(int(w) for w in heap[0]))
        last = tuple(heap[size - 1])
        size = heap_pop(heap, size) if width == 2 else sift_down(heap, size - 1, last)
    return out


@pytest.mark.parametrize("dtype", [np.int64, np.uint64, np.float64])
@settings(max_examples=40, deadline=None)
@given(rows=st.lists(st.tuples(WORDS, WORDS), max_size=60))
def test_rows_of_two_words_leave_in_tuple_order(dtype: type, rows: list[tuple[int, int]]) -> None:
    heap: np.ndarray = np.zeros((max(len(rows), 1), 2), dtype=dtype)
    assert drained(heap, list(rows)) == sorted(rows)


@settings(max_examples=40, deadline=None)
@given(rows=st.lists(st.tuples(WORDS, WORDS, WORDS), max_size=60))
def test_rows_of_three_words_leave_in_tuple_order(rows: list[tuple[int, int, int]]) -> None:
    heap = np.zeros((max(len(rows), 1), 3), dtype=np.int64)
    assert drained(heap, list(rows)) == sorted(rows)


def test_the_maze_heap_keeps_its_calls() -> None:
    """``grid_kernel.push(heap, size, f, g, cell)`` and ``pop(heap, size)``, as jump point
    search calls them, on the same heap."""
    heap = np.zeros((8, 3), dtype=np.int64)
    rows = [(3, 1, 7), (2, 5, 1), (3, 0, 9), (2, 5, 0), (1, 9, 9)]
    size = 0
    for f, g, cell in rows:
        size = push(heap, size, np.int64(f), np.int64(g), np.int64(cell))
    out = []
    while size:
        out.append(tuple(int(w) for w in heap[0]))
        size = pop(heap, size)
    assert out == sorted(rows)
