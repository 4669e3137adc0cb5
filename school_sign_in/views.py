"""The school sign-in's pages: start (a button's POST), the provider's callback, and a
grown-up's 「學校帳號」 page (link one on purpose, or unlink).

Whatever the callback cannot trust (an unknown or used state, a wrong nonce, a token that
fails a check) is a 400 in the learner's language; a provider that does not answer, a 503.
"""

from __future__ import annotations

import logging
import time

from django.contrib.auth import login
from django.core.exceptions import SuspiciousOperation
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from lessons.learners import current_learner, forget_in_sessions, use_learner
from people import adoption
from people.assignments import STUDENT_SESSION_KEY
from people.limits import known_browser
from people.models import SchoolEvent, Student
from people.permissions import grown_up_of, grown_up_required, student_for_teacher
from people.post_only import post_only
from people.rosters import events as school_events
from people.student_sessions import sign_in_student
from school_sign_in import accounts, providers
from school_sign_in.models import SchoolIdentity
from school_sign_in.oidc import (
    AuthorizationRequest,
    Endpoints,
    Person,
    ProviderError,
    TokenExchange,
)

logger = logging.getLogger(__name__)
audit = logging.getLogger("tutor.audit")
WHO = ("teacher", "student")  # and "link", through link_start
STATE_SECONDS = 10 * 60  # a sign-in left at the provider longer than this starts again
BACKEND = "django.contrib.auth.backends.ModelBackend"


def _sign_in_only() -> str:
    return gettext("To sign in with a school account, press its button.")


def _sign_in_label() -> str:
    return gettext("Back to sign in")


def _refused(request: HttpRequest, why: str, status: int = 400) -> HttpResponse:
    return render(request, "school_sign_in/refused.html", {"why": why}, status=status)


@require_safe
def start(request: HttpRequest, provider: str, who: str) -> HttpResponse:
    """A button (a link: the page's CSP keeps forms on this site) sends a teacher or a student
    to the provider, with state, nonce and PKCE kept in the session."""
    chosen = providers.by_slug(provider)
    if chosen is None or who not in WHO or (who == "student" and not chosen.students):
        raise Http404("no such school sign-in")
    return _to_provider(request, chosen, who) or _refused(request, "away", status=503)


@post_only(_sign_in_only, "people:sign_in", _sign_in_label)
@grown_up_required
def link_start(request: HttpRequest, provider: str) -> HttpResponse:
    """A signed-in grown-up links a school account on purpose: a POST (CSRF-checked), then a
    link to the provider (a form may not lead off the site, see start)."""
    chosen = providers.by_slug(provider)
    if chosen is None:
        raise Http404("no such school sign-in")
    response = _to_provider(request, chosen, "link")
    if response is None:
        return _refused(request, "away", status=503)
    context = {"url": response.url, "name": providers.name_of(chosen.slug)}
    return render(request, "school_sign_in/continue.html", context)


def _to_provider(request: HttpRequest, provider, who: str) -> HttpResponse | None:
    """The redirect to the provider's authorization endpoint; None when it does not answer."""
    try:
        endpoints = Endpoints.discover(provider)
    except ProviderError:
        logger.exception("school sign-in: %s's discovery failed", provider.slug)
        return None
    response, state = AuthorizationRequest(provider, endpoints).start(request)
    request.session["oidc_states"][state].update(
        provider=provider.slug,
        who=who,
        endpoints=endpoints.as_dict(),
        user=request.user.pk if who == "link" else None,
    )
    request.session.modified = True
    return response


def _take_state(request: HttpRequest) -> dict | None:
    """The session's entry for the callback's state, removed (a state is used once)."""
    states = request.session.get("oidc_states")
    state = request.GET.get("state", "")
    if not isinstance(states, dict) or state not in states:
        return None
    entry = states.pop(state)
    request.session.modified = True
    if time.time() - entry.get("added_on", 0) > STATE_SECONDS or "provider" not in entry:
        return None
    return entry


@require_safe
def callback(request: HttpRequest) -> HttpResponse:
    """The provider sends the browser back here with a code (or an error) and the state."""
    entry = _take_state(request)
    if request.GET.get("error"):
        return _refused(request, "cancelled")
    code = request.GET.get("code", "")
    if entry is None or not code:
        return _refused(request, "expired")
    provider = providers.by_slug(entry["provider"])
    if provider is None or request.GET.get("iss", provider.issuer) != provider.issuer:
        return _refused(request, "refused")  # RFC 9207: the answer is from another issuer
    exchange = TokenExchange(provider, Endpoints(**entry["endpoints"]))
    try:
        person = exchange.person(request, code, entry["nonce"], entry.get("code_verifier"))
    except SuspiciousOperation as error:
        logger.warning("school sign-in refused (%s): %s", provider.slug, error)
        return _refused(request, "refused")
    except ProviderError:
        logger.exception("school sign-in: %s did not answer", provider.slug)
        return _refused(request, "away", status=503)
    return _signed_in(request, entry, provider, person)


