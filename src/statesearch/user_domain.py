"""A problem of one's own (``user_problem``) as every interface sees it (``core.domain``):
a batch line names it as ``solve problem`` does, ``FILE.py:NAME`` (the file relative to the
batch file) or ``MODULE:NAME``, with ``args``, the keyword arguments of its class or function,
and ``source``, the file's text, read when the batch is read and sent with the instance, so
that workers need no copy."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .core.domain import Domain, Fields, Spec
from .core.problem import Problem, state_text
from .core.result import SearchResult
from .errors import InputError
from .user_problem import is_file_reference, load_problem, read_source, resolved


def read_spec(spec: Spec, base: Path | None) -> None:
    if "problem" not in spec or "start" in spec or "file" in spec:
        raise InputError("a problem instance names its problem (FILE.py:NAME) and no start")
    spec["problem"] = resolved(spec["problem"], base)
    if "source" not in spec:  # read once here, sent to the workers wherever they run
        source = read_source(spec["problem"])
        if source is not None:
            spec["source"] = source


def from_spec(spec: Spec) -> Any:
    return load_problem(spec["problem"], arguments=spec.get("args"), source=spec.get("source"))


def fields(problem: Problem[Any], result: SearchResult[Any] | None) -> Fields:
    """The start and the path as the problem writes its states (``state_text``)."""
    text = state_text(problem)
    path = [text(s) for s in result.path] if result is not None else []
    return {"start": text(problem.initial), "path": path}


def by_name(spec: Spec, fields: Mapping[str, Any]) -> str:
    """By its name (``pancake.py:Pancake``)."""
    where, _, name = spec["problem"].rpartition(":")
    return f"{Path(where).name if is_file_reference(where) else where}:{name}"


PROBLEM = Domain(
    "problem",
    from_spec,
    fields,
    options={"problem": (str,), "args": (dict,), "source": (str,)},
    read_spec=read_spec,
    needs_start=False,
    group=by_name,
    own_code=True,
    command="statesearch.cli.user_problem:solve_problem",
)
