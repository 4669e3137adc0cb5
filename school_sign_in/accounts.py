"""Finding, making and linking the accounts a school identity signs in.

An identity is found by (issuer, subject) alone. A first sign-in on the teachers' button
makes a teacher's account (no password; an e-mail only when the provider says it is
verified and no account has verified it); an e-mail never finds or joins an existing
account. A grown-up already signed in links a school account to theirs on purpose (the
「學校帳號」 page). A student's first sign-in finds the student whose school's roster names
that account (`link_roster_student`: its subject id, or an e-mail the provider says is
verified at a provider whose accounts are the school's own) and links the subject id;
otherwise it waits in the session until the student signs in once the usual way (class
code, name, two pictures), which links it.
"""

from __future__ import annotations

import re
import secrets
import time

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone

from people.models import GrownUp, HereFor, School, Student
from people.names import email_key, looks_disguised, name_key
from people.student_sessions import student_secrets_changed, student_signed_in
from school_sign_in.models import SchoolIdentity
from school_sign_in.oidc import Person
from tutor.oidc_providers import DOMAIN, Provider

WAITING_KEY = "school_sign_in_waiting"  # a student's identity, until their first sign-in
WAITING_SECONDS = 10 * 60
NOT_IN_USERNAME = re.compile(r"[^\w.@+-]+")


def sign_in_domain(person: Person, provider: Provider) -> str:
    """The domain this sign-in proves the account is of: Google's `hd` (its Workspace); at a
    provider whose accounts are the school's own (ROSTER_EMAILS), a verified e-mail's
    domain. An e-mail anybody may verify (a public provider) proves no school."""
    if provider.slug == "google":
        return person.hosted_domain
    if provider.roster_emails and person.email_verified and "@" in person.email:
        domain = email_key(person.email).rpartition("@")[2]
        return domain if DOMAIN.fullmatch(domain) and len(domain) <= 253 else ""
    return ""


def marks(person: Person, provider: Provider) -> dict[str, str]:
    """What a SchoolIdentity keeps of its latest sign-in's organisation."""
    return {"tenant": person.tenant, "domain": sign_in_domain(person, provider)}


def identity_of(person: Person, provider: Provider) -> SchoolIdentity | None:
    identity = (
        SchoolIdentity.objects.select_related("user", "student__classroom", "student__learner")
        .filter(issuer=person.issuer, subject=person.subject)
        .first()
    )
    if identity is not None:
        SchoolIdentity.objects.filter(pk=identity.pk).update(
            last_used_at=timezone.now(), **marks(person, provider)
        )
    return identity


def _usernames(person: Person):
    """The names a new account tries: the provider's name (or the e-mail's first part),
    then with a number, then with a random tail."""
    base = NOT_IN_USERNAME.sub("_", person.name or person.email.partition("@")[0]).strip("_")
    if not base or looks_disguised(base):
        base = "teacher"
    base = base[:40]
    yield base
    for number in range(2, 6):
        yield f"{base}-{number}"
    while True:
        yield f"{base}-{secrets.token_hex(3)}"


def _free_email(person: Person) -> str:
    """The provider's e-mail when it says the address is verified and no account here
    verified it; otherwise none (a claim finds nobody, so it is not kept)."""
    if not (person.email and person.email_verified):
        return ""
    taken = GrownUp.objects.filter(email_key=email_key(person.email), email_verified=True)
    return "" if taken.exists() else person.email


def make_teacher(person: Person, provider: Provider) -> GrownUp:
    """A new teacher's account for a school identity seen for the first time."""
    email = _free_email(person)
    users = get_user_model().objects
    for username in _usernames(person):
        if users.filter(username__iexact=username).exists():
            continue
        if GrownUp.objects.filter(name_key=name_key(username)).exists():
            continue
        try:
            with transaction.atomic():
                user = users.create_user(username, email=email)  # no password: unusable
                grown_up = GrownUp.objects.create(
                    user=user,
                    here_for=HereFor.CLASS,
                    name_key=name_key(username),
                    email_key=email_key(email) if email else "",
                    email_verified=bool(email),
                )
                SchoolIdentity.objects.create(
                    issuer=person.issuer,
                    subject=person.subject,
                    provider=provider.slug,
                    user=user,
                    **marks(person, provider),
                )
        except IntegrityError:  # a name (or the identity) taken a moment earlier
            existing = identity_of(person, provider)
            if existing is not None and existing.user_id:
                return GrownUp.objects.get(user_id=existing.user_id)
            continue
        return grown_up
    raise AssertionError("unreachable: the random names never run out")


