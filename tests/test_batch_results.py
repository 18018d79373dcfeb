"""A batch's results as tidy data: CSV beside JSON lines (the same rows read back by
``statesearch.read_results``), ``--resume`` on either, summaries and plots grouped by problem
and algorithm, Moving AI scenarios as instances (each checked against its optimal length), and
``trust`` passed to ``solve``."""

from __future__ import annotations

import csv
import importlib.machinery
import json
import math
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from statesearch import read_results, solve
from statesearch.batch.display import summary_table
from statesearch.cli import main
from statesearch.errors import InputError
from statesearch.maze.movingai import read_scenarios, scenario_map
from statesearch.result_rows import (
    BATCH_COLUMNS,
    PROVENANCE_COLUMNS,
    cell,
    csv_line,
    flatten,
    value_of,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
MAPS = EXAMPLES / "movingai"
RIVER = f"{EXAMPLES / 'river_crossing.py'}:RiverCrossing"
PANCAKE = f"{EXAMPLES / 'pancake.py'}:Pancake"
# What depends on the run, not the instance: when, where, how long.
RUN_FIELDS = ("worker", "cpu_s", "wall_s", "provenance", "stats.elapsed_s")


def write_lines(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def batch(*argv: str) -> int:
    return main(["batch", *argv])


MIXED: list[dict[str, Any]] = [
    {"id": "river", "domain": "problem", "problem": RIVER, "optimal": 7},
    {"id": "pancake", "domain": "problem", "problem": PANCAKE, "args": {"n": 6}},
    {"id": "7", "start": "7 2 4 5 0 6 8 3 1", "optimal": 20},  # a text id that looks like 7
    {"id": 8, "domain": "maze", "start": "S..#\n.#..\n...G\n", "algorithm": "bfs"},
]


def run_fields_dropped(row: dict[str, Any]) -> dict[str, Any]:
    """A row's columns that do not depend on the run, an empty cell (``None``, or an empty
    text: a CSV cell holds either) left out."""
    return {
        k: v
        for k, v in flatten(row).items()
        if not k.startswith(RUN_FIELDS) and v not in (None, "")
    }


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=8,
    )
)
def test_a_cell_reads_back_as_the_value_it_was_written_for(value: Any) -> None:
    written = cell(value)
    assert value_of(written) == (None if value == "" else value)
    line = csv_line([written, "next"])
    assert line.count("\n") == 1 and line.endswith("\n")  # one row, one line
    assert next(csv.reader([line])) == [written, "next"]


def test_a_csv_batch_reads_back_as_the_rows_of_its_json_lines(tmp_path: Path) -> None:
    source = write_lines(tmp_path / "mixed.jsonl", MIXED)
    jsonl, table = tmp_path / "out.jsonl", tmp_path / "out.csv"
    assert batch(str(source), "--out", str(jsonl), "--workers", "2") == 0
    assert batch(str(source), "--out", str(table), "--workers", "2") == 0
    header = table.read_text().splitlines()[0].split(",")
    assert header == BATCH_COLUMNS and set(PROVENANCE_COLUMNS) <= set(header)
    as_lines = {r["id"]: r for r in read_results(jsonl, as_frame=False)}
    as_table = {r["id"]: r for r in read_results(table, as_frame=False)}
    assert set(as_table) == {"river", "pancake", "7", 8}  # "7" stays text, 8 a number
    for key, row in as_lines.items():
        assert run_fields_dropped(as_table[key]) == run_fields_dropped(row)
        assert as_table[key]["provenance"]["machine"] == row["provenance"]["machine"]
    # Every field of a row has a column of its own, or is in extra (the cube's, say).
    for row in as_lines.values():
        assert set(flatten(row)) <= set(BATCH_COLUMNS)


def test_resume_continues_a_csv_file_and_drops_its_torn_line(tmp_path: Path) -> None:
    source = write_lines(tmp_path / "two.jsonl", MIXED[:2])
    out = tmp_path / "out.csv"
    assert batch(str(source), "--out", str(out), "--workers", "1") == 0
    with out.open("a") as file:
        file.write('river2,"problem')  # a run killed in the middle of a line
    write_lines(source, [*MIXED[:2], {**MIXED[0], "id": "river2"}])
    assert batch(str(source), "--out", str(out), "--workers", "1", "--resume") == 0
    lines = out.read_text().splitlines()
    assert lines[0].split(",") == BATCH_COLUMNS and lines.count(lines[0]) == 1
    assert [r["id"] for r in read_results(out, as_frame=False)] == ["river", "pancake", "river2"]


def test_resume_refuses_a_csv_file_that_is_not_a_batchs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_lines(tmp_path / "one.jsonl", MIXED[:1])
    out = tmp_path / "other.csv"
    out.write_text("name,score\nada,3\n")
    assert batch(str(source), "--out", str(out), "--workers", "1", "--resume") == 2
    err = capsys.readouterr().err
    assert "does not begin with the header of a batch's CSV results" in err
    assert err.count("\n") == 1 and out.read_text() == "name,score\nada,3\n"


