"""The problem-agnostic algorithms, by name.

Each entry knows how to run (``run(problem, heuristic, meter, stats, options)``), whether it
looks at the heuristic, and when it can promise an optimal answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.advice import advice
from ..core.limits import Meter
from ..core.outcome import Outcome
from ..core.problem import ZERO, Heuristic, Problem
from ..core.result import Improvement, Stats
from ..core.trace import Trace
from ..errors import InputError
from .anytime import anytime_astar, anytime_weight
from .beam import DEFAULT_WIDTH, beam_search, check_width
from .best_first import (
    TIE_BREAKS,
    Ordering,
    a_star_priority,
    best_first,
    check_tie_break,
    greedy_priority,
)
from .bidirectional import bidirectional
from .bounded_walk import branch_and_bound, depth_limited, ida_star, iterative_deepening
from .breadth_first import breadth_first
from .depth_first import depth_first
from .jump_point import jump_point_search
from .meet_in_middle import meet_in_middle
from .nbs import near_optimal_bidirectional
from .rbfs import recursive_best_first


@dataclass(frozen=True)
class Options:
    """The settings some algorithms read: A*'s weight, best-first's tie policy, branch and
    bound's starting upper bound, beam search's width, and the trace that records every step
    (if any)."""

    weight: float = 1.0
    tie_break: str = "classic"
    upper_bound: float = float("inf")
    trace: Trace | None = None
    beam_width: int = DEFAULT_WIDTH
    # Anytime search's solutions, each as it is found.
    on_improvement: Callable[[Improvement], None] | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.weight < math.inf:
            raise InputError(
                "weight must be a finite number >= 0, got {weight}", weight=self.weight
            )
        check_tie_break(self.tie_break)
        check_width(self.beam_width)


Runner = Callable[[Problem[Any], Heuristic, Meter, Stats, Options], Outcome]
# optimal(problem, heuristic, options): does the algorithm guarantee the cheapest path?
Promise = Callable[[Problem[Any], Heuristic, Options], bool]


@dataclass(frozen=True)
class Algorithm:
    """An algorithm and its traits, which the facade and the interfaces read instead of its
    name: what it reads (a heuristic, the weight w, the tie policy) and what it keeps."""

    name: str
    summary: str
    run: Runner
    optimal: Promise
    uses_heuristic: bool = False
    # A member the problem must offer beyond the three slots (jps: ``jump_points``), else None.
    needs: str | None = None
    weighs: bool = False  # reads the weight w of f = g + w*h
    orders_ties: bool = False  # a waiting room by priority, whose ties the tie policy settles
    keeps_states: bool = True  # keeps the states it has seen (max_states bounds them), not
    # only its path (the walks: IDA*, iterative deepening, RBFS)


def _unit_costs(problem: Problem[Any], heuristic: Heuristic, options: Options) -> bool:
    return advice(problem).unit_costs


def _admissible(problem: Problem[Any], heuristic: Heuristic, options: Options) -> bool:
    return heuristic.admissible


def _never(problem: Problem[Any], heuristic: Heuristic, options: Options) -> bool:
    return False


def _blind(loop: Callable[[Problem[Any], Meter, Stats, Trace | None], Outcome]) -> Runner:
    """A loop that reads no heuristic and, of the options, only the trace."""
    return lambda p, h, m, s, o: loop(p, m, s, o.trace)


def _informed(
    loop: Callable[[Problem[Any], Heuristic, Meter, Stats, Trace | None], Outcome],
) -> Runner:
    """A loop that reads the heuristic and, of the options, only the trace."""
    return lambda p, h, m, s, o: loop(p, h, m, s, o.trace)


def _dls(problem: Problem[Any], h: Heuristic, m: Meter, s: Stats, o: Options) -> Outcome:
    if not m.depth_limited:
        raise InputError("depth-limited search needs a depth limit (max_depth, or --max-depth N)")
    return depth_limited(problem, m, s, o.trace)


def _ucs(problem: Problem[Any], h: Heuristic, m: Meter, s: Stats, o: Options) -> Outcome:
    ordering = Ordering(a_star_priority(0), reopen=True, tie_break=o.tie_break)
    return best_first(problem, ZERO, m, s, ordering, o.trace)


def _astar(problem: Problem[Any], h: Heuristic, m: Meter, s: Stats, o: Options) -> Outcome:
    ordering = Ordering(a_star_priority(o.weight), reopen=True, tie_break=o.tie_break)
    return best_first(problem, h, m, s, ordering, o.trace)


def _anytime(problem: Problem[Any], h: Heuristic, m: Meter, s: Stats, o: Options) -> Outcome:
    weight = anytime_weight(o.weight)
    return anytime_astar(problem, h, m, s, weight, o.tie_break, o.trace, o.on_improvement)


def _greedy(problem: Problem[Any], h: Heuristic, m: Meter, s: Stats, o: Options) -> Outcome:
    ordering = Ordering(greedy_priority, reopen=False, tie_break=o.tie_break)
    return best_first(problem, h, m, s, ordering, o.trace)


def _beam(problem: Problem[Any], h: Heuristic, m: Meter, s: Stats, o: Options) -> Outcome:
    return beam_search(problem, h, m, s, o.beam_width, o.trace)


def _jps(problem: Problem[Any], h: Heuristic, m: Meter, s: Stats, o: Options) -> Outcome:
    return jump_point_search(problem, h, m, s, o.tie_break, o.trace)


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in [
        Algorithm(
            "bfs",
            "breadth-first search (optimal in steps)",
            _blind(breadth_first),
            _unit_costs,
        ),
        Algorithm(
            "dfs",
            "depth-first graph search with a closed set",
            _blind(depth_first),
            _never,
        ),
        Algorithm("dls", "depth-limited depth-first tree search", _dls, _never, keeps_states=False),
        Algorithm(
            "iddfs",
            "iterative deepening depth-first search (optimal in steps)",
            _blind(iterative_deepening),
            _unit_costs,
            keeps_states=False,
        ),
        Algorithm(
            "ucs",
            "uniform-cost search (Dijkstra): A* with h ignored",
            _ucs,
            lambda p, h, o: True,
            orders_ties=True,
        ),
        Algorithm(
            "astar",
            "A* on f = g + w*h (w=1 A*, w>1 weighted A*, w=0 uniform-cost)",
            _astar,
            lambda p, h, o: o.weight == 0 or (o.weight <= 1 and h.admissible),
            uses_heuristic=True,
            weighs=True,
            orders_ties=True,
        ),
        Algorithm(
            "greedy",
            "greedy best-first search on h alone",
            _greedy,
            _never,
            uses_heuristic=True,
            orders_ties=True,
        ),
        Algorithm(
            "idastar",
            "IDA*: iterative deepening on f = g + h",
            _informed(ida_star),
            _admissible,
            uses_heuristic=True,
            keeps_states=False,
        ),
        Algorithm(
            "dfbnb",
            "depth-first branch and bound, pruning on g + h",
            lambda p, h, m, s, o: branch_and_bound(
                p, h, m, s, upper_bound=o.upper_bound, trace=o.trace
            ),
            _admissible,
            uses_heuristic=True,
        ),
        Algorithm(
            "rbfs",
            "recursive best-first search (Korf 1993): A*'s order, memory along the path",
            _informed(recursive_best_first),
            _admissible,
            uses_heuristic=True,
            keeps_states=False,
        ),
        Algorithm(
            "beam",
            "beam search: layers cut to the beam_width best f (neither complete nor optimal)",
            _beam,
            _never,
            uses_heuristic=True,
        ),
        Algorithm(
            "anytime",
            "anytime weighted A* (f = g + w*h, w 2 unless given): better solutions, each with "
            "its bound, until the last is proved optimal",
            _anytime,
            _admissible,
            uses_heuristic=True,
            weighs=True,
            orders_ties=True,
        ),
        Algorithm(
            "mm",
            "MM (Holte et al. 2016): bidirectional A* that meets in the middle (goal and "
            "predecessors; backward_heuristic if the problem has one)",
            _informed(meet_in_middle),
            _admissible,
            uses_heuristic=True,
            needs="predecessors",
        ),
        Algorithm(
            "nbs",
            "NBS (Chen et al. 2017): bidirectional A* expanding pairs, within twice the "
            "necessary expansions (goal and predecessors; backward_heuristic if any)",
            _informed(near_optimal_bidirectional),
            _admissible,
            uses_heuristic=True,
            needs="predecessors",
        ),
        Algorithm(
            "jps",
            "jump point search: A* over the jump points of an 8-move grid of equal costs",
            _jps,
            _admissible,
            uses_heuristic=True,
            needs="jump_points",
            orders_ties=True,
        ),
        Algorithm(
            "bidirectional",
            "bidirectional breadth-first search (optimal in steps)",
            _blind(bidirectional),
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
    "awastar": "anytime",
}


def get_algorithm(name: str) -> Algorithm:
    key = ALIASES.get(name.lower(), name.lower())
    if key not in ALGORITHMS:
        raise InputError(
            "unknown algorithm {name!r}; choose from {choices}",
            name=name,
            choices=", ".join(ALGORITHMS),
        )
    return ALGORITHMS[key]


def keeps_only_its_path(algorithm: str) -> bool:
    """Whether ``algorithm`` (a name or an alias; ``auto`` and unknown names: no) keeps only its
    path, so that a bound on the states kept means nothing to it."""
    key = ALIASES.get(algorithm.lower(), algorithm.lower())
    return key in ALGORITHMS and not ALGORITHMS[key].keeps_states


def reads_estimate(algorithm: str) -> bool:
    """Whether a search by ``algorithm`` evaluates its heuristic (``auto`` may choose one that
    does; a trace shows the h the search used, 0 for one that reads none): else its tables need
    not be built."""
    return algorithm.lower() == "auto" or get_algorithm(algorithm).uses_heuristic


__all__ = [
    "ALGORITHMS",
    "ALIASES",
    "TIE_BREAKS",
    "Algorithm",
    "Options",
    "get_algorithm",
    "keeps_only_its_path",
    "reads_estimate",
]