def _signed_in(request: HttpRequest, entry: dict, provider, person: Person) -> HttpResponse:
    identity = accounts.identity_of(person, provider)
    who = entry["who"]
    if who == "link":
        if not request.user.is_authenticated or request.user.pk != entry.get("user"):
            return _refused(request, "expired")
        if identity is not None or not accounts.link_user(person, provider, request.user):
            return _refused(request, "taken", status=409)
        return redirect("school_sign_in:school_accounts")
    if identity is not None and identity.student is not None:
        return _student_in(request, identity.student)
    if identity is not None:
        return _grown_up_in(request, identity.user)
    if who == "student" and (student := accounts.link_roster_student(person, provider)):
        return _student_in(request, student)
    if who == "student":
        accounts.wait_for_student(request, person, provider)
        return redirect("people:join_class")
    grown_up = accounts.make_teacher(person, provider)
    return _grown_up_in(request, grown_up.user)


def _student_in(request: HttpRequest, student) -> HttpResponse:
    """A student found by their school account. A school sign-in waiting in this browser
    (someone else's, maybe, on a shared tablet) is dropped, not linked to them: only the
    pictures link a waiting one."""
    request.session.pop(accounts.WAITING_KEY, None)
    sign_in_student(request, student)
    return redirect("lesson_map")


def _grown_up_in(request: HttpRequest, user) -> HttpResponse:
    """As the password sign-in does: the browser's anonymous progress waits to be placed, and
    the browser is known to the account (people.limits.known_browser)."""
    login(request, user, backend=BACKEND)
    grown_up = grown_up_of(user)
    request.session.pop(STUDENT_SESSION_KEY, None)
    waiting = adoption.take_browser_progress(grown_up, current_learner(request))
    use_learner(request, waiting or adoption.own_learner(grown_up))
    return known_browser.remember(request, redirect(grown_up.home_url_name), user)


@grown_up_required
def school_accounts(request: HttpRequest) -> HttpResponse:
    """The school accounts that sign in this grown-up, and a button to link each provider."""
    linked = list(request.user.school_identities.order_by("created_at", "pk"))
    context = {
        "linked": [(identity, providers.name_of(identity.provider)) for identity in linked],
        "providers": [(p.slug, providers.name_of(p.slug)) for p in providers.configured()],
        "last_way_in": not request.user.has_usable_password() and len(linked) == 1,
    }
    return render(request, "school_sign_in/school_accounts.html", context)


@post_only(_sign_in_only, "people:sign_in", _sign_in_label)
@grown_up_required
def unlink(request: HttpRequest, identity_id: int) -> HttpResponse:
    """Unlink a school account, unless it is the only way into this account."""
    identity = get_object_or_404(SchoolIdentity, pk=identity_id, user=request.user)
    others = request.user.school_identities.exclude(pk=identity.pk).exists()
    if not (others or request.user.has_usable_password()):
        return _refused(request, "last_way_in")
    identity.delete()
    return redirect("school_sign_in:school_accounts")


@post_only(_sign_in_only, "people:join_class", _sign_in_label)
def forget_waiting(request: HttpRequest) -> HttpResponse:
    """「不是我的帳號」: the school sign-in waiting in this browser is dropped."""
    request.session.pop(accounts.WAITING_KEY, None)
    return redirect("people:join_class")


@grown_up_required
def unlink_student(request: HttpRequest, student_id: int) -> HttpResponse:
    """The class's teacher unlinks a student's school account (the wrong child linked, a
    shared tablet mixed up): asked first; the POST deletes the (issuer, subject) links, with
    「也清除名單上的學校帳號」 the roster's account too, and signs the student out on every
    device; for a school's class, the school's change log says so. Their next school sign-in
    takes the roster's match or the pictures again.
    Anybody but the class's teacher gets 404 (student_for_teacher)."""
    student = student_for_teacher(request.user, student_id)
    identities = list(student.school_identities.order_by("created_at", "pk"))
    if request.method != "POST":
        context = {
            "student": student,
            "identities": [
                (identity, providers.name_of(identity.provider)) for identity in identities
            ],
        }
        return render(request, "school_sign_in/unlink_student.html", context)
    clear_roster = request.POST.get("roster") == "1" and bool(student.school_account)
    with transaction.atomic():
        SchoolIdentity.objects.filter(student=student).delete()
        if clear_roster:
            Student.objects.filter(pk=student.pk).update(school_account="")
        if student.classroom.school_id is not None and (identities or clear_roster):
            school_events.record(
                student.classroom.school_id,
                SchoolEvent.Kind.SCHOOL_ACCOUNT_UNLINKED,
                request.user,
                class_name=student.classroom.name,
                student=student.learner.nickname,
                student_id=student.pk,
                accounts=[f"{identity.provider}:{identity.subject}" for identity in identities],
                roster_account_cleared=student.school_account if clear_roster else "",
            )
    forget_in_sessions({student.learner_id}, also=(STUDENT_SESSION_KEY,))
    audit.info(
        "user %s unlinked %d school account(s) (%s) from student %s of class %s%s",
        request.user.pk,
        len(identities),
        ", ".join(f"{identity.provider} #{identity.pk}" for identity in identities) or "none",
        student.pk,
        student.classroom_id,
        "; the roster's school account cleared" if clear_roster else "",
    )
    return redirect("people:class_roster", classroom_id=student.classroom_id)
