"""What a kept state costs in memory, per domain and engine: each search runs in a fresh process
until it keeps ``--states`` states (``max_states``), and the growth of the process's peak
resident size is divided by the states kept.

    python benchmarks/state_memory.py [--states 150000]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

TILT = "o...o..#\n..#...o.\n.o....#.\n...#o...\no....#..\n..o.#...\n.#....o.\nxxxxxxxx"
CASES = {
    "n-puzzle 4x4, A* (Python)": (
        "from statesearch.npuzzle import NPuzzle\n"
        "problem = NPuzzle.from_text('14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3', goal='blank-first')\n"
        "run = dict(algorithm='astar', heuristic='manhattan', engine='python')"
    ),
    "n-puzzle 3x3, BFS (Python)": (
        "from statesearch.npuzzle import NPuzzle\n"
        "problem = NPuzzle.from_text('2 8 1 4 6 3 0 7 5')\n"
        "run = dict(algorithm='bfs', precheck=False)  # 181,440 states: keeps at most that"
    ),
    "maze 2000x2000, A* (Python)": (
        "from statesearch.maze import Maze\n"
        "rows = ['.' * 2000] * 2000\n"
        "rows[0] = 'S' + rows[0][1:]\n"
        "rows[-1] = rows[-1][:-1] + 'G'\n"
        "problem = Maze('\\n'.join(rows).splitlines())\n"
        "run = dict(algorithm='astar', heuristic='zero')"
    ),
    "tilt 8x8, 8 blocks, BFS (Python)": (
        "from statesearch.tilt import Tilt\n"
        f"problem = Tilt.from_text({TILT!r})\n"
        "run = dict(algorithm='bfs', engine='python')"
    ),
    "tilt 8x8, 8 blocks, BFS (compiled)": (
        "from statesearch.tilt import Tilt\n"
        f"problem = Tilt.from_text({TILT!r})\n"
        "run = dict(algorithm='bfs', engine='compiled')"
    ),
}

MEASURE = """
import json, resource, statesearch
from statesearch import Limits, solve
{setup}
solve(problem, **{{**run, 'limits': Limits(max_states=1000)}})  # load what the search needs
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
result = solve(problem, **{{**run, 'limits': Limits(max_states={states})}})
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"kb": after - before, "status": result.status.value,
                  "limit": result.limit and result.limit.value}}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--states", type=int, default=150_000)
    states = parser.parse_args().states
    print(f"{'search':38} {'states kept':>12} {'MB':>8} {'bytes a state':>14}")
    for name, setup in CASES.items():
        code = MEASURE.format(setup=setup, states=states)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        if done.returncode != 0:
            print(f"{name:38} failed: {done.stderr.strip().splitlines()[-1]}")
            continue
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        kept = states if figures["limit"] == "memory" else None
        if kept is None:
            print(f"{name:38} ended before {states:,} states ({figures['status']})")
            continue
        grown = figures["kb"] * 1024
        print(f"{name:38} {kept:>12,} {grown / 2**20:>8.0f} {grown / kept:>14.0f}")


if __name__ == "__main__":
    main()
