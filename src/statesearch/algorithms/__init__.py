"""The problem-agnostic algorithms, by name.

Each entry knows how to run (``run(problem, heuristic, budgets, stats, options)``), whether it
looks at the heuristic, and when it can promise an optimal answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..problem import Heuristic, Problem
from ..result import Stats
from ._common import Budgets, Outcome
from .best_first import TIE_BREAKS, best_first
from .bidirectional import bidirectional
from .branch_and_bound import branch_and_bound
from .breadth_first import breadth_first
from .depth_first import depth_first, depth_limited, iterative_deepening
from .iterative_deepening_astar import ida_star


@dataclass(frozen=True)
class Options:
    weight: float = 1.0
    tie_break: str = "classic"
    upper_bound: float = float("inf")


Runner = Callable[[Problem[Any], Heuristic, Budgets, Stats, Options], Outcome]
# optimal(problem, heuristic, options): does the algorithm guarantee the cheapest path?
Promise = Callable[[Problem[Any], Heuristic, Options], bool]


@dataclass(frozen=True)
class Algorithm:
    name: str
    summary: str
    run: Runner
    optimal: Promise
    uses_heuristic: bool = False


def _unit_costs(problem: Problem[Any], heuristic: Heuristic, options: Options) -> bool:
    return bool(getattr(problem, "unit_costs", False))


def _admissible(problem: Problem[Any], heuristic: Heuristic, options: Options) -> bool:
    return heuristic.admissible


def _never(problem: Problem[Any], heuristic: Heuristic, options: Options) -> bool:
    return False


def _dls(problem: Problem[Any], h: Heuristic, b: Budgets, s: Stats, o: Options) -> Outcome:
    if not b.depth_limited:
        raise InputError("depth-limited search needs a depth limit (max_depth)")
    return depth_limited(problem, b, s)


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in [
        Algorithm(
            "bfs",
            "breadth-first search (optimal in steps)",
            lambda p, h, b, s, o: breadth_first(p, b, s),
            _unit_costs,
        ),
        Algorithm(
            "dfs",
            "depth-first graph search with a closed set",
            lambda p, h, b, s, o: depth_first(p, b, s),
            _never,
        ),
        Algorithm("dls", "depth-limited depth-first tree search", _dls, _never),
        Algorithm(
            "iddfs",
            "iterative deepening depth-first search (optimal in steps)",
            lambda p, h, b, s, o: iterative_deepening(p, b, s),
            _unit_costs,
        ),
        Algorithm(
            "ucs",
            "uniform-cost search (Dijkstra): A* with h ignored",
            lambda p, h, b, s, o: best_first(p, h, b, s, weight=0, tie_break=o.tie_break),
            lambda p, h, o: True,
        ),
        Algorithm(
            "astar",
            "A* on f = g + w*h (w=1 A*, w>1 weighted A*, w=0 uniform-cost)",
            lambda p, h, b, s, o: best_first(p, h, b, s, weight=o.weight, tie_break=o.tie_break),
            lambda p, h, o: o.weight == 0 or (o.weight <= 1 and h.admissible),
            uses_heuristic=True,
        ),
        Algorithm(
            "greedy",
            "greedy best-first search on h alone",
            lambda p, h, b, s, o: best_first(p, h, b, s, greedy=True, tie_break=o.tie_break),
            _never,
            uses_heuristic=True,
        ),
        Algorithm(
            "idastar",
            "IDA*: iterative deepening on f = g + h",
            lambda p, h, b, s, o: ida_star(p, h, b, s),
            _admissible,
            uses_heuristic=True,
        ),
        Algorithm(
            "dfbnb",
            "depth-first branch and bound, pruning on g + h",
            lambda p, h, b, s, o: branch_and_bound(p, h, b, s, upper_bound=o.upper_bound),
            _admissible,
            uses_heuristic=True,
        ),
        Algorithm(
            "bidirectional",
            "bidirectional breadth-first search (optimal in steps)",
            lambda p, h, b, s, o: bidirectional(p, b, s),
            _unit_costs,
        ),
    ]
}

ALIASES = {
    "dijkstra": "ucs",
    "a*": "astar",
    "wastar": "astar",
    "ida": "idastar",
    "ida*": "idastar",
    "ids": "iddfs",
    "bibfs": "bidirectional",
}


def get_algorithm(name: str) -> Algorithm:
    key = ALIASES.get(name.lower(), name.lower())
    try:
        return ALGORITHMS[key]
    except KeyError:
        raise InputError(
            "unknown algorithm {name!r}; choose from {choices}",
            name=name,
            choices=", ".join(ALGORITHMS),
        ) from None


__all__ = ["ALGORITHMS", "ALIASES", "TIE_BREAKS", "Algorithm", "Options", "get_algorithm"]
