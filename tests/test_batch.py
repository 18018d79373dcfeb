"""statesearch batch: the same answers on a local pool and on a real Dask cluster (started here,
on 127.0.0.1 only), nothing lost or written twice when a worker is killed or the run is
interrupted and resumed, and one line with exit 2 for bad input."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers import distances_to, unbuilt_tables, unwrapped
from statesearch import solve
from statesearch.batch.local_pool import LocalPool
from statesearch.batch.plots import plot_results
from statesearch.cli import main
from statesearch.core.limits import Limits, Meter
from statesearch.maze import LESSON_MAZE, Maze
from statesearch.npuzzle import NPuzzle, random_board

BIN = Path(sys.executable).parent
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
STARTUP = 30.0  # seconds a scheduler or worker may take to come up on a busy machine


@pytest.fixture(scope="module")
def exact() -> dict[Any, int]:
    """Every 8-puzzle board's distance to the goal, by breadth-first search backwards."""
    return distances_to(NPuzzle(GOAL, 3, 3, GOAL), GOAL)


def instances(tmp_path: Path, count: int = 16, slow: bool = False) -> Path:
    """A JSONL file: 8-puzzles, 3x4 boards (IDA* + linear conflicts) and mazes; ``slow`` makes
    each 8-puzzle a Python breadth-first search of a good part of a second."""
    lines: list[dict[str, Any]] = []
    for seed in range(count):
        spec: dict[str, Any] = {"id": f"8p-{seed}", "start": list(random_board(3, 3, seed))}
        if slow:
            spec.update(algorithm="bfs", engine="python")
        lines.append(spec)
    for seed in range(4):
        board = random_board(3, 4, seed)
        lines.append(
            {"id": f"3x4-{seed}", "start": list(board), "rows": 3, "cols": 3 + 1}
            | {"options": {"algorithm": "idastar", "heuristic": "linear_conflict"}}
        )
    maze = tmp_path / "lesson.maze"
    maze.write_text(LESSON_MAZE)
    lines.append({"id": "maze-file", "domain": "maze", "file": maze.name})
    lines.append({"id": "maze-text", "domain": "maze", "start": "S..#\n.#..\n...G\n"})
    path = tmp_path / "instances.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def read_rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def comparable(row: dict[str, Any]) -> tuple[Any, ...]:
    """What must not depend on where an instance ran."""
    s = row["stats"]
    return (row["status"], row["length"], row["moves"], s["expanded"], s["generated"])


