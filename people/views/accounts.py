"""Grown-ups' accounts: sign up, sign in (rate-limited), sign out.

Sign-up and sign-in keep the progress this browser already made, waiting to be told whose
it is (people.adoption). Django's login() rotates the session key. Both name the
account in this browser's known_browser cookie (its own reset links, password_reset).
"""

import logging
import math
import smtplib

from django.conf import settings
from django.contrib.auth import get_user_model, login, logout
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template import loader
from django.utils import translation
from django.utils.translation import gettext as _

from lessons.learners import current_learner, use_learner
from people import adoption
from people.assignments import STUDENT_SESSION_KEY
from people.forms import DeleteAccountForm, PinForm, SignInForm, SignUpForm
from people.limits import known_browser, known_places, rate_limit
from people.models import ChildProfile, Classroom, GrownUp
from people.names import email_key, name_key
from people.next_url import safe_next_url
from people.permissions import LOCKED_SESSION_KEY, grown_up_of, grown_up_required
from people.post_only import post_only
from people.views import email_links
from people.views.parents import pin_answer

logger = logging.getLogger(__name__)
SIGN_IN_SCOPE = "sign-in"
SIGN_IN_ADDRESS_SCOPE = "sign-in-address"
GUESSES_TOLD_SCOPE = "guesses-told"  # one mail an account an hour while its delay lasts


def _accounts(typed: str) -> list[int]:
    """The accounts a typed name could find, by whichever spelling (the database's
    case-insensitive match included: on PostgreSQL 「ı」 finds 「I」 and 「ſ」 finds 「S」)."""
    return list(
        get_user_model()
        .objects.filter(
            Q(username__iexact=typed)
            | Q(email__iexact=typed)
            | Q(grown_up__name_key=name_key(typed))
        )
        .values_list("pk", flat=True)[:10]
    )


def sign_in_keys(
    request: HttpRequest, typed: str, accounts: list[int]
) -> list[tuple[str, str, int]]:
    """The counts a sign-in try is held to at this address, as (scope, key, limit): one per
    account the typed name finds, each with the client's address; the typed text itself
    when it finds no account; and the address alone (the last one), which keeps only
    failures: a right password gives its try back (sign_in), so a school's teachers behind
    one address do not use up its budget by signing in."""
    address = rate_limit.address(request)
    keys = [(SIGN_IN_SCOPE, f"account-{pk}|{address}", rate_limit.MAX_FAILURES) for pk in accounts]
    if not keys:
        keys = [(SIGN_IN_SCOPE, rate_limit.client_key(request, typed), rate_limit.MAX_FAILURES)]
    keys.append((SIGN_IN_ADDRESS_SCOPE, address, rate_limit.MAX_FAILURES_PER_ADDRESS))
    return keys


def _reserve_sign_in(request: HttpRequest, typed: str) -> list[tuple[str, str, int]] | float:
    """Count this try against its accounts and its address before the password is checked
    (rate_limit.reserve): the (scope, key, reserved row) it counts against, or the seconds to
    wait (> 0) when it may not be checked now (an account's delay first, then the address's
    limits)."""
    typed = typed.replace("\x00", "").strip()[:254]
    pks = _accounts(typed)
    reserved = []
    # The account's own browser (its known_browser cookie) and its own places (an address
    # it signed in from, known_places) are held to no account delay: a stranger's timed
    # guesses from fresh addresses kept the owner at 429 (5 of 5 over 240 s). Their tries
    # still count at their address (sign_in_keys).
    strangers = [pk for pk in pks if not _owners(request, pk)]
    for key in (rate_limit.account_key(pk) for pk in strangers):
        row = rate_limit.record_failure(rate_limit.ACCOUNT_SCOPE, key)
        reserved.append((rate_limit.ACCOUNT_SCOPE, key, row))
        wait = rate_limit.account_wait(key, excluding=row)
        if wait:
            rate_limit.release([row for _, _, row in reserved])
            return wait
    for scope, key, limit in sign_in_keys(request, typed, pks):
        row = rate_limit.reserve(scope, key, limit)
        if row is None:
            rate_limit.release([row for _, _, row in reserved])
            return float(rate_limit.WINDOW.total_seconds())
        reserved.append((scope, key, row))
    return reserved


def _owners(request: HttpRequest, pk: int) -> bool:
    """Whether this try comes from the account owner's browser or one of their places."""
    return known_browser.knows(request, pk) is not None or known_places.knows(request, pk)


def _tell_the_owner_of_guesses(request: HttpRequest, reserved) -> None:
    """A wrong password from a stranger that starts (or keeps) an account's delay: mail the
    owner's verified address, once an hour at most, in the owner's language."""
    for scope, key, _row in reserved:
        if scope != rate_limit.ACCOUNT_SCOPE:
            continue
        failures = rate_limit.account_failures(key)
        if failures < rate_limit.ACCOUNT_FREE_FAILURES:
            continue
        pk = int(key.removeprefix("account-"))
        grown_up = GrownUp.objects.select_related("user", "learner").filter(user_id=pk).first()
        if grown_up is None or not grown_up.email_verified or not grown_up.user.email:
            continue
        if rate_limit.reserve(GUESSES_TOLD_SCOPE, key, 1, rate_limit.KEPT_FOR) is None:
            continue
        language = (grown_up.learner.language if grown_up.learner else "") or settings.LANGUAGE_CODE
        with translation.override(language):
            context = {"user": grown_up.user, "count": failures}
            body = loader.render_to_string("people/guesses_email.txt", context, request)
            subject = _("Someone is trying to sign in to your account")
        try:
            EmailMultiAlternatives(subject, body, None, [grown_up.user.email]).send()
        except (smtplib.SMTPException, OSError):
            logger.exception("guesses: the mail to account %s failed", pk)


