"""The standard instance sets (Korf's 100 15-puzzles, Korf–Felner's 50 24-puzzles)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from ..errors import InputError
from .board import Tiles

SETS = {"korf100": ("korf100.txt", 4), "korf24": ("korf24.txt", 5)}


@dataclass(frozen=True)
class Instance:
    id: int
    optimal: int
    tiles: Tiles


def load(name: str) -> tuple[int, list[Instance]]:
    """(side, instances) of a named set; the goal is blank-first (Korf's convention)."""
    if name not in SETS:
        raise InputError(
            "unknown instance set {name!r}; choose from {choices}",
            name=name,
            choices=", ".join(SETS),
        )
    file, side = SETS[name]
    text = resources.files("statesearch.data").joinpath(file).read_text()
    out = []
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            fields = [int(x) for x in line.split()]
            out.append(Instance(fields[0], fields[1], tuple(fields[2:])))
    return side, out


def select(instances: list[Instance], ids: str | None) -> list[Instance]:
    """Instances whose ids match ``1-10,15`` (all when ``ids`` is empty)."""
    if not ids:
        return instances
    spans: list[tuple[int, int]] = []
    try:
        for part in ids.split(","):
            low, _, high = part.partition("-")
            spans.append((int(low), int(high or low)))
    except ValueError:
        raise InputError("cannot read ids {ids!r}: use a list like 1-10,15", ids=ids) from None
    # Each id is tested against the spans: a span is never listed (1-10**30 would never end).
    chosen = [i for i in instances if any(low <= i.id <= high for low, high in spans)]
    if not chosen:
        raise InputError("no instance has an id in {ids!r}", ids=ids)
    return chosen