def test_read_results_gives_a_data_frame_when_pandas_is_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = [{"id": 1, "status": "solved", "stats": {"expanded": 3}, "provenance": {"machine":
             {"cores": 2}}}]  # fmt: skip
    out = write_lines(tmp_path / "rows.jsonl", rows)
    made: list[Any] = []
    pandas = types.ModuleType("pandas")
    pandas.__spec__ = importlib.machinery.ModuleSpec("pandas", None)

    def frame(records: list[dict[str, Any]]) -> str:
        made.append(records)
        return "frame"

    pandas.DataFrame = frame  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pandas", pandas)
    assert read_results(out) == "frame"
    assert made == [[{"id": 1, "status": "solved", "stats.expanded": 3,
                      "provenance.machine.cores": 2}]]  # fmt: skip
    assert read_results(out, as_frame=False) == rows
    monkeypatch.setitem(sys.modules, "pandas", None)  # not installed
    assert read_results(out) == rows
    with pytest.raises(InputError, match="as_frame needs pandas"):
        read_results(out, as_frame=True)


def test_read_results_reads_a_benchs_out_and_names_a_bad_line(tmp_path: Path) -> None:
    bench = tmp_path / "bench.json"
    bench.write_text(json.dumps({"set": "x", "rows": [{"id": 1}, {"id": 2}]}, indent=1))
    assert read_results(bench, as_frame=False) == [{"id": 1}, {"id": 2}]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1}\nnot json\n{"id": 2}\n')
    with pytest.raises(InputError, match="line 2 is not JSON"):
        read_results(bad, as_frame=False)


def test_a_benchs_csv_has_the_rows_of_its_json(tmp_path: Path) -> None:
    common = ["bench", "tilt", "--count", "2", "--size", "4x4", "--blocks", "2",
              "--min-length", "3", "-a", "astar,bfs"]  # fmt: skip
    as_json, as_csv = tmp_path / "b.json", tmp_path / "b.csv"
    assert main([*common, "--out", str(as_json)]) == 0
    assert main([*common, "--out", str(as_csv)]) == 0
    document = json.loads(as_json.read_text())
    assert document["provenance"]["command"][:3] == ["statesearch", "bench", "tilt"]
    from_json, from_csv = read_results(as_json, as_frame=False), read_results(as_csv, False)
    assert len(from_json) == len(from_csv) == 4
    for a, b in zip(from_json, from_csv, strict=True):
        assert run_fields_dropped(a) == run_fields_dropped(b)
        assert b["provenance"]["statesearch"] == a["provenance"]["statesearch"]
    assert {r["algorithm"] for r in from_csv} == {"astar", "bfs"}


def test_the_summary_groups_by_problem_and_algorithm(tmp_path: Path) -> None:
    lines: list[dict[str, Any]] = [
        {"id": "p1", "domain": "problem", "problem": PANCAKE, "args": {"n": 5}},
        {"id": "p2", "domain": "problem", "problem": PANCAKE, "args": {"n": 6}},
        {"id": "r1", "domain": "problem", "problem": RIVER},
        {"id": "r2", "domain": "problem", "problem": RIVER, "algorithm": "bfs"},
        {"id": "j", "domain": "problem", "problem": "statesearch.examples.water_jugs:WaterJugs"},
    ]
    source, out = write_lines(tmp_path / "own.jsonl", lines), tmp_path / "out.jsonl"
    assert batch(str(source), "--out", str(out), "--workers", "2") == 0
    rows = read_results(out, as_frame=False)
    problems = {r["id"]: r["problem"] for r in rows}
    assert problems == {"p1": "pancake.py:Pancake", "p2": "pancake.py:Pancake",
                        "r1": "river_crossing.py:RiverCrossing",
                        "r2": "river_crossing.py:RiverCrossing",
                        "j": "statesearch.examples.water_jugs:WaterJugs"}  # fmt: skip
    table = summary_table(rows)
    cells = [list(column.cells) for column in table.columns]
    assert table.columns[0].header == "problem"
    lines_of = list(zip(*cells, strict=True))
    pancake = [line for line in lines_of if line[0] == "pancake.py:Pancake"]
    assert len(pancake) == 1 and pancake[0][2] == "2"  # both pancakes, and only they
    assert sum(line[0] == "river_crossing.py:RiverCrossing" for line in lines_of) == 2


def scenario_line(buckets: Any, **more: Any) -> dict[str, Any]:
    """A batch line naming the example map and its scenarios (``more``: files, relative to
    the folder of the examples, or other keys)."""
    line = {"domain": "movingai", "map": "random-32.map", "scen": "random-32.map.scen",
            "buckets": buckets, **more}  # fmt: skip
    for key in ("map", "scen"):
        line[key] = str(MAPS / line[key])
    return line


