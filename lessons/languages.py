"""The language switch in the header: remembered by this browser and by the learner.

The choice goes into a cookie (this browser, for a year), into the session (which
languages.choice reads first) and onto the learner when there is one, so a child who
signs in on another device finds the lessons in the language they chose.
"""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from languages import choice
from lessons.learners import current_learner
from lessons.models import Learner


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    language = request.POST.get("language")
    if not choice.is_known(language):
        message = _("This language is not offered here.")
        return render(request, "lessons/problem.html", {"message": message}, status=400)
    learner = current_learner(request)
    if learner is not None:
        Learner.objects.filter(pk=learner.pk).update(language=language)
    request.session[choice.SESSION_KEY] = language
    response = redirect(_next_address(request))
    response.status_code = 303
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
    )
    return response


def _next_address(request: HttpRequest) -> str:
    """The page the switch was on (or, after a POST answer, the page it came from)."""
    for candidate in (request.POST.get("next", ""), request.headers.get("Referer", "")):
        if candidate and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return candidate
    return "/"
