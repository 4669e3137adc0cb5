"""Assignments as the learner's lesson map shows them."""

from django.http import HttpRequest

from lessons.models import Learner
from tutor.people.models import Assignment

STUDENT_SESSION_KEY = "signed_in_as_student"


def assignments_for_learner(learner: Learner | None) -> dict[str, Assignment]:
    """The lessons a student's class was asked to do, by lesson slug (one query; {} otherwise)."""
    if learner is None:
        return {}
    assignments = Assignment.objects.filter(classroom__students__learner=learner)
    return {assignment.lesson: assignment for assignment in assignments}


def assignments_on_map(request: HttpRequest, learner: Learner | None) -> dict[str, Assignment]:
    """Assignments for the map: asked only when a student signed in here, so other maps
    cost no query."""
    if not request.session.get(STUDENT_SESSION_KEY):
        return {}
    return assignments_for_learner(learner)
