"""The engine on problems small enough to count by hand."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import pytest

from helpers import ctrl_c, iterations_add_up, replay
from statesearch import Heuristic, InputError, LimitKind, Limits, Proof, Status, solve
from statesearch.algorithms import ALGORITHMS
from statesearch.core.limits import active_meter
from statesearch.core.problem import NamedHeuristics
from statesearch.core.result import Iteration, SearchResult, Stats
from statesearch.examples.water_jugs import WaterJugs
from statesearch.npuzzle import NPuzzle


class Graph:
    """An explicit weighted digraph; actions are the target's name."""

    def __init__(
        self, edges: Mapping[str, Sequence[tuple[str, float]]], start: str, goal: str
    ) -> None:
        self.edges, self.initial, self.goal = edges, start, goal

    def is_goal(self, state: str) -> bool:
        return state == self.goal

    def successors(self, state: str) -> Iterator[tuple[str, str, float]]:
        for target, cost in self.edges.get(state, []):
            yield target, target, cost

    def predecessors(self, state: str) -> Iterator[tuple[str, str, float]]:
        for source, targets in self.edges.items():
            for target, cost in targets:
                if target == state:
                    yield state, source, cost


# S-A 1, S-B 4, A-B 1, A-G 5, B-G 1: the cheapest path S A B G costs 3; B is pushed twice.
# The algorithms any problem can take (jps needs a grid's jump points: test_grid_moves.py).
GENERAL = [name for name, a in ALGORITHMS.items() if a.needs is None]
DIAMOND = {"S": [("A", 1), ("B", 4)], "A": [("B", 1), ("G", 5)], "B": [("G", 1)]}


def test_counters_mean_what_result_py_says() -> None:
    result = solve(Graph(DIAMOND, "S", "G"), "ucs")
    # Pops: S, A, B(g=2), the stale B(g=4) is skipped and not counted, then G, counted.
    assert (result.stats.expanded, result.stats.pushed, result.stats.generated) == (4, 5, 5)
    assert result.path == ["S", "A", "B", "G"] and result.cost == 3 and result.optimal


def test_max_pushed_stops_at_the_next_push() -> None:
    result = solve(Graph(DIAMOND, "S", "G"), "ucs", limits=Limits(max_pushed=3))
    assert result.status is Status.LIMIT_REACHED and result.limit is LimitKind.PUSHED
    assert result.stats.pushed == 3


def test_max_expanded_stops_before_the_next_expansion() -> None:
    result = solve(Graph(DIAMOND, "S", "G"), "ucs", limits=Limits(max_expanded=2))
    assert result.limit is LimitKind.EXPANDED and result.stats.expanded == 2


class Line:
    """0, 1, 2, ... forever: nothing ends the search but a budget."""

    initial = 0
    unit_costs = True

    def is_goal(self, state: int) -> bool:
        return False

    def successors(self, state: int) -> list[tuple[str, int, int]]:
        return [("+1", state + 1, 1)]


class LineWithATable(Line):
    """A line whose heuristic's table takes forever to build, on the running search's meter."""

    @property
    def heuristics(self) -> NamedHeuristics:
        def build() -> Heuristic:
            meter = active_meter()
            assert meter is not None, "solve makes its meter the active one"
            while True:
                meter.check()

        return NamedHeuristics({"table": build})


@pytest.mark.parametrize("stop", ["time", "cancelled"])
def test_the_limits_bound_a_heuristics_table_built_when_the_search_asks(stop: str) -> None:
    cancel = threading.Event()
    if stop == "cancelled":
        threading.Timer(0.1, cancel.set).start()
    limits = Limits(time_limit=0.2 if stop == "time" else None)
    result = solve(LineWithATable(), "astar", "table", limits=limits, cancel=cancel)
    assert result.status is Status.LIMIT_REACHED and result.limit == stop
    assert result.reason.endswith("before the search began, while its tables were being made")
    assert active_meter() is None  # only while a search runs


