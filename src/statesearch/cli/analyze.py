"""``statesearch analyze npuzzle``: the heuristics compared over every board of a small puzzle."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.table import Table

from ..batch.plots import check_plot_file
from ..core.limits import LimitHit, Limits, default_max_memory
from ..npuzzle import format_board, parse_goal
from ..npuzzle.heuristics import LESSON_HEURISTICS
from ..outputs import write_whole
from .options import time_limit_option
from .progress import build_progress, watching
from .render import console, stopped_early

if TYPE_CHECKING:  # numba and numpy load slowly: every other command would pay for them
    import numpy as np

    from ..npuzzle.analysis import Analysis, Standing

ALL = "all"  # BoardSet.ALL, a StrEnum member, equals its value

app = typer.Typer(
    help="Analyse heuristics over a whole state space: dominance, admissibility, consistency.",
    no_args_is_help=True,
)


@app.command("npuzzle")
def npuzzle(
    rows: Annotated[int, typer.Option(min=2, help="Rows of the board.")] = 3,
    cols: Annotated[int, typer.Option(min=2, help="Columns of the board.")] = 3,
    heuristics: Annotated[
        str,
        typer.Option(
            "--heuristics",
            help="Comma-separated: misplaced, rowcol, manhattan, linear_conflict (or h1 h2 h3).",
        ),
    ] = ",".join(LESSON_HEURISTICS),
    boards: Annotated[
        str,
        typer.Option(help="solvable (the goal's half) or all n! boards, for the pair counts."),
    ] = "solvable",
    goal: Annotated[
        str | None, typer.Option(help="blank-last (default), blank-first, or a board.")
    ] = None,
    time_limit: Annotated[
        float | None, time_limit_option("Give up after S seconds (then nothing is reported).")
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(help="Draw each heuristic against the true distance (.png, .svg)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of tables.")
    ] = False,
) -> None:
    """Every board of a puzzle: the heuristics compared, and against the true distance.

    Each pair of heuristics is compared on every board of a rows x cols
    puzzle, and each heuristic against the true distance (breadth-first
    from the goal)."""
    if plot is not None:
        check_plot_file(plot)
    goal_tiles = parse_goal(goal, rows, cols)
    limits = Limits(time_limit=time_limit, max_memory=default_max_memory())
    try:
        with watching() as watch, build_progress() as (log, progress):
            passes = Passes(log, progress)
            from ..npuzzle.analysis import analyze

            result = analyze(
                rows,
                cols,
                heuristics,
                goal_tiles,
                boards,
                limits,
                watch.cancel,
                passes.log,
                passes.progress,
            )
    except LimitHit as hit:
        hit.detail = f"{hit.detail}, during the {passes}"
        stopped_early(hit, "nothing to report", as_json)
    if plot is not None:
        draw(result, plot)
    if as_json:
        print(json.dumps(result.to_dict()))
    else:
        show(result, plot)


class Passes:
    """Hands on the log lines and progress of the analysis, remembering the pass under way and
    how far it got, for the message of a limit that stops it."""

    def __init__(self, log: Callable[[str], None], progress: Callable[[int, int], None]) -> None:
        self._log, self._progress = log, progress
        self.current, self.share = "setup", ""

    def log(self, line: str) -> None:
        self.current, self.share = line, ""
        self._log(line)

    def progress(self, done: int, total: int) -> None:
        self.share = f" ({100 * done / total:.0f}% done)"
        self._progress(done, total)

    def __str__(self) -> str:
        return self.current + self.share


def show(result: Analysis, plot: Path | None) -> None:
    """The figures as a person reads them: a header, the pairs, the heuristics, a note."""
    n = result.rows * result.cols
    goal = format_board(result.goal, result.cols).replace("\n", " / ")
    counted = "all of them" if result.boards == ALL else "the solvable ones"
    console.print(
        f"[bold]{result.rows}x{result.cols} puzzle[/], goal {goal}: {math.factorial(n):,} "
        f"boards ({n}!), {result.solvable:,} solvable; counted: {counted}"
    )
    console.print(
        f"true distance (breadth-first from the goal): 0 to {len(result.layers) - 1} moves, "
        f"mean {result.mean_true:.2f}"
    )
    if result.pairs:
        console.print(pairs_table(result))
    console.print(standings_table(result))
    if result.boards == ALL:
        console.print(
            f"The pairs and mean h count all {result.counted:,} boards; admissible, consistent, "
            f"the true distance and h = true count the {result.solvable:,} solvable ones only "
            "(an unsolvable board has no distance)."
        )
    else:
        console.print(
            f"Every figure counts the {result.solvable:,} solvable boards; --boards all adds "
            "the unsolvable half to the pairs."
        )
    if plot is not None:
        console.print(f"plot: {plot}")
    console.print(f"seconds: {result.seconds:.2f}")


def figures_table(title: str, names: list[str], figures: list[str]) -> Table:
    """A compact table: the name columns on the left, the figures right-aligned, nothing wraps."""
    table = Table(title=title, box=box.SIMPLE)
    for name in names:
        table.add_column(name, no_wrap=True)
    for figure in figures:
        table.add_column(figure, justify="right", no_wrap=True)
    return table


def pairs_table(result: Analysis) -> Table:
    headers = ["a > b", "a = b", "b > a", "max b − a"]
    table = figures_table(f"pairs, over {result.counted:,} boards", ["a", "b"], headers)
    for pair in result.pairs:
        counts = (pair.a_greater, pair.equal, pair.b_greater)
        table.add_row(pair.a, pair.b, *(f"{k:,}" for k in counts), str(pair.max_gap))
    return table


def standings_table(result: Analysis) -> Table:
    everything = result.boards == ALL
    means = ["mean h\n(all)", "mean h\n(solvable)"] if everything else ["mean h"]
    headers = [*means, "admissible", "consistent", "h = true"]
    table = figures_table("against the true distance", ["heuristic"], headers)
    for h in result.heuristics:
        values = [h.mean, *([h.mean_solvable] if everything else [])]
        table.add_row(
            h.name,
            *(f"{v:.2f}" for v in values),
            "yes" if h.admissible else f"[red]no[/]: {h.overestimates:,} boards over",
            "yes" if h.consistent else f"[red]no[/]: {h.inconsistent_moves:,} moves",
            f"{h.exact:,}",
        )
    return table


READING_GUIDE = """How to read the heat maps

