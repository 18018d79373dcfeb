"""The pattern databases a search with ``-H pdb`` reads, by who asks: built on first use by a
caller that may build (the command line, a batch before its workers start: ``Building``), else
read from the cache only: a table missing or damaged is refused in one line with the command
that builds it. The server never builds one: a table for each goal a client invents would let
clients fill its disk (11.5 MB a 15-puzzle goal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cache import cache_dir
from ..core.domain import Building
from ..core.limits import Meter
from ..errors import InputError
from ..kernels import COMPILER
from .problem import NPuzzle

if TYPE_CHECKING:
    from .pdb import GroupKey


def with_tables(
    puzzle: NPuzzle, heuristic: str | None, meter: Meter, building: Building | None
) -> NPuzzle:
    """``puzzle`` with the tables ``heuristic`` reads (only ``pdb`` reads any; an unsolvable
    board none: its proof needs no search)."""
    if (heuristic or "").lower() != "pdb" or not puzzle.solvable:
        return puzzle
    if building is None:
        return _from_cache(puzzle)
    from .pdb_lookup import PatternDatabase

    with meter.doing("preparing the pattern databases"):
        tables = PatternDatabase(
            puzzle.rows, puzzle.cols, puzzle.goal, puzzle.partition, building.progress,
            building.log, check_limits=meter.check,
        )  # fmt: skip
    return puzzle.with_pattern_database(tables)


def table_keys(puzzle: NPuzzle) -> list[GroupKey]:
    """The tables of the board's partition for its goal."""
    from .pdb import GroupKey, partition_groups  # numpy: not in the page's Python

    groups = partition_groups(puzzle.rows, puzzle.cols, puzzle.partition)
    return [GroupKey(puzzle.rows, puzzle.cols, puzzle.goal, group) for group in groups]


def tables_present(puzzle: NPuzzle) -> bool:
    """Whether the cache has every table file (a quick look for the live panel; a search
    checks them whole). Never in the page's own Python, which cannot read them (numpy)."""
    if not COMPILER:
        return False
    directory = cache_dir()
    names = [key.name for key in table_keys(puzzle)]
    return all((directory / f"{n}{ext}").is_file() for n in names for ext in (".npy", ".json"))


def missing_tables(puzzle: NPuzzle) -> str | None:
    """Why the partition's tables for this goal cannot be read from the cache, or ``None``
    when they all can."""
    from .pdb import check

    for key in table_keys(puzzle):
        try:
            problem = check(key, cache_dir())
        except Exception as err:  # any damage at all means: do not use it
            problem = f"unreadable ({type(err).__name__})"
        if problem:
            return problem
    return None


def _from_cache(puzzle: NPuzzle) -> NPuzzle:
    from .pdb_lookup import loaded

    problem = missing_tables(puzzle)
    shape = {"rows": puzzle.rows, "cols": puzzle.cols, "goal": puzzle.goal_spelling()}
    if problem == "missing":
        raise InputError(
            "no pattern database for this board and goal yet (the server builds none); "
            "build it once with: statesearch pdb build {rows}x{cols} --goal {goal}",
            **shape,
        )
    if problem:
        raise InputError(
            "the pattern database for this board and goal cannot be used ({problem}); "
            "rebuild it with: statesearch pdb build {rows}x{cols} --goal {goal}",
            problem=problem,
            **shape,
        )
    tables = loaded(puzzle.rows, puzzle.cols, puzzle.goal, puzzle.partition)
    return puzzle.with_pattern_database(tables)
