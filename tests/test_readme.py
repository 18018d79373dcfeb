"""Every command the README shows runs and does what its comment says.

A command's comment may hold what its output shows after a ``→`` (compared with whitespace
folded, since tables wrap) and its exit code as ``(exit N)`` (0 when absent). Commands run from
a scratch directory holding the examples and this checkout's ``.venv``, with a fresh cache.
``make`` lines are the quick start itself (CI runs ``make test``); ``serve`` is started, asked
for its page and stopped, and so is a file server of the static site (built into the scratch
directory as ``make site`` builds it).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import signal
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text()
FENCE = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)
COMMENT = re.compile(r"^(?P<command>.*?)\s+#\s*(?P<comment>.*)$")
EXIT = re.compile(r"\(exit (\d+)\)")


def blocks(language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(README) if lang == language]


def commands() -> list[tuple[str, str, int]]:
    """(command, expected fragment, exit code) for every shell line of the README."""
    found = []
    for body in blocks("sh"):
        for line in body.splitlines():
            line = line.strip()
            if not line or line.startswith("make "):
                continue
            match = COMMENT.match(line)
            command, comment = (match["command"], match["comment"]) if match else (line, "")
            code = EXIT.search(comment)
            expected = comment.split("→", 1)[1] if "→" in comment else ""
            expected = EXIT.sub("", expected).strip()
            found.append((command, expected, int(code[1]) if code else 0))
    return found


def folded(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "examples", where / "examples")
    (where / ".venv").symlink_to(ROOT / ".venv")
    return where


def test_the_readme_shows_commands() -> None:
    assert len(commands()) > 20 and blocks("python")


@pytest.mark.parametrize(("command", "expected", "code"), commands(), ids=lambda v: str(v)[:60])
def test_readme_command(command: str, expected: str, code: int, scratch: Path) -> None:
    env = {**os.environ, "STATESEARCH_CACHE": str(scratch / "cache"), "COLUMNS": "100"}
    if " serve" in command:
        check_server(command, expected, scratch, env)
        return
    if "http.server" in command:
        built = [str(ROOT / ".venv/bin/python"), str(ROOT / "browser/build.py"), "site"]
        subprocess.run(built, cwd=scratch, check=True, capture_output=True, timeout=600)
        check_server(command, expected, scratch, env)
        return
    done = subprocess.run(
        command, shell=True, cwd=scratch, env=env, capture_output=True, text=True, timeout=300
    )
    output = done.stdout + done.stderr
    assert done.returncode == code, output[-3000:]
    assert folded(expected) in folded(output), output[-3000:]
    assert "Traceback" not in output
    plot = re.search(r"--plot (\S+)", command)
    if plot:  # the picture is there, not only the words around it
        assert (scratch / plot[1]).stat().st_size > 10_000


def check_server(command: str, expected: str, scratch: Path, env: dict[str, str]) -> None:
    url = expected.split()[0]
    server = subprocess.Popen(
        command,
        shell=True,
        cwd=scratch,
        env=env,
        start_new_session=True,
        stdout=subprocess.PIPE,
        text=True,
        # Ctrl-C as at a terminal: a job started in the background of a script (a CI run
        # started with &) inherits SIGINT ignored, and so would the server.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    printed: list[str] = []
    assert server.stdout is not None
    threading.Thread(target=printed.extend, args=(server.stdout,), daemon=True).start()
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as page:
                    assert b"statesearch" in page.read()
                    # Still running: the page is this server's, not another's on the same port
                    # (this one would have stopped, unable to bind).
                    assert server.poll() is None
                    break
            except OSError:
                assert time.monotonic() < deadline, f"{url} never answered"
                time.sleep(0.3)
        if "--host 0.0.0.0" in command:
            check_addresses_students_type(printed)
    finally:
        os.killpg(server.pid, signal.SIGINT)
        # Ctrl-C stops it, as the README says (exit 0, or by the signal as a shell shows 130);
        # one that does not is failed and killed, never left serving.
        try:
            assert server.wait(timeout=20) in (0, 130, -signal.SIGINT)
        finally:
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGKILL)


def check_addresses_students_type(printed: list[str]) -> None:
    """Every address a server on every interface prints for other devices serves the page
    (this machine's own addresses: the test opens them from here)."""
    said = time.monotonic() + 5
    while not any("network" in line for line in printed):  # printed before it serves
        assert time.monotonic() < said, printed
        time.sleep(0.1)
    for line in printed:
        if line.startswith("  http://"):
            with urllib.request.urlopen(line.strip(), timeout=5) as page:
                assert b"statesearch" in page.read(), line


def test_readme_python() -> None:
    """The three-slots example runs and prints what its comments say."""
    for body in blocks("python"):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(body, "README.md", "exec"), {})
        printed = out.getvalue()
        for line in body.splitlines():
            match = COMMENT.match(line)
            if match and line.lstrip().startswith("print("):
                shown = match["comment"].replace("...", "").strip(" ]'")
                assert shown in printed, (shown, printed)
