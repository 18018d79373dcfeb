"""What a command costs before it does anything: the wall seconds of ``statesearch solve
problem`` on the river crossing (a problem in pure Python: no numba, numpy or matplotlib should
load) and of a small batch on a local pool of 2 workers, each run ``--runs`` times in a fresh
process (warm: the files are in the page cache after the first), with ``python -c pass`` and
``python -c "import typer, rich"`` (what any typer command pays) as the references, measured
in turns in this process.

    python benchmarks/start_up.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
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
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        named = commands(Path(folder))
        seconds: dict[str, list[float]] = {name: [] for name in named}
        for _ in range(runs + 1):  # the first round warms the page cache and is dropped
            for name, argv in named.items():
                (Path(folder) / "out.jsonl").unlink(missing_ok=True)
                began = time.perf_counter()
                subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, cwd=folder)
                seconds[name].append(time.perf_counter() - began)
    print(f"wall seconds over {runs} runs each (the first, cold, dropped)")
    print(f"{'command':32} {'best':>6} {'median':>7}")
    for name, times in seconds.items():
        kept = times[1:]
        print(f"{name:32} {min(kept):6.3f} {statistics.median(kept):7.3f}")


if __name__ == "__main__":
    main()
