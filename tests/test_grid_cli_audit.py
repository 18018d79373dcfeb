"""Found by using issue 40's grid features from the command line as a demanding user would: each
test fails without the fix it names (odd numbers in Moving AI files, scenarios checked before
any search, ``bench movingai`` kept whole on Ctrl-C and never writing over its inputs)."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from statesearch import InputError
from statesearch.cli import bench_grid, main
from statesearch.core.limits import Limits, Meter
from statesearch.facade import solve
from statesearch.maze.movingai import read_map, read_point, read_scenarios
from statesearch.maze.scenarios import buckets, named_otherwise

EXAMPLES = Path(__file__).parent.parent / "examples" / "movingai"
MAP = "type octile\nheight 3\nwidth 4\nmap\n..@.\n.T..\n....\n"
LINE = "0\tsmall.map\t4\t3\t0\t0\t3\t2\t{length}\n"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "text",
    [
        MAP.replace("height 3", "height ²"),  # str.isdigit says yes, int says no
        MAP.replace("width 4", "width ٤"),  # an Arabic-Indic four, which int reads
    ],
)
def test_a_header_number_in_other_digits_is_refused_not_a_crash(text: str) -> None:
    with pytest.raises(InputError, match="a whole number from 1"):
        read_map(text)


@pytest.mark.parametrize("point", ["²,0", "0,٣", "1_0,1"])
def test_a_point_in_other_digits_is_refused_not_a_crash(point: str) -> None:
    with pytest.raises(InputError, match="use X,Y"):
        read_point(point, "start")


@pytest.mark.parametrize("length", ["nan", "inf", "-1", "1e999", "3_0", "٣", "0x1p3"])
def test_a_scenario_length_that_is_no_distance_is_refused(length: str) -> None:
    with pytest.raises(InputError, match="cannot read scenario line 2"):
        read_scenarios("version 1\n" + LINE.format(length=length))


def test_a_scenario_length_as_the_files_write_it_is_read() -> None:
    for length, value in (("5.41421356", 5.41421356), ("5", 5.0), ("1e2", 100.0), (".5", 0.5)):
        assert read_scenarios("version 1\n" + LINE.format(length=length))[0].optimal == value


def test_a_header_word_may_be_followed_by_a_tab() -> None:
    assert read_map(MAP.replace("width 4", "width\t4")) == read_map(MAP)


def test_text_after_a_blank_line_after_the_map_is_named_at_its_own_line() -> None:
    with pytest.raises(InputError, match="at line 9: 'oops'"):
        read_map(MAP + "\n" + "oops\n")  # line 8 is blank


def test_a_map_without_its_type_line_is_refused_as_a_map(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = tmp_path / "headless.map"
    file.write_text(MAP.split("\n", 1)[1])  # not a text maze that is "ragged"
    code, _, err = run(capsys, "solve", "maze", str(file), "--start", "0,0", "--goal", "3,2")
    assert code == 2 and err == "error: not a Moving AI map: line 1 is 'height 3', not 'type ...'\n"


def test_buckets_read_a_wide_span_without_listing_it() -> None:
    scenarios = read_scenarios((EXAMPLES / "random-32.map.scen").read_text())
    tracemalloc.start()
    try:
        chosen = buckets("0-2000000", scenarios)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert chosen == scenarios and peak < 1 << 20  # a set of every bucket: >100 MB
    assert buckets("3,5-6", scenarios) == [s for s in scenarios if s.bucket in (3, 5, 6)]
    for odd in ("²", "1-", "-1", "1-٣"):
        with pytest.raises(InputError, match="cannot read buckets"):
            buckets(odd, scenarios)


def scen_file(tmp_path: Path, name: str, lines: list[str]) -> Path:
    file = tmp_path / name
    file.write_text("version 1\n" + "".join(line + "\n" for line in lines))
    return file


def example_lines(count: int) -> list[str]:
    return (EXAMPLES / "random-32.map.scen").read_text().splitlines()[1 : count + 1]


def test_scenarios_of_another_map_name_are_said_to_be_its_folders_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A renamed map still runs; the wrong scenario file of a map of the same size would
    otherwise read as wrong answers of the search's."""
    scenarios = read_scenarios("version 1\n" + "\n".join(example_lines(3)))
    assert named_otherwise(scenarios, "random-32.map") is None
    moved = [dataclasses.replace(s, map="maps/dao/random-32.map") for s in scenarios]
    assert named_otherwise(moved, "random-32.map") is None  # as Moving AI's own files name maps
    assert named_otherwise(moved, "x.map") == moved[0]
    renamed = tmp_path / "x.map"
    renamed.write_text((EXAMPLES / "random-32.map").read_text())
    scen = scen_file(tmp_path, "few.scen", example_lines(2))
    code, out, err = run(capsys, "bench", "movingai", str(renamed), str(scen))
    assert code == 0 and "2/2 lengths right" in out
    assert err == "note: scenario line 2 is for the map random-32.map; searched on x.map\n"


