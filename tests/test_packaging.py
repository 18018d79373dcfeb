"""The wheel and the sdist build, and the wheel installed into a fresh environment (no network,
no source tree) runs the showcase and serves the playground, static files included."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest

import statesearch

ROOT = Path(__file__).parent.parent


def test_the_wheel_works_on_its_own(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp_path / "dist"), "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("statesearch-*.whl"))
    assert next((tmp_path / "dist").glob("statesearch-*.tar.gz"))
    assert wheel.name.startswith(f"statesearch-{statesearch.__version__}-")

    fresh = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(fresh)], check=True, timeout=120)
    bin_dir = fresh / "bin"
    installed = subprocess.run(
        [str(bin_dir / "pip"), "install", "--no-index", "--no-deps", "--quiet", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stderr[-2000:]
    # The dependencies come from this environment's site-packages (PYTHONPATH reads no .pth
    # files, so this checkout's editable install stays out of it); statesearch itself must
    # come from the wheel.
    env = {
        **os.environ,
        "PYTHONPATH": sysconfig.get_paths()["purelib"],
        "STATESEARCH_CACHE": str(tmp_path / "cache"),
    }
    # The notebook widget's front end is package data too (its glue and the playground's
    # modules).
    where = subprocess.run(
        [str(bin_dir / "python"), "-c", WHERE_AND_WIDGET],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert str(fresh) in where.stdout, where.stdout + where.stderr
    shown = subprocess.run(
        [str(bin_dir / "statesearch"), "showcase"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert shown.returncode == 0, shown.stderr[-2000:]
    assert "48,390" in shown.stdout and "283" in shown.stdout

    port = free_port()
    server = subprocess.Popen(
        [str(bin_dir / "statesearch"), "serve", "--port", str(port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for page in ("/", "/static/app.js", "/static/style.css", "/favicon.ico", "/docs"):
            body = fetch(f"http://127.0.0.1:{port}{page}")
            assert body, page
    finally:
        server.terminate()
        server.wait(timeout=20)


WHERE_AND_WIDGET = """
import pytest

import statesearch
from statesearch.notebook.widget import front_end
esm, css = front_end()
assert "SOURCES" in esm and css
print(statesearch.__file__)
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str, wait: float = 60) -> bytes:
    """The page's body, retrying while the server starts."""
    deadline = time.monotonic() + wait
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as reply:
                return bytes(reply.read())
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


@pytest.mark.parametrize(
    ("hidden", "command", "line"),
    [
        ("fastapi", ["serve"], "statesearch serve needs fastapi: pip install 'statesearch[web]'"),
        (
            "matplotlib",
            ["bench", "korf100", "--plot", "p.png"],
            "--plot needs matplotlib: pip install 'statesearch[plots]'",
        ),
    ],
)
def test_a_missing_extra_is_one_line_before_any_work(
    hidden: str, command: list[str], line: str, tmp_path: Path
) -> None:
    """The server and the plots are extras (web, plots): without them, one line and exit 2."""
    script = (
        f"import sys; sys.modules[{hidden!r}] = None; "
        "from statesearch.__main__ import run; sys.argv = ['statesearch', *sys.argv[1:]]; run()"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *command],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == f"error: {line}"
