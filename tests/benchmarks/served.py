"""Servers and tools for the benchmarks that measure what gunicorn actually serves.

- `scratch_database()`: a throw-away database (a temp SQLite file, or a temp PostgreSQL
  database created beside the one DATABASE_URL names, dropped afterwards);
- `prepare()`: what `make serve` does before it starts (migrate, collectstatic), each done
  once per machine and kept in the temp folder: the static files collected once for the
  tree's static sources, a SQLite database migrated once for its code and migrations and copied (a
  PostgreSQL one is migrated each time);
- `app_server()`: the app as `make serve` runs it (migrate, collectstatic, nginx in front of
  gunicorn with 3 workers: deploy/serve.py, DEBUG off) on 127.0.0.1; `front=False` leaves
  nginx out (gunicorn alone, as `make serve` ran before it had nginx);
- `hello_server()`: a bare Django 5.2 "hello" project under the same command;
- `wrk()`: Debian's wrk (installed with apt-get when missing), its figures read back as JSON
  from a Lua `done()` hook, so the p95 is wrk's own.

Nothing here imports Django settings: the servers are separate processes.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from tests.benchmarks import smoke

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
SECRET_KEY = "benchmark-only-key-" + "k" * 50
# As `make serve WORKERS=…` (3); one at a smoke run's size (1.3 s of CPU each to start).
WORKERS = int(os.environ.get("WORKERS") or smoke.size(3, 1))
PORTS = range(18500, 18600)  # the benchmarks' own range on the shared machine

HELLO_PROJECT = '''
"""A bare Django project: one view answering "hello", Django's default middleware."""
from django.http import HttpResponse
from django.urls import path

SECRET_KEY = "{secret}"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1"]
ROOT_URLCONF = __name__
INSTALLED_APPS = ["django.contrib.contenttypes", "django.contrib.auth"]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
DATABASES = {{}}
USE_TZ = True


def hello(request):
    return HttpResponse("hello")


urlpatterns = [path("", hello)]

from django.core.wsgi import get_wsgi_application  # noqa: E402