@pytest.mark.parametrize("algorithm", ["bfs", "dfs", "astar", "greedy", "dfbnb"])
def test_time_limit_ends_an_endless_search(algorithm: str) -> None:
    result = solve(Line(), algorithm, limits=Limits(time_limit=0.05, max_expanded=10**7))
    assert result.status is Status.LIMIT_REACHED and result.limit is LimitKind.TIME
    assert result.stats.elapsed_s < 2


class SlowLine(Line):
    """A line whose every step runs a simulator for 20 ms."""

    def successors(self, state: int) -> list[tuple[str, int, int]]:
        time.sleep(0.02)
        return super().successors(state)


@pytest.mark.parametrize("algorithm", ["bfs", "dfs", "astar", "idastar", "iddfs", "dfbnb"])
@pytest.mark.parametrize("stop", ["time", "cancelled"])
def test_the_limits_keep_to_time_when_each_expansion_is_slow(algorithm: str, stop: str) -> None:
    """The clock was read every 1,024 expansions: 20 s for a time limit of 0.3 s, and a
    Ctrl-C that took as long."""
    cancel = threading.Event()
    if stop == "cancelled":
        threading.Timer(0.3, cancel.set).start()
    limits = Limits(time_limit=0.3 if stop == "time" else None)
    started = time.perf_counter()
    result = solve(SlowLine(), algorithm, limits=limits, cancel=cancel)
    assert result.status is Status.LIMIT_REACHED and result.limit == stop
    # Counted, not timed, so a loaded machine cannot fail it: 0.3 s of 20 ms steps is at most 15
    # expansions, and a clock read every 1,024 expansions would run on to 1,024.
    assert result.stats.expanded <= 15 + 20 or stop == "cancelled"
    assert result.stats.expanded < 1024 and time.perf_counter() - started < 10


def test_memory_limit() -> None:
    result = solve(Line(), "bfs", limits=Limits(max_states=500))
    assert result.limit is LimitKind.MEMORY


@pytest.mark.parametrize("algorithm", ["dls", "iddfs", "idastar", "bfs", "astar", "dfs"])
def test_depth_limit_is_never_a_proof(algorithm: str) -> None:
    result = solve(Line(), algorithm, limits=Limits(max_depth=5, time_limit=5))
    assert result.status is Status.LIMIT_REACHED and result.limit is LimitKind.DEPTH


def test_exhausting_a_finite_space_is_a_proof() -> None:
    graph = Graph({"S": [("A", 1)], "A": [("S", 1)]}, "S", "G")
    for name in GENERAL:
        limits = Limits(max_depth=10) if name == "dls" else None
        result = solve(graph, name, limits=limits)
        assert result.status is Status.UNSOLVABLE, name


@pytest.mark.parametrize("algorithm", ["bfs", "bidirectional", "astar", "ucs"])
def test_a_depth_bound_that_cuts_nothing_still_proves(algorithm: str) -> None:
    """S-A-B-C, goal Z unreachable: a bound of 3 lets in every state (a proof), one of 2
    leaves C unsearched. BFS used to say "limit reached" at every bound."""
    chain = {"S": [("A", 1)], "A": [("B", 1), ("S", 1)], "B": [("C", 1), ("A", 1)]}
    chain["C"] = [("B", 1)]
    graph = Graph(chain, "S", "Z")
    chain["Z"] = []  # the goal exists, with no way in, so bidirectional can search back from it
    whole = solve(graph, algorithm, limits=Limits(max_depth=3))
    assert whole.status is Status.UNSOLVABLE and whole.limit is None, whole
    cut = solve(graph, algorithm, limits=Limits(max_depth=2))
    assert cut.status is Status.LIMIT_REACHED and cut.limit is LimitKind.DEPTH


def test_dls_needs_a_depth() -> None:
    with pytest.raises(InputError):
        solve(Line(), "dls")


def test_iddfs_reports_each_depth() -> None:
    result = solve(WaterJugs(4, 3, 2), "iddfs")
    assert [i.bound for i in result.stats.iterations] == [0, 1, 2, 3, 4]
    assert result.length == 4 and result.optimal


def test_dfbnb_upper_bound_is_a_cost_limit() -> None:
    graph = Graph(DIAMOND, "S", "G")
    assert solve(graph, "dfbnb", upper_bound=4).cost == 3
    capped = solve(graph, "dfbnb", upper_bound=3)
    assert capped.status is Status.LIMIT_REACHED and capped.limit is LimitKind.COST


