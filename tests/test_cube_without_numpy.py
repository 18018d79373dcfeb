"""The cube's model in a Python without numpy or numba, as in the static site's page (Pyodide):
it imports, reads, turns and draws cubes, and the page's routes solve a 2x2x2 optimally (by
bidirectional search) and refuse a 3x3x3 with the command that solves it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import statesearch
from statesearch.cube import Cube
from statesearch.facade import solve
from statesearch.web.cube_routes import state
from statesearch.web.cube_schemas import CubeState

SRC = Path(statesearch.__file__).parent.parent
# Random 2x2x2s of the page's ``cube/random`` (seeds), two of them as far from solved as any:
# 11 moves in the half-turn metric (seed 1541), 14 quarter turns (seed 4986).
CUBES = [
    ("R U R' U' F2 R", "htm"),
    ("U2 R2 F' U R' F", "qtm"),
    (1541, "htm"),
    (4986, "qtm"),
]

IN_THE_PAGE = """
import json, sys
sys.modules["numpy"] = None  # as in the browser's Python: neither can be imported
sys.modules["numba"] = None
from statesearch.kernels import COMPILER
from statesearch.web import page

def ask(route, body):
    return json.loads(page.answer(route, None if body is None else json.dumps(body), "en"))

out = {"compiler": COMPILER, "solved": [], "info": ask("cube/info", None)}
for cube, metric in json.loads(sys.argv[1]):
    if isinstance(cube, int):
        cube = ask("cube/random", {"size": 2, "seed": cube})["body"]["facelets"]
    answer = ask("cube/solve", {"size": 2, "cube": cube, "metric": metric})
    out["solved"].append([cube, metric, answer["status"], answer["body"]])
out["refused"] = ask("cube/solve", {"cube": "R U R' U'", "metric": "qtm"})
out["state"] = ask("cube/state", {"size": 2, "cube": "R U", "moves": "L D'"})
out["modules"] = sorted(m for m in sys.modules if m.startswith("statesearch.cube."))
print(json.dumps(out))
"""


def test_the_page_solves_a_2x2x2_optimally_without_numpy() -> None:
    run = subprocess.run(
        [sys.executable, "-c", IN_THE_PAGE, json.dumps(CUBES)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=SRC,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["compiler"] is False
    assert out["info"]["body"]["korf"] == {"htm": False, "qtm": False}
    # Neither Korf's tables, the distance tables nor the compiled searches were imported.
    tables = {"statesearch.cube.tables.korf", "statesearch.cube.tables.pocket"}
    assert not tables & set(out["modules"])
    assert not any(m.startswith("statesearch.cube.compiled") for m in out["modules"])
    lengths = []
    for cube, metric, status, body in out["solved"]:
        assert status == 200 and body["status"] == "solved", body
        assert body["algorithm"] == "bidirectional" and body["optimal"] is True
        server = solve(Cube.from_text(cube, 2, metric), "idastar", "exact")  # numpy's table
        assert body["length"] == server.length, (cube, metric)
        solved = Cube.from_text(cube, 2, metric)
        assert solved.is_goal(solved.apply(solved.initial, body["solution"]))  # replayed
        assert len(body["states"]) == body["length"] + 1
        lengths.append(body["length"])
    assert lengths[2:] == [11, 14]  # God's numbers of the 2x2x2
    refused = out["refused"]
    assert refused["status"] == 422
    assert refused["body"]["detail"].endswith(
        "run: statesearch solve cube \"R U R' U'\" --metric qtm"
    )
    assert out["state"] == {
        "status": 200,
        "body": state(CubeState(size=2, cube="R U", moves="L D'")),  # as the server answers
    }
