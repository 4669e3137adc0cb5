"""What the push tests start (tests/deploy/test_live_push.py, tests/browser/test_live_push.py):
deploy/serve.py (nginx with Nchan in front of gunicorn) and Redis, on 127.0.0.1 only, on
ports of their own (PUSH_PORTS, default 8460-8479); a class seeded; a browser's requests
with its cookies and CSRF token; a Server-Sent Events reader. Bounded: every wait has a
deadline, every process is stopped at the end."""

from __future__ import annotations

import http.client
import json
import os
import queue
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from tests.benchmarks.served import BIN, ROOT, app_env, prepare, scratch_database

NCHAN = Path("/usr/lib/nginx/modules/ngx_nchan_module.so")
KNIGHT = "knight/knight-crowded-corner"  # white knight a1 behind its pawns: reach b3
QUESTION = "knight/knight-no-blocked-leg"
PASSWORD = "pushed, not polled"
SEED = """
import http.client
import json
from django.contrib.auth import get_user_model
from lessons.models import Learner
from people.models import Classroom, GrownUp, HereFor, Student
user = get_user_model().objects.create_user("ms-lin", password={password!r})
GrownUp.objects.create(user=user, name_key="ms-lin", here_for=HereFor.CLASS)
classroom = Classroom.objects.create(teacher=user, name="三年一班")
other = Classroom.objects.create(teacher=user, name="三年二班")
students = [
    Student.objects.create(
        classroom=classroom, learner=Learner.objects.create(nickname=name, avatar="N"),
        secret_first="sun", secret_second="moon", seat_number=seat,
    )
    for seat, name in enumerate(["小明", "小華"], start=1)
]
print(json.dumps({{"classroom": classroom.pk, "other": other.pk, "code": classroom.join_code,
                  "students": [s.pk for s in students],
                  "learners": [s.learner_id for s in students]}}))
"""


def ports() -> range:
    low, _, high = os.environ.get("PUSH_PORTS", "8460-8479").partition("-")
    return range(int(low), int(high or low) + 1)


def needs_push_server() -> None:
    if not NCHAN.exists() or not shutil.which("redis-server"):
        pytest.skip("needs Debian's libnginx-mod-nchan and redis-server (.ci/run installs them)")


def manage(env: dict, code: str) -> str:
    done = subprocess.run(
        [str(BIN / "python"), "manage.py", "shell", "-c", code],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    if done.returncode:
        raise RuntimeError(done.stderr[-3000:])
    return done.stdout


def seed(env: dict) -> dict:
    return json.loads(manage(env, SEED.format(password=PASSWORD)).strip().splitlines()[-1])


def wait_for(url: str, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if requests.get(url, timeout=5).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {seconds:.0f} s")


@contextmanager
def redis_server(port: int) -> Iterator[str]:
    process = subprocess.Popen(
        [shutil.which("redis-server"), "--port", str(port), "--bind", "127.0.0.1",
         "--save", "", "--appendonly", "no", "--daemonize", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}"
    finally:
        stop(process)


@contextmanager
def served(
    env: dict, folder: Path, front: int, upstream: int, push_port: int, *, workers: int = 2,
    redis: str | None = None, name: str = "serve",
) -> Iterator[str]:  # fmt: skip
    """deploy/serve.py: nginx (with Nchan) on `front`, gunicorn on `upstream`, Nchan's
    publisher on `push_port`; its base URL."""
    command = [
        str(BIN / "python"), str(ROOT / "deploy" / "serve.py"),
        "--port", str(front), "--upstream-port", str(upstream), "--push-port", str(push_port),
        "--workers", str(workers), "--quiet", "--run-dir", str(folder / f"{name}-nginx"),
    ]  # fmt: skip
    for port in (front, upstream, push_port):  # a server left running would answer instead
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                raise RuntimeError(f"port {port} is taken: stop what listens there")
    if redis:
        command += ["--push-redis", redis]
    log = (folder / f"{name}.log").open("w")
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    try:
        wait_for(f"http://127.0.0.1:{front}/healthz")
        yield f"http://127.0.0.1:{front}"
    finally:
        stop(process)
        log.close()


@contextmanager
def seeded_site(ports, prefix: str) -> Iterator[tuple[str, dict, dict]]:
    """A scratch database with the seeded class, served on ``ports`` (front, upstream,
    push): (its base URL, the app's environment, the seeded ids)."""
    needs_push_server()
    with (
        scratch_database() as database_url,
        tempfile.TemporaryDirectory(prefix=prefix) as folder,
    ):
        env = prepare(app_env(database_url))
        ids = seed(env)
        with served(env, Path(folder), *ports) as base:
            yield base, env, ids


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Browser:
    """A browser's cookies and CSRF token, on one server."""

    def __init__(self, base: str):
        self.base = base
        self.http = requests.Session()

    def get(self, path: str, **kwargs) -> requests.Response:
        return self.http.get(self.base + path, allow_redirects=False, timeout=10, **kwargs)

    def post(self, path: str, data: dict | None = None, **kwargs) -> requests.Response:
        headers = {
            "X-CSRFToken": self.http.cookies.get("csrftoken", ""),
            **kwargs.pop("headers", {}),
        }
        return self.http.post(
            self.base + path, data=data or {}, headers=headers, allow_redirects=False,
            timeout=10, **kwargs,
        )  # fmt: skip

    def sign_in_teacher(self) -> None:
        self.get("/accounts/login/")
        signed = self.post("/accounts/login/", {"username": "ms-lin", "password": PASSWORD})
        assert signed.status_code == 302

    def sign_in_student(self, code: str, student: int) -> None:
        self.get(f"/join/{code}/{student}/")
        signed = self.post(f"/join/{code}/{student}/", {"first": "sun", "second": "moon"})
        assert signed.status_code == 302


def start_lesson(teacher: Browser, classroom: int) -> int:
    started = teacher.post(f"/teacher/classes/{classroom}/live/")
    assert started.status_code == 302
    return int(re.search(r"/live/sessions/(\d+)/", started.headers["Location"]).group(1))


def push_path(page: str) -> str:
    return re.search(r'data-push="([^"]+)"', page).group(1)


class Stream:
    """One EventSource's messages (JSON), read line by line by a thread into a queue;
    `status` is the subscription's HTTP status."""

    def __init__(self, browser: Browser, path: str, base: str | None = None):
        self.messages: queue.Queue = queue.Queue()
        self.ended = threading.Event()
        address = urllib.parse.urlsplit(base or browser.base)
        self.connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
        cookies = "; ".join(f"{name}={value}" for name, value in browser.http.cookies.items())
        headers = {"Accept": "text/event-stream", "Cookie": cookies}
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.headers = dict(self.response.getheaders())
        if self.status == 200:
            threading.Thread(target=self._read, daemon=True).start()
        else:
            self.response.read()
            self.ended.set()

    def _read(self) -> None:
        event, data = "message", []
        try:
            while line := self.response.readline():
                line = line.decode().rstrip("\r\n")
                if line == "":
                    if data and event == "message":
                        self.messages.put(json.loads("\n".join(data)))
                    event, data = "message", []
                elif line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].removeprefix(" "))
        except (OSError, ValueError, http.client.HTTPException):
            pass
        finally:
            self.ended.set()

    def next(self, seconds: float = 10, where=lambda message: True) -> dict:
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = self.messages.get(timeout=left)
            except queue.Empty:
                break
            if where(message):
                return message
        raise AssertionError(f"no such message within {seconds} s")

    def close(self) -> None:
        self.connection.close()
