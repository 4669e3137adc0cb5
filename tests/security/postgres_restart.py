"""PostgreSQL restarted while a class answers: what does each child see, and what is kept?

    .venv/bin/python tests/security/postgres_restart.py [SECONDS] [BROWSERS] [PORT]

A private PostgreSQL 15 instance of its own (initdb as the `postgres` user in a temporary
folder, listening on 127.0.0.1:PORT, default 8219, trust authentication) serves the app as
`make serve` runs it: never the machine's shared cluster on 5432, which other sessions use.
A real restart (`pg_ctl restart -m fast`: every connection dropped, new ones refused until
it is up again) says more than ending the app's backends with pg_terminate_backend, which
leaves the server accepting at once. BROWSERS (default 10) learners answer for SECONDS
(default 20), each answer with its own token; the server is restarted a third of the way in.
Every answer not answered 200 is sent again until it is. Printed: the answers, how they
were first answered (200, 503 「請再試一次」, other: before, a 400 for a stored answer), and the
attempt rows (one per answer). Needs PostgreSQL 15's binaries (/usr/lib/postgresql/15/bin)
and root, to run them as `postgres`.
"""

from __future__ import annotations

import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.security.attack import Browser, rows, served_app
from tests.security.killed_worker import ANSWER, COUNT, MOVE

BIN = Path("/usr/lib/postgresql/15/bin")


def _as_postgres(*command: str) -> None:
    subprocess.run(
        ["runuser", "-u", "postgres", "--", *command],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@contextmanager
def private_postgres(port: int):
    """A PostgreSQL instance of this run's own; yields (its URL, a restart function)."""
    folder = tempfile.mkdtemp(prefix="tutor-pg-")
    shutil.chown(folder, "postgres", "postgres")
    data = f"{folder}/data"
    _as_postgres(str(BIN / "initdb"), "-D", data, "--auth=trust", "-U", "postgres")
    options = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={folder}"
    control = [str(BIN / "pg_ctl"), "-D", data, "-o", options, "-w", "-l", f"{folder}/log"]
    _as_postgres(*control, "start")
    try:
        yield (
            f"postgres://postgres@127.0.0.1:{port}/postgres",
            lambda: _as_postgres(*control, "-m", "fast", "restart"),
        )
    finally:
        _as_postgres(*control, "-m", "fast", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def _send(browser: Browser, token: str) -> tuple[int, str]:
    try:
        answer = browser.post(ANSWER, MOVE | {"token": token}, **{"HX-Request": "true"})
        return answer.status, answer.body
    except OSError:
        return 0, ""


def run(seconds: float, browsers: int, port: int) -> dict:
    with private_postgres(port) as (base_url, restart), served_app(base_url) as app:
        learners = [Browser(app.base, f"203.0.113.{n + 1}") for n in range(browsers)]
        for browser in learners:
            browser.get("/lessons/castling/")
        sent: list[tuple[int, str, int]] = []  # (browser, token, first status)
        lock, stop = threading.Lock(), time.monotonic() + seconds
        said_retry = []

        def keep_answering(n: int) -> None:
            while time.monotonic() < stop:
                token = secrets.token_urlsafe(12)
                status, body = _send(learners[n], token)
                with lock:
                    sent.append((n, token, status))
                    if status == 503 and "請再試一次" in body:
                        said_retry.append(token)

        restarted = threading.Timer(seconds / 3, restart)
        restarted.start()
        with ThreadPoolExecutor(max_workers=browsers) as pool:
            list(pool.map(keep_answering, range(browsers)))
        restarted.join()
        first = Counter(status for _, _, status in sent)
        for n, token, status in sent:  # the server is up again: a pause only between failures
            for again in range(20):
                if status == 200:
                    break
                if again:
                    time.sleep(0.5)
                status, _ = _send(learners[n], token)
        written = rows(app.database_url, COUNT)
    figures = {
        "answers": len(sent),
        "first": dict(first),
        "said_retry": len(said_retry),
        "rows": written,
    }
    print(
        f"postgres_restart: {len(sent)} answers, a restart {seconds / 3:.0f} s in; first "
        f"answered {dict(sorted(first.items()))} (0: no answer; 503 said 「請再試一次」: "
        f"{len(said_retry)}); each sent again until answered; attempt rows: {written} "
        f"({'one per answer' if written == len(sent) else 'NOT one per answer'})",
        flush=True,
    )
    return figures


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 20
    browsers = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    port = int(sys.argv[3]) if len(sys.argv) > 3 else 8219
    result = run(seconds, browsers, port)
    bad = set(result["first"]) - {200, 503, 502, 0}
    sys.exit(0 if result["rows"] == result["answers"] and not bad else 1)
