"""``solve``'s stages (``statesearch.solving``), each on its own: resolve, plan, run and
interpret, put together by hand, give what ``solve`` gives; the plan asks for a kernel only for
the problem's own heuristic object; a precheck's proof runs no search."""

from __future__ import annotations

from typing import Any

import pytest

from statesearch import Heuristic, Limits, SearchResult, Status, solve
from statesearch.core.limits import Meter, metering
from statesearch.kernels import COMPILER
from statesearch.maze.grid import Maze
from statesearch.npuzzle import NPuzzle
from statesearch.solving.interpret import interpret
from statesearch.solving.plan import plan
from statesearch.solving.resolve import Arguments, choose, resolve
from statesearch.solving.run import Proved, precheck, run

LESSON = (7, 2, 4, 5, 0, 6, 8, 3, 1)
ODD = (2, 1, 3, 4, 5, 6, 7, 8, 0)  # one swap from the goal: the parity proves it unsolvable
BOARD_4X4 = (5, 1, 2, 4, 9, 6, 3, 8, 13, 10, 7, 11, 0, 14, 15, 12)
MAZE = "S..#\n.#..\n...G"


def blind(state: Any) -> float:
    return 0


def given(algorithm: str, heuristic: Any = None, **options: Any) -> Arguments:
    defaults: dict[str, Any] = {
        "weight": 1.0,
        "tie_break": "auto",
        "upper_bound": float("inf"),
        "beam_width": None,
        "on_improvement": None,
        "trace": None,
    }
    return Arguments(algorithm=algorithm, heuristic=heuristic, **{**defaults, **options})


def by_stages(problem: Any, arguments: Arguments, limits: Limits) -> SearchResult[Any]:
    meter = Meter(limits)
    with metering(meter):
        choice = choose(problem, arguments.algorithm, arguments.heuristic)
        resolved = resolve(problem, choice, arguments, meter.limits)
        planned = plan(problem, resolved, "auto")
        proof = precheck(problem)
        if not proof:
            planned.prepare()
        ran = run(problem, resolved, planned, meter, proof)
        return interpret(problem, resolved, planned, ran, meter)


def said(result: SearchResult[Any]) -> tuple[Any, ...]:
    stats = result.stats
    return (
        result.status, result.algorithm, result.heuristic, result.path, result.cost,
        result.optimal, result.limit, result.proof, result.reason, result.engine,
        result.weight, result.choice, result.hint, result.notes,
        stats.expanded, stats.pushed, stats.generated, stats.max_frontier,
    )  # fmt: skip


CASES = [
    pytest.param(lambda: NPuzzle(LESSON, 3, 3), given("astar", "manhattan"), id="astar"),
    pytest.param(lambda: NPuzzle(LESSON, 3, 3), given("auto"), id="auto"),
    pytest.param(lambda: NPuzzle(LESSON, 3, 3), given("idastar", "misplaced"), id="idastar"),
    pytest.param(lambda: NPuzzle(LESSON, 3, 3), given("bfs", weight=2.0), id="bfs-unread"),
    pytest.param(lambda: NPuzzle(ODD, 3, 3), given("astar"), id="parity"),
    pytest.param(lambda: Maze.parse(MAZE), given("anytime", "manhattan"), id="maze-anytime"),
    pytest.param(lambda: Maze.parse(MAZE), given("mm", "manhattan"), id="maze-mm"),
    pytest.param(lambda: Maze.parse(MAZE), given("nbs", "zero", tie_break="deep"), id="nbs"),
]


@pytest.mark.parametrize(("make", "arguments"), CASES)
def test_the_stages_by_hand_say_what_solve_says(make: Any, arguments: Arguments) -> None:
    limits = Limits(max_expanded=5_000)
    by_hand = by_stages(make(), arguments, limits)
    whole = solve(
        make(),
        arguments.algorithm,
        arguments.heuristic,
        weight=arguments.weight,
        tie_break=arguments.tie_break,
        limits=limits,
    )
    assert said(by_hand) == said(whole)
    if by_hand.solved:  # the path replays: each step is one of the problem's moves
        problem = make()
        steps = zip(by_hand.path[:-1], by_hand.actions, by_hand.path[1:], strict=True)
        for state, action, following in steps:
            assert (action, following) in [(a, s) for a, s, _ in problem.successors(state)]
        assert problem.is_goal(by_hand.path[-1])


@pytest.mark.skipif(not COMPILER, reason="no numba: every plan is the Python engine")
def test_the_plan_asks_for_a_kernel_only_for_the_problems_own_heuristic() -> None:
    puzzle = NPuzzle(BOARD_4X4, 4, 4)
    with metering(Meter(Limits())):
        for heuristic, compiled in (("manhattan", True), (Heuristic("manhattan", blind), False)):
            choice = choose(puzzle, "idastar", heuristic)
            resolved = resolve(puzzle, choice, given("idastar", heuristic), Limits())
            planned = plan(puzzle, resolved, "auto")
            assert (planned.kernel is not None) is compiled
            assert planned.engine == ("compiled" if compiled else "python")


def test_a_precheck_proof_runs_no_search() -> None:
    puzzle = NPuzzle(ODD, 3, 3)
    meter = Meter(Limits())
    with metering(meter):
        resolved = resolve(puzzle, choose(puzzle, "bfs", None), given("bfs"), Limits())
        proof = precheck(puzzle)
        assert proof
        ran = run(puzzle, resolved, plan(puzzle, resolved, "python"), meter, proof)
    assert ran.ending == Proved(proof)
    assert ran.stats.expanded == ran.stats.generated == 0
    assert solve(NPuzzle(ODD, 3, 3), "bfs").status is Status.UNSOLVABLE
