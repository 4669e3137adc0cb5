"""What a live lesson's polls cost: requests a second of a phone's "nothing new" poll and a
projector's polls, against the app's own /healthz and a bare Django view, same turns.

Run: .venv/bin/python tests/benchmarks/live_poll.py [PAIRS] [SECONDS] [CONNECTIONS]
     DATABASE_URL=postgres://… .venv/bin/python tests/benchmarks/live_poll.py (+ PostgreSQL)
(defaults 3 turns × 6 s at 40 connections.)

Serves the app as `make serve` does (served.app_server: nginx in front of gunicorn with 3
workers, a scratch database) beside a bare Django "hello" project served the same way.
A class of 30 students with a live lesson and the knight puzzle up is made; each student
signs in and opens /live/, and the poll address their page carries (its `hx-get`) is what
wrk asks, each request with the next student's cookie: a poll that finds nothing new (204).
The teacher's two windows are measured the same way: the presenter's panel
(/live/sessions/<id>/panel) and the audience view's stage poll (its `hx-get`).

Each turn runs hello, /healthz, the phone's poll, the panel and the stage in that order,
TURNS times (A B A B; the machine is shared), and the medians are printed with the ratios
(poll ÷ /healthz, poll ÷ hello) and the load average. Reading the address from the page
means the script measures whatever the page polls, before and after a change.
"""

from __future__ import annotations

import html
import os
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served, smoke
from tests.benchmarks.answer_load import Session, _manage
from tests.benchmarks.live_load import SEED, _last_json, log_in, teacher_browser

STUDENTS = 30
APP_PORT, HELLO_PORT = smoke.port(18540), smoke.port(18541, skip=1)


def poll_address(page: bytes, element_id: str) -> str:
    """The `hx-get` of the element `element_id` on a page (the poll the browser sends)."""
    text = page.decode()
    tag = re.search(rf'<div id="{element_id}"[^>]*>', text)
    if tag is None:
        raise RuntimeError(f"no #{element_id} on the page: {text[:300]}")
    return html.unescape(re.search(r'hx-get="([^"]+)"', tag.group(0)).group(1))


def rotating_lua(requests: list[tuple[str, str]]) -> str:
    """wrk requests: GET each (path, Cookie header) in turn, as htmx polls (HX-Request)."""
    rows = ",\n".join(f'  {{"{path}", "{cookies}"}}' for path, cookies in requests)
    return f"""
local polls = {{
{rows}
}}
local n = 0
request = function()
  n = n % #polls + 1
  return wrk.format("GET", polls[n][1], {{
    ["HX-Request"] = "true",
    ["Accept-Encoding"] = "gzip",
    ["Cookie"] = polls[n][2],
  }})
end
"""


def cookie_header(browser: Session) -> str:
    return "; ".join(f"{name}={value}" for name, value in browser.cookies.items())


def set_up_class(app: served.Server) -> dict:
    """The class, its signed-in phones and teacher; each one's poll (path, cookies)."""
    host = f"127.0.0.1:{app.port}"
    seed = _last_json(
        _manage(app.env, "shell", "-c", SEED % {"tag": time.time_ns(), "students": STUDENTS})
    )
    phones = []
    for student in seed["students"]:
        browser = log_in(host, seed["code"], student)
        if browser.request("GET", "/live/") != 200:
            raise RuntimeError("a student's /live/ page did not open")
        phones.append((poll_address(browser.body, "live-round"), cookie_header(browser)))
    teacher = teacher_browser(host, seed["teacher"])
    session = seed["session"]
    if teacher.request("GET", f"/live/sessions/{session}/audience/") != 200:
        raise RuntimeError("the audience view did not open")
    stage = poll_address(teacher.body, "stage")
    return {
        "phones": phones,
        "panel": [(f"/live/sessions/{session}/panel", cookie_header(teacher))],
        "stage": [(stage, cookie_header(teacher))],
    }


