"""One hard IDA* split over local workers: the speed-up over the same kernel run serially, and
how the split would scale, simulated from the measured subtree sizes.

    nice python benchmarks/split_ida.py [--instance 88] [--heuristic manhattan] [--workers 2]

1. The serial search with the loop kernel the split runs on each subtree (``FrameSearch``),
   and the default serial search (for Manhattan on boards up to 6x6 the per-shape IDA*,
   1.6x faster per node).
2. The split search on ``--workers`` local processes: its wall time and speed-up, a check that
   every completed iteration counted exactly the serial search's nodes, and the speed-up an
   idle machine would give, from the tasks' CPU seconds (a machine shared with other work
   stretches every wall time; CPU seconds stay put): the tasks scheduled in the order the
   pool hands them out, the iterations too small to split run by the coordinator.
3. A second split with a fine frontier (``--fine`` subtrees an iteration), whose task CPU
   times feed the same schedule for 2, 8, 64 and 512 workers, each with the frontier the split
   would choose for it (64 subtrees a worker: the measured subtrees grouped by move prefix)
   and 1 ms a task for dispatch; the last iteration ends when the subtree with the goal
   reaches it. It prints the projected makespan, the speed-up and the idle fraction.
"""

from __future__ import annotations

import argparse
import heapq
import os
import time
from collections import defaultdict
from typing import Any

from statesearch import Limits, solve
from statesearch.batch.local_pool import LocalPool
from statesearch.batch.split import PER_WORKER, Searched, Subtree, split_ida_star
from statesearch.core.limits import Meter
from statesearch.core.result import Stats
from statesearch.npuzzle import NPuzzle
from statesearch.npuzzle.benchmarks import load
from statesearch.npuzzle.compiled import FrameSearch, ida_star

Task = tuple[int, tuple[int, ...], float, bool]  # bound, moves, CPU seconds, found the goal


def serial_frame(puzzle: NPuzzle, heuristic: str) -> tuple[float, float, Stats]:
    stats = Stats()
    wall, cpu = time.perf_counter(), time.process_time()
    ida_star(FrameSearch(puzzle, heuristic), puzzle, Meter(Limits()), stats)
    return time.perf_counter() - wall, time.process_time() - cpu, stats


def split_run(puzzle: NPuzzle, heuristic: str, pool: LocalPool, per_worker: int) -> Any:
    tasks: list[Task] = []

    def seen(bound: int, subtree: Subtree, part: Searched) -> None:
        tasks.append((bound, subtree.moves, part.seconds, part.found is not None))

    wall = time.perf_counter()
    result = split_ida_star(puzzle, heuristic, pool=pool, per_worker=per_worker, on_task=seen)
    return time.perf_counter() - wall, result, tasks


def schedule(durations: list[float], workers: int, goal: int | None) -> float:
    """Tasks in order, each to the worker that frees first (as the pool hands them out); with
    ``goal``, the moment that task ends (it found the goal: the others stop)."""
    free = [(0.0, w) for w in range(workers)]
    end = 0.0
    for i, d in enumerate(durations):
        start, w = heapq.heappop(free)
        end = max(end, start + d)
        if i == goal:
            return start + d
        heapq.heappush(free, (start + d, w))
    return end


