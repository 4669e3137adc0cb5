"""`{% class_message %}`: the teacher's short message on a signed-in student's first screen
(one query, students only). A note, not a chat: nothing to answer it with."""

from django import template

from lessons.learners import LEARNER_SESSION_KEY
from people.assignments import STUDENT_SESSION_KEY
from people.models import Classroom

register = template.Library()


@register.inclusion_tag("people/class_message.html", takes_context=True)
def class_message(context) -> dict:
    session = context["request"].session
    learner_id = session.get(LEARNER_SESSION_KEY)
    if not session.get(STUDENT_SESSION_KEY) or learner_id is None:
        return {"message": ""}
    found = Classroom.objects.filter(students__learner_id=learner_id).values_list(
        "message", flat=True
    )
    return {"message": next(iter(found), "")}
