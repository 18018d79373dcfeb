"""The ``statesearch`` command as its console script starts it: a Ctrl-C while it still imports
numpy, numba and typer ends it quietly (exit 130, one line), never with a traceback."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# -X importtime's line once ``__main__.run`` has imported ``signal`` (the first thing it
# does, before numpy, numba and typer): from then on Ctrl-C is heard. Before it the interpreter
# starts, and a few lines of statesearch run, which no code of ours can guard.
MARK = "signal"
DELAYS = (0.0, 0.003, 0.01, 0.03, 0.08, 0.15, 0.3)  # seconds after it, while the rest loads


def console_script() -> list[str]:
    """What the installed script runs: the ``[project.scripts]`` entry of pyproject.toml, called
    as pip's script calls it, with each import's time on stderr (to know when ``MARK`` is
    in)."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, function = scripts["statesearch"].split(":")
    call = f"import sys; from {module} import {function}; sys.exit({function}())"
    return [sys.executable, "-X", "importtime", "-c", call, "--version"]


def interrupted_after(delay: float) -> tuple[int, str, list[str]]:
    """Start the command, send SIGINT ``delay`` seconds after ``MARK``; its exit code, stdout
    and stderr (the import times left out)."""
    process = subprocess.Popen(
        console_script(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stderr is not None and process.stdout is not None
    stderr = process.stderr
    lines: list[str] = []
    begun = threading.Event()

    def read() -> None:
        for line in stderr:
            lines.append(line)
            if line.startswith("import time:") and line.split("|")[-1].strip() == MARK:
                begun.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert begun.wait(60), f"no {MARK} imported: {lines[-5:]}"
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=60)
        out = process.stdout.read()
        reader.join(10)
    finally:
        process.kill()
        process.wait()
    said = [line.rstrip("\n") for line in lines if not line.startswith("import time:")]
    return code, out, said


def test_ctrl_c_while_the_command_starts_exits_130_quietly() -> None:
    """It printed a KeyboardInterrupt traceback (from inside numba's or typer's imports). Each
    outcome is an interruption, exit 130 and one line, or the finished command."""
    codes = []
    for delay in DELAYS:
        code, out, said = interrupted_after(delay)
        codes.append(code)
        if code == 130:
            assert said == ["interrupted"] and out == "", (delay, said)
        else:
            assert (code, said) == (0, []) and out.startswith("statesearch "), (delay, code, said)
    assert 130 in codes  # the early ones land in the imports


def test_main_in_process_puts_back_the_callers_ctrl_c_handler(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A command hands Ctrl-C to Python while it runs; called in a notebook or a test it left
    Python's handler in place of the caller's for good."""
    from statesearch.cli import main

    def callers(signum: int, frame: object) -> None:
        raise AssertionError("no Ctrl-C here")

    before = signal.signal(signal.SIGINT, callers)
    try:
        assert main(["solve", "npuzzle", "724506831", "--json"]) == 0
        assert signal.getsignal(signal.SIGINT) is callers
    finally:
        signal.signal(signal.SIGINT, before)
    assert '"status": "solved"' in capsys.readouterr().out
