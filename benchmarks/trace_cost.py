"""What a trace costs: the lesson's A* with h = 0 (48,390 expansions) untraced, traced, and
traced with ``solve --trace N``'s recorder, which peeks at the head of the waiting room after
every step; and that peek by ``trace.smallest`` against ``heapq.nsmallest``, the reference it
replaced, on the same heaps (their answers compared), all in this process.

    python benchmarks/trace_cost.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import heapq
import time
from collections.abc import Callable
from typing import Any

from statesearch import solve
from statesearch.cli.trace_table import NEXT_SHOWN, StepRecorder
from statesearch.core.trace import Trace, smallest
from statesearch.npuzzle import NPuzzle

LESSON = "7 2 4 5 0 6 8 3 1"


def best_of(rounds: int, run: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(rounds):
        began = time.process_time()
        run()
        best = min(best, time.process_time() - began)
    return best


def search(trace: Trace | None) -> None:
    result = solve(NPuzzle.from_text(LESSON), "astar", "zero", engine="python", trace=trace)
    assert result.solved and result.stats.expanded == 48_390


def heaps_seen() -> list[list[tuple[Any, ...]]]:
    """Copies of the waiting room every 500 expansions of the same search."""
    seen: list[list[tuple[Any, ...]]] = []

    def look(event: Any, trace: Trace) -> None:
        if event.event == "pop" and event.step % 500 == 0:
            seen.append(list(trace._frontier))

    search(Trace(limit=0, on_event=look))
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds

    plain = best_of(rounds, lambda: search(None))
    traced = best_of(rounds, lambda: search(Trace(limit=0)))
    recorder = best_of(
        rounds,
        lambda: search(Trace(limit=0, on_event=StepRecorder(10_000, str))),
    )
    print("lesson board, A* + h = 0, Python engine, best of", rounds, "(CPU s)")
    print(f"  untraced                     {plain:7.3f}")
    print(f"  traced (events counted)      {traced:7.3f}  x{traced / plain:.2f}")
    print(f"  traced, --trace 10000 rows   {recorder:7.3f}  x{recorder / plain:.2f}")

    heaps = heaps_seen()
    for heap in heaps:
        assert smallest(heap, NEXT_SHOWN - 1) == heapq.nsmallest(NEXT_SHOWN - 1, heap)
    repeat = 200  # peeks per heap: a trace peeks after every step

    def peek(take: Callable[[list[tuple[Any, ...]], int], Any]) -> None:
        for heap in heaps:
            for _ in range(repeat):
                take(heap, NEXT_SHOWN - 1)

    shipped = best_of(rounds, lambda: peek(smallest))
    reference = best_of(rounds, lambda: peek(lambda heap, n: heapq.nsmallest(n, heap)))
    sizes = [len(h) for h in heaps]
    peeks = len(heaps) * repeat
    print(
        f"peek at the head ({NEXT_SHOWN - 1} entries) of {len(heaps)} waiting rooms of "
        f"{min(sizes):,}-{max(sizes):,} entries, {peeks:,} peeks, same answers:"
    )
    for name, took in (("trace.smallest", shipped), ("heapq.nsmallest (reference)", reference)):
        print(f"  {name:<28} {took:7.3f}  ({1e6 * took / peeks:.1f} µs a peek)")
    print(f"  the reference takes x{reference / shipped:.1f} as long")


if __name__ == "__main__":
    main()
