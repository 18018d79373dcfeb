"""The engine's A* against a plain textbook A* written like the lesson's, in one process.

The textbook version is what a student writes: heapq of (f, g, state), dicts for g and the
parents, a neighbours function and heuristic functions with divmod. Both must report the same
counts; the ratio says how much the engine's generality costs (or saves).

    python benchmarks/astar_vs_textbook.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import heapq
import time
from collections.abc import Callable
from functools import partial

from statesearch import solve
from statesearch.npuzzle import NPuzzle

Board = tuple[int, ...]
GOAL: Board = (1, 2, 3, 4, 5, 6, 7, 8, 0)
BOARDS = ["7 2 4 5 0 6 8 3 1", "8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1"]


def textbook_neighbours(s: Board) -> list[Board]:
    b = s.index(0)
    r, c = divmod(b, 3)
    out = []
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < 3 and 0 <= nc < 3:
            j = nr * 3 + nc
            t = list(s)
            t[b], t[j] = t[j], t[b]
            out.append(tuple(t))
    return out


def textbook_zero(s: Board) -> int:
    return 0


def textbook_misplaced(s: Board) -> int:
    return sum(1 for i, t in enumerate(s) if t and t != GOAL[i])


def textbook_manhattan(s: Board) -> int:
    d = 0
    for i, t in enumerate(s):
        if t:
            gi = GOAL.index(t)
            r, c = divmod(i, 3)
            gr, gc = divmod(gi, 3)
            d += abs(r - gr) + abs(c - gc)
    return d


def textbook_astar(start: Board, h: Callable[[Board], int]) -> tuple[int, int, int]:
    frontier = [(h(start), 0, start)]
    g = {start: 0}
    came: dict[Board, Board | None] = {start: None}
    expanded = pushed = 0
    while frontier:
        _, gs, s = heapq.heappop(frontier)
        if gs > g[s]:
            continue
        expanded += 1
        if s == GOAL:
            length = 0
            while came[s] is not None:
                s = came[s]  # type: ignore[assignment]
                length += 1
            return expanded, pushed, length
        for n in textbook_neighbours(s):
            ng = gs + 1
            if n not in g or ng < g[n]:
                g[n] = ng
                came[n] = s
                heapq.heappush(frontier, (ng + h(n), ng, n))
                pushed += 1
    return expanded, pushed, -1


def best_of(
    repeat: int, engine: Callable[[], object], book: Callable[[], object]
) -> tuple[float, float, object, object]:
    """Best CPU time of each over ``repeat`` interleaved runs (so both see the same machine)."""
    best_engine = best_book = float("inf")
    mine = theirs = None
    for _ in range(repeat):
        t = time.process_time()
        mine = engine()
        best_engine = min(best_engine, time.process_time() - t)
        t = time.process_time()
        theirs = book()
        best_book = min(best_book, time.process_time() - t)
    return best_engine, best_book, mine, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows = []
    total_engine = total_book = 0.0
    heuristics = [("zero", 0.0, textbook_zero), ("misplaced", 1.0, textbook_misplaced)]
    heuristics.append(("manhattan", 1.0, textbook_manhattan))
    for text in BOARDS:
        puzzle = NPuzzle.from_text(text)
        for name, weight, book_h in heuristics:
            t_engine, t_book, result, counts = best_of(
                args.repeat,
                partial(solve, puzzle, "astar", name, weight=weight),
                partial(textbook_astar, puzzle.initial, book_h),
            )
            stats = result.stats  # type: ignore[attr-defined]
            mine = (stats.expanded, stats.pushed, result.length)  # type: ignore[attr-defined]
            assert mine == counts, f"counts differ on {text} {name}: {mine} vs {counts}"
            total_engine += t_engine
            total_book += t_book
            rows.append((text, name, mine[0], t_book, t_engine))
    print(
        f"{'board':<20} {'heuristic':<10} {'expanded':>9} "
        f"{'textbook s':>11} {'engine s':>9} {'ratio':>6}"
    )
    for text, name, expanded, t_book, t_engine in rows:
        print(
            f"{text:<20} {name:<10} {expanded:>9,} {t_book:>11.4f} {t_engine:>9.4f} "
            f"{t_book / t_engine:>6.2f}"
        )
    print(
        f"total: textbook {total_book:.3f} s, engine {total_engine:.3f} s, "
        f"engine speed-up x{total_book / total_engine:.2f} "
        f"(CPU s, best of {args.repeat} interleaved runs)"
    )


if __name__ == "__main__":
    main()
