"""``solve ... --trace N``: the first N steps of a search as a table in the lesson's terms.

A step of a best-first search (and of DFS, whose waiting room is a stack) is a state taken out
of the waiting room (or turned away as stale); the row says what happened to its successors,
how big the waiting room is after it, and who is next in line. The walks within a bound (DLS,
IDDFS, IDA*, DFBnB) keep no waiting room but a path: a step is a state entered, the row says
how long the path is, and a successor already on the path is passed over.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rich.table import Table

from ..trace import Event, Trace

NEXT_SHOWN = 3  # entries of the waiting room shown after each step


@dataclass
class Step:
    event: Event
    children: Counter[str] = field(default_factory=Counter)
    waiting: int = 0
    next_in_line: list[str] = field(default_factory=list)
    goal: bool = False


class StepRecorder:
    """An ``on_event`` callback that groups the first ``steps`` steps with their successors'
    events and, for best-first searches, peeks at the waiting room after each."""

    def __init__(self, steps: int, show: Any) -> None:
        self.steps: list[Step] = []
        self.wanted = steps
        self.show = show
        self.waiting = 1
        self.done = steps == 0
        self.by_state: dict[Any, Step] = {}  # the latest step of each state taken out

    def __call__(self, event: Event, trace: Trace) -> None:
        if self.done:
            return
        kind = event.event
        if kind in ("push", "improve"):
            self.waiting += 1
        if kind in ("pop", "stale", "iteration"):
            if kind != "iteration":
                self.waiting -= 1
            taken = [s for s in self.steps if s.event.event != "iteration"]
            if taken and kind != "iteration":
                taken[-1].next_in_line = self._peek(event, trace)
            if len(taken) == self.wanted:
                self.done = True
                return
            step = Step(event, waiting=self.waiting)
            self.steps.append(step)
            if kind == "pop":
                self.by_state[event.state] = step
            return
        # A successor's event belongs to the step that expanded its parent (a depth-first
        # search backs up to earlier states between its steps).
        owner = self.by_state.get(event.parent) if event.parent is not None else None
        if owner is None:
            if kind in ("goal", "incumbent") and event.state in self.by_state:
                self.by_state[event.state].goal = True
            return
        if kind in WORDS:
            owner.children[kind] += 1
        owner.waiting = self.waiting

    def _peek(self, taken: Event, trace: Trace) -> list[str]:
        """Next in line after the previous step: what was just taken out, then the head of the
        waiting room (best-first searches only: depth-first ones keep a path, not a room)."""
        waiting = trace.frontier(NEXT_SHOWN - 1)
        shown = [f"{self.show(taken.state)} (f={taken.f:g})"]
        return shown + [f"{self.show(w.state)} (f={w.f:g})" for w in waiting]


WORDS = {
    "push": "new",
    "improve": "cheaper path",
    "skip": "turned away",
    "cutoff": "over the bound",
    "prune": "cannot beat the best",
    "cut": "too deep",
}


# The walks within a bound, and what their "skip" is: a tree walk passes over a successor on
# its own path, branch and bound one it reached before as cheaply (its table of g).
WALK_SKIPS = {
    "dls": "on the path already",
    "iddfs": "on the path already",
    "idastar": "on the path already",
    "dfbnb": "reached before as cheaply",
}


def happened(step: Step, algorithm: str) -> str:
    if step.event.event == "iteration":
        return f"a new iteration: the bound is now {step.event.bound:g}"
    if step.event.event == "stale":
        return "stale: a cheaper g is in the table; turned away"
    walk = algorithm in WALK_SKIPS
    if step.goal:
        return (
            "goal: the path walked is the solution" if walk else "goal: walk the parent table back"
        )
    words = {**WORDS, "push": "to enter", "skip": WALK_SKIPS[algorithm]} if walk else WORDS
    parts = [f"{n} {words[k]}" for k, n in step.children.items()]
    return "expanded" + (": " + ", ".join(parts) if parts else ": no successors")


def trace_table(recorder: StepRecorder, picture: Any, algorithm: str) -> Table:
    """The steps as a rich table in ``algorithm``'s terms; ``picture(state)`` draws a state
    small (a board, a cell)."""
    walk = algorithm in WALK_SKIPS
    depth_first = walk or algorithm == "dfs"
    table = Table(title="the search, step by step", show_lines=True)
    table.add_column("step", justify="right")
    table.add_column("entered" if walk else "taken out")
    table.add_column("f = g + h", justify="center")
    table.add_column("what happened")
    table.add_column("path" if depth_first else "waiting room", justify="right")
    if not depth_first:
        table.add_column("next in line")
    for step in recorder.steps:
        e = step.event
        cost = f"{e.f:g} = {e.g:g} + {e.h:g}" if e.f is not None and e.h is not None else "-"
        row = [
            str(e.step) if e.event == "pop" else "-",
            "" if e.state is None else picture(e.state),
            cost,
            happened(step, algorithm),
            ("" if e.state is None else str((e.depth or 0) + 1))
            if depth_first
            else f"{step.waiting:,}",
        ]
        if not depth_first:
            row.append("\n".join(step.next_in_line))
        table.add_row(*row)
    return table