Each square counts the solvable boards
with that h at that true distance.

An admissible heuristic never rises above
the dashed line h = true distance.

The closer the mean line runs to it,
the better h guides A* (fewer expansions)."""
CHECKERBOARD = """

A checkerboard (manhattan, linear_conflict):
every move changes h by an odd amount, so h
and the true distance are both even or odd."""


def draw(result: Analysis, file: Path) -> None:
    """Each heuristic against the true distance: one panel of all the means, then one heat map
    per heuristic (how many boards have each h at each distance) with the line h = true
    distance that an admissible heuristic never crosses, and a short guide to reading them."""
    import numpy as np
    from matplotlib.colors import LogNorm
    from matplotlib.figure import Figure  # no pyplot: no global state, no display needed

    panels = len(result.heuristics) + 2  # the means, one per heuristic, the guide
    across = 2 if panels == 4 else min(panels, 3)
    down = math.ceil(panels / across)
    figure = Figure(figsize=(4.6 * across, 4.2 * down), layout="constrained")
    axes = figure.subplots(down, across, squeeze=False).ravel()
    maps = axes[1 : panels - 1]
    deepest = len(result.layers) - 1
    distances = np.arange(deepest + 1)
    highest = max(int(np.nonzero(h.histogram.any(axis=1))[0].max()) for h in result.heuristics)
    top = max(deepest, highest) + 1
    for h in result.heuristics:
        axes[0].plot(distances, mean_by_distance(h), marker="o", markersize=3, label=h.name)
    axes[0].set_title("mean h at each true distance")
    axes[0].legend(loc="upper left", fontsize=9)
    norm = LogNorm(1, max(int(h.histogram.max()) for h in result.heuristics))
    for ax, h in zip(maps, result.heuristics, strict=True):
        counts = np.ma.masked_equal(h.histogram[:top], 0)
        mesh = ax.pcolormesh(
            np.arange(deepest + 2) - 0.5, np.arange(top + 1) - 0.5, counts, norm=norm
        )
        ax.plot(distances, mean_by_distance(h), color="black", linewidth=1.5, label="mean h")
        verdict = ", ".join(
            [
                "admissible" if h.admissible else "NOT admissible",
                "consistent" if h.consistent else "NOT consistent",
            ]
        )
        ax.set_title(f"{h.name}\n{verdict}; h = true on {h.exact:,} boards", fontsize=10)
    for ax in axes[: panels - 1]:
        ax.plot([0, top], [0, top], color="grey", linestyle="--", linewidth=1, label="h = true")
        ax.set_xlim(-0.5, deepest + 0.5)
        ax.set_ylim(-0.5, top - 0.5)
        ax.set_xlabel("true distance (moves to the goal)")
        ax.set_ylabel("h (the estimate)")
        ax.grid(alpha=0.3)
    maps[0].legend(loc="upper left", fontsize=9)
    figure.colorbar(mesh, ax=maps.tolist(), label="boards (log scale)", shrink=0.8)
    axes[panels - 1].axis("off")
    names = {h.name for h in result.heuristics}
    guide = READING_GUIDE + (CHECKERBOARD if names & {"manhattan", "linear_conflict"} else "")
    axes[panels - 1].text(0, 1, guide, va="top", fontsize=10, linespacing=1.4)
    for ax in axes[panels:]:
        ax.set_visible(False)
    figure.suptitle(
        f"{result.rows}x{result.cols} puzzle: each heuristic against the true distance, over "
        f"the {result.solvable:,} solvable boards"
    )
    # Whole or not at all: a full disk left an empty or partial picture.
    write_whole(file, lambda path: figure.savefig(path, dpi=120, format=file.suffix[1:].lower()))


def mean_by_distance(h: Standing) -> np.ndarray:
    """The mean of h over the boards at each true distance."""
    import numpy as np

    boards = h.histogram.sum(axis=0)
    weighted = (h.histogram * np.arange(h.histogram.shape[0])[:, None]).sum(axis=0)
    return np.asarray(weighted / boards, dtype=float)
