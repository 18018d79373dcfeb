"""What the API accepts: every request body as a pydantic model, with the server's caps.

A client may ask for less than a cap, never more. Time is the budget that matters: a search
stops at its ``time_limit`` (at most ``MAX_SECONDS``, counted from the moment the request
arrived, setup included) and its node counts are only a further bound a client may add.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from ..npuzzle import NPuzzle

MAX_SECONDS = 20.0  # the longest any request may run
MAX_NODES = 10**12  # a node budget beyond this is no bound at all (and stays a machine word)
MAX_STATES = 3_000_000  # states a search may keep: about 1 GB for the Python engine
MAX_MEMORY = 2 << 30  # bytes a search worker may hold
MAX_EVENTS = 20_000  # trace events one answer may carry (the lesson's misplaced-tiles A*: 13,568)
MAX_H_OFFSET = 100  # the most a client may add to a heuristic (the lesson adds 3)
MAX_BOARD_TEXT = 2000  # characters of a tilt board
MAX_MAZE_SIDE = 60

Name = Annotated[str, Field(max_length=40)]
Tile = Annotated[int, Field(ge=0, le=24)]  # boards have at most 25 cells


class RequestLimits(BaseModel):
    """Budgets a client may set; without any, the server's time cap decides."""

    max_expanded: Annotated[int, Field(ge=1, le=MAX_NODES)] | None = None
    max_pushed: Annotated[int, Field(ge=1, le=MAX_NODES)] | None = None
    time_limit: Annotated[float, Field(gt=0, le=MAX_SECONDS)] = MAX_SECONDS


class Board(BaseModel):
    tiles: Annotated[list[Tile], Field(min_length=4, max_length=25)]
    rows: Annotated[int, Field(ge=2, le=5)]
    cols: Annotated[int, Field(ge=2, le=5)]
    goal: Annotated[list[Tile], Field(max_length=25)] | None = None

    def puzzle(self) -> NPuzzle:
        goal = tuple(self.goal) if self.goal else None
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


class TraceOptions(BaseModel):
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
    heuristic: Name = "best"
    step: Name = "single"
    collide: Name = "block"


class TiltMove(BaseModel):
    board: Annotated[str, Field(max_length=MAX_BOARD_TEXT)]
    direction: Annotated[str, Field(pattern="^[UDLR]$")]
    step: Name = "single"
    collide: Name = "block"


class TiltGenerate(BaseModel):
    seed: Annotated[int, Field(ge=0, le=10**9)] = 1
    blocks: Annotated[int, Field(ge=1, le=8)] = 3
    min_length: Annotated[int, Field(ge=1, le=25)] = 12
    time_limit: Annotated[float, Field(gt=0, le=MAX_SECONDS)] = MAX_SECONDS