@pytest.mark.parametrize(
    ("ends", "said"),
    [
        ("40\t24\t17\t1", "scenario line 3: the start 40,24 is outside the 32x32 map"),
        ("7\t24\t0\t0", "scenario line 3: the goal 0,0 is a wall"),
    ],
)
def test_bench_refuses_a_bad_start_or_goal_before_any_search(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    ends: str,
    said: str,
) -> None:
    searched: list[Any] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        searched.append(args)
        return solve(*args, **kwargs)

    monkeypatch.setattr(bench_grid, "solve", counted)
    bad = f"7\trandom-32.map\t32\t32\t{ends}\t30.07106781"
    scen = scen_file(tmp_path, "bad.scen", [*example_lines(1), bad])
    code, out, err = run(capsys, "bench", "movingai", str(EXAMPLES / "random-32.map"), str(scen))
    assert code == 2 and err == f"error: {said}\n" and out == "" and searched == []


def test_bench_prints_nothing_but_the_error_for_a_bad_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["bench", "movingai", str(EXAMPLES / "random-32.map")]
    code, out, err = run(capsys, *args, str(EXAMPLES / "random-32.map.scen"), "-H", "nope")
    assert code == 2 and out == "" and err.startswith("error: unknown heuristic 'nope'")
    assert err.count("\n") == 1


@pytest.mark.parametrize("option", ["--out", "--plot"])
def test_bench_never_writes_over_its_map_or_scenarios(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str
) -> None:
    scen = scen_file(tmp_path, "random-32.map.scen", example_lines(2))
    before = scen.read_bytes()
    args = ["bench", "movingai", str(EXAMPLES / "random-32.map"), str(scen)]
    code, _, err = run(capsys, *args, option, str(scen))
    assert code == 2 and "is the input; write to another file" in err
    assert scen.read_bytes() == before


def interrupting_solve(at: int, how: str) -> Any:
    """``solve`` as the bench calls it, with Ctrl-C at the ``at``-th search: a SIGINT sent to
    this process (a first Ctrl-C), or a ``KeyboardInterrupt`` raised (a second one)."""
    calls = [0]

    def searched(maze: Any, *args: Any, **kwargs: Any) -> Any:
        calls[0] += maze.initial != maze.goal  # not the warm-up's searches
        if calls[0] == at and maze.initial != maze.goal:
            if how == "raise":
                raise KeyboardInterrupt
            os.kill(os.getpid(), signal.SIGINT)
        return solve(maze, *args, **kwargs)

    return searched


