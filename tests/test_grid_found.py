"""The compiled maze search's path read back (``maze.compiled.found``): a short path in a
loop, a long one in numpy's calls, the same cells, moves and cost to the last bit."""

from __future__ import annotations

import random

import numpy as np
import pytest

from statesearch.maze.compiled import SHORT_PATH, found_looped, found_vectorized

pytest.importorskip("numba")

WIDTH = 40  # the packed grid's width, border included


def random_walk(rng: random.Random, cells: int) -> np.ndarray:
    """``cells`` packed cells, each a king's move from the last, inside the border."""
    r, c = rng.randint(1, WIDTH - 2), rng.randint(1, WIDTH - 2)
    walk = [r * WIDTH + c]
    while len(walk) < cells:
        dr, dc = rng.choice([(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc])
        if 1 <= r + dr <= WIDTH - 2 and 1 <= c + dc <= WIDTH - 2:
            r, c = r + dr, c + dc
            walk.append(r * WIDTH + c)
    return np.array(walk, dtype=np.int64)


@pytest.mark.parametrize("seed", range(40))
def test_looped_and_vectorized_read_the_same_path(seed: int) -> None:
    rng = random.Random(seed)
    cost = np.array([rng.choice((1, 1, 2, 7, 9)) for _ in range(WIDTH * WIDTH)], dtype=np.uint8)
    cells = random_walk(rng, rng.randint(1, 3 * SHORT_PATH))
    looped, vectorized = found_looped(cost, WIDTH, cells), found_vectorized(cost, WIDTH, cells)
    assert looped.path == vectorized.path
    assert looped.actions == vectorized.actions
    assert looped.cost == vectorized.cost
    assert type(looped.cost) is type(vectorized.cost)  # an int without a diagonal


def test_a_straight_walk_costs_an_int() -> None:
    cost = np.full(WIDTH * WIDTH, 3, dtype=np.uint8)
    cells = np.array([WIDTH + 1, WIDTH + 2, 2 * WIDTH + 2], dtype=np.int64)
    read = found_looped(cost, WIDTH, cells)
    assert (read.path, read.actions, read.cost) == ([(0, 0), (0, 1), (1, 1)], ["R", "D"], 6)
    assert type(read.cost) is int
