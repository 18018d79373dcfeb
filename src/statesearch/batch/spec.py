"""An instance as a plain dict (a *spec*): what to solve and how, readable from a JSON line and
small enough to send to any worker.

``{"id": 7, "domain": "npuzzle", "start": "8 6 7 2 5 4 3 0 1", "goal": "blank-first",
"optimal": 31, "algorithm": "idastar", "heuristic": "linear_conflict", "time_limit": 60}``

- ``domain``: a domain's name (``statesearch.core.domain``; default ``npuzzle``), and that domain's
  own fields (its ``options``): ``npuzzle`` (``start`` and ``goal`` are boards as ``solve
  npuzzle`` reads them, or lists of tiles; ``rows``, ``cols``, ``partition``), ``maze`` or
  ``tilt`` (``start`` is the file's text, or ``file`` its path; a tilt spec takes ``step`` and
  ``collide``), ``cube`` (``start`` is a scramble or a facelet string as ``solve cube`` reads
  it; ``size`` 3 or 2, ``metric`` htm or qtm), ``problem``, your own (``problem`` names it as
  ``solve problem`` reads it; ``args``; ``source``: ``statesearch.user_domain``), or
  ``movingai``, one scenario of a Moving AI benchmark (``map``, the ``.map`` file, read into
  ``start``; ``scenario``, ``[start x, start y, goal x, goal y]``; ``bucket``; ``optimal``, its
  length, matched to the domain's ``tolerance``): a line naming a ``scen`` file (and
  ``buckets``, ``0-5,9`` or a list) stands for one such instance per scenario (``inputs``);
- the search options of ``solve`` (``SEARCH_OPTIONS``), at the top level or in ``options``;
  ``max_memory`` is bytes, ``"auto"`` (a share of the free memory, the default) or null;
  ``trust``: true searches a problem of one's own unchecked (``solve(check=False)``);
- ``optimal``: the known optimal cost, if any (the number of moves when every step costs 1);
  an optimal algorithm's answer that costs anything else, or any answer that costs less, is
  *wrong*;
- ``id``: a string or an integer.

``normalize`` checks a spec and fills in defaults; ``build`` makes its problem (each by its
domain); ``fingerprint`` names what it asks for, so a result can be matched with its instance.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..algorithms import Options, get_algorithm
from ..algorithms.beam import check_width, width_for_beam_alone
from ..algorithms.best_first import check_tie_break
from ..algorithms.bidirectional import needs_both_ends
from ..core.advice import advice
from ..core.domain import Spec, get
from ..core.limits import Limits, default_max_memory
from ..core.problem import Reversible, heuristic_names
from ..errors import InputError
from ..facade import ENGINES
from ..text_files import read_beside

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
    domain = get(spec.get("domain", "npuzzle"))
    spec["domain"] = domain.name
    allowed = {**FIELDS, **SEARCH_OPTIONS, **domain.options}
    for name, value in spec.items():
        kinds = allowed.get(name)
        if kinds is None:
            raise InputError(
                "unknown option {name!r} for {domain}; choose from {choices}",
                name=str(name)[:40],
                domain=domain.name,
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
    domain.read_spec(spec, base)
    if "file" in spec:
        spec["start"] = read_beside(Path(spec.pop("file")), base)
    if spec.get("start") is None and domain.needs_start:
        raise InputError("an instance needs a start (or, for a maze or tilt board, a file)")
    if spec.get("goal") is not None and not domain.goal:
        raise InputError("a {domain} has its goal in its text: drop goal", domain=domain.name)
    return spec


def problem_name(spec: Spec, row: Mapping[str, Any]) -> str:
    """What a batch's summary and plots group results by (its domain's ``group``, from the
    result's ``row``): a problem of one's own by its name (``pancake.py:Pancake``), a Moving AI
    scenario by its map, a board by its domain and shape (``npuzzle 3x3``)."""
    return get(spec["domain"]).group_of(spec, row)


# The budgets: a resume may give an instance more (or less) of them; it is the same instance.
BUDGETS = {"max_expanded", "max_pushed", "time_limit", "max_states", "max_memory"}


def fingerprint(what: Mapping[str, Any]) -> str:
    """A short digest of everything in ``what`` but its id and budgets: the same for the same
    instance searched the same way, whatever the order of its keys or where its file was read
    from."""
    kept = {k: v for k, v in what.items() if k != "id" and k not in BUDGETS}
    text = json.dumps(kept, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def build(spec: Spec) -> Any:
    """The problem a (normalized) spec describes."""
    return get(spec["domain"]).from_spec(spec)


def check(spec: Spec) -> None:
    """Everything about a spec that can be wrong before it is searched: its problem, the
    algorithm, heuristic, tie-break and engine names, the weight, the beam width (beam
    search's alone), the budgets."""
    problem = build(spec)
    algorithm = spec.get("algorithm") or "auto"
    named = None if algorithm.lower() == "auto" else get_algorithm(algorithm).name
    if named == "dls" and spec.get("max_depth") is None:
        raise InputError("depth-limited search needs a depth limit (max_depth, or --max-depth N)")
    if named == "bidirectional" and not isinstance(problem, Reversible):
        raise needs_both_ends()  # as other instances' mistakes are: before any runs
    if spec.get("beam_width") is not None:
        check_width(spec["beam_width"])
        width_for_beam_alone(algorithm, named, "beam for beam_width")
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
