"""A/B of move_throughput's answer POST between two source trees, under gunicorn.

Run: .venv/bin/python tests/benchmarks/move_ab.py TREE_A TREE_B [PAIRS] [SECONDS]
     (DATABASE_URL=postgres://… for PostgreSQL; extra environment for one side:
     A_ENV="K=V,K=V" B_ENV="K=V"). A tree is a copy of the project (git archive, plus the
     compiled locale/*.mo), served with this virtualenv.

Both trees served at once (3 workers each, separate scratch databases), driven in turn
A B, B A, … (PAIRS pairs, default 4, SECONDS each, default 8) with wrk at 20 connections;
prints each pair's ratio B/A and the median of the pairs' ratios, and beside them the CPU
time the gunicorn workers spent an answer (user + system, from /proc): a figure that other
work on a shared machine changes less than answers a second.
"""

import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served, smoke
from tests.benchmarks.move_throughput import CONNECTIONS, answer_lua, new_session

PORT_A, PORT_B = smoke.port(18520), smoke.port(18521, skip=1)  # the benchmarks' range


@contextmanager
def tree_server(tree: Path, port: int, database_url: str, extra: dict):
    with tempfile.TemporaryDirectory(prefix="tutor-static-") as static_root:
        env = dict(served.app_env(database_url), STATIC_ROOT=static_root, **extra)
        if tree.resolve() == served.ROOT:  # this tree: what served keeps for it
            env = served.prepare(env)
        for args in () if tree.resolve() == served.ROOT else ("migrate", "collectstatic"):
            subprocess.run(
                [str(served.BIN / "python"), "manage.py", args, "--noinput"],
                cwd=tree,
                env=env,
                check=True,
                stdout=subprocess.DEVNULL,
            )
        process = served._gunicorn("tutor.wsgi", port, env, tree, served.WORKERS)
        try:
            served._wait_ready(process, f"http://127.0.0.1:{port}/healthz")
            yield served.Server(port, process, env)
        finally:
            served._stop(process)


@contextmanager
def scratch(base, side):
    if not base:
        with served.scratch_database(None) as url:
            yield url
        return
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    parts = urlsplit(base)
    name = f"{parts.path.lstrip('/')}_ab_{side}"
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(base, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def parse_env(text: str) -> dict:
    return dict(item.split("=", 1) for item in text.split(",") if item)


def main() -> None:
    tree_a, tree_b = Path(sys.argv[1]), Path(sys.argv[2])
    pairs = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    seconds = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    base = os.environ.get("DATABASE_URL") or None
    print(
        f"load average {os.getloadavg()[:2]}; A={tree_a} {os.environ.get('A_ENV', '')}"
        f" B={tree_b} {os.environ.get('B_ENV', '')} db={'PostgreSQL' if base else 'SQLite'}"
    )
    with (
        scratch(base, "a") as url_a,
        tree_server(tree_a, PORT_A, url_a, parse_env(os.environ.get("A_ENV", ""))) as a,
        scratch(base, "b") as url_b,
        tree_server(tree_b, PORT_B, url_b, parse_env(os.environ.get("B_ENV", ""))) as b,
    ):
        lua_a = answer_lua([new_session(a.base) for _ in range(20)])
        lua_b = answer_lua([new_session(b.base) for _ in range(20)])

        def run(server, lua, s):
            workers = served.worker_pids(server)
            before = served.cpu_seconds(workers)
            result = served.wrk(f"{server.base}/", lua, connections=CONNECTIONS, seconds=s)
            answered = result["rps"] * s
            spent = served.cpu_seconds(workers) - before
            result["cpu_us"] = spent / answered * 1e6 if answered else 0
            return result

        run(a, lua_a, 2), run(b, lua_b, 2)
        ratios, ras, rbs, pas, pbs, cas, cbs = [], [], [], [], [], [], []
        for n in range(pairs):
            first, second = ((a, lua_a), (b, lua_b)) if n % 2 == 0 else ((b, lua_b), (a, lua_a))
            r1 = run(*first, seconds)
            r2 = run(*second, seconds)
            ra, rb = (r1, r2) if n % 2 == 0 else (r2, r1)
            bad = ra["non_2xx"] + ra["socket_errors"] + rb["non_2xx"] + rb["socket_errors"]
            ratios.append(rb["rps"] / ra["rps"])
            ras.append(ra["rps"]), rbs.append(rb["rps"])
            pas.append(ra["p95_us"] / 1000), pbs.append(rb["p95_us"] / 1000)
            cas.append(ra["cpu_us"]), cbs.append(rb["cpu_us"])
            print(
                f"  pair {n + 1}: A {ra['rps']:7.1f} req/s p95 {ra['p95_us'] / 1000:5.1f} ms"
                f" {ra['cpu_us']:5.0f} µs CPU"
                f" | B {rb['rps']:7.1f} req/s p95 {rb['p95_us'] / 1000:5.1f} ms"
                f" {rb['cpu_us']:5.0f} µs CPU"
                f" | B/A {ratios[-1]:.3f} (failed {bad})",
                flush=True,
            )
    print(
        f"median: A {statistics.median(ras):.1f} req/s (p95 {statistics.median(pas):.1f} ms),"
        f" B {statistics.median(rbs):.1f} req/s (p95 {statistics.median(pbs):.1f} ms);"
        f" median pair ratio B/A {statistics.median(ratios):.3f}"
        f" (range {min(ratios):.3f}-{max(ratios):.3f}), {pairs} pairs x {seconds} s"
    )
    cpu_a, cpu_b = statistics.median(cas), statistics.median(cbs)
    print(
        f"workers' CPU an answer (medians): A {cpu_a:.0f} µs, B {cpu_b:.0f} µs;"
        f" B/A {cpu_b / cpu_a:.3f}"
    )


if __name__ == "__main__":
    main()
