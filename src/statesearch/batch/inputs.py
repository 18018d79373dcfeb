"""What ``statesearch batch INPUT`` reads: a Korf-style instance file, a JSONL file of specs, or a
directory of maze and tilt files, each turned into checked specs (``spec``).

- Korf-style: ``id [optimal] tile tile ...`` per line (``#`` starts a comment), as in the
  packaged ``korf100.txt``, whose second column is the optimal length; the goal is Korf's,
  blank first, unless one is given.
- JSONL: one spec per line; its options override the command line's. A line without an id
  is named by its content (``npuzzle-`` and a digest of the line), so adding, removing or
  moving lines never gives an instance another's id. A ``movingai`` line that names a
  ``scen`` file is one instance per scenario (of its ``buckets``), named by the map (or the
  line's id) and the scenario's line: ``maze-33.map:7``.
- A directory: every ``*.txt``, ``*.maze`` and ``*.tilt`` file in it; a file with ``S`` and
  ``G`` is a maze, one with blocks (``o``, ``@``) a tilt board, whose ``; ... optimal N moves``
  comment (as ``tilt generate`` writes) gives its optimal length.

Anything wrong is one ``InputError`` naming the file and line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.domain import Spec
from ..errors import InputError
from ..maze.movingai import read_scenarios, scenario_map
from ..maze.scenarios import buckets, check_scenarios
from ..text_files import json_value, read_beside
from .spec import check, fingerprint, normalize

SUFFIXES = (".txt", ".maze", ".tilt")
TILT_OPTIMAL = re.compile(r";.*\boptimal (\d+) moves")


def read_input(path: Path, defaults: Mapping[str, Any], goal: str | None = None) -> list[Spec]:
    """The specs in ``path``, checked, in file order; ``defaults`` are the command line's
    options, ``goal`` the n-puzzle goal for a Korf-style file (default ``blank-first``)."""
    if path.is_dir():
        specs = _directory(path, defaults)
    else:
        text = read_beside(path, None).removeprefix("\ufeff")  # a byte-order mark some editors add
        lines = text.splitlines()
        first = next((s for s in lines if s.strip() and not s.startswith("#")), "")
        if first.lstrip().startswith("{"):
            specs = _jsonl(path, lines, defaults)
        else:
            specs = _korf(path, lines, defaults, goal or "blank-first")
    if not specs:
        raise InputError("{file} holds no instances", file=path)
    seen: set[Any] = set()
    for spec in specs:
        if spec["id"] in seen:
            raise InputError("{file}: the id {id!r} is used twice", file=path, id=spec["id"])
        seen.add(spec["id"])
    return specs


def _checked(place: str, raw: Any, defaults: Mapping[str, Any], base: Path | None) -> Spec:
    try:
        spec = normalize(raw, defaults, base)
        check(spec)
    except InputError as err:
        raise InputError("{place}: {problem}", place=place, problem=str(err)) from None
    return spec


def _jsonl(path: Path, lines: list[str], defaults: Mapping[str, Any]) -> list[Spec]:
    specs = []
    named: dict[str, int] = {}  # an id made from content -> the lines that made it so far
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            raw = json_value(line)
        except ValueError as err:
            raise InputError(
                "{file} line {line}: not JSON ({why})", file=path, line=number, why=err
            ) from None
        place = f"{path} line {number}"
        if isinstance(raw, dict) and raw.get("domain") == "movingai" and "scen" in raw:
            specs += _scenarios(place, raw, defaults, path.parent)
            continue
        spec = _checked(place, raw, defaults, path.parent)
        if "id" not in spec:
            # Identical lines are the same instance: numbering them apart misattributes nothing.
            made = f"{spec['domain']}-{fingerprint(raw)[:10]}"
            named[made] = named.get(made, 0) + 1
            spec["id"] = made if named[made] == 1 else f"{made}-{named[made]}"
        specs.append(spec)
    return specs


def _scenarios(
    place: str, raw: dict[str, Any], defaults: Mapping[str, Any], base: Path
) -> list[Spec]:
    """A Moving AI map and its ``.scen`` file: a spec per scenario of the chosen ``buckets``
    (``0-5,9`` or a list; all by default), the map and the scenarios read here, once."""
    line = dict(raw)
    scen, chosen, where = line.pop("scen"), line.pop("buckets", None), line.get("map")
    try:
        if not isinstance(scen, str) or not isinstance(where, str):
            raise InputError("a movingai line names its map and its scen file as text")
        if isinstance(chosen, list) and all(type(b) is int for b in chosen):
            chosen = ",".join(map(str, chosen))
        if chosen is not None and not isinstance(chosen, str):
            raise InputError("buckets must be text like 0-5,9 or a list of whole numbers")
        grid = scenario_map(text := read_beside(Path(where), base))
        scenarios = buckets(chosen, read_scenarios(read_beside(Path(scen), base)))
        check_scenarios(grid, scenarios)
    except InputError as err:
        raise InputError("{place}: {problem}", place=place, problem=str(err)) from None
    name = str(line.pop("id", Path(where).name))
    line.update(map=Path(where).name, start=text)
    return [
        _checked(
            f"{place} (scenario line {s.line})",
            {
                **line,
                "id": f"{name}:{s.line}",
                "scenario": [*s.start, *s.goal],
                "bucket": s.bucket,
                "optimal": s.optimal,
            },
            defaults,
            base,
        )
        for s in scenarios
    ]


def _korf(path: Path, lines: list[str], defaults: Mapping[str, Any], goal: str) -> list[Spec]:
    specs = []
    for number, line in enumerate(lines, 1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        place = f"{path} line {number}"
        # A field of more digits than any tile or length is no number here (and Python will
        # not read one of over 4,300 digits).
        numbers = [int(f) for f in fields if f.isascii() and f.isdigit() and len(f) <= 9]
        tiles, optimal = numbers[1:], None
        if len(numbers) == len(fields) and sorted(tiles) != list(range(len(tiles))):
            optimal, tiles = tiles[0] if tiles else None, tiles[1:]
        if len(numbers) != len(fields) or sorted(tiles) != list(range(len(tiles))):
            raise InputError(
                "{place}: a Korf-style line is an id, the optimal length (if known) and the "
                "tiles, 0 for the blank",
                place=place,
            )
        raw = {"id": numbers[0], "start": tiles, "goal": goal, "optimal": optimal}
        specs.append(_checked(place, raw, defaults, None))
    return specs


def _directory(path: Path, defaults: Mapping[str, Any]) -> list[Spec]:
    specs = []
    files = sorted(p for p in path.iterdir() if p.suffix in SUFFIXES and p.is_file())
    for file in files:
        text = read_beside(file, None)
        body = "".join(line.split(";", 1)[0] for line in text.splitlines())
        if "S" in body and "G" in body:
            raw: dict[str, Any] = {"domain": "maze"}
        elif "o" in body or "@" in body:
            found = TILT_OPTIMAL.search(text)
            raw = {"domain": "tilt", "optimal": int(found[1]) if found else None}
        else:
            raise InputError(
                "{file} is neither a maze (S and G) nor a tilt board (blocks o or @)", file=file
            )
        raw.update(id=file.name, start=text)
        specs.append(_checked(str(file), raw, defaults, None))
    return specs
