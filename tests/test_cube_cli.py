"""The cube's commands: output, JSON, exit codes and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from statesearch.cli import main
from statesearch.cli.cube import build_tables
from statesearch.cube import Cube, Cubies, benchmark
from statesearch.cube.tables.coset_cache import is_stored, stored_table


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_a_pocket_cube(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "cube", "R U R' U' F2", "--size", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "solved" and data["optimal"]
    assert data["size"] == 2 and data["heuristic"] == "exact" and data["length"] == 5
    code, out, _ = run(capsys, "solve", "cube", "R U R' U' F2", "--size", "2")
    assert code == 0 and "solved: 5 moves (optimal)" in out and "3,674,160" in out


def test_solve_a_short_scramble_on_the_python_engine(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "cube", "R U", "-a", "astar", "-H", "orientation", "--json")
    data = json.loads(out)
    assert code == 0 and data["length"] == 2 and data["engine"] == "python"
    assert data["solution"] == "U' R'" and len(data["facelets"]) == 54


def test_exit_codes_and_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    solved = Cubies.solved(3)
    twisted = Cube(Cubies(solved.cp, (2, *solved.co[1:]), solved.ep, solved.eo))
    code, out, _ = run(capsys, "solve", "cube", twisted.facelets(twisted.initial))
    assert code == 3 and "unsolvable: a corner is twisted" in out
    code, out, _ = run(
        capsys, "solve", "cube", "R U F D L B R2", "-H", "orientation", "--max-expanded", "3"
    )
    assert code == 4 and "limit reached (expanded)" in out
    for args, message in (
        (("solve", "cube", "R U x"), "cannot read move 'x"),
        (("solve", "cube", "UUUUUUUUUUUUUUUUUUUUUUU"), "23 letters without spaces"),
        (("solve", "cube", "R", "--metric", "ftm"), "unknown metric"),
        (("solve", "cube", "R", "--size", "4"), "size is 2 or 3"),
        (("cube", "bfs", "--size", "3"), "out of reach"),
    ):
        code, _, err = run(capsys, *args)
        assert code == 2 and message in err and err.count("\n") == 1, (args, err)


def test_json_stays_json_while_the_coset_table_loads(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The note "loading the coset table and its bounds ..." came on stdout before the JSON.
    A small table stands in for the 5 GB one, which the suite does not build."""
    from statesearch.cube.tables import coset_cache
    from statesearch.cube.tables.coset_table import build_table

    small = build_table("no-flip", "htm")
    monkeypatch.setattr(coset_cache, "is_stored", lambda variant, metric: True)
    monkeypatch.setattr(coset_cache, "require_table", lambda variant, metric, log=None: small)
    code, out, err = run(capsys, "solve", "cube", "R U F' D2", "-H", "coset", "--json")
    data = json.loads(out)
    assert code == 0 and data["heuristic"] == "coset" and data["length"] == 4
    assert "loading the coset table" in err


def test_random_cubes(capsys: pytest.CaptureFixture[str]) -> None:
    code, first, _ = run(capsys, "cube", "random", "--seed", "4")
    assert code == 0 and "43,252,003,274,489,856,000" in first
    _, again, _ = run(capsys, "cube", "random", "--seed", "4")
    assert again == first
    code, out, _ = run(capsys, "cube", "random", "--seed", "1", "--count", "2", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["seed"] for r in rows] == [1, 2] and all(len(r["facelets"]) == 54 for r in rows)
    assert all(r["provenance"]["command"][1:3] == ["cube", "random"] for r in rows)
    code, out, _ = run(capsys, "cube", "random", "--size", "2", "--moves", "8", "--json")
    row = json.loads(out)
    assert len(row["facelets"]) == 24 and len(row["scramble"].split()) == 8


def test_whole_pocket_cube_bfs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cube", "bfs", "--size", "2", "--metric", "qtm", "--json")
    data = json.loads(out)
    assert code == 0 and data["positions"] == 3_674_160 and data["deepest"] == 14
    made = data["provenance"]  # how the figure was made, as every --json says
    assert made["command"][:3] == ["statesearch", "cube", "bfs"] and made["cpu_s"] > 0
    code, out, _ = run(capsys, "cube", "bfs", "--size", "2")
    assert code == 0 and "1,887,748" in out and "11 moves away (God's number)" in out


