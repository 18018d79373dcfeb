"""The maze domain: text, terrain costs and the heuristic."""

from __future__ import annotations

import pytest

from helpers import replay
from statesearch import InputError, Status, solve
from statesearch.maze import Maze


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("S.\n.", "ragged"),
        ("S.X\n..G", "unknown maze character 'X' at row 1, column 3"),
        ("..\n.G", "exactly one 'S'"),
        ("SG\nGS", "exactly one 'S'"),
        ("S.\n..", "exactly one 'G'"),
        ("\n\n", "empty"),
    ],
)
def test_bad_mazes(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        Maze.parse(text)


def test_terrain_makes_the_long_way_cheaper() -> None:
    maze = Maze.parse("S5G\n...")
    cheapest = solve(maze, "ucs")
    assert cheapest.cost == 4 and cheapest.moves == "DRRU"
    replay(maze, cheapest)
    fewest = solve(maze, "bfs")
    assert fewest.length == 2 and fewest.cost == 6 and not fewest.optimal
    astar = solve(maze, "astar", "manhattan")
    assert astar.cost == 4 and astar.optimal


def test_walled_off_goal_is_unsolvable() -> None:
    result = solve(Maze.parse("S#G\n.#."), "astar")
    assert result.status is Status.UNSOLVABLE and result.stats.expanded == 2


def test_heuristic_is_manhattan_times_the_cheapest_cell() -> None:
    # S and G count as cost 1, so the cheapest cell here costs 1, not 3.
    maze = Maze.parse("S33\n33G")
    assert maze.min_cost == 1
    assert maze.heuristics["manhattan"](maze.initial) == 3
    assert solve(maze, "astar", "manhattan").cost == 7


def test_show_draws_the_path() -> None:
    maze = Maze.parse("S..\n..G")
    assert maze.show(solve(maze, "astar").path).count("*") == 2
