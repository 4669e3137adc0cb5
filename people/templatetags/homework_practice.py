"""`{% homework_practice %}`: on a signed-in student's first screen, each 「練到學會為止」
assignment of their class not mastered yet, with what it needs: the rule's practice, and
the review where wrong answers come back (practice's mastery: right three times in a row
at growing intervals). Two queries, students only; a lesson assignment is the map's own."""

from django import template

from lessons.learners import LEARNER_SESSION_KEY
from people.assignments import STUDENT_SESSION_KEY
from people.models import Assignment
from people.reports.lesson_index import all_lessons
from people.reports.mastery import class_standings, mastered_by

register = template.Library()


@register.inclusion_tag("people/homework_practice.html", takes_context=True)
def homework_practice(context) -> dict:
    session = context["request"].session
    learner_id = session.get(LEARNER_SESSION_KEY)
    if not session.get(STUDENT_SESSION_KEY) or learner_id is None:
        return {"needed": []}
    assignments = list(
        Assignment.objects.filter(classroom__students__learner_id=learner_id, until_mastered=True)
    )
    if not assignments:
        return {"needed": []}
    standings = class_standings([learner_id])
    titles = {lesson.slug: lesson.title for lesson in all_lessons()}
    needed = [
        {"assignment": a, "title": titles.get(a.lesson, a.lesson)}
        for a in assignments
        if learner_id not in mastered_by(standings, a.lesson)
    ]
    return {"needed": needed}
