"""The sliding-tile puzzle (8-puzzle, 15-puzzle, any rows x cols)."""

from .board import Board, compact, format_board, parse_board, parse_goal
from .problem import NPuzzle, random_board, scramble
from .solvability import inversions, is_solvable, parity_proof

__all__ = [
    "Board",
    "NPuzzle",
    "compact",
    "format_board",
    "inversions",
    "is_solvable",
    "parity_proof",
    "parse_board",
    "parse_goal",
    "random_board",
    "scramble",
]
