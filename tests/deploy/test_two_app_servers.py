"""The same app on two app servers (two gunicorns) behind one nginx and one database, as
`deploy/serve.py --app-servers 2` runs them: a class's sign-in, a live lesson's answer and
poll, the rate limits and the sessions work with each request sent to the other server than
the last; through nginx the requests alternate between the two. Prints its figures.

On PostgreSQL when the tests run there (a scratch database beside DATABASE_URL's), else on
an SQLite file both servers share. 127.0.0.1 only; bounded (each request times out in 10 s,
the servers are stopped at the end)."""

from __future__ import annotations

import json
import os
import re
import socket
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from itertools import cycle, pairwise
from pathlib import Path

import pytest
import requests

from people.limits.rate_limit import MAX_FAILURES
from tests.benchmarks.served import BIN, ROOT, app_env, prepare, scratch_database

pytestmark = pytest.mark.slow
PASSWORD = "two servers, one class"
KNIGHT = "knight/knight-crowded-corner"  # white knight a1 behind its pawns: reach b3
SETUP = """
import json
from django.contrib.auth import get_user_model
from lessons.models import Learner
from people.models import Classroom, GrownUp, HereFor, Student
user = get_user_model().objects.create_user("ms-lin", password={password!r})
GrownUp.objects.create(user=user, name_key="ms-lin", here_for=HereFor.CLASS)
classroom = Classroom.objects.create(teacher=user, name="三年一班")
student = Student.objects.create(
    classroom=classroom, learner=Learner.objects.create(nickname="小明", avatar="N"),
    secret_first="sun", secret_second="moon", seat_number=1,
)
print(json.dumps({{"classroom": classroom.pk, "code": classroom.join_code, "student": student.pk}}))
"""


