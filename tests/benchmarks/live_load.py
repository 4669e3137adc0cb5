"""A live lesson under load: 40 students answer the projector's puzzle within 10 seconds.

Run: .venv/bin/python tests/benchmarks/live_load.py [STUDENTS] [SECONDS] [PORT]
(defaults 40, 10, a free port in 18700-18799). Like `make serve` it migrates, collects
the static files and runs gunicorn with 3 workers on 127.0.0.1 (see answer_load.served);
on SQLite a fresh database file, with DATABASE_URL set that database.

A teacher, a class of STUDENTS and a live session with the knight puzzle up are made;
every student logs in with their picture words (before the clock starts). Then, spread
evenly over SECONDS, each student posts one answer to the lessons' answer address, a
third each: the right move, an illegal knight move, a legal but wrong move; meanwhile
every student's page polls its round every 2 s (the address its page carries, with its
poll token) and the projector polls its count.
Prints the responses by status for each kind of request, the answer latencies, and the
rows: Attempt rows in the round and the students the projector counts (live.results).
Wanted: no response >= 500, and rows == students == answers answered 2xx.
"""

import html
import json
import os
import re
import statistics
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.answer_load import Session, _bound_socket, _manage, served

PORTS = range(18700, 18800)
ANSWER = "/lessons/knight/knight-crowded-corner/"
MOVES = ["a1b3", "a1a3", "a2a3"]  # right; a knight moving straight (illegal); legal, wrong
POLL_SECONDS = 2

SEED = """
import json
from django.contrib.auth import get_user_model
from lessons.models import Learner
from live.models import LiveRound, LiveSession
from people.models import Classroom, GrownUp, Student
user = get_user_model().objects.create_user("live-load-%(tag)s", password="live load pass 42")
GrownUp.objects.create(user=user, here_for="class")
classroom = Classroom.objects.create(teacher=user, name="live load")
students = [
    Student.objects.create(
        classroom=classroom, learner=Learner.objects.create(nickname=f"s{n:02d}"),
        secret_first="sun", secret_second="moon", seat_number=n,
    ).pk
    for n in range(1, %(students)d + 1)
]
session = LiveSession.objects.create(classroom=classroom)
live_round = LiveRound.objects.create(
    session=session, number=1, lesson="knight", puzzle="knight-crowded-corner"
)
print(json.dumps({"code": classroom.join_code, "students": students, "session": session.pk,
                  "round": live_round.pk, "teacher": user.username}))
"""

COUNT = """
import json
from lessons.models import Attempt
from live.models import LiveRound
from live.results import answered_count, attempts_of
live_round = LiveRound.objects.get(pk=%(round)d)
print(json.dumps({"rows": attempts_of(live_round).count(), "answered": answered_count(live_round),
                  "all_rows": Attempt.objects.filter(
                      learner__student__classroom_id=live_round.session.classroom_id).count()}))
"""


def free_port(ports: range) -> int:
    """The first port of `ports` free on 127.0.0.1 now (answer_load.served binds it again)."""
    with _bound_socket(ports) as probe:
        return probe.getsockname()[1]


def _last_json(output: str) -> dict:
    """The JSON line a `manage.py shell -c` snippet printed last (the shell may say more)."""
    return json.loads(output.strip().splitlines()[-1])


def log_in(host: str, code: str, student_id: int) -> Session:
    browser = Session(host)
    status = browser.request("GET", f"/join/{code}/{student_id}/")
    status_post = browser.request(
        "POST", f"/join/{code}/{student_id}/", {"first": "sun", "second": "moon"}
    )
    if (status, status_post) != (200, 302):
        raise RuntimeError(f"student {student_id} could not log in: {status}, {status_post}")
    return browser


def teacher_browser(host: str, username: str) -> Session:
    browser = Session(host)
    browser.request("GET", "/accounts/login/")
    status = browser.request(
        "POST", "/accounts/login/", {"username": username, "password": "live load pass 42"}
    )
    if status != 302:
        raise RuntimeError(f"the teacher could not sign in: {status}")
    return browser


def student_poll(browser: Session) -> str:
    """The address the student's /live/ page polls (its `hx-get`, with its poll token)."""
    if browser.request("GET", "/live/") != 200:
        raise RuntimeError("a student's /live/ page did not open")
    tag = re.search(r'<div id="live-round"[^>]*>', browser.body.decode()).group(0)
    return html.unescape(re.search(r'hx-get="([^"]+)"', tag).group(1))


def timed(browser: Session, method: str, path: str, form: dict | None = None):
    """(status, seconds taken); the status is a sentence when no answer came."""
    start = time.monotonic()
    try:
        status = browser.request(method, path, form)
    except OSError as error:
        status = f"no answer ({type(error).__name__})"
    return status, time.monotonic() - start


