"""A class answering at once: 20 sessions post 1,000 lesson moves to gunicorn, as `make serve`.

Run: .venv/bin/python tests/benchmarks/answer_load.py [POSTS] [SESSIONS] [PORT]
(defaults 1000, 20, 18100). Like `make serve` it migrates and collects the static
files (here into a throw-away directory), then runs gunicorn with 3 workers (1 at a smoke
run's size: each costs 1.3 s of CPU to start) on 127.0.0.1. On SQLite the database is a
fresh file in that directory; with DATABASE_URL set (e.g.
postgres://tutor:tutor@127.0.0.1:5432/tutor_h1) it is that database, and the rows are
counted as a difference.

Every session opens the first board puzzle (its CSRF cookie), then posts its share of
the answers one after another, all sessions at once: the right move, moves that are
legal but wrong, and moves the king cannot make. Each such post writes one Attempt.
Prints the responses by status, the Attempt rows written and the answers per second.
Wanted: no response >= 500, and rows written == answers answered 2xx.
"""

import http.client
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks import served as served_tools
from tests.benchmarks import smoke

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv").exists() else sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))
PAGE = "/lessons/board/?puzzle=board-step-to-e2"
ANSWER = "/lessons/board/board-step-to-e2/"
# The king on e1: e2 solves it, d1/f2/d2 are legal but wrong, e3/a5 are not king moves.
SQUARES = ["e2", "e3", "d1", "a5", "f2", "e3", "d2", "a5"]
PORTS = smoke.ports() or range(18100, 18200)


def _bound_socket(ports=PORTS) -> socket.socket:
    """A socket bound on 127.0.0.1 to the first free port of `ports`, kept bound, so two
    runs at once cannot both pick it."""
    for port in ports:
        sock = socket.socket()
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            sock.close()
            continue
        return sock
    raise RuntimeError(f"no free port in {ports.start}-{ports.stop - 1}")


def free_port(ports: range = PORTS) -> int:
    """The first port of `ports` free on 127.0.0.1, released for a server to bind."""
    with _bound_socket(ports) as probe:
        return probe.getsockname()[1]


def server_environment(directory: Path, database_url: str | None) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DJANGO_SETTINGS_MODULE", "DEBUG", "PYTEST_XDIST_WORKER")
    }
    env.update(
        SECRET_KEY="answer-load-" + "k" * 50,
        ALLOWED_HOSTS="127.0.0.1",
        DEBUG="0",
        SECURE_SSL_REDIRECT="0",
        STATIC_ROOT=str(directory / "static"),
        DATABASE_URL=database_url or f"sqlite:///{directory / 'db.sqlite3'}",
        CONN_MAX_AGE="0",  # the test's PostgreSQL database must be droppable afterwards
    )
    return env


def _manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout


def attempt_rows(env: dict[str, str]) -> int:
    code = "from lessons.models import Attempt; print(Attempt.objects.count())"
    return int(_manage(env, "shell", "-c", code).split()[-1])


@contextmanager
def served(port: int | None = None, database_url: str | None = None, workers: int = 3):
    """gunicorn as `make serve` runs it, on `port` or the first free one of PORTS; yields
    (host:port, its environment). The socket is bound here and handed to gunicorn, so no
    other server can be listening there instead."""
    with tempfile.TemporaryDirectory(prefix="answer-load-") as directory:
        env = server_environment(Path(directory), database_url)
        env = served_tools.prepare(env)
        sock = _bound_socket(range(port, port + 1) if port else PORTS)
        port = sock.getsockname()[1]
        log = open(Path(directory) / "gunicorn.log", "w+")  # noqa: SIM115 (closed below)
        command = [GUNICORN, "tutor.wsgi", "--bind", f"fd://{sock.fileno()}"]
        sock.set_inheritable(True)
        server = subprocess.Popen(
            [*command, "--workers", str(workers)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=log,
            pass_fds=[sock.fileno()],
        )
        sock.close()  # gunicorn holds it now
        try:
            _wait_until_up(port, server, log)
            yield f"127.0.0.1:{port}", env
        finally:
            server.terminate()
            server.wait(timeout=30)
            log.close()


def _wait_until_up(port: int, server: subprocess.Popen, log) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"gunicorn stopped:\n{log.read()}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer /healthz within 60 s")


