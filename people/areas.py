"""Which areas a signed-in grown-up's header offers: 家長區 always (a teacher may add a
child at any time, and reach it), 老師區 unless they came only for their children at home
(GrownUp.here_for "family") and have not made a class or joined a school since (doing so
makes them "both": `teaches`).

What they came for is kept in the session from the sign-in on (`user_logged_in`), so the
header asks the database nothing on each page.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from people.models import GrownUp, HereFor

SESSION_KEY = "here_for"


@receiver(user_logged_in)
def _remember(sender, request, user, **kwargs) -> None:
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = _here_for(user)


def _here_for(user) -> str:
    found = GrownUp.objects.filter(user=user).values_list("here_for", flat=True).first()
    return found or HereFor.FAMILY


def offers_teachers_area(request: HttpRequest) -> bool:
    here_for = request.session.get(SESSION_KEY)
    if here_for is None:
        here_for = request.session[SESSION_KEY] = _here_for(request.user)
    return here_for != HereFor.FAMILY


def teaches(request: HttpRequest, grown_up: GrownUp) -> None:
    """A family's grown-up made a class or joined a school: from now on "both"."""
    if grown_up.here_for == HereFor.FAMILY:
        GrownUp.objects.filter(pk=grown_up.pk).update(here_for=HereFor.BOTH)
        grown_up.here_for = HereFor.BOTH
    if hasattr(request, "session"):
        request.session[SESSION_KEY] = grown_up.here_for