@pytest.mark.parametrize(("how", "stopped"), [("signal", 1), ("raise", 0)])
@pytest.mark.parametrize("suffix", [".json", ".csv"])
def test_ctrl_c_keeps_the_finished_scenarios_shown_and_written(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    how: str,
    stopped: int,
    suffix: str,
) -> None:
    from statesearch import read_results

    monkeypatch.setattr(bench_grid, "solve", interrupting_solve(4, how))
    scen = EXAMPLES / "random-32.map.scen"
    out = tmp_path / f"rows{suffix}"
    args = ["bench", "movingai", str(EXAMPLES / "random-32.map"), str(scen), "--out", str(out)]
    code, printed, err = run(capsys, *args)
    assert code == 130
    assert (
        err.strip() == f"interrupted: 3 of 40 searches finished (their rows in {out}), 37 not done"
    )
    rows = read_results(out, as_frame=False)
    assert [r["correct"] for r in rows] == [True] * 3 + [None] * stopped
    assert [r["limit"] for r in rows[3:]] == ["cancelled"] * stopped
    lines = scen.read_text().splitlines()
    assert [r["id"] for r in rows] == list(range(2, 2 + 3 + stopped))  # scenario lines, in order
    assert all(float(lines[r["id"] - 1].split("\t")[8]) == r["optimal"] for r in rows)
    assert f"3/{3 + stopped} lengths right" in " ".join(printed.split())
    if suffix == ".json":
        assert json.loads(out.read_text())["set"] == "movingai random-32.map"


def test_jump_point_search_is_traced_with_its_f_column(capsys: pytest.CaptureFixture[str]) -> None:
    lesson = str(Path(__file__).parent.parent / "examples" / "lesson-maze.txt")
    code, out, _ = run(capsys, "solve", "maze", lesson, "--moves", "8", "-a", "jps", "--trace", "2")
    assert code == 0 and "f = g + h" in out and "13.4853 = 0 + 13.4853" in out


def test_a_corner_rule_with_four_moves_is_said_to_be_unused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lesson = str(Path(__file__).parent.parent / "examples" / "lesson-maze.txt")
    code, out, _ = run(capsys, "solve", "maze", lesson, "--corners", "cut", "--json")
    assert code == 0 and "not used: --corners cut" in json.loads(out)["note"]
    code, out, _ = run(
        capsys, "solve", "maze", lesson, "--moves", "8", "--corners", "cut", "--json"
    )
    assert code == 0 and "not used" not in json.loads(out)["note"]


def test_the_table_counts_the_scenarios_a_limit_stopped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def bounded(*args: Any, meter: Meter | None = None, **kwargs: Any) -> Any:
        if meter is None:  # the warm-up's
            return solve(*args, **kwargs)
        return solve(*args, **kwargs, meter=Meter(Limits(max_expanded=40), meter.cancel))

    monkeypatch.setattr(bench_grid, "solve", bounded)
    out = tmp_path / "rows.json"
    scen = str(EXAMPLES / "random-32.map.scen")
    args = ["bench", "movingai", str(EXAMPLES / "random-32.map"), scen, "--out", str(out)]
    code, printed, _ = run(capsys, *args)
    rows = json.loads(out.read_text())["rows"]
    stopped = sum(r["correct"] is None for r in rows)
    assert code == 4 and 0 < stopped < len(rows)
    total = next(line for line in printed.splitlines() if "total" in line)
    assert [cell.strip() for cell in total.split("│")[1:5]] == ["total", "40", "0", str(stopped)]


def test_an_algorithm_named_twice_is_searched_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "rows.json"
    scen = str(EXAMPLES / "random-32.map.scen")
    args = ["bench", "movingai", str(EXAMPLES / "random-32.map"), scen, "--buckets", "0-2"]
    code, printed, _ = run(capsys, *args, "-a", "astar,ucs,dijkstra,astar", "--out", str(out))
    rows = json.loads(out.read_text())["rows"]
    chosen = [s for s in read_scenarios(Path(scen).read_text()) if s.bucket <= 2]
    assert code == 0 and [r["algorithm"] for r in rows] == ["astar", "ucs"] * len(chosen)
    totals = [line.split("│")[1:4] for line in printed.splitlines() if "total" in line]
    assert [[cell.strip() for cell in t] for t in totals] == [
        [name, "total", str(len(chosen))] for name in ("astar", "ucs")
    ]