def test_building_tables_is_bounded_and_cached(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    with pytest.raises(Exception) as stopped:
        build_tables(tables="coset", variant="no-flip", time_limit=1e-6)
    assert getattr(stopped.value, "exit_code", None) == 4
    assert not is_stored("no-flip", "htm")
    build_tables(tables="coset", variant="layers")
    assert is_stored("layers", "htm") and stored_table("layers", "htm") is not None
    assert "ready" in capsys.readouterr().out


def test_the_cube_benchmark_prepares_within_its_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Korf's tables (about a minute to build) before the first cube stop at --prepare-limit."""
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    code, out, _ = run(
        capsys, "bench", "cube", "--count", "1", "-H", "korf", "--prepare-limit", "1"
    )
    said = " ".join(out.split())
    assert code == 4 and "limit reached (time): --prepare-limit of 1 s" in said
    assert "cube 1" not in said


def test_the_benchmark_table_keeps_its_totals_whole_in_80_columns() -> None:
    """A pipe gets 80 columns: the ten cubes' totals (13 digits of generated nodes) must not be
    cut to an ellipsis, and the length column's total is the mean, not a sum of lengths."""
    row = {"length": 18, "status": "solved", "expanded": 33_912_644, "generated": 452_919_932}
    rows = [{**row, "cube": n, "cpu_s": 51.1, "wall_s": 51.2, "replayed": True} for n in range(10)]
    rows[0] |= {"status": "limit", "length": None, "replayed": False}
    console = Console(width=80, record=True)
    console.print(benchmark.table(rows))
    text = console.export_text()
    assert "4,529,199,320" in text and "339,126,440" in text and "…" not in text
    assert "mean 18.00" in text and "9/10" in text and "limit" in text


def test_turns_are_spaced_even_when_each_is_one_letter(capsys: pytest.CaptureFixture[str]) -> None:
    """The grid's UDLR run together; a cube's U R, or a quarter-turn search's R R F F, do not."""
    code, out, _ = run(capsys, "solve", "cube", "R' U'", "-a", "bidirectional")
    assert code == 0 and "moves: U R" in out
    code, out, _ = run(capsys, "solve", "cube", "F2 R2", "--metric", "qtm", "-a", "bidirectional",
                       "--json")  # fmt: skip
    assert code == 0 and json.loads(out)["moves"] == "R R F F"


@pytest.mark.parametrize("size", ["2", "3"])
def test_a_quarter_turn_solution_is_written_with_half_turns(
    capsys: pytest.CaptureFixture[str], size: str
) -> None:
    """It was written R R F F (each searched turn is a quarter turn): a cuber writes R2 F2, and
    the length still counts quarter turns. JSON keeps the searched turns in moves and actions
    (one per position of the path), and writes the solution as a cuber does."""
    args = ("solve", "cube", "R U2 F", "--size", size, "--metric", "qtm", "-a", "bidirectional")
    code, out, _ = run(capsys, *args)
    said = " ".join(out.split())
    assert code == 0 and "solved: 4 moves (optimal) moves: F' U2 R' " in said
    assert "a half turn, written U2, counts 2 moves (two quarter turns)" in said
    code, out, _ = run(capsys, *args, "--json")
    data = json.loads(out)
    assert (data["length"], data["cost"], data["solution"]) == (4, 4, "F' U2 R'")
    assert data["actions"] == ["F'", "U", "U", "R'"] and data["moves"] == "F' U U R'"
    assert "counts 2 moves" in data["note"]
    code, out, _ = run(capsys, "solve", "cube", "R U2 F", "--size", size, "-a", "bidirectional")
    assert code == 0 and "solved: 3 moves" in out and "counts 2 moves" not in out


def test_an_unsolvable_cube_is_not_called_one_of_the_reachable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    twisted = "UUUFURRRFRFFDDDDLLLLBBBB"  # the URF corner twisted in place
    code, out, _ = run(capsys, "solve", "cube", twisted)
    assert code == 3 and "2x2x2, htm: not one of 3,674,160 reachable positions" in out
    code, out, _ = run(capsys, "cube", "bfs", "--start", twisted)
    said = " ".join(out.split())
    assert code == 0 and "(reachable from it; it is not one of the solved cube's 3,674,160)" in said
    assert "God's number" not in said


def test_a_time_limit_while_korfs_tables_are_built_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))  # no table built yet
    code, out, _ = run(capsys, "solve", "cube", "R U", "-H", "korf", "--time-limit", "2")
    said = " ".join(out.split())
    assert code == 4 and said.startswith("limit reached (time): before the search began:")
    assert "while preparing Korf's tables (built once, in about a minute: statesearch cube " in said
    code, out, _ = run(capsys, "solve", "cube", "R U", "-H", "korf", "--metric", "qtm",
                       "--time-limit", "2")  # fmt: skip
    assert code == 4 and "--tables korf --metric qtm)" in " ".join(out.split())


