"""``statesearch showcase``: what ``make run`` prints — the lesson's examples, solved live."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ..core.limits import Limits
from ..core.trace import Trace
from ..cube import REACHABLE, Cube, random_cube
from ..examples.water_jugs import WaterJugs
from ..facade import solve
from ..maze import LESSON_MAZE, Maze
from ..npuzzle import NPuzzle, format_board
from ..tilt import Tilt
from .trace_table import StepRecorder, trace_table

LESSON_BOARD = "7 2 4 5 0 6 8 3 1"
LOOP_STEPS = 3  # the first steps of A* + manhattan shown as --trace shows them
UNSOLVABLE_BOARD = "2 8 1 4 6 3 0 7 5"
KORF_2 = (13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6)  # 55 moves, goal blank-first
CHECKERBOARD = "R2 L2 U2 D2 F2 B2"
TWISTED = "UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"  # the URF corner turned in place
TILT = """\
o..#....
..#..o..
........
.#..##..
......x.
..o..#x.
.....#x.
........
"""


def showcase() -> None:
    """Solve the lesson's examples and print their tables."""
    out = Console(highlight=False)
    puzzle = NPuzzle.from_text(LESSON_BOARD)
    out.rule("8-puzzle: A* with the lesson's three heuristics, and linear conflicts")
    out.print(format_board(puzzle.initial, 3))
    table = Table("heuristic", "weight", "expanded", "pushed", "length", "seconds")
    for name, weight in (
        ("zero", 0.0),
        ("misplaced", 1.0),
        ("manhattan", 1.0),
        ("linear_conflict", 1.0),
    ):
        r = solve(puzzle, "astar", name, weight=weight)
        table.add_row(
            name,
            f"{weight:g}",
            f"{r.stats.expanded:,}",
            f"{r.stats.pushed:,}",
            str(r.length),
            f"{r.stats.elapsed_s:.3f}",
        )
    out.print(table)

    # The loop itself: the first states taken out of the waiting room, as --trace shows them.
    recorder = StepRecorder(LOOP_STEPS, puzzle.render)
    solve(puzzle, "astar", "manhattan", trace=Trace(on_event=recorder))
    loop = trace_table(recorder, puzzle.show, "astar")
    loop.title = (
        f"A* + manhattan, its first {LOOP_STEPS} steps (as --trace {LOOP_STEPS} shows them)"
    )
    out.print(loop)

    ida = solve(puzzle, "idastar", "manhattan")
    out.print(
        "IDA* + manhattan, its bounds: "
        + ", ".join(f"{i.bound:g} ({i.expanded:,} expanded)" for i in ida.stats.iterations)
        + f" -> {ida.verdict}"
    )

    out.rule("Not found versus does not exist")
    bad = NPuzzle.from_text(UNSOLVABLE_BOARD)
    proof = solve(bad, "astar", "manhattan")
    out.print(f"{UNSOLVABLE_BOARD}: {proof.verdict} ({proof.stats.expanded} states expanded)")
    exhaust = solve(bad, "astar", "manhattan", precheck=False)
    out.print(f"with the precheck off: {exhaust.verdict}")
    # IDA* keeps only its path, so it cannot run out of states: it proves the same by depth.
    deepened = solve(bad, "idastar", "manhattan", precheck=False)  # the lesson's counts
    out.print(f"and by IDA*, which keeps only its path: {deepened.verdict}")
    budget = solve(puzzle, "astar", "zero", weight=0, limits=Limits(max_expanded=1000))
    out.print(f"{LESSON_BOARD} with a 1,000-state budget: {budget.verdict}")

    out.rule("The lesson maze: five searches (A*'s path drawn, * on it)")
    maze = Maze.parse(LESSON_MAZE)
    table = Table("algorithm", "expanded", "pushed", "length", "cost")
    for algorithm in ("bfs", "ucs", "astar", "greedy", "bidirectional"):
        r = solve(maze, algorithm, "manhattan")
        table.add_row(
            algorithm, f"{r.stats.expanded:,}", f"{r.stats.pushed:,}", str(r.length), f"{r.cost:g}"
        )
    out.print(maze.show(solve(maze, "astar", "manhattan").path))
    out.print(table)

    out.rule("Compiled kernels: a 15-puzzle and a tilt puzzle")
    korf = NPuzzle(KORF_2, 4, 4, tuple(range(16)))
    fifteen = solve(korf, "idastar", "manhattan")
    out.print(format_board(korf.initial, 4))
    out.print(
        f"Korf #2, IDA* + Manhattan ({fifteen.engine}): {fifteen.verdict}, "
        f"{fifteen.stats.generated:,} generated in {fifteen.stats.elapsed_s:.2f} s"
    )
    tilt = Tilt.from_text(TILT)
    tilted = solve(tilt, "astar")
    out.print(tilt.show(tilt.initial))
    out.print(f"tilt, A* + best ({tilted.engine}): {tilted.verdict}: {tilted.moves}")

    out.rule("The cube: the same three slots")
    pocket = Cube(random_cube(2, 1), 2)
    exact = solve(pocket, "idastar", "exact")
    out.print(pocket.show(pocket.initial))
    out.print(
        f"a random 2x2x2 (one of {REACHABLE[2]:,}; the 3x3x3 has {REACHABLE[3]:,}), "
        "IDA* + its exact distance table: "
        f"{exact.verdict}: {exact.moves}"
    )
    checker = solve(Cube.from_text(CHECKERBOARD), "bidirectional")
    out.print(
        f"3x3x3 checkerboard {CHECKERBOARD}, bidirectional BFS: {checker.verdict}: "
        f"{checker.moves} ({checker.stats.expanded:,} expanded)"
    )
    twisted = solve(Cube.from_text(TWISTED), "idastar")
    out.print(f"one corner turned in place: {twisted.verdict} ({twisted.stats.expanded} expanded)")

    out.rule("A problem that is not a board: two water jugs (4 and 3 litres, measure 2)")
    jugs = solve(WaterJugs(4, 3, 2), "bfs")
    out.print(" -> ".join(f"{a}" for a in jugs.actions))
    out.print(" -> ".join(str(s) for s in jugs.path) + f"   [{jugs.verdict}]")

    out.rule("Watch it think")
    out.print(
        f"statesearch solve npuzzle {LESSON_BOARD.replace(' ', '')} --trace 10: the steps in a "
        "table; examples/lesson.ipynb: the lesson as a notebook; statesearch serve: the "
        "playground, every step with its waiting room, g and parent tables"
    )
