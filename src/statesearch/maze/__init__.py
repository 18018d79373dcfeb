"""Grid mazes with terrain costs."""

from .grid import LESSON_MAZE, Maze

__all__ = ["LESSON_MAZE", "Maze"]
