"""Tilt puzzles: the rules on hand-made boards, the file format, solvers against BFS,
heuristics against exact distances, compiled kernels against the Python engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import replay
from statesearch import InputError, LimitKind, Limits, Status, solve
from statesearch.tilt import Tilt, TiltBoard, format_tilt, parse_tilt
from statesearch.tilt.board import cells_of
from statesearch.tilt.generate import connected, generate


def after(text: str, direction: str, step: str = "single", collide: str = "block") -> str:
    puzzle = Tilt.from_text(text, step, collide)
    return puzzle.show(puzzle.apply(puzzle.initial, direction))


def test_a_move_shifts_every_free_block_one_cell() -> None:
    assert after("o...\n.o..\nxx..", "R") == ".o..\n..o.\nxx.."
    assert after("o...\n.o..\nxx..", "D") == "....\no...\nx@.."


def test_stuck_blocks_propagate_along_a_line() -> None:
    # The rightmost block is against the edge, so the two behind it are stuck too.
    assert after(".ooo\nxxx.", "R") == ".ooo\nxxx."
    # A gap frees the blocks behind it: they move together like a train, the last one stays.
    assert after("oo.o\nxxx.", "R") == ".ooo\nxxx."
    # Against a wall instead of the edge.
    assert after("oo#.\nxx..", "R") == "oo#.\nxx.."


def test_blocks_never_overlap_or_merge_by_default() -> None:
    puzzle = Tilt.from_text("o.o.\nxx..")
    state = puzzle.initial
    for move in "RRLLRL":
        state = puzzle.apply(state, move)
        assert state.bit_count() == 2


def test_merge_variant() -> None:
    # Only walls stop blocks, and blocks that meet merge into one.
    assert after("oo..\nxx..", "R", collide="merge") == ".oo.\nxx.."
    assert after(".oo\nxx.", "R", collide="merge") == "..o\nxx."


def test_full_step_variant_slides_until_stopped() -> None:
    assert after("o...\n..#.\nx...", "R", step="full") == "...o\n..#.\nx..."
    assert after("o.#.\nx...", "R", step="full") == ".o#.\nx..."
    assert after("oo..\nxx..", "R", step="full") == "..oo\nxx.."


def test_moves_that_change_nothing_are_not_generated() -> None:
    puzzle = Tilt.from_text("o.\n.x")
    assert sorted(a for a, _, _ in puzzle.successors(puzzle.initial)) == ["D", "R"]


def test_goal_rules() -> None:
    exact = Tilt.from_text("o.\nx.")
    assert not exact.is_goal(exact.initial)
    assert exact.is_goal(exact.board.targets)
    spare = Tilt.from_text("@x\n..")  # more targets than blocks: every block on some target
    assert spare.is_goal(spare.initial)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("o.\n.", "ragged"),
        ("o?\nx.", r"unknown tilt character '\?' at row 1, column 2"),
        ("..\nx.", "at least one block"),
        ("oo\nx.", "2 blocks but only 1 target: every block"),  # each needs a target
        ("ooo\nxx.", "3 blocks but only 2 targets: every block"),
        ("; nothing\n\n", "empty"),
    ],
)
def test_bad_boards(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        Tilt.from_text(text)


def test_format_round_trips_with_comments_and_blank_lines() -> None:
    text = "; a comment\n\no.#\n.x@ ; trailing\n"
    board = parse_tilt(text)
    assert format_tilt(board) == "o.#\n.x@"
    assert parse_tilt(format_tilt(board)) == board


def _board(
    draw: st.DrawFn, h: int, w: int, cells_from: str, most: int
) -> tuple[str, list[int], int]:
    """A random h x w board with k <= ``most`` blocks and as many targets: (text, free cells, k)."""
    cells = draw(st.lists(st.sampled_from(cells_from), min_size=h * w, max_size=h * w))
    free = [i for i, ch in enumerate(cells) if ch == "."]
    if len(free) < 2:
        cells[0], cells[1] = ".", "."
        free = [0, 1]
    k = draw(st.integers(1, min(most, len(free) // 2)))
    chosen = draw(st.permutations(free))
    for i in chosen[:k]:
        cells[i] = "o"
    for i in chosen[k : 2 * k]:
        cells[i] = "x"
    return "\n".join("".join(cells[r * w : (r + 1) * w]) for r in range(h)), free, k


@st.composite
def small_boards(draw: st.DrawFn) -> str:
    return _board(draw, draw(st.integers(2, 5)), draw(st.integers(2, 5)), "...#", 3)[0]


@settings(max_examples=60, deadline=None)
@given(small_boards(), st.sampled_from(["single", "full"]), st.sampled_from(["block", "merge"]))
def test_solvers_agree_with_bfs(text: str, step: str, collide: str) -> None:
    puzzle = Tilt.from_text(text, step, collide)
    reference = solve(puzzle, "bfs", engine="python")
    admissible = [name for name, h in puzzle.heuristics.items() if h.admissible]
    # IDA* cannot prove unsolvability in useful time (it re-walks every simple path).
    algorithms = ("astar", "idastar", "dfbnb") if reference.solved else ("astar", "dfbnb")
    for algorithm in algorithms:
        for name in admissible:
            result = solve(puzzle, algorithm, name, engine="python")
            assert result.status == reference.status, (algorithm, name)
            if result.solved:
                assert result.length == reference.length, (algorithm, name)
                replay(puzzle, result)


@settings(max_examples=40, deadline=None)
@given(small_boards(), st.sampled_from(["single", "full"]), st.sampled_from(["block", "merge"]))
def test_admissible_heuristics_never_exceed_the_bfs_distance(
    text: str, step: str, collide: str
) -> None:
    puzzle = Tilt.from_text(text, step, collide)
    # Every reachable state, with its exact distance to the goal, by BFS from each state.
    seen = {puzzle.initial}
    frontier = [puzzle.initial]
    while frontier:
        frontier = [c for s in frontier for _, c, _ in puzzle.successors(s) if c not in seen]
        seen.update(frontier)
    for state in list(seen)[:30]:
        board = TiltBoard(
            puzzle.board.height, puzzle.board.width, puzzle.board.walls, puzzle.board.targets, state
        )
        from_here = Tilt(board, step, collide)
        exact = solve(from_here, "bfs", engine="python")
        for name, h in from_here.heuristics.items():
            if h.admissible and exact.length is not None:
                assert h(state) <= exact.length, (name, format_tilt(board))


@settings(max_examples=40, deadline=None)
@given(small_boards(), st.sampled_from(["single", "full"]), st.sampled_from(["block", "merge"]))
def test_compiled_kernels_count_like_the_engine(text: str, step: str, collide: str) -> None:
    puzzle = Tilt.from_text(text, step, collide)
    for algorithm, heuristic in (
        ("bfs", None),
        ("astar", "best"),
        ("astar", "nearest"),
        ("ucs", None),
    ):
        python = solve(puzzle, algorithm, heuristic, engine="python")
        compiled = solve(puzzle, algorithm, heuristic, engine="compiled")
        assert compiled.engine == "compiled"
        s, t = python.stats, compiled.stats
        assert (python.status, python.length, python.moves) == (
            compiled.status,
            compiled.length,
            compiled.moves,
        )
        assert (s.expanded, s.pushed, s.generated, s.max_frontier, s.layers) == (
            t.expanded,
            t.pushed,
            t.generated,
            t.max_frontier,
            t.layers,
        ), (algorithm, heuristic)
    # IDA* too, where it can finish (it cannot prove unsolvability in useful time).
    if solve(puzzle, "bfs").solved:
        python = solve(puzzle, "idastar", "best", engine="python")
        compiled = solve(puzzle, "idastar", "best", engine="compiled")
        assert compiled.engine == "compiled" and compiled.moves == python.moves
        s, t = python.stats, compiled.stats
        assert (s.expanded, s.pushed, s.generated, s.max_frontier, s.iterations) == (
            t.expanded,
            t.pushed,
            t.generated,
            t.max_frontier,
            t.iterations,
        )


def test_bottleneck_is_stronger_than_nearest() -> None:
    # Both blocks are next to the same target; one of them must go to the far one.
    puzzle = Tilt.from_text("ox....x\no......")
    h = puzzle.heuristics
    assert h["nearest"](puzzle.initial) == 2
    assert h["bottleneck"](puzzle.initial) == 6


def test_full_step_marks_distance_bounds_inadmissible() -> None:
    puzzle = Tilt.from_text("o....x", step="full")
    assert solve(puzzle, "bfs").length == 1
    assert not puzzle.heuristics["nearest"].admissible
    assert puzzle.heuristics["best"](puzzle.initial) == 1


def test_generator_is_seeded_and_honest() -> None:
    made = generate(7, 6, 6, blocks=3, min_length=8)
    assert made == generate(7, 6, 6, blocks=3, min_length=8)
    assert made.optimal >= 8
    assert connected(made.board.targets, 6)
    assert len(cells_of(made.board.blocks)) == 3
    puzzle = Tilt(made.board)
    assert solve(puzzle, "astar").length == made.optimal == solve(puzzle, "bfs").length
    assert parse_tilt(made.text()) == made.board


def test_the_header_names_the_command_that_makes_the_puzzle_again() -> None:
    made = generate(3, 5, 5, blocks=1, min_length=3)
    first, summary = made.text().splitlines()[:2]
    command = "statesearch tilt generate --seed 3 --size 5x5 --blocks 1 --min-length 3"
    assert first == f"; made by: {command}"
    assert summary.startswith("; seed 3: 5x5, 1 block, optimal ")
    timed = generate(3, 5, 5, blocks=1, min_length=3, max_length=9, limits=Limits(time_limit=7.5))
    assert timed.text().startswith(f"{first} --max-length 9 --time-limit 7.5\n")
    # The command has no wall density: a board made with another one says what it is, not how.
    walled = generate(3, 5, 5, blocks=1, min_length=3, wall_density=0.3)
    assert walled.text().startswith("; seed 3: 5x5, 1 block, optimal ")


def test_compiled_budgets() -> None:
    made = generate(3, blocks=4, min_length=16)
    puzzle = Tilt(made.board)
    result = solve(puzzle, "bfs", limits=Limits(max_expanded=500))
    assert result.status is Status.LIMIT_REACHED and result.stats.expanded == 500
    result = solve(puzzle, "astar", "zero", limits=Limits(max_states=1000))
    assert result.status is Status.LIMIT_REACHED and result.limit is LimitKind.MEMORY


@st.composite
def boards_with_block_sets(draw: st.DrawFn) -> tuple[str, list[int]]:
    """An 8x8 board with up to 8 targets, and a few block arrangements to estimate."""
    text, free, k = _board(draw, 8, 8, "....#", 8)
    arrangements = draw(
        st.lists(st.lists(st.sampled_from(free), min_size=k, max_size=k, unique=True), max_size=8)
    )
    return text, [sum(1 << c for c in a) for a in arrangements]


@settings(max_examples=60, deadline=None)
@given(boards_with_block_sets())
def test_kernel_estimates_equal_the_python_heuristics(case: tuple[str, list[int]]) -> None:
    from statesearch.tilt.estimates import H_BOTTLENECK, H_DIRECTIONS, H_NEAREST
    from statesearch.tilt.tables import Tables

    text, arrangements = case
    puzzle = Tilt.from_text(text)
    tables = Tables(puzzle)
    kinds = {
        "nearest": H_NEAREST,
        "bottleneck": H_BOTTLENECK,
        "directions": H_DIRECTIONS,
        "best": H_BOTTLENECK | H_DIRECTIONS,
    }
    for blocks in [puzzle.initial, *arrangements]:
        for name, kind in kinds.items():
            expected = puzzle.heuristics[name](blocks)
            found = tables.estimate(blocks, kind)
            assert found == expected, (name, format_tilt(puzzle.board, blocks))


def test_merging_blocks_may_share_a_target_and_the_output_says_when_it_is_solved() -> None:
    text = "o.o\n...\nx..\n"
    with pytest.raises(InputError, match="every block needs a target"):
        Tilt.from_text(text)
    merged = Tilt.from_text(text, collide="merge")
    result = solve(merged)
    exact = solve(merged, "bfs", engine="python")
    assert result.solved and result.length == exact.length == 4
    assert "targets can stay empty" in merged.goal_rule


def test_generating_the_benchmarks_puzzles_is_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    """``bench tilt`` makes its puzzles within --prepare-limit: past it one line and exit 4
    (an internal error before, when the generator's own clock ran out)."""
    from statesearch.cli import main

    hard = ["--count", "1", "--blocks", "8", "--min-length", "45", "--prepare-limit", "0.5"]
    code = main(["bench", "tilt", *hard])
    said = " ".join(capsys.readouterr().out.split())
    assert code == 4 and "limit reached (time): --prepare-limit of 0.5 s" in said


def test_bench_writes_its_rows_to_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``bench --out FILE`` writes the run as JSON: what was searched and a row per puzzle,
    each length checked against the generator's optimal one."""
    from statesearch.cli import main

    out = tmp_path / "rows.json"
    code = main(["bench", "tilt", "--count", "2", "--size", "5x5", "--min-length", "4",
                 "--out", str(out)])  # fmt: skip
    written = json.loads(out.read_text())
    assert code == 0 and written["set"] == "tilt 5x5 x2" and written["search"] == "astar"
    assert [r["id"] for r in written["rows"]] == [1, 2]
    assert all(r["status"] == "solved" and r["found"] == r["optimal"] for r in written["rows"])


EASY = (Path(__file__).parent.parent / "examples" / "tilt" / "easy.txt").read_text()


def test_a_depth_bound_sends_a_star_to_the_python_engine() -> None:
    """The compiled tilt A* keeps no depth bound: under one, auto used to refuse to search
    ("limit reached", 0 expanded); it runs the Python engine, and engine=compiled is refused."""
    puzzle = Tilt.from_text(EASY)
    bounded = solve(puzzle, "astar", "best", limits=Limits(max_depth=3))
    assert bounded.engine == "python" and bounded.stats.expanded > 0
    assert bounded.limit is LimitKind.DEPTH
    with pytest.raises(InputError, match="no depth bound; use --engine python"):
        solve(puzzle, "astar", "best", engine="compiled", limits=Limits(max_depth=3))


def test_a_traced_board_is_written_on_one_line() -> None:
    """A trace wrote a tilt board as its bitboard's integer ("16777232")."""
    puzzle = Tilt.from_text(EASY)
    result = solve(puzzle, "astar", "best", trace=True)
    assert result.trace is not None
    first = result.trace.events[0].to_dict(puzzle.render)
    assert first["state"] == "/".join(format_tilt(puzzle.board, puzzle.initial).splitlines())
