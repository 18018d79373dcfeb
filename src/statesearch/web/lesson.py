"""The lesson page's cells: a student's three slots, searched by statesearch's own A*.

A cell is Python that defines the slots as the lesson writes them:

- slot 1: ``start`` and ``goal`` (states that can be compared: tuples, numbers, strings), or
  ``is_goal(state)`` where many states will do,
- slot 2: ``neighbors(state)``, the states one step away (each step costs 1),
- slot 3: ``h(state)``, the estimate of the steps left (leave it out for h = 0),

and may set ``w``, the weight (f = g + w·h; 0 is Dijkstra's order). ``run`` executes the cell,
searches with ``solve(..., "astar")`` exactly as the command line does (the same counters, the
same tie-break: equal f, then smaller g, then the smaller state), and gives back the result, the
counters and the first steps of the trace. Given the lesson's loop too (a cell that defines
``astar(start, goal, neighbors, h, w)`` returning the path, the states expanded and the entries
pushed), it runs that as well, so a student sees their loop count what statesearch counts. A
cell's error is one line that names the cell and its line; a cell that never returns is the
page's to stop (it ends the worker).
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Callable, Iterator
from typing import Any

from ..core.limits import Limits
from ..core.problem import Heuristic
from ..core.trace import Trace
from ..errors import InputError
from ..facade import solve
from .page import refusal, reply
from .schemas import MAX_SECONDS, MAX_STATES
from .trace_json import trace_json
from .translations import input_error

# The file names the cells' code runs under, to find their lines in a traceback.
SLOTS, LOOP = "<slots>", "<loop>"
MAX_STEPS = 2_000  # trace events a run sends back (the page shows them as a table)
MAX_CODE = 20_000  # characters of a cell
WORDS = {
    "en": {
        "line": "{cell}, line {line}: {error}",
        "<slots>": "slots",
        "<loop>": "loop",
        "returns": "astar should return (path, expanded, pushed), not {value!r}",
        "no_astar": "the loop cell does not define astar(start, goal, neighbors, h, w)",
        "missing": "the cell does not define {name} (slot {slot})",
        "not_function": "{name} should be a function (def {name}(state): ...)",
        "weight": "w should be a number of at least 0, not {value!r}",
        "too_long": "the cell has more than {most:,} characters",
    },
    "ko": {
        "line": "{cell} {line}번째 줄: {error}",
        "<slots>": "슬롯 칸",
        "<loop>": "루프 칸",
        "returns": (
            "astar는 (경로, 둘러본 상태, 대기실에 넣은 횟수)를 돌려주어야 합니다 "
            "({value!r}는 안 됩니다)"
        ),
        "no_astar": "루프 칸에 astar(start, goal, neighbors, h, w)가 없습니다",
        "missing": "칸에 {name}이(가) 없습니다 (슬롯 {slot})",
        "not_function": "{name}은(는) 함수여야 합니다 (def {name}(state): ...)",
        "weight": "w는 0 이상인 수여야 합니다 ({value!r}는 안 됩니다)",
        "too_long": "칸이 {most:,}자보다 깁니다",
    },
}


class CellError(Exception):
    """What is wrong with a cell, on one line."""


class Slots:
    """The cell's three slots as a problem the engine searches."""

    unit_costs = True

    def __init__(
        self,
        start: Any,
        goal: Any,
        neighbors: Callable[[Any], Any],
        is_goal: Callable[[Any], Any] | None = None,
    ) -> None:
        self.initial, self.goal, self.neighbors = start, goal, neighbors
        self.goal_test = is_goal

    def is_goal(self, state: Any) -> bool:
        if self.goal_test is not None:  # many states will do (2 litres in either jug)
            return bool(self.goal_test(state))
        return bool(state == self.goal)

    def successors(self, state: Any) -> Iterator[tuple[Any, Any, int]]:
        for after in self.neighbors(state):  # the action is the state stepped to
            yield after, after, 1


def say(lang: str, key: str, **fields: Any) -> str:
    return WORDS.get(lang, WORDS["en"])[key].format(**fields)


def cell_line(err: BaseException) -> tuple[str, int] | None:
    """The cell and line where ``err`` was raised (the deepest frame in a cell)."""
    if isinstance(err, SyntaxError) and err.filename in (SLOTS, LOOP) and err.lineno:
        return err.filename, err.lineno
    frames = traceback.extract_tb(err.__traceback__)
    places = [(f.filename, f.lineno) for f in frames if f.filename in (SLOTS, LOOP) and f.lineno]
    return places[-1] if places else None


