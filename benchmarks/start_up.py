"""What a command costs before it does anything: the wall seconds of ``statesearch solve
problem`` on the river crossing (a problem in pure Python: no numba, numpy or matplotlib should
load) and of a small batch on a local pool of 2 workers, each run ``--runs`` times in a fresh
process (warm: the files are in the page cache after the first), with ``python -c pass`` and
``python -c "import typer, rich"`` (what any typer command pays) as the references, measured
in turns in this process. ``--reference SRC`` runs the statesearch commands a second time, in
the same turns, with another source tree first on the import path (``git archive COMMIT src |
tar -x -C DIR``, then ``DIR/src``), and prints this tree's time as a share of that one's.

    python benchmarks/start_up.py [--runs 5] [--reference DIR/src]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RIVER = str(ROOT / "examples" / "river_crossing.py") + ":RiverCrossing"


def commands(folder: Path) -> dict[str, list[str]]:
    batch = folder / "batch.jsonl"
    lines = [{"id": n, "domain": "problem", "problem": RIVER, "optimal": 7} for n in range(4)]
    batch.write_text("".join(json.dumps(line) + "\n" for line in lines))
    python = [sys.executable]
    out = folder / "out.jsonl"
    return {
        "python -c pass": [*python, "-c", "pass"],
        "import typer, rich": [*python, "-c", "import typer, rich, rich.table"],
        "solve problem river_crossing": [*python, "-m", "statesearch", "solve", "problem", RIVER],
        "batch of 4, --workers 2": [
            *python,
            "-m",
            "statesearch",
            "batch",
            str(batch),
            "--out",
            str(out),
            "--workers",
            "2",
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--reference", metavar="SRC", help="Another tree's src, timed in turns.")
    options = parser.parse_args()
    runs, reference = options.runs, options.reference
    with tempfile.TemporaryDirectory() as folder:
        named = commands(Path(folder))
        trees = {"": os.environ.get("PYTHONPATH", "")}
        if reference:
            trees[" (reference)"] = str(Path(reference).resolve())
        seconds: dict[str, list[float]] = {}
        cpu: dict[str, list[float]] = {}
        for _ in range(runs + 1):  # the first round warms the page cache and is dropped
            for name, argv in named.items():
                for label, path in trees.items():
                    if label and "statesearch" not in argv:
                        continue
                    (Path(folder) / "out.jsonl").unlink(missing_ok=True)
                    env = {**os.environ, "PYTHONPATH": path}
                    began, used = time.perf_counter(), children_cpu()
                    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, cwd=folder, env=env)
                    seconds.setdefault(name + label, []).append(time.perf_counter() - began)
                    cpu.setdefault(name + label, []).append(children_cpu() - used)
    print(f"seconds over {runs} runs each (the first, cold, dropped); CPU: the process and")
    print("every process it started (a batch's workers), user and system")
    print(f"{'command':44} {'wall best':>9} {'median':>7} {'CPU median':>10}")
    for name, times in seconds.items():
        kept, spent = times[1:], statistics.median(cpu[name][1:])
        share = ""
        if name + " (reference)" in seconds:
            theirs = statistics.median(seconds[name + " (reference)"][1:])
            their_cpu = statistics.median(cpu[name + " (reference)"][1:])
            share = f"  wall {statistics.median(kept) / theirs:.2f}, CPU {spent / their_cpu:.2f}"
            share += " of the reference's"
        print(f"{name:44} {min(kept):9.3f} {statistics.median(kept):7.3f} {spent:10.3f}{share}")


def children_cpu() -> float:
    """User and system seconds of the processes this one has waited for, so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


if __name__ == "__main__":
    main()