class Lesson:
    """The timed part: students answering and polling, the projector counting."""

    def __init__(self, seed: dict, students: int, seconds: float):
        self.seed, self.students, self.seconds = seed, students, seconds
        self.statuses = {
            "answer": Counter(),
            "student poll": Counter(),
            "projector poll": Counter(),
        }
        self.latencies: list[float] = []
        self.sent: list[float] = []  # when each answer left, seconds after the start
        self.lock = threading.Lock()
        self.students_done = threading.Event()
        self.began = time.monotonic() + 0.5

    def note(self, kind: str, status, seconds: float | None = None, left: float = 0.0) -> None:
        with self.lock:
            self.statuses[kind][status] += 1
            if seconds is not None:
                self.latencies.append(seconds)
                self.sent.append(left - self.began)

    def student(self, n: int, browser: Session, poll: str) -> None:
        """Answer once at this student's moment; poll the round every 2 s meanwhile."""
        answer_at = self.began + self.seconds * n / self.students
        poll_at = self.began + (n % POLL_SECONDS * 10) / 10
        answered = False
        while not answered or time.monotonic() < self.began + self.seconds:
            now = time.monotonic()
            if not answered and now >= answer_at:
                form = {"mode": "move", "played": "", "typed": MOVES[n % len(MOVES)]}
                status, took = timed(browser, "POST", ANSWER, form)
                self.note("answer", status, took, now)
                answered = True
            elif now >= poll_at:
                status, _ = timed(browser, "GET", poll)  # the page's own (live.polls)
                self.note("student poll", status)
                poll_at += POLL_SECONDS
            else:
                time.sleep(min(0.05, max(0.0, min(answer_at, poll_at) - now)))

    def projector(self, teacher: Session) -> None:
        """Poll the count every 2 s until the students are done, then once more."""
        last = False
        while not last:
            last = self.students_done.is_set()
            status, _ = timed(teacher, "GET", f"/live/sessions/{self.seed['session']}/panel")
            self.note("projector poll", status)
            if not last:
                self.students_done.wait(POLL_SECONDS)

    def play(self, browsers: list[Session], teacher: Session) -> None:
        polls = [student_poll(browser) for browser in browsers]
        with ThreadPoolExecutor(self.students + 1) as pool:
            shown = pool.submit(self.projector, teacher)
            students = [
                pool.submit(self.student, n, browser, poll)
                for n, (browser, poll) in enumerate(zip(browsers, polls, strict=True))
            ]
            for future in students:
                future.result()
            self.students_done.set()
            shown.result()


def run(students: int, seconds: float, port: int, database_url: str | None) -> dict:
    with served(port, database_url) as (host, env):
        tag = str(time.time_ns())
        seed = _last_json(_manage(env, "shell", "-c", SEED % {"tag": tag, "students": students}))
        with ThreadPoolExecutor(8) as pool:
            browsers = list(pool.map(lambda s: log_in(host, seed["code"], s), seed["students"]))
        lesson = Lesson(seed, students, seconds)
        lesson.play(browsers, teacher_browser(host, seed["teacher"]))
        rows = _last_json(_manage(env, "shell", "-c", COUNT % {"round": seed["round"]}))
    return {
        "statuses": lesson.statuses,
        "latencies": lesson.latencies,
        "last_sent": max(lesson.sent, default=0.0),
        **rows,
    }


def main() -> None:
    students = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    port = int(sys.argv[3]) if len(sys.argv) > 3 else free_port(PORTS)
    database_url = os.environ.get("DATABASE_URL")
    engine = database_url.split(":")[0] if database_url else "sqlite (fresh file)"
    print(f"live lesson: {students} students answer within {seconds:g} s, gunicorn 3 workers,")
    print(f"  {engine}, port {port}; pages poll every {POLL_SECONDS} s")
    result = run(students, seconds, port, database_url)
    errors = 0
    for kind, counter in result["statuses"].items():
        shown = ", ".join(f"{status}: {n}" for status, n in sorted(counter.items(), key=str))
        print(f"  {kind}: {shown}")
        errors += sum(n for s, n in counter.items() if not isinstance(s, int) or s >= 500)
    answered = sum(
        n for s, n in result["statuses"]["answer"].items() if isinstance(s, int) and s < 300
    )
    times = sorted(result["latencies"])
    if times:
        p95 = times[max(0, round(0.95 * len(times)) - 1)]
        print(
            f"  answer latency: median {statistics.median(times) * 1000:.0f} ms, "
            f"95th {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms"
        )
    print(f"  last answer sent {result['last_sent']:.1f} s after the start")
    print(f"responses >= 500 or none: {errors}")
    print(f"answers answered 2xx: {answered}")
    print(f"Attempt rows in the round: {result['rows']} (class total {result['all_rows']})")
    print(f"students answered, as the projector counts them: {result['answered']}")
    ok = errors == 0 and result["rows"] == answered == students == result["answered"]
    print("OK" if ok else "ANSWERS LOST OR ERRORS")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
