"""A whole school at once: 40 live lessons of 30 students (1,200 phones) on one small server.

Run: .venv/bin/python tests/benchmarks/school_load.py [LESSONS] [STUDENTS] [ROUNDS] [STAGGER]
     BENCH_PORTS=8460-8479 … (the ports it may use: nginx, gunicorn, Nchan's publisher)
     PUSH=0 (poll only) or PUSH=1 (push only); both by default, poll first
     DATABASE_URL=postgres://… .venv/bin/python tests/benchmarks/school_load.py (+ PostgreSQL)
(defaults 40 lessons × 30 students, 3 rounds, the teachers' clicks spread over 10 s.)
     .venv/bin/python tests/benchmarks/school_load.py ab TREE_A TREE_B PAIRS [LESSONS …]
     (two trees, each its own copy of this script, run in turn A B, B A, …: each pair's
     B/A of the gunicorn workers' CPU and of the answer and poll p95, and their medians)

The app is served as `make serve` serves it (served.app_server: nginx in front of gunicorn,
3 sync workers, DEBUG off, a scratch database: SQLite always, PostgreSQL as well
when DATABASE_URL names one), on 127.0.0.1 only; WORKERS, THREADS and NGINX_WORKERS in the
environment change the servers as they change `make serve`'s. WORKER_TIMES=1 prints where
the workers' time went, by kind of request (worker_times.py). Set-up, not timed: LESSONS
classes of STUDENTS with a teacher each and an open live lesson; every student signs in
with their pictures and opens 「課堂」 (/live/), every teacher signs in and opens the
presenter and the audience view. Then, timed, each lesson plays ROUNDS rounds of
ROUND_SECONDS, its teacher's clicks STAGGER × lesson / LESSONS seconds after the first
lesson's:

- the teacher puts a puzzle up (a knight move, then a yes-or-no question, in turn) and the
  browser follows the redirect to the presenter page, as a browser does;
- every phone polls /live/round every 2 s with the token its page carries; a poll that
  brings the round brings its puzzle too (a puzzle the round cannot carry comes as an
  `hx-get` that htmx loads, and the phone loads it as htmx does);
- each lesson's students answer between 2 and 10 s after the puzzle went up (so its 30
  answers arrive within 10 s), a third each right, illegal, and wrong; a phone that has not
  seen the puzzle by its moment answers when it does (counted as late);
- the teacher reveals at 12 s; each phone's next poll shows its own result, checked against
  the answer it sent; the presenter's panel and the audience view poll every 2 s throughout;
- after the last round the teacher ends the lesson and the phones poll on for POLL_AFTER s.

Each database is run twice on the same schedule (issue 46, "Push, not poll"): **poll**, as
the pages poll today (deploy/serve.py --no-push), then **push**, nginx's Nchan in front
(deploy/serve.py with libnginx-mod-nchan): each phone holds a second connection, a
Server-Sent Events stream at the signed path its page carries, instead of polling; the
round's fragment arrives on it (its puzzle section names the puzzle); at the reveal and the
end the stream says so and the phone fetches its own result once (/live/round with its
token); the presenter and the audience view hold the stage's stream (the count, the
stage) instead of polling. The teacher's click to the round on each phone is timed in
both (poll: the poll that brings it; push: the message), and the two columns are printed
side by side at the end.

Prints, per database and mode: responses >= 500 or none (must be 0); answers sent, answered 2xx,
Attempt rows stored, students counted by the projectors (nothing lost: all equal); phones
whose result at the reveal was not their answer (0); answer p95 (target <= 100 ms); the
phones' poll p95 (target <= 50 ms), and the 204s and the changed polls (and any puzzle
loads) apart; phone polls a second achieved (1,200 phones every 2 s: 600); the teachers'
requests; the CPU the load generator and the gunicorn workers used (the whole run, the
set-up's sign-ins included, and the play alone); the load average; the teacher's click to
the round on every phone (p50, p95, max).

The load generator is one asyncio loop with one keep-alive HTTP/1.1 connection per phone
and per teacher window (a pool of LESSONS × (STUDENTS + 2) connections, as the phones
hold theirs to nginx); its own CPU time is printed beside the server's, so a reader sees
that it was not the bottleneck. wrk could send polls more cheaply, but not follow each
phone's own token, read the puzzle a changed poll brings, answer it and check the result.
Bounded: every request has a 10 s timeout and the run stops after a fixed schedule.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import zlib
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served, smoke, worker_times
from tests.benchmarks.answer_load import _manage

PORT = smoke.port(18560)
# The smoke run keeps every step in the same order, four times faster (BENCH_SMOKE=1).
POLL_SECONDS = smoke.size(2.0, 0.5)
ROUND_SECONDS = smoke.size(18.0, 3.0)
ANSWERS_FROM, ANSWERS_UNTIL = smoke.size((2.0, 10.0), (0.6, 1.4))  # after the puzzle is up
REVEAL_AFTER = smoke.size(12.0, 2.0)
POLL_AFTER = smoke.size(4.0, 1.0)
START_AFTER = smoke.size(1.0, 0.2)  # from the set-up's end to the first click
TIMEOUT = 10.0
PASSWORD = "school load pass 42"
ANSWER_P95_MS, POLL_P95_MS = 100, 50

# The puzzles the lessons put up, in turn: how a student answers each (right, illegal or
# wrong, by seat), and which of those the lessons judge right.
PUZZLES = [
    {
        "value": "knight/knight-crowded-corner",
        "answer": "/lessons/knight/knight-crowded-corner/",
        "forms": [
            {"mode": "move", "played": "", "typed": "a1b3"},  # right
            {"mode": "move", "played": "", "typed": "a1a3"},  # a knight moving straight
            {"mode": "move", "played": "", "typed": "a2a3"},  # legal, wrong
        ],
        "right": [True, False, False],
    },
    {
        "value": "knight/knight-no-blocked-leg",
        "answer": "/lessons/knight/knight-no-blocked-leg/",
        "forms": [
            {"answer": "yes", "submit_answer": "1"},  # right: the knight jumps
            {"answer": "no", "submit_answer": "1"},
            {"answer": "no", "submit_answer": "1"},
        ],
        "right": [True, False, False],
    },
]

SEED = """
import json
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.test import Client
from lessons.models import Learner
from live.models import LiveSession
from people.models import Classroom, GrownUp, Student
password = make_password(%(password)r)
lessons = []
for n in range(%(lessons)d):
    user = get_user_model().objects.create(username=f"school-%(tag)s-{n}", password=password)
    GrownUp.objects.create(user=user, here_for="class")
    classroom = Classroom.objects.create(teacher=user, name=f"{n + 1} 班")
    learners = Learner.objects.bulk_create(
        [Learner(nickname=f"c{n}s{s}") for s in range(%(students)d)]
    )
    students = Student.objects.bulk_create([
        Student(classroom=classroom, learner=learner, secret_first="sun",
                secret_second="moon", seat_number=s + 1)
        for s, learner in enumerate(learners)
    ])
    session = LiveSession.objects.create(classroom=classroom)
    browser = Client()
    browser.force_login(user)  # see sign_in_teacher
    lessons.append({"code": classroom.join_code, "teacher": user.username,
                    "sessionid": browser.cookies["sessionid"].value,
                    "session": session.pk, "classroom": classroom.pk,
                    "students": [s.pk for s in students]})
