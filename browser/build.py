"""Build the static site: the playground and the lesson page, with statesearch running in the
page's own Python (Pyodide in a Web Worker). ``make site`` runs it after ``npm ci`` here has
brought the pinned Pyodide (package.json, package-lock.json: version and checksum).

    site/index.html, lesson.html    the pages (the same files statesearch serve sends)
    site/static/                    the page's modules; transport.js says "worker"
    site/pyodide/                   Pyodide's runtime, from the npm package
    site/wheels/                    statesearch's wheel, built from this source

Every URL in it is relative, and nothing in it asks another host for anything: any static file
server can host the folder (``python3 -m http.server -d site``). Each step is bounded in time.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
STATIC = ROOT / "src" / "statesearch" / "web" / "static"
PYODIDE = HERE / "node_modules" / "pyodide"
# What the worker loads of Pyodide (the rest of the npm package is for Node and TypeScript).
RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PAGES = ("index.html", "lesson.html")
MAX_BYTES = 40 << 20  # the site's budget (issue 42): a class downloads it on every device
WHEEL_SECONDS = 300


def fail(message: str) -> None:
    print(f"make site: {message}", file=sys.stderr)
    raise SystemExit(2)


def pinned_version() -> str:
    lock = json.loads((HERE / "package-lock.json").read_text())
    return str(lock["packages"]["node_modules/pyodide"]["version"])


def check_pyodide() -> str:
    """The pinned Pyodide, as npm ci installed it."""
    version = pinned_version()
    installed = PYODIDE / "package.json"
    if not installed.is_file():
        fail(f"no Pyodide in {PYODIDE}: run 'npm ci' in {HERE} (make site does)")
    found = json.loads(installed.read_text())["version"]
    if found != version:
        fail(f"Pyodide {found} is installed, the lock file pins {version}: run 'npm ci'")
    return version


def build_wheel(into: Path) -> Path:
    """statesearch's wheel from this source, without its dependencies (the page's Python runs
    the engine and the domains' Python rules, which need only the standard library)."""
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
        command += ["--no-build-isolation", "--wheel-dir", tmp, str(ROOT)]
        try:
            subprocess.run(command, check=True, timeout=WHEEL_SECONDS)
        except subprocess.TimeoutExpired:
            fail(f"building the wheel took over {WHEEL_SECONDS} s")
        except subprocess.CalledProcessError as err:
            fail(f"building the wheel failed (exit {err.returncode})")
        (wheel,) = Path(tmp).glob("statesearch-*.whl")
        into.mkdir(parents=True)
        return Path(shutil.copy2(wheel, into))


def size_of(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def build(site: Path) -> None:
    began = time.perf_counter()
    version = check_pyodide()
    if site.exists():
        shutil.rmtree(site)
    shutil.copytree(STATIC, site / "static", ignore=shutil.ignore_patterns(*PAGES))
    for page in PAGES:
        shutil.copy2(STATIC / page, site / page)
    (site / "pyodide").mkdir()
    for name in RUNTIME:
        shutil.copy2(PYODIDE / name, site / "pyodide" / name)
    wheel = build_wheel(site / "wheels")
    (site / "static" / "transport.js").write_text(
        "// Written by make site: statesearch runs in the page's own Python (worker.js).\n"
        'export const TRANSPORT = "worker";\n'
        f'export const WHEEL = "{wheel.name}";\n'
    )
    total = size_of(site)
    if total > MAX_BYTES:
        fail(f"the site is {total / 2**20:.1f} MB, over its budget of {MAX_BYTES >> 20} MB")
    seconds = time.perf_counter() - began
    print(
        f"site: {site} ({total / 2**20:.1f} MB: Pyodide {version}, {wheel.name}) "
        f"in {seconds:.1f} s; serve it with: python3 -m http.server -d {site}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, nargs="?", default=ROOT / "site")
    build(parser.parse_args().site)


if __name__ == "__main__":
    main()
