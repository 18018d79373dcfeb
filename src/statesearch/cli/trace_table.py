"""``solve ... --trace N``: the first N steps of a search as a table in the lesson's terms.

A step of a best-first search (and of DFS, whose waiting room is a stack) is a state taken out
of the waiting room (or a stale entry taken out and turned away); the row says what happened to
its successors, how big the waiting room is after it, and who is next in line. The walks within
a bound (DLS, IDDFS, IDA*, DFBnB) keep no waiting room but a path: a step is a state entered,
the row says how long the path is, and a successor already on the path is passed over.

Beam search's ``drop`` takes a state out of the waiting room past the beam's width: the row
that expanded last before the cut counts the drops and shows the waiting room after it.
Anytime search's ``drop`` is an entry taken out and left unexpanded (no better than its best
solution): a row of its own, as a stale entry's is.

A row is complete: the recorder keeps listening after the N-th step until every row's
successors are in (a walk comes back to a state's other successors only after its subtree). A
row whose state was still on the path when the search stopped says it is unfinished.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, deque
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from rich.table import Table
from rich.text import Text

from ..core.limits import LimitKind
from ..core.trace import Event, Trace
from .language import counted, korean, word

NEXT_SHOWN = 3  # entries of the waiting room shown after each step (--frontier N, or all)
SHOWN: list[int | None] = [NEXT_SHOWN]  # the command's --frontier (None: the whole waiting room)
NO_BREAK = "\u00a0"
WHOLE_STATE = 17  # characters of a state kept whole in "next in line" (a 3x3 board; longer fold)


@dataclass
class Step:
    event: Event
    children: Counter[str] = field(default_factory=Counter)
    waiting: int = 0
    next_in_line: list[str] = field(default_factory=list)
    goal: bool = False  # the state taken out (or entered) is the goal
    incumbent: bool = False  # branch and bound: a goal, the best solution so far, not the last
    goal_among: bool = False  # breadth-first: a successor is the goal (or meets the other side)
    closed: bool = False  # all its successors are in
    held: float | None = None  # a stale entry: the cheaper g the table holds for its state
    best: float | None = None  # an entry dropped by anytime search: the best solution's cost


class StepRecorder:
    """An ``on_event`` callback that groups the first ``steps`` steps with their successors'
    events and, for the searches with a waiting room, peeks at it after each."""

    def __init__(self, steps: int, show: Any, shown: int | str | None = "option") -> None:
        self.steps: list[Step] = []
        # Entries of the waiting room each row shows (None: all of them); the command's
        # --frontier unless given.
        self.shown: int | None = SHOWN[0] if shown == "option" else shown  # type: ignore[assignment]
        self.wanted = steps
        self.show = show
        self.taken = 0  # rows of states taken out or entered (not iterations)
        self.waiting = 1
        self.sided = False
        self.done = steps == 0
        self.by_state: dict[Any, Step] = {}  # the latest row of each state taken out
        # The rows still open, by depth: a walk is done with a state once it comes back to a
        # shallower one (None: a state after the first N, which has no row).
        self.open: list[Step | None] = []
        self.unclosed = 0
        self.awaiting: Step | None = None  # the latest row, until the next step shows who is next
        # Breadth-first searches (one queue per side) keep no heap to peek at: their queues,
        # each entry (state, depth, (f, h) where a push gives them: beam search's order).
        self.queues: dict[str | None, deque[tuple[Any, int | None, Any]]] = {}
        self.dropped: set[Any] = set()  # beam search's states cut from the next layer
        self.last_row: Step | None = None  # the row of the latest state taken out, if it has one
        self.best: float | None = None  # anytime search's best solution so far
        self.last_child: tuple[Any, Step | None] = (None, None)
        self.last = ""  # the kind of the last event heard

    def __call__(self, event: Event, trace: Trace) -> None:
        if self.done:
            return
        kind = self.last = event.event
        if event.side is not None and not self.sided:
            self.sided = True
            self.waiting += 1  # a bidirectional search starts with two waiting: start and goal
        if kind in ("pop", "stale") or (kind == "drop" and event.depth is None):
            self._take(event, trace)
        elif kind == "drop":
            self._cut(event)
        elif kind in ("iteration", "layer"):
            self._close(0)  # a new bound, or a new layer: every state before it is done with
            if kind == "iteration" and self.taken < self.wanted:
                self.steps.append(Step(event, closed=True))
            elif kind == "layer":
                self._next_layer(event.side)
        elif kind in ("goal", "incumbent"):
            self._goal(event)
        else:
            self._child(event)
        if self.taken >= self.wanted and self.unclosed == 0 and self.awaiting is None:
            self.done = True

    def _take(self, event: Event, trace: Trace) -> None:
        kind = event.event
        self.waiting -= 1  # a stale entry leaves the waiting room too, only to be turned away
        queue = self.queues.get(event.side)
        if queue and queue[0][0] == event.state:
            queue.popleft()
        if self.awaiting is not None:
            self.awaiting.next_in_line = self._peek(event, trace)
            self.awaiting = None
        # A best-first step has no depth: its successors all come right after it.
        self._close(event.depth or 0)
        self.last_row = None
        if self.taken == self.wanted:
            self.by_state.pop(event.state, None)  # its successors belong to no row
            if kind == "pop" and event.depth is not None:
                self._place(event.depth, None)
            return
        self.taken += 1
        step = Step(event, waiting=self.waiting, closed=kind != "pop")
        if kind == "stale":
            step.held = trace.g_of(event.state)
        elif kind == "drop":
            step.best = self.best
        self.steps.append(step)
        self.awaiting = step
        if kind == "pop":
            self.by_state[event.state] = step
            self.last_row = step
            self._place(event.depth or 0, step)

    def _cut(self, event: Event) -> None:
        """Beam search drops a state waiting for the next layer: it leaves the waiting room,
        counted on the row that expanded last (the layer's end, where the cut happens)."""
        self.waiting -= 1
        self.dropped.add(event.state)
        if self.last_row is not None:
            self.last_row.children["drop"] += 1
            self.last_row.waiting = self.waiting

    def _next_layer(self, side: str | None) -> None:
        """A new layer: its queue without the states dropped, in the order the search takes
        them (beam search's: lowest f, then lowest h, then first pushed; a breadth-first
        search's pushes carry no f and keep their order)."""
        queue = self.queues.setdefault(side, deque())
        if self.dropped or any(rank is not None for _, _, rank in queue):
            kept = [entry for entry in queue if entry[0] not in self.dropped]
            if all(rank is not None for _, _, rank in kept):
                kept.sort(key=lambda entry: entry[2])  # stable: first pushed among equals
            self.queues[side] = deque(kept)
            self.dropped.clear()

    def _child(self, event: Event) -> None:
        kind = event.event
        if kind in ("push", "improve"):
            self.waiting += 1
            queue = self.queues.get(event.side)
            if queue is not None:
                rank = None if event.f is None else (event.f, event.h)
                queue.append((event.state, event.depth, rank))
        if event.depth is not None:
            self._close(event.depth)  # a successor at depth d: the walk is back at depth d - 1
        # A successor's event belongs to the row that expanded its parent.
        owner = self.by_state.get(event.parent) if event.parent is not None else None
        self.last_child = (event.state, owner)
        if owner is not None:
            owner.children[kind] += 1
            owner.waiting = self.waiting

    def _goal(self, event: Event) -> None:
        if event.event == "incumbent":
            self.best = event.g
        if event.state in self.by_state:
            self.by_state[event.state].goal = True
            self.by_state[event.state].incumbent = event.event == "incumbent"
        elif self.last_child[0] == event.state and self.last_child[1] is not None:
            self.last_child[1].goal_among = True  # breadth-first tests successors for the goal

    def _place(self, depth: int, step: Step | None) -> None:
        self.open.extend([None] * (depth - len(self.open)))
        self.open.append(step)
        if step is not None:
            self.unclosed += 1

    def _close(self, depth: int) -> None:
        """Close the open rows at ``depth`` and below it."""
        while len(self.open) > depth:
            step = self.open.pop()
            if step is not None:
                step.closed = True
                self.unclosed -= 1

    def _peek(self, taken: Event, trace: Trace) -> list[str]:
        """Next in line after the previous step: what was just taken out, then the head of the
        waiting room. Breadth-first searches show their queue (a bidirectional search only the
        rest of the layer it is growing: which side grows next is decided at the layer's end);
        best-first searches the head of their heap."""
        if taken.event == "drop":  # its f is g + h, not its key in the waiting room: none shown
            shown = [self._entry(taken.state, None, None, None, None, dropped=True)]
        else:
            stale = taken.event == "stale"
            shown = [self._entry(taken.state, taken.f, taken.g, taken.depth, taken.side, stale)]
        queue = self.queues.get(taken.side)
        if queue is not None:
            more = None if self.shown is None else self.shown - 1
            for state, depth, _ in islice(queue, more):  # not list(queue): O(1) a step
                if taken.side is not None and depth != taken.depth:
                    break
                shown.append(self._entry(state, None, None, depth, taken.side))
            return shown
        for w in trace.frontier(None if self.shown is None else self.shown - 1):
            shown.append(self._entry(w.state, w.f, w.g, None, None, w.stale))
        return shown

    def _entry(
        self,
        state: Any,
        f: float | None,
        g: float | None,
        depth: int | None,
        side: str | None,
        stale: bool = False,
        dropped: bool = False,
    ) -> str:
        """An entry of the waiting room: with its f and g (equal f goes to the smaller g), or,
        in a breadth-first queue, its depth. A narrow column breaks the line between the state
        and its figures, never inside the state (no-break spaces)."""
        if side in self.queues:
            about = ([side] if side else []) + [f"{word('depth')} {depth}"]
        else:
            about = [] if f is None else [f"f={f:g}"] + ([] if g is None else [f"g={g:g}"])
        if stale:
            about.append(word("stale"))  # the g table holds a cheaper path: to be turned away
        if dropped:
            about.append(word("dropped"))  # anytime search: no better than its best solution
        return f"{self.show(state).replace(' ', NO_BREAK)} ({', '.join(about)})"


WORDS = {
    "push": "new",
    "improve": "cheaper path",
    "skip": "reached before",
    "cutoff": "over the bound",
    "prune": "cannot beat the best",
    "cut": "too deep",
    "drop": "dropped past the beam's width",
}

# What a "skip" is, where it is more than "reached before": A* and uniform-cost search let in a
# state reached again by a cheaper path; a tree walk passes over a successor on its own path.
SKIPS = {
    "astar": "reached before at no greater cost",
    "ucs": "reached before at no greater cost",
    "dls": "on the path already",
    "iddfs": "on the path already",
    "idastar": "on the path already",
}

# Entries taken out and not expanded, in English and the lesson's Korean: what is said when a
# figure is unknown, and what with the entry's figure (``mine``: a stale entry's g, a dropped
# one's g + h) and the one it loses to (``held``: the g table's, the best solution's cost).
NOT_EXPANDED = {
    "stale": (
        (
            "stale: a cheaper g is in the table; turned away",
            "낡은 항목: g 표에 더 싼 g가 있음; 돌려보냄",
        ),
        (
            "stale: g = {mine:g}, but the g table holds {held:g}; turned away",
            "낡은 항목: g = {mine:g}인데 g 표에는 {held:g}; 돌려보냄",
        ),
    ),
    "drop": (
        (
            "dropped: no better than the best solution; not expanded",
            "버림: 가장 좋은 해보다 낫지 않음; 둘러보지 않음",
        ),
        (
            "dropped: g + h = {mine:g} is no better than the best solution, {held:g}; not expanded",
            "버림: g + h = {mine:g}는 가장 좋은 해 {held:g}보다 낫지 않음; 둘러보지 않음",
        ),
    ),
}

# The walks within a bound: they keep a path, not a waiting room.
WALKS = ("dls", "iddfs", "idastar", "dfbnb")


def happened(step: Step, algorithm: str, cut_short: bool = False) -> str:
    """What a row did; ``cut_short``: the walk stopped before it came back up its path."""

    def say(english: str, lesson: str) -> str:  # in the command's language (--lang)
        return lesson if korean() else english

    if step.event.event == "iteration":
        bound = f"{step.event.bound:g}"
        return say(f"a new iteration: the bound is now {bound}", f"새 반복: 이제 한계는 {bound}")
    if step.event.event in NOT_EXPANDED:
        stale = step.event.event == "stale"
        mine, held = (step.event.g, step.held) if stale else (step.event.f, step.best)
        plain, figured = NOT_EXPANDED[step.event.event]
        if mine is None or held is None:
            return say(*plain)
        english, lesson = (line.format(mine=mine, held=held) for line in figured)
        return say(english, lesson)
    walk = algorithm in WALKS
    if step.incumbent and algorithm == "anytime":
        return say(
            "a goal: the best solution so far; the search goes on for a cheaper one",
            "목표: 지금까지 가장 좋은 해; 더 싼 해를 찾아 계속 탐색함",
        )
    if step.incumbent:
        return say(
            "a goal: the best solution so far; the walk goes on for a cheaper one",
            "목표: 지금까지 가장 좋은 해; 더 싼 해를 찾아 계속 걸어감",
        )
    if step.goal:
        if walk:
            return say("goal: the path walked is the solution", "목표: 걸어온 경로가 해")
        return say("goal: walk the parent table back", "목표: 부모 표를 거슬러 올라감")
    words = {**WORDS, "skip": SKIPS.get(algorithm, WORDS["skip"])}
    if walk:
        words["push"] = "to enter"
    parts = [counted(n, words[k]) for k, n in step.children.items()]
    none = say(": no successors", ": 다음 상태 없음")
    said = say("expanded", "둘러봄") + (": " + ", ".join(parts) if parts else none)
    if step.goal_among:
        said += (
            say(
                "; the last new one meets the other side: join the two parent tables",
                "; 마지막 새 항목이 다른 쪽과 만남: 두 부모 표를 이음",
            )
            if step.event.side
            else say(
                "; the last new one is the goal: walk the parent table back",
                "; 마지막 새 항목이 목표: 부모 표를 거슬러 올라감",
            )
        )
    elif cut_short and not step.closed:
        said += say(
            " (unfinished: the search stopped with this state on the path)",
            " (끝나지 않음: 이 상태가 경로 위에 있을 때 탐색이 멈춤)",
        )
    return said


def cost_column(algorithm: str, weight: float | None) -> tuple[str, Any] | None:
    """The f column in the search's own terms: its title and how a step's f is written; None
    for the searches that order by no f (breadth-first, depth-first)."""
    if algorithm == "ucs" or (algorithm == "astar" and weight == 0):
        return "f = g", lambda e: f"{e.f:g}"
    if algorithm == "greedy":
        return "f = h", lambda e: f"{e.f:g}"
    if algorithm in ("astar", "anytime") and weight not in (None, 1):
        # g+w·h unspaced: the column stays as narrow as A*'s, so a 3x3 trace fits 80 columns.
        return f"f = g + {weight:g}·h", lambda e: f"{e.f:g} = {e.g:g}+{weight:g}·{e.h:g}"
    if algorithm in ("astar", "jps", "idastar", "dfbnb"):  # jps: A* over jump points
        return "f = g + h", lambda e: f"{e.f:g} = {e.g:g} + {e.h:g}"
    return None


def trace_table(
    recorder: StepRecorder,
    picture: Any,
    algorithm: str,
    weight: float | None = None,
    limit: LimitKind | None = None,
) -> Table:
    """The steps as a rich table in ``algorithm``'s terms (A*'s ``weight`` on h; ``limit``: the
    budget that stopped the search, ``None`` when none did); ``picture(state)`` draws a state
    small (a board, a cell)."""
    walk = algorithm in WALKS
    # A walk's rows still open at the end are unfinished if it stopped with them on its path:
    # at a budget, or at the goal (DFBnB reports an "incumbent" and walks on to the end).
    cut_short = walk and (limit is not None or recorder.last == "goal")
    depth_first = walk or algorithm == "dfs"
    cost = cost_column(algorithm, weight)
    sided = algorithm == "bidirectional"
    table = Table(title=word("the search, step by step"), show_lines=True)
    table.add_column(word("step"), justify="right")
    if sided:
        table.add_column(word("side"))
    table.add_column(word("entered" if walk else "taken\nout"), no_wrap=True)
    if cost is not None:
        table.add_column(cost[0], justify="center", no_wrap=True)
    elif not depth_first:
        table.add_column(word("depth"), justify="right")  # breadth-first: the layer it is in
    table.add_column(word("what happened"))
    table.add_column(word("path" if depth_first else "waiting\nroom"), justify="right")
    if not depth_first:  # wide enough for a whole 3x3 board, the figures after it may wrap
        states = (entry.split(" (")[0] for step in recorder.steps for entry in step.next_in_line)
        widest = max(map(len, states), default=0)
        whole = widest <= WHOLE_STATE and not sided  # a side column leaves no room for it
        table.add_column(word("next in line"), min_width=widest if whole else None)
    # The table holds the search's last expansion when the search ended before it was full;
    # the push budget stops a search while a state's successors are handed out.
    last_cut = limit is LimitKind.PUSHED and not walk and not recorder.done
    for step in recorder.steps:
        e = step.event
        row = [str(e.step) if e.event == "pop" else "-"]
        if sided:
            row.append(e.side or "")
        row.append("" if e.state is None else picture(e.state))
        if cost is not None and e.event == "drop" and None not in (e.g, e.h, weight):
            key = e.g + (weight or 1) * e.h  # type: ignore[operator]  # the event's f is g + h
            row.append(cost[1](dataclasses.replace(e, f=key)))
        elif cost is not None:
            row.append(cost[1](e) if e.f is not None else "-")
        elif not depth_first:
            row.append("-" if e.depth is None else str(e.depth))
        said = happened(step, algorithm, cut_short)
        if last_cut and step is recorder.steps[-1] and e.event == "pop":
            said += f" ({word('cut short: the push budget ran out among its successors')})"
        row.append(said)
        if depth_first:
            row.append("" if e.state is None else str((e.depth or 0) + 1))
        else:
            row.append(f"{step.waiting:,}")
            row.append("\n".join(step.next_in_line))
        # States and actions as they are, not as markup; a state too long for its cell folds.
        table.add_row(*(Text(cell, overflow="fold") for cell in row))
    return table
