"""One free account asking for fresh worksheet PDFs as fast as it can: is /healthz answered?

    .venv/bin/python tests/security/pdf_flood.py [LOOPS] [SECONDS]

The app as `make serve` runs it (3 gunicorn workers). A parent signs up, then LOOPS
(default 6) parallel loops ask for /worksheets/practice/castling/pdf/?count=36&level=3
with a new random seed each time (so no cached PDF helps) for SECONDS (default 20), while
/healthz is asked every half second. Printed: the PDFs made, the 429s, and the slowest
/healthz answer. Before plumbing.work_slots, six loops held all 3 workers until gunicorn's
timeout killed them and /healthz went unanswered for 30 s (issue 44).
"""

from __future__ import annotations

import os
import random
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import smoke
from tests.security.attack import Browser, served_app, sign_up

PDF = "/worksheets/practice/castling/pdf/?count=36&level=3&paper=a4&seed={seed}"


def _status(browser: Browser, path: str) -> int:
    """The answer's status; its body (a PDF's bytes) read and dropped."""
    request = urllib.request.Request(browser.base + path, headers={"X-Forwarded-For": "192.0.2.1"})
    try:
        with browser.opener.open(request, timeout=60) as answer:
            answer.read()
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:  # no answer at all (a worker killed mid-answer)
        return 0


def run(loops: int, seconds: float) -> dict:
    with served_app(os.environ.get("DATABASE_URL"), workers=3) as app:
        parent = sign_up(app, "flooder")
        end = time.monotonic() + seconds
        answers: Counter = Counter()

        def loop() -> None:
            while time.monotonic() < end:
                answers[_status(parent, PDF.format(seed=random.randint(1, 10**9)))] += 1

        threads = [threading.Thread(target=loop) for _ in range(loops)]
        for thread in threads:
            thread.start()
        slowest, unanswered = 0.0, 0
        watcher = Browser(app.base, "198.51.100.9")
        while time.monotonic() < end:
            start = time.monotonic()
            status = watcher.get("/healthz").status
            slowest = max(slowest, time.monotonic() - start)
            unanswered += status != 200
            time.sleep(0.5)
        for thread in threads:
            thread.join()
    return {
        "made": answers[200],
        "busy": answers[429],
        "other": sum(answers.values()) - answers[200] - answers[429],
        "slowest": slowest,
        "unanswered": unanswered,
    }


def main() -> int:
    loops = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 20
    f = run(loops, seconds)
    print(
        f"pdf_flood: {loops} loops for {seconds:g} s: {f['made']} PDFs made, {f['busy']} told "
        f"to wait (429), {f['other']} other; /healthz slowest {f['slowest']:.2f} s, "
        f"{f['unanswered']} not 200"
    )
    if smoke.SMOKE:  # the smoke run checks the script runs and nothing fails, not timing
        return 0 if f["other"] == 0 else 1
    return 0 if f["slowest"] < 1 and f["unanswered"] == 0 and f["other"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
