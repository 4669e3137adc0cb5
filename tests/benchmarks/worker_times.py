"""Where a gunicorn worker's time goes, request by request: a gunicorn config file.

    GUNICORN_CMD_ARGS="--config tests/benchmarks/worker_times.py" WORKER_TIMES_DIR=DIR …
    WORKER_TIMES=1 .venv/bin/python tests/benchmarks/school_load.py   (school_load does it)

For each request the worker (its thread) notes the wall time from gunicorn's pre_request
to its post_request, and from the kernel's /proc/thread-self/schedstat the time it ran on
a core and the time it waited, runnable, for one; the rest is time it was blocked (a
lock, the database's answer, the GIL). At the worker's exit it writes its sums by kind of
request (a phone's poll, an answer, a puzzle load, …) to DIR/worker-<pid>.json, and
`table(DIR)` adds up every worker's. The time a request waited before a worker took it
(nginx's queue, the listen backlog) is outside: the client's latency minus this wall.
Only the standard library: gunicorn reads it before Django is set up.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

_sums: dict[str, list[float]] = {}  # kind: [requests, wall, on a core, waiting for one]


def kind(method: str, path: str, query: str) -> str:
    if path.startswith("/live/round"):
        return "phone poll"
    if path.endswith("/panel"):
        return "presenter panel"
    if re.match(r"^/live/sessions/\d+/audience/.+", path):
        return "audience stage"
    if re.match(r"^/live/sessions/\d+/$", path):
        return "presenter page" if method == "GET" else "other"
    if path.startswith("/live/sessions/") and method == "POST":
        return "teacher click"
    if path.startswith("/lessons/"):
        if method == "POST":
            return "answer"
        return "puzzle load" if "puzzle=" in query else "lesson page"
    if path.startswith(("/join/", "/live/")) and path.count("/") <= 4:
        return "sign-in"
    return "other"


def _scheduled() -> tuple[float, float]:
    ran, waited, _slices = Path("/proc/thread-self/schedstat").read_text().split()
    return int(ran) / 1e9, int(waited) / 1e9


def pre_request(worker, req) -> None:
    req.worker_times = (time.perf_counter(), *_scheduled())


def post_request(worker, req, environ, resp) -> None:
    started, ran, waited = req.worker_times
    ran_now, waited_now = _scheduled()
    sums = _sums.setdefault(kind(req.method, req.path, req.query or ""), [0, 0.0, 0.0, 0.0])
    sums[0] += 1
    sums[1] += time.perf_counter() - started
    sums[2] += ran_now - ran
    sums[3] += waited_now - waited


def worker_exit(server, worker) -> None:
    folder = Path(os.environ["WORKER_TIMES_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"worker-{os.getpid()}.json").write_text(json.dumps(_sums))


def table(folder: str | Path) -> list[str]:
    """Every worker's sums by kind, as lines: requests, then a request's wall time split
    into on a core, waiting for a core and blocked (ms), and the kind's share of the CPU."""
    total: dict[str, list[float]] = {}
    for path in Path(folder).glob("worker-*.json"):
        for name, sums in json.loads(path.read_text()).items():
            into = total.setdefault(name, [0, 0.0, 0.0, 0.0])
            for index, value in enumerate(sums):
                into[index] += value
    cpu = sum(sums[2] for sums in total.values()) or 1.0
    lines = ["kind: requests; a request's ms: wall = on a core + waiting for one + blocked"]
    for name, (n, wall, ran, waited) in sorted(total.items(), key=lambda item: -item[1][2]):
        blocked = max(0.0, wall - ran - waited)
        lines.append(
            f"  {name}: {n:.0f}; {wall / n * 1000:.2f} = {ran / n * 1000:.2f} + "
            f"{waited / n * 1000:.2f} + {blocked / n * 1000:.2f}; "
            f"{ran / cpu * 100:.0f} % of the CPU"
        )
    walls, ran, waited = (sum(s[i] for s in total.values()) for i in (1, 2, 3))
    lines.append(
        f"  all: {walls:.1f} s in requests = {ran:.1f} s on a core + {waited:.1f} s waiting for "
        f"one + {max(0.0, walls - ran - waited):.1f} s blocked"
    )
    return lines