def _free_ports(count: int) -> int:
    """The first of `count` consecutive ports free on 127.0.0.1 now."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            first = probe.getsockname()[1]
        if first + count > 65535:
            continue
        try:
            sockets = [socket.socket() for _ in range(count)]
            for number, sock in enumerate(sockets):
                sock.bind(("127.0.0.1", first + number))
        except OSError:
            continue
        finally:
            for sock in sockets:
                sock.close()
        return first
    raise RuntimeError("no free ports")


def _wait(url: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if requests.get(url, timeout=5).status_code == 200:
                return
        except requests.RequestException:  # not listening yet, or still loading the lessons
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {seconds:.0f} s")


@pytest.fixture(scope="module")
def two_servers():
    """nginx and two gunicorns (2 workers each) on one database; the classroom's ids."""
    base = os.environ.get("DATABASE_URL", "")
    with (
        scratch_database(base if base.startswith("postgres") else None) as database_url,
        tempfile.TemporaryDirectory(prefix="tutor-two-") as folder,
    ):
        env = prepare(app_env(database_url))
        made = subprocess.run(
            [str(BIN / "python"), "manage.py", "shell", "-c", SETUP.format(password=PASSWORD)],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        ids = json.loads(made.stdout.strip().splitlines()[-1])
        front, upstream = _free_ports(1), _free_ports(2)
        command = [
            str(BIN / "python"),
            str(ROOT / "deploy" / "serve.py"),
            *("--port", str(front), "--upstream-port", str(upstream)),
            *("--workers", "2", "--app-servers", "2", "--tag-upstream", "--quiet", "--no-push"),
            *("--run-dir", str(Path(folder, "nginx"))),
        ]
        with Path(folder, "serve.log").open("w") as log:
            process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
            try:
                servers = [f"http://127.0.0.1:{upstream + n}" for n in range(2)]
                for url in (*servers, f"http://127.0.0.1:{front}"):
                    _wait(url + "/healthz")
                yield {"front": f"http://127.0.0.1:{front}", "servers": servers, **ids}
            finally:
                process.terminate()
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


class Alternating:
    """A browser whose every request goes to the other app server than its last one."""

    def __init__(self, servers: list[str]):
        self.browser = requests.Session()
        self.next = cycle(servers)
        self.seen: Counter = Counter()
        self.times: list[float] = []

    def _send(self, method: str, path: str, **kwargs) -> requests.Response:
        server = next(self.next)
        self.seen[server] += 1
        started = time.perf_counter()
        response = self.browser.request(
            method, server + path, allow_redirects=False, timeout=10, **kwargs
        )
        self.times.append(time.perf_counter() - started)
        return response

    def get(self, path: str, **kwargs) -> requests.Response:
        return self._send("GET", path, **kwargs)

    def post(self, path: str, data: dict | None = None, **kwargs) -> requests.Response:
        token = self.browser.cookies.get("csrftoken", "")
        headers = {"X-CSRFToken": token, **kwargs.pop("headers", {})}
        return self._send("POST", path, data=data or {}, headers=headers, **kwargs)


def _live_state(page: str) -> str:
    return re.search(r'data-live-state="([^"]+)"', page).group(1)


def _figures(name: str, browser: Alternating) -> str:
    median, slowest = statistics.median(browser.times) * 1000, max(browser.times) * 1000
    per_server = " + ".join(str(count) for count in browser.seen.values())
    return (
        f"{name}: {len(browser.times)} requests ({per_server} on the two servers), "
        f"median {median:.0f} ms, slowest {slowest:.0f} ms"
    )


def test_a_class_s_live_lesson_works_across_two_app_servers(two_servers):
    servers, classroom = two_servers["servers"], two_servers["classroom"]
    teacher = Alternating(servers)
    assert teacher.get("/accounts/login/").status_code == 200
    signed = teacher.post("/accounts/login/", {"username": "ms-lin", "password": PASSWORD})
    assert signed.status_code == 302  # the sign-in on the other server than the page
    home = teacher.get("/teacher/")
    assert home.status_code == 200 and "三年一班" in home.text  # the session, read on the first

    started = teacher.post(f"/teacher/classes/{classroom}/live/")
    assert started.status_code == 302
    session = int(re.search(r"/live/sessions/(\d+)/", started.headers["Location"]).group(1))
    assert teacher.post(f"/live/sessions/{session}/puzzle", {"puzzle": KNIGHT}).status_code == 302

    student = Alternating(servers)
    code, student_id = two_servers["code"], two_servers["student"]
    assert student.get(f"/join/{code}/{student_id}/").status_code == 200
    pictures = {"first": "sun", "second": "moon"}
    assert student.post(f"/join/{code}/{student_id}/", pictures).status_code == 302
    page = student.get("/live/")
    assert page.status_code == 200 and "第 1 題" in page.text
    state = _live_state(page.text)
    for _ in range(4):  # nothing new, asked of both servers in turn
        assert student.get("/live/round", params={"state": state}).status_code == 204
    answer = student.post(
        "/lessons/knight/knight-crowded-corner/",
        {"mode": "move", "typed": "a1b3"},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200
    for _ in range(2):
        panel = teacher.get(f"/live/sessions/{session}/panel")
        assert 'data-answered="1"' in panel.text  # the answer, counted on both servers

    assert teacher.post("/accounts/logout/").status_code == 302
    assert teacher.get("/teacher/").status_code == 302  # signed out on both
    assert teacher.get("/teacher/").status_code == 302
    print()
    print(_figures("teacher", teacher))
    print(_figures("student", student))
    assert set(teacher.seen) == set(student.seen) == set(servers)


def test_the_sign_in_limit_counts_tries_on_both_servers_together(two_servers):
    guesser = Alternating(two_servers["servers"])
    guesser.get("/accounts/login/")
    wrong = {"username": "ms-lin", "password": "not the password"}
    answers = [guesser.post("/accounts/login/", wrong).status_code for _ in range(MAX_FAILURES)]
    assert answers == [400] * MAX_FAILURES
    assert guesser.post("/accounts/login/", wrong).status_code == 429  # the 6th, either server
    assert guesser.post("/accounts/login/", wrong).status_code == 429
    print()
    print(f"sign-in limit: {MAX_FAILURES} wrong tries over 2 servers, then 429 on both")


def test_nginx_sends_requests_to_both_app_servers_in_turn(two_servers):
    answered = []
    started = time.perf_counter()
    for _ in range(40):
        response = requests.get(two_servers["front"] + "/healthz", timeout=10)
        assert response.status_code == 200
        answered.append(response.headers["X-Upstream"])
    seconds = time.perf_counter() - started
    upstreams = {server.removeprefix("http://") for server in two_servers["servers"]}
    assert set(answered) == upstreams
    assert all(one != two for one, two in pairwise(answered))
    counts = Counter(answered)
    print()
    print(
        "nginx round robin: "
        + ", ".join(f"{server} {count}" for server, count in sorted(counts.items()))
        + f"; 40 /healthz in {seconds * 1000:.0f} ms"
    )


def test_static_files_leave_the_pages_policies_to_the_page(two_servers):
    page = requests.get(two_servers["front"] + "/lessons/castling/", timeout=10)
    assert page.status_code == 200
    assert page.headers["Referrer-Policy"] == "same-origin"
    assert page.headers["Cross-Origin-Opener-Policy"] == "same-origin"
    stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]+\.css)"', page.text).group(1)
    sent = requests.get(two_servers["front"] + stylesheet, timeout=10)
    assert sent.status_code == 200
    assert sent.headers["Content-Type"].startswith("text/css")
    assert sent.headers["X-Content-Type-Options"] == "nosniff"
    assert "X-Upstream" in sent.headers  # the server block's headers still reach it
    assert "Referrer-Policy" not in sent.headers
    assert "Cross-Origin-Opener-Policy" not in sent.headers