def test_moving_ai_scenarios_are_instances_checked_against_their_lengths(
    tmp_path: Path,
) -> None:
    scenarios = read_scenarios((MAPS / "random-32.map.scen").read_text())
    chosen = [s for s in scenarios if s.bucket <= 3]
    source = write_lines(tmp_path / "scenarios.jsonl", [
        scenario_line([0, 1, 2, 3]),
        scenario_line("0-3", id="jps", algorithm="jps"),
    ])  # fmt: skip
    out = tmp_path / "out.csv"
    assert batch(str(source), "--out", str(out), "--workers", "2") == 0
    rows = {r["id"]: r for r in read_results(out, as_frame=False)}
    assert len(rows) == 2 * len(chosen) > 2
    grid = scenario_map((MAPS / "random-32.map").read_text())
    for s in chosen:
        for key in (f"random-32.map:{s.line}", f"jps:{s.line}"):
            row = rows[key]
            assert row["problem"] == "movingai random-32.map" and row["bucket"] == s.bucket
            assert row["expected"] == s.optimal and row["correct"] is True
            assert abs(row["cost"] - s.optimal) < 1e-4
            assert row["start"] == list(s.start) and row["goal"] == list(s.goal)
            assert row["path"][0] == list(s.start) and row["path"][-1] == list(s.goal)
        one = grid.with_ends((s.start[1], s.start[0]), (s.goal[1], s.goal[0]))
        assert math.isclose(solve(one, "ucs").cost or 0, s.optimal, abs_tol=1e-4)
    assert {rows[f"jps:{s.line}"]["algorithm"] for s in chosen} == {"jps"}


def test_a_wrong_scenario_length_is_a_wrong_row_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (MAPS / "random-32.map.scen").read_text().splitlines()
    first = text[1].split("\t")
    first[8] = f"{float(first[8]) + 0.01:.8f}"  # off by more than 1e-4
    (tmp_path / "wrong.scen").write_text("\n".join([text[0], "\t".join(first)]) + "\n")
    line = scenario_line(None, scen=str(tmp_path / "wrong.scen"))
    del line["buckets"]
    source, out = write_lines(tmp_path / "wrong.jsonl", [line]), tmp_path / "out.jsonl"
    assert batch(str(source), "--out", str(out), "--workers", "1") == 1
    row = json.loads(out.read_text())
    assert row["correct"] is False and row["expected"] == float(first[8])
    assert "wrong" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (scenario_line("12-x"), "cannot read buckets '12-x'"),
        (scenario_line([99]), "no scenario is in buckets 99"),
        (scenario_line(True), "buckets must be text like 0-5,9 or a list of whole numbers"),
        (scenario_line(None, scen="nowhere.scen"), "nowhere.scen"),
        (scenario_line(None, map="maze-33.map"), "is for a 32x32 map; the map is 33x33"),
        ({"domain": "movingai", "map": str(MAPS / "random-32.map")},
         "names its map and its scenario"),
        ({"domain": "movingai", "map": str(MAPS / "random-32.map"), "scenario": [1, 2]},
         "scenario must be [start x, start y, goal x, goal y]"),
    ],
)  # fmt: skip
def test_a_bad_moving_ai_line_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: dict[str, Any], said: str
) -> None:
    source = write_lines(tmp_path / "bad.jsonl", [line])
    code = batch(str(source), "--out", str(tmp_path / "out.jsonl"))
    err = capsys.readouterr().err
    assert code == 2 and said in err and err.count("\n") == 1
    assert "line 1" in err


def test_trust_is_passed_to_solve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A problem whose step costs past the start are negative: checked, the batch reports it
    (failed); trusted (the key, or --trust for every line), it is searched unchecked, as
    solve(check=False) searches it."""
    (tmp_path / "negative.py").write_text(
        "class Negative:\n"
        "    initial = 0\n"
        "    def is_goal(self, s):\n"
        "        return s == 3\n"
        "    def successors(self, s):  # the start's steps are sound: they are checked on reading\n"
        "        return [('+', s + 1, 1 if s == 0 else -1)] if s < 3 else []\n"
    )
    line = {"id": "n", "domain": "problem", "problem": "negative.py:Negative", "algorithm": "bfs"}
    checked, trusted = tmp_path / "checked.jsonl", tmp_path / "trusted.jsonl"
    source = write_lines(tmp_path / "n.jsonl", [line])
    assert batch(str(source), "--out", str(checked), "--workers", "1") == 1
    assert checked.read_text() == ""  # failed: no result line
    assert "a step cost must be a finite number >= 0" in " ".join(capsys.readouterr().out.split())
    assert batch(str(source), "--out", str(trusted), "--workers", "1", "--trust") == 0
    row = json.loads(trusted.read_text())
    assert row["status"] == "solved" and row["cost"] == -1
    assert row["provenance"]["spec"]["trust"] is True
    keyed = write_lines(tmp_path / "keyed.jsonl", [{**line, "trust": True}])
    assert batch(str(keyed), "--out", str(tmp_path / "keyed.out"), "--workers", "1") == 0
    bad = write_lines(tmp_path / "bad.jsonl", [{**line, "trust": "yes"}])
    assert batch(str(bad), "--out", str(tmp_path / "bad.out")) == 2
    assert "trust must be true or false, not 'yes'" in capsys.readouterr().err
