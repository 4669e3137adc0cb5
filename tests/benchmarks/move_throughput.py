"""Requests per second of a legal-move answer POST, against a bare Django "hello" view.

Run: .venv/bin/python tests/benchmarks/move_throughput.py [PAIRS] [SECONDS]
     DATABASE_URL=postgres://… .venv/bin/python tests/benchmarks/move_throughput.py (+ PostgreSQL)

Starts the app as `make serve` does (migrate a scratch database, collectstatic, gunicorn with
3 workers, DEBUG off) and a bare Django project answering "hello" under the same gunicorn
command, then drives them in turn, A B A B (PAIRS pairs, default 3, SECONDS each, default 8),
with Debian's wrk at 20 connections. The app's request is the htmx POST of the castling
lesson's first puzzle answered with its solving move (e1g1): 20 sessions, each with its
CSRF cookie and token, taken in turn by a wrk Lua script. Prints each run, then the ratio
of the medians (target ≥ 0.20, aim 0.30) and the median p95 (target ≤ 30 ms on a quiet
machine), and beside them the floor: the app's own /healthz (its middleware and one SELECT,
no session, no template), interleaved in the same turns; SQLite always, PostgreSQL too
when DATABASE_URL names one. The machine may be shared: the figures are medians of
interleaved runs, and say so.
"""

from __future__ import annotations

import http.cookiejar
import os
import statistics
import sys
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served, smoke

CONNECTIONS = 20
SESSIONS = 20
LESSON = "castling"
PUZZLE = "castling-short-first"
MOVE = "e1g1"
APP_PORT, HELLO_PORT = smoke.port(18510), smoke.port(18511, skip=1)
RATIO_TARGET, P95_TARGET_MS = 0.20, 30


