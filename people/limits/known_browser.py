"""A browser its owner has signed in on: it may ask for reset links past the account's cap.

Every successful sign-in (the password form, sign-up, a school's sign-in) and every new
password set by a reset link sets COOKIE on the response: signed with the SECRET_KEY
(Django's signing, SALT), HttpOnly, KEPT_FOR, holding a random id of this browser and the
accounts signed in on it (the latest ACCOUNTS). Signing out keeps it: that is the browser
an owner who forgot the password asks from. A stranger can neither make one (the
signature) nor read another browser's.

people.views.password_reset counts a reset request from a browser whose cookie names the
account per browser (LINKS_PER_BROWSER there) instead of against the account's cap, so
strangers asking from many addresses cannot use up the owner's links. A missing, expired,
forged or garbled cookie is no cookie: the request is counted as anyone's.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest, HttpResponse

COOKIE = "known_browser"
SALT = "tutor.people.known_browser"
KEPT_FOR = timedelta(days=180)
ACCOUNTS = 5


@dataclass(frozen=True)
class Known:
    browser: str  # a random id, the same for every account signed in on this browser
    accounts: tuple[int, ...]  # user ids, oldest first


def read(request: HttpRequest) -> Known | None:
    """This browser's cookie, when its signature holds and it is younger than KEPT_FOR."""
    value = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=KEPT_FOR)
    browser, _, accounts = (value or "").partition(":")
    try:
        pks = tuple(int(pk) for pk in accounts.split(",") if pk)
    except ValueError:
        return None
    return Known(browser, pks) if browser and pks else None


def knows(request: HttpRequest, user_pk: int) -> str | None:
    """The browser's id when its cookie names this account, else None."""
    known = read(request)
    return known.browser if known and user_pk in known.accounts else None


def remember(request: HttpRequest, response: HttpResponse, user) -> HttpResponse:
    """Name `user` in this browser's cookie (the browser keeps its id), on `response`."""
    known = read(request)
    browser = known.browser if known else secrets.token_urlsafe(12)
    others = [pk for pk in (known.accounts if known else ()) if pk != user.pk]
    accounts = [*others[-(ACCOUNTS - 1) :], user.pk]
    response.set_signed_cookie(
        COOKIE,
        f"{browser}:{','.join(str(pk) for pk in accounts)}",
        salt=SALT,
        max_age=int(KEPT_FOR.total_seconds()),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    return response
