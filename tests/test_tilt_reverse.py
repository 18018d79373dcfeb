"""Tilt moves run backwards, and the bidirectional search built on them: the predecessors
against every board of the same block count moved forwards, the compiled predecessors against
the Python ones (same boards, same order), and bidirectional search in both engines against
BFS, every path replayed, and with the engine's counters where the compiled one grows the same
sides."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import counters, replay
from statesearch import InputError, Status, solve
from statesearch.tilt import Tilt
from statesearch.tilt.board import cells_of
from statesearch.tilt.reverse_moves import Segments, boards_before
from statesearch.tilt.rules import DIRECTIONS
from statesearch.tilt.tables import Tables


@st.composite
def boards(draw: st.DrawFn, most_cells: int = 16) -> str:
    """A small board (at most ``most_cells`` cells) with 1-4 blocks and as many targets."""
    h = draw(st.integers(1, 4))
    w = draw(st.integers(2, max(2, most_cells // h)))
    cells = draw(st.lists(st.sampled_from("...#"), min_size=h * w, max_size=h * w))
    free = [i for i, ch in enumerate(cells) if ch == "."]
    if len(free) < 2:
        cells[0], cells[1], free = ".", ".", [0, 1]
    k = draw(st.integers(1, min(4, len(free) // 2)))
    chosen = draw(st.permutations(free))
    for i in chosen[:k]:
        cells[i] = "o"
    for i in chosen[k : 2 * k]:
        cells[i] = "x"
    return "\n".join("".join(cells[r * w : (r + 1) * w]) for r in range(h))


def every_board(puzzle: Tilt) -> list[int]:
    """Every arrangement of the puzzle's blocks on its free cells."""
    free = [c for c in range(puzzle.board.cells) if not puzzle.board.walls >> c & 1]
    k = puzzle.initial.bit_count()
    return [sum(1 << c for c in chosen) for chosen in combinations(free, k)]


@settings(max_examples=80, deadline=None)
@given(boards())
def test_predecessors_are_exactly_the_boards_a_move_turns_into_this_one(text: str) -> None:
    puzzle = Tilt.from_text(text)
    rules = puzzle.rules
    everything = every_board(puzzle)
    for direction in DIRECTIONS:
        blocked = rules.blocked(direction)
        before: dict[int, set[int]] = {}
        for board in everything:
            after = rules.move(board, direction, blocked)
            if after != board:
                before.setdefault(after, set()).add(board)
        for board in everything:
            listed = rules.predecessors(board, direction)
            assert len(listed) == len(set(listed))  # each once
            assert set(listed) == before.get(board, set()), (direction, puzzle.show(board))
    moved = {
        after
        for board in everything
        for d in DIRECTIONS
        if (after := rules.move(board, d, rules.blocked(d))) != board
    }
    for board in everything:
        assert rules.produced(board) == (board in moved), puzzle.show(board)


@settings(max_examples=80, deadline=None)
@given(boards(most_cells=64))
def test_the_compiled_predecessors_list_the_same_boards_in_the_same_order(text: str) -> None:
    puzzle = Tilt.from_text(text)
    tables, segments = Tables(puzzle), Segments(puzzle.rules)
    out = np.zeros(4 << 8, dtype=np.uint64)
    for board in [puzzle.initial, puzzle.board.targets, *every_board(puzzle)[:200]]:
        end = boards_before(
            np.uint64(board), tables.board, segments.arrays, np.uint64(puzzle.initial), out, 0
        )
        expected = [before for _, before, _ in puzzle.predecessors(board)]
        assert [int(b) for b in out[:end]] == expected, puzzle.show(board)


def test_predecessors_need_the_default_rules() -> None:
    with pytest.raises(InputError, match="default rules only"):
        Tilt.from_text("o.\n.x", step="full").rules.predecessors(1, "R")
    assert not Tilt.from_text("o.\n.x", collide="merge").reversible
    assert not Tilt.from_text("o.\nxx").reversible  # spare targets: no single goal


@settings(max_examples=60, deadline=None)
@given(boards(most_cells=30))
def test_bidirectional_search_agrees_with_bfs_in_both_engines(text: str) -> None:
    """Both engines against BFS, growing the sides by the puzzle's ``backward_cost`` (2) and by
    frontier size alone (1), and with each other's counters and path."""
    puzzle = Tilt.from_text(text)
    reference = solve(puzzle, "bfs", engine="python")
    for cost in (2.0, 1.0):
        puzzle.backward_cost = cost
        python = solve(puzzle, "bidirectional", engine="python")
        compiled = solve(puzzle, "bidirectional", engine="compiled")
        for result in (python, compiled):
            assert result.status is reference.status
            assert result.length == reference.length
            if result.solved:
                assert result.optimal
                replay(puzzle, result)
        assert compiled.engine == "compiled"
        assert counters(python.stats) == counters(compiled.stats)
        assert python.moves == compiled.moves


def test_auto_chooses_bidirectional_where_moves_run_backwards() -> None:
    puzzle = Tilt.from_text("o..#..\n.#..x.\n...o..\n#....x")
    result = solve(puzzle)
    assert result.algorithm == "bidirectional" and result.engine == "compiled"
    assert result.length == solve(puzzle, "bfs").length
    replay(puzzle, result)
    spare = Tilt.from_text("o..\n.xx")
    assert solve(spare).algorithm == "astar"


def test_a_cut_off_region_is_unsolvable_before_any_search() -> None:
    puzzle = Tilt.from_text("o#x\n.#.")
    assert puzzle.unsolvable_reason() is not None
    result = solve(puzzle)
    assert result.status is Status.UNSOLVABLE
    assert cells_of(puzzle.initial) == [0]
