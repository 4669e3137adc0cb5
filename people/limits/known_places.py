"""Addresses an account's owner has signed in from with the password: the account's delay
(rate_limit.account_wait) holds only tries from elsewhere.

A stranger guessing from fresh addresses builds up the account's delay (after
rate_limit.ACCOUNT_FREE_FAILURES failures an hour each try waits); the owner's own browser
(known_browser) and now the owner's own places, the school's or home's address they signed
in from in the last KEPT_FOR, are held to none of it, so a new browser at school still
signs in at once. Tries from a known place still count at that address (5 an account, 30
in all in 15 minutes: accounts.sign_in_keys), so a shared school address gets no free
guesses. An address is counted as the limits count it (an IPv6 /64).
"""

from __future__ import annotations

from datetime import timedelta

from django.http import HttpRequest
from django.utils import timezone

from people.limits import rate_limit
from people.models import KnownAddress

KEPT_FOR = timedelta(days=90)
ADDRESSES = 20  # the latest kept for each account


def remember(request: HttpRequest, user) -> None:
    """A right password from this address: known (again) from now."""
    now = timezone.now()
    KnownAddress.objects.update_or_create(
        user=user, address=rate_limit.address(request), defaults={"last_at": now}
    )
    mine = KnownAddress.objects.filter(user=user)
    mine.filter(last_at__lt=now - KEPT_FOR).delete()
    older = mine.order_by("-last_at").values_list("pk", flat=True)[ADDRESSES:]
    KnownAddress.objects.filter(pk__in=list(older)).delete()


def knows(request: HttpRequest, user_pk: int) -> bool:
    since = timezone.now() - KEPT_FOR
    return KnownAddress.objects.filter(
        user_id=user_pk, address=rate_limit.address(request), last_at__gte=since
    ).exists()