print(json.dumps(lessons))
"""

COUNT = """
import json
from lessons.models import Attempt
from live.models import LiveRound
from live.results import answered_count
classes = %(classes)r
rounds = LiveRound.objects.filter(session__classroom_id__in=classes)
print(json.dumps({
    "rows": Attempt.objects.filter(learner__student__classroom_id__in=classes).count(),
    "counted": sum(answered_count(r) for r in rounds.select_related("session")),
    "rounds": rounds.count(),
}))
"""


class Connection:
    """One keep-alive HTTP/1.1 connection to nginx (a phone's, or a teacher window's)."""

    IDLE = 10.0  # nginx closes a keep-alive connection idle for 15 s (keepalive_timeout)

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookies: dict[str, str] = {}
        self.used = 0.0
        # One request at a time, as a browser's connection: a pushed phone's answer and its
        # fetch at the reveal may be due at once.
        self.lock = asyncio.Lock()

    async def request(
        self, method: str, path: str, form: dict | None = None, htmx: bool = True
    ) -> tuple[int, dict[str, str], bytes]:
        async with self.lock:
            # A browser opens a new connection rather than reuse one the server has closed
            # (a pushed phone's lies idle between its answers).
            if self.writer is not None and time.monotonic() - self.used > self.IDLE:
                self.close()
            try:
                return await self._request(method, path, form, htmx)
            finally:
                self.used = time.monotonic()

    async def _request(
        self, method: str, path: str, form: dict | None, htmx: bool
    ) -> tuple[int, dict[str, str], bytes]:
        body = urllib.parse.urlencode(form).encode() if form is not None else b""
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: 127.0.0.1:{self.port}",
            "Accept-Encoding: gzip",
        ]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if htmx:
            lines.append("HX-Request: true")
        if method == "POST":
            lines += [
                "Content-Type: application/x-www-form-urlencoded",
                f"Content-Length: {len(body)}",
                f"X-CSRFToken: {self.cookies.get('csrftoken', '')}",
            ]
        data = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        for attempt in (1, 2):
            reused = self.writer is not None
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            try:
                self.writer.write(data)
                return await self._response()
            except (ConnectionError, asyncio.IncompleteReadError) as error:
                self.close()
                # A browser sends again a request whose reused connection the server had
                # closed (nothing came back); any other failure is the request's.
                answered = isinstance(error, asyncio.IncompleteReadError) and error.partial
                if attempt == 2 or (method != "GET" and (not reused or answered)):
                    raise
        raise AssertionError("unreachable")

    async def _response(self) -> tuple[int, dict[str, str], bytes]:
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        for line in header_lines:
            if not line:
                continue
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                cookie, _, _ = value.partition(";")
                key, _, cookie_value = cookie.partition("=")
                self.cookies[key.strip()] = cookie_value.strip()
            else:
                headers[name] = value
        if headers.get("transfer-encoding") == "chunked":
            body = b""
            while size := int((await self.reader.readline()).strip(), 16):
                body += await self.reader.readexactly(size + 2)
                body = body[:-2]
            await self.reader.readline()
        else:
            body = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        if headers.get("content-encoding") == "gzip":
            body = zlib.decompress(body, 16 + zlib.MAX_WBITS)
        return status, headers, body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Figures:
    statuses: dict[str, Counter] = field(default_factory=dict)
    latencies: dict[str, list[float]] = field(default_factory=dict)
    answers_sent: int = 0
    answers_2xx: int = 0
    late_answers: int = 0
    wrong_results: int = 0
    results_seen: int = 0
    polls_in_window: int = 0
    window_seconds: float = 0.0
    round_seen: list = field(default_factory=list)  # click to the round on a phone, s
    pushed: int = 0  # messages received on the streams

    def note(self, kind: str, status, seconds: float | None) -> None:
        self.statuses.setdefault(kind, Counter())[status] += 1
        if seconds is not None and isinstance(status, int):
            self.latencies.setdefault(kind, []).append(seconds)


async def timed(figures: Figures, kind: str, connection: Connection, method, path, form=None):
    """The request with its status and latency noted; (status, body), status a word when
    no answer came within TIMEOUT."""
    start = time.monotonic()
    try:
        status, headers, body = await asyncio.wait_for(
            connection.request(method, path, form), TIMEOUT
        )
    except (
        TimeoutError,
        OSError,
        asyncio.IncompleteReadError,
        asyncio.LimitOverrunError,
        ValueError,
    ) as error:
        connection.close()
        figures.note(kind, f"no answer ({type(error).__name__})", None)
        return None, b"", {}
    figures.note(kind, status, time.monotonic() - start)
    return status, body, headers


def hx_get(body: bytes, element_id: str) -> str | None:
    tag = re.search(rf'<div id="{element_id}"[^>]*>'.encode(), body)
    found = tag and re.search(rb'hx-get="([^"]+)"', tag.group(0))
    return html.unescape(found.group(1).decode()) if found else None


@dataclass
class Lesson:
    """One class's live lesson: its teacher's schedule and what is up now."""

    number: int
    seed: dict
    offset: float
    rounds: int
    puzzle: dict | None = None  # the puzzle up now
    round_number: int = 0
    revealed: bool = False
    ended: bool = False
    end_at: float = 0.0
    clicked: dict = field(default_factory=dict)  # round number: when the teacher clicked

    def round_start(self, began: float, n: int) -> float:
        return began + self.offset + n * ROUND_SECONDS


@dataclass
class Phone:
    seat: int
    connection: Connection
    poll: str = ""
    shows: str | None = None  # the puzzle value on the phone now
    answered: dict = field(default_factory=dict)  # round number: judged right?
    seen: int = 0  # the last round number the phone showed
    push: str = ""  # the signed stream path its page carries (push mode)
    opened: tuple | None = None  # its stream, opened with its page (push mode)
    order: str = "0.0.0"


async def sign_in_phone(port: int, lesson: dict, student: int, seat: int) -> Phone:
    connection = Connection(port)
    path = f"/join/{lesson['code']}/{student}/"
    await connection.request("GET", path, htmx=False)
    status, _headers, _ = await connection.request(
        "POST", path, {"first": "sun", "second": "moon"}, htmx=False
    )
    if status != 302:
        raise RuntimeError(f"student {student} could not sign in: {status}")
    status, _, body = await connection.request("GET", "/live/", htmx=False)
    poll = hx_get(body, "live-round")
    if status != 200 or poll is None:
        raise RuntimeError(f"student {student}'s /live/ page: {status}")
    pushed = re.search(rb'data-push="([^"]+)"', body)
    return Phone(seat, connection, poll, push=pushed.group(1).decode() if pushed else "")


async def sign_in_teacher(port: int, lesson: dict) -> tuple[Connection, Connection, str, str]:
    """The presenter's connection and the audience window's, each with its poll. The
    teacher's session was made by the seed (Django's force_login), not the sign-in form,
    whose own cost is not what this measures (the form counts only failures per address,
    people.views.accounts, so a school's teachers behind one address all sign in)."""
    presenter = Connection(port)
    presenter.cookies["sessionid"] = lesson["sessionid"]
    session = lesson["session"]
    status, _, page = await presenter.request("GET", f"/live/sessions/{session}/", htmx=False)
    pushed = re.search(rb'data-push="([^"]+)"', page)
    presenter.push = pushed.group(1).decode() if pushed else ""
    if status != 200 or "csrftoken" not in presenter.cookies:
        raise RuntimeError(f"teacher {lesson['teacher']}'s presenter page: {status}")
    audience = Connection(port)
    audience.cookies = dict(presenter.cookies)
    _, _, page = await audience.request("GET", f"/live/sessions/{session}/audience/", htmx=False)
    stage = hx_get(page, "stage")
    if stage is None:
        raise RuntimeError("the audience view has no stage poll")
    return presenter, audience, f"/live/sessions/{session}/panel", stage


async def play_teacher(lesson: Lesson, figures: Figures, presenter, audience, panel, stage, began):
    session = lesson.seed["session"]

    async def poll(connection: Connection, path: str, kind: str, element: str):
        at = began + lesson.offset
        while not (lesson.ended and time.monotonic() > lesson.end_at + POLL_AFTER):
            await asyncio.sleep(max(0.0, at - time.monotonic()))
            at += POLL_SECONDS
            status, body, _ = await timed(figures, kind, connection, "GET", path)
            if status == 200:
                path = hx_get(body, element) or path

    async def act():
        for n in range(lesson.rounds):
            await asyncio.sleep(max(0.0, lesson.round_start(began, n) - time.monotonic()))
            puzzle = PUZZLES[n % len(PUZZLES)]
            # Up from the click (a pushed round may reach a phone before the click's answer).
            lesson.clicked[n + 1] = time.monotonic()
            lesson.puzzle, lesson.round_number, lesson.revealed = puzzle, n + 1, False
            await timed(
                figures,
                "teacher click",
                presenter,
                "POST",
                f"/live/sessions/{session}/puzzle",
                {"puzzle": puzzle["value"]},
            )
            await timed(figures, "presenter page", presenter, "GET", f"/live/sessions/{session}/")
            reveal_at = lesson.round_start(began, n) + REVEAL_AFTER
            await asyncio.sleep(max(0.0, reveal_at - time.monotonic()))
            await timed(
                figures, "teacher click", presenter, "POST", f"/live/sessions/{session}/reveal"
            )
            lesson.revealed = True
            await timed(figures, "presenter page", presenter, "GET", f"/live/sessions/{session}/")
        await asyncio.sleep(max(0.0, lesson.round_start(began, lesson.rounds) - time.monotonic()))
        await timed(figures, "teacher click", presenter, "POST", f"/live/sessions/{session}/end")
        lesson.end_at = time.monotonic()
        lesson.ended = True

    async def presenter_panel():
        # The presenter's panel polls on the presenter's own connection between clicks in
        # a browser; here on a second one, so a click never waits for a poll.
        connection = Connection(presenter.port)
        connection.cookies = presenter.cookies
        await poll(connection, panel, "presenter panel", "live-panel")
        connection.close()

    async def listen(opened):  # push: the stage's stream, held until the lesson is over
        def over() -> bool:
            return lesson.ended and time.monotonic() > lesson.end_at + POLL_AFTER

        async for _message in stream(opened, over, figures):
            figures.pushed += 1

    if presenter.push:  # the presenter's stream and the audience view's
        await asyncio.gather(act(), *(listen(opened) for opened in presenter.opened))
        return
    await asyncio.gather(act(), presenter_panel(), poll(audience, stage, "audience stage", "stage"))


async def play_phone(phone: Phone, lesson: Lesson, figures: Figures, began: float, window):
    """Poll every 2 s from a phase of its own; see the puzzle a poll brings; answer each round
    at the seat's moment; check the result the reveal shows."""
    students = len(lesson.seed["students"])
    phase = (phone.seat * 7 % students) / students * POLL_SECONDS
    next_poll = began + phase
    while True:
        now = time.monotonic()
        if lesson.ended and now > lesson.end_at + POLL_AFTER:
            return
        answer_at = None
        if lesson.round_number and lesson.round_number not in phone.answered:
            start = lesson.round_start(began, lesson.round_number - 1)
            share = ((phone.seat * 11) % students + 0.5) / students
            answer_at = start + ANSWERS_FROM + (ANSWERS_UNTIL - ANSWERS_FROM) * share
        shown = phone.shows == (lesson.puzzle or {}).get("value")
        if answer_at is not None and now >= answer_at and shown and not lesson.revealed:
            await answer(phone, lesson, figures, late=now > answer_at + 1.0)
            continue
        if now < next_poll:
            wake = next_poll if answer_at is None or not shown else min(next_poll, answer_at)
            await asyncio.sleep(max(0.0, wake - now))
            continue
        next_poll = max(next_poll + POLL_SECONDS, now)
        if window[0] <= now <= window[1]:
            figures.polls_in_window += 1
        status, body, _ = await timed(figures, "phone poll", phone.connection, "GET", phone.poll)
        if status != 200:
            continue
        phone.poll = hx_get(body, "live-round") or phone.poll
        carried = carried_puzzle(body.decode())
        load = re.search(rb'<div hx-get="([^"]+)" hx-trigger="load"', body)
        if carried:  # the round brings the puzzle itself: its section names it
            phone.shows = carried
            seen(phone, lesson, figures)
        elif load:  # a puzzle the round could not carry: htmx loads it
            url = html.unescape(load.group(1).decode())
            address = urllib.parse.urlsplit(url)  # /lessons/<lesson>/?puzzle=<puzzle>
            puzzle = dict(urllib.parse.parse_qsl(address.query)).get("puzzle")
            phone.shows = f"{address.path.strip('/').split('/')[-1]}/{puzzle}"
            seen(phone, lesson, figures)
            await timed(figures, "puzzle load", phone.connection, "GET", url)
        own = re.search(rb'data-own-result="(\w+)"', body)
        if own and lesson.round_number in phone.answered:
            figures.results_seen += 1
            wanted = b"correct" if phone.answered[lesson.round_number] else b"wrong"
            figures.wrong_results += own.group(1) != wanted


def carried_puzzle(html: str) -> str | None:
    """The puzzle ("lesson/id", as PUZZLES names it) a round's fragment carries: its section's
    data-puzzle (the phone answers to /live/answer, which names no puzzle)."""
    found = re.search(r'<section class="puzzle" id="puzzle" data-puzzle="([^"]+)"', html)
    if not found:
        return None
    return next((p["value"] for p in PUZZLES if p["value"].endswith(f"/{found.group(1)}")), None)


def seen(phone: Phone, lesson: Lesson, figures: Figures) -> None:
    """The round up now reached the phone: the time since the teacher's click, once a round."""
    number = lesson.round_number
    if number and number != phone.seen and phone.shows == (lesson.puzzle or {}).get("value"):
        phone.seen = number
        figures.round_seen.append(time.monotonic() - lesson.clicked[number])


def answer_moment(phone: Phone, lesson: Lesson, began: float) -> float:
    students = len(lesson.seed["students"])
    start = lesson.round_start(began, lesson.round_number - 1)
    share = ((phone.seat * 11) % students + 0.5) / students
    return start + ANSWERS_FROM + (ANSWERS_UNTIL - ANSWERS_FROM) * share


async def open_stream(port: int, path: str, cookies: dict, figures: Figures):
    """A Server-Sent Events stream opened as its page opens it: (reader, writer, head)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
    writer.write(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n"
            f"Cookie: {cookie}\r\n\r\n"
        ).encode()
    )
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), TIMEOUT)
    figures.note("stream", int(head.split(b" ", 2)[1]), None)
    return reader, writer, head


async def stream(opened, over, figures: Figures):
    """An opened stream's messages (Nchan's eventsource, JSON) as dicts, until over()
    after a message or a ping, or the stream closes."""
    reader, writer, head = opened
    try:
        if int(head.split(b" ", 2)[1]) != 200:
            return
        chunked = b"transfer-encoding: chunked" in head.lower()

        async def more() -> bytes:
            if not chunked:
                return await reader.read(65536)
            size = int((await reader.readline()).strip() or b"0", 16)
            return (await reader.readexactly(size + 2))[:-2] if size else b""

        buffer = b""
        while not over():
            try:
                got = await asyncio.wait_for(more(), 12)  # nginx pings every 10 s
            except TimeoutError:
                continue
            if not got:
                return
            buffer += got
            while b"\n\n" in buffer:
                event, buffer = buffer.split(b"\n\n", 1)
                lines = event.split(b"\n")
                data = [line[5:].strip() for line in lines if line.startswith(b"data:")]
                named = [line[6:].strip() for line in lines if line.startswith(b"event:")]
                if data and named in ([], [b"message"]):
                    yield json.loads(b"\n".join(data))
    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
        figures.note("stream", f"broken ({type(error).__name__})", None)
    finally:
        writer.close()


def newer(order: str, than: str) -> bool:
    return [int(part) for part in order.split(".")] > [int(part) for part in than.split(".")]


async def play_phone_push(phone: Phone, lesson: Lesson, figures: Figures, began: float):
    """Hold the stream; show the round its message brings and answer it at the seat's
    moment; at the reveal (and the end) fetch the phone's own result once and check it."""
    answering: list[asyncio.Task] = []

    def over() -> bool:
        return lesson.ended and time.monotonic() > lesson.end_at + POLL_AFTER

    async def answer_later(number: int):
        await asyncio.sleep(max(0.0, answer_moment(phone, lesson, began) - time.monotonic()))
        if lesson.round_number == number and not lesson.revealed:
            await answer(phone, lesson, figures, late=False)

    async for message in stream(phone.opened, over, figures):
        figures.pushed += 1
        if not newer(message.get("order", "0.0.0"), phone.order):
            continue
        phone.order = message["order"]
        if "html" in message:
            carried = carried_puzzle(message["html"])
            if carried:
                phone.shows = carried
                seen(phone, lesson, figures)
                if lesson.round_number not in phone.answered:
                    answering.append(asyncio.ensure_future(answer_later(lesson.round_number)))
        elif message.get("fetch"):
            status, body, _ = await timed(
                figures, "own result", phone.connection, "GET", phone.poll
            )
            if status != 200:
                continue
            phone.poll = hx_get(body, "live-round") or phone.poll
            own = re.search(rb'data-own-result="(\w+)"', body)
            if own and lesson.round_number in phone.answered:
                figures.results_seen += 1
                wanted = b"correct" if phone.answered[lesson.round_number] else b"wrong"
                figures.wrong_results += own.group(1) != wanted
    await asyncio.gather(*answering)