def simulate(tasks: list[Task], unsplit: float, workers: int, overhead: float) -> tuple:
    """Makespan (coordinator's unsplit iterations + each split iteration scheduled) and idle
    fraction for ``workers``, with the frontier the split would choose for them: the measured
    subtrees grouped by move prefix down to about PER_WORKER groups a worker."""
    by_bound: dict[int, list[Task]] = defaultdict(list)
    for task in tasks:
        by_bound[task[0]].append(task)
    span = busy = 0.0
    counts = []
    for members in by_bound.values():
        members.sort(key=lambda t: t[1])  # depth-first order: the order they are handed out
        cut = len(members[0][1])
        while cut > 1 and len({m[1][: cut - 1] for m in members}) >= PER_WORKER * workers:
            cut -= 1
        groups: dict[tuple[int, ...], float] = defaultdict(float)
        goal = None
        for _, moves, seconds, found in members:
            if goal is not None and moves[:cut] not in groups:
                break  # after the group that found the goal nothing else is needed
            groups[moves[:cut]] += seconds
            if found:
                goal = len(groups) - 1
                break
        durations = [d + overhead for d in groups.values()]
        counts.append(len(durations))
        part = schedule(durations, workers, goal)
        span += part
        busy += sum(durations) if goal is None else min(sum(durations), part * workers)
    idle = 1 - busy / (workers * span) if span else 0.0
    return unsplit + span, idle, sorted(counts)[len(counts) // 2] if counts else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instance", type=int, default=88, help="Korf's 15-puzzle number")
    parser.add_argument("--heuristic", default="manhattan")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fine", type=int, default=4096, help="subtrees an iteration, run 3")
    args = parser.parse_args()
    side, instances = load("korf100")
    instance = instances[args.instance - 1]
    puzzle = NPuzzle(instance.tiles, side, side, tuple(range(side * side)))
    print(f"Korf #{instance.id} (optimal {instance.optimal}), IDA* + {args.heuristic}")
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    pool = LocalPool(args.workers)
    warm = NPuzzle(instances[11].tiles, side, side, tuple(range(side * side)))
    split_ida_star(warm, args.heuristic, pool=pool, serial_below=0)  # workers load the kernel
    solve(warm, "idastar", args.heuristic)  # and so does this process
    wall_1, cpu_1, serial = serial_frame(puzzle, args.heuristic)
    rate = serial.generated / cpu_1
    print(
        f"serial, loop kernel: {wall_1:.1f} s wall, {cpu_1:.1f} CPU s, "
        f"{serial.generated:,} generated ({rate / 1e6:.0f} M/CPU s)"
    )
    wall = time.perf_counter()
    default = solve(puzzle, "idastar", args.heuristic)
    wall_default = time.perf_counter() - wall
    print(f"serial, default kernel ({default.engine}): {wall_default:.1f} s wall")
    wall_n, result, tasks = split_run(puzzle, args.heuristic, pool, PER_WORKER)
    same = result.stats.iterations[:-1] == serial.iterations[:-1]
    split_bounds = {t[0] for t in tasks}
    per_expanded = cpu_1 / serial.expanded
    unsplit_n = sum(i.expanded for i in result.stats.iterations if i.bound not in split_bounds)
    unsplit = unsplit_n * per_expanded
    busy = sum(t[2] for t in tasks)
    print(
        f"split over {args.workers} workers: {wall_n:.1f} s wall, length {result.length} "
        f"(serial {len(default.actions)}), completed iterations equal: {same}, "
        f"{len(tasks)} tasks, {busy:.1f} CPU s in tasks, {unsplit:.1f} s unsplit"
    )
    print(
        f"  measured speed-up (wall, on this machine now): x{wall_1 / wall_n:.2f} over the loop "
        f"kernel, x{wall_default / wall_n:.2f} over the default serial search"
    )
    span, idle, _ = simulate(tasks, unsplit, args.workers, 0.0)
    print(
        f"  from CPU times (an idle machine): makespan {span:.1f} s, speed-up "
        f"x{cpu_1 / span:.2f} over the loop kernel's {cpu_1:.1f} CPU s, idle {idle:.1%}"
    )
    wall_fine, fine, fine_tasks = split_run(puzzle, args.heuristic, pool, args.fine // pool.size)
    pool.close()
    fine_bounds = {t[0] for t in fine_tasks}
    unsplit_n = sum(i.expanded for i in fine.stats.iterations if i.bound not in fine_bounds)
    unsplit = unsplit_n * per_expanded
    print(
        f"fine split ({len(fine_tasks)} tasks): {wall_fine:.1f} s wall, length {fine.length}, "
        f"iterations equal: {fine.stats.iterations[:-1] == serial.iterations[:-1]}"
    )
    print("projected from the fine split's task CPU times (+ 1 ms a task for dispatch):")
    print(f"  {'workers':>7} {'subtrees/iter':>13} {'makespan s':>10} {'speed-up':>8} {'idle':>6}")
    for workers in (2, 8, 64, 512):
        span, idle, median = simulate(fine_tasks, unsplit, workers, 1e-3)
        print(f"  {workers:>7} {median:>13} {span:>10.2f} {cpu_1 / span:>7.1f}x {idle:>6.1%}")


if __name__ == "__main__":
    main()
