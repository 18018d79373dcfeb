"""Moving AI maps and scenarios: the parser on odd inputs, ``solve maze FILE.map`` and
``bench movingai`` against the example scenarios (their lengths by an independent Dijkstra)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from statesearch import InputError, read_results, solve
from statesearch.cli import main
from statesearch.maze.movingai import load_map, read_map, read_scenarios

EXAMPLES = Path(__file__).parent.parent / "examples" / "movingai"
MAP = "type octile\nheight 3\nwidth 4\nmap\n..@.\n.T..\n....\n"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_map_is_read_with_crlf_as_with_lf() -> None:
    assert read_map(MAP) == ["..#.", ".#..", "...."]
    assert read_map(MAP.replace("\n", "\r\n")) == read_map(MAP)
    assert read_map(MAP + "\n\n") == read_map(MAP)  # blank lines at the end


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (MAP + "trailing\n", "text after the map's 3 rows, at line 8: 'trailing'"),
        (MAP.replace("type octile", "type tile"), "of type 'tile'"),
        (MAP.replace("type octile", "kind octile"), "line 1 is 'kind octile', not 'type ...'"),
        (MAP.replace("map\n", "mapp\n"), "line 4 is 'mapp', not 'map'"),
        (MAP.replace("width 4", "width 5"), "row 0 of the map (line 5) is 4 cells wide"),
        (MAP.replace(".T..", ".T.."[:3]), "row 1 of the map (line 6) is 3 cells wide"),
        (MAP.replace("height 3", "height 4"), "the map has 3 rows, its header says height 4"),
        (MAP.replace("height 3", "height x"), "cannot read the map's height 'x'"),
        (MAP.replace(".T..", ".X.."), "unknown map character 'X' at line 6, column 2"),
        ("", "not a Moving AI map: line 1"),
    ],
)
def test_odd_maps_are_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")) as err:
        read_map(text)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("version 2\n", "not a Moving AI scenario file"),
        ("version 1\n0\tm.map\t4\t3\t0\t0\t3\n", "cannot read scenario line 2"),
        ("version 1\n\n", "lists no scenarios"),
    ],
)
def test_odd_scenarios_are_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_scenarios(text)


def test_a_start_or_goal_on_a_wall_or_outside_is_refused() -> None:
    with pytest.raises(InputError, match="the start 2,0 is a wall"):
        load_map(MAP, (0, 2), (2, 3))
    with pytest.raises(InputError, match="the goal 9,9 is outside the 4x3 map"):
        load_map(MAP, (0, 0), (9, 9))


def test_solve_maze_reads_a_map_by_its_header(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = tmp_path / "small.map"
    file.write_bytes(MAP.replace("\n", "\r\n").encode())
    code, out, _ = run(
        capsys, "solve", "maze", str(file), "--start", "0,0", "--goal", "3,2", "--json"
    )
    answer = json.loads(out)
    assert code == 0 and answer["connectivity"] == 8 and answer["corners"] == "avoid"
    assert answer["start"] == [0, 0] and answer["goal"] == [2, 3]
    assert answer["cost"] == 5  # no diagonal passes the tree's corner
    args = ["--start", "0,0", "--goal", "3,2", "--corners", "cut", "--json"]
    code, out, _ = run(capsys, "solve", "maze", str(file), *args)
    assert code == 0 and json.loads(out)["cost"] == pytest.approx(3 + 2**0.5)
    code, _, err = run(capsys, "solve", "maze", str(file), "--start", "2,0", "--goal", "3,2")
    assert code == 2 and err.strip() == "error: the start 2,0 is a wall"
    file.write_text(MAP + "oops\n")
    code, _, err = run(capsys, "solve", "maze", str(file), "--start", "0,0", "--goal", "3,2")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "text after the map" in err


@pytest.mark.parametrize("name", ["random-32", "rooms-40", "maze-33"])
def test_the_example_scenarios_are_solved_at_their_lengths(name: str) -> None:
    text = (EXAMPLES / f"{name}.map").read_text()
    for s in read_scenarios((EXAMPLES / f"{name}.map.scen").read_text())[:15]:
        maze = load_map(text, (s.start[1], s.start[0]), (s.goal[1], s.goal[0]))
        for algorithm in ("astar", "jps"):
            assert solve(maze, algorithm).cost == pytest.approx(s.optimal, abs=1e-4)


def test_bench_movingai_checks_every_length(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scen, out = EXAMPLES / "maze-33.map.scen", tmp_path / "rows.json"
    args = ["bench", "movingai", str(EXAMPLES / "maze-33.map"), str(scen), "-a", "astar,jps"]
    code, printed, _ = run(capsys, *args, "--buckets", "0-6", "--out", str(out))
    printed = " ".join(printed.split())  # as the table and the summary wrap
    assert code == 0, printed
    rows = json.loads(out.read_text())["rows"]
    assert (
        rows
        and all(r["correct"] for r in rows)
        and {r["algorithm"] for r in rows}
        == {
            "astar",
            "jps",
        }
    )
    assert all(r["bucket"] <= 6 for r in rows)
    assert "0 wrong" in printed and f"{len(rows)} paths checked" in printed
    # How each row was made, and the same rows as CSV (read back by read_results).
    assert all(r["provenance"]["command"][1:3] == ["bench", "movingai"] for r in rows)
    table = tmp_path / "rows.csv"
    code, _, _ = run(capsys, *args, "--buckets", "0-6", "--out", str(table))
    read = read_results(table, as_frame=False)
    assert code == 0 and [(r["id"], r["algorithm"]) for r in read] == [
        (r["id"], r["algorithm"]) for r in rows
    ]
    assert all(r["correct"] is True for r in read)
    assert [r["expanded"] for r in read] == [r["expanded"] for r in rows]
    lines = scen.read_text().splitlines()
    bucket, *middle, optimal = lines[1].split("\t")
    lines[1] = "\t".join([bucket, *middle, str(float(optimal) + 0.01)])  # one wrong length
    wrong = tmp_path / "wrong.scen"
    wrong.write_text("\n".join(lines) + "\n")
    code, printed, _ = run(capsys, "bench", "movingai", str(EXAMPLES / "maze-33.map"), str(wrong))
    printed = " ".join(printed.split())
    assert code == 1 and "1 wrong" in printed and "wrong: line 2" in printed


def test_bench_movingai_refuses_scenarios_of_another_map(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(
        capsys,
        "bench",
        "movingai",
        str(EXAMPLES / "maze-33.map"),
        str(EXAMPLES / "rooms-40.map.scen"),
    )
    assert code == 2 and "is for a 48x40 map; the map is 33x33" in err


def test_bench_movingai_plots_nodes_and_time_by_length(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    scen = tmp_path / "few.scen"
    lines = (EXAMPLES / "random-32.map.scen").read_text().splitlines()
    scen.write_text("\n".join(lines[:13]) + "\n")
    plot = tmp_path / "scenarios.png"
    args = ["bench", "movingai", str(EXAMPLES / "random-32.map"), str(scen), "-a", "astar,jps"]
    code, printed, _ = run(capsys, *args, "--plot", str(plot))
    assert code == 0 and "24/24 lengths right" in " ".join(printed.split())
    data = plot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 20_000  # two drawn panels
    assert not list(tmp_path.glob(".*partial"))


def test_bench_movingai_plot_needs_matplotlib_and_says_so_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # its import blocked
    scen = EXAMPLES / "random-32.map.scen"
    args = ["bench", "movingai", str(EXAMPLES / "random-32.map"), str(scen)]
    code, printed, err = run(capsys, *args, "--plot", str(tmp_path / "p.png"))
    assert code == 2 and "pip install 'statesearch[plots]'" in err
    assert len(err.strip().splitlines()) == 1 and "lengths right" not in printed
    code, _, err = run(capsys, *args, "--plot", str(tmp_path / "p.txt"))
    assert code == 2 and "a plot is a .png or .svg file" in err


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="type octilehgwdmap.@TGSWO0123456789 \r\n\t-x", max_size=80))
def test_any_text_is_a_map_or_one_line_of_refusal(text: str) -> None:
    for reader in (read_map, read_scenarios):
        for given_text in (
            text,
            "type octile\nheight 2\nwidth 2\nmap\n" + text,
            "version 1\n" + text,
        ):
            try:
                reader(given_text)
            except InputError as err:
                assert "\n" not in str(err)