def batch_process(*args: str, own_group: bool = False) -> subprocess.Popen[str]:
    """``statesearch batch``; ``own_group``: in a process group of its own, as a terminal
    starts a command, for ``ctrl_c_to_the_group``."""
    return subprocess.Popen(
        [str(BIN / "statesearch"), "batch", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=own_group,
    )


def wait_for_lines(path: Path, count: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if path.exists() and path.read_text().count("\n") >= count:
            return
        time.sleep(0.05)
    raise AssertionError(f"{path} never reached {count} lines")


@pytest.fixture(scope="module")
def local_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    where = tmp_path_factory.mktemp("local")
    source = instances(where)
    out = where / "local.jsonl"
    assert main(["batch", str(source), "--out", str(out), "--workers", "2"]) == 0
    return source, read_rows(out)


def test_a_local_batch_answers_every_instance_once_and_optimally(
    local_run: tuple[Path, list[dict[str, Any]]], exact: dict[Any, int]
) -> None:
    _, rows = local_run
    assert len(rows) == 22 and len({r["id"] for r in rows}) == 22
    for row in rows:
        assert row["status"] == "solved" and row["worker"] and row["wall_s"] >= 0
        if row["id"].startswith("8p-"):
            assert row["length"] == exact[tuple(int(t) for t in row["start"].split())]
    assert {r["algorithm"] for r in rows if r["id"].startswith("3x4")} == {"idastar"}
    mazes = {r["id"]: r for r in rows if r["id"].startswith("maze")}
    assert mazes["maze-text"]["length"] == 5
    lesson = Maze.parse(LESSON_MAZE)
    assert mazes["maze-file"]["path"][0] == list(lesson.initial)
    assert mazes["maze-file"]["cost"] == solve(lesson, "ucs").cost  # uniform-cost: cheapest


class Cluster:
    """A Dask scheduler and workers on 127.0.0.1, as subprocesses."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.file = directory / "scheduler.json"
        self.processes: list[subprocess.Popen[bytes]] = []
        self.start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard")
        self.address = self.wait(lambda: json.loads(self.file.read_text())["address"])
        self.workers = [self.worker() for _ in range(2)]

    def start(self, kind: str, *args: str) -> subprocess.Popen[bytes]:
        log = open(self.directory / f"{kind}-{len(self.processes)}.log", "wb")  # noqa: SIM115
        command = [str(BIN / "dask"), kind, "--scheduler-file", str(self.file), *args]
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        self.processes.append(process)
        return process

    def worker(self) -> subprocess.Popen[bytes]:
        before = self.count()
        process = self.start(
            "worker", "--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1",
            "--resources", "search=1", "--local-directory", str(self.directory),
        )  # fmt: skip
        self.wait(lambda: self.count() > before or None)
        return process

    def count(self) -> int:
        from statesearch.batch.dask_pool import dask

        with dask().Client(self.address, timeout=10) as client:
            return len(client.scheduler_info()["workers"])

    def wait(self, probe: Any) -> Any:
        deadline = time.monotonic() + STARTUP
        while time.monotonic() < deadline:
            try:
                if (value := probe()) is not None:
                    return value
            except (OSError, ValueError, KeyError):
                pass
            time.sleep(0.2)
        raise AssertionError("the Dask cluster did not come up")

    def close(self) -> None:
        for process in reversed(self.processes):
            process.kill()
            process.wait(10)


@pytest.fixture(scope="session")
def dask_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    cluster = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        yield cluster
    finally:
        cluster.close()


def test_a_dask_batch_gives_the_local_answers(
    local_run: tuple[Path, list[dict[str, Any]]], dask_cluster: Cluster, tmp_path: Path
) -> None:
    source, local = local_run
    out = tmp_path / "dask.jsonl"
    assert main(["batch", str(source), "--out", str(out), "--scheduler", dask_cluster.address]) == 0
    remote = {r["id"]: r for r in read_rows(out)}
    assert {r["id"]: comparable(r) for r in local} == {k: comparable(r) for k, r in remote.items()}
    assert all(r["worker"].startswith("tcp://127.0.0.1:") for r in remote.values())


def test_a_dask_worker_stops_preparing_at_the_prepare_limit(
    dask_cluster: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """On a cluster the workers build the tables in their warm-up, within the same bound."""
    out = tmp_path / "out.jsonl"
    source = unbuilt_tables(tmp_path)
    cluster = ["--scheduler", dask_cluster.address, "--prepare-limit", "1"]
    code = main(["batch", str(source), "--out", str(out), *cluster])
    said = " ".join(capsys.readouterr().out.split())
    assert code == 4 and "a worker was still loading what npuzzle instances need" in said
    assert not out.read_text()


def test_a_killed_worker_loses_nothing_and_duplicates_nothing(
    dask_cluster: Cluster, tmp_path: Path
) -> None:
    victim = dask_cluster.worker()  # a third worker, so two remain
    source = instances(tmp_path, count=10, slow=True)
    out = tmp_path / "killed.jsonl"
    process = batch_process(str(source), "--out", str(out), "--scheduler", dask_cluster.address)
    try:
        wait_for_lines(out, 3, process)
        victim.kill()
        _, err = process.communicate(timeout=120)
    finally:
        process.kill()
    assert process.returncode == 0, err
    rows = read_rows(out)
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)) == 16
    assert all(r["status"] == "solved" for r in rows)


def test_an_interrupted_batch_resumes_without_losing_or_repeating(
    tmp_path: Path, exact: dict[Any, int]
) -> None:
    source = instances(tmp_path, count=16, slow=True)  # seconds of work: Ctrl-C comes first
    out = tmp_path / "resumed.jsonl"
    first = batch_process(str(source), "--out", str(out), "--workers", "2")
    try:
        wait_for_lines(out, 2, first)
        first.send_signal(signal.SIGINT)
        _, err = first.communicate(timeout=60)
    finally:
        first.kill()
    assert first.returncode == 130, err
    assert "--resume continues" in err
    kept = out.read_text()
    assert 2 <= kept.count("\n") < 22
    with open(out, "a") as torn:  # as if killed in the middle of a write
        torn.write('{"id": "8p-7", "status": "sol')
    assert main(["batch", str(source), "--out", str(out), "--workers", "2", "--resume"]) == 0
    text = out.read_text()
    assert text.startswith(kept)
    rows = read_rows(out)
    assert sorted(r["id"] for r in rows) == sorted({r["id"] for r in rows})
    assert len(rows) == 22
    for row in rows:
        if row["id"].startswith("8p-"):
            assert row["length"] == exact[tuple(int(t) for t in row["start"].split())]


def test_a_batch_of_cubes_is_solved_as_solve_cube_solves_them(tmp_path: Path) -> None:
    """Cubes of both sizes and metrics in a batch: optimal lengths (the same as ``solve``),
    solutions that replay on the cube, and a twisted corner proved unsolvable."""
    from statesearch.cube import Cube

    twisted = "UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
    lines: list[dict[str, Any]] = [
        {"id": "three", "domain": "cube", "start": "R U F2 L'", "heuristic": "orientation"},
        {"id": "quarter", "domain": "cube", "start": "R U2", "metric": "qtm",
         "heuristic": "orientation", "optimal": 3},
        {"id": "pocket", "domain": "cube", "start": "R U F R2 U2 F2 R U", "size": 2},
        {"id": "twisted", "domain": "cube", "start": twisted, "heuristic": "orientation"},
    ]  # fmt: skip
    source, out = tmp_path / "cubes.jsonl", tmp_path / "out.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert main(["batch", str(source), "--out", str(out), "--workers", "1"]) == 0
    rows = {r["id"]: r for r in read_rows(out)}
    assert rows["twisted"]["status"] == "unsolvable" and rows["twisted"]["proof"] == "precheck"
    assert rows["quarter"]["correct"] is True and rows["quarter"]["metric"] == "qtm"
    for line in lines[:3]:
        row = rows[line["id"]]
        cube = Cube.from_text(line["start"], line.get("size"), line.get("metric", "htm"))
        alone = solve(cube, "idastar", line.get("heuristic"))
        assert row["status"] == "solved" and row["length"] == alone.length
        assert row["size"] == cube.size and row["facelets"] == cube.facelets(cube.initial)
        assert cube.is_goal(cube.apply(cube.initial, row["solution"]))


def test_preparing_stops_at_the_prepare_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Tables built before the first instance are bounded too: one line, exit 4, no result."""
    out = tmp_path / "out.jsonl"
    started = time.monotonic()
    code = main(["batch", str(unbuilt_tables(tmp_path)), "--out", str(out), "--prepare-limit", "1"])
    assert code == 4 and time.monotonic() - started < 10
    said = " ".join(capsys.readouterr().out.split())
    assert "limit reached (time): --prepare-limit of 1 s; no instance was started" in said
    assert not out.exists() or not out.read_text()


def test_each_goals_tables_are_built_before_the_first_instance(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two kinds that differ only by the goal their tables are built for: both are built in
    the command's process, with the bar, not by each worker inside its first instance's
    time; a board of another shape is a kind of its own (a compiled kernel each)."""
    from statesearch.batch.inputs import read_input
    from statesearch.cli.batch import build_tables, kinds

    lines = [
        {"id": 1, "start": "4 0 2 1 3 8 7 6 5", "goal": "4 3 2 1 0 8 7 6 5", "heuristic": "pdb"},
        {"id": 2, "start": "4 3 2 1 8 0 7 6 5", "goal": "4 3 2 1 0 8 7 6 5", "heuristic": "pdb"},
        {"id": 3, "start": "5 0 7 8 6 1 2 3 4", "goal": "5 6 7 8 0 1 2 3 4", "heuristic": "pdb"},
        {"id": 4, "start": "1 2 3 4/5 6 0 7", "heuristic": "pdb"},
    ]  # goals no other test uses: the cache is the session's
    source = tmp_path / "goals.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    each = kinds(read_input(source, {}))
    assert [spec["id"] for spec in each] == [1, 3, 4]
    build_tables(each[:2], Meter(Limits()))
    assert capsys.readouterr().err.count("of the 3x3 puzzle: missing; building") == 2


def test_a_known_optimal_length_that_is_missed_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Korf-style file: ``id [optimal] tiles``, Korf's goal; exit 1 when an answer misses
    its known length, said with the goal (a length known for another goal looks wrong)."""
    goal = (0, *range(1, 9))
    board, other = (random_board(3, 3, seed, goal=goal) for seed in (1, 2))
    length = distances_to(NPuzzle(goal, 3, 3, goal), goal)[board]
    tiles = " ".join(map(str, board))
    source, out = tmp_path / "korf.txt", tmp_path / "korf.jsonl"
    source.write_text(
        f"# id optimal tiles\n1 {length} {tiles}\n2 {length + 2} {tiles}\n"
        f"3 {' '.join(map(str, other))}\n"
    )
    assert main(["batch", str(source), "--out", str(out), "--workers", "1"]) == 1
    assert {r["id"]: r.get("correct") for r in read_rows(out)} == {1: True, 2: False, 3: None}
    said = " ".join(capsys.readouterr().out.split())
    assert f"wrong: 2: expected {length + 2}, got {length} (to the goal 0 1 2 3 4 5 6 7 8)" in said


@pytest.mark.parametrize(
    ("content", "extra", "message"),
    [
        (None, [], "cannot read"),
        ('{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n{"id": 2, "start": \n', [], "line 2: not JSON"),
        ('{"id": 1, "start": "1 2 3 4 5 6 7 8 0", "colour": 3}\n', [], "unknown option 'colour'"),
        ('{"id": 1, "domain": "chess", "start": "e4"}\n', [], "unknown domain 'chess'"),
        ('{"id": 1, "domain": "cube", "start": ["R"]}\n', [], "a scramble or a facelet"),
        ('{"id": 1, "domain": "cube", "start": "R", "goal": "U"}\n', [], "solved cube"),
        ('{"id": 1, "domain": "cube", "start": "R Q"}\n', [], "cannot read move 'Q'"),
        ('{"id": 1, "start": "1 2 3 4 5 6 7 8 0", "max_depth": "deep"}\n', [], "max_depth must"),
        ('{"id": 1, "start": "1 2 3 4 5 6 7 8 8"}\n', [], "line 1"),
        ("1 2 3 4 x 6 7 8 0\n", [], "a Korf-style line is"),
        ('{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n', ["-a", "fastest"], "unknown algorithm"),
        ('{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n', ["-H", "magic"], "unknown heuristic"),
        ('{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n', ["--plot", "x.pdf"], ".png or .svg"),
        ('{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n', ["--frobnicate"], "No such option"),
        ('{"id": 1, "start": "1 2 3"}\n{"id": 1, "start": "1 2 3"}\n', [], "line 1"),
        (
            '{"id": null, "start": "1 2 3 4 5 6 7 8 0"}\n',
            [],
            "line 1: id must be a whole number or text",
        ),
        (
            '{"start": "1 2 3 4 5 6 7 8 0", "options": {"id": null}}\n',
            [],
            "id must be a whole number",
        ),
        (
            '{"id": [1], "start": "1 2 3 4 5 6 7 8 0"}\n',
            [],
            "line 1: id must be a whole number or text",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, extra: list[str],
    message: str,
) -> None:  # fmt: skip
    source = tmp_path / "in.jsonl"
    if content is not None:
        source.write_text(content)
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(source), "--out", str(out), *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert not out.exists() or not out.read_text()


def test_existing_results_are_never_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text('{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n')
    out.write_text('{"id": 7}\n')
    assert main(["batch", str(source), "--out", str(out)]) == 2
    assert "--resume continues it" in capsys.readouterr().err
    assert out.read_text() == '{"id": 7}\n'


# The line a run writes for ``{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}`` (its fingerprint).
RESULT = (
    '{"id":1,"instance":"ccc72411428b8191","status":"solved","length":0,"cost":0,'
    '"stats":{"expanded":1,"pushed":0,"generated":0},"worker":"w","cpu_s":1,"wall_s":1}'
)


@pytest.mark.parametrize(
    "text",
    [
        "notes\nlast",  # a file given by mistake: its last line is no torn result line
        '{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n',  # the input itself
        '{"id": 1, "status": "solved"}\n',  # a line the summary could not add up
        '{"id": 1, "status": "solved", "stats": {}, "cpu_s": 1, "wall_s": 1}\n',
        '{"id": 1, "status": "solved", "stats": {"expanded": 1, "pushed": 1, "generated": 1}, '
        '"cpu_s": 1, "wall_s": 1}\n',  # no worker wrote it
        RESULT + '\n{"i',
    ],
)
def test_resume_refuses_a_file_that_is_not_results_and_leaves_it_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    source, out = tmp_path / "in.jsonl", tmp_path / "out.txt"
    source.write_text('{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n')
    out.write_text(text)
    code = main(["batch", str(source), "--out", str(out), "--resume"])
    err = capsys.readouterr().err
    if text.endswith('{"i'):  # the start of one of ours: torn, dropped, and the run goes on
        assert code == 0 and "dropping a torn last line" in " ".join(err.split())
        assert out.read_text().startswith(text[:-3]) and '{"i\n' not in out.read_text()
        return
    assert code == 2 and "not a results file?" in err and err.count("\n") == 1
    assert out.read_text() == text


def test_plots_have_a_panel_for_each_kind_of_data(
    local_run: tuple[Path, list[dict[str, Any]]], tmp_path: Path
) -> None:
    _, rows = local_run
    png, svg = tmp_path / "r.png", tmp_path / "r.svg"
    plot_results(rows, png, "test")
    plot_results(rows, svg, "test")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = svg.read_text()
    for title in ("nodes generated by optimal length", "distribution of solve times"):
        assert title in text
    # A* and IDA* rows, on n-puzzles and mazes: never one box for both problems
    assert "nodes generated by problem and algorithm" in text
    assert "npuzzle 3x3: astar + manhattan" in text and "maze: astar + manhattan" in text
    assert "npuzzle 3x4: idastar + linear_conflict" in text
    assert os.path.getsize(png) > 10_000


def resume(source: Path, out: Path) -> int:
    return main(["batch", str(source), "--out", str(out), "--workers", "1", "--resume"])


def test_lines_without_an_id_keep_theirs_when_lines_are_added(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An id-less line is named by its content: a comment and a board added above it later
    shift no id, so --resume skips exactly the boards done and solves the new one once."""
    boards = ["1 2 3 4 5 6 0 7 8", "1 2 3 4 0 6 7 5 8", "1 2 3 0 4 6 7 5 8"]
    source, out = tmp_path / "noid.jsonl", tmp_path / "noid.out"
    source.write_text("".join(json.dumps({"start": b}) + "\n" for b in boards[1:]))
    assert main(["batch", str(source), "--out", str(out), "--workers", "1"]) == 0
    source.write_text("# boards\n" + "".join(json.dumps({"start": b}) + "\n" for b in boards))
    assert resume(source, out) == 0
    assert "2 of 3 instances already" in capsys.readouterr().err
    rows = read_rows(out)
    assert sorted(r["start"] for r in rows) == sorted(boards)
    assert len({r["id"] for r in rows}) == 3


def test_resume_refuses_a_result_for_another_instance_under_the_same_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text('{"id": "a", "start": "1 2 3 4 5 6 0 7 8"}\n')
    assert main(["batch", str(source), "--out", str(out), "--workers", "1"]) == 0
    kept = out.read_text()
    source.write_text('{"id": "a", "start": "1 2 3 4 0 6 7 5 8"}\n')  # edited under its id
    capsys.readouterr()
    assert resume(source, out) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a result for the id 'a' of another instance" in err
    assert out.read_text() == kept
    # More time is the same instance searched again within a larger budget: its row stands.
    source.write_text('{"id": "a", "start": "1 2 3 4 5 6 0 7 8", "time_limit": 99}\n')
    assert resume(source, out) == 0 and out.read_text() == kept


def test_resume_skips_blank_lines_and_redoes_damaged_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(
        '{"id": 1, "start": "1 2 3 4 5 6 0 7 8"}\n{"id": 2, "start": "1 2 3 0 4 6 7 5 8"}\n'
    )
    assert main(["batch", str(source), "--out", str(out), "--workers", "1"]) == 0
    first, second = out.read_text().splitlines()
    damaged = json.loads(second) | {"length": None}
    out.write_text(first + "\n\n" + json.dumps(damaged, separators=(",", ":")) + "\n")
    capsys.readouterr()
    assert resume(source, out) == 0
    said = capsys.readouterr()
    assert "dropping 1 damaged or repeated lines" in " ".join(said.err.split())
    assert "1 finished here" in said.out and "2 results in" in " ".join(said.out.split())
    rows = read_rows(out)
    assert [r["id"] for r in rows] == [1, 2] and rows[1]["length"] == 3


def test_a_costed_problem_is_checked_by_cost_and_a_non_optimal_search_may_cost_more(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The terrain maze: fewest steps across the water, cheapest round by the sand."""
    text = (Path(__file__).parent.parent / "examples" / "terrain-maze.txt").read_text()
    cheapest = solve(Maze.parse(text), "ucs")
    assert cheapest.length is not None and cheapest.cost is not None
    assert cheapest.cost > cheapest.length  # else this test shows nothing
    lines = [
        {"id": "bfs", "algorithm": "bfs", "optimal": cheapest.cost},  # fewer steps, dearer
        {"id": "ucs", "algorithm": "ucs", "optimal": cheapest.cost},
        {"id": "by-length", "algorithm": "ucs", "optimal": cheapest.length},
    ]
    source, out = tmp_path / "terrain.jsonl", tmp_path / "out.jsonl"
    source.write_text(
        "".join(json.dumps(line | {"domain": "maze", "start": text}) + "\n" for line in lines)
    )
    assert main(["batch", str(source), "--out", str(out), "--workers", "1"]) == 1
    verdicts = {r["id"]: r["correct"] for r in read_rows(out)}
    assert verdicts == {"bfs": True, "ucs": True, "by-length": False}
    said = " ".join(capsys.readouterr().out.split())
    got = f"got cost {cheapest.cost:g} ({cheapest.length} moves)"
    assert f"wrong: by-length: expected {cheapest.length}, {got}" in said


def test_the_summary_counts_failed_instances_as_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "breaks.py").write_text(
        "class Breaks:\n"
        "    initial = 0\n"
        "    def is_goal(self, state):\n"
        "        return state == 3\n"
        "    def successors(self, state):\n"
        "        if state:\n"
        "            raise RuntimeError('broken')\n"
        "        return [('up', 1, 1)]\n"
    )
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    own = {"domain": "problem", "problem": "breaks.py:Breaks"}
    lines = [own | {"id": 1}, own | {"id": 2}, {"id": 3, "start": "1 2 3 4 5 6 0 7 8"}]
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert main(["batch", str(source), "--out", str(out), "--workers", "1"]) == 1
    said = " ".join(capsys.readouterr().out.split())
    assert "3 finished here, 2 of them failed" in said and "1 results in" in said


class StoppedPool:
    """A pool that hands back one result, then sees Ctrl-C."""

    size, memory_share = 1, 0.5

    def __init__(self, row: dict[str, Any]) -> None:
        self.row, self.calls = row, 0
        self.keys: list[Any] = []

    def submit(self, key: Any, fn: Any, *args: Any) -> None:
        self.keys.append(key)

    def done(self, timeout: float) -> list[Any]:
        from statesearch.batch.pool import Done

        self.calls += 1
        if self.calls > 1:
            raise KeyboardInterrupt
        return [Done(self.keys[0], self.row)]

    def cancel(self, keys: Any) -> None:
        pass

    def warm(self, fn: Any, *args: Any) -> list[Any]:
        return []

    def close(self) -> None:
        pass

    def flag(self) -> Any:
        from types import SimpleNamespace

        return SimpleNamespace(remote=None, set=lambda: None)


def test_an_interrupted_resume_counts_every_result_in_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from statesearch.batch.inputs import read_input
    from statesearch.batch.results import ResultsFile
    from statesearch.cli.batch import run_with_progress

    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(
        '{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n{"id": 2, "start": "1 2 3 4 5 6 0 7 8"}\n'
        '{"id": 3, "start": "1 2 3 4 0 6 7 5 8"}\n'
    )
    out.write_text(RESULT + "\n")
    specs = read_input(source, {"algorithm": "auto", "max_memory": "auto"})
    results = ResultsFile(out, True, specs)
    assert list(results.done) == [1]
    row = json.loads(RESULT) | {"id": 2}
    tally, stopped = run_with_progress(specs[1:], StoppedPool(row), results, "in")
    results.close()
    assert stopped == "interrupted" and len(tally.rows) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert unwrapped(f"1 new results kept (2 in {out}), 1 instances not done") in unwrapped(err)
    assert len(read_rows(out)) == 2


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines())
        except (OSError, ValueError):
            continue  # gone meanwhile
        if int(fields.get("PPid", "0")) == pid:
            found.add(int(status.parent.name))
    return found


def test_a_terminated_batch_stops_its_workers_and_keeps_its_results(tmp_path: Path) -> None:
    """SIGTERM (timeout, a cluster's scheduler, systemctl stop) used to end the batch at once
    and leave its workers running for ever; it is taken as Ctrl-C: workers stopped, results
    kept, --resume named."""
    source = instances(tmp_path, count=16, slow=True)
    out = tmp_path / "terminated.jsonl"
    process = batch_process(str(source), "--out", str(out), "--workers", "2")
    try:
        wait_for_lines(out, 2, process)
        workers = children_of(process.pid)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert "interrupted" in err and "--resume continues" in err and "Traceback" not in err
    assert workers
    deadline = time.monotonic() + 10
    while workers and time.monotonic() < deadline:
        workers = {pid for pid in workers if Path(f"/proc/{pid}").exists()}
        time.sleep(0.2)
    assert not workers  # none left running on its own


def test_a_batch_never_writes_its_results_over_its_input(tmp_path: Path) -> None:
    source = instances(tmp_path, count=2)
    before = source.read_text()
    assert main(["batch", str(source), "--out", str(source)]) == 2
    assert source.read_text() == before


def test_a_batch_logged_to_a_file_says_how_far_it_is(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With no terminal (a cluster's job log) the bar draws nothing: a line now and then
    does, even while no instance finishes (the runner calls back after every wait)."""
    from statesearch.batch import display
    from statesearch.batch.runner import Tally

    monkeypatch.setattr(display, "LOG_EVERY", 0.0)
    tally = Tally(5)
    with display.batch_progress(tally, "hard.jsonl", already=2) as update:
        update(tally)
    said = capsys.readouterr().err
    assert "hard.jsonl: 2/7 done, solved 0  unsolvable 0  limit 0," in said


# Seconds after a process's first child (its first worker, or the resource tracker started just
# before it): while its workers start, which takes them a tenth of a second or two.
WHILE_WORKERS_START = (0.0, 0.02, 0.05, 0.1, 0.15, 0.3)


def ctrl_c_to_the_group(process: subprocess.Popen[str], delay: float) -> tuple[str, str]:
    """A terminal's Ctrl-C: SIGINT to ``process``'s whole group (``own_group``), ``delay``
    seconds after its first child appeared. Its stdout and stderr; whatever of the group is
    left afterwards is killed."""
    try:
        deadline = time.monotonic() + STARTUP
        while not children_of(process.pid) and time.monotonic() < deadline:
            time.sleep(0.005)
        assert children_of(process.pid), "no worker started"
        time.sleep(delay)
        os.killpg(process.pid, signal.SIGINT)
        return process.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def test_ctrl_c_while_a_batch_starts_says_so_and_keeps_the_file(tmp_path: Path) -> None:
    """Interrupted while its workers started (in the first second), a batch exited 130 with
    nothing said. It says no instance finished and keeps --out as a later interrupt does. A
    worker cut off in its own start printed a traceback: an EOFError, or a KeyboardInterrupt
    from its imports, the terminal's Ctrl-C reaching the whole process group."""
    source = tmp_path / "hard.jsonl"  # a Python BFS of all 181,440 boards: seconds each
    hard = {"start": "8 6 7 2 5 4 3 0 1", "algorithm": "bfs", "engine": "python"}
    source.write_text("".join(json.dumps({"id": i} | hard) + "\n" for i in range(4)))
    for delay in WHILE_WORKERS_START:
        out = tmp_path / f"started-{delay}.jsonl"
        process = batch_process(str(source), "--out", str(out), "--workers", "2", own_group=True)
        printed, err = ctrl_c_to_the_group(process, delay)
        said, summary = " ".join(err.split()), " ".join(printed.split())
        # A long path may wrap anywhere on a narrow terminal: look for it with no white space.
        path_said, path_printed = "".join(err.split()), "".join(printed.split())
        assert process.returncode == 130 and "Traceback" not in err, (delay, err)
        assert "interrupted before any instance finished: 0 new results kept (0 in" in said
        assert str(out) in path_said and "4 instances not done; --resume continues" in said, err
        assert "0 finished here" in summary and f"0resultsin{out}" in path_printed, printed
        assert out.read_text() == ""


# A pool's parent that lives on through Ctrl-C, to see whether its workers do: how many answer.
# It waits for the Ctrl-C before it exits (Python's own handler is back while it does).
WORKERS_ANSWER = """
import signal, time
from statesearch.batch.local_pool import LocalPool
heard = []
signal.signal(signal.SIGINT, lambda *_: heard.append(True))
pool = LocalPool(2)
answered = len(pool.warm(abs, -1))
pool.close()
deadline = time.monotonic() + 30
while not heard and time.monotonic() < deadline:
    time.sleep(0.01)
print(answered, heard)
"""


def test_a_worker_is_deaf_to_ctrl_c_from_its_start() -> None:
    """Ctrl-C is the parent's to handle (it stops its workers). One that reached a worker still
    starting (a terminal's reaches the whole process group) killed it, or printed a
    KeyboardInterrupt traceback from its imports; the parent lost it."""
    for delay in WHILE_WORKERS_START:
        process = subprocess.Popen(
            [sys.executable, "-c", WORKERS_ANSWER],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        printed, err = ctrl_c_to_the_group(process, delay)
        assert (process.returncode, printed, err) == (0, "2 [True]\n", ""), delay


@pytest.mark.parametrize("where", ["read_input", "build_tables", "open_pool"])
def test_ctrl_c_in_each_step_before_the_first_instance(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Reading the input, building the tables, starting the workers: a Ctrl-C in any of them
    is said, and a resumed file's results are kept and summed up, as after a later one."""
    from statesearch.cli import batch

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(batch, where, interrupted)
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text('{"id": 1, "start": "1 2 3 4 5 6 7 8 0"}\n{"id": 2, "start": "1 2 3 0"}\n')
    out.write_text(RESULT + "\n")
    assert main(["batch", str(source), "--out", str(out), "--resume"]) == 130
    printed = capsys.readouterr()
    said = " ".join(printed.err.split())
    assert out.read_text() == RESULT + "\n"
    if where == "read_input":
        assert said == (
            "interrupted before any instance finished (reading the input): nothing written"
        )
        return
    kept = f"interrupted before any instance finished: 0 new results kept (1 in {out})"
    assert unwrapped(kept) in unwrapped(said)
    assert "1 instances not done; --resume continues" in said
    summary = " ".join(printed.out.split())
    assert "0 finished here" in summary and unwrapped(f"1 results in {out}") in unwrapped(summary)


def test_a_bench_interrupted_mid_instance_shows_it_with_its_counters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``bench korf24`` stopped by Ctrl-C in its one instance reported "0/0 solved" and dropped
    the millions of nodes searched; the instance is shown, stopped (limit reached, cancelled),
    with its counters in its row, the totals and --out."""
    from contextlib import contextmanager

    from statesearch.cli import batch

    @contextmanager
    def ctrl_c_after_a_second(tally: Any, label: str, already: int = 0) -> Iterator[Any]:
        started = time.monotonic()

        def update(now: Any) -> None:  # called every quarter second while the search runs
            if time.monotonic() - started > 1.0:
                raise KeyboardInterrupt

        yield update

    monkeypatch.setattr(batch, "batch_progress", ctrl_c_after_a_second)
    out = tmp_path / "bench.json"
    code = main(["bench", "korf24", "-H", "manhattan", "--ids", "1", "--out", str(out)])
    printed = capsys.readouterr()
    assert code == 130
    [row] = json.loads(out.read_text())["rows"]
    assert (row["id"], row["status"], row["limit"], row["found"]) == (
        1,
        "limit_reached",
        "cancelled",
        None,
    )
    assert row["expanded"] > 100_000 and row["generated"] > row["expanded"]
    table = " ".join(printed.out.split())
    assert f"limit (cancelled) │ {row['expanded']:,} │ {row['generated']:,}" in table
    assert f"total │ 95 │ 0 │ {row['expanded']:,} │ {row['generated']:,}" in table
    assert "0/1 solved, 0 wrong, 1 limit reached (1 cancelled)" in table
    assert printed.err == "interrupted before any instance finished: 1 not done\n"


def test_warming_a_pool_with_a_dead_worker_is_no_internal_error() -> None:
    """A worker killed before the warm-up (out of memory, say) used to make ``warm`` raise
    BrokenPipeError, which ended the batch as an internal error; the living ones still warm."""
    pool = LocalPool(2)
    try:
        dead = pool.workers[0].process
        dead.kill()
        dead.join(10)
        assert pool.warm(abs, -3) == [3]
    finally:
        pool.close()
