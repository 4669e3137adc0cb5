"""A worker killed mid-answer, and the answers sent again: one row per answer?

    .venv/bin/python tests/security/killed_worker.py [ANSWERS] [BROWSERS]

The app as `make serve` runs it. BROWSERS (default 10) learners post ANSWERS (default
1,000) answers between them, each answer's form with its own token (lessons.answer_tokens);
halfway through, one gunicorn worker is killed (SIGKILL) with requests in flight. Every
answer that got no 200 is sent again, token and all, as a browser retrying would; and 50
answered ones are sent again on purpose (a double tap, a retry after a lost connection).
Printed: answers, re-sent, and the attempt rows written (before tokens: 1,001 rows for
1,000 answers). DATABASE_URL=postgres://… runs it on PostgreSQL.
"""

from __future__ import annotations

import http.client
import os
import secrets
import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served, smoke
from tests.security.attack import Browser, rows, served_app

ANSWER = "/lessons/castling/castling-short-first/"
MOVE = {"mode": "move", "selected": "e1", "square": "g1"}
COUNT = "SELECT COUNT(*) FROM lessons_attempt WHERE token IS NOT NULL"


def _send(browser: Browser, token: str) -> int:
    try:
        return browser.post(ANSWER, MOVE | {"token": token}, **{"HX-Request": "true"}).status
    except (OSError, http.client.HTTPException):
        return 0  # the connection broke, before the answer or in the middle of it: no answer


def _until_answered(browser: Browser, token: str) -> int:
    """Send the answer until it is answered (a browser retrying); how many sends."""
    for sends in range(1, 11):
        if _send(browser, token) == 200:
            return sends
        time.sleep(0.5)
    raise RuntimeError(f"answer {token} not answered in 10 sends")


def run(answers: int, browsers: int) -> dict:
    # Under BENCH_SMOKE=1 two workers: one killed, the other answers while it is replaced.
    with served_app(os.environ.get("DATABASE_URL"), workers=smoke.size(served.WORKERS, 2)) as app:
        learners = [Browser(app.base, f"203.0.113.{n + 1}") for n in range(browsers)]
        for browser in learners:
            browser.get("/lessons/castling/")
        tokens = [secrets.token_urlsafe(12) for _ in range(answers)]
        first_tries: dict[str, int] = {}
        lock, killed = threading.Lock(), []

        def answer(n: int) -> None:
            if n == answers // 2 and not killed:
                pid = served.worker_pids(app.server)[0]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            status = _send(learners[n % browsers], tokens[n])
            with lock:
                first_tries[tokens[n]] = status

        with ThreadPoolExecutor(max_workers=browsers) as pool:
            list(pool.map(answer, range(answers)))
        unanswered = [n for n in range(answers) if first_tries[tokens[n]] != 200]
        for n in unanswered:
            _until_answered(learners[n % browsers], tokens[n])
        again = list(range(0, answers, max(1, answers // 50)))[:50]
        repeats = [_send(learners[n % browsers], tokens[n]) for n in again]
        written = rows(app.database_url, COUNT)
    figures = {
        "answers": answers,
        "killed": len(killed),
        "unanswered": len(unanswered),
        "repeated": len(again),
        "repeats_answered": repeats.count(200),
        "rows": written,
    }
    print(
        f"killed_worker: {answers} answers, a worker killed halfway; {len(unanswered)} got no"
        f" answer and were sent again, {len(again)} answered ones sent again on purpose "
        f"({repeats.count(200)} answered 200); attempt rows: {written} "
        f"({'one per answer' if written == answers else 'NOT one per answer'})",
        flush=True,
    )
    return figures


if __name__ == "__main__":
    numbers = [int(n) for n in sys.argv[1:3]]
    result = run(*(numbers + [1000, 10][len(numbers) :]))
    sys.exit(0 if result["rows"] == result["answers"] else 1)