def test_the_picture_marks_where_the_search_starts_and_ends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--start and --goal move a text maze's S and G; a Moving AI map has none to move."""
    lesson = str(Path(__file__).parent.parent / "examples" / "lesson-maze.txt")
    code, out, _ = run(capsys, "solve", "maze", lesson, "--start", "0,4", "--goal", "5,0")
    picture = out.splitlines()[:7]
    assert code == 0 and picture[4][0] == "S" and picture[0][5] == "G"
    assert "".join(picture).count("S") == "".join(picture).count("G") == 1
    small = str(EXAMPLES / "rooms-40.map")
    code, out, _ = run(capsys, "solve", "maze", small, "--start", "44,23", "--goal", "38,29")
    picture = out.splitlines()[:40]
    assert code == 0 and picture[23][44] == "S" and picture[29][38] == "G"


def test_a_bench_in_a_log_says_how_far_it_got(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not in a terminal (a log, a pipe) there is no bar: a line every few seconds instead,
    as the searches finish and while a long one runs (here every time: no wait)."""
    monkeypatch.setattr(bench_grid, "PLAIN_EVERY", 0.0)
    scen = scen_file(tmp_path, "three.scen", example_lines(3))
    code, _, err = run(capsys, "bench", "movingai", str(EXAMPLES / "random-32.map"), str(scen))
    done = [line.rsplit(",", 1)[0] for line in err.splitlines() if "searches done" in line]
    assert code == 0 and done == [
        f"movingai random-32.map: {n} of 3 searches done" for n in (1, 2, 3)
    ]
    assert any(line.startswith("searching: expanded ") for line in err.splitlines())


@pytest.mark.parametrize(("engine", "table"), [("compiled", "free"), ("python", "legal moves")])
def test_what_a_map_loads_once_is_loaded_before_the_first_timed_search(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    engine: str,
    table: str,
) -> None:
    """The compiled search's tables (and numba's code), or the Python engine's packed moves,
    are made by a search before the bench's clock: else the first scenario's CPU seconds
    would hold them."""
    loaded: list[bool] = []  # for each search the bench times: were they there before it?

    def watched(maze: Any, *args: Any, **kwargs: Any) -> Any:
        if maze.initial != maze.goal:
            loaded.append(any(key.startswith(table) for key in maze.kernel_tables))
        return solve(maze, *args, **kwargs)

    monkeypatch.setattr(bench_grid, "solve", watched)
    scen = scen_file(tmp_path, "two.scen", example_lines(2))
    args = ["bench", "movingai", str(EXAMPLES / "random-32.map"), str(scen), "--engine", engine]
    code, _, _ = run(capsys, *args, "-a", "astar,jps")
    assert code == 0 and loaded == [True] * 4


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        (["-H", "euclidean"], "has no euclidean estimate"),
        (["-w", "1.5"], "takes a whole weight from 0"),
        (["--tie-break", "fifo"], "orders ties by classic or deep only"),
        (["-a", "jps", "--moves", "4"], "jump point search is for 8 moves"),
        (["-a", "dfs"], "no compiled kernel for dfs"),
    ],
)
def test_engine_compiled_says_why_no_kernel_runs_a_search(
    capsys: pytest.CaptureFixture[str], options: list[str], reason: str
) -> None:
    map_file = str(EXAMPLES / "maze-33.map")
    ends = ["--start", "1,1", "--goal", "31,31"]
    code, _, err = run(capsys, "solve", "maze", map_file, *ends, "--engine", "compiled", *options)
    assert code == 2 and reason in err and len(err.strip().splitlines()) == 1, err
    # the same search runs on the Python engine (but jps on 4 moves, which both refuse)
    code, _, err = run(capsys, "solve", "maze", map_file, *ends, "--engine", "python", *options)
    assert code == (2 if "jps" in options else 0), err
