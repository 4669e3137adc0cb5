"""Asking for a new password: limited, honest, and the owner's own browser is not starved.

- Requests are counted per client address (people.limits.rate_limit): after MAX_FAILURES
  in WINDOW the page says to wait, whatever address was typed.
- Links are counted per typed e-mail address (its email_key, hashed), whether or not an
  account has it, so what the page says reveals nothing: LINKS_PER_REQUESTER per requester's
  address in WINDOW, and LINKS_PER_ACCOUNT an hour from anywhere, so nobody can flood the
  owner's mailbox.
- A browser the owner has signed in on (people.limits.known_browser) is counted on its own:
  LINKS_PER_BROWSER in WINDOW, whatever others asked, so strangers at many addresses using
  up the hour's links cannot starve the owner.
- A request a limit stopped gets the page saying a link was sent recently (429), not
  "sent"; the same page for an address no account has.
- When the password has been changed by a link, the owner is told by mail (ASVS 2.5.5),
  and the browser that set it is known from then on.
- A mail the server refuses (SMTP down, wrong password, timeout) is logged, does not count
  against the limits, and the page says the mail could not be sent, instead of "sent".
"""

import hashlib
import logging
import smtplib

from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.core.mail import EmailMultiAlternatives
from django.http import HttpResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext

from people.limits import known_browser, rate_limit
from people.names import email_key

logger = logging.getLogger(__name__)
ADDRESS_SCOPE = "reset-address"  # LoginFailure.scope holds 20 characters
ACCOUNT_SCOPE = "reset-account"  # per typed e-mail address and requester's address
ACCOUNT_ALL_SCOPE = "reset-account-all"  # per typed e-mail address, from anywhere
BROWSER_SCOPE = "reset-browser"  # per account and known browser
LINKS_PER_REQUESTER = 3  # in rate_limit.WINDOW
LINKS_PER_ACCOUNT = 10  # an hour
LINKS_PER_BROWSER = 3  # in rate_limit.WINDOW


def typed_key(email: str) -> str:
    """The typed address as the counts keep it: hashed, so no address is stored as typed."""
    return "email-" + hashlib.sha256(email_key(email).encode()).hexdigest()[:32]


class PasswordResetForm(auth_forms.PasswordResetForm):
    def __init__(self, *args, requester: str = "", request=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.requester = requester  # the client's address (rate_limit.address)
        self.request = request  # its known_browser cookie
        self.limited = False
        self.failed_to_send = False

    def get_users(self, email):
        """Only the account that verified this address (people.views.email_links)."""
        users = get_user_model()._default_manager.filter(
            grown_up__email_key=email_key(email), grown_up__email_verified=True, is_active=True
        )
        return (user for user in users if user.has_usable_password())

    def save(self, *args, **kwargs):
        """Django's (a link to each account found), once the limits allow it."""
        reserved = self._reserve(self.cleaned_data["email"])
        self.limited = not reserved
        if reserved:
            super().save(*args, **kwargs)
        if self.failed_to_send:
            rate_limit.release(reserved)  # nothing went: it does not count

    def _reserve(self, email: str) -> list[int]:
        """The rows this request counts as (rate_limit.reserve: tries at once cannot pass
        together); [] when a limit stops it."""
        typed = typed_key(email)
        if self.request is not None:
            for user in self.get_users(email):
                browser = known_browser.knows(self.request, user.pk)
                if browser:
                    key = f"user-{user.pk}|{browser}"
                    row = rate_limit.reserve(BROWSER_SCOPE, key, LINKS_PER_BROWSER)
                    return [row] if row else []
        mine = rate_limit.reserve(ACCOUNT_SCOPE, f"{typed}|{self.requester}", LINKS_PER_REQUESTER)
        every = mine and rate_limit.reserve(
            ACCOUNT_ALL_SCOPE, typed, LINKS_PER_ACCOUNT, rate_limit.KEPT_FOR
        )
        if not every:
            rate_limit.release([mine] if mine else [])
            return []
        return [mine, every]

    def send_mail(
        self,
        subject_template_name,
        email_template_name,
        context,
        from_email,
        to_email,
        html_email_template_name=None,
    ):
        """Django's send_mail (which logs a failure and carries on), noting the failure."""
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        message = EmailMultiAlternatives(subject, body, from_email, [to_email])
        try:
            message.send()
        except (smtplib.SMTPException, OSError):
            user = context["user"]
            logger.exception("password reset: the mail to account %s could not be sent", user.pk)
            self.failed_to_send = True


class PasswordResetView(auth_views.PasswordResetView):
    form_class = PasswordResetForm

    def post(self, request, *args, **kwargs):
        key = rate_limit.client_key(request, "*")
        if rate_limit.is_blocked(ADDRESS_SCOPE, key):
            return render(request, "people/password_reset_too_many.html", status=429)
        rate_limit.record_failure(ADDRESS_SCOPE, key)
        return super().post(request, *args, **kwargs)

    def get_form_kwargs(self):
        requester = rate_limit.address(self.request)
        return {**super().get_form_kwargs(), "requester": requester, "request": self.request}

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        response = super().form_valid(form)
        if form.limited:
            return render(self.request, "people/password_reset_limited.html", status=429)
        if form.failed_to_send:
            return render(self.request, "people/password_reset_not_sent.html", status=503)
        return response


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's, and a mail to the owner once the new password is set."""

    def form_valid(self, form):
        response = super().form_valid(form)
        user = form.user
        rate_limit.clear_account(user.pk)  # a stranger's delay ends with the owner's reset
        tell_the_owner(self.request, user, by_link=True)
        return known_browser.remember(self.request, response, user)


def tell_the_owner(request, user, *, by_link: bool) -> None:
    """A mail to the account's address (if it has one) that its password was just changed,
    with a link to reset it: the owner learns of a change they did not make."""
    if not user.email:
        return
    context = {"user": user, "by_link": by_link}
    body = loader.render_to_string("people/password_changed_email.txt", context, request)
    subject = gettext("Your password was changed")
    try:
        EmailMultiAlternatives(subject, body, None, [user.email]).send()
    except (smtplib.SMTPException, OSError):
        logger.exception("password changed: the mail to account %s failed", user.pk)
