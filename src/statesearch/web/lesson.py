"""The lesson page's cells: a student's three slots, searched by statesearch's own A*.

A cell is Python that defines the slots as the lesson writes them:

- slot 1: ``start`` and ``goal`` (states that can be compared: tuples, numbers, strings),
- slot 2: ``neighbors(state)``, the states one step away (each step costs 1),
- slot 3: ``h(state)``, the estimate of the steps left (leave it out for h = 0),

and may set ``w``, the weight (f = g + w·h; 0 is Dijkstra's order). ``run`` executes the cell,
searches with ``solve(..., "astar")`` exactly as the command line does (the same counters, the
same tie-break: equal f, then smaller g, then the smaller state), and gives back the result, the
counters and the first steps of the trace. A cell's error is one line that names its line in
the cell; a cell that never returns is the page's to stop (it ends the worker).
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable, Iterator
from typing import Any

from ..errors import InputError
from ..facade import solve
from ..limits import Limits
from ..problem import Heuristic
from ..trace import Trace
from .page import refusal, reply
from .schemas import MAX_SECONDS, MAX_STATES
from .trace_json import trace_json
from .translations import input_error

CELL = "<cell>"  # the file name a cell's code runs under, to find its lines in a traceback
MAX_STEPS = 2_000  # trace events a run sends back (the page shows them as a table)
MAX_CODE = 20_000  # characters of a cell
WORDS = {
    "en": {
        "line": "line {line}: {error}",
        "missing": "the cell does not define {name} (slot {slot})",
        "not_function": "{name} should be a function (def {name}(state): ...)",
        "weight": "w should be a number of at least 0, not {value!r}",
        "too_long": "the cell has more than {most:,} characters",
    },
    "ko": {
        "line": "{line}번째 줄: {error}",
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

    def __init__(self, start: Any, goal: Any, neighbors: Callable[[Any], Any]) -> None:
        self.initial, self.goal, self.neighbors = start, goal, neighbors

    def is_goal(self, state: Any) -> bool:
        return bool(state == self.goal)

    def successors(self, state: Any) -> Iterator[tuple[Any, Any, int]]:
        for after in self.neighbors(state):  # the action is the state stepped to
            yield after, after, 1


def say(lang: str, key: str, **fields: Any) -> str:
    return WORDS.get(lang, WORDS["en"])[key].format(**fields)


def cell_line(err: BaseException) -> int | None:
    """The line of the cell where ``err`` was raised (the deepest frame in the cell)."""
    if isinstance(err, SyntaxError) and err.filename == CELL:
        return err.lineno
    lines = [f.lineno for f in traceback.extract_tb(err.__traceback__) if f.filename == CELL]
    return lines[-1] if lines else None


def one_line(err: BaseException, lang: str) -> str:
    text = f"{type(err).__name__}: {err}" if str(err) else type(err).__name__
    if isinstance(err, SyntaxError):
        text = f"SyntaxError: {err.msg}"
    line = cell_line(err)
    return say(lang, "line", line=line, error=text) if line else text


def slots(namespace: dict[str, Any], lang: str) -> tuple[Slots, Heuristic, float]:
    for name, slot in (("start", 1), ("goal", 1), ("neighbors", 2)):
        if name not in namespace:
            raise CellError(say(lang, "missing", name=name, slot=slot))
    for name in ("neighbors", "h"):
        if name in namespace and not callable(namespace[name]):
            raise CellError(say(lang, "not_function", name=name))
    weight = namespace.get("w", 1)
    if isinstance(weight, bool) or not isinstance(weight, int | float) or not weight >= 0:
        raise CellError(say(lang, "weight", value=weight))
    estimate = namespace.get("h", lambda state: 0)
    problem = Slots(namespace["start"], namespace["goal"], namespace["neighbors"])
    return problem, Heuristic("h", estimate), float(weight)


def run(request: str, lang: str = "en") -> str:
    """``{"status": ..., "body": ...}`` as JSON text for a cell (``{"code": ..., "steps": N,
    "time_limit": s}``): 200 with the result, its counters and the first ``steps`` trace
    events, or 422 with one line."""
    asked = json.loads(request)
    code, steps = str(asked.get("code", "")), min(int(asked.get("steps", 200)), MAX_STEPS)
    seconds = min(float(asked.get("time_limit", MAX_SECONDS)), MAX_SECONDS)
    if len(code) > MAX_CODE:
        return refusal(422, say(lang, "too_long", most=MAX_CODE))
    namespace: dict[str, Any] = {"__name__": "cell"}
    try:
        exec(compile(code, CELL, "exec"), namespace)
        problem, h, weight = slots(namespace, lang)
        trace = Trace(limit=steps)
        limits = Limits(time_limit=seconds, max_states=MAX_STATES)
        result = solve(problem, "astar", h, weight=weight, limits=limits, trace=trace)
    except CellError as err:
        return refusal(422, str(err))
    except InputError as err:  # what the engine's checks found in the slots
        return refusal(422, input_error(err, lang))
    except Exception as err:
        return refusal(422, one_line(err, lang))
    path = [str(state) for state in result.path]
    return reply(200, {**result.to_dict(), "path": path, "weight": weight, **trace_json(trace)})
