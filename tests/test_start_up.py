"""What a command imports before it does anything: a problem in pure Python loads no numba,
numpy or matplotlib, and no other command's module (their times: benchmarks/start_up.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RIVER = f"{ROOT / 'examples' / 'river_crossing.py'}:RiverCrossing"
HEAVY = ("numpy", "numba", "llvmlite", "matplotlib", "pandas", "fastapi", "distributed")
# Modules of other commands (and the plots), which ``solve problem`` has no use for.
OTHERS = (
    "statesearch.cli.analyze",
    "statesearch.cli.pdb",
    "statesearch.cli.batch",
    "statesearch.cli.bench",
    "statesearch.cli.serve",
    "statesearch.batch.plots",
    "statesearch.cube.tables",
)


def imported_by(argv: list[str]) -> tuple[int, set[str]]:
    """The exit code of ``statesearch ARGV`` run in a fresh interpreter, and the modules it
    had imported when it ended."""
    program = (
        "import json, sys\n"
        "from statesearch.cli import main\n"
        f"code = main({argv!r})\n"
        "sys.stderr.write('\\nMODULES ' + json.dumps([code, sorted(sys.modules)]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    code, modules = json.loads(done.stderr.rpartition("\nMODULES ")[2])
    return code, set(modules)


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY)


@pytest.mark.parametrize("extra", [[], ["--json"], ["-a", "idastar", "--trust"]])
def test_a_problem_in_pure_python_loads_no_numeric_or_plotting_library(extra: list[str]) -> None:
    code, modules = imported_by(["solve", "problem", RIVER, *extra])
    assert code == 0
    assert heavy(modules) == []
    assert [m for m in OTHERS if m in modules] == []
    assert "statesearch.cli.user_problem" in modules  # so the list above is the real one


def test_other_commands_still_load_what_they_need() -> None:
    """The check above would pass if nothing ran: a board's search does load its kernels'
    numpy (and --help lists every command, each from its module)."""
    code, modules = imported_by(["solve", "npuzzle", "1 2 3 4 5 6 0 7 8", "--engine", "compiled"])
    assert code == 0 and "numpy" in modules
    code, modules = imported_by(["--help"])
    assert code == 0 and {"statesearch.cli.analyze", "statesearch.cli.bench"} <= modules


def test_a_batch_of_ones_own_problems_loads_no_numeric_library_in_its_own_process(
    tmp_path: Path,
) -> None:
    source, out = tmp_path / "own.jsonl", tmp_path / "out.jsonl"
    line = {"id": "river", "domain": "problem", "problem": RIVER, "optimal": 7}
    source.write_text(json.dumps(line) + "\n")
    code, modules = imported_by(["batch", str(source), "--out", str(out), "--workers", "1"])
    assert code == 0 and json.loads(out.read_text())["correct"] is True
    assert heavy(modules) == []
