"""The domain registry: each domain is one record that the command line, a batch and the web API
read; a domain of one's own (``examples/countdown_domain.py``, outside statesearch) is found by
all three."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from statesearch import solve
from statesearch.core import domain
from statesearch.core.result import SearchResult, Stats, Status
from statesearch.errors import InputError

TESTS = Path(__file__).parent
STATESEARCH = Path(sys.executable).parent / "statesearch"
EXAMPLES: dict[str, dict[str, Any]] = {
    "npuzzle": {"start": "1 2 3 4 5 6 7 0 8"},
    "maze": {"start": "S.#\n..G"},
    "tilt": {"start": "o.x"},
    "cube": {"start": "R U"},
    "problem": {"problem": str(TESTS.parent / "examples" / "river_crossing.py:RiverCrossing")},
    "movingai": {"map": "x.map", "scenario": [0, 0, 1, 0], "start": "type octile\nheight 1\n"
                 "width 2\nmap\n..\n"},
}  # fmt: skip


def with_toy() -> dict[str, str]:
    """The environment of a process that knows the count-down domain."""
    path = os.pathsep.join([str(TESTS.parent / "examples"), os.environ.get("PYTHONPATH", "")])
    toy = "countdown=countdown_domain:COUNTDOWN"
    return {**os.environ, domain.ENVIRONMENT: toy, "PYTHONPATH": path}


def test_every_domain_has_a_record_and_an_example() -> None:
    assert domain.names() == list(domain.BUILT_IN) == list(EXAMPLES)


@pytest.mark.parametrize("name", list(domain.BUILT_IN))
def test_a_domains_fields_never_hide_a_results_own(name: str) -> None:
    """``--json``, a batch's line and a web answer put the domain's fields beside the result's:
    a field of the same name would replace the result's (the maze's ``moves``, 4 or 8, once
    replaced the moves of the solution)."""
    record = domain.get(name)
    spec = dict(EXAMPLES[name])
    record.read_spec(spec, None)
    problem = record.from_spec(spec)
    result = solve(problem, "bfs")
    assert result.solved
    fields = record.fields(problem, result)
    assert not set(fields) & set(result.to_dict()), name
    empty: SearchResult[Any] = SearchResult(Status.LIMIT_REACHED, "bfs", None, Stats())
    assert set(record.fields(problem, None)) == set(fields)  # a limit before the search
    assert not set(fields) & set(empty.to_dict())


def test_an_unknown_domain_names_the_known_ones() -> None:
    with pytest.raises(InputError, match="unknown domain 'sokoban'; choose from npuzzle, maze"):
        domain.get("sokoban")


def test_a_malformed_environment_entry_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(domain.ENVIRONMENT, "countdown_domain:COUNTDOWN")
    with pytest.raises(InputError, match="write NAME=MODULE:ATTRIBUTE"):
        domain.names()
    monkeypatch.setenv(domain.ENVIRONMENT, "maze=countdown_domain:COUNTDOWN")
    with pytest.raises(InputError, match="names maze, a domain statesearch has"):
        domain.names()


def test_a_domain_of_ones_own_is_solved_by_the_command_line() -> None:
    done = subprocess.run(
        [STATESEARCH, "solve", "countdown", "13", "--json"],
        env=with_toy(), capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    # 13 -> 12 -> 6 -> 3 -> 2 -> 1 -> 0
    assert (answer["status"], answer["length"], answer["from"]) == ("solved", 6, 13)
    listed = subprocess.run(
        [STATESEARCH, "solve", "--help"], env=with_toy(), capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    for name in ("npuzzle", "maze", "tilt", "cube", "problem", "countdown"):
        assert name in listed.stdout, name


def test_a_domain_of_ones_own_is_solved_by_a_batch(tmp_path: Path) -> None:
    lines = tmp_path / "count.jsonl"
    lines.write_text(
        "\n".join(
            json.dumps({"id": n, "domain": "countdown", "start": n, "optimal": steps})
            for n, steps in ((13, 6), (64, 7))
        )
    )
    out = tmp_path / "out.jsonl"
    done = subprocess.run(
        [STATESEARCH, "batch", lines, "--out", out, "--workers", "2"],
        env=with_toy(), capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = {row["id"]: row for row in map(json.loads, out.read_text().splitlines())}
    assert {n: (r["correct"], r["from"], r["problem"]) for n, r in rows.items()} == {
        13: (True, 13, "countdown"),
        64: (True, 64, "countdown"),
    }


ASK_THE_API = """
from fastapi.testclient import TestClient
from statesearch.web.app import create_app
import json
with TestClient(create_app(), base_url="http://127.0.0.1") as client:
    answer = client.post("/api/countdown/solve", json={"start": 13})
    wrong = client.post("/api/countdown/solve", json={"start": -1})
    listed = client.get("/openapi.json").json()["paths"]
print(json.dumps([answer.status_code, answer.json(), wrong.status_code, sorted(listed)]))
"""


def test_a_domain_of_ones_own_is_answered_by_the_web_api() -> None:
    """Its route is served, its job runs in a search worker (another process, which reads the
    environment too), and a bad body is a 422."""
    done = subprocess.run(
        [sys.executable, "-c", ASK_THE_API],
        env=with_toy(), capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    status, answer, wrong, paths = json.loads(done.stdout.splitlines()[-1])
    assert status == 200 and (answer["status"], answer["length"], answer["from"]) == (
        "solved",
        6,
        13,
    )
    assert wrong == 422
    assert "/api/countdown/solve" in paths and "/api/npuzzle/solve" in paths
