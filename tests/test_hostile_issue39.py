"""Issue 39's reproducers, as a careless or unlucky user meets them: each ends with its exit
code and one line, never an internal error (exit 70), a traceback or a hang."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from statesearch.cli import main

OK, BAD, UNSOLVABLE, LIMIT = 0, 2, 3, 4

# A problem of one's own that works: count up to 3.
COUNTER = """
class Counter:
    initial = 0

    def is_goal(self, state): return state == 3

    def successors(self, state): return [("+1", state + 1, 1)] if state < 5 else []

    def heuristic(self, state): return max(3 - state, 0)
"""


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "internal error" not in out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("def successors(self):", "def successors(self, state)"),
        ("def is_goal(self):", "def is_goal(self, state)"),
        ("def heuristic(self):", "def heuristic(self, state)"),
        ("def render(self):", "def render(self, state)"),
        ("def unsolvable_reason(self, state):", "def unsolvable_reason(self)"),
        ("def choose_algorithm(self):", "def choose_algorithm(self, heuristic)"),
        ("def predecessors(self, a, b):", "def predecessors(self, state)"),
    ],
)
def test_a_method_with_a_wrong_signature_is_named_in_one_line(
    written: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 4: the most common student error was 'internal error (not your input): TypeError:
    Counter.successors() takes 1 positional argument but 2 were given', exit 70."""
    name = written.split("(")[0].removeprefix("def ")
    kept = [line for line in COUNTER.splitlines() if f"def {name}(" not in line]
    source = "\n".join(kept) + f"\n    {written}\n        return None\n"
    (tmp_path / "mine.py").write_text(source)
    assert main(["solve", "problem", f"{tmp_path / 'mine.py'}:Counter"]) == BAD
    said = one_line_error(capsys)
    assert said.endswith(f"the problem's {name}: write it {expected}; it is {written[:-1]}")


def test_right_signatures_in_other_spellings_still_solve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Defaults, *args and a static method bind as the engine calls them."""
    source = COUNTER.replace("def successors(self, state):", "def successors(self, *args):")
    source = source.replace("if state < 5", "if args[0] < 5").replace("state + 1", "args[0] + 1")
    source = source.replace("def is_goal(self, state):", "def is_goal(self, state, goal=3):")
    source += "\n    @staticmethod\n    def render(state):\n        return f'<{state}>'\n"
    (tmp_path / "mine.py").write_text(source)
    assert main(["solve", "problem", f"{tmp_path / 'mine.py'}:Counter"]) == OK
    assert "solved: 3 moves" in capsys.readouterr().out


DEEP = "[" * 10_000 + "]" * 10_000


def test_deeply_nested_json_in_an_argument_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 4: RecursionError, exit 70."""
    (tmp_path / "mine.py").write_text(COUNTER + "\ndef make(depth):\n    return Counter()\n")
    argv = ["solve", "problem", f"{tmp_path / 'mine.py'}:make", "--arg", f"depth={DEEP}"]
    assert main(argv) == BAD
    assert "--arg depth: nested deeper than 100 levels" in one_line_error(capsys)
    argv[-1] = "depth=" + "[" * 100 + "]" * 100  # as deep as allowed
    assert main(argv) == OK


@pytest.mark.parametrize(
    "line",
    [
        '{"id": 1, "domain": "npuzzle", "start": ' + DEEP + "}",
        '{"id": 1, "domain": "problem", "problem": "mine.py:Counter", "args": {"a": ' + DEEP + "}}",
        '{"id": 1, "start": "1 2 3 4 5 6 7 8 0", "x": ' + '{"a": ' * 200 + "1" + "}" * 200 + "}",
    ],
    ids=["deep start", "deep args", "deep objects"],
)
def test_a_deeply_nested_batch_line_is_one_line(
    line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "mine.py").write_text(COUNTER)
    (tmp_path / "deep.jsonl").write_text(line + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(tmp_path / "deep.jsonl"), "--out", str(out)]) == BAD
    assert "line 1: not JSON (nested deeper than 100 levels)" in one_line_error(capsys)
    assert not out.exists()


