"""What the attack scripts of tests/security/ share: the app as `make serve` runs it with a
mail server of its own, a browser that keeps its cookies and says which client address it
is, and a look at the scratch database's rows.

- `served_app()`: a scratch database (SQLite, or PostgreSQL beside DATABASE_URL), nginx in
  front of gunicorn ×3 (tests/benchmarks/served.py, deploy/serve.py, DEBUG off), its mail
  going to a `MailSink` on 127.0.0.1. deploy/serve.py trusts its own nginx and 127.0.0.1
  (TRUSTED_PROXIES), so a script stands for a TLS proxy in front: the X-Forwarded-For a
  `Browser` sends is the client's address the app reads.
- `Browser`: cookies, the CSRF token in every POST, no redirects followed (a 302 is seen).
- `rows()`: one number from the scratch database (SQLite file or PostgreSQL).

Everything is on 127.0.0.1 and bounded by each script's counts; nothing here imports
Django settings.
"""

from __future__ import annotations

import email
import http.cookiejar
import re
import socketserver
import sqlite3
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from tests.benchmarks import answer_load, served, smoke

# The security scripts' own range on the shared machine; BENCH_PORTS narrows it (the smoke
# test gives each script its own slice, tests/security/test_smoke.py).
PORTS = smoke.ports() or range(18900, 19000)
PASSWORD = "the right pass phrase 42"


def free_port() -> int:
    """The first port of the security range (PORTS, read at each call) free on 127.0.0.1."""
    return answer_load.free_port(PORTS)


# --- a mail server that keeps what it is sent ------------------------------------------


class _SMTPHandler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        self._say("220 sink")
        recipients, data = [], None
        while line := self.rfile.readline():
            command = line.decode("utf-8", "replace").strip()
            verb = command[:4].upper()
            if data is not None:
                if command == ".":
                    self.server.messages.append({"to": recipients, "body": _text(b"".join(data))})
                    recipients, data = [], None
                    self._say("250 kept")
                else:
                    data.append(line[1:] if line.startswith(b"..") else line)
            elif verb in ("EHLO", "HELO"):
                self._say("250 sink")
            elif verb == "RCPT":
                recipients.append(command.split(":", 1)[1].strip(" <>"))
                self._say("250 ok")
            elif verb == "DATA":
                data = []
                self._say("354 go on")
            elif verb == "QUIT":
                self._say("221 bye")
                return
            else:  # MAIL, RSET, NOOP
                self._say("250 ok")

    def _say(self, text: str) -> None:
        self.wfile.write(text.encode() + b"\r\n")


def _text(raw: bytes) -> str:
    """The message's text parts, decoded (base64 or quoted-printable as sent)."""
    message = email.message_from_bytes(raw)
    parts = message.walk() if message.is_multipart() else [message]
    return "".join(
        part.get_payload(decode=True).decode(part.get_content_charset() or "utf-8", "replace")
        for part in parts
        if part.get_content_maintype() == "text"
    )


class MailSink(socketserver.ThreadingTCPServer):
    """SMTP on 127.0.0.1: every message kept as {"to": [...], "body": "..."}."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self):
        super().__init__(("127.0.0.1", free_port()), _SMTPHandler)
        self.messages: list[dict] = []
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def port(self) -> int:
        return self.server_address[1]

    def to(self, address: str) -> list[str]:
        """The bodies of the messages sent to `address`."""
        return [m["body"] for m in self.messages if address in m["to"]]


# --- the app --------------------------------------------------------------------------


@dataclass
class App:
    base: str
    database_url: str
    mail: MailSink
    server: served.Server


@contextmanager
def served_app(
    database_url: str | None, *, workers: int | None = None, **settings: str
) -> Iterator[App]:
    """The app as `make serve` runs it, on a scratch database, mailing to a MailSink; with
    served.WORKERS workers (one under BENCH_SMOKE=1) unless `workers` says."""
    mail = MailSink()
    env = {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(mail.port), **settings}
    workers = workers or served.WORKERS
    try:
        with (
            served.scratch_database(database_url) as scratch,
            served.app_server(free_port(), scratch, workers=workers, extra_env=env) as server,
        ):
            yield App(f"http://127.0.0.1:{server.port}", scratch, mail, server)
    finally:
        mail.shutdown()
        mail.server_close()


def rows(database_url: str, sql: str, *params) -> int:
    """The first column of the first row of `sql` on the scratch database."""
    if database_url.startswith("sqlite:///"):
        with sqlite3.connect(database_url.removeprefix("sqlite:///")) as connection:
            return connection.execute(sql.replace("%s", "?"), params).fetchone()[0]
    import psycopg

    with psycopg.connect(database_url) as connection:
        return connection.execute(sql, params).fetchone()[0]


# --- a browser --------------------------------------------------------------------------


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@dataclass
class Response:
    status: int
    body: str
    headers: dict


class Browser:
    """One client: its cookies, at `address` (sent as X-Forwarded-For, as a TLS proxy in
    front would)."""

    def __init__(self, base: str, address: str = "192.0.2.1"):
        self.base, self.address = base, address
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect()
        )

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def get(self, path: str) -> Response:
        return self._open(urllib.request.Request(self._url(path)))

    def post(self, path: str, data: dict, **headers: str) -> Response:
        if self.cookie("csrftoken") is None:
            self.get(path if not path.startswith("/accounts/reset/") else "/")
        token = self.cookie("csrftoken") or ""
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}, doseq=True)
        request = urllib.request.Request(
            self._url(path), data=body.encode(), headers={"X-CSRFToken": token, **headers}
        )
        return self._open(request)

    def _url(self, path: str) -> str:
        return path if path.startswith("http") else self.base + path

    def _open(self, request: urllib.request.Request, timeout: float = 60) -> Response:
        request.add_header("X-Forwarded-For", self.address)
        try:
            with self.opener.open(request, timeout=timeout) as answer:
                return Response(answer.status, answer.read().decode(), dict(answer.headers))
        except urllib.error.HTTPError as answer:
            return Response(answer.code, answer.read().decode(), dict(answer.headers))


def sign_up(app: App, username: str, email: str = "", address: str = "192.0.2.1") -> Browser:
    """A grown-up's account made through the sign-up page; the browser signed in."""
    browser = Browser(app.base, address)
    data = {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD}
    answer = browser.post("/accounts/signup/", data)
    assert answer.status == 302, (answer.status, answer.body[-600:])
    return browser


def open_check_link(app: App, address: str) -> int:
    """Open the last check link mailed to `address`; the page's status."""
    body = app.mail.to(address)[-1]
    path = re.search(r"/accounts/verify-email/[^\s/]+/", body).group(0)
    return Browser(app.base).get(path).status