application = get_wsgi_application()
'''

# wrk's summary as one JSON line; latencies in microseconds.
WRK_DONE = """
done = function(summary, latency, requests)
  io.write(string.format(
    '{"requests": %d, "duration_us": %d, "non_2xx": %d, "socket_errors": %d, '
    .. '"p50_us": %d, "p95_us": %d, "p99_us": %d, "max_us": %d}\\n',
    summary.requests, summary.duration, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
"""


@dataclass(frozen=True)
class Server:
    port: int
    process: subprocess.Popen
    env: dict

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def app_env(database_url: str) -> dict:
    """The environment of `make serve` on a plain-HTTP intranet host."""
    env = dict(os.environ)
    env.update(
        DEBUG="0",
        SECRET_KEY=SECRET_KEY,
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE="tutor.settings",
    )
    return env


def site_in_process(database_url: str, secret: str, host: str = "127.0.0.1") -> None:
    """Django set up in this process with the site's own settings (tutor.settings, DEBUG
    off) on a migrated `database_url`, its static files unhashed (nothing to collect)."""
    os.environ.update(
        DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="tutor.settings", DEBUG="0",
        SECRET_KEY=secret + "-" + "x" * 50, ALLOWED_HOSTS=host, SECURE_SSL_REDIRECT="0",
        STATIC_ROOT=tempfile.mkdtemp(prefix="tutor-static-"),
    )  # fmt: skip
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    settings.STORAGES["staticfiles"]["BACKEND"] = (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )


@contextmanager
def scratch_database(base_url: str | None = None) -> Iterator[str]:
    """A database URL nobody else uses: a temp SQLite file, or with `base_url`
    (postgres://…) a new database beside it, dropped at the end."""
    if not base_url or not base_url.startswith(("postgres://", "postgresql://")):
        with tempfile.TemporaryDirectory(prefix="tutor-bench-") as folder:
            yield f"sqlite:///{folder}/bench.sqlite3"
        return
    import psycopg

    parts = urlsplit(base_url)
    name = f"{parts.path.lstrip('/')}_bench_{os.getpid()}"
    with psycopg.connect(base_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(base_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(env: dict, *args: str) -> None:
    subprocess.run(
        [str(BIN / "python"), "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def _gunicorn(module: str, port: int, env: dict, cwd: Path, workers: int) -> subprocess.Popen:
    command = [
        str(BIN / "gunicorn"),
        module,
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--access-logfile",
        "-",
    ]
    descriptor, log_path = tempfile.mkstemp(prefix="gunicorn-", suffix=".log")
    process = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=descriptor
    )
    os.close(descriptor)
    process.log_path = log_path  # its errors, read back by log_tail()
    return process


def _free_port() -> int:
    """A port the system has free on 127.0.0.1 now (for gunicorn behind nginx)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _served(
    module: str, port: int, env: dict, cwd: Path, workers: int, front: bool
) -> subprocess.Popen:
    """gunicorn alone on `port`, or (`front`) deploy/serve.py: nginx on `port`, gunicorn
    behind it on the next port."""
    if not front:
        return _gunicorn(module, port, env, cwd, workers)
    run_dir = tempfile.mkdtemp(prefix="tutor-front-")
    command = [
        str(BIN / "python"),
        str(ROOT / "deploy" / "serve.py"),
        "--app",
        module,
        "--chdir",
        str(cwd),
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--upstream-port",
        str(_free_port()),
        # Nchan's publisher (when the module is installed) on a port of its own: the one
        # after the upstream's may be any other process's (these are the system's ports).
        "--push-port",
        str(_free_port()),
        "--run-dir",
        run_dir,
        "--quiet",
    ]
    descriptor, log_path = tempfile.mkstemp(prefix="served-", suffix=".log")
    process = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=descriptor
    )
    os.close(descriptor)
    process.log_path = log_path
    process.run_dir = run_dir
    return process


def log_tail(process: subprocess.Popen, size: int = 3000) -> str:
    """The end of a server's error log (gunicorn's and Django's messages)."""
    return Path(process.log_path).read_text(errors="replace")[-size:]


def _wait_ready(process: subprocess.Popen, url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited: {log_tail(process)}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {seconds:.0f} s")


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    os.unlink(process.log_path)
    if getattr(process, "run_dir", None):
        shutil.rmtree(process.run_dir, ignore_errors=True)


def _fingerprint(patterns: tuple[str, ...]) -> str:
    """A digest of the files the patterns match under ROOT (their paths and bytes) and of
    requirements.lock (the packages' own static files and migrations)."""
    digest = hashlib.sha256((ROOT / "requirements.lock").read_bytes())
    for pattern in patterns:
        for path in sorted(ROOT.glob(pattern)):
            if path.is_file() and ".venv" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _kept(name: str, make) -> Path:
    """tmp/<name>, made by make(path) the first time (into a temporary name, then renamed,
    so a second process at once never reads a half-made one)."""
    kept = Path(tempfile.gettempdir()) / name
    if not kept.exists():
        building = kept.with_name(f"{name}.{os.getpid()}.building")
        make(building)
        try:
            os.rename(building, kept)
        except OSError:  # another process was first: keep its copy
            if building.is_dir():
                shutil.rmtree(building, ignore_errors=True)
            else:
                building.unlink(missing_ok=True)
    return kept


# What collectstatic's output depends on: the files it collects, and the storage that writes
# them (plumbing/static_storage.py, the settings).
STATIC_SOURCES = ("static/**/*", "*/static/**/*", "tutor/*.py")


def collected_static(env: dict) -> str:
    """A STATIC_ROOT holding what collectstatic collects for `env`, collected once for the
    tree's static sources."""

    def collect(folder: Path) -> None:
        manage(dict(env, STATIC_ROOT=str(folder)), "collectstatic", "--noinput")

    return str(_kept(f"tutor-static-{_fingerprint(STATIC_SOURCES)}", collect))


def migrate(env: dict) -> None:
    """`migrate` on `env`'s database; a SQLite one is a copy of one migrated once for the
    tree's code and migrations."""
    url = env["DATABASE_URL"]
    if not url.startswith("sqlite:///"):
        manage(env, "migrate", "--noinput")
        return

    def make(file: Path) -> None:
        manage(dict(env, DATABASE_URL=f"sqlite:///{file}"), "migrate", "--noinput")
        # One file, nothing beside it, before it is renamed: the log folded in.
        with sqlite3.connect(file) as database:
            database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            database.execute("PRAGMA journal_mode=DELETE")
        database.close()
        for extra in ("-wal", "-shm"):
            Path(f"{file}{extra}").unlink(missing_ok=True)

    # Migrations call the apps' code (the tallies' triggers): its modules count too.
    code = _fingerprint(("*/migrations/*.py", "*/*.py", "*/*/*.py"))
    migrated = _kept(f"tutor-migrated-{code}.sqlite3", make)
    # SQLite's backup API copies every page, those still in the write-ahead log included.
    with sqlite3.connect(migrated) as source, sqlite3.connect(url[len("sqlite:///") :]) as copy:
        source.backup(copy)


def prepare(env: dict) -> dict:
    """What `make serve` does before it starts (migrate, collectstatic): `env` with
    STATIC_ROOT naming the collected files."""
    migrate(env)
    return dict(env, STATIC_ROOT=collected_static(env))


@contextmanager
def app_server(
    port: int,
    database_url: str,
    workers: int = WORKERS,
    migrate: bool = True,
    front: bool = True,
    extra_env: dict | None = None,
) -> Iterator[Server]:
    """The app as `make serve` runs it: migrate and collectstatic (prepare()), nginx in
    front of gunicorn tutor.wsgi (`front=False`: gunicorn alone); `extra_env` adds settings
    (a mail server's EMAIL_PORT, say)."""
    env = dict(app_env(database_url), **(extra_env or {}))
    env = prepare(env) if migrate else dict(env, STATIC_ROOT=collected_static(env))
    process = _served("tutor.wsgi", port, env, ROOT, workers, front)
    try:
        _wait_ready(process, f"http://127.0.0.1:{port}/healthz")
        yield Server(port, process, env)
    finally:
        _stop(process)


@contextmanager
def hello_server(port: int, workers: int = WORKERS, front: bool = True) -> Iterator[Server]:
    """A bare Django "hello" project served the same way, with the same worker count."""
    with tempfile.TemporaryDirectory(prefix="tutor-hello-") as folder:
        Path(folder, "hello.py").write_text(HELLO_PROJECT.format(secret=SECRET_KEY))
        env = dict(os.environ, DJANGO_SETTINGS_MODULE="hello", PYTHONPATH=folder)
        process = _served("hello:application", port, env, Path(folder), workers, front)
        try:
            _wait_ready(process, f"http://127.0.0.1:{port}/")
            yield Server(port, process, env)
        finally:
            _stop(process)


def worker_pids(server: Server) -> list[int]:
    """The gunicorn workers' process ids (children of the master; behind nginx the
    master is a child of deploy/serve.py)."""
    pid = server.process.pid
    if "serve.py" in Path(f"/proc/{pid}/cmdline").read_text(errors="replace"):
        pid = next(
            child
            for child in _children(pid)
            if "gunicorn" in Path(f"/proc/{child}/cmdline").read_text(errors="replace")
        )
    return _children(pid)


def _children(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time the processes have used so far (/proc/PID/stat, fields
    14-15)."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def memory_kb(pid: int) -> dict[str, int]:
    """VmRSS (now) and VmHWM (peak) of a process, in kB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0])
    return fields


def find_wrk() -> str | None:
    """Debian's wrk, installed with apt-get when missing and possible; None otherwise."""
    found = shutil.which("wrk")
    if found or os.geteuid() != 0 or not shutil.which("apt-get"):
        return found
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    install = ["apt-get", "install", "-y", "-qq", "wrk"]
    if subprocess.run(install, env=env, capture_output=True).returncode != 0:
        subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True)
        subprocess.run(install, env=env, capture_output=True)
    return shutil.which("wrk")


def wrk(url: str, lua: str, *, connections: int, seconds: int, threads: int = 2) -> dict:
    """Run wrk against `url` with the Lua `lua` (plus the JSON `done` hook); its figures."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(lua + WRK_DONE)
    try:
        completed = subprocess.run(
            [
                find_wrk() or "wrk",
                f"-t{threads}",
                f"-c{connections}",
                f"-d{seconds}s",
                "--timeout",
                "10s",
                "-s",
                script.name,
                url,
            ],
            capture_output=True,
            text=True,
            check=True,
        )
    finally:
        os.unlink(script.name)
    figures = json.loads(completed.stdout.strip().splitlines()[-1])
    figures["rps"] = figures["requests"] / (figures["duration_us"] / 1e6)
    return figures