async def answer(phone: Phone, lesson: Lesson, figures: Figures, late: bool) -> None:
    puzzle = lesson.puzzle
    kind = phone.seat % len(puzzle["forms"])
    phone.answered[lesson.round_number] = puzzle["right"][kind]
    figures.answers_sent += 1
    figures.late_answers += late
    status, _, _ = await timed(
        figures, "answer", phone.connection, "POST", puzzle["answer"], puzzle["forms"][kind]
    )
    if status is not None and status < 300:
        figures.answers_2xx += 1


async def school(
    port: int, seeds: list[dict], rounds: int, stagger: float, mark=lambda: None
) -> Figures:
    """The set-up (sign-ins, pages, the streams they open), then mark(), then the play."""
    figures = Figures()
    sign_ins = asyncio.Semaphore(24)  # sign-ins are set-up, not the measurement

    async def phone_of(lesson, student, seat):
        async with sign_ins:
            return await sign_in_phone(port, lesson, student, seat)

    async def teacher_of(lesson):
        async with sign_ins:
            return await sign_in_teacher(port, lesson)

    phones = await asyncio.gather(
        *[
            asyncio.gather(*[phone_of(seed, s, n) for n, s in enumerate(seed["students"])])
            for seed in seeds
        ]
    )
    teachers = await asyncio.gather(*[teacher_of(seed) for seed in seeds])

    async def streams_of(phone: Phone):
        async with sign_ins:
            cookies = dict(phone.connection.cookies)
            phone.opened = await open_stream(port, phone.push, cookies, figures)

    async def teacher_streams(presenter: Connection):
        async with sign_ins:
            presenter.opened = [
                await open_stream(port, presenter.push, dict(presenter.cookies), figures)
                for _window in ("presenter", "audience")
            ]

    await asyncio.gather(
        *[streams_of(phone) for ps in phones for phone in ps if phone.push],
        *[teacher_streams(teacher[0]) for teacher in teachers if teacher[0].push],
    )
    print(f"  set-up: {sum(len(p) for p in phones)} phones and {len(teachers)} teachers in")
    mark()
    lessons = [Lesson(n, seed, stagger * n / len(seeds), rounds) for n, seed in enumerate(seeds)]
    began = time.monotonic() + START_AFTER
    # Polls counted while every lesson is under way: from the last one's start to the
    # first one's end.
    window = (began + stagger, began + rounds * ROUND_SECONDS)
    figures.window_seconds = window[1] - window[0]
    tasks = []
    for lesson, lesson_phones, teacher in zip(lessons, phones, teachers, strict=True):
        tasks.append(play_teacher(lesson, figures, *teacher, began))
        for phone in lesson_phones:
            if phone.push:
                tasks.append(play_phone_push(phone, lesson, figures, began))
            else:
                tasks.append(play_phone(phone, lesson, figures, began, window))
    await asyncio.gather(*tasks)
    for connection in [p.connection for ps in phones for p in ps] + [
        c for t in teachers for c in t[:2]
    ]:
        connection.close()
    return figures


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(fraction * len(ordered)) - 1)] if ordered else float("nan")


