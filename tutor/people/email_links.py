"""A grown-up's e-mail address verified by a link mailed to it.

Until the link is opened the address is only a claim (GrownUp.email_verified): it signs
nobody in and gets no password-reset link, so a stranger who signs up with someone else's
address gains nothing and blocks nothing. Whoever opens a link first keeps the address;
one verified account an address (a database constraint). The link is signed (Django's
signing, with the SECRET_KEY) and lasts LINK_DAYS.
"""

from __future__ import annotations

import logging
import smtplib
from datetime import timedelta

from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import loader
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from tutor.people.models import GrownUp

logger = logging.getLogger(__name__)
SALT = "tutor.people.email_links"
LINK_DAYS = 3


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
