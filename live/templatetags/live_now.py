"""`{% live_now_banner %}`: on a student's first screen, while their class has a live
lesson going on, 「老師正在上課：進入課堂」 (a child who signs in late finds the class).
One query, only for a signed-in student; nothing for anybody else."""

from django import template

from lessons.learners import LEARNER_SESSION_KEY
from live.models import LiveSession
from people.assignments import STUDENT_SESSION_KEY

register = template.Library()


@register.inclusion_tag("live/live_now_banner.html", takes_context=True)
def live_now_banner(context) -> dict:
    session = context["request"].session
    learner_id = session.get(LEARNER_SESSION_KEY)
    if not session.get(STUDENT_SESSION_KEY) or learner_id is None:
        return {"live_now": False}
    live_now = LiveSession.objects.filter(
        classroom__students__learner_id=learner_id, ended_at__isnull=True
    ).exists()
    return {"live_now": live_now}
