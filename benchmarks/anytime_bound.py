"""Anytime weighted A* on a 15-puzzle: each solution as it is found, with the lower bound it
proved on the optimal cost, for a few weights, until the last is proved optimal. The Python
engine, linear conflicts; ``--plot FILE`` draws cost and lower bound against expansions.

    python benchmarks/anytime_bound.py [--weights 2,3,5] [--seed 4] [--plot anytime.png]
"""

from __future__ import annotations

import argparse
import time

from statesearch import Limits, solve
from statesearch.core.result import Improvement
from statesearch.npuzzle import NPuzzle, scramble


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", default="2,3,5")
    parser.add_argument("--seed", type=int, default=4)  # 42 moves, 60 random ones from the goal
    parser.add_argument("--time-limit", type=float, default=300.0)
    parser.add_argument("--plot", default=None)
    args = parser.parse_args()
    goal = (*range(1, 16), 0)
    board = NPuzzle(scramble(goal, 4, 4, 60, args.seed), 4, 4, goal)
    print("board:", board.render(board.initial))
    print("| w | cost | lower bound | cost / lower | expanded | CPU s |")
    print("|---|---|---|---|---|---|")
    streams: dict[float, list[tuple[Improvement, float]]] = {}
    for weight in (float(w) for w in args.weights.split(",")):
        began = time.process_time()
        stream = streams.setdefault(weight, [])

        def heard(found: Improvement, weight: float = weight, began: float = began) -> None:
            cpu = time.process_time() - began
            streams[weight].append((found, cpu))
            bound = f"{found.bound:.3f}" if found.bound is not None else "-"
            print(
                f"| {weight:g} | {found.cost:g} | {found.lower} | {bound} | "
                f"{found.expanded:,} | {cpu:.2f} |",
                flush=True,
            )

        result = solve(
            board,
            "anytime",
            "linear_conflict",
            weight=weight,
            engine="python",
            on_improvement=heard,
            limits=Limits(time_limit=args.time_limit),
        )
        cpu = time.process_time() - began
        ended = "proved optimal" if result.optimal else result.verdict
        print(f"| {weight:g} | {ended} | | | {result.stats.expanded:,} | {cpu:.2f} |")
        stream.append((stream[-1][0]._replace(expanded=result.stats.expanded), cpu))
    if args.plot:
        plot(streams, args.plot)


def plot(streams: dict[float, list[tuple[Improvement, float]]], where: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    for weight, stream in streams.items():
        xs = [found.expanded for found, _ in stream]
        line = axes.step(
            xs, [found.cost for found, _ in stream], where="post", label=f"w={weight:g}"
        )
        lows = [found.lower for found, _ in stream]
        lows[-1] = stream[-1][0].cost  # proved: the lower bound meets the cost
        axes.step(xs, lows, where="post", linestyle=":", color=line[0].get_color())
    axes.set_xscale("log")
    axes.set_xlabel("states expanded")
    axes.set_ylabel("cost (solid), proved lower bound (dotted)")
    axes.legend()
    figure.tight_layout()
    figure.savefig(where, dpi=120)
    print("plot:", where)


if __name__ == "__main__":
    main()
