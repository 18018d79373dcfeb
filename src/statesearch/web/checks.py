"""Reading a JSON body into a request, in plain Python: the one check both transports run.

The server (``statesearch serve``) and the page's own Python (Pyodide, where pydantic's compiled
core does not exist) read every body with ``read``, so a body gets the same answer and the same
one-line refusal from either. A request type is a dataclass whose body fields carry a ``Check``
(``spec``); the same checks write the OpenAPI schema (``body_schema``), so the documentation and
the validation cannot disagree.

A refusal is ``Invalid``: a list of problems shaped as pydantic's (``type``, ``loc``, ``msg``,
``ctx``), in its English words, which ``translations.validation_errors`` puts on one line in the
client's language. Reading is strict: a field the server does not know is refused (a misspelt
``time_limt`` would otherwise be dropped and the search run with the default), and so is a value
of another JSON type (``"3"`` or ``true`` for a number) or a number that is not finite. A whole
number written with a fraction of zero (``3.0``) is an integer, as JSON Schema says.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping
from typing import Any, TypeVar, cast

Problem = dict[str, Any]
Loc = tuple[str | int, ...]
R = TypeVar("R")


class Invalid(Exception):
    """A body that is not a request of its route: every problem found, in order."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(problems)
        self.problems = problems


def problem(kind: str, loc: Loc, msg: str, **ctx: Any) -> Problem:
    return {"type": kind, "loc": loc, "msg": msg, "ctx": ctx}


class Check:
    """What one field accepts; ``read`` gives the value or adds to ``problems``."""

    def read(self, value: Any, loc: Loc, problems: list[Problem]) -> Any:
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:
        raise NotImplementedError


class Integer(Check):
    def __init__(self, ge: int | None = None, le: int | None = None) -> None:
        self.ge, self.le = ge, le

    def read(self, value: Any, loc: Loc, problems: list[Problem]) -> Any:
        if isinstance(value, float) and math.isfinite(value) and not value.is_integer():
            problems.append(
                problem(
                    "int_from_float",
                    loc,
                    "Input should be a valid integer, got a number with a fractional part",
                )
            )
            return None
        if isinstance(value, float) and math.isfinite(value):
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            problems.append(problem("int_type", loc, "Input should be a valid integer"))
            return None
        return bounded(value, loc, problems, ge=self.ge, le=self.le)

    def schema(self) -> dict[str, Any]:
        return {"type": "integer", **limits(ge=self.ge, le=self.le)}


class Number(Check):
    def __init__(
        self, gt: float | None = None, ge: float | None = None, le: float | None = None
    ) -> None:
        self.gt, self.ge, self.le = gt, ge, le

    def read(self, value: Any, loc: Loc, problems: list[Problem]) -> Any:
        if not isinstance(value, int | float) or isinstance(value, bool):
            problems.append(problem("float_type", loc, "Input should be a valid number"))
            return None
        if not math.isfinite(value):
            problems.append(problem("finite_number", loc, "Input should be a finite number"))
            return None
        return bounded(float(value), loc, problems, gt=self.gt, ge=self.ge, le=self.le)

    def schema(self) -> dict[str, Any]:
        return {"type": "number", **limits(gt=self.gt, ge=self.ge, le=self.le)}


class Boolean(Check):
    def read(self, value: Any, loc: Loc, problems: list[Problem]) -> Any:
        if not isinstance(value, bool):
            problems.append(problem("bool_type", loc, "Input should be a valid boolean"))
            return None
        return value

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


class Text(Check):
    """A string of at most ``max_length`` characters, matching ``pattern`` when one is given."""

    def __init__(self, max_length: int, pattern: str | None = None) -> None:
        self.max_length, self.pattern = max_length, pattern

    def read(self, value: Any, loc: Loc, problems: list[Problem]) -> Any:
        if not isinstance(value, str):
            problems.append(problem("string_type", loc, "Input should be a valid string"))
            return None
        if len(value) > self.max_length:
            problems.append(
                problem(
                    "string_too_long",
                    loc,
                    f"String should have at most {self.max_length} characters",
                    max_length=self.max_length,
                )
            )
            return None
        if self.pattern is not None and not re.search(self.pattern, value):
            problems.append(
                problem(
                    "string_pattern_mismatch",
                    loc,
                    f"String should match pattern '{self.pattern}'",
                    pattern=self.pattern,
                )
            )
            return None
        return value

    def schema(self) -> dict[str, Any]:
        pattern = {"pattern": self.pattern} if self.pattern else {}
        return {"type": "string", "maxLength": self.max_length, **pattern}


class OneLine(Text):
    """A maze's row: a line break in it would make it several rows, past the cap on rows."""

    def read(self, value: Any, loc: Loc, problems: list[Problem]) -> Any:
        value = super().read(value, loc, problems)
        if value is not None and ("\n" in value or "\r" in value):
            problems.append(problem("maze_row", loc[:-1], "a row of the grid holds no line break"))
            return None
        return value

    def schema(self) -> dict[str, Any]:
        return {**super().schema(), "pattern": "^[^\\r\\n]*$"}


