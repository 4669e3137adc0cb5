"""Guessing one account's password from many addresses: how many guesses get checked?

    .venv/bin/python tests/security/account_guesses.py [ADDRESSES] [PER_ADDRESS] [AT_ONCE]

The app as `make serve` runs it (the script as a trusted TLS proxy: each guess says its
client address). ADDRESSES (default 10) addresses send PER_ADDRESS (default 5) wrong
passwords each at one account, one after another; then AT_ONCE (default 30) wrong guesses
arrive together. Printed: how many guesses were checked (answered 400, "wrong password")
rather than told to wait (429), and whether the right password works once the wait is over
(ASVS 2.2.1: about 100 failures an hour per account at most; no lock a stranger imposes).
Before the per-account limit, 10 addresses had 50 passwords checked, and 30 at once with a
limit of 5 had 7 checked. DATABASE_URL=postgres://… runs it on PostgreSQL.
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.security.attack import PASSWORD, Browser, served_app, sign_up

SIGN_IN = "/accounts/login/"


def _guess(app, address: str, password: str = "wrong guess"):
    return Browser(app.base, address).post(SIGN_IN, {"username": "victim", "password": password})


def run(addresses: int, per_address: int, at_once: int) -> dict:
    with served_app(os.environ.get("DATABASE_URL")) as app:
        sign_up(app, "victim", address="198.51.100.1")
        one_by_one = Counter(
            _guess(app, f"203.0.113.{n + 1}").status
            for _ in range(per_address)
            for n in range(addresses)
        )
        with ThreadPoolExecutor(max_workers=min(at_once, 30)) as pool:
            together = Counter(
                answer.status
                for answer in pool.map(
                    lambda n: _guess(app, f"203.0.113.{n % addresses + 1}"), range(at_once)
                )
            )
        refused = _guess(app, "198.51.100.1", PASSWORD)
        seconds = re.search(r"(\d+) 秒", refused.body)
        wait = int(seconds.group(1)) if seconds else 0
        time.sleep(wait + 1)
        right = _guess(app, "198.51.100.1", PASSWORD)
    figures = {
        "checked": one_by_one[400],
        "guesses": addresses * per_address,
        "checked_at_once": together[400],
        "at_once": at_once,
        "right_status": right.status,
        "wait": wait,
    }
    print(
        f"account_guesses: {figures['guesses']} guesses from {addresses} addresses: "
        f"{figures['checked']} checked, {one_by_one[429]} told to wait; {at_once} at once: "
        f"{figures['checked_at_once']} checked; the right password {right.status} after "
        f"waiting {wait} s ({'signed in' if right.status == 302 else 'refused'})",
        flush=True,
    )
    return figures


if __name__ == "__main__":
    numbers = [int(n) for n in sys.argv[1:4]]
    result = run(*(numbers + [10, 5, 30][len(numbers) :]))
    sys.exit(0 if result["right_status"] == 302 else 1)
