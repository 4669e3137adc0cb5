"""Slowing down guessing: after MAX_FAILURES failed sign-ins within WINDOW, refuse for a while.

Failures are rows in the database (LoginFailure), so every app server sees the
same count. A key joins what is being guessed (a username, a student) with the
client's address; a ceiling per address alone (MAX_FAILURES_PER_ADDRESS) slows down
someone going through many targets.
"""

import ipaddress
from datetime import timedelta

from django.http import HttpRequest
from django.utils import timezone

from people.models import LoginFailure
from plumbing.client_address import client_address

MAX_FAILURES = 5
IPV6_PREFIX = 64  # an IPv6 client is counted by its network's first 64 bits
MAX_FAILURES_PER_ADDRESS = 30
WINDOW = timedelta(minutes=15)
KEPT_FOR = timedelta(hours=1)  # the longest any count is read (a class's lock, picture_locks)


def address(request: HttpRequest) -> str:
    """The client's address, through the trusted proxies (settings.TRUSTED_PROXIES), as the
    limits count it: an IPv6 address by its /64, the least one subscriber is given (counted
    whole, one machine had 2^64 fresh addresses, each with its own 5 tries)."""
    return limit_key(client_address(request))


def limit_key(text: str) -> str:
    try:
        parsed = ipaddress.ip_address(text)
    except ValueError:
        return text
    if parsed.version == 6 and parsed.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{parsed}/{IPV6_PREFIX}", strict=False))
    return text


def client_key(request: HttpRequest, target: str) -> str:
    target = target.replace("\x00", "")  # PostgreSQL refuses a NUL byte in text
    return f"{target.strip().lower()[:150]}|{address(request)}"


def is_blocked(scope: str, key: str, limit: int = MAX_FAILURES) -> bool:
    since = timezone.now() - WINDOW
    recent = LoginFailure.objects.filter(scope=scope, key=key, created_at__gte=since)
    return recent.count() >= limit


def record_failure(scope: str, key: str) -> int:
    """Count one failure (or one try reserved before it is checked: reserve); its row's id."""
    now = timezone.now()
    LoginFailure.objects.filter(created_at__lt=now - KEPT_FOR).delete()
    return LoginFailure.objects.create(scope=scope, key=key, created_at=now).pk


def clear_failures(scope: str, key: str) -> None:
    LoginFailure.objects.filter(scope=scope, key=key).delete()


# Guesses at one account from anywhere (OWASP ASVS 2.2.1: at most ~100 failures an hour).
# Not a lock a stranger could impose: after ACCOUNT_FREE_FAILURES failures in the last hour
# each try must wait, 1 s, 2 s, 4 s, … up to ACCOUNT_MAX_DELAY after the last failure, and
# then the right password works again. At most 10 + 60 tries an hour get checked. Only
# strangers' tries count and wait: the owner's browser and places are held to none of it
# (people.views.accounts, known_browser, known_places), and the owner is mailed.
ACCOUNT_SCOPE = "account"
ACCOUNT_FREE_FAILURES = 10
ACCOUNT_WINDOW = timedelta(hours=1)
ACCOUNT_MAX_DELAY = timedelta(seconds=60)


def account_key(pk: int) -> str:
    return f"account-{pk}"


def clear_account(pk: int) -> None:
    """A fresh password (a reset link used): the account's delay and its per-address counts
    start again, so no delay a stranger built up outlives the owner's reset."""
    LoginFailure.objects.filter(scope=ACCOUNT_SCOPE, key=account_key(pk)).delete()
    LoginFailure.objects.filter(key__startswith=f"account-{pk}|").delete()


def account_failures(key: str) -> int:
    """The account's failures in the last ACCOUNT_WINDOW."""
    since = timezone.now() - ACCOUNT_WINDOW
    return LoginFailure.objects.filter(scope=ACCOUNT_SCOPE, key=key, created_at__gte=since).count()


def account_wait(key: str, *, excluding: int | None = None) -> float:
    """Seconds a try at this account must still wait (0: it may be checked now).

    `excluding` leaves out the caller's own reserved try (reserve())."""
    now = timezone.now()
    recent = LoginFailure.objects.filter(
        scope=ACCOUNT_SCOPE, key=key, created_at__gte=now - ACCOUNT_WINDOW
    )
    if excluding is not None:
        recent = recent.exclude(pk=excluding)
    times = list(recent.order_by("-created_at").values_list("created_at", flat=True)[:200])
    if len(times) < ACCOUNT_FREE_FAILURES:
        return 0.0
    exponent = min(len(times) - ACCOUNT_FREE_FAILURES, 16)
    delay = min(timedelta(seconds=2**exponent), ACCOUNT_MAX_DELAY)
    return max(0.0, (times[0] + delay - now).total_seconds())


def account_try(pk: int) -> tuple[int | None, float]:
    """A password try at an account, counted before it is checked: (the reserved row, 0),
    or (None, seconds it must still wait) when the account's delay says wait."""
    key = account_key(pk)
    reserved = record_failure(ACCOUNT_SCOPE, key)
    wait = account_wait(key, excluding=reserved)
    if wait:
        release([reserved])
        return None, wait
    return reserved, 0.0


def reserve(scope: str, key: str, limit: int, window: timedelta = WINDOW) -> int | None:
    """Count a try before it is checked; None when it is beyond `limit` in `window`.

    The row is written first and the rows are counted after, own row included, so tries
    arriving at once cannot all pass: the last of them to pass counted every other one that
    passed. At most `limit` tries are checked. A refused try's row is taken back; a try
    that succeeds clears the key (clear_failures); a wrong one keeps its row as a failure.
    """
    reserved = record_failure(scope, key)
    since = timezone.now() - window
    if LoginFailure.objects.filter(scope=scope, key=key, created_at__gte=since).count() > limit:
        release([reserved])
        return None
    return reserved


def release(reserved: list[int]) -> None:
    LoginFailure.objects.filter(pk__in=reserved).delete()
