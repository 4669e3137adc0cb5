"""A grown-up's e-mail address verified by a link mailed to it.

Until the link is opened the address is only a claim (GrownUp.email_verified): it signs
nobody in and gets no password-reset link, so a stranger who signs up with someone else's
address gains nothing and blocks nothing. Whoever opens a link first keeps the address;
one verified account an address (a database constraint). The link is signed (Django's
signing, with the SECRET_KEY) and lasts LINK_DAYS.

A link the mail server refused at sign-up is said on the grown-up's pages
(MAIL_FAILED_KEY), with the button that sends it again.

「再寄一次確認信」 (check_link, /accounts/check-email/): a grown-up whose address is not
checked yet asks for the link again, signed in (the page says exactly when the last link
went and when another may) or from the sign-in page by typing the address (the page is
the same whether or not an account waits for it, and says links are limited). Limited like
the reset links: LINKS_PER_REQUESTER to an account per requester's address in
rate_limit.WINDOW, LINKS_PER_ACCOUNT an hour from anywhere, ASKS_PER_ADDRESS asks from one
address in WINDOW; the link mailed at sign-up counts too. A browser the owner has signed in
on (people.limits.known_browser: sign-up sets it) is counted on its own, LINKS_PER_REQUESTER
in WINDOW, and not against the account's hour: strangers asking from many addresses cannot
use up the owner's links.
"""

from __future__ import annotations

import logging
import smtplib
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import loader
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from people.forms import AskForLinkForm
from people.limits import known_browser, rate_limit
from people.models import GrownUp, LoginFailure
from people.names import email_key

logger = logging.getLogger(__name__)
SALT = "tutor.people.email_links"
LINK_DAYS = 3
REQUESTER_SCOPE = "check-link"  # per account and requester's address (20 characters at most)
ACCOUNT_SCOPE = "check-link-all"  # per account, from anywhere
ASK_SCOPE = "check-ask"  # asks typed on the page, per address
BROWSER_SCOPE = "check-browser"  # per account and known browser
# In the session while the link mailed at sign-up could not be sent (the mail server
# refused it): the grown-up's pages say so and offer to send it again, until one goes.
MAIL_FAILED_KEY = "check_link_failed"
LINKS_PER_REQUESTER = 3  # in rate_limit.WINDOW (15 minutes)
LINKS_PER_ACCOUNT = 10  # an hour
ASKS_PER_ADDRESS = 5  # in rate_limit.WINDOW


def link_for(grown_up: GrownUp) -> str:
    token = signing.dumps({"g": grown_up.pk, "e": grown_up.email_key}, salt=SALT)
    return reverse("people:verify_email", args=[token])


def send_link(request: HttpRequest, grown_up: GrownUp) -> bool:
    """Mail the link to the account's address; False when the mail server refused it."""
    url = request.build_absolute_uri(link_for(grown_up))
    body = loader.render_to_string("people/verify_email.txt", {"url": url}, request)
    message = EmailMultiAlternatives(
        gettext("Check your e-mail address"), body, None, [grown_up.user.email]
    )
    try:
        message.send()
    except (smtplib.SMTPException, OSError):
        logger.exception("verify e-mail: the mail to account %s could not be sent", grown_up.pk)
        return False
    return True


@require_safe
def verify_email(request: HttpRequest, token: str) -> HttpResponse:
    try:
        claim = signing.loads(token, salt=SALT, max_age=timedelta(days=LINK_DAYS))
        grown_up = GrownUp.objects.get(pk=claim["g"], email_key=claim["e"])
    except (signing.BadSignature, GrownUp.DoesNotExist, KeyError, TypeError):
        return render(request, "people/email_not_verified.html", {"why": "link"}, status=400)
    if not grown_up.email_verified:
        try:
            with transaction.atomic():
                GrownUp.objects.filter(pk=grown_up.pk).update(email_verified=True)
        except IntegrityError:  # another account verified the address first
            context = {"why": "taken"}
            return render(request, "people/email_not_verified.html", context, status=409)
    return render(request, "people/email_verified.html", {"email": grown_up.user.email})


@dataclass(frozen=True)
class Sending:
    """What asking for a link did: ``sent`` (False: held back by a limit, or ``failed``: the
    mail server refused it), and the account's last link and when another may go."""

    sent: bool
    failed: bool = False
    last_at: datetime | None = None
    next_in: timedelta = timedelta(0)


def _requester(request: HttpRequest, grown_up: GrownUp) -> tuple[str, str, bool]:
    """Who asks, as the counts keep it: (scope, key, whether the account's hour counts
    too): the owner's known browser, or anyone at the client's address."""
    browser = known_browser.knows(request, grown_up.user_id)
    if browser:
        return BROWSER_SCOPE, f"user-{grown_up.pk}|{browser}", False
    return REQUESTER_SCOPE, f"user-{grown_up.pk}|{rate_limit.address(request)}", True


