"""The notebook widget: a board to slide and a search to step through.

>>> from statesearch.notebook import SearchWidget
>>> widget = SearchWidget("7 2 4 5 0 6 8 3 1").run()   # in a notebook, the cell shows it
>>> widget.result
<SearchResult solved in 20 moves: astar + manhattan, 283 expanded>

The drawing is the playground's: the widget's front end (``widget.js``) loads the text of
``statesearch/web/static``'s ES modules from the installed package, so the notebook and the
playground show a search the same way. The kernel runs the search (``statesearch.solve`` with a
``statesearch.core.trace.Trace``); the front end replays its events (``web.trace_json``'s shape).
"""

from __future__ import annotations

import json
import re
from html import escape
from importlib.resources import files
from typing import Any

import anywidget
import traitlets

from ..core.limits import Limits
from ..core.problem import state_text
from ..core.result import SearchResult
from ..core.trace import Trace
from ..errors import InputError
from ..facade import solve
from ..maze import Maze
from ..npuzzle import NPuzzle
from ..web.trace_json import plain_state, trace_json
from ..web.translations import input_error

# What the glue imports; every module they import is loaded too.
ENTRIES = ("board.js", "stepper.js", "i18n.js", "puzzle-trace.js", "maze-overlay.js")
IMPORT = re.compile(r'from\s+"\./([\w.-]+\.js)"')
# A step-through replays every event in the browser: more than this and it is cut short (the
# trace says so), so that a search without a heuristic does not send megabytes to the page.
MAX_EVENTS = 20_000
TIME_LIMIT = 10.0  # seconds: the widget's searches run in the kernel, which waits for them


def static_text(name: str) -> str:
    return (files("statesearch.web") / "static" / name).read_text(encoding="utf-8")


def module_sources(entries: tuple[str, ...] = ENTRIES) -> list[tuple[str, str]]:
    """The playground's modules ``entries`` need, each after the modules it imports."""
    ordered: dict[str, str] = {}

    def visit(name: str, seen: tuple[str, ...]) -> None:
        if name in ordered:
            return
        if name in seen:
            raise RuntimeError(f"the playground's modules import each other: {(*seen, name)}")
        text = static_text(name)
        for imported in IMPORT.findall(text):
            visit(imported, (*seen, name))
        ordered[name] = text

    for entry in entries:
        visit(entry, ())
    return list(ordered.items())


def front_end() -> tuple[str, str]:
    """The widget's ES module (the glue, after the playground's module sources) and its CSS."""
    here = files("statesearch.notebook")
    glue = (here / "widget.js").read_text(encoding="utf-8")
    esm = f"const SOURCES = {json.dumps(module_sources())};\n{glue}"
    css = static_text("trace.css") + static_text("grid.css")
    css += (here / "widget.css").read_text(encoding="utf-8")
    return esm, css


def state_labels(trace: Trace) -> dict[str, str]:
    """How the problem shows each state of the trace (its ``render``, else ``repr``), keyed by
    the state's JSON as the page writes it: for states that are neither boards nor cells."""
    labels = {}
    for event in trace.events:
        for state in (event.state, event.parent):
            if state is not None:
                key = json.dumps(plain_state(state), separators=(",", ":"), ensure_ascii=False)
                labels[key] = trace.render(state)
    return labels


def _problem_of(problem: Any) -> Any:
    """A board's text (``"7 2 4 5 0 6 8 3 1"``) is an n-puzzle; anything else is a problem."""
    return NPuzzle.from_text(problem) if isinstance(problem, str) else problem