def one_line(err: BaseException, lang: str) -> str:
    text = f"{type(err).__name__}: {err}" if str(err) else type(err).__name__
    if isinstance(err, SyntaxError):
        text = f"SyntaxError: {err.msg}"
    place = cell_line(err)
    if place is None:
        return text
    cell, line = place
    return say(lang, "line", cell=say(lang, cell), line=line, error=text)


def slots(
    namespace: dict[str, Any], asked: dict[str, Any], lang: str
) -> tuple[Slots, Heuristic, float]:
    """The problem, the estimate and the weight: the cell's, or those the page's controls chose
    (``h``: the name of one of the cell's functions, or ``zero``; ``w``: a number)."""
    for name, slot in (("start", 1), ("goal", 1), ("neighbors", 2)):
        if name not in namespace and not (name == "goal" and "is_goal" in namespace):
            raise CellError(say(lang, "missing", name=name, slot=slot))
    for name in ("neighbors", "h", "is_goal"):
        if name in namespace and not callable(namespace[name]):
            raise CellError(say(lang, "not_function", name=name))
    weight = asked["w"] if asked.get("w") is not None else namespace.get("w", 1)
    if isinstance(weight, bool) or not isinstance(weight, int | float) or not weight >= 0:
        raise CellError(say(lang, "weight", value=weight))
    name = asked.get("h") or "h"
    if name != "zero" and name in namespace and not callable(namespace[name]):
        raise CellError(say(lang, "not_function", name=name))
    estimate = namespace.get(name, lambda state: 0) if name != "zero" else lambda state: 0
    problem = Slots(
        namespace["start"], namespace["goal"], namespace["neighbors"], namespace.get("is_goal")
    )
    return problem, Heuristic(name, estimate), float(weight)


def loop_counts(
    namespace: dict[str, Any], problem: Slots, h: Heuristic, weight: float, lang: str
) -> dict[str, Any]:
    """What the lesson's own loop (the loop cell's ``astar``) finds on the same slots."""
    astar = namespace.get("astar")
    if not callable(astar):
        raise CellError(say(lang, "no_astar"))
    began = time.perf_counter()
    found = astar(problem.initial, problem.goal, problem.neighbors, h.fn, weight)
    if not (isinstance(found, tuple) and len(found) == 3):
        raise CellError(say(lang, "returns", value=found))
    path, expanded, pushed = found
    return {
        "length": len(path) - 1 if path else None,
        "expanded": expanded,
        "pushed": pushed,
        "seconds": time.perf_counter() - began,
    }


def run(request: str, lang: str = "en") -> str:
    """``{"status": ..., "body": ...}`` as JSON text for the cells of ``request``: ``code`` (the
    slots), optionally ``loop`` (the lesson's loop), ``h`` and ``w`` (the controls' choice),
    ``steps`` (trace events to send), ``time_limit`` and ``max_expanded``. 200 with the result,
    its counters, the first trace events and ``loop`` (the loop's counts), or 422 with one
    line."""
    asked = json.loads(request)
    code, loop = str(asked.get("code", "")), asked.get("loop")
    steps = min(int(asked.get("steps", 200)), MAX_STEPS)
    seconds = min(float(asked.get("time_limit", MAX_SECONDS)), MAX_SECONDS)
    if max(len(code), len(loop or "")) > MAX_CODE:
        return refusal(422, say(lang, "too_long", most=MAX_CODE))
    namespace: dict[str, Any] = {"__name__": "cell"}
    try:
        exec(compile(code, SLOTS, "exec"), namespace)
        problem, h, weight = slots(namespace, asked, lang)
        trace = Trace(limit=steps)
        limits = Limits(
            time_limit=seconds, max_states=MAX_STATES, max_expanded=asked.get("max_expanded")
        )
        result = solve(  # the lesson's order, as the loop's (f, g, state) tuples give it
            problem, "astar", h, weight=weight, limits=limits, trace=trace, tie_break="classic"
        )
        mine = None
        if loop is not None:
            exec(compile(str(loop), LOOP, "exec"), namespace)
            mine = loop_counts(namespace, problem, h, weight, lang)
    except CellError as err:
        return refusal(422, str(err))
    except InputError as err:  # what the engine's checks found in the slots
        return refusal(422, input_error(err, lang))
    except Exception as err:
        return refusal(422, one_line(err, lang))
    path = [str(state) for state in result.path]
    return reply(
        200,
        {
            **result.to_dict(),
            "path": path,
            "cells": [list(state) for state in result.path if isinstance(state, tuple)],
            "weight": weight,
            "h_start": h.fn(problem.initial),
            "loop": mine,
            **trace_json(trace),
        },
    )
