"""A stranger signs up with the victim's e-mail address first: what does the stranger gain?

    .venv/bin/python tests/security/shared_email.py

The app as `make serve` runs it, mailing to a sink on 127.0.0.1. A stranger signs up with
the victim's address as username, and another with it as e-mail; then the victim signs up
with it and opens the check link mailed to it. Printed: the victim's sign-in with the
e-mail address (302: signed in; before, 400, counted towards a lock), the reset links the
strangers' requests sent and for which accounts (before: the stranger's account's link
reached the victim's mailbox), and the look-alike names beside `alice` (`Alıce`, `AlİCE`,
Cyrillic `Alicе`: 400, refused, on SQLite and PostgreSQL alike).
DATABASE_URL=postgres://… runs it on PostgreSQL.
"""

from __future__ import annotations

import base64
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.security.attack import PASSWORD, Browser, open_check_link, served_app, sign_up

VICTIM = "victim@example.org"
LOOK_ALIKES = ("Alıce", "AlİCE", "Alicе")  # dotless ı, dotted İ, Cyrillic е


def _reset_accounts(app, bodies: list[str]) -> list[str]:
    """The user ids the reset links in `bodies` are for (their uidb64 decoded)."""
    found = []
    for body in bodies:
        for uid in re.findall(r"/accounts/reset/([^/]+)/", body):
            found.append(base64.urlsafe_b64decode(uid + "=" * (-len(uid) % 4)).decode())
    return found


def run() -> dict:
    with served_app(os.environ.get("DATABASE_URL")) as app:
        sign_up(app, VICTIM, address="203.0.113.9")  # the address as username
        sign_up(app, "stranger", email=VICTIM, address="203.0.113.9")
        sign_up(app, "victim", email=VICTIM, address="198.51.100.2")
        checked = open_check_link(app, VICTIM)  # the last link: the victim's own
        signed_in = Browser(app.base, "198.51.100.2").post(
            "/accounts/login/", {"username": VICTIM, "password": PASSWORD}
        )
        before = len(app.mail.messages)
        Browser(app.base, "203.0.113.9").post("/accounts/password-reset/", {"email": VICTIM})
        links = _reset_accounts(app, [m["body"] for m in app.mail.messages[before:]])
        sign_up(app, "alice", address="198.51.100.3")
        look_alikes = {
            name: Browser(app.base, "198.51.100.4")
            .post(
                "/accounts/signup/",
                {"username": name, "password1": PASSWORD, "password2": PASSWORD},
            )
            .status
            for name in LOOK_ALIKES
        }
    figures = {
        "checked": checked,
        "signed_in": signed_in.status,
        "reset_links": links,
        "look_alikes": look_alikes,
    }
    print(
        f"shared_email: the victim's check link {checked}; sign-in with {VICTIM}: "
        f"{signed_in.status}; the stranger's reset request sent {len(links)} link(s), "
        f"for account id(s) {links or 'none'} (the victim's is 3); look-alike names: "
        + ", ".join(f"{name!r} {status}" for name, status in look_alikes.items()),
        flush=True,
    )
    return figures


if __name__ == "__main__":
    result = run()
    ok = (
        result["signed_in"] == 302
        and set(result["reset_links"]) <= {"3"}
        and set(result["look_alikes"].values()) == {400}
    )
    sys.exit(0 if ok else 1)
