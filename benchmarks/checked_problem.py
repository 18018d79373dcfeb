"""What checking a problem of one's own at every step costs (``statesearch.checked``): BFS and
A* on a 400x400 open grid whose successors cost next to nothing (the worst case: a real
problem's successors cost more, and the check the same), searched checked and, as the
reference, trusted (``solve(problem, check=False)``, the command line's ``--trust``), in turns
in this process; the same counts both ways.

    python benchmarks/checked_problem.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from statesearch import solve

SIDE = 400


class OpenGrid:
    """A problem of one's own (defined outside statesearch, so ``solve`` checks it)."""

    unit_costs = True
    initial = (0, 0)

    def is_goal(self, state: tuple[int, int]) -> bool:
        return state == (SIDE - 1, SIDE - 1)

    def successors(self, state: tuple[int, int]) -> list[tuple[str, tuple[int, int], int]]:
        x, y = state
        out = []
        if x < SIDE - 1:
            out.append(("R", (x + 1, y), 1))
        if y < SIDE - 1:
            out.append(("D", (x, y + 1), 1))
        if x > 0:
            out.append(("L", (x - 1, y), 1))
        if y > 0:
            out.append(("U", (x, y - 1), 1))
        return out

    def heuristic(self, state: tuple[int, int]) -> int:
        return 2 * (SIDE - 1) - state[0] - state[1]


def timed(algorithm: str, check: bool) -> tuple[float, int]:
    began = time.process_time()
    result = solve(OpenGrid(), algorithm, check=check, tie_break="classic")  # the old figures
    return time.process_time() - began, result.stats.generated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    for algorithm in ("bfs", "astar"):
        seconds: dict[bool, list[float]] = {True: [], False: []}
        counts = set()
        for _ in range(rounds):
            for check in (True, False):
                cpu, generated = timed(algorithm, check)
                seconds[check].append(cpu)
                counts.add(generated)
        assert len(counts) == 1, "checked and trusted searches generate the same"
        a, b = (statistics.median(seconds[check]) for check in (True, False))
        print(
            f"{algorithm}: {counts.pop():,} generated; checked {a:.3f} CPU s, trusted "
            f"(check=False) {b:.3f} (medians of {rounds}): checked costs x{a / b:.2f}"
        )


if __name__ == "__main__":
    main()
