"""Slowing down guessing: after MAX_FAILURES failed sign-ins within WINDOW, refuse for a while.

Failures are rows in the database (LoginFailure), so every app server sees the
same count. A key joins what is being guessed (a username, a student) with the
client's address; a ceiling per address alone (MAX_FAILURES_PER_ADDRESS) slows down
someone going through many targets.
"""

from datetime import timedelta

from django.http import HttpRequest
from django.utils import timezone

from tutor.client_address import client_address
from tutor.people.models import LoginFailure

MAX_FAILURES = 5
MAX_FAILURES_PER_ADDRESS = 30
WINDOW = timedelta(minutes=15)
KEPT_FOR = timedelta(hours=1)  # the longest any count is read (a class's lock, picture_locks)


def address(request: HttpRequest) -> str:
    """The client's address, through the trusted proxies (settings.TRUSTED_PROXIES)."""
    return client_address(request)


def client_key(request: HttpRequest, target: str) -> str:
    target = target.replace("\x00", "")  # PostgreSQL refuses a NUL byte in text
    return f"{target.strip().lower()[:150]}|{address(request)}"


def is_blocked(scope: str, key: str, limit: int = MAX_FAILURES) -> bool:
    since = timezone.now() - WINDOW
    recent = LoginFailure.objects.filter(scope=scope, key=key, created_at__gte=since)
    return recent.count() >= limit


def record_failure(scope: str, key: str) -> None:
    now = timezone.now()
    LoginFailure.objects.filter(created_at__lt=now - KEPT_FOR).delete()
    LoginFailure.objects.create(scope=scope, key=key, created_at=now)


def clear_failures(scope: str, key: str) -> None:
    LoginFailure.objects.filter(scope=scope, key=key).delete()
