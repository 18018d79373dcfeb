"""Every parser of user text, fed arbitrary text: it reads it or raises ``InputError`` with one
line, and nothing else (no other exception, no hang)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from statesearch import InputError, Limits
from statesearch.batch.spec import normalize
from statesearch.cli.options import memory_bound
from statesearch.cli.pdb import board_shape
from statesearch.maze import Maze
from statesearch.npuzzle import parse_board, parse_goal
from statesearch.npuzzle.pdb import partition_groups
from statesearch.tilt.board import parse_tilt

# Text a person might type, and text nobody would: board-ish characters, then anything.
BOARDISH = st.text(alphabet="0123456789 _/,;|\n.-#SGoxX@", max_size=80)
ANY = st.text(max_size=200)
TEXT = st.one_of(BOARDISH, ANY)

PARSERS: dict[str, Callable[[str], Any]] = {
    "board": parse_board,
    "board 3x4": lambda t: parse_board(t, 3, 4),
    "goal": lambda t: parse_goal(t, 3, 3),
    "maze": Maze.parse,
    "tilt": parse_tilt,
    "memory size": memory_bound,
    "partition": lambda t: partition_groups(4, 4, t),
    "pdb size": board_shape,
    "batch line": lambda t: normalize({"id": 1, "start": t, "domain": "npuzzle"}, {}, None),
}


@pytest.mark.parametrize("name", list(PARSERS))
@settings(max_examples=150, deadline=None)
@given(text=TEXT)
def test_a_parser_reads_or_says_why(name: str, text: str) -> None:
    started = time.monotonic()
    try:
        PARSERS[name](text)
    except InputError as err:
        assert "\n" not in str(err) and str(err)
    assert time.monotonic() - started < 2


@settings(max_examples=100, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(
            ["max_expanded", "max_pushed", "time_limit", "max_states", "max_depth", "max_memory"]
        ),
        st.one_of(st.integers(-(10**30), 10**30), st.floats(allow_nan=True), st.none()),
    )
)
def test_limits_take_any_numbers_or_say_why(values: dict[str, Any]) -> None:
    try:
        Limits(**values)
    except InputError as err:
        assert "\n" not in str(err)
