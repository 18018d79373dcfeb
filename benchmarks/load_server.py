"""Load on the playground's server: 32 clients keep asking for hard solves while a cheap
endpoint (the live panel's ``/api/npuzzle/analyze``) is polled every 100 ms.

Prints the cheap endpoint's latency (p50, p99, max) first with no search running (the
reference: whatever else loads the machine shows there too), then under the load, with the
ratios; the peak memory of the server and its search workers; and how the hard solves were
answered (200 with their status, 503 busy). Then it stops. The server runs in a child process
on a free loopback port; nothing leaves the machine.

    python benchmarks/load_server.py [--seconds 30] [--clients 32]
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

# Two kinds of hard solve: the Python A* (millions of small objects, the garbage collector's
# worst case) and the compiled IDA*, both on a 15-puzzle board that neither finishes in time.
HARD = [0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
SOLVES = [
    {"tiles": HARD, "rows": 4, "cols": 4, "algorithm": "astar", "time_limit": 5},
    {"tiles": HARD, "rows": 4, "cols": 4, "algorithm": "idastar", "time_limit": 5},
]
CHEAP = {"tiles": [7, 2, 4, 5, 0, 6, 8, 3, 1], "rows": 3, "cols": 3}
SERVER = """
import sys
from statesearch.web.server import listening_socket, make_server
sock = listening_socket("127.0.0.1", int(sys.argv[1]))
make_server("127.0.0.1", int(sys.argv[1]), log_level="warning").run(sockets=[sock])
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(
    port: int, path: str, body: dict[str, object], timeout: float
) -> tuple[int, dict[str, Any], float]:
    """Status, JSON answer and the ``Retry-After`` seconds (0 when none)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = json.dumps(body)
        connection.request("POST", path, data, {"Content-Type": "application/json"})
        response = connection.getresponse()
        retry = float(response.getheader("retry-after") or 0)
        return response.status, json.loads(response.read() or b"{}"), retry
    finally:
        connection.close()


def resident_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def family(pid: int) -> list[int]:
    """``pid`` and its descendants (the search workers), from /proc."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*/children"):
            try:
                todo.extend(int(child) for child in task.read_text().split())
            except OSError:
                continue
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--clients", type=int, default=32)
    args = parser.parse_args()

    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(port)])
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                post(port, "/api/npuzzle/analyze", CHEAP, timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.2)
        time.sleep(3)  # let the workers load their kernels, as a server that has been up would
        quiet = run(port, server.pid, min(10.0, args.seconds), 0)
        loaded = run(port, server.pid, args.seconds, args.clients)
        print(
            f"under load / quiet: p50 x{loaded[0] / quiet[0]:.1f}, p99 x{loaded[1] / quiet[1]:.1f}"
            f" (on {os.cpu_count()} cores)"
        )
    finally:
        server.terminate()
        server.wait(timeout=20)


def run(port: int, server_pid: int, seconds: float, clients: int) -> tuple[float, float]:
    """Poll the cheap endpoint for ``seconds`` while ``clients`` ask for hard solves; print
    what happened and return the cheap endpoint's p50 and p99 in milliseconds."""
    stop = time.monotonic() + seconds
    statuses: collections.Counter[str] = collections.Counter()
    latencies: list[float] = []
    peak = {"kib": 0}
    lock = threading.Lock()

    def client(index: int) -> None:
        solve = SOLVES[index % len(SOLVES)]
        while time.monotonic() < stop:
            try:
                status, data, retry = post(port, "/api/npuzzle/solve", solve, timeout=40)
            except OSError as err:
                status, data, retry = 0, {"status": type(err).__name__}, 1.0
            label = f"{status} {data.get('status') or ''}".strip()
            with lock:
                statuses[label] += 1
            time.sleep(min(retry, 1.0))  # a busy server said when; these clients come sooner

    def poll() -> None:
        while time.monotonic() < stop:
            started = time.monotonic()
            status, _, _ = post(port, "/api/npuzzle/analyze", CHEAP, timeout=10)
            took = time.monotonic() - started
            with lock:
                latencies.append(took)
                statuses[f"cheap {status}"] += 1
            time.sleep(max(0.0, 0.1 - took))

    def watch_memory() -> None:
        while time.monotonic() < stop:
            total = sum(resident_kib(pid) for pid in family(server_pid))
            peak["kib"] = max(peak["kib"], total)
            time.sleep(0.2)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    threads += [threading.Thread(target=poll), threading.Thread(target=watch_memory)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    ms = sorted(t * 1000 for t in latencies)
    p50, p99 = statistics.median(ms), ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(f"{clients} clients of hard solves for {seconds:.0f} s, cheap endpoint every 100 ms:")
    print(
        f"  cheap endpoint: {len(ms)} requests, p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
        f"max {ms[-1]:.1f} ms"
    )
    print(f"  peak memory, server and workers: {peak['kib'] / 1024:.0f} MB")
    print("  answers: " + ", ".join(f"{label}: {n}" for label, n in sorted(statuses.items())))
    return p50, p99


if __name__ == "__main__":
    main()
