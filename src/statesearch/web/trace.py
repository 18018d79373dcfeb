"""Recording the order in which a search expands states, for animations."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class Traced:
    """Wraps a problem and logs each state whose successors are asked for (an expansion), then
    the goal when it is recognised; after that nothing more is logged (rebuilding the path also
    asks for successors). Logging starts with the first goal test, which every search makes
    before its first expansion: the facade's look at the start's successors, made to check the
    problem, is no expansion.

    Everything else passes through, so the problem keeps its heuristics, goal, prechecks and
    kernels (kernels do not report expansions: use ``engine="python"`` for a trace).
    """

    def __init__(self, problem: Any, keep: int) -> None:
        self._problem = problem
        self._keep = keep
        self._searching = False
        self._done = False
        self.expanded: list[Any] = []
        self.children: list[list[Any]] = []  # children[i]: what expanding expanded[i] produced

    def __getattr__(self, name: str) -> Any:
        return getattr(self._problem, name)

    def is_goal(self, state: Any) -> bool:
        self._searching = True
        found = bool(self._problem.is_goal(state))
        if found and not self._done:
            self._log(state, [])
            self._done = True
        return found

    def successors(self, state: Any) -> Iterable[tuple[Any, Any, float]]:
        children = list(self._problem.successors(state))
        if self._searching and not self._done:
            self._log(state, [child for _, child, _ in children])
        return children

    def _log(self, state: Any, children: list[Any]) -> None:
        if len(self.expanded) < self._keep:
            self.expanded.append(state)
            self.children.append(children)
