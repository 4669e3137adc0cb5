"""Asking for a new password: limited, and honest when the mail cannot be sent.

- Requests are counted per client address (tutor.people.rate_limit): after MAX_FAILURES
  in WINDOW the page says to wait, whatever address was typed.
- Links are counted per account and requester: after LINKS_PER_REQUESTER in WINDOW no
  further link goes to it for that client address, so a stranger asking again and again
  cannot use up the owner's own links; and per account from anywhere, at most
  LINKS_PER_ACCOUNT an hour, so nobody can flood the owner's mailbox. The page is the same
  as for an address with no account (nothing is revealed) and says that links are limited.
- When the password has been changed by a link, the owner is told by mail (ASVS 2.5.5).
- A mail the server refuses (SMTP down, wrong password, timeout) is logged, and the page
  says the mail could not be sent, instead of "sent".
"""

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

from tutor.people import rate_limit
from tutor.people.names import email_key

logger = logging.getLogger(__name__)
ADDRESS_SCOPE = "reset-address"  # LoginFailure.scope holds 20 characters
ACCOUNT_SCOPE = "reset-account"  # per account and requester's address
ACCOUNT_ALL_SCOPE = "reset-account-all"  # per account, from anywhere
LINKS_PER_REQUESTER = 3
LINKS_PER_ACCOUNT = 10  # an hour


class PasswordResetForm(auth_forms.PasswordResetForm):
    def __init__(self, *args, requester: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.requester = requester  # the client's address (rate_limit.address)
        self.failed_to_send = False

    def get_users(self, email):
        """Only the account that verified this address (tutor.people.email_links)."""
        users = get_user_model()._default_manager.filter(
            grown_up__email_key=email_key(email), grown_up__email_verified=True, is_active=True
        )
        return (user for user in users if user.has_usable_password())

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
        user = context["user"]
        mine = rate_limit.reserve(
            ACCOUNT_SCOPE, f"user-{user.pk}|{self.requester}", LINKS_PER_REQUESTER
        )
        every = mine and rate_limit.reserve(
            ACCOUNT_ALL_SCOPE, f"user-{user.pk}", LINKS_PER_ACCOUNT, rate_limit.KEPT_FOR
        )
        if not every:
            rate_limit.release([mine] if mine else [])
            logger.warning("password reset: account %s had enough links for now", user.pk)
            return
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        message = EmailMultiAlternatives(subject, body, from_email, [to_email])
        try:
            message.send()
        except (smtplib.SMTPException, OSError):
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
        return {**super().get_form_kwargs(), "requester": rate_limit.address(self.request)}

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        response = super().form_valid(form)
        if form.failed_to_send:
            return render(self.request, "people/password_reset_not_sent.html", status=503)
        return response


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's, and a mail to the owner once the new password is set."""

    def form_valid(self, form):
        response = super().form_valid(form)
        user = form.user
        if user.email:
            body = loader.render_to_string(
                "people/password_changed_email.txt", {"user": user}, self.request
            )
            subject = gettext("Your password was changed")
            try:
                EmailMultiAlternatives(subject, body, None, [user.email]).send()
            except (smtplib.SMTPException, OSError):
                logger.exception("password changed: the mail to account %s failed", user.pk)
        return response