def test_a_deeply_nested_results_line_is_refused_on_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A line no worker of ours wrote, as any other (RecursionError, exit 70, before)."""
    instances = tmp_path / "in.jsonl"
    instances.write_text(json.dumps({"id": 1, "start": "1 2 3 4 5 6 7 8 0"}) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(instances), "--out", str(out)]) == OK
    with out.open("a") as file:
        file.write('{"id": 1, "worker": ' + DEEP + "}\n")
    capsys.readouterr()
    assert main(["batch", str(instances), "--out", str(out), "--resume"]) == BAD
    assert "line 2 is not a result line" in one_line_error(capsys)


# Items 5 and 6: other exit 70s, and exit codes the user's code chose.


def test_a_board_too_large_to_analyze_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Its message counts 3000! boards: a 9,100-digit number in a {count:,} field, which the
    words that replace it refused ('Cannot specify ',' with 's'', exit 70)."""
    assert main(["analyze", "npuzzle", "--rows", "1000"]) == BAD
    assert "3000! = a number of about 9,100 digits" in one_line_error(capsys)


def test_a_bench_output_that_cannot_be_written_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found after the whole benchmark ran, as exit 70; a name too long fails for root too."""
    out = tmp_path / ("x" * 300 + ".json")
    assert main(["bench", "korf100", "--ids", "1", "--out", str(out)]) == BAD
    assert "File name too long" in one_line_error(capsys)  # and nothing was solved
    existing = tmp_path / "kept.json"
    existing.write_text("kept")
    from statesearch.outputs import check_output

    check_output(existing)  # looked at, not changed
    check_output(tmp_path / "new.json")  # made to find out, and removed
    assert existing.read_text() == "kept" and not (tmp_path / "new.json").exists()


def test_a_bench_output_on_a_full_disk_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "tilt", "--count", "1", "--out", "/dev/full"]) == BAD
    assert "cannot write /dev/full: not a regular file" in one_line_error(capsys)


@pytest.fixture
def locked_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder that exists and cannot be entered (mode 000): chmod where the tests do
    not run as root; as root, which enters anything, the calls that enter it fail as they
    would."""
    import builtins
    import io

    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("STATESEARCH_CACHE", str(cache))
    if os.geteuid() != 0:
        cache.chmod(0)
        yield cache
        cache.chmod(0o755)
        return
    inside = str(cache) + os.sep

    def refused(real: Callable[..., Any], name: str = "") -> Callable[..., Any]:
        def call(path: Any, *args: Any, **kwargs: Any) -> Any:
            named = os.fsdecode(path) if isinstance(path, str | bytes | os.PathLike) else ""
            listed = named.rstrip(os.sep) + os.sep == inside and name in ("scandir", "listdir")
            if named.startswith(inside) or listed:
                raise PermissionError(13, "Permission denied", named)
            return real(path, *args, **kwargs)

        return call

    for name in ("stat", "lstat", "open", "mkdir", "listdir", "scandir", "unlink", "replace"):
        monkeypatch.setattr(os, name, refused(getattr(os, name), name))
    opened = refused(builtins.open)
    monkeypatch.setattr(builtins, "open", opened)
    monkeypatch.setattr(io, "open", opened)
    yield cache


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["pdb", "list"], BAD),
        (["pdb", "verify"], BAD),
        (["solve", "npuzzle", "4 1 3/2 5 0", "-H", "pdb", "--partition", "5"], OK),
        (["solve", "cube", "R U", "--size", "2"], OK),
    ],
    ids=["pdb list", "pdb verify", "solve npuzzle pdb", "solve cube 2x2x2"],
)
def test_a_cache_that_cannot_be_entered(
    argv: list[str], code: int, locked_cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """PermissionError from Path.exists, exit 70: now listing it is refused in one line, and a
    search builds its tables in memory."""
    from statesearch.cube.tables import pocket

    pocket.distance_table.cache_clear()
    assert main(argv) == code
    pocket.distance_table.cache_clear()
    if code == BAD:
        assert f"cannot read {locked_cache}: Permission denied" in one_line_error(capsys)
    else:
        out, err = capsys.readouterr()
        assert "solved" in out and "Traceback" not in out + err
        if "npuzzle" in argv:  # the cube builds its 2x2x2 table without a word
            assert "memory only" in out + err


METADATA = {
    "a list": [],
    "a string": "x",
    "rows 1e999": {"rows": 1e999, "cols": 3, "goal": [1, 2, 3, 4, 5, 0], "group": [1, 2, 3]},
    "a file outside": {"table": "2x2x2 distances", "file": "../../../etc/passwd.npy"},
}


@pytest.mark.parametrize("metadata", list(METADATA), ids=list(METADATA))
def test_table_metadata_that_is_no_object(
    metadata: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """JSON, but not an object of the table's fields: solve cube, pdb list and pdb verify
    ended 'TypeError: 'list' object is not a mapping' or 'OverflowError', exit 70."""
    from statesearch.cube.tables import pocket

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    pocket.distance_table.cache_clear()
    pdb_board = ["solve", "npuzzle", "4 1 3/2 5 0", "-H", "pdb", "--partition", "5"]
    cube = ["solve", "cube", "R U", "--size", "2"]
    assert main(pdb_board) == OK and main(cube) == OK
    pocket.distance_table.cache_clear()
    for meta in tmp_path.glob("*.json"):
        meta.write_text(json.dumps(METADATA[metadata]))
    capsys.readouterr()
    assert main(["pdb", "list"]) == OK
    assert "passwd" not in capsys.readouterr().out
    assert main(["pdb", "verify"]) == 1
    said = capsys.readouterr().out
    assert "cube-2x2x2-distances-htm.npy:" in said and "passwd" not in said
    assert main(cube) == OK and main(pdb_board) == OK
    pocket.distance_table.cache_clear()
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "internal error" not in out + err
    assert main(["pdb", "verify"]) == OK  # rebuilt


EXITS = {
    "sys.exit(3) while loading": (
        "import sys\nsys.exit(3)\n",
        "raised SystemExit while loading: 3",
    ),
    "GeneratorExit while loading": ("raise GeneratorExit\n", "raised GeneratorExit while loading"),
    "sys.exit(3) making it": (
        COUNTER + "\ndef make():\n    import sys\n    sys.exit(3)\n",
        "make() raised SystemExit: 3",
    ),
    "sys.exit(3) in successors": (
        COUNTER.replace("return [(", "return __import__('sys').exit(3) if state == 2 else [("),
        "the problem raised SystemExit: 3 (mine.py, line 7, in successors)",
    ),
    "GeneratorExit in is_goal": (
        COUNTER.replace("return state == 3", "raise GeneratorExit"),
        "the problem raised GeneratorExit:  (mine.py, line 5, in is_goal)",
    ),
}


@pytest.mark.parametrize("case", list(EXITS), ids=list(EXITS))
def test_exits_from_the_problems_code_are_its_mistakes(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """sys.exit(3) ended the command with 3, read as a proof of unsolvability; GeneratorExit
    printed a traceback (exit 1)."""
    source, message = EXITS[case]
    (tmp_path / "mine.py").write_text(source)
    name = "make" if "making" in case else "Counter"
    assert main(["solve", "problem", f"{tmp_path / 'mine.py'}:{name}"]) == BAD
    assert message in one_line_error(capsys)


@pytest.mark.parametrize("algorithm", ["astar", "dfbnb", "idastar", "greedy"])
def test_a_heuristic_of_inf_is_refused_by_every_search(
    algorithm: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """inf where the goal is still reachable: A* solved it, branch and bound and IDA* called it
    unsolvable (exit 3). One answer for all: refused, in one line."""
    source = COUNTER.replace("return max(3 - state, 0)", "return float('inf') if state == 2 else 0")
    (tmp_path / "mine.py").write_text(source)
    assert main(["solve", "problem", f"{tmp_path / 'mine.py'}:Counter", "-a", algorithm]) == BAD
    assert "the heuristic 'heuristic': for 2 it gave inf" in one_line_error(capsys)


# Item 8: kill -9 during a table write.

KILLED_WRITE = """
import os, signal, sys
from pathlib import Path
from statesearch.cache import write_atomically

def write(tmp):
    tmp.write_bytes(b"half a table")
    os.kill(os.getpid(), signal.SIGKILL)

write_atomically(Path(sys.argv[1]), write)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kill -9 is POSIX")
def test_a_killed_table_writes_temporary_file_goes_at_the_next_write(tmp_path: Path) -> None:
    """16.7 MB of *.tmp files were seen left by kill -9, which nothing reported or removed."""
    import time

    from statesearch.cache import write_atomically

    table = tmp_path / "table.npy"
    done = subprocess.run([sys.executable, "-c", KILLED_WRITE, str(table)], timeout=60)
    assert done.returncode == -signal.SIGKILL
    (left,) = tmp_path.glob("*.tmp")
    # Another process's write in progress (this test's parent runs), and one as the files
    # were named before: fresh, and a day old.
    host, _, rest = left.name.split("-", 2)  # table.npy.HOST-PID-RANDOM.tmp
    running = tmp_path / f"{host}-{os.getppid()}-{rest}"
    running.write_bytes(b"")
    fresh, old = tmp_path / "table.npyabcd1234.tmp", tmp_path / "table.npyefgh5678.tmp"
    fresh.write_bytes(b"")
    old.write_bytes(b"")
    a_day_ago = time.time() - 25 * 3600
    os.utime(old, (a_day_ago, a_day_ago))
    other = tmp_path / "other.npy.tmp"  # not this file's
    other.write_bytes(b"")

    def write(path: Path) -> None:
        path.write_bytes(b"whole")

    write_atomically(table, write)
    assert table.read_bytes() == b"whole"
    assert sorted(p.name for p in tmp_path.glob("*.tmp")) == sorted(
        [running.name, fresh.name, other.name]
    )


# Item 2: a named pipe (or a device) wherever a file is read or written; item 3: /dev/full.


@pytest.fixture
def deadline() -> Iterator[None]:
    """Ends a case that waits for ever (as each of these did: a pipe nobody writes to blocks
    its open) with an error after 20 s instead of a hang."""

    class Overdue(BaseException):  # not an OSError, which the commands answer
        pass

    def overdue(signum: int, frame: object) -> None:
        raise Overdue("still waiting after 20 s")

    previous = signal.signal(signal.SIGALRM, overdue)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


PIPED = {
    "--trace-json": (["solve", "npuzzle", "1 2 3 4 5 6 7 0 8", "--trace-json", "@pipe"], "write"),
    "the batch input": (["batch", "@pipe", "--out", "@out"], "read"),
    "a maze named in a batch line": (["batch", "@maze-line", "--out", "@out"], "read"),
    "batch --out": (["batch", "@instances", "--out", "@pipe"], "write"),
    "bench --out": (["bench", "tilt", "--count", "1", "--out", "@pipe"], "write"),
    "the problem's file": (["solve", "problem", "@pipe.py:Counter"], "read"),
    "the maze": (["solve", "maze", "@pipe"], "read"),
    "batch --out /dev/full --resume": (
        ["batch", "@instances", "--out", "/dev/full", "--resume"],
        "write",
    ),
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("case", list(PIPED), ids=list(PIPED))
def test_a_named_pipe_is_refused_in_one_line(
    case: str, tmp_path: Path, deadline: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each waited for ever, past --time-limit ('batch --out /dev/full --resume' read 3.8 GB in
    8 s, then exit 70)."""
    argv, verb = PIPED[case]
    os.mkfifo(tmp_path / "pipe")
    os.symlink(tmp_path / "pipe", tmp_path / "pipe.py")
    (tmp_path / "instances").write_text('{"id": 1, "start": "1 2 3 4 5 6 7 0 8"}\n')
    (tmp_path / "maze-line").write_text('{"id": 1, "domain": "maze", "file": "pipe"}\n')
    argv = [str(tmp_path / a[1:]) if a.startswith("@") else a for a in argv]
    assert main(argv) == BAD
    said = one_line_error(capsys)
    assert f"cannot {verb} " in said and "not a regular file (a pipe, a device or a socket)" in said
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_named_pipes_in_place_of_cache_files_are_replaced(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    deadline: None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A pipe in place of an .npy, a .json or a compiled .o: every search waited for ever."""
    from statesearch.cache import read_checked, write_checked
    from statesearch.cube.tables import pocket

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    pdb_board = ["solve", "npuzzle", "4 1 3/2 5 0", "-H", "pdb", "--partition", "5"]
    cube = ["solve", "cube", "R U", "--size", "2"]
    pocket.distance_table.cache_clear()
    assert main(pdb_board) == OK and main(cube) == OK
    code = tmp_path / "ida-manhattan-2x4-0123456789abcdef.o"  # as the compiled searches keep
    write_checked(code, b"machine code", print)
    made = sorted(tmp_path.iterdir())
    assert {p.suffix for p in made} == {".npy", ".json", ".o"}
    for file in made:
        file.unlink()
        os.mkfifo(file)
    capsys.readouterr()
    assert main(["pdb", "list"]) == OK
    assert main(["pdb", "verify"]) == 1
    said = capsys.readouterr().out
    assert "not a regular file" in said and f"{code.name}: checksum mismatch" in said
    assert said.rstrip().endswith("3 files, 3 unsound")
    assert read_checked(code) is None  # compiled again, as for a damaged one
    pocket.distance_table.cache_clear()
    assert main(pdb_board) == OK and main(cube) == OK
    pocket.distance_table.cache_clear()
    code.unlink()
    assert all(file.is_file() for file in made if file != code)  # built again, in their place
    assert main(["pdb", "verify"]) == OK


# Item 7: SIGTERM while batch starts.

TERMINATED_WHILE_STARTING = """
import builtins, os, signal, sys
sys.argv = ["statesearch", *sys.argv[1:]]
real = builtins.__import__

def importing(name, *args, **kwargs):
    if name == "typer":  # the command line's imports, before any of the command's code
        builtins.__import__ = real
        os.kill(os.getpid(), signal.SIGTERM)
    return real(name, *args, **kwargs)

builtins.__import__ = importing
from statesearch.__main__ import run
run()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM is POSIX")
@pytest.mark.parametrize("command", ["batch", "bench"])
def test_sigterm_while_batch_starts_is_an_interruption(command: str, tmp_path: Path) -> None:
    """A scheduler's stop in a batch's first second ended it 143 with no word; a Ctrl-C at the
    same moment, 130 with its line. SIGTERM is sent by the process itself, in its imports: no
    race with a clock."""
    (tmp_path / "in.jsonl").write_text('{"id": 1, "start": "1 2 3 4 5 6 7 0 8"}\n')
    argv = {
        "batch": ["batch", str(tmp_path / "in.jsonl"), "--out", str(tmp_path / "out.jsonl")],
        "bench": ["bench", "tilt", "--count", "1"],
    }[command]
    done = subprocess.run(
        [sys.executable, "-c", TERMINATED_WHILE_STARTING, *argv],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stderr, done.stdout) == (130, "interrupted\n", "")


# Item 10: minor ones.


def test_a_refused_worker_count_leaves_no_results_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty --out was made before the worker count was refused."""
    (tmp_path / "in.jsonl").write_text('{"id": 1, "start": "1 2 3 4 5 6 7 0 8"}\n')
    out = tmp_path / "out.jsonl"
    argv = ["batch", str(tmp_path / "in.jsonl"), "--out", str(out), "--workers", "100000"]
    assert main(argv) == BAD
    assert "local workers is more than this machine's" in one_line_error(capsys)
    assert not out.exists()


def test_a_failed_write_leaves_no_empty_or_partial_file(tmp_path: Path) -> None:
    """A plot or a bench --out that failed half-way (a full disk) left its file behind."""
    import errno

    from statesearch.errors import InputError
    from statesearch.outputs import write_whole

    def half_then_full(path: Path) -> None:
        path.write_bytes(b"half a picture")
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(InputError, match="No space left on device"):
        write_whole(tmp_path / "plot.png", half_then_full)
    assert list(tmp_path.iterdir()) == []


def test_tables_a_read_only_cache_refused_are_not_said_to_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'kept in the cache: the 2x2x2 distance table' was said of a table the cache refused."""
    import statesearch.cache
    from statesearch.cli.cube import cached_tables
    from statesearch.cube.tables import pocket

    def refuse(path: Path, write: Callable[[Path], None]) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    monkeypatch.setattr(statesearch.cache, "write_atomically", refuse)
    pocket.distance_table.cache_clear()
    pocket.distance_table("htm")
    pocket.distance_table.cache_clear()
    assert cached_tables("coset", "htm", "full") == "nothing kept in the cache"
    monkeypatch.undo()
    monkeypatch.setenv("STATESEARCH_CACHE", str(tmp_path))
    pocket.distance_table("htm")
    pocket.distance_table.cache_clear()
    assert cached_tables("coset", "htm", "full").startswith(
        "kept in the cache: the 2x2x2 distance table (htm)"
    )


# Item 2's other half: a problem's code blocked in C, where no exception reaches it.

BLOCKED = """import time

class Slow:
    initial = 0

    def is_goal(self, state):
        return state == 3

    def successors(self, state):
        time.sleep(1000)  # line 10: in C, past any exception raised into the thread
        return [("+1", state + 1, 1)]

class SlowStart:
    def __init__(self):
        time.sleep(1000)  # line 15
"""
COMMAND_WITH_A_SHORT_GRACE = """
import sys
from statesearch import overdue
from statesearch.cli import run
overdue.GRACE_S = 0.5
sys.argv = ["statesearch", *sys.argv[1:]]
run()
"""


@pytest.mark.parametrize(("name", "where"), [("Slow", "successors"), ("SlowStart", "__init__")])
def test_a_problem_blocked_in_c_is_ended_at_its_time_limit(
    name: str, where: str, tmp_path: Path
) -> None:
    """time.sleep(1000) in successors or __init__ ran past --time-limit 1 for good: the
    watchdog's exception waits for the next Python instruction. The command line now ends
    its process a grace later, naming the limit and the problem's function, exit 4."""
    (tmp_path / "slow.py").write_text(BLOCKED)
    argv = ["solve", "problem", f"{tmp_path / 'slow.py'}:{name}", "--time-limit", "1"]
    done = subprocess.run(
        [sys.executable, "-c", COMMAND_WITH_A_SHORT_GRACE, *argv],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 4, done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("limit reached (time): time limit, passed by 0.5 s")
    line_number = 10 if name == "Slow" else 15
    assert f"(stopped in {where}, slow.py line {line_number}), 0.5 s more: blocked in C" in line


def test_a_lost_dask_scheduler_is_said_once_in_our_words() -> None:
    """After 'the Dask scheduler lost the tasks ...' a raw line followed: '... -
    distributed.client - ERROR - Failed to reconnect to scheduler after 10.00 seconds, closing
    client', or the traceback of the reconnection that closing the client cancelled. (Seen
    with a scheduler killed under a batch; here the lines are logged as Dask logs them.)"""
    import logging

    from statesearch.batch import dask_pool

    heard: list[str] = []

    class Heard(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            heard.append(record.getMessage())

    client = logging.getLogger("distributed.client")
    handler = Heard()
    client.addHandler(handler)
    closed_before = set(dask_pool._ended)  # pools an earlier test closed in this process
    dask_pool._ended.clear()
    try:
        client.error("Failed to reconnect to scheduler after 10.00 seconds, closing client")
        client.error("something else")  # while the pool runs, Dask's other errors are heard
        dask_pool._ended.add(0)
        client.error("")  # the cancelled reconnection's traceback, once the pool is closing
        client.warning("closing")  # below an error: heard
    finally:
        dask_pool._ended.clear()
        dask_pool._ended.update(closed_before)
        client.removeHandler(handler)
    assert heard == ["something else", "closing"]
