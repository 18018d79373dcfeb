"""NBS: bidirectional heuristic search by pairs. Optimal, and no state it expands has an f on
its side above the optimal cost."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import example, replay
from statesearch import InputError, LimitKind, Limits, Status, solve
from statesearch.core.result import SearchResult
from statesearch.core.trace import CHILD_EVENTS, Trace
from statesearch.examples.water_jugs import WaterJugs
from statesearch.maze import Maze
from statesearch.npuzzle import NPuzzle, scramble
from test_engine import DIAMOND, Graph
from test_properties import mazes

LESSON = "7 2 4 5 0 6 8 3 1"


def within_the_optimal_cost(result: SearchResult[object], optimal: float) -> None:
    """Every expansion, on either side, has f <= C* (its pair's lower bound is at most C*)."""
    assert result.trace is not None and not result.trace.truncated
    pops = [e for e in result.trace.events if e.event == "pop"]
    assert len(pops) == result.stats.expanded
    for event in pops:
        assert event.f is not None and event.f <= optimal + 1e-9, event


@settings(max_examples=60, deadline=None)
@given(mazes())
def test_nbs_agrees_with_dijkstra_on_mazes(maze: Maze) -> None:
    reference = solve(maze, "ucs")
    result = solve(maze, "nbs", "manhattan", trace=Trace())
    assert result.status == reference.status
    if result.solved:
        assert reference.cost is not None
        assert result.cost == reference.cost and result.optimal
        replay(maze, result)
        within_the_optimal_cost(result, reference.cost)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 20))
def test_nbs_agrees_with_bfs_on_8_puzzles(seed: int, depth: int) -> None:
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    puzzle = NPuzzle(scramble(goal, 3, 3, depth, seed), 3, 3, goal)
    reference = solve(puzzle, "bfs")
    assert reference.length is not None
    result = solve(puzzle, "nbs", "manhattan", trace=Trace())
    assert result.optimal and result.length == reference.length
    replay(puzzle, result)
    within_the_optimal_cost(result, reference.length)


@settings(max_examples=20, deadline=None)
@given(st.integers(3, 9), st.integers(0, 10**6))
def test_nbs_on_pancakes(n: int, seed: int) -> None:
    stack = example("pancake").Pancake(n, seed)
    reference = solve(stack, "bfs")
    assert reference.length is not None
    result = solve(stack, "nbs", trace=Trace())
    assert result.optimal and result.length == reference.length
    within_the_optimal_cost(result, reference.length)


def test_costs_that_differ_and_the_lesson() -> None:
    graph = solve(Graph(DIAMOND, "S", "G"), "nbs", trace=Trace())
    assert graph.cost == 3 and graph.path == ["S", "A", "B", "G"]
    within_the_optimal_cost(graph, 3)
    board = solve(NPuzzle.from_text(LESSON), "nbs", "manhattan", trace=Trace(limit=0))
    assert (board.length, board.stats.expanded) == (20, 174)
    assert board.trace is not None
    counts, s = board.trace.counts, board.stats
    assert counts["pop"] == s.expanded and counts["push"] + counts["improve"] == s.pushed
    assert sum(counts[k] for k in CHILD_EVENTS) == s.generated


def test_refusals_budgets_and_proofs() -> None:
    with pytest.raises(InputError, match="predecessors"):
        solve(WaterJugs(), "nbs")
    with pytest.raises(InputError, match="nbs takes no depth limit"):
        solve(NPuzzle.from_text(LESSON), "nbs", limits=Limits(max_depth=30))
    board = NPuzzle.from_text("2 8 1 4 6 3 0 7 5")
    stopped = solve(board, "nbs", "manhattan", precheck=False, limits=Limits(max_expanded=300))
    assert stopped.limit is LimitKind.EXPANDED and stopped.stats.expanded == 300
    apart = Graph({"S": [("A", 1)], "A": [("S", 1)], "G": []}, "S", "G")
    whole = solve(apart, "nbs")
    assert whole.status is Status.UNSOLVABLE and "without meeting" in whole.reason
    assert solve(Graph({}, "S", "S"), "nbs").length == 0


def test_the_deepest_pair_meets_sooner_on_a_plateau() -> None:
    """A stack of 24: the least-g pair took 22,754 expansions, the deepest 3,300 (mm 819)."""
    result = solve(example("pancake").Pancake(24), "nbs")
    assert result.length == 23 and result.optimal and result.stats.expanded == 3_300


def distances(step: Callable[[Any], Any], root: Any) -> dict[Any, float]:
    """Every state's distance from ``root`` along ``step`` (unit steps), by BFS."""
    found = {root: 0.0}
    layer = [root]
    while layer:
        following = []
        for state in layer:
            for _, child, _ in step(state):
                if child not in found:
                    found[child] = found[state] + 1
                    following.append(child)
        layer = following
    return found


def largest_matching(edges: dict[Any, list[Any]]) -> int:
    """The most pairs of a bipartite graph no two of which share a state (Kuhn's augmenting
    paths); by König's theorem, the fewest states that cover every pair."""
    partner: dict[Any, Any] = {}

    def augment(u: Any, seen: set[Any]) -> bool:
        for v in edges[u]:
            if v not in seen:
                seen.add(v)
                if v not in partner or augment(partner[v], seen):
                    partner[v] = u
                    return True
        return False

    return sum(augment(u, set()) for u in edges)


@pytest.mark.parametrize(
    ("n", "seed", "heuristic"),
    [(6, 4, None), (6, 1, "zero"), (6, 4, "zero"), (7, 2, "zero"), (7, 4, "zero")],
)
def test_nbs_expands_at_most_twice_what_any_such_search_must(
    n: int, seed: int, heuristic: str | None
) -> None:
    """Chen et al.'s guarantee, counted: a pair (u, v) with lb(u, v) < C* (true g both ways)
    must have u or v expanded by any admissible front-to-end bidirectional search, so the
    fewest states covering all such pairs, the largest matching, is a floor; NBS's pairs
    under C* are disjoint (the gap heuristic is consistent: nothing reopens), a matching, so
    it expands at most twice that floor besides its pairs at C* itself."""
    stack = example("pancake").Pancake(n, seed)
    result = solve(stack, "nbs", heuristic, trace=Trace())
    assert result.trace is not None and result.cost is not None
    optimal, eps = result.cost, 1
    ahead_h = stack.heuristic if heuristic is None else (lambda state: 0)
    back_h = stack.backward_heuristic if heuristic is None else (lambda state: 0)
    ahead, back = (
        distances(stack.successors, stack.initial),
        distances(stack.predecessors, stack.goal),
    )
    f_ahead = [u for u, g in ahead.items() if g + ahead_h(u) < optimal]
    f_back = [v for v, g in back.items() if g + back_h(v) < optimal]
    must = {u: [v for v in f_back if ahead[u] + back[v] + eps < optimal] for u in f_ahead}
    floor = largest_matching(must)
    pops = [e for e in result.trace.events if e.event == "pop"]
    pairs = list(zip(pops[0::2], pops[1::2], strict=False))  # forward, then backward, each
    under = [
        (u, v) for u, v in pairs
        if u.f is not None and v.f is not None and u.g is not None and v.g is not None
        and max(u.f, v.f, u.g + v.g + eps) < optimal
    ]  # fmt: skip
    assert all(u.side == "forward" and v.side == "backward" for u, v in pairs)
    assert all(v.state in must[u.state] for u, v in under)  # pairs any such search must cover
    assert len({u.state for u, _ in under}) == len({v.state for _, v in under}) == len(under)
    assert floor > 0 and len(under) <= floor  # a matching: 2 * len(under) <= twice the floor