@pytest.mark.parametrize("name", sorted(GENERAL))
def test_every_algorithm_on_water_jugs(name: str) -> None:
    problem = WaterJugs(4, 3, 2)
    limits = Limits(max_depth=8) if name == "dls" else None
    if name == "bidirectional":
        with pytest.raises(InputError, match="predecessors"):
            solve(problem, name)
        return
    result = solve(problem, name, limits=limits)
    replay(problem, result)
    if result.optimal:
        assert result.length == 4


@pytest.mark.parametrize("tie_break", ["classic", "deep", "fifo", "lifo"])
def test_tie_breaks_keep_astar_optimal(tie_break: str) -> None:
    result = solve(Graph(DIAMOND, "S", "G"), "astar", tie_break=tie_break)
    assert result.cost == 3


def test_weighted_astar_is_not_promised_optimal() -> None:
    result = solve(Graph(DIAMOND, "S", "G"), "astar", lambda s: 1, weight=3)
    assert result.solved and not result.optimal
    assert result.heuristic == "<lambda>"


def test_inadmissible_heuristic_withdraws_the_promise() -> None:
    shaky = Heuristic("shaky", lambda s: 0, admissible=False)
    assert not solve(Graph(DIAMOND, "S", "G"), "astar", shaky).optimal


def test_bidirectional_joins_both_halves() -> None:
    result = solve(Graph(DIAMOND, "S", "G"), "bidirectional")
    assert result.path in (["S", "A", "G"], ["S", "B", "G"])
    replay(Graph(DIAMOND, "S", "G"), result)


# S fans out to A1 A2 A3; only A3 leads on, to G.
FAN = {"S": [("A1", 1), ("A2", 1), ("A3", 1)], "A1": [("X1", 1)], "A2": [("X2", 1)]}
FAN["A3"] = [("G", 1)]


@pytest.mark.parametrize(("cost", "expanded"), [(1, 2), (4, 4)])
def test_bidirectional_grows_the_side_its_backward_cost_says(cost: float, expanded: int) -> None:
    """After S, the forward frontier holds 3 states and the backward one 1: growing the smaller
    side expands G next (it meets at A3), a backward cost of 4 keeps expanding forward."""
    graph = Graph(FAN, "S", "G")
    graph.backward_cost = cost  # type: ignore[attr-defined]
    result = solve(graph, "bidirectional")
    assert result.path == ["S", "A3", "G"] and result.stats.expanded == expanded


@pytest.mark.parametrize("cost", [0, -1, math.inf, math.nan, "2", True])
def test_a_bad_backward_cost_is_an_input_error(cost: object) -> None:
    graph = Graph(FAN, "S", "G")
    graph.backward_cost = cost  # type: ignore[attr-defined]
    with pytest.raises(InputError, match="backward_cost must be a positive number"):
        solve(graph, "bidirectional")


@pytest.mark.parametrize("algorithm", ["idastar", "iddfs"])
def test_a_bound_past_the_longest_optimal_proves_there_is_no_solution(algorithm: str) -> None:
    graph = Graph({"S": [("A", 1)], "A": [("B", 1)], "B": [("C", 1)]}, "S", "G")  # no way to G
    graph.longest_optimal = 1  # type: ignore[attr-defined]
    graph.unit_costs = True  # type: ignore[attr-defined]
    proved = solve(graph, algorithm)
    assert proved.status is Status.UNSOLVABLE and proved.proof is Proof.LONGEST
    assert [i.bound for i in proved.stats.iterations] == [0, 1]
    graph.unit_costs = False  # type: ignore[attr-defined]  # the bound counts moves, not cost
    exhausted = solve(graph, algorithm)
    assert exhausted.status is Status.UNSOLVABLE and exhausted.proof is Proof.EXHAUSTED


