"""Which learner this browser is: kept in the session under LEARNER_SESSION_KEY.

An anonymous visitor gets a Learner at the first attempt; a parent picking a
child or a student logging in sets the same session key.
"""

from django.http import HttpRequest
from django.utils import timezone

from lessons.models import Learner

LEARNER_SESSION_KEY = "learner_id"
# The nickname and avatar of a named learner (a child or a student), kept beside the id
# so the header can say who is learning on a shared device without a query per page.
LEARNER_LABEL_SESSION_KEY = "learner_label"


def current_learner(request: HttpRequest) -> Learner | None:
    learner_id = request.session.get(LEARNER_SESSION_KEY)
    if learner_id is None:
        return None
    return Learner.objects.filter(pk=learner_id).first()


def current_or_new_learner(request: HttpRequest) -> Learner:
    learner = current_learner(request)
    if learner is None:
        learner = Learner.objects.create()
        use_learner(request, learner)
    return learner


def use_learner(request: HttpRequest, learner: Learner) -> None:
    request.session[LEARNER_SESSION_KEY] = learner.pk
    if learner.nickname:
        label = {"nickname": learner.nickname, "avatar": learner.avatar}
        request.session[LEARNER_LABEL_SESSION_KEY] = label
    else:
        request.session.pop(LEARNER_LABEL_SESSION_KEY, None)
    Learner.objects.filter(pk=learner.pk).update(last_active_at=timezone.now())


def forget_learner(request: HttpRequest) -> None:
    """This browser is nobody's any more (the learner was deleted, or a grown-up has none)."""
    request.session.pop(LEARNER_SESSION_KEY, None)
    request.session.pop(LEARNER_LABEL_SESSION_KEY, None)