@contextmanager
def front_server(database_url: str, push: bool, extra: dict):
    """The app as `make serve` serves it (deploy/serve.py: nginx, gunicorn with
    served.WORKERS workers), on PORT, PORT + 1 (gunicorn) and PORT + 2 (Nchan's
    publisher); `push` off: --no-push, the pages poll."""
    env = served.prepare(dict(served.app_env(database_url), **extra))
    folder = Path(tempfile.mkdtemp(prefix="school-load-"))
    command = [
        str(served.BIN / "python"), str(served.ROOT / "deploy" / "serve.py"),
        "--port", str(PORT), "--upstream-port", str(PORT + 1), "--push-port", str(PORT + 2),
        "--workers", str(served.WORKERS), "--quiet", "--run-dir", str(folder / "nginx"),
    ]  # fmt: skip
    if not push:
        command.append("--no-push")
    log_path = folder / "serve.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(command, cwd=served.ROOT, env=env, stdout=log, stderr=log)
    process.log_path = str(log_path)
    try:
        served._wait_ready(process, f"http://127.0.0.1:{PORT}/healthz")
        yield served.Server(PORT, process, env)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def run(
    label: str, database_url: str | None, lessons: int, students: int, rounds: int, stagger,
    push: bool = False,
):  # fmt: skip
    times = tempfile.mkdtemp(prefix="worker-times-") if os.environ.get("WORKER_TIMES") else None
    extra = {}
    if times:  # each gunicorn worker notes where its time went (worker_times.py)
        config = Path(__file__).with_name("worker_times.py")
        extra = {"GUNICORN_CMD_ARGS": f"--config {config}", "WORKER_TIMES_DIR": times}
    with (
        served.scratch_database(database_url) as scratch,
        front_server(scratch, push, extra) as app,
    ):
        tag = str(time.time_ns())
        code = SEED % {"lessons": lessons, "students": students, "tag": tag, "password": PASSWORD}
        seeds = json.loads(_manage(app.env, "shell", "-c", code).strip().splitlines()[-1])
        workers = served.worker_pids(app)
        load_before = os.getloadavg()
        server_before, client_before = served.cpu_seconds(workers), time.process_time()
        wall = time.monotonic()
        setup = {}

        def mark():  # the set-up done: the play starts
            setup.update(cpu=served.cpu_seconds(workers), at=time.monotonic())

        figures = asyncio.run(school(app.port, seeds, rounds, stagger, mark))
        play_wall = time.monotonic() - setup["at"]
        wall = time.monotonic() - wall
        play_cpu = served.cpu_seconds(workers) - setup["cpu"]
        server_cpu = served.cpu_seconds(workers) - server_before
        client_cpu = time.process_time() - client_before
        load_after = os.getloadavg()
        classes = [seed["classroom"] for seed in seeds]
        count = _manage(app.env, "shell", "-c", COUNT % {"classes": classes})
        stored = json.loads(count.strip().splitlines()[-1])
    if times:  # written by the workers as they exit, so once the server has stopped
        print(f"{label}: the gunicorn workers' time, set-up included:")
        print("\n".join(worker_times.table(times)))
        shutil.rmtree(times, ignore_errors=True)
    return report(
        label,
        figures,
        stored,
        lessons * students * rounds,
        {
            "wall": wall,
            "server": server_cpu,
            "play": play_cpu,
            "play_wall": play_wall,
            "client": client_cpu,
            "load": (load_before, load_after),
        },
    )