@pytest.mark.parametrize("longest", [-1, 2.5, "20", True])
def test_a_bad_longest_optimal_is_an_input_error(longest: object) -> None:
    graph = Graph(FAN, "S", "G")
    graph.longest_optimal, graph.unit_costs = longest, True  # type: ignore[attr-defined]
    with pytest.raises(InputError, match="longest_optimal must be a whole number"):
        solve(graph, "idastar")


def test_start_is_goal() -> None:
    for name in GENERAL:
        limits = Limits(max_depth=3) if name == "dls" else None
        result = solve(Graph({}, "S", "S"), name, limits=limits)
        assert result.solved and result.length == 0 and result.cost == 0, name


@pytest.mark.parametrize(
    "kwargs",
    [
        {"algorithm": "nope"},
        {"heuristic": "nope"},
        {"tie_break": "nope"},
        {"weight": -1},
        {"heuristic": 42},
    ],
)
def test_bad_options_are_input_errors(kwargs: dict[str, object]) -> None:
    with pytest.raises(InputError):
        solve(WaterJugs(), **kwargs)  # type: ignore[arg-type]


def test_bad_limits_are_input_errors() -> None:
    with pytest.raises(InputError):
        Limits(max_expanded=-1)
    with pytest.raises(InputError):
        Limits(time_limit=0)


def test_to_dict_is_json_ready() -> None:
    data = solve(WaterJugs(), "bfs").to_dict()
    assert data["status"] == "solved" and data["cost"] == 4 and isinstance(data["cost"], int)
    assert data["stats"]["layers"][0] == 1
    assert math.isfinite(data["stats"]["elapsed_s"])


@pytest.mark.parametrize("algorithm", ["bfs", "astar", "idastar"])
def test_cancel_from_another_thread(algorithm: str) -> None:
    import threading

    cancel = threading.Event()
    timer = threading.Timer(0.1, cancel.set)
    timer.start()
    result = solve(Line(), algorithm, limits=Limits(time_limit=30), cancel=cancel)
    timer.join()
    assert result.status is Status.LIMIT_REACHED and result.limit is LimitKind.CANCELLED
    assert result.stats.elapsed_s < 5


def test_options_a_search_does_not_read_are_named_not_dropped() -> None:
    board = NPuzzle((7, 2, 4, 5, 0, 6, 8, 3, 1), 3, 3)
    assert (
        solve(board, "bfs", "misplaced").note
        == "not used: the heuristic misplaced (bfs reads none)"
    )
    assert solve(board, "idastar", weight=2).note == "not used: the weight 2 (only A* weighs h)"
    both = solve(board, "bidirectional", "manhattan", weight=3).note
    assert both.startswith("not used: the weight 3") and "the heuristic manhattan" in both
    assert solve(board, "astar", "manhattan", weight=2).note == ""
    tie = "not used: the tie-break fifo (only ucs, astar and greedy break ties)"
    assert solve(board, "bfs", tie_break="fifo").note == tie
    assert solve(board, "greedy", "manhattan", tie_break="fifo").note == ""
    # A trace shows the h the search used: none, for BFS.
    assert solve(board, "bfs", "misplaced", trace=True).note.startswith("not used: the heur")


def test_a_time_limits_hint_fits_the_algorithm() -> None:
    """IDDFS reads no heuristic: a stronger one is no advice for it."""
    from statesearch.npuzzle import NPuzzle

    board = NPuzzle.from_text("4 11 10 13 12 3 6 0 1 15 14 5 2 8 9 7")
    blind = solve(board, "iddfs", limits=Limits(time_limit=0.2))
    assert (
        blind.hint
        == "a longer time limit, or a search a heuristic guides (astar, idastar), may help"
    )
    guided = solve(board, "idastar", "manhattan", limits=Limits(time_limit=0.2), engine="python")
    # The stronger heuristic named: the pattern databases, and how to build them if need be.
    assert guided.hint.startswith("-H pdb")
    if "build its tables once" in guided.hint:
        assert "statesearch pdb build 4x4" in guided.hint
    timed = solve(board, "astar", "manhattan", limits=Limits(time_limit=0.2), engine="python")
    assert timed.hint == "a stronger heuristic or a longer time limit may get further"