def test_a_pocket_cubes_facelets_need_no_size(capsys: pytest.CaptureFixture[str]) -> None:
    """24 letters are a 2x2x2's, as the argument's help says ('a cube string has 54 facelets,
    got 24' while --size defaulted to 3)."""
    facelets = Cube.from_text("R U", 2).facelets(Cube.from_text("R U", 2).initial)
    code, out, _ = run(capsys, "solve", "cube", facelets, "--json")
    data = json.loads(out)
    assert code == 0 and data["size"] == 2 and data["length"] == 2
    code, _, err = run(capsys, "solve", "cube", facelets, "--size", "3")
    assert code == 2 and "a cube string has 54 facelets, got 24" in err


def test_the_solved_cube_needs_no_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """It built Korf's tables first (a minute), and -H coset asked for a 5 GB table."""
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))  # no table built
    solved = Cube().facelets(Cube().initial)
    for heuristic in ("korf", "coset"):
        code, out, _ = run(capsys, "solve", "cube", solved, "-H", heuristic, "--time-limit", "20")
        assert code == 0 and "solved: 0 moves (optimal)" in out, out
    assert not list(tmp_path.glob("cube-pattern-*")) and not list(tmp_path.glob("cube-coset-*"))


def test_a_cube_written_face_by_face_is_that_cube(capsys: pytest.CaptureFixture[str]) -> None:
    """The reviewer's net, spaced by face, was "solved" in 6 moves as the scramble U9 R9 ...;
    the spaced 2x2x2 four moves from solved came out as a 9-move (or a 3x3x3) solve."""
    solved = "UUUUUUUUU RRRRRRRRR FFFFFFFFF DDDDDDDDD LLLLLLLLL BBBBBBBBB"
    code, out, _ = run(capsys, "solve", "cube", solved)
    assert code == 0 and "solved: 0 moves (optimal)" in out
    code, out, _ = run(capsys, "solve", "cube", "ULUF RUUR FDFF DRDD BLLL BRBB", "--json")
    data = json.loads(out)
    assert code == 0 and data["size"] == 2 and data["length"] == 4
    code, _, err = run(capsys, "solve", "cube", "UUUUUUUUU RRRRRRRRR")
    assert code == 2 and "got 2 groups of 9" in err and err.count("\n") == 1


def test_move_errors_quote_the_move(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "cube", "Rw U")
    assert code == 2 and err.count("\n") == 1
    assert "cannot read move 'Rw': wide, slice and rotation moves" in err
    code, _, err = run(capsys, "solve", "cube", "R'2", "--size", "2")
    assert code == 2 and """cannot read move "R'2\"""" in err


