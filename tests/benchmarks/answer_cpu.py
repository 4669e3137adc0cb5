"""CPU time of one move answer in-process, at the WSGI level: move_throughput's request
without gunicorn, the network or wrk.

Run: .venv/bin/python tests/benchmarks/answer_cpu.py [ANSWERS] [BLOCKS] [MOVE]
     DATABASE_URL=postgres://… .venv/bin/python tests/benchmarks/answer_cpu.py (PostgreSQL)
     PROFILE=1 …   (the answers under cProfile: the 30 functions of most self time;
                    PROFILE=FILE also writes the profile there)

Django with the site's own settings (tutor.settings, DEBUG off; static files unhashed) on a
scratch database, called as gunicorn calls it (tutor.wsgi's application, with its gc.freeze,
given a prepared environ): 20 browsers, each of which has visited the castling lesson (its
CSRF cookie) and answered once (its session names its learner), send in turn the htmx POST
of the lesson's first puzzle answered with MOVE (default e1g1, the solve; e1e3 is an illegal
move), each with a fresh answer token, gzip accepted. Prints the median over BLOCKS blocks
(default 5) of ANSWERS answers each (default 1000) of the CPU time (time.process_time) of an
answer, the SQL statements one answer sends and the bytes of its body. CPU time, so that a
busy machine changes the figure less than a wall-clock one; run the same script in two trees
to compare them (each with its compiled catalogues, locale/*.mo, which git does not keep: a
tree without them answers in English, and that costs less).
"""

from __future__ import annotations

import io
import os
import statistics
import sys
import time
import warnings
from http.cookies import SimpleCookie
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks import served, smoke  # noqa: E402 (after the path is set)

LESSON, PUZZLE = "castling", "castling-short-first"
BROWSERS = 20


class Browser:
    """A browser's cookies, kept from the responses it was sent."""

    def __init__(self):
        self.cookies: dict[str, str] = {}

    def environ(self, method: str, path: str, body: bytes = b"", **headers) -> dict:
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SCRIPT_NAME": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1",
            "HTTP_ACCEPT_ENCODING": "gzip",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.version": (1, 0),
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        if body:
            environ["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
            environ["CONTENT_LENGTH"] = str(len(body))
        if self.cookies:
            environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        environ.update({f"HTTP_{name.upper()}": value for name, value in headers.items()})
        return environ

    def keep(self, headers: list[tuple[str, str]]) -> None:
        for name, value in headers:
            if name.lower() == "set-cookie":
                for morsel in SimpleCookie(value).values():
                    self.cookies[morsel.key] = morsel.value


def call(application, browser: Browser, environ: dict) -> tuple[str, bytes]:
    seen = {}

    def start_response(status, headers, exc_info=None):
        seen["status"], seen["headers"] = status, headers

    result = application(environ, start_response)
    try:
        body = b"".join(result)
    finally:
        if hasattr(result, "close"):
            result.close()
    browser.keep(seen["headers"])
    return seen["status"], body


def answer_body(move: str, token: str) -> bytes:
    return f"mode=move&selected={move[:2]}&square={move[2:]}&token={token}".encode()


def main(answers: int, blocks: int, move: str) -> None:
    warnings.simplefilter("ignore")  # no static folder collected: whitenoise says so
    with served.scratch_database(os.environ.get("DATABASE_URL")) as url:
        served.site_in_process(url, "answer-cpu")
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        # As gunicorn loads it: everything kept for life loaded, then frozen (gc.freeze).
        from tutor.wsgi import application

        path = f"/lessons/{LESSON}/{PUZZLE}/"
        sent, pid = 0, os.getpid()

        def post(browser: Browser) -> tuple[str, bytes]:
            nonlocal sent
            sent += 1
            body = answer_body(move, f"{pid:08x}{sent:08x}")
            environ = browser.environ(
                "POST", path, body, X_CSRFTOKEN=browser.cookies["csrftoken"], HX_REQUEST="true"
            )
            return call(application, browser, environ)

        browsers = []
        for _ in range(BROWSERS):
            browser = Browser()
            call(application, browser, browser.environ("GET", f"/lessons/{LESSON}/"))
            status, _body = post(browser)
            assert status.startswith("200") and "sessionid" in browser.cookies, status
            browsers.append(browser)
        turn = 0

        def one() -> bytes:
            nonlocal turn
            turn += 1
            status, body = post(browsers[turn % BROWSERS])
            assert status.startswith("200"), status
            return body

        for _ in range(smoke.size(200, 5)):
            one()
        with CaptureQueriesContext(connection) as queries:
            size = len(one())
        statements = [query["sql"][:60] for query in queries]
        profile = None
        if os.environ.get("PROFILE"):
            import cProfile

            profile = cProfile.Profile()
        per_block = []
        for _ in range(blocks):
            if profile:
                profile.enable()
            start = time.process_time()
            for _ in range(answers):
                one()
            per_block.append((time.process_time() - start) / answers * 1e6)
            if profile:
                profile.disable()
        print(
            f"{connection.vendor}, {move}: {statistics.median(per_block):.0f} µs CPU an answer"
            f" (median of {blocks} blocks × {answers}; blocks "
            f"{', '.join(f'{b:.0f}' for b in per_block)}), {len(statements)} SQL statements,"
            f" {size} B gzipped body"
        )
        for sql in statements:
            print(f"  {sql}")
        if profile:
            import pstats

            profile.dump_stats(os.environ["PROFILE"]) if os.environ["PROFILE"] != "1" else None
            pstats.Stats(profile).sort_stats("tottime").print_stats(30)


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(
        int(arguments[0]) if arguments else smoke.size(1000, 5),
        int(arguments[1]) if len(arguments) > 1 else smoke.size(5, 1),
        arguments[2] if len(arguments) > 2 else "e1g1",
    )
