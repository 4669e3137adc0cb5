"""What each per-process cache saves (process_caches.CACHES): the CPU time of the requests it
serves with the cache kept, against the same requests with that one cache keeping nothing.

Run: .venv/bin/python tests/benchmarks/cache_gains.py [BLOCKS] [REQUESTS] [NAME …]

Django with the site's settings (DEBUG off) on a scratch SQLite database, through Django's
test client, answers the requests a cache serves: the castling lesson's solving move and an
illegal move, as move_breakdown.py sends them; the same with 注音 switched on (zhuyin.*) or
in 简体中文 (languages.simplified.*); a class dashboard of 40 students (people.*); the
glossary page (glossary.*). In one process, kept and not kept take turns, BLOCKS times
(default 10) REQUESTS requests each (default 20; a cache loaded once per process, bound
None, 2 requests), after a warm-up: a function's cache is left out by putting the function
it wraps in its place in every module that holds it, a Table by keeping nothing. The gain
is CPU time not kept ÷ kept − 1, over all the blocks. Prints one line per cache.
"""

from __future__ import annotations

import os
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
    "people.": "class dashboard",
    "glossary.": "glossary",
    "worksheets.": "worksheet PDF",
}


def workload_of(name: str) -> str:
    return next((w for start, w in WORKLOAD_OF.items() if name.startswith(start)), "move")


def keep(name: str, kept: bool) -> None:
    """The cache ``name`` kept (as made) or left out."""
    cache = process_caches.made(name)
    if isinstance(cache, process_caches.Table):
        cache.keeps = kept
        cache.clear()
        return
    wanted, other = (cache, cache.__wrapped__) if kept else (cache.__wrapped__, cache)
    for module in list(sys.modules.values()):
        names = getattr(module, "__dict__", {})
        for attribute, value in list(names.items()):
            if value is other:
                setattr(module, attribute, wanted)
    cache.cache_clear()


def workloads():
    from django.conf import settings
    from django.test import Client
    from django.urls import reverse

    import people.views.dashboards
    from tests.benchmarks.dashboard_speed import build_class, eighteen_lessons

    def answers(client, cookies):
        client.cookies.load(cookies)
        for move in MOVES:
            response = client.post(
                URL, f"mode=move&selected={move[:2]}&square={move[2:]}",
                content_type="application/x-www-form-urlencoded", HTTP_HX_REQUEST="true",
                HTTP_ACCEPT_ENCODING="gzip, deflate, br",  # as every browser asks
            )  # fmt: skip
            assert response.status_code == 200, response.status_code

    found = {}
    for name, cookies in (
        ("move", {}),
        ("move 注音", {"zhuyin": "on"}),
        ("move 简体中文", {settings.LANGUAGE_COOKIE_NAME: "zh-hans"}),
    ):
        client = Client()
        client.get("/lessons/castling/")
        found[name] = lambda client=client, cookies=cookies: answers(client, cookies)
    lessons = eighteen_lessons()
    people.views.dashboards.all_lessons = lambda: lessons
    teacher, classroom = build_class(lessons, students=40, attempts=4000)
    grown_up = Client()
    grown_up.force_login(teacher)
    dashboard = reverse("people:class_dashboard", args=[classroom.pk])
    found["class dashboard"] = lambda: grown_up.get(dashboard)
    visitor = Client()
    found["glossary"] = lambda: visitor.get("/glossary/")
    found["worksheet PDF"] = lambda: grown_up.get("/worksheets/lessons/checkmate/pdf/")
    return found


def cpu(work, count: int) -> float:
    start = time.process_time()
    for _ in range(count):
        work()
    return time.process_time() - start


def main() -> None:
    blocks = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    requests = int(sys.argv[2]) if len(sys.argv) > 2 else 20
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

    call_command("migrate", verbosity=0)
    settings.STORAGES["staticfiles"]["BACKEND"] = (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )
    found = workloads()
    names = sys.argv[3:] or list(process_caches.CACHES)
    print(f"load average {os.getloadavg()[0]:.2f}; {blocks} blocks × {requests} requests each way")
    for name in names:
        work = found[workload_of(name)]
        count = 2 if process_caches.CACHES[name].bound is None else requests
        for _ in range(3 * count):
            work()
        spent = {True: 0.0, False: 0.0}
        for block in range(blocks):
            for kept in (True, False) if block % 2 == 0 else (False, True):
                keep(name, kept)
                work()  # the cache's first fill belongs to neither
                spent[kept] += cpu(work, count)
        keep(name, True)
        per = {kept: spent[kept] / (blocks * count) * 1000 for kept in spent}
        print(
            f"{name}: {100 * (per[False] / per[True] - 1):+.1f} % CPU without it"
            f" ({workload_of(name)}: {per[True]:.2f} ms a request kept,"
            f" {per[False]:.2f} ms without)",
            flush=True,
        )


if __name__ == "__main__":
    main()
