"""What the estimates and the compiled IDA* read of a cube problem (``problem.Cube`` is one).

They sit below the problem, which picks them, so they see it through this protocol only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..model.cubies import Cubies
from ..model.state import State

if TYPE_CHECKING:
    from .coset_table import CosetTable
    from .korf import PatternTables


class SearchedCube(Protocol):
    """A cube to search: its size, metric, moves, start and goal, and the tables at hand."""

    size: int
    metric: str
    initial: State
    goal: State
    move_numbers: tuple[int, ...]

    @property
    def start(self) -> Cubies: ...

    @property
    def solvable(self) -> bool: ...

    @property
    def coset_table(self) -> CosetTable: ...

    @property
    def pattern_tables(self) -> PatternTables: ...
