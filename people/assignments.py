"""Assignments as the learner's lesson map shows them."""

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from lessons.learners import LEARNER_SESSION_KEY
from people.models import Assignment

STUDENT_SESSION_KEY = "signed_in_as_student"


def assignments_on_map(request: HttpRequest) -> dict[str, Assignment]:
    """Assignments for the map: asked only when a student signed in here, so other maps
    cost no query."""
    learner_id = request.session.get(LEARNER_SESSION_KEY)
    if not request.session.get(STUDENT_SESSION_KEY) or learner_id is None:
        return {}
    return _by_lesson(Assignment.objects.filter(classroom__students__learner_id=learner_id))


def assigned_lessons(request: HttpRequest) -> dict:
    """Context processor: `assigned_lessons` for the lesson map's 「老師指定」 marks
    ({% assignment_mark assigned_lessons slug %}). Lazy, so a page that does not show
    them asks nothing; the lessons app never imports this app."""
    return {"assigned_lessons": SimpleLazyObject(lambda: assignments_on_map(request))}


def _by_lesson(assignments) -> dict[str, Assignment]:
    return {assignment.lesson: assignment for assignment in assignments}
