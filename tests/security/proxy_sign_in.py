"""Sign-in behind a proxy: one address's guesses do not lock out a real user elsewhere.

    .venv/bin/python tests/security/proxy_sign_in.py [GUESSES]

The app as `make serve` runs it; the script stands for a TLS proxy in front of its nginx
(both trusted: TRUSTED_PROXIES), so every request arrives from 127.0.0.1 and the client's
address is the X-Forwarded-For the proxy writes. One address sends GUESSES (default 40)
wrong sign-ins on made-up names; then a real user at another address signs in with the
right password. Printed: how the guesses were answered and the real user's status (302:
signed in; before TRUSTED_PROXIES it was 429, every client counted as one address).
DATABASE_URL=postgres://… runs it on a scratch PostgreSQL database.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.security.attack import PASSWORD, Browser, served_app, sign_up

ATTACKER, USER = "203.0.113.66", "198.51.100.7"


def run(guesses: int) -> dict:
    with served_app(os.environ.get("DATABASE_URL")) as app:
        sign_up(app, "realuser", address=USER)
        attacker = Browser(app.base, ATTACKER)
        answers = Counter(
            attacker.post(
                "/accounts/login/", {"username": f"made-up-{n}", "password": "wrong guess"}
            ).status
            for n in range(guesses)
        )
        user = Browser(app.base, USER).post(
            "/accounts/login/", {"username": "realuser", "password": PASSWORD}
        )
    figures = {"guesses": guesses, "answers": dict(answers), "user_status": user.status}
    print(
        f"proxy_sign_in: {guesses} wrong sign-ins from {ATTACKER} answered "
        f"{dict(sorted(answers.items()))}; then the real user at {USER}: {user.status}"
        f" ({'signed in' if user.status == 302 else 'refused'})",
        flush=True,
    )
    return figures


if __name__ == "__main__":
    result = run(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
    sys.exit(0 if result["user_status"] == 302 else 1)