def check_statuses(app: served.Server, polls: dict) -> None:
    """One of each, by hand: the phone's poll and the stage must find nothing new (204)."""
    host = f"127.0.0.1:{app.port}"
    for kind, wanted in (("phones", 204), ("panel", 200), ("stage", 204)):
        path, cookies = polls[kind][0]
        browser = Session(host, dict(c.split("=", 1) for c in cookies.split("; ")))
        status = browser.request("GET", path)
        if status != wanted:
            raise RuntimeError(f"{kind} poll {path} answered {status}, not {wanted}")


def measure(label: str, database_url: str | None, turns: int, seconds: int, connections: int):
    with (
        served.scratch_database(database_url) as scratch,
        served.app_server(APP_PORT, scratch) as app,
        served.hello_server(HELLO_PORT) as hello,
    ):
        polls = set_up_class(app)
        check_statuses(app, polls)
        runs = {
            "hello": lambda s: served.wrk(f"{hello.base}/", "", connections=connections, seconds=s),
            "/healthz": lambda s: served.wrk(
                f"{app.base}/healthz", "", connections=connections, seconds=s
            ),
            "phone poll": lambda s: served.wrk(
                f"{app.base}/", rotating_lua(polls["phones"]), connections=connections, seconds=s
            ),
            "panel": lambda s: served.wrk(
                f"{app.base}/", rotating_lua(polls["panel"]), connections=connections, seconds=s
            ),
            "stage": lambda s: served.wrk(
                f"{app.base}/", rotating_lua(polls["stage"]), connections=connections, seconds=s
            ),
        }
        for run in runs.values():
            run(1)  # warm: every worker has imported, connected
        figures: dict[str, list[dict]] = {kind: [] for kind in runs}
        for turn in range(1, turns + 1):
            cells = []
            for kind, run in runs.items():
                result = run(seconds)
                figures[kind].append(result)
                bad = result["non_2xx"] + result["socket_errors"]
                cells.append(
                    f"{kind} {result['rps']:6.0f}/s p99 {result['p99_us'] / 1000:5.1f} ms"
                    + (f" ({bad} not 2xx)" if bad else "")
                )
            print(f"  {label} turn {turn}: " + " | ".join(cells), flush=True)
    rps = {kind: statistics.median(r["rps"] for r in results) for kind, results in figures.items()}
    p99 = {
        kind: statistics.median(r["p99_us"] for r in results) / 1000
        for kind, results in figures.items()
    }
    failed = sum(r["non_2xx"] + r["socket_errors"] for rs in figures.values() for r in rs)
    load1, load5, _ = os.getloadavg()
    print(
        f"{label}: phone poll (nothing new, 204) {rps['phone poll']:.0f} req/s, p99 "
        f"{p99['phone poll']:.1f} ms = {rps['phone poll'] / rps['/healthz']:.2f}× /healthz "
        f"({rps['/healthz']:.0f}/s) = {rps['phone poll'] / rps['hello']:.2f}× hello "
        f"({rps['hello']:.0f}/s); at {connections} connections, medians of {turns} turns × "
        f"{seconds} s; load average {load1:.2f} {load5:.2f}"
    )
    print(
        f"{label}: projector panel {rps['panel']:.0f} req/s (p99 {p99['panel']:.1f} ms) = "
        f"{rps['panel'] / rps['/healthz']:.2f}× /healthz; audience stage (204) "
        f"{rps['stage']:.0f} req/s (p99 {p99['stage']:.1f} ms) = "
        f"{rps['stage'] / rps['/healthz']:.2f}× /healthz; {failed} failed responses"
    )
    return failed


def main() -> int:
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    connections = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    if served.find_wrk() is None:
        print("live_poll: SKIPPED, wrk is missing (apt-get install -y wrk, as root)")
        return 0
    load1, load5, _ = os.getloadavg()
    print(f"load average before: {load1:.2f} {load5:.2f} on {os.cpu_count()} cores")
    failed = measure("SQLite", None, turns, seconds, connections)
    postgres = os.environ.get("DATABASE_URL", "")
    if postgres.startswith(("postgres://", "postgresql://")):
        failed += measure("PostgreSQL", postgres, turns, seconds, connections)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
