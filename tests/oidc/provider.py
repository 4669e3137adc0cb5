"""A real OpenID Connect provider on 127.0.0.1 for the school sign-in tests (not a test module).

`running(port, clients, accounts)` starts npm's oidc-provider (tests/oidc/provider.js,
installed by `make test` from package-lock.json: `make oidc-provider`), waits until it
listens, and stops it after. `sign_in_at(location, login)` is the person at the provider:
it follows the authorization request, types the login (the account's subject id) into the
provider's own sign-in form, agrees on its consent form, and returns the address the
provider sends the browser back to (our callback, with code, state and iss).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import selectors
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import requests

from tests.benchmarks import smoke

HERE = Path(__file__).resolve().parent
INSTALLED = HERE / "node_modules" / "oidc-provider" / "package.json"
START_SECONDS = 20
PROMPT = re.compile(r'name="prompt" value="(\w+)"')


class ProviderMissing(RuntimeError):
    pass


def port_for(default: int) -> int:
    """The provider's port for this xdist worker: `default` + the worker's number, or with
    BENCH_PORTS set the same place among the range's last 20 (8151 → its 80th, 8161 → 90th
    of 19300-19399), so sessions sharing a machine never meet."""
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
    allowed = smoke.ports()
    if allowed is None:
        return default + worker
    return allowed[len(allowed) - 20 + (default - 8151) % 20 + worker]


def one_client(callback: str) -> list[dict]:
    """The one client the tests register at the provider: this site, with its callback."""
    return [{"client_id": "tutor", "client_secret": "s3cret", "redirect_uris": [callback]}]


def issuer(port: int) -> str:
    return f"http://127.0.0.1:{port}"


@contextlib.contextmanager
def running(port: int, clients: list[dict], accounts: dict[str, dict]) -> Iterator[str]:
    """The provider's issuer while it runs on 127.0.0.1:port."""
    node = shutil.which("node")
    if node is None or not INSTALLED.exists():
        raise ProviderMissing(
            "the test provider is not installed: run `make oidc-provider` (node and npm)"
        )
    config = json.dumps({"port": port, "clients": clients, "accounts": accounts})
    process = subprocess.Popen(
        [node, str(HERE / "provider.js"), config],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        line = _first_line(process)
        if line != "ready":
            raise ProviderMissing(f"the test provider did not start: {line!r}")
        yield issuer(port)
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _first_line(process: subprocess.Popen) -> str:
    """Its first line, or what it said before it stopped, within START_SECONDS."""
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    if not selector.select(timeout=START_SECONDS):
        return "(nothing within the time)"
    return process.stdout.readline().strip()


def sign_in_at(location: str, login: str, *, back_to: str = "http://testserver/") -> str:
    """The person at the provider: sign in as `login`, agree, and come back; returns the
    callback address (starting with back_to) the provider redirects to."""
    browser = requests.Session()
    url = location
    for _step in range(12):
        if url.startswith(back_to):
            return url
        response = browser.get(url, allow_redirects=False, timeout=10)
        if response.is_redirect:
            url = urljoin(url, response.headers["Location"])
            continue
        prompt = PROMPT.search(response.text)
        if response.status_code != 200 or prompt is None:
            raise AssertionError(f"the provider answered {response.status_code}: {response.text}")
        fields = {"prompt": prompt.group(1)}
        if prompt.group(1) == "login":
            fields |= {"login": login, "password": "any"}
        response = browser.post(url, data=fields, allow_redirects=False, timeout=10)
        url = urljoin(url, response.headers["Location"])
    raise AssertionError("the provider never sent the browser back")