def report(label: str, figures: Figures, stored: dict, expected: int, cpu: dict) -> dict:
    print(f"{label}:")
    errors = 0
    for kind, counter in sorted(figures.statuses.items()):
        shown = ", ".join(f"{status}: {n}" for status, n in sorted(counter.items(), key=str))
        times = figures.latencies.get(kind, [])
        p95 = percentile(times, 0.95) * 1000
        print(f"  {kind}: {shown}; p50 {percentile(times, 0.5) * 1000:.0f} ms, p95 {p95:.0f} ms")
        errors += sum(n for s, n in counter.items() if not isinstance(s, int) or s >= 500)
    polls = figures.latencies.get("phone poll", [])
    answers = figures.latencies.get("answer", [])
    answer_p95 = percentile(answers, 0.95) * 1000
    poll_p95 = percentile(polls, 0.95) * 1000
    rate = figures.polls_in_window / figures.window_seconds
    (before, _, _), (after, _, _) = cpu["load"]
    print(f"{label}: responses >= 500 or none: {errors}")
    print(
        f"{label}: answers sent {figures.answers_sent} (wanted {expected}, late "
        f"{figures.late_answers}), answered 2xx {figures.answers_2xx}, Attempt rows stored "
        f"{stored['rows']}, counted by the projectors {stored['counted']} "
        f"in {stored['rounds']} rounds"
    )
    print(
        f"{label}: results at the reveal: {figures.results_seen} seen, "
        f"{figures.wrong_results} not the phone's own answer"
    )
    print(f"{label}: answer p95 {answer_p95:.0f} ms (target <= {ANSWER_P95_MS} ms)")
    print(f"{label}: phone poll p95 {poll_p95:.0f} ms (target <= {POLL_P95_MS} ms)")
    print(
        f"{label}: phone polls {rate:.0f}/s while every lesson was on "
        f"({figures.polls_in_window} in {figures.window_seconds:.0f} s)"
    )
    print(
        f"{label}: CPU over {cpu['wall']:.0f} s: gunicorn workers {cpu['server']:.1f} s "
        f"({cpu['server'] / cpu['wall'] * 100:.0f} % of one core), load generator "
        f"{cpu['client']:.0f} s ({cpu['client'] / cpu['wall'] * 100:.0f} %); load average "
        f"{before:.2f} before, {after:.2f} after, on {os.cpu_count()} cores"
    )
    print(
        f"{label}: CPU of the play alone (set-up's sign-ins, pages and streams left out): "
        f"gunicorn workers {cpu['play']:.1f} s in {cpu['play_wall']:.0f} s "
        f"({cpu['play'] / cpu['play_wall'] * 100:.0f} % of one core)"
    )
    stored_all = figures.answers_sent == figures.answers_2xx == stored["rows"] == expected
    counted_all = stored["counted"] == expected and figures.wrong_results == 0
    ok = errors == 0 and stored_all and counted_all
    if ok:
        verdict = "OK"
    elif errors or not stored_all:
        verdict = "ANSWERS LOST OR ERRORS"
    else:  # every answer stored, some after their round's reveal (kept as practice)
        verdict = f"every answer stored, {expected - stored['counted']} too late for their round"
    # No polls (push): no poll target to miss.
    within = answer_p95 <= ANSWER_P95_MS and (not polls or poll_p95 <= POLL_P95_MS)
    seen = figures.round_seen
    print(
        f"{label}: the teacher's click to the round on the phones: {len(seen)} seen, p50 "
        f"{percentile(seen, 0.5) * 1000:.0f} ms, p95 {percentile(seen, 0.95) * 1000:.0f} ms, "
        f"max {max(seen, default=float('nan')) * 1000:.0f} ms; stream messages {figures.pushed}"
    )
    print(f"{label}: {verdict}; targets {'met' if within else 'MISSED'}")
    return {
        "ok": ok,
        "click to round p50 (ms)": f"{percentile(seen, 0.5) * 1000:.0f}",
        "click to round p95 (ms)": f"{percentile(seen, 0.95) * 1000:.0f}",
        "click to round max (ms)": f"{max(seen, default=float('nan')) * 1000:.0f}",
        "rounds seen / wanted": f"{len(seen)} / {expected}",
        "answer p95 (ms)": f"{answer_p95:.0f}",
        "gunicorn CPU, whole run (s)": f"{cpu['server']:.1f}",
        "gunicorn CPU, the play (s)": f"{cpu['play']:.1f}",
        "requests to the app": str(
            sum(
                sum(counter.values())
                for kind, counter in figures.statuses.items()
                if kind != "stream"
            )
        ),
        "responses >= 500 or none": str(errors),
        "answers = rows = counted": (
            f"{figures.answers_sent} = {stored['rows']} = {stored['counted']}"
        ),
    }


