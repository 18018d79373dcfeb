"""What the API accepts: every request body as a dataclass of checked fields, with the server's
caps (read by ``checks.read``, the same in the server and in the page's own Python).

A client may ask for less than a cap, never more. Time is the budget that matters: a search
stops at its ``time_limit`` (at most ``MAX_SECONDS``, counted from the moment the request
arrived, setup included) and its node counts and depth are only further bounds a client may add.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..npuzzle import NPuzzle
from ..npuzzle.board import parse_goal
from .checks import AnyOf, Boolean, Integer, ListOf, Number, OneLine, Text, spec

MAX_SECONDS = 20.0  # the longest any request may run
MAX_NODES = 10**12  # a node budget beyond this is no bound at all (and stays a machine word)
MAX_STATES = 3_000_000  # states a search may keep: about 1 GB for the Python engine
MAX_MEMORY = 2 << 30  # bytes a search worker may hold
MAX_EVENTS = 20_000  # trace events one answer may carry (the lesson's misplaced-tiles A*: 13,568)
MAX_H_OFFSET = 100  # the most a client may add to a heuristic (the lesson adds 3)
MAX_BOARD_TEXT = 2000  # characters of a tilt board
MAX_MAZE_SIDE = 60
MAX_MAP_TEXT = 10_000  # characters of a Moving AI map: a 60x60 one with CRLF is about 3,800
MAX_BEAM = 10**6  # a beam wider than this keeps no fewer states than the server's cap
MAX_DEPTH = 10**6  # steps a path may have: more than any board the caps let in needs

NAME = Text(max_length=40)
TILE = Integer(ge=0, le=24)  # boards have at most 25 cells
SECONDS = Number(gt=0, le=MAX_SECONDS)
WEIGHT = Number(ge=0, le=10)
NODES = AnyOf(Integer(ge=1, le=MAX_NODES), nullable=True)
# Beam search's width (``None``: the engine's default); any other search is told it is unread.
BEAM_WIDTH = AnyOf(Integer(ge=1, le=MAX_BEAM), nullable=True)


@dataclass(kw_only=True)
class Request:
    """A request body: only the fields named, each of its own type, numbers finite.
    ``given``: the fields the body gave (a default is no choice of the client's)."""

    given: frozenset[str] = field(default=frozenset(), repr=False, compare=False)


@dataclass(kw_only=True)
class RequestLimits(Request):
    """Budgets a client may set; without any, the server's time cap decides. ``max_depth``
    bounds a path's steps (depth-limited search needs it)."""

    max_expanded: int | None = spec(NODES, None)
    max_pushed: int | None = spec(NODES, None)
    max_depth: int | None = spec(AnyOf(Integer(ge=0, le=MAX_DEPTH), nullable=True), None)
    time_limit: float = spec(SECONDS, MAX_SECONDS)


@dataclass(kw_only=True)
class Board(Request):
    tiles: list[int] = spec(ListOf(TILE, min_length=4, max_length=25))
    rows: int = spec(Integer(ge=2, le=5))
    cols: int = spec(Integer(ge=2, le=5))
    # The tiles, or the goal as typed ("blank-first", "1 2 3 / 4 5 6 / 7 8 _"): the server
    # reads it as the CLI's --goal does, with the same one-line errors.
    goal: list[int] | str | None = spec(
        AnyOf(ListOf(TILE, max_length=25), Text(max_length=200), nullable=True), None
    )

    def puzzle(self) -> NPuzzle:
        goal: tuple[int, ...] | None = None
        if isinstance(self.goal, str):
            goal = parse_goal(self.goal, self.rows, self.cols)
        elif self.goal is not None:  # [] too: refused as a goal of no tiles, not the default
            goal = tuple(self.goal)
        return NPuzzle(tuple(self.tiles), self.rows, self.cols, goal)


@dataclass(kw_only=True)
class SolveBoard(Board, RequestLimits):
    algorithm: str = spec(NAME, "astar")
    heuristic: str = spec(NAME, "manhattan")
    weight: float = spec(WEIGHT, 1.0)
    beam_width: int | None = spec(BEAM_WIDTH, None)
    precheck: bool = spec(Boolean(), True)


@dataclass(kw_only=True)
class SolveMaze(RequestLimits):
    grid: list[str] = spec(
        ListOf(OneLine(max_length=MAX_MAZE_SIDE), min_length=1, max_length=MAX_MAZE_SIDE)
    )
    algorithm: str = spec(NAME, "astar")
    # None: the maze's own (manhattan with 4 moves, octile with 8).
    heuristic: str | None = spec(AnyOf(NAME, nullable=True), None)
    weight: float = spec(WEIGHT, 1.0)
    beam_width: int | None = spec(BEAM_WIDTH, None)
    # 4 (the lesson's) or 8 with the diagonals; the corner rule ``avoid`` (Moving AI's) or ``cut``.
    moves: int = spec(Integer(ge=4, le=8), 4)
    corners: str = spec(NAME, "avoid")


@dataclass(kw_only=True)
class MazeMap(Request):
    """A Moving AI ``.map`` file's text, read as a maze's rows up to the page's caps."""

    text: str = spec(Text(max_length=MAX_MAP_TEXT))


@dataclass(kw_only=True)
class TraceOptions(Request):
    """What a step-through asks for besides the search: how many events to send, and a
    constant added to the heuristic (the lesson's h + 3, which changes no pop)."""

    max_events: int = spec(Integer(ge=1, le=MAX_EVENTS), MAX_EVENTS)
    h_offset: int = spec(Integer(ge=0, le=MAX_H_OFFSET), 0)


@dataclass(kw_only=True)
class TraceBoard(SolveBoard, TraceOptions):
    pass


@dataclass(kw_only=True)
class TraceMaze(SolveMaze, TraceOptions):
    pass


@dataclass(kw_only=True)
class SolveTilt(RequestLimits):
    board: str = spec(Text(max_length=MAX_BOARD_TEXT))
    algorithm: str = spec(NAME, "astar")
    # None: A*'s is "best", and "auto" may then choose as the CLI does (bidirectional search).
    heuristic: str | None = spec(AnyOf(NAME, nullable=True), None)
    step: str = spec(NAME, "single")
    collide: str = spec(NAME, "block")


@dataclass(kw_only=True)
class TiltMove(Request):
    board: str = spec(Text(max_length=MAX_BOARD_TEXT))
    direction: str = spec(Text(max_length=1, pattern="^[UDLR]$"))
    step: str = spec(NAME, "single")
    collide: str = spec(NAME, "block")


@dataclass(kw_only=True)
class TiltGenerate(Request):
    seed: int = spec(Integer(ge=0, le=10**9), 1)
    blocks: int = spec(Integer(ge=1, le=8), 3)
    min_length: int = spec(Integer(ge=1, le=25), 12)
    time_limit: float = spec(SECONDS, MAX_SECONDS)
