"""Reset links starved by strangers: does the owner still get one, and is the page honest?

    .venv/bin/python tests/security/reset_starvation.py [STRANGERS] [EACH]

The app as `make serve` runs it, mailing to a sink on 127.0.0.1. STRANGERS (default 5)
addresses ask EACH (default 5) times for a new password for the victim's (checked)
address; then the victim asks once from home. Printed: the links the strangers' requests
mailed, whether the victim's own request mailed one (before: five requests from anywhere
blocked it for 15 minutes while the page said "sent"), what the page said, and whether the
owner is told by mail when the password is changed by a link.
DATABASE_URL=postgres://… runs it on PostgreSQL.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.security.attack import Browser, open_check_link, served_app, sign_up

VICTIM, HOME = "victim@example.org", "198.51.100.5"
RESET = "/accounts/password-reset/"


def run(strangers: int, each: int) -> dict:
    with served_app(os.environ.get("DATABASE_URL")) as app:
        sign_up(app, "victim", email=VICTIM, address=HOME)
        open_check_link(app, VICTIM)
        mailed = len(app.mail.to(VICTIM))
        statuses = [
            Browser(app.base, f"203.0.113.{n + 1}").post(RESET, {"email": VICTIM}).status
            for n in range(strangers)
            for _ in range(each)
        ]
        by_strangers = len(app.mail.to(VICTIM)) - mailed
        home = Browser(app.base, HOME)
        own = home.post(RESET, {"email": VICTIM})
        own_links = len(app.mail.to(VICTIM)) - mailed - by_strangers
        page = home.get(own.headers.get("Location", RESET + "sent/")).body
        says_limited = "15 分鐘內最多寄 3 次。" in page
        link = re.search(r"/accounts/reset/\S+/", app.mail.to(VICTIM)[-1]).group(0)
        set_page = home.get(link)
        new = {"new_password1": "a brand new phrase 7", "new_password2": "a brand new phrase 7"}
        changed = home.post(set_page.headers.get("Location", link), new).status
        told = "的密碼剛剛用寄到這個信箱的連結改好了" in app.mail.to(VICTIM)[-1]
    figures = {
        "requests": len(statuses),
        "by_strangers": by_strangers,
        "own_links": own_links,
        "says_limited": says_limited,
        "changed": changed,
        "owner_told": told,
    }
    print(
        f"reset_starvation: {len(statuses)} requests from {strangers} strangers' addresses "
        f"mailed {by_strangers} link(s); the owner's own request mailed {own_links}; the page "
        f"says links are limited: {says_limited}; password changed by the link: {changed}; "
        f"the owner told by mail: {told}",
        flush=True,
    )
    return figures


if __name__ == "__main__":
    numbers = [int(n) for n in sys.argv[1:3]]
    result = run(*(numbers + [5, 5][len(numbers) :]))
    sys.exit(0 if result["own_links"] == 1 and result["owner_told"] else 1)