class SearchWidget(anywidget.AnyWidget):
    """Shows ``problem`` (an n-puzzle's board, whose tiles slide when clicked; a maze; or any
    problem written in the three slots) and, after ``run()`` or its button, the search step by
    step: the waiting room in the order it will be taken out, the g and parent tables and the
    search tree.

    ``algorithm``, ``heuristic`` and ``weight`` are ``solve``'s; ``limits`` bounds the search
    (by default ten seconds); at most ``max_events`` events are replayed. ``language`` is
    ``"en"`` or ``"ko"``; left out, the widget speaks as the playground does: the language
    chosen there before, else the browser's (a Korean browser gets Korean).
    """

    _esm, _css = front_end()
    kind = traitlets.Unicode("text").tag(sync=True)
    tiles = traitlets.List(traitlets.Int()).tag(sync=True)
    goal = traitlets.List(traitlets.Int()).tag(sync=True)
    rows = traitlets.Int(0).tag(sync=True)
    cols = traitlets.Int(0).tag(sync=True)
    picture = traitlets.Unicode("").tag(sync=True)
    maze = traitlets.List(traitlets.Unicode()).tag(sync=True)  # a maze's rows, painted each step
    search = traitlets.Dict().tag(sync=True)  # algorithm, heuristic, weight: the button names it
    message = traitlets.Unicode("").tag(sync=True)
    language = traitlets.Unicode("").tag(sync=True)  # "": the front end chooses, as the page
    trace = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        problem: Any,
        algorithm: str = "astar",
        heuristic: str | None = None,
        *,
        weight: float = 1.0,
        limits: Limits | None = None,
        max_events: int = MAX_EVENTS,
        language: str | None = None,
    ) -> None:
        super().__init__(language=language or "")
        self.problem = _problem_of(problem)
        self.algorithm, self.heuristic, self.weight = algorithm, heuristic, weight
        self.limits = limits or Limits(time_limit=TIME_LIMIT)
        self.max_events = max_events
        self.result: SearchResult[Any] | None = None
        self.search = {"algorithm": algorithm, "heuristic": heuristic, "weight": weight}
        self._show_problem()
        self.observe(self._slid, names="tiles")
        self.on_msg(self._message)

    def _show_problem(self) -> None:
        problem = self.problem
        if isinstance(problem, NPuzzle):
            self.rows, self.cols = problem.rows, problem.cols
            self.goal = list(problem.goal)
            self.kind, self.tiles = "puzzle", list(problem.initial)
        elif isinstance(problem, Maze):
            self.kind, self.maze = "maze", list(problem.rows)
        else:
            show = state_text(problem)  # as the trace's labels write the states
            self.kind, self.picture = "text", f"<p>start: {escape(show(problem.initial))}</p>"

    def _slid(self, change: dict[str, Any]) -> None:
        """A tile slid in the front end: the board is a new problem, and the old trace goes."""
        if not isinstance(self.problem, NPuzzle) or tuple(change["new"]) == self.problem.initial:
            return
        try:
            self.problem = NPuzzle(tuple(change["new"]), self.rows, self.cols, tuple(self.goal))
        except InputError as error:  # a front end that sent a board that is not a permutation
            self.message = input_error(error, self.language or "en")
            self.tiles = list(self.problem.initial)
            return
        self.result, self.trace, self.message = None, {}, ""

    def _message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        """The front end's button: a mistake (an unknown algorithm, say) is said in the widget,
        where the user is looking, not in the kernel's log."""
        if content.get("do") == "trace":
            try:
                self.run()
            except InputError as error:
                self.message = input_error(error, self.language or "en")

    def run(self) -> SearchWidget:
        """Search the board shown now, with a trace, and show it step by step."""
        trace = Trace(limit=self.max_events)
        result = solve(
            self.problem,
            self.algorithm,
            self.heuristic,
            weight=self.weight,
            limits=self.limits,
            trace=trace,
        )
        self.result = result
        answer = result.to_dict()
        answer.update(trace_json(trace))
        answer["start"] = plain_state(self.problem.initial)  # the front end spots a moved board
        if self.kind == "text":
            answer["labels"] = state_labels(trace)
        if result.solved:
            answer["path"] = [list(s) if isinstance(s, tuple) else str(s) for s in result.path]
        self.trace = answer
        self.message = f"{result.verdict}; {result.stats.expanded:,} expanded"
        return self