def test_random_cubes_without_a_seed_are_new_and_repeatable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without --seed every run printed seed 1's cube; --seed -1 was seed 1's cube too."""
    rows = []
    for _ in range(2):
        code, out, _ = run(capsys, "cube", "random", "--json")
        assert code == 0
        rows.append(json.loads(out))
    assert rows[0]["seed"] != rows[1]["seed"] and rows[0]["facelets"] != rows[1]["facelets"]
    _, again, _ = run(capsys, "cube", "random", "--seed", str(rows[0]["seed"]), "--json")
    repeated = json.loads(again)  # the same cube; how and when it was made differ
    assert {**repeated, "provenance": None} == {**rows[0], "provenance": None}
    for command in (("cube", "random"), ("bench", "cube")):
        code, out, err = run(capsys, *command, "--seed", "-1")
        assert code == 2 and not out and err.count("\n") == 1 and "--seed" in err


def test_a_2x2x2_is_printed_as_it_was_given(capsys: pytest.CaptureFixture[str]) -> None:
    """Its DBL corner is held still while it is solved; its facelets used to be printed as
    that reading renamed them (a cube after L showed its right column turned)."""
    after_l = "BUBURRRRUFUFFDFDLLLLBDBD"
    for given in (after_l, "L"):
        code, out, _ = run(capsys, "solve", "cube", given, "--size", "2")
        assert code == 0 and f"facelets: {after_l}" in out and "solved: 1 move" in out
    code, out, _ = run(capsys, "cube", "random", "--moves", "1", "--seed", "2", "--size", "2",
                       "--json")  # fmt: skip
    drawn = json.loads(out)
    code, out, _ = run(capsys, "solve", "cube", drawn["scramble"], "--size", "2", "--json")
    assert json.loads(out)["facelets"] == drawn["facelets"]


def test_the_benchmark_gives_no_mean_length_when_no_cube_was_solved() -> None:
    """A mean of no lengths is no length at all, not 0.00; of some, it says of how many."""
    row = {"length": None, "status": "limit", "expanded": 1, "generated": 13, "replayed": False}
    rows = [{**row, "cube": 1, "cpu_s": 5.0, "wall_s": 5.0, "optimal": False}]
    console = Console(width=80, record=True)
    console.print(benchmark.table(rows))
    assert "mean -" in console.export_text()
    assert "mean length -;" in benchmark.summary(rows, "korf", "htm")
    solved = {**rows[0], "status": "solved", "length": 17, "replayed": True, "optimal": True}
    both = benchmark.summary([solved, *rows], "korf", "htm")
    assert "mean length 17.00 (of the 1 solved)" in both


def test_pdb_build_cube_refuses_the_tile_tables_options(capsys: pytest.CaptureFixture[str]) -> None:
    """A partition or a goal would be silently ignored: the cube's tables are fixed."""
    for option in (["--partition", "6-6"], ["--goal", "blank-first"]):
        code, _, err = run(capsys, "pdb", "build", "cube", *option)
        assert code == 2 and "--partition and --goal choose sliding-tile tables" in err