def send_limited(request: HttpRequest, grown_up: GrownUp) -> Sending:
    """Mail the link unless the limits hold it back (counted before it is sent, as
    rate_limit.reserve counts: tries arriving at once cannot pass together)."""
    scope, requester, shared = _requester(request, grown_up)
    mine = rate_limit.reserve(scope, requester, LINKS_PER_REQUESTER)
    every = mine
    if mine and shared:
        every = rate_limit.reserve(
            ACCOUNT_SCOPE, f"user-{grown_up.pk}", LINKS_PER_ACCOUNT, rate_limit.KEPT_FOR
        )
    if not every:
        rate_limit.release([mine] if mine else [])
        return last_sending(request, grown_up, sent=False)
    if not send_link(request, grown_up):
        rate_limit.release(sorted({mine, every}))  # nothing went: it does not count
        return Sending(sent=False, failed=True)
    return last_sending(request, grown_up, sent=True)


def last_sending(request: HttpRequest, grown_up: GrownUp, *, sent: bool = False) -> Sending:
    """When the account's last link went (within the hour the counts are kept), and how long
    until the limits let another go to this requester."""
    now = timezone.now()
    scope, requester, shared = _requester(request, grown_up)
    account = _times(ACCOUNT_SCOPE, f"user-{grown_up.pk}", now - rate_limit.KEPT_FOR)
    mine = _times(scope, requester, now - rate_limit.WINDOW)
    waits = [timedelta(0)]
    if len(mine) >= LINKS_PER_REQUESTER:
        waits.append(mine[-LINKS_PER_REQUESTER] + rate_limit.WINDOW - now)
    if shared and len(account) >= LINKS_PER_ACCOUNT:
        waits.append(account[-LINKS_PER_ACCOUNT] + rate_limit.KEPT_FOR - now)
    last_at = max([*account[-1:], *mine[-1:]], default=None)
    return Sending(sent=sent, last_at=last_at, next_in=max(waits))


def _times(scope: str, key: str, since: datetime) -> list[datetime]:
    """The counted links' times, oldest first."""
    rows = LoginFailure.objects.filter(scope=scope, key=key, created_at__gte=since)
    return list(rows.order_by("created_at").values_list("created_at", flat=True))


@require_http_methods(["GET", "HEAD", "POST"])
def check_link(request: HttpRequest) -> HttpResponse:
    """「再寄一次確認信」: for the signed-in grown-up, their own address; for anyone else, the
    address typed (the page the same whether or not an account waits for it)."""
    if request.user.is_authenticated:
        return _own_link(request, GrownUp.objects.filter(user=request.user).first())
    form = AskForLinkForm(request.POST if request.method == "POST" else None)
    if request.method != "POST":
        return render(request, "people/check_email.html", {"form": form})
    key = rate_limit.client_key(request, "*")
    if rate_limit.reserve(ASK_SCOPE, key, ASKS_PER_ADDRESS) is None:
        return render(request, "people/check_email.html", {"too_many": True}, status=429)
    if not form.is_valid():
        return render(request, "people/check_email.html", {"form": form}, status=400)
    waiting = GrownUp.objects.filter(
        email_key=email_key(form.cleaned_data["email"]), email_verified=False
    ).select_related("user")
    failed = False
    for grown_up in waiting[:5]:
        if grown_up.user.email:
            failed = send_limited(request, grown_up).failed or failed
    if failed:
        return render(request, "people/check_email.html", {"failed": True}, status=503)
    return render(request, "people/check_email.html", {"asked": True})


def _own_link(request: HttpRequest, grown_up: GrownUp | None) -> HttpResponse:
    email = grown_up.user.email if grown_up else ""
    context = {"email": email, "own": True}
    if not email or grown_up.email_verified:
        context["verified"] = bool(email)
        return render(request, "people/check_email.html", context)
    if request.method == "POST":
        sending = send_limited(request, grown_up)
        if sending.sent:
            request.session.pop(MAIL_FAILED_KEY, None)
    else:
        sending = last_sending(request, grown_up)
        context["failed_before"] = bool(request.session.get(MAIL_FAILED_KEY))
    context |= {
        "sending": sending,
        "minutes_ago": _minutes(timezone.now() - sending.last_at) if sending.last_at else None,
        "minutes_left": _minutes(sending.next_in) if sending.next_in else 0,
    }
    status = (
        503 if sending.failed else 429 if request.method == "POST" and not sending.sent else 200
    )
    return render(request, "people/check_email.html", context, status=status)


def _minutes(span: timedelta) -> int:
    return max(1, -(-int(span.total_seconds()) // 60))