def new_session(base: str) -> tuple[str, str]:
    """A learner's browser: the lesson page visited (CSRF cookie), one answer posted (session).
    Returns (Cookie header, CSRF token)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(f"{base}/lessons/{LESSON}/").read()
    token = next(cookie.value for cookie in jar if cookie.name == "csrftoken")
    request = urllib.request.Request(
        f"{base}/lessons/{LESSON}/{PUZZLE}/",
        data=answer_body().encode(),
        headers={"X-CSRFToken": token, "HX-Request": "true"},
    )
    opener.open(request).read()
    cookies = "; ".join(f"{cookie.name}={cookie.value}" for cookie in jar)
    assert "sessionid=" in cookies, cookies
    return cookies, token


def answer_body() -> str:
    return urllib.parse.urlencode({"mode": "move", "selected": MOVE[:2], "square": MOVE[2:]})


def answer_lua(sessions: list[tuple[str, str]]) -> str:
    """wrk requests: the answer POST, each request with the next session's cookies and a
    token of its own, as each drawn form has (lessons.answer_tokens): every request is a new
    answer, none a repeat. With ACCEPT_GZIP=1 in the environment each also says it takes
    gzip, as a browser does (the answer then goes out compressed: plumbing's middleware)."""
    gzip = (
        '    ["Accept-Encoding"] = "gzip, deflate, br",\n' if os.environ.get("ACCEPT_GZIP") else ""
    )
    rows = ",\n".join(f'  {{"{cookies}", "{token}"}}' for cookies, token in sessions)
    return f"""
local sessions = {{
{rows}
}}
local n = 0
local path = "/lessons/{LESSON}/{PUZZLE}/"
local body = "{answer_body()}"
local threads_made, prefix, sent = 0, nil, 0
setup = function(thread)  -- in the main state: each thread its number
  threads_made = threads_made + 1
  thread:set("thread_number", threads_made)
end
request = function()
  n = n % #sessions + 1
  local s = sessions[n]
  if prefix == nil then  -- this run's second and this thread's number, then a count
    prefix = string.format("%06x%02x", os.time() % 16777216, thread_number or 0)
  end
  sent = sent + 1
  return wrk.format("POST", path, {{
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["HX-Request"] = "true",
    ["Cookie"] = s[1],
    ["X-CSRFToken"] = s[2],
{gzip}  }}, body .. "&token=" .. prefix .. string.format("%08x", sent))
end
"""


def measure(label: str, database_url: str | None, pairs: int, seconds: int) -> dict:
    with (
        served.scratch_database(database_url) as scratch,
        served.app_server(APP_PORT, scratch) as app,
        served.hello_server(HELLO_PORT) as hello,
    ):
        sessions = [new_session(app.base) for _ in range(SESSIONS)]
        app_lua = answer_lua(sessions)
        run_app = lambda s: served.wrk(  # noqa: E731
            f"{app.base}/", app_lua, connections=CONNECTIONS, seconds=s
        )
        run_hello = lambda s: served.wrk(  # noqa: E731
            f"{hello.base}/", "", connections=CONNECTIONS, seconds=s
        )
        # The floor: the app's own stack (all its middleware, a database round trip, no
        # session, no template) answering /healthz, in the same turn as the other two.
        run_floor = lambda s: served.wrk(  # noqa: E731
            f"{app.base}/healthz", "", connections=CONNECTIONS, seconds=s
        )
        warm = smoke.size(2, 1)
        (
            run_app(warm),
            run_floor(warm),
            run_hello(warm),
        )  # warm: every worker has imported, connected
        apps, floors, hellos = [], [], []
        for n in range(1, pairs + 1):
            apps.append(run_app(seconds))
            floors.append(run_floor(seconds))
            hellos.append(run_hello(seconds))
            a, f, h = apps[-1], floors[-1], hellos[-1]
            print(
                f"  {label} pair {n}: answer {a['rps']:7.1f} req/s p95 {a['p95_us'] / 1000:6.1f} ms"
                f" (non-2xx {a['non_2xx']}, socket errors {a['socket_errors']})"
                f" | /healthz {f['rps']:7.1f} req/s"
                f" | hello {h['rps']:7.1f} req/s p95 {h['p95_us'] / 1000:6.1f} ms"
                f" | ratio {a['rps'] / h['rps']:.3f}",
                flush=True,
            )
    answer_rps = statistics.median(a["rps"] for a in apps)
    hello_rps = statistics.median(h["rps"] for h in hellos)
    p95 = statistics.median(a["p95_us"] for a in apps) / 1000
    p50 = statistics.median(a["p50_us"] for a in apps) / 1000
    failed = sum(a["non_2xx"] + a["socket_errors"] for a in apps)
    ratio = answer_rps / hello_rps
    floor_rps = statistics.median(f["rps"] for f in floors)
    print(
        f"{label}: answer POST {answer_rps:.1f} req/s ÷ hello {hello_rps:.1f} req/s = "
        f"{ratio:.3f} (target ≥ {RATIO_TARGET}, aim 0.30); answer p50 {p50:.1f} ms, "
        f"p95 {p95:.1f} ms at {CONNECTIONS} connections (target ≤ {P95_TARGET_MS} ms on a quiet "
        f"machine); {failed} failed responses; medians of {pairs} interleaved pairs × {seconds} s"
    )
    print(
        f"{label}: the floor, the app's /healthz (middleware and SELECT 1, no session, no "
        f"template) {floor_rps:.1f} req/s ÷ hello = {floor_rps / hello_rps:.3f}"
    )
    return {"ratio": ratio, "p95": p95, "failed": failed}


def main() -> int:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    if served.find_wrk() is None:
        print("move_throughput: SKIPPED, wrk is missing (apt-get install -y wrk, as root)")
        return 0
    load1, load5, _ = os.getloadavg()
    print(f"load average before: {load1:.2f} {load5:.2f} on {os.cpu_count()} cores")
    results = [measure("SQLite", None, pairs, seconds)]
    postgres = os.environ.get("DATABASE_URL", "")
    if postgres.startswith(("postgres://", "postgresql://")):
        results.append(measure("PostgreSQL", postgres, pairs, seconds))
    return 0 if all(r["failed"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
