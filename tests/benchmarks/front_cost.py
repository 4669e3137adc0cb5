"""What nginx in front of gunicorn costs a move answer: answers a second, both ways.

Run: .venv/bin/python tests/benchmarks/front_cost.py [PAIRS] [SECONDS]

The app as `make serve` runs it (nginx in front of gunicorn ×3, deploy/serve.py) and
gunicorn ×3 alone, on one scratch database, driven in turn A B A B with the move answer of
tests/benchmarks/move_throughput.py (wrk, 20 connections). Prints each pair and the median
of the pairs' ratios (front ÷ alone; the issue's bound: at least 0.90).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served, smoke
from tests.benchmarks.move_throughput import CONNECTIONS, SESSIONS, answer_lua, new_session

FRONT_PORT, ALONE_PORT = smoke.port(18530), smoke.port(18532, skip=2)
BOUND = 0.90


def main() -> int:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    if served.find_wrk() is None:
        print("front_cost: SKIPPED, wrk is missing (apt-get install -y wrk, as root)")
        return 0
    with (
        served.scratch_database(None) as scratch,
        served.app_server(FRONT_PORT, scratch, front=True) as front,
        served.app_server(ALONE_PORT, scratch, front=False, migrate=False) as alone,
    ):
        runs = {}
        for name, server in (("front", front), ("alone", alone)):
            lua = answer_lua([new_session(server.base) for _ in range(SESSIONS)])
            runs[name] = lambda s, b=server.base, lua=lua: served.wrk(
                f"{b}/", lua, connections=CONNECTIONS, seconds=s
            )
            runs[name](smoke.size(2, 1))  # warm
        ratios = []
        for n in range(1, pairs + 1):
            a, b = runs["front"](seconds), runs["alone"](seconds)
            ratios.append(a["rps"] / b["rps"])
            print(
                f"  pair {n}: nginx + gunicorn {a['rps']:7.1f} req/s p95 "
                f"{a['p95_us'] / 1000:5.1f} ms (non-2xx {a['non_2xx']}) | gunicorn alone "
                f"{b['rps']:7.1f} req/s p95 {b['p95_us'] / 1000:5.1f} ms | ratio {ratios[-1]:.3f}",
                flush=True,
            )
    ratio = statistics.median(ratios)
    print(
        f"front_cost: nginx in front ÷ gunicorn alone = {ratio:.3f} "
        f"(median of {pairs} pairs; bound ≥ {BOUND})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