class ListOf(Check):
    def __init__(self, item: Check, min_length: int = 0, max_length: int = 0) -> None:
        self.item, self.min_length, self.max_length = item, min_length, max_length

    def read(self, value: Any, loc: Loc, problems: list[Problem]) -> Any:
        if not isinstance(value, list):
            problems.append(problem("list_type", loc, "Input should be a valid list"))
            return None
        n = len(value)
        if n < self.min_length or n > self.max_length:
            short = n < self.min_length
            kind, bound = ("too_short", self.min_length) if short else ("too_long", self.max_length)
            word = "at least" if short else "at most"
            problems.append(
                problem(
                    kind,
                    loc,
                    f"List should have {word} {bound} items after validation, not {n}",
                    **{"min_length" if short else "max_length": bound, "actual_length": n},
                )
            )
            return None
        return [self.item.read(v, (*loc, i), problems) for i, v in enumerate(value)]

    def schema(self) -> dict[str, Any]:
        return {
            "type": "array",
            "items": self.item.schema(),
            "minItems": self.min_length,
            "maxItems": self.max_length,
        }


class AnyOf(Check):
    """The first of ``checks`` whose JSON type the value has (``None`` allowed when
    ``nullable``); a value of none of their types is named by all of them."""

    JSON_TYPES: Mapping[str, tuple[type, ...]] = {
        "array": (list,),
        "string": (str,),
        "integer": (int, float),
    }
    WORDS: Mapping[str, str] = {"array": "a valid list", "string": "a valid string"}

    def __init__(self, *checks: Check, nullable: bool = False) -> None:
        self.checks, self.nullable = checks, nullable

    def read(self, value: Any, loc: Loc, problems: list[Problem]) -> Any:
        if value is None and self.nullable:
            return None
        for check in self.checks:
            fits = isinstance(value, self.JSON_TYPES[check.schema()["type"]])
            if fits and not isinstance(value, bool):
                return check.read(value, loc, problems)
        wanted = " or ".join(self.WORDS.get(c.schema()["type"], "a number") for c in self.checks)
        problems.append(problem("union_type", loc, f"Input should be {wanted}"))
        return None

    def schema(self) -> dict[str, Any]:
        options = [c.schema() for c in self.checks]
        return {"anyOf": options + ([{"type": "null"}] if self.nullable else [])}


def bounded(value: Any, loc: Loc, problems: list[Problem], **bounds: float | None) -> Any:
    for name, bound in bounds.items():
        if bound is None:
            continue
        kind, words, ok = {
            "gt": ("greater_than", "greater than", value > bound),
            "ge": ("greater_than_equal", "greater than or equal to", value >= bound),
            "le": ("less_than_equal", "less than or equal to", value <= bound),
        }[name]
        if not ok:
            problems.append(problem(kind, loc, f"Input should be {words} {bound}", **{name: bound}))
            return None
    return value


def limits(**bounds: float | None) -> dict[str, Any]:
    names = {"gt": "exclusiveMinimum", "ge": "minimum", "le": "maximum"}
    return {names[k]: v for k, v in bounds.items() if v is not None}


REQUIRED: Any = dataclasses.MISSING


def spec(check: Check, default: Any = REQUIRED) -> Any:
    """A body field: what it accepts and its default (none: the body must give it)."""
    return dataclasses.field(default=default, metadata={"check": check})


def body_fields(kind: type) -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(kind) if "check" in f.metadata]


def read(kind: type[R], body: Any) -> R:
    """``body`` (parsed JSON) as a request of ``kind``, or ``Invalid`` with every problem;
    the request's ``given`` names the fields the body gave (``schemas.Request``)."""
    if not isinstance(body, dict):
        raise Invalid([problem("model_attributes_type", (), "Input should be an object")])
    problems: list[Problem] = []
    fields = body_fields(kind)
    known = {f.name for f in fields}
    values: dict[str, Any] = {}
    for f in fields:
        if f.name in body:
            values[f.name] = f.metadata["check"].read(body[f.name], (f.name,), problems)
        elif f.default is REQUIRED:
            problems.append(problem("missing", (f.name,), "Field required"))
    for name in body:
        if name not in known:
            problems.append(problem("extra_forbidden", (name,), "Extra inputs are not permitted"))
    if problems:
        raise Invalid(problems)
    made: Any = kind  # a dataclass of ``schemas.Request``: it takes ``given``
    return cast(R, made(**values, given=frozenset(values)))


def body_schema(kind: type) -> dict[str, Any]:
    """The JSON Schema of ``kind``'s body, for the OpenAPI document."""
    fields = body_fields(kind)
    properties = {}
    for f in fields:
        schema = f.metadata["check"].schema()
        if f.default is not REQUIRED:
            schema = {**schema, "default": f.default}
        properties[f.name] = schema
    required = [f.name for f in fields if f.default is REQUIRED]
    return {
        "title": kind.__name__,
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        **({"required": required} if required else {}),
    }