def test_a_problems_own_hint_comes_first() -> None:
    """The cube's coset table is its strongest heuristic: "a stronger heuristic" is no advice
    there, and ``limit_hint`` says what is; where it has nothing to say, the generic hint."""
    from statesearch.npuzzle import NPuzzle

    class Advised(NPuzzle):
        def limit_hint(self, algorithm: str, heuristic: str | None, kind: LimitKind) -> str | None:
            if kind is LimitKind.TIME and heuristic == "manhattan":
                return f"{algorithm} with {heuristic}: try a pattern database"
            return None

    board = Advised.from_text("4 11 10 13 12 3 6 0 1 15 14 5 2 8 9 7")
    timed = solve(board, "idastar", "manhattan", limits=Limits(time_limit=0.2), engine="python")
    assert timed.limit is LimitKind.TIME
    assert timed.hint == "idastar with manhattan: try a pattern database"
    counted = solve(board, "astar", "manhattan", limits=Limits(max_expanded=10))
    assert counted.limit is LimitKind.EXPANDED and counted.hint == ""


def test_a_traced_search_stopped_by_time_points_to_the_compiled_kernel() -> None:
    from statesearch.core.trace import Trace
    from statesearch.npuzzle import NPuzzle

    board = NPuzzle.from_text("4 11 10 13 12 3 6 0 1 15 14 5 2 8 9 7")
    traced = solve(
        board, "idastar", "manhattan", limits=Limits(time_limit=0.3), trace=Trace(limit=0)
    )
    assert traced.engine == "python" and traced.limit is LimitKind.TIME
    assert traced.hint == "untraced, the compiled kernel would search many times faster"


@pytest.mark.parametrize("algorithm", ["ucs", "bfs", "dfs", "astar"])
def test_a_traces_estimates_are_the_ones_the_search_used(algorithm: str) -> None:
    """UCS's trace gave its taken-out states the board's Manhattan distance and its pushes 0:
    loaded into a table, f was not g + h. A search that reads no heuristic shows h = 0."""
    from statesearch.npuzzle import NPuzzle

    result = solve(NPuzzle.from_text("7 2 4 5 0 6 8 3 1"), algorithm, "manhattan", trace=True)
    assert result.solved and result.trace is not None
    estimated = [(e.f, e.g, e.h) for e in result.trace.events if e.h is not None]
    assert estimated, "the events carry the estimates"
    if algorithm == "astar":
        assert all(f == g + h for f, g, h in estimated if f is not None and g is not None)
        assert any(h for _, _, h in estimated)
    else:
        assert all(h == 0 for _, _, h in estimated)


class Numbers:
    """Integers by +1, x2 and -1 from 1, no goal: every path goes on for ever."""

    initial = 1
    unit_costs = True

    def is_goal(self, state: int) -> bool:
        return False

    def successors(self, state: int) -> list[tuple[str, int, int]]:
        return [("+1", state + 1, 1), ("x2", 2 * state, 1), ("-1", state - 1, 1)]


def test_ida_star_under_a_depth_limit_stops_where_iterative_deepening_does() -> None:
    """With h = 0 and unit costs IDA* is iterative deepening; under max_depth it ran one more
    iteration, bound max_depth + 1, that repeated the last one (4,015 expanded against 2,542)."""
    limits = Limits(max_depth=6)
    ida, iddfs = (solve(Numbers(), name, limits=limits) for name in ("idastar", "iddfs"))
    assert ida.limit is iddfs.limit is LimitKind.DEPTH
    assert ida.stats.iterations == iddfs.stats.iterations  # bounds 0 to 6, the same walks
    assert (ida.stats.expanded, ida.stats.generated) == (
        iddfs.stats.expanded,
        iddfs.stats.generated,
    )


def test_a_search_that_reads_no_estimate_asks_for_no_default_heuristic() -> None:
    """BFS on a cube worked out its default heuristic first, which looked for Korf's tables
    and built their move tables: 2 s and 400 MB for an estimate it never reads."""

    class Costly(WaterJugs):
        @property
        def default_heuristic(self) -> str:
            raise AssertionError("asked for the default heuristic")

    for algorithm in ("bfs", "dfs", "iddfs", "ucs"):
        result = solve(Costly(), algorithm)
        assert result.status is Status.SOLVED and result.heuristic is None
    with pytest.raises(AssertionError, match="default heuristic"):
        solve(Costly(), "astar")  # a search that reads it still does


