"""What the API accepts: every request body as a pydantic model, with the server's caps.

A client may ask for less than a cap, never more. Time is the budget that matters: a search
stops at its ``time_limit`` (at most ``MAX_SECONDS``, counted from the moment the request
arrived, setup included) and its node counts and depth are only further bounds a client may add.

Every body is read strictly (``Request``): a field the server does not know is refused (a
misspelt ``time_limt`` would otherwise be dropped, and the search run with the default), and so
is a value of another type (``"3"`` or ``true`` for a number) or a number that is not finite.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from ..npuzzle import NPuzzle
from ..npuzzle.board import parse_goal

MAX_SECONDS = 20.0  # the longest any request may run
MAX_NODES = 10**12  # a node budget beyond this is no bound at all (and stays a machine word)
MAX_STATES = 3_000_000  # states a search may keep: about 1 GB for the Python engine
MAX_MEMORY = 2 << 30  # bytes a search worker may hold
MAX_EVENTS = 20_000  # trace events one answer may carry (the lesson's misplaced-tiles A*: 13,568)
MAX_H_OFFSET = 100  # the most a client may add to a heuristic (the lesson adds 3)
MAX_BOARD_TEXT = 2000  # characters of a tilt board
MAX_MAZE_SIDE = 60
MAX_DEPTH = 10**6  # steps a path may have: more than any board the caps let in needs

Name = Annotated[str, Field(max_length=40)]
Tile = Annotated[int, Field(ge=0, le=24)]  # boards have at most 25 cells
GoalText = Annotated[str, Field(max_length=200)]


class Refusal(BaseModel):
    """Every answer that is not a result: one line, in the client's language."""

    detail: str


def refusal(why: str) -> dict[str, Any]:
    return {"model": Refusal, "description": why}


# What the API documents of its refusals (the guard's and the handlers' in ``app``).
REFUSALS: dict[int | str, dict[str, Any]] = {
    400: refusal("a host name this server does not answer to, or a body it cannot read"),
    403: refusal("a request from a page of another site"),
    408: refusal("a body that did not arrive in time"),
    413: refusal("a body larger than the server takes"),
    422: refusal("bad input: what is wrong, on one line"),
    503: refusal("busy with other searches (see Retry-After), or an internal error"),
}


class Request(BaseModel):
    """A request body: only the fields named, each of its own type, numbers finite."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class RequestLimits(Request):
    """Budgets a client may set; without any, the server's time cap decides. ``max_depth``
    bounds a path's steps (depth-limited search needs it)."""

    max_expanded: Annotated[int, Field(ge=1, le=MAX_NODES)] | None = None
    max_pushed: Annotated[int, Field(ge=1, le=MAX_NODES)] | None = None
    max_depth: Annotated[int, Field(ge=0, le=MAX_DEPTH)] | None = None
    time_limit: Annotated[float, Field(gt=0, le=MAX_SECONDS)] = MAX_SECONDS


class Board(Request):
    tiles: Annotated[list[Tile], Field(min_length=4, max_length=25)]
    rows: Annotated[int, Field(ge=2, le=5)]
    cols: Annotated[int, Field(ge=2, le=5)]
    # The tiles, or the goal as typed ("blank-first", "1 2 3 / 4 5 6 / 7 8 _"): the server
    # reads it as the CLI's --goal does, with the same one-line errors.
    goal: Annotated[list[Tile], Field(max_length=25)] | GoalText | None = None

    def puzzle(self) -> NPuzzle:
        goal: tuple[int, ...] | None = None
        if isinstance(self.goal, str):
            goal = parse_goal(self.goal, self.rows, self.cols)
        elif self.goal is not None:  # [] too: refused as a goal of no tiles, not the default
            goal = tuple(self.goal)
        return NPuzzle(tuple(self.tiles), self.rows, self.cols, goal)


class SolveBoard(Board, RequestLimits):
    algorithm: Name = "astar"
    heuristic: Name = "manhattan"
    weight: Annotated[float, Field(ge=0, le=10)] = 1.0
    precheck: bool = True


class SolveMaze(RequestLimits):
    grid: Annotated[
        list[Annotated[str, Field(max_length=MAX_MAZE_SIDE)]],
        Field(min_length=1, max_length=MAX_MAZE_SIDE),
    ]
    algorithm: Name = "astar"
    heuristic: Name = "manhattan"
    weight: Annotated[float, Field(ge=0, le=10)] = 1.0

    @field_validator("grid")
    @classmethod
    def one_line_a_row(cls, grid: list[str]) -> list[str]:
        """A row with line breaks in it would be several rows, past the cap on rows."""
        if any("\n" in row or "\r" in row for row in grid):
            raise PydanticCustomError("maze_row", "a row of the grid holds no line break")
        return grid


class TraceOptions(Request):
    """What a step-through asks for besides the search: how many events to send, and a
    constant added to the heuristic (the lesson's h + 3, which changes no pop)."""

    max_events: Annotated[int, Field(ge=1, le=MAX_EVENTS)] = MAX_EVENTS
    h_offset: Annotated[int, Field(ge=0, le=MAX_H_OFFSET)] = 0


class TraceBoard(SolveBoard, TraceOptions):
    pass


class TraceMaze(SolveMaze, TraceOptions):
    pass


class SolveTilt(RequestLimits):
    board: Annotated[str, Field(max_length=MAX_BOARD_TEXT)]
    algorithm: Name = "astar"
    # None: A*'s is "best", and "auto" may then choose as the CLI does (bidirectional search).
    heuristic: Name | None = None
    step: Name = "single"
    collide: Name = "block"


class TiltMove(Request):
    board: Annotated[str, Field(max_length=MAX_BOARD_TEXT)]
    direction: Annotated[str, Field(pattern="^[UDLR]$")]
    step: Name = "single"
    collide: Name = "block"


class TiltGenerate(Request):
    seed: Annotated[int, Field(ge=0, le=10**9)] = 1
    blocks: Annotated[int, Field(ge=1, le=8)] = 3
    min_length: Annotated[int, Field(ge=1, le=25)] = 12
    time_limit: Annotated[float, Field(gt=0, le=MAX_SECONDS)] = MAX_SECONDS
