"""Slow clients against the app as `make serve` serves it: does /healthz still answer?

    .venv/bin/python tests/security/slow_clients.py [seconds] [clients...]

For each number of clients (default 3 and 100), that many sockets send a request one byte
every 2 s (and never finish it) while /healthz is asked once every 0.2 s; printed: the
slowest and the median answer, and how many did not answer within 5 s. Run against
nginx in front of gunicorn (deploy/serve.py, as `make serve`) and against gunicorn alone
(the recipe before it), same run. 127.0.0.1 only; bounded by `seconds` per measurement.
With DATABASE_URL=postgres://… the app runs on a scratch PostgreSQL database.
"""

from __future__ import annotations

import http.client
import os
import socket
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served, smoke
from tests.security.attack import free_port

REQUEST = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n\r\n"


def _trickle(port: int, stop: threading.Event, opened: list) -> None:
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    except OSError:
        return
    opened.append(sock)
    for byte in REQUEST[:-2]:  # never the last line: the request never ends
        if stop.wait(2):
            break
        try:
            sock.send(bytes([byte]))
        except OSError:
            break  # the server closed it (nginx after client_header_timeout)
    sock.close()


def measure(port: int, clients: int, seconds: float) -> dict:
    stop = threading.Event()
    opened: list = []
    trickles = [
        threading.Thread(target=_trickle, args=(port, stop, opened), daemon=True)
        for _ in range(clients)
    ]
    for thread in trickles:
        thread.start()
    time.sleep(1)  # the slow clients are connected before the first probe
    latencies, unanswered = [], 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/healthz")
            status = connection.getresponse().status
            connection.close()
            if status != 200:
                unanswered += 1
            else:
                latencies.append(time.monotonic() - started)
        except OSError:
            unanswered += 1
        time.sleep(0.2)
    stop.set()
    for thread in trickles:
        thread.join(timeout=5)
    return {
        "clients": clients,
        "connected": len(opened),
        "probes": len(latencies) + unanswered,
        "unanswered": unanswered,
        "median_ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
        "max_ms": round(max(latencies) * 1000, 1) if latencies else None,
    }


def run(seconds: float, counts: list[int], fronts=(True, False)) -> list[dict]:
    results = []
    with served.scratch_database(os.environ.get("DATABASE_URL")) as database_url:
        for front in fronts:
            workers = smoke.size(served.WORKERS, 1)  # BENCH_SMOKE=1: one is enough to see
            with served.app_server(
                free_port(), database_url, front=front, workers=workers
            ) as server:
                for clients in counts:
                    figures = measure(server.port, clients, seconds)
                    figures["front"] = "nginx + gunicorn" if front else "gunicorn alone"
                    results.append(figures)
                    print(
                        f"{figures['front']:>17}: {clients:>3} slow clients: /healthz "
                        f"median {figures['median_ms']} ms, slowest {figures['max_ms']} ms, "
                        f"{figures['unanswered']} of {figures['probes']} unanswered within 5 s",
                        flush=True,
                    )
    return results


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 20
    counts = [int(n) for n in sys.argv[2:]] or [3, 100]
    run(seconds, counts)