TWELVE_MOVES = "4 2 3 5 1 6 0 7 8"  # IDA* + manhattan: 5 walks; iterative deepening: 13
HARD = "4 11 10 13 12 3 6 0 1 15 14 5 2 8 9 7"  # 62 moves: minutes in Python


@pytest.mark.parametrize("algorithm", ["idastar", "iddfs"])
@pytest.mark.parametrize(
    ("board", "limits", "cancelled"),
    [
        (TWELVE_MOVES, None, False),  # solved
        ("2 1/3 _", None, False),  # unsolvable: no solution within 6 moves, the 2x2's most
        (TWELVE_MOVES, Limits(max_depth=8), False),  # the walks end at the depth bound
        (TWELVE_MOVES, Limits(max_expanded=500), False),
        (TWELVE_MOVES, Limits(max_pushed=500), False),
        (HARD, Limits(time_limit=0.05), False),
        (HARD, None, True),  # Ctrl-C
    ],
)
def test_the_iterations_add_up_to_the_counters_in_every_outcome(
    algorithm: str, board: str, limits: Limits | None, cancelled: bool
) -> None:
    """A search stopped in the middle of an iteration listed only the iterations before it,
    so they fell short of ``expanded``; the stopped one is listed too, marked partial."""
    result = solve(
        NPuzzle.from_text(board), algorithm, limits=limits, precheck=False, engine="python",
        cancel=(cancel := threading.Event()), progress=ctrl_c(cancel) if cancelled else None,
    )  # fmt: skip
    assert (result.limit is LimitKind.CANCELLED) == cancelled
    iterations_add_up(result)


def test_json_writes_whole_bounds_as_integers() -> None:
    """A compiled cube search keeps its bounds as floats: --json wrote [[5.0, 6]] where the
    n-puzzle's Python IDA* wrote [[14, 6]]."""
    stats = Stats(
        iterations=[Iteration(5.0, 6, 9), Iteration(6.5, 2, 3), Iteration(math.inf, 1, 0, True)]
    )
    data = SearchResult(Status.LIMIT_REACHED, "idastar", "korf", stats).to_dict()
    assert [(i["bound"], i["partial"]) for i in data["stats"]["iterations"]] == [
        (5, False),
        (6.5, False),
        (math.inf, True),
    ]
    assert data["stats"]["iterations"][0] == {
        "bound": 5,
        "expanded": 6,
        "generated": 9,
        "partial": False,
    }
    assert type(data["stats"]["iterations"][0]["bound"]) is int and data["cost"] is None
    assert stats.iterations[0] == (5.0, 6, 9, False)  # the result itself is left as it was


class FourSteps:
    """0 -> 1 -> ... -> 4, each step costing 1; ``predecessors`` reverses ``successors``."""

    initial, goal = 0, 4
    unit_costs = True

    def is_goal(self, state: int) -> bool:
        return state == self.goal

    def successors(self, state: int) -> list[tuple[str, int, float]]:
        return [("+1", state + 1, 1)] if state < 4 else []

    def predecessors(self, state: int) -> list[tuple[str, int, float]]:
        return [("+1", state - 1, 1)] if state > 0 else []


def test_bidirectional_search_checks_the_goal_and_the_reverse_moves_it_is_given() -> None:
    """It searched back from ``goal`` without asking ``is_goal`` (and called a path to a state
    the problem rejects optimal), and a step back that no step forward matched was an internal
    ValueError."""
    assert solve(FourSteps(), "bidirectional").length == 4

    class OtherGoal(FourSteps):
        def is_goal(self, state: int) -> bool:
            return state == 3

    with pytest.raises(InputError, match=r"searches back from the problem's goal, 4, but "):
        solve(OtherGoal(), "bidirectional")

    class Jump(FourSteps):  # two states a step from the start: the goal's side grows next
        def successors(self, state: int) -> list[tuple[str, int, float]]:
            return [*super().successors(state), *([("aside", 10, 1)] if state == 0 else [])]

        def predecessors(self, state: int) -> list[tuple[str, int, float]]:
            return [*super().predecessors(state), *([("jump", 0, 1)] if state == 4 else [])]

    with pytest.raises(InputError, match=r"predecessors\(4\) gave 0, but successors\(0\) does"):
        solve(Jump(), "bidirectional")


