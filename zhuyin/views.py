"""The 「注音」 switch: a plain form that keeps the choice for the picked learner (and in the
browser's cookie, for whoever is not picked yet) and goes back to the page. The sound
switch (static/js/sound.js) posts here too, and keeps its choice for the picked learner."""

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from lessons.learners import current_learner
from plumbing.redirects import local_path
from zhuyin.middleware import COOKIE, learners_choice, remember, zhuyin_offered, zhuyin_on
from zhuyin.models import ReadingAids

ONE_YEAR = 365 * 24 * 3600


@require_POST
def switch(request: HttpRequest) -> HttpResponse:
    back = local_path(request.POST.get("next")) or reverse("lesson_map")
    response = HttpResponseRedirect(back)
    on = request.POST.get("zhuyin") == "on"
    learner = current_learner(request)
    if learner is not None:
        ReadingAids.objects.update_or_create(learner=learner, defaults={"zhuyin": on})
        remember(request, learner.pk, zhuyin=on)
    if on:
        response.set_cookie(COOKIE, "on", max_age=ONE_YEAR, samesite="Lax")
    else:
        response.delete_cookie(COOKIE, samesite="Lax")
    return response


@require_POST
def sound_switch(request: HttpRequest) -> HttpResponse:
    """The sound switch, for the picked learner: 204; with nobody picked the browser keeps it."""
    chosen = request.POST.get("sound")
    if chosen not in ("on", "off"):
        raise BadRequest("sound must be on or off")  # the site's 400 page, in words
    learner = current_learner(request)
    if learner is not None:
        on = chosen == "on"
        ReadingAids.objects.update_or_create(learner=learner, defaults={"sound": on})
        remember(request, learner.pk, sound=on)
    return HttpResponse(status=204)


def context(request: HttpRequest) -> dict:
    """For the header: whether to offer the switch (zh-Hant only) and whether it is on; the
    picked learner's sound ("on", "off", or "" when the browser decides) for <body>."""
    sound = learners_choice(request, "sound")
    return {
        "zhuyin_offered": zhuyin_offered(),
        "zhuyin_on": zhuyin_on(request),
        "learner_sound": "" if sound is None else ("on" if sound else "off"),
    }