def _figures(output: str) -> dict:
    """The figures an A/B compares, read from one run's output (SQLite's)."""
    found = {
        "cpu": r"SQLite: CPU over \d+ s: gunicorn workers ([\d.]+) s",
        "answer p95": r"SQLite: answer p95 (\d+) ms",
        "poll p95": r"SQLite: phone poll p95 (\d+) ms",
        "errors": r"SQLite: responses >= 500 or none: (\d+)",
    }
    return {name: float(re.search(pattern, output).group(1)) for name, pattern in found.items()}


def ab(tree_a: Path, tree_b: Path, pairs: int, args: list[str]) -> int:
    """Each tree's own school_load.py in turn, A B, B A, …: the medians of the pairs' B/A."""
    import statistics
    import subprocess

    runs: dict[str, list[dict]] = {"A": [], "B": []}
    for n in range(pairs):
        for side in "AB" if n % 2 == 0 else "BA":
            tree = tree_a if side == "A" else tree_b
            script = tree / "tests" / "benchmarks" / "school_load.py"
            done = subprocess.run(
                [sys.executable, str(script), *args], cwd=tree, capture_output=True, text=True
            )
            if done.returncode not in (0, 1):
                print(done.stdout[-3000:], done.stderr[-3000:])
                return 2
            runs[side].append(_figures(done.stdout))
            print(f"  pair {n + 1} {side}: {runs[side][-1]}", flush=True)
    for name in ("cpu", "answer p95", "poll p95"):
        ratios = [b[name] / a[name] for a, b in zip(runs["A"], runs["B"], strict=True)]
        print(
            f"{name}: median B/A {statistics.median(ratios):.3f}"
            f" (range {min(ratios):.3f}-{max(ratios):.3f}), {pairs} pairs"
        )
    errors = sum(r["errors"] for side in runs.values() for r in side)
    print(f"responses >= 500 or none, both sides: {errors:.0f}")
    return 0 if errors == 0 else 1


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "ab":
        return ab(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]), sys.argv[5:])
    lessons = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    students = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    stagger = float(sys.argv[4]) if len(sys.argv) > 4 else 10.0
    load1, load5, _ = os.getloadavg()
    threads = os.environ.get("THREADS", "1")  # deploy/serve.py's defaults
    print(
        f"school: {lessons} live lessons × {students} students, {rounds} rounds of "
        f"{ROUND_SECONDS:g} s, teachers' clicks spread over {stagger:g} s; nginx "
        f"({os.environ.get('NGINX_WORKERS', '1')} worker(s)) + gunicorn {served.WORKERS} "
        f"workers × {threads} thread(s); load average {load1:.2f} {load5:.2f} on "
        f"{os.cpu_count()} cores"
    )
    modes = {"0": [False], "1": [True]}.get(os.environ.get("PUSH", ""), [False, True])
    databases = [("SQLite", None)]
    postgres = os.environ.get("DATABASE_URL", "")
    if postgres.startswith(("postgres://", "postgresql://")):
        databases.append(("PostgreSQL", postgres))
    ok = True
    for name, url in databases:
        columns = {}
        for push in modes:
            label = f"{name} push" if push else name
            columns["push" if push else "poll"] = summary = run(
                label, url, lessons, students, rounds, stagger, push
            )
            ok = summary["ok"] and ok
        print(f"{name}, side by side ({lessons} × {students}, {rounds} rounds):")
        print(f"  {'':30}" + "".join(f"{mode:>16}" for mode in columns))
        for key in next(iter(columns.values())):
            if key != "ok":
                row = "".join(f"{column[key]:>16}" for column in columns.values())
                print(f"  {key:30}{row}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