def _count_as_right(reserved: list[tuple[str, str, int]]) -> None:
    """A right password: its account's and its name's failures are cleared; at the address
    (whose count spans accounts) only this try's own row is given back."""
    for scope, key, row in reserved:
        if scope == SIGN_IN_ADDRESS_SCOPE:
            rate_limit.release([row])
        else:
            rate_limit.clear_failures(scope, key)


def _adopt_browser_learner(request: HttpRequest, grown_up: GrownUp) -> None:
    """Keep this browser's anonymous progress for the grown-up to place, or switch to their own.

    The browser goes on with the progress it made (it waits to be told whose it is, see
    adoption); otherwise with the grown-up's own learner. A student's or a child's progress
    left in this browser is theirs: the grown-up neither takes it nor goes on as them.
    """
    request.session.pop(STUDENT_SESSION_KEY, None)
    waiting = adoption.take_browser_progress(grown_up, current_learner(request))
    use_learner(request, waiting or adoption.own_learner(grown_up))


def sign_up(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if form.is_valid():
            try:
                with transaction.atomic():  # the account, its extras and the adopted progress
                    user = form.save()
                    grown_up = GrownUp.objects.create(
                        user=user,
                        here_for=form.cleaned_data["here_for"],
                        name_key=name_key(user.username),
                        email_key=email_key(user.email) if user.email else "",
                    )
            except IntegrityError:  # the same name taken by a sign-up a moment earlier
                form.add_error(
                    "username",
                    form.instance.unique_error_message(type(form.instance), ["username"]),
                )
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                _adopt_browser_learner(request, grown_up)
                # The link is counted with those asked for again; a refused one is said.
                if user.email and email_links.send_limited(request, grown_up).failed:
                    request.session[email_links.MAIL_FAILED_KEY] = True
                known_places.remember(request, user)
                return known_browser.remember(request, redirect(grown_up.home_url_name), user)
        return render(request, "people/sign_up.html", {"form": form}, status=400)
    return render(request, "people/sign_up.html", {"form": form})


def sign_in(request: HttpRequest) -> HttpResponse:
    form = SignInForm(request, data=request.POST if request.method == "POST" else None)
    next_url = safe_next_url(request, "")
    if request.method == "POST":
        reserved = _reserve_sign_in(request, request.POST.get("username", ""))
        if isinstance(reserved, float):
            return too_many_tries(request, reserved)
        if form.is_valid():
            _count_as_right(reserved)
            login(request, form.get_user())
            grown_up = grown_up_of(form.get_user())
            _adopt_browser_learner(request, grown_up)
            response = redirect(next_url or grown_up.home_url_name)
            known_places.remember(request, form.get_user())
            return known_browser.remember(request, response, form.get_user())
        _tell_the_owner_of_guesses(request, reserved)
        context = {"form": form, "next": next_url}  # the reserved rows stay, as failures
        return render(request, "people/sign_in.html", context, status=400)
    return render(request, "people/sign_in.html", {"form": form, "next": next_url})


def too_many_tries(request: HttpRequest, seconds: float) -> HttpResponse:
    """429: the address's limits say 15 minutes; an account's delay says its seconds."""
    context = {"seconds": math.ceil(seconds)} if seconds < 15 * 60 else {}
    return render(request, "people/too_many_tries.html", context, status=429)


@post_only(
    lambda: _("To sign out, press “Sign out” at the top of the page."),
    "lesson_map",
    lambda: _("Back to the lessons"),
)
def sign_out(request: HttpRequest) -> HttpResponse:
    """Sign out; while a child is learning behind the PIN, only with the PIN.

    The grown-up area is locked once a child was picked on a PIN-protected account:
    the child's 「登出」 must not end the grown-up's session (and so the lock) for them.
    """
    if request.user.is_authenticated and request.session.get(LOCKED_SESSION_KEY):
        form = PinForm(request.POST if "pin" in request.POST else None)
        if form.is_bound:
            answer = pin_answer(request, grown_up_of(request.user), form)
            if answer == "blocked":
                return render(request, "people/too_many_tries.html", status=429)
            if answer == "wrong":
                context = {"form": form, "wrong": True}
                return render(request, "people/sign_out_pin.html", context, status=400)
        else:
            return render(request, "people/sign_out_pin.html", {"form": form})
    logout(request)
    return redirect("lesson_map")


@grown_up_required
def delete_account(request: HttpRequest) -> HttpResponse:
    """Ask first, naming the classes and children that go with the account; the password
    confirms. Everything about them goes too (people.deletion). A wrong password
    counts at the account as a failed sign-in does (past the free ones each try waits)."""
    user = request.user
    form = DeleteAccountForm(user, request.POST if request.method == "POST" else None)
    if request.method == "POST":
        reserved, wait = rate_limit.account_try(user.pk)
        if wait:
            return too_many_tries(request, wait)
        if form.is_valid():
            with transaction.atomic():
                rate_limit.clear_failures(rate_limit.ACCOUNT_SCOPE, rate_limit.account_key(user.pk))
                user.delete()
            logout(request)
            return redirect("lesson_map")
        if not form.password_guessed:
            rate_limit.release([reserved])
    grown_up = grown_up_of(user)
    context = {
        "form": form,
        "classrooms": Classroom.objects.filter(teacher=user)
        .annotate(student_count=Count("students"))
        .order_by("created_at", "pk"),  # a GROUP BY drops Meta.ordering
        "children": ChildProfile.objects.filter(parent=user).select_related("learner"),
        "own_learner_id": grown_up.learner_id,
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "people/delete_account.html", context, status=status)
