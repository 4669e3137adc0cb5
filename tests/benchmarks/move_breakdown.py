"""Where one move's answer spends its time, in-process: the parts of move_throughput's request.

Run: .venv/bin/python tests/benchmarks/move_breakdown.py [REQUESTS]
     DATABASE_URL=postgres://… .venv/bin/python tests/benchmarks/move_breakdown.py (PostgreSQL)

Django with the site's own settings (tutor.settings, DEBUG off; static files unhashed, so
nothing needs collecting) on a scratch database answers the castling lesson's first puzzle
REQUESTS times (default 2000) through Django's test client, as the htmx POST a browser
sends: the solving move (e1g1), then an illegal one (e1e3). Prints the CPU time of a whole
request and of each part (inclusive; the parts overlap where one calls another), and the
SQL statements one answer makes. CPU time, not wall time: the figure holds on a busy
machine better, and the server's own work (gunicorn, the network) is move_throughput's.

The board of a position already drawn is handed out again (board.component.board_context);
the benchmark repeats one position, so it also prints what an answer costs when its board
is new to the process (the kept boards emptied before each request).
"""

from __future__ import annotations

import collections
import functools
import os
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks import served  # noqa: E402 (after the path is set)

URL = "/lessons/castling/castling-short-first/"
ANSWERS = {"solving move e1g1": "e1g1", "illegal move e1e3": "e1e3"}


def parts():
    """(label, module, attribute, modules that imported it by name): each part timed."""
    from django.middleware import gzip

    import board.component
    import curriculum.judging
    import lessons.answering
    import lessons.learners
    import lessons.presenter
    import lessons.progress
    import lessons.views
    import plumbing.sessions

    return [
        ("session read", plumbing.sessions.SessionStore, "load", []),
        ("the learner with its tries and results (one read)", lessons.learners,
         "learner_and_history", [lessons.views]),
        ("recording the attempt (its reads, the INSERT, one transaction)", lessons.progress,
         "record_attempt", [lessons.answering]),
        ("the engine's judgement", curriculum.judging, "judge", [lessons.answering]),
        ("the puzzle's context (board included)", lessons.presenter, "present_puzzle", []),
        ("the board (kept, or made)", board.component, "board_context", [lessons.views]),
        ("the puzzle's HTML (templates/lessons/*.jinja)", lessons.presenter, "puzzle_section",
         [lessons.views]),
        ("gzip", gzip.GZipMiddleware, "process_response", []),
    ]  # fmt: skip


def timed(spent: collections.Counter, label: str, function):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - start

    return wrapper


def cpu_per_request(answer, requests: int) -> float:
    """ms of CPU per answer."""
    start = time.process_time()
    for _ in range(requests):
        answer()
    return (time.process_time() - start) / requests * 1000


def main(requests: int) -> None:
    warnings.simplefilter("ignore")  # no static folder collected: whitenoise says so
    with served.scratch_database(os.environ.get("DATABASE_URL")) as url:
        served.site_in_process(url, "move-breakdown")
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        import board.component

        spent = collections.Counter()
        for label, owner, name, importers in parts():
            wrapped = timed(spent, label, getattr(owner, name))
            for place in (owner, *importers):
                setattr(place, name, wrapped)
        client = Client(HTTP_HOST="127.0.0.1")
        client.get("/lessons/castling/")
        vendor = connection.vendor
        for title, move in ANSWERS.items():
            body = f"mode=move&selected={move[:2]}&square={move[2:]}"

            def answer(body=body):
                response = client.post(
                    URL, body, content_type="application/x-www-form-urlencoded",
                    HTTP_HX_REQUEST="true", HTTP_ACCEPT_ENCODING="gzip",
                )  # fmt: skip
                assert response.status_code == 200, response.status_code

            for _ in range(200):
                answer()
            with CaptureQueriesContext(connection) as queries:
                answer()
            statements = len(queries)  # read now: the next request empties the log
            spent.clear()
            whole = cpu_per_request(answer, requests)
            print(f"{vendor}, {title}: {whole:.2f} ms CPU a request through the test client,"
                  f" {statements} SQL statements; of it (inclusive):")  # fmt: skip
            for label, _owner, _name, _importers in parts():
                print(f"  {spent[label] / requests * 1000:6.3f} ms  {label}")

            def afresh(answer=answer):
                board.component._board_view.cache_clear()  # process_caches lists it
                answer()

            cold = cpu_per_request(afresh, requests // 4)
            print(f"  {cold:.2f} ms CPU when the board is new to the process (not kept yet)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