def test_a_depth_bound_leaves_a_costed_path_unproven() -> None:
    """With --max-depth, UCS, A*, IDA* and DFBnB called a path of 12 moves costing 48
    optimal on the terrain maze, whose optimum costs 24 in 18 moves."""
    from statesearch.maze import Maze

    examples = Path(__file__).resolve().parent.parent / "examples"
    terrain = Maze.parse((examples / "terrain-maze.txt").read_text())
    assert solve(terrain, "ucs").cost == 24
    for algorithm in ("ucs", "astar", "idastar", "dfbnb"):
        cut = solve(terrain, algorithm, limits=Limits(max_depth=16))
        assert cut.solved and cut.cost == 48 and not cut.optimal, algorithm
        assert cut.note.startswith("not proven optimal: the depth bound of 16 moves"), algorithm
    unit = solve(FourSteps(), "astar", limits=Limits(max_depth=10))
    assert unit.optimal and unit.note == ""  # every step costs 1: fewer moves cost less


def test_the_tables_a_trace_keeps_are_not_emptied_with_the_search() -> None:
    """A finished search hands its big tables to a thread that empties them a few entries at a
    time (so that the caller, already answering, is not held up); the g and parent tables a
    trace still holds are left whole."""
    from statesearch.algorithms.teardown import BIG
    from statesearch.core.trace import Trace

    trace = Trace(limit=0)
    result = solve(Line(), "ucs", trace=trace, limits=Limits(max_expanded=BIG + 10))
    assert result.limit is LimitKind.EXPANDED
    time.sleep(0.5)  # the thread's time to empty what it was given
    assert len(trace.g_table()) == len(trace.parents()) == BIG + 11
    assert trace.g_table()[BIG] == BIG


def test_a_limit_at_a_walks_very_start_lists_no_empty_walk() -> None:
    """IDA* + manhattan on the lesson's board expands 6 + 25 in its first two walks: a budget of
    31 runs out as the third begins, which did nothing and is not listed (the compiled driver,
    which looks at its budgets only once it has worked, stops inside the second)."""
    puzzle = NPuzzle.from_text("724506831")
    result = solve(puzzle, "idastar", "manhattan", limits=Limits(max_expanded=31), engine="python")
    assert result.limit is LimitKind.EXPANDED
    assert [(i.bound, i.expanded, i.partial) for i in result.stats.iterations] == [
        (14, 6, False),
        (16, 25, False),
    ]
    iterations_add_up(result)


def test_what_a_search_is_given_but_does_not_read_follows_its_traits() -> None:
    """The notes come from each algorithm's traits, not from lists of names: anytime weighs h
    and jps breaks ties (both were named as not reading them), greedy and bfs do not."""
    from statesearch.algorithms import keeps_only_its_path
    from statesearch.maze import LESSON_MAZE, Maze

    board = NPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8), 3, 3)
    unread = {
        name: solve(board, name, weight=2, tie_break="deep", engine="python").note
        for name in ("anytime", "astar", "greedy", "bfs")
    }
    assert "weight" not in unread["anytime"] and "tie-break" not in unread["anytime"]
    assert "weight" not in unread["astar"] and "tie-break" not in unread["astar"]
    assert "the weight 2" in unread["greedy"] and "tie-break" not in unread["greedy"]
    assert "the weight 2" in unread["bfs"] and "the tie-break deep" in unread["bfs"]
    maze = Maze.parse(LESSON_MAZE, moves=8)
    assert "tie-break" not in solve(maze, "jps", tie_break="deep", engine="python").note
    walks = {name for name in ALGORITHMS if keeps_only_its_path(name)}
    assert walks == {"dls", "iddfs", "idastar", "rbfs"}
    assert keeps_only_its_path("IDA*") and not keeps_only_its_path("auto")
