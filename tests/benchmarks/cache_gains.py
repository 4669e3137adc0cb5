"""What each per-process cache saves (process_caches.CACHES): the CPU time of the requests it
serves with every cache kept, against the same requests with that one cache keeping nothing.

Run: .venv/bin/python tests/benchmarks/cache_gains.py [ROUNDS] [REQUESTS]
     .venv/bin/python tests/benchmarks/cache_gains.py 2 300 board.component._board_view …

Each measurement is a fresh process (the cache bypassed before the modules are imported:
process_caches.bypassed) on a scratch SQLite database, Django's test client, DEBUG off,
answering the requests the cache serves REQUESTS times (default 300, after 50 to warm up):
the castling lesson's solving move and an illegal move as move_breakdown.py sends them; the
same with 注音 switched on (zhuyin.*) or in 简体中文 (languages.simplified.*); a class
dashboard of 40 students (tutor.people.*); the glossary page (glossary.*). A cache loaded
once per process (bound None) is measured on 10 requests. For each cache the runs go
kept, bypassed, ROUNDS times (default 2); its gain is the median over the rounds of
(CPU bypassed ÷ CPU kept − 1). Prints one line per cache.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import process_caches  # noqa: E402 (after the path is set)

URL = "/lessons/castling/castling-short-first/"
MOVES = ("e1g1", "e1e3")
# The requests a cache serves, by the start of its name; the rest serve a move's answer.
WORKLOAD_OF = {
    "zhuyin.": "move 注音",
    "languages.simplified.": "move 简体中文",
    "tutor.people.": "class dashboard",
    "glossary.": "glossary",
}


def workload_of(name: str) -> str:
    return next((w for start, w in WORKLOAD_OF.items() if name.startswith(start)), "move")


def _answers(client, cookies: dict) -> None:
    for name, value in cookies.items():
        client.cookies[name] = value
    for move in MOVES:
        response = client.post(
            URL, f"mode=move&selected={move[:2]}&square={move[2:]}",
            content_type="application/x-www-form-urlencoded", HTTP_HX_REQUEST="true",
        )  # fmt: skip
        assert response.status_code == 200, response.status_code


def child(workload: str, requests: int) -> None:
    """One measurement: CPU ms per request of the workload, as JSON on stdout."""
    warnings.simplefilter("ignore")
    folder = tempfile.mkdtemp(prefix="tutor-caches-")
    os.environ.update(
        DATABASE_URL=f"sqlite:///{folder}/db.sqlite3", DJANGO_SETTINGS_MODULE="tutor.settings",
        DEBUG="0", SECRET_KEY="cache-gains-" + "x" * 50, ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="0", STATIC_ROOT=folder,
    )  # fmt: skip
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from tests.benchmarks.dashboard_speed import build_class, eighteen_lessons

    call_command("migrate", verbosity=0)
    settings.STORAGES["staticfiles"]["BACKEND"] = (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )
    if workload == "class dashboard":
        lessons = eighteen_lessons()
        import tutor.people.dashboards

        tutor.people.dashboards.all_lessons = lambda: lessons
        teacher, classroom = build_class(lessons, students=40, attempts=4000)
        grown_up = Client()
        grown_up.force_login(teacher)
        dashboard = reverse("people:class_dashboard", args=[classroom.pk])
        work = lambda: grown_up.get(dashboard)  # noqa: E731
    elif workload == "glossary":
        work = lambda: Client().get("/glossary/")  # noqa: E731
    else:
        cookies = {
            "move": {},
            "move 注音": {"zhuyin": "on"},
            "move 简体中文": {settings.LANGUAGE_COOKIE_NAME: "zh-hans"},
        }[workload]
        client = Client()
        client.get("/lessons/castling/")
        work = lambda: _answers(client, cookies)  # noqa: E731
    for _ in range(min(50, requests)):
        work()
    start = time.process_time()
    for _ in range(requests):
        work()
    print(json.dumps((time.process_time() - start) / requests * 1000))


def measure(bypassed: str | None, workload: str, requests: int) -> float:
    off = [bypassed] if bypassed else []
    script = (
        f"import sys; sys.path.insert(0, {str(ROOT)!r}); import process_caches; "
        f"process_caches.bypassed = set({off!r}); "
        f"from tests.benchmarks import cache_gains; cache_gains.child({workload!r}, {requests})"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    requests = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    names = sys.argv[3:] or list(process_caches.CACHES)
    print(f"load average {os.getloadavg()[0]:.2f}; {rounds} rounds × {requests} requests",
          flush=True)  # fmt: skip
    gains: dict[str, list[float]] = {name: [] for name in names}
    for n in range(rounds):
        for name in names:
            workload = workload_of(name)
            count = 10 if process_caches.CACHES[name].bound is None else requests
            kept, without = measure(None, workload, count), measure(name, workload, count)
            gains[name].append(without / kept - 1)
            print(f"  round {n + 1} {name} ({workload}): {kept:.2f} ms CPU a request kept,"
                  f" {without:.2f} ms without", flush=True)  # fmt: skip
    for name in names:
        gain = statistics.median(gains[name])
        print(f"{name}: {100 * gain:+.1f} % CPU without it ({workload_of(name)}; rounds "
              + ", ".join(f"{100 * g:+.1f} %" for g in gains[name]) + ")")  # fmt: skip


if __name__ == "__main__":
    main()
