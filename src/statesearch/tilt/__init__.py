"""Tilt puzzles: every block moves at once."""

from .board import TiltBoard, format_tilt, parse_tilt
from .problem import Tilt

__all__ = ["Tilt", "TiltBoard", "format_tilt", "parse_tilt"]
