"""attempts.csv of a class with 200,000 attempts: time, size, and the gunicorn worker's memory.

Run: .venv/bin/python tests/benchmarks/csv_memory.py [ATTEMPTS] [PORT]   (defaults 200,000, 18530)

Builds a class of 200 students with ATTEMPTS attempts in a scratch database (SQLite, or a
temp PostgreSQL database beside DATABASE_URL), starts the app as `make serve` does but with
one worker (so there is one process to watch), downloads a small class's CSV to warm the
worker, then the large one, reading it as it arrives. Prints the time to the first byte
and to the last, the size, whether it was streamed (no Content-Length, chunked), and the
worker's memory: resident before, its peak (VmHWM) during, and resident after, and the
CPU time the worker spent on the large one. Target: streamed, worker memory grows < 10 MB,
done within gunicorn's 30 s timeout.
"""

import http.client
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served
from tests.benchmarks.dashboard_speed import build_class, eighteen_lessons

PORT = int(sys.argv[2]) if len(sys.argv) > 2 else 18530
TARGET_MB = 10


def download(server, path: str, cookie: str) -> dict:
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=600)
    started = time.perf_counter()
    connection.request("GET", path, headers={"Cookie": cookie})
    response = connection.getresponse()
    assert response.status == 200, (response.status, served.log_tail(server.process))
    first = None
    size = 0
    while chunk := response.read1(65536):
        first = first or time.perf_counter()
        size += len(chunk)
    done = time.perf_counter()
    connection.close()
    return {
        "first_byte_s": (first or done) - started,
        "total_s": done - started,
        "bytes": size,
        "streamed": response.getheader("Content-Length") is None,
        "encoding": response.getheader("Transfer-Encoding") or "",
    }


def main() -> None:
    attempts = int(sys.argv[1].replace(",", "").replace("_", "")) if len(sys.argv) > 1 else 200_000
    os.environ["SECRET_KEY"] = served.SECRET_KEY  # the server must read our session cookie
    from tests.benchmarks.scratch import django_on_scratch

    with django_on_scratch() as url:
        from django.conf import settings
        from django.test import Client
        from django.urls import reverse

        lessons = eighteen_lessons()
        small_teacher, small = build_class(lessons, students=5, attempts=200, username="small")
        teacher, classroom = build_class(lessons, students=200, attempts=attempts, seed=2)
        small_teacher.delete()  # its class stays reachable by the big class's teacher below
        small.teacher = teacher
        small.save()
        client = Client()
        client.force_login(teacher)
        cookie = (
            f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
        )
        small_url = reverse("people:attempts_csv", args=[small.pk])
        large_url = reverse("people:attempts_csv", args=[classroom.pk])
        from django.db import connections

        connections.close_all()
        with served.app_server(PORT, url, workers=1, migrate=False) as server:
            download(server, small_url, cookie)  # warm: code imported, connection open
            (worker,) = served.worker_pids(server)
            before = served.memory_kb(worker)
            cpu = served.cpu_seconds([worker])
            got = download(server, large_url, cookie)
            cpu = served.cpu_seconds([worker]) - cpu
            after = served.memory_kb(worker)
    growth_mb = (after["VmHWM"] - before["VmRSS"]) / 1024
    print(
        f"attempts.csv, {attempts:,d} attempts: {got['bytes'] / 1e6:.1f} MB, first byte after "
        f"{got['first_byte_s']:.2f} s, last after {got['total_s']:.2f} s (worker CPU {cpu:.2f} s); "
        f"{'streamed (' + got['encoding'] + ')' if got['streamed'] else 'NOT streamed'}"
    )
    print(
        f"worker memory: {before['VmRSS'] / 1024:.0f} MB before, peak {after['VmHWM'] / 1024:.0f} "
        f"MB, {after['VmRSS'] / 1024:.0f} MB after; grew {growth_mb:.1f} MB at the peak "
        f"({'within' if growth_mb < TARGET_MB and got['streamed'] else 'OVER'} the "
        f"< {TARGET_MB} MB, streamed target)"
    )


if __name__ == "__main__":
    main()