@dataclass
class Session:
    """One browser: its cookies, kept between requests."""

    host: str
    cookies: dict[str, str] = field(default_factory=dict)
    body: bytes = b""

    def request(
        self, method: str, path: str, form: dict | None = None, raw: tuple[str, bytes] = ()
    ) -> int:
        """Send a request (a form as htmx does, or `raw` (content type, body)); the status.
        The last response's body stays in `self.body`."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None or raw:
            content_type, body = raw or ("application/x-www-form-urlencoded", b"")
            body = body or urllib.parse.urlencode(form or {}).encode()
            headers["Content-Type"] = content_type
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            headers["HX-Request"] = "true"
        connection = http.client.HTTPConnection(self.host.split(":")[0], self.port, timeout=60)
        try:
            connection.request(method, path, body, headers)
            response = connection.getresponse()
            self.body = response.read()
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response.status

    @property
    def port(self) -> int:
        return int(self.host.split(":")[1])


def _one_session(host: str, answers: int, offset: int, start: threading.Barrier) -> Counter:
    session = Session(host)
    statuses: Counter = Counter()
    opened = session.request("GET", PAGE)
    if opened != 200:
        raise RuntimeError(f"the puzzle page answered {opened}")
    start.wait()
    for n in range(answers):
        square = SQUARES[(offset + n) % len(SQUARES)]
        form = {"played": "", "selected": "e1", "square": square}
        try:
            statuses[session.request("POST", ANSWER, form)] += 1
        except OSError as error:
            statuses[f"no answer ({type(error).__name__})"] += 1
    return statuses


def post_answers(host: str, posts: int, sessions: int) -> tuple[Counter, float]:
    """`posts` answers from `sessions` sessions at once; the statuses and the seconds taken."""
    start = threading.Barrier(sessions + 1)
    shares = [posts // sessions + (1 if n < posts % sessions else 0) for n in range(sessions)]
    with ThreadPoolExecutor(sessions) as pool:
        futures = [pool.submit(_one_session, host, shares[n], n, start) for n in range(sessions)]
        start.wait()
        began = time.monotonic()
        results = [future.result() for future in futures]
        seconds = time.monotonic() - began
    statuses: Counter = Counter()
    for result in results:
        statuses.update({key: count for key, count in result.items() if count})
    return statuses, seconds


def measure(
    posts: int,
    sessions: int,
    port: int | None = None,
    database_url: str | None = None,
    workers: int = 3,
) -> dict:
    with served(port, database_url, workers) as (host, env):
        before = attempt_rows(env)
        statuses, seconds = post_answers(host, posts, sessions)
        rows = attempt_rows(env) - before
    answered = sum(n for status, n in statuses.items() if isinstance(status, int) and status < 300)
    errors = sum(
        n for status, n in statuses.items() if not isinstance(status, int) or status >= 500
    )
    return {
        "statuses": statuses,
        "rows": rows,
        "answered_2xx": answered,
        "errors": errors,
        "seconds": seconds,
    }


def main() -> None:
    posts = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    sessions = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    port = int(sys.argv[3]) if len(sys.argv) > 3 else None
    database_url = os.environ.get("DATABASE_URL")
    engine = database_url.split(":")[0] if database_url else "sqlite (fresh file)"
    workers = smoke.size(3, 1)
    print(f"{posts} answers from {sessions} sessions, gunicorn {workers} worker(s), {engine}")
    result = measure(posts, sessions, port, database_url, workers)
    for status, count in sorted(result["statuses"].items(), key=lambda item: str(item[0])):
        print(f"  {status}: {count}")
    print(f"responses >= 500 or none: {result['errors']}")
    print(f"answers answered 2xx: {result['answered_2xx']}")
    print(f"Attempt rows written: {result['rows']}")
    print(f"{result['seconds']:.1f} s, {posts / result['seconds']:.0f} answers/s")
    ok = result["errors"] == 0 and result["rows"] == result["answered_2xx"]
    print("OK" if ok else "ANSWERS LOST")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
