"""An instance as a plain dict (a *spec*): what to solve and how, readable from a JSON line and
small enough to send to any worker.

``{"id": 7, "domain": "npuzzle", "start": "8 6 7 2 5 4 3 0 1", "goal": "blank-first",
"optimal": 31, "algorithm": "idastar", "heuristic": "linear_conflict", "time_limit": 60}``

- ``domain``: ``npuzzle`` (``start`` and ``goal`` are boards as ``solve npuzzle`` reads them,
  or lists of tiles; ``rows``, ``cols``, ``partition``), ``maze`` or ``tilt`` (``start`` is the
  file's text, or ``file`` its path; a tilt spec takes ``step`` and ``collide``), ``cube``
  (``start`` is a scramble or a facelet string as ``solve cube`` reads it; ``size`` 3 or 2,
  ``metric`` htm or qtm), or ``problem``, your own (``problem`` names it as ``solve problem``
  reads it, ``FILE.py:NAME`` with the file relative to the batch file, or ``MODULE:NAME``;
  ``args``, an object, the keyword arguments of its class or function; ``source``, the file's
  text, read when the batch is read and sent with the instance, so workers need no copy), or
  ``movingai``, one scenario of a Moving AI benchmark (``map``, the ``.map`` file, read into
  ``start``; ``scenario``, ``[start x, start y, goal x, goal y]``; ``bucket``; ``optimal``, its
  length, matched to ``TOLERANCE``): a line naming a ``scen`` file (and ``buckets``, ``0-5,9``
  or a list) stands for one such instance per scenario (``inputs``);
- the search options of ``solve`` (``SEARCH_OPTIONS``), at the top level or in ``options``;
  ``max_memory`` is bytes, ``"auto"`` (a share of the free memory, the default) or null;
  ``trust``: true searches a problem of one's own unchecked (``solve(check=False)``);
- ``optimal``: the known optimal cost, if any (the number of moves when every step costs 1);
  an optimal algorithm's answer that costs anything else, or any answer that costs less, is
  *wrong*;
- ``id``: a string or an integer.

``normalize`` checks a spec and fills in defaults; ``build`` makes its problem; ``fingerprint``
names what it asks for, so a result can be matched with its instance.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..advice import advice
from ..algorithms import Options, get_algorithm
from ..algorithms.beam import check_width
from ..algorithms.best_first import check_tie_break
from ..algorithms.bidirectional import needs_both_ends
from ..errors import InputError
from ..facade import ENGINES
from ..limits import Limits, default_max_memory
from ..maze import Maze
from ..maze.movingai import scenario_map
from ..maze.scenarios import TOLERANCE, replays
from ..npuzzle import NPuzzle, compact
from ..problem import Reversible, heuristic_names, state_text
from ..result import SearchResult
from ..text_files import read_capped
from ..tilt import Tilt
from ..user_problem import is_file_reference, load_problem, read_source, resolved

Spec = dict[str, Any]
Number = (int, float)
# Each option and the types its value may have (null is always allowed: the default).
SEARCH_OPTIONS: dict[str, tuple[type, ...]] = {
    "algorithm": (str,),
    "heuristic": (str,),
    "weight": Number,
    "tie_break": (str,),
    "engine": (str,),
    "beam_width": (int,),
    "precheck": (bool,),
    "max_expanded": (int,),
    "max_pushed": (int,),
    "time_limit": Number,
    "max_states": (int,),
    "max_memory": (int, str),
    "max_depth": (int,),
    "trust": (bool,),
}
DOMAIN_OPTIONS: dict[str, dict[str, tuple[type, ...]]] = {
    "npuzzle": {"rows": (int,), "cols": (int,), "partition": (str,)},
    "maze": {},
    "tilt": {"step": (str,), "collide": (str,)},
    "cube": {"size": (int,), "metric": (str,)},
    "problem": {"problem": (str,), "args": (dict,), "source": (str,)},
    "movingai": {"map": (str,), "scenario": (list,), "bucket": (int,)},
}
# What a JSON line's reader calls a field's type ("args must be an object", not "dict").
JSON_NAMES = {
    dict: "an object",
    list: "a list",
    str: "text",
    int: "a whole number",
    float: "a number",
    bool: "true or false",
}
FIELDS: dict[str, tuple[type, ...]] = {
    "id": (int, str),
    "domain": (str,),
    "start": (str, list),
    "goal": (str, list),
    "file": (str,),
    "optimal": Number,
}
MAX_FILE = 64 * 2**20  # bytes of a maze or tilt file


def normalize(raw: Mapping[str, Any], defaults: Mapping[str, Any], base: Path | None) -> Spec:
    """A checked spec: ``defaults`` (the command line's options) under the spec's own, nested
    ``options`` flattened, a ``file`` read into ``start`` (relative to ``base``)."""
    if not isinstance(raw, Mapping):
        raise InputError("an instance is a JSON object, not {kind}", kind=type(raw).__name__)
    nested = raw.get("options") or {}
    if not isinstance(nested, Mapping):
        raise InputError("options must be a JSON object")
    spec: Spec = {k: v for k, v in defaults.items() if v is not None}
    spec.update({k: v for k, v in raw.items() if k != "options"})
    spec.update(nested)
    domain = spec.get("domain", "npuzzle")
    if domain not in DOMAIN_OPTIONS:
        raise InputError(
            "unknown domain {domain!r}; choose from {choices}",
            domain=str(domain)[:40],
            choices=", ".join(DOMAIN_OPTIONS),
        )
    spec["domain"] = domain
    allowed = {**FIELDS, **SEARCH_OPTIONS, **DOMAIN_OPTIONS[domain]}
    for name, value in spec.items():
        kinds = allowed.get(name)
        if kinds is None:
            raise InputError(
                "unknown option {name!r} for {domain}; choose from {choices}",
                name=str(name)[:40],
                domain=domain,
                choices=", ".join(allowed),
            )
        wrong_bool = isinstance(value, bool) and bool not in kinds
        missing_id = value is None and name == "id"  # null is no default for a name
        if missing_id or (value is not None and (wrong_bool or not isinstance(value, kinds))):
            raise InputError(
                "{name} must be {kinds}, not {value!r}",
                name=name,
                kinds=" or ".join(JSON_NAMES.get(k, k.__name__) for k in kinds),
                value=str(value)[:40],
            )
    # null is the default, except for max_memory, where it means no bound.
    spec = {k: v for k, v in spec.items() if v is not None or k == "max_memory"}
    if domain == "problem":
        if "problem" not in spec or "start" in spec or "file" in spec:
            raise InputError("a problem instance names its problem (FILE.py:NAME) and no start")
        spec["problem"] = resolved(spec["problem"], base)
        if "source" not in spec:  # read once here, sent to the workers wherever they run
            source = read_source(spec["problem"])
            if source is not None:
                spec["source"] = source
    if domain == "movingai":
        _movingai(spec, base)
    if "file" in spec:
        spec["start"] = read_file(Path(spec.pop("file")), base)
    if spec.get("start") is None and domain != "problem":
        raise InputError("an instance needs a start (or, for a maze or tilt board, a file)")
    if domain == "cube" and not isinstance(spec["start"], str):
        raise InputError("a cube's start is a scramble or a facelet string")
    if domain == "cube" and spec.get("goal") is not None:
        raise InputError("a cube's goal is the solved cube: drop goal")
    if domain != "npuzzle" and spec.get("goal") is not None:
        raise InputError("a {domain} has its goal in its text: drop goal", domain=domain)
    return spec


def _movingai(spec: Spec, base: Path | None) -> None:
    """A Moving AI scenario's spec: its map read (once, when the batch is read) into
    ``start``, ``map`` then the file's name; its scenario four whole numbers."""
    if "map" not in spec or "scenario" not in spec or "file" in spec:
        raise InputError(
            "a movingai instance names its map and its scenario ([start x, start y, goal x, "
            "goal y]), or its map, a scen file and buckets"
        )
    ends = spec["scenario"]
    if len(ends) != 4 or not all(isinstance(n, int) and not isinstance(n, bool) for n in ends):
        raise InputError(
            "scenario must be [start x, start y, goal x, goal y], not {value!r}",
            value=str(ends)[:40],
        )
    if "start" not in spec:
        spec["start"] = read_file(Path(spec["map"]), base)
        spec["map"] = Path(spec["map"]).name


def problem_name(spec: Spec, row: Mapping[str, Any]) -> str:
    """What a batch's summary and plots group results by: a problem of one's own by its name
    (``pancake.py:Pancake``), a Moving AI scenario by its map, a board by its domain and shape
    (``npuzzle 3x3``, from its result ``row``), a maze by its domain alone."""
    domain = spec["domain"]
    if domain == "problem":
        where, _, name = spec["problem"].rpartition(":")
        return f"{Path(where).name if is_file_reference(where) else where}:{name}"
    if domain == "movingai":
        return f"movingai {spec['map']}"
    if domain == "cube":
        side = spec.get("size") or 3
        return f"cube {side}x{side}x{side}"
    if domain == "npuzzle" and "rows" in row and "cols" in row:
        return f"npuzzle {row['rows']}x{row['cols']}"
    if domain == "tilt" and "height" in row and "width" in row:
        return f"tilt {row['height']}x{row['width']}"
    return str(domain)


# The budgets: a resume may give an instance more (or less) of them; it is the same instance.
BUDGETS = {"max_expanded", "max_pushed", "time_limit", "max_states", "max_memory"}


def fingerprint(what: Mapping[str, Any]) -> str:
    """A short digest of everything in ``what`` but its id and budgets: the same for the same
    instance searched the same way, whatever the order of its keys or where its file was read
    from."""
    kept = {k: v for k, v in what.items() if k != "id" and k not in BUDGETS}
    text = json.dumps(kept, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def read_file(path: Path, base: Path | None) -> str:
    """A maze or tilt file's text (UTF-8, capped in size)."""
    where = path if path.is_absolute() or base is None else base / path
    return read_capped(where, where, MAX_FILE)


@dataclass
class Built:
    """A spec's problem, and the domain's fields of ``solve --json`` for a result on it."""

    problem: Any
    extras: Callable[[SearchResult[Any]], dict[str, Any]]
    tolerance: float = 0.0  # how far a cost may be from ``optimal`` and match it
    replays: Callable[[SearchResult[Any]], bool] | None = None  # a solved path checked


def build(spec: Spec) -> Built:
    """The problem a (normalized) spec describes."""
    domain = spec["domain"]
    if domain == "problem":
        own = load_problem(spec["problem"], arguments=spec.get("args"), source=spec.get("source"))
        text = state_text(own)
        return Built(own, lambda r: {"start": text(own.initial), "path": [text(s) for s in r.path]})
    start = spec["start"]
    if domain == "movingai":
        return _scenario(spec)
    if domain == "maze":
        grid = Maze.parse(start)
        return Built(
            grid,
            lambda r: {
                "start": list(grid.initial),
                "goal": list(grid.goal),
                "path": [list(c) for c in r.path],
            },
        )
    if domain == "cube":
        from ..cube import Cube

        cube = Cube.from_text(start, spec.get("size"), spec.get("metric") or "htm")
        return Built(cube, cube.result_fields)
    if domain == "tilt":
        step, collide = spec.get("step") or "single", spec.get("collide") or "block"
        puzzle = Tilt.from_text(start, step, collide)
        board = puzzle.board
        extras = {"step": step, "collide": collide, "height": board.height, "width": board.width}
        return Built(puzzle, lambda r: extras)
    goal = spec.get("goal")
    tiles = NPuzzle.from_text(
        _board_text(start), _board_text(goal) if goal is not None else None,
        spec.get("rows"), spec.get("cols"), spec.get("partition"),
    )  # fmt: skip
    shape = {
        "start": compact(tiles.initial),
        "goal": compact(tiles.goal),
        "rows": tiles.rows,
        "cols": tiles.cols,
    }
    return Built(tiles, lambda r: shape)


def _scenario(spec: Spec) -> Built:
    """A Moving AI scenario on its map; ``x, y`` is the format's column and row."""
    sx, sy, gx, gy = spec["scenario"]
    maze = _map(spec["start"]).with_ends((sy, sx), (gy, gx))

    def extras(result: SearchResult[Any]) -> dict[str, Any]:
        fields = {"map": spec["map"], "bucket": spec.get("bucket"), "start": [sx, sy]}
        return {**fields, "goal": [gx, gy], "path": [[c, r] for r, c in result.path]}

    return Built(maze, extras, TOLERANCE, functools.partial(replays, maze))


@functools.lru_cache(maxsize=4)
def _map(text: str) -> Maze:
    """A map read once per worker, whatever the number of its scenarios there."""
    return scenario_map(text)


def _board_text(board: str | list[Any]) -> str:
    return board if isinstance(board, str) else " ".join(str(t) for t in board)


def check(spec: Spec) -> None:
    """Everything about a spec that can be wrong before it is searched: its problem, the
    algorithm, heuristic, tie-break and engine names, the weight, the beam width (beam
    search's alone), the budgets."""
    problem = build(spec).problem
    algorithm = spec.get("algorithm") or "auto"
    named = None if algorithm.lower() == "auto" else get_algorithm(algorithm).name
    if named == "dls" and spec.get("max_depth") is None:
        raise InputError("depth-limited search needs a depth limit (max_depth, or --max-depth N)")
    if named == "bidirectional" and not isinstance(problem, Reversible):
        raise needs_both_ends()  # as other instances' mistakes are: before any runs
    if spec.get("beam_width") is not None:
        check_width(spec["beam_width"])
        if named != "beam":
            raise InputError(  # a template the web has in Korean too
                "{name} must be {kinds}, not {value!r}",
                name="the algorithm",
                kinds="beam for beam_width",
                value=algorithm,
            )
    Options(weight=spec.get("weight", 1.0))  # a weight >= 0
    heuristic = spec.get("heuristic")
    if heuristic is not None:
        names = heuristic_names(problem)
        key = advice(problem).heuristic_aliases.get(heuristic.lower(), heuristic.lower())
        if key not in {name.lower() for name in names}:
            raise InputError(
                "unknown heuristic {name!r}; choose from {choices}",
                name=heuristic,
                choices=", ".join(names),
            )
    check_tie_break(spec.get("tie_break") or "auto")
    engine = spec.get("engine") or "auto"
    if engine not in ENGINES:
        raise InputError(
            "unknown engine {engine!r}; choose from {choices}",
            engine=engine,
            choices=", ".join(ENGINES),
        )
    limits(spec, 1.0)


def limits(spec: Spec, memory_share: float) -> Limits:
    """The spec's budgets; ``max_memory: "auto"`` (or absent) is ``memory_share`` of the free
    memory when the search starts, so the searches running at once together fit."""
    memory = spec.get("max_memory", "auto")
    if memory == "auto":
        memory = default_max_memory(memory_share)
    elif isinstance(memory, str):
        raise InputError("max_memory must be bytes, auto or null, not {value!r}", value=memory)
    return Limits(
        max_expanded=spec.get("max_expanded"),
        max_pushed=spec.get("max_pushed"),
        time_limit=spec.get("time_limit"),
        max_states=spec.get("max_states"),
        max_depth=spec.get("max_depth"),
        max_memory=memory,
    )
