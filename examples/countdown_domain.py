"""A domain of your own, outside statesearch: a count down to zero by taking one or halving,
with a ``solve countdown`` command, batch lines ``{"domain": "countdown", "start": 13}`` and a
web route ``/api/countdown/solve``. Name it where this file's folder is importable:

    STATESEARCH_DOMAINS=countdown=countdown_domain:COUNTDOWN PYTHONPATH=examples \
        statesearch solve countdown 13
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any

import typer

from statesearch import solve
from statesearch.cli.options import SearchOptions, search_options
from statesearch.cli.render import emit
from statesearch.cli.solve import run, searching
from statesearch.core.domain import Domain, Fields, Spec
from statesearch.core.result import SearchResult
from statesearch.web.checks import Integer, spec
from statesearch.web.meters import answered, budget
from statesearch.web.route import Route
from statesearch.web.schemas import RequestLimits


class Countdown:
    """From ``start`` to 0: take one, or halve an even number; each step costs 1."""

    unit_costs = True

    def __init__(self, start: int) -> None:
        self.initial = start

    def is_goal(self, state: int) -> bool:
        return state == 0

    def successors(self, state: int) -> Iterator[tuple[str, int, int]]:
        if state > 0:
            yield "-1", state - 1, 1
        if state > 0 and state % 2 == 0:
            yield "/2", state // 2, 1

    def heuristic(self, state: int) -> int:
        """A step clears at most one set bit: admissible."""
        return state.bit_count()


def fields(problem: Countdown, result: SearchResult[Any] | None) -> Fields:
    return {"from": problem.initial}


@search_options
def solve_countdown(
    start: Annotated[int, typer.Argument(help="The number to count down from.")],
    *,
    search: SearchOptions,
) -> None:
    """Count down to zero by taking one or halving."""
    with searching(search) as meter:
        problem = Countdown(start)
        result = run(problem, None, search, meter)
    emit(result, search.as_json, fields(problem, result), str(start))


@dataclass(kw_only=True)
class SolveCountdown(RequestLimits):
    start: int = spec(Integer(ge=0, le=10**6))


def solve_job(request: SolveCountdown, deadline: float, cancel: threading.Event) -> Fields:
    problem = Countdown(request.start)
    result = solve(problem, "astar", meter=budget(request, deadline, cancel))
    return answered(result, request, **fields(problem, result))


ROUTES = {"countdown/solve": Route("countdown", SolveCountdown, solve_job, search=True)}


def from_spec(spec: Spec) -> Countdown:
    return Countdown(int(spec["start"]))


COUNTDOWN = Domain(
    "countdown",
    from_spec,
    fields,
    options={"start": (int,)},
    command="countdown_domain:solve_countdown",
    routes="countdown_domain:ROUTES",
)