def test_a_pocket_solution_that_ends_turned_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    """Scrambled by D, the 2x2x2 is solved by U' around its fixed corner: solved, but turned as
    a whole, which the output explains (as the playground does); R U needs no such word."""
    code, out, _ = run(capsys, "solve", "cube", "D", "--size", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["solution"] == "U'" and "turned as a whole" in data["note"]
    code, out, _ = run(capsys, "solve", "cube", "R U", "--size", "2", "--json")
    assert code == 0 and "turned as a whole" not in json.loads(out)["note"]


def test_a_coset_table_load_cut_by_the_clock_points_to_korfs_tables(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The coset table takes seconds to read: stopped by the time limit while it loads, the
    answer names the tables that load in seconds."""
    from statesearch.core.limits import LimitHit, LimitKind
    from statesearch.cube.tables import coset_cache, korf

    def too_slow(variant: str, metric: str, log: object = None) -> None:
        raise LimitHit(LimitKind.TIME, "time limit of 2 s, while reading the coset table")

    monkeypatch.setattr(coset_cache, "require_table", too_slow)
    monkeypatch.setattr(coset_cache, "is_stored", lambda variant, metric: True)
    monkeypatch.setattr(korf, "is_stored", lambda metric: True)
    facelets = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"  # the cube after R
    code, out, err = run(capsys, "solve", "cube", facelets, "-H", "coset", "--time-limit", "2")
    said = " ".join((out + err).split())
    assert code == 4 and "(-H korf reads 165 MB of tables, in seconds)" in said
    code, out, _ = run(capsys, "solve", "cube", facelets, "-H", "coset", "--time-limit", "2",
                       "--json")  # fmt: skip
    data = json.loads(out)  # the cube's fields, as in every other answer
    assert code == 4 and data["status"] == "limit_reached" and data["limit"] == "time"
    assert (data["size"], data["metric"], data["facelets"], data["solution"]) == (
        3,
        "htm",
        facelets,
        None,
    )


def test_an_unsolvable_cube_past_a_limit_is_pointed_to_its_proof(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With the precheck off, a limit stops the search of a twisted cube: the hint is the
    precheck, not a stronger table, which could not help."""
    twisted = "UUUFURRRFRFFDDDDLLLLBBBB"  # the URF corner twisted in place
    code, out, _ = run(
        capsys, "solve", "cube", twisted, "--no-precheck", "-a", "idastar", "--max-expanded", "50"
    )
    said = " ".join(out.split())
    assert code == 4 and "hint: no search can solve this cube: without --no-precheck" in said


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_an_empty_cube_is_refused(capsys: pytest.CaptureFixture[str], text: str) -> None:
    """An unset shell variable (solve cube "$CUBE") was read as the solved cube: 0 moves."""
    for args in (("solve", "cube", text), ("solve", "cube", text, "--json"),
                 ("cube", "bfs", "--start", text)):  # fmt: skip
        code, out, err = run(capsys, *args)
        assert code == 2 and not out and err.count("\n") == 1, (args, err)
        assert "empty cube: give a scramble such as \"R U R' U'\" or a facelet string" in err
    code, out, _ = run(capsys, "cube", "bfs", "--json")  # no --start: from the solved cube
    assert code == 0 and json.loads(out)["positions"] == 3_674_160


def test_swapped_centres_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    """Two centres swapped were refused as "no corner has the colours ...": true, but the
    centres were the mistake."""
    cube = Cube.from_text("R U F'")
    facelets = list(cube.facelets(cube.initial))
    facelets[4], facelets[22] = facelets[22], facelets[4]  # the U and F centres
    code, out, err = run(capsys, "solve", "cube", "".join(facelets))
    assert code == 2 and not out and err.count("\n") == 1
    assert "error: centres out of place: U, F (in face letters" in err and "corner" not in err


def test_facelets_are_searched_with_korfs_tables_before_the_coset_table_is_read(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A facelet string one move from solved waited for the 5 GB coset table (13-20 s): auto
    now searches Korf's tables up to 13 moves first and reads the coset table only for a cube
    further away, and says so. Small tables stand in for both; -H korf and -H coset keep their
    meaning. (The two passes' counts and budgets: test_cube_compiled.py.)"""
    from statesearch.cube import format_moves, problem, random_scramble
    from statesearch.cube.tables import coset_cache, korf
    from statesearch.cube.tables.coset_table import build_table

    small_korf = korf.load_tables([(False, (0, 1, 2, 3)), (True, (0, 1, 2, 3)), (True, (8, 9))])
    small_coset = build_table("no-flip", "htm")
    reads: list[str] = []

    def read_coset(variant: str, metric: str, log: object = None) -> object:
        reads.append(metric)
        return small_coset

    monkeypatch.setattr(korf, "is_stored", lambda metric: True)
    monkeypatch.setattr(korf, "load_tables", lambda **given: small_korf)
    monkeypatch.setattr(coset_cache, "is_stored", lambda variant, metric: True)
    monkeypatch.setattr(coset_cache, "_loaded", {})
    monkeypatch.setattr(coset_cache, "require_table", read_coset)

    def facelets(moves: int, seed: int) -> str:
        cube = Cube.from_text(format_moves(random_scramble(moves, seed)))
        return cube.facelets(cube.initial)

    near = facelets(3, 1)
    code, out, err = run(capsys, "solve", "cube", near, "--json")
    data = json.loads(out)
    assert code == 0 and data["heuristic"] == "korf-then-coset" and data["length"] == 3
    assert "Korf's tables (165 MiB) search up to 13 moves first" in data["choice"]
    assert "Korf's tables solved it within 13 moves: the coset table was not read" in data["note"]
    assert reads == [] and "coset table" not in err
    code, out, _ = run(capsys, "solve", "cube", near)
    said = " ".join(out.split())
    assert code == 0 and "auto: IDA* + korf-then-coset" in said
    assert "the coset table was not read" in said

    monkeypatch.setattr(problem, "KORF_IS_ENOUGH", 8)  # 13 on the real tables
    far = facelets(10, 2)
    code, out, _ = run(capsys, "solve", "cube", far, "--json")
    data = json.loads(out)
    bounds = [i["bound"] for i in data["stats"]["iterations"]]
    assert code == 0 and data["length"] == 10 and reads == ["htm"]
    assert bounds[0] <= 8 < bounds[-1]
    assert "Korf's tables ruled out 8 moves or fewer" in data["note"]
    code, out, _ = run(capsys, "solve", "cube", far, "--max-expanded", "20", "--json")
    data = json.loads(out)
    assert code == 4 and "in the search with Korf's tables (up to 8 moves)" in data["reason"]

    for heuristic, read in (("korf", []), ("coset", ["htm"])):
        reads.clear()
        code, out, _ = run(capsys, "solve", "cube", far, "-H", heuristic, "--json")
        data = json.loads(out)
        assert code == 0 and data["heuristic"] == heuristic and data["length"] == 10
        assert reads == read and "Korf's tables" not in data["note"]