def link_user(person: Person, provider: Provider, user) -> bool:
    """Link a school identity to a signed-in grown-up's account; False when the identity
    already signs in another account."""
    try:
        with transaction.atomic():
            SchoolIdentity.objects.create(
                issuer=person.issuer,
                subject=person.subject,
                provider=provider.slug,
                user=user,
                **marks(person, provider),
            )
    except IntegrityError:
        return False
    return True


def roster_keys(person: Person, provider: Provider) -> list[str]:
    """The Student.school_account values a roster would give this person: the provider's
    subject id always; at Microsoft the object id too (`microsoft:<oid>`: the same for every
    application in the tenant, so the school's IT knows it ahead, where `sub` differs per
    application); the e-mail only when the provider says it is verified and its accounts
    are the school's own (OIDC_<NAME>_ROSTER_EMAILS). An unverified e-mail, or
    preferred_username (OpenID Connect Core 5.1: not to be relied on), finds nobody."""
    keys = [f"{provider.slug}:{person.subject}"]
    if provider.slug == "microsoft" and person.object_id:
        keys.append(f"microsoft:{person.object_id}")
    if provider.roster_emails and person.email_verified and person.email:
        keys.append(email_key(person.email))
    return keys


def trusts(school: School | None, person: Person, provider: Provider) -> bool:
    """Whether the school whose roster names this account vouches for this sign-in: the
    sign-in is of the school's tenant (Microsoft's `tid`) or domain (Google's `hd`, or a
    verified e-mail's at a provider whose accounts are the school's own). A school that has
    said neither is trusted only while it is the server's one school: a second school's
    teacher could otherwise name the first school's students' accounts."""
    if school is None or not school.has_account_source:
        return School.objects.count() <= 1
    if provider.slug == "microsoft":
        return bool(school.microsoft_tenant) and person.tenant == school.microsoft_tenant
    domain = sign_in_domain(person, provider)
    return bool(school.account_domain) and domain == school.account_domain


def link_roster_student(person: Person, provider: Provider) -> Student | None:
    """The student in this year's classes whose roster names this school account, now
    linked by the subject id (later sign-ins find them by it); None when no student, or
    more than one, is named (two schools listing one account: the pictures decide), or
    when the student's school does not vouch for this sign-in (`trusts`)."""
    found = list(
        Student.objects.select_related("learner", "classroom__school").filter(
            school_account__in=roster_keys(person, provider), classroom__archived_at__isnull=True
        )[:2]
    )
    if len(found) != 1 or not trusts(found[0].classroom.school, person, provider):
        return None
    try:
        with transaction.atomic():
            SchoolIdentity.objects.create(
                issuer=person.issuer,
                subject=person.subject,
                provider=provider.slug,
                student=found[0],
                **marks(person, provider),
            )
    except IntegrityError:  # the same sign-in a moment earlier in another tab
        return None
    return found[0]


def wait_for_student(request: HttpRequest, person: Person, provider: Provider) -> None:
    """Keep a student's identity in the session until they sign in once the usual way."""
    request.session[WAITING_KEY] = {
        "issuer": person.issuer,
        "subject": person.subject,
        "provider": provider.slug,
        "at": time.time(),
        **marks(person, provider),
    }


def waiting_student(request: HttpRequest) -> dict | None:
    waiting = request.session.get(WAITING_KEY)
    if not isinstance(waiting, dict) or time.time() - waiting.get("at", 0) > WAITING_SECONDS:
        return None
    return waiting


def link_waiting_student(sender, request: HttpRequest, student: Student, **kwargs) -> None:
    """people.student_sessions.student_signed_in: a student signed in the usual way in a
    browser where their school sign-in waits; that school account now signs them in."""
    waiting = waiting_student(request)
    request.session.pop(WAITING_KEY, None)
    if waiting is None:
        return
    try:
        with transaction.atomic():
            SchoolIdentity.objects.create(
                issuer=waiting["issuer"],
                subject=waiting["subject"],
                provider=waiting["provider"],
                student=student,
                tenant=str(waiting.get("tenant", "")),
                domain=str(waiting.get("domain", "")),
            )
    except IntegrityError:  # linked to someone a moment earlier: the first link stays
        return


student_signed_in.connect(link_waiting_student, dispatch_uid="link_waiting_student")


def unlink_student(sender, student: Student, **kwargs) -> None:
    """people.student_sessions.student_secrets_changed: new pictures or a new QR badge end
    every school account linked to the student. A link the school's roster names comes back
    at that account's next sign-in (link_roster_student); one made with the old pictures
    (someone who photographed the card) does not."""
    SchoolIdentity.objects.filter(student=student).delete()


student_secrets_changed.connect(unlink_student, dispatch_uid="unlink_student")
