"""Reset links starved by strangers: does the owner still get one, and is the page honest?

    .venv/bin/python tests/security/reset_starvation.py [STRANGERS] [EACH]

The app as `make serve` runs it, mailing to a sink on 127.0.0.1. The victim signs up at
home (that browser is known to the account: people.limits.known_browser) and signs out.
STRANGERS (default 5) addresses ask EACH (default 5) times for a new password for the
victim's (checked) address; then the victim asks once from the browser at home, and once
from a browser at home that never signed in. Printed: the links the strangers' requests
mailed, what the owner's own request mailed (before the known browser: 0, while the page
said "sent"), what the other browser's mailed and whether its page said a link was sent
recently (429), and whether the owner is told by mail when the password is changed by a
link. DATABASE_URL=postgres://… runs it on PostgreSQL.
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
        home = sign_up(app, "victim", email=VICTIM, address=HOME)
        open_check_link(app, VICTIM)
        assert home.post("/accounts/logout/", {}).status == 302
        mailed = len(app.mail.to(VICTIM))
        statuses = [
            Browser(app.base, f"203.0.113.{n + 1}").post(RESET, {"email": VICTIM}).status
            for n in range(strangers)
            for _ in range(each)
        ]
        by_strangers = len(app.mail.to(VICTIM)) - mailed
        own = home.post(RESET, {"email": VICTIM})
        own_links = len(app.mail.to(VICTIM)) - mailed - by_strangers
        page = home.get(own.headers.get("Location", RESET + "sent/")).body
        says_limited = "15 分鐘內最多寄 3 次。" in page
        other = Browser(app.base, HOME).post(RESET, {"email": VICTIM})
        other_links = len(app.mail.to(VICTIM)) - mailed - by_strangers - own_links
        other_says_recent = other.status == 429 and "不久前已經寄過設定新密碼的連結了" in other.body
        link = re.search(r"/accounts/reset/\S+/", app.mail.to(VICTIM)[-1]).group(0)
        set_page = home.get(link)
        new = {"new_password1": "a brand new phrase 7", "new_password2": "a brand new phrase 7"}
        changed = home.post(set_page.headers.get("Location", link), new).status
        told = "的密碼剛剛用寄到這個信箱的連結改好了" in app.mail.to(VICTIM)[-1]
    figures = {
        "requests": len(statuses),
        "refused": statuses.count(429),
        "by_strangers": by_strangers,
        "own_links": own_links,
        "says_limited": says_limited,
        "other_links": other_links,
        "other_says_recent": other_says_recent,
        "changed": changed,
        "owner_told": told,
    }
    print(
        f"reset_starvation: {len(statuses)} requests from {strangers} strangers' addresses "
        f"mailed {by_strangers} link(s) ({statuses.count(429)} told a link was sent "
        f"recently); the owner's own request mailed {own_links}; the page says links are "
        f"limited: {says_limited}; a browser at home never signed in mailed {other_links}, "
        f"its page says a link was sent recently: {other_says_recent}; password changed by "
        f"the link: {changed}; the owner told by mail: {told}",
        flush=True,
    )
    return figures


if __name__ == "__main__":
    numbers = [int(n) for n in sys.argv[1:3]]
    result = run(*(numbers + [5, 5][len(numbers) :]))
    sys.exit(0 if result["own_links"] == 1 and result["owner_told"] else 1)
