"""``solve``'s default time limit: IDA* keeps only its path, so memory never stops it, and the
obvious first command on a 24-puzzle would otherwise run for days."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from statesearch.cli import main, options

BOARD_24 = "10 22 21 11 2 9 15 4 6 12 20 23 17 5 24 16 1 13 7 3 14 8 19 18 0"  # Korf24 #1 shape


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_default_stops_a_search_and_says_how_to_lift_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(options, "DEFAULT_TIME_LIMIT", 0.3)  # read when the command runs
    code, out, _ = run(capsys, "solve", "npuzzle", BOARD_24)
    assert code == 4
    assert "limit reached (time): time limit of 0.3 s" in out
    assert "solve's default time limit (0.3 s): --time-limit none lifts it" in " ".join(out.split())


def test_the_default_names_itself_in_json_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(options, "DEFAULT_TIME_LIMIT", 0.3)
    code, out, _ = run(capsys, "solve", "npuzzle", BOARD_24, "--json")
    data = json.loads(out)
    assert code == 4 and (data["status"], data["limit"]) == ("limit_reached", "time")
    assert "--time-limit none lifts it" in data["hint"]


def test_a_limit_the_user_gave_gets_no_such_hint(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(options, "DEFAULT_TIME_LIMIT", 0.3)  # typed out, it is still the user's
    code, out, _ = run(capsys, "solve", "npuzzle", BOARD_24, "--time-limit", "0.3", "--json")
    data = json.loads(out)
    assert code == 4 and data["limit"] == "time"
    assert "default" not in data["hint"]


@pytest.mark.parametrize("spelled", ["none", "off", "NONE"])
def test_none_lifts_the_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, spelled: str
) -> None:
    monkeypatch.setattr(options, "DEFAULT_TIME_LIMIT", 1e-9)  # would stop before any search
    code, out, _ = run(capsys, "solve", "npuzzle", "724506831", "--time-limit", spelled, "--json")
    assert code == 0 and json.loads(out)["length"] == 20


def test_the_default_is_what_solve_reads_when_none_is_given() -> None:
    assert options.solve_seconds("auto") == options.DEFAULT_TIME_LIMIT > 0
    assert options.solve_seconds("none") is None and options.solve_seconds("2.5") == 2.5


def test_a_time_limit_that_is_no_number_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "npuzzle", "724506831", "--time-limit", "soon")
    assert code == 2 and "'soon' is not a number of seconds" in err and "Traceback" not in err


def test_the_other_commands_read_none_as_no_bound() -> None:
    assert options.seconds("none") is None and options.seconds("off") is None


def test_the_readme_states_the_default_the_code_has() -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    assert f"`solve` stops after {options.DEFAULT_TIME_LIMIT:g} s unless" in readme


def test_tilt_generate_takes_none_as_no_bound_not_its_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """generate puts its own default (20 s) in for a missing limit: none must not be read so."""
    code, out, _ = run(capsys, "tilt", "generate", "--min-length", "3", "--time-limit", "none")
    assert code == 0
    assert out.startswith("; made by: statesearch tilt generate ") and "--time-limit inf" in out
