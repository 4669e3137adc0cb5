"""Asking for a new password: limited, and honest when the mail cannot be sent.

- Requests are counted per client address (tutor.people.rate_limit): after MAX_FAILURES
  in WINDOW the page says to wait, whatever address was typed.
- Mails are counted per account: after MAX_FAILURES in WINDOW no further link is sent to
  it (the page is the same as for an address with no account, so nothing is revealed).
- A mail the server refuses (SMTP down, wrong password, timeout) is logged, and the page
  says the mail could not be sent, instead of "sent".
"""

import logging
import smtplib

from django.contrib.auth import forms as auth_forms
from django.contrib.auth import views as auth_views
from django.core.mail import EmailMultiAlternatives
from django.http import HttpResponse
from django.shortcuts import render
from django.template import loader

from tutor.people import rate_limit

logger = logging.getLogger(__name__)
ADDRESS_SCOPE = "reset-address"  # LoginFailure.scope holds 20 characters
ACCOUNT_SCOPE = "reset-account"


class PasswordResetForm(auth_forms.PasswordResetForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.failed_to_send = False

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
        key = f"user-{user.pk}"
        if rate_limit.is_blocked(ACCOUNT_SCOPE, key):
            logger.warning("password reset: account %s had enough links for now", user.pk)
            return
        rate_limit.record_failure(ACCOUNT_SCOPE, key)
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

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        response = super().form_valid(form)
        if form.failed_to_send:
            return render(self.request, "people/password_reset_not_sent.html", status=503)
        return response
