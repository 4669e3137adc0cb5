"""Puzzle sets on other apps' pages, so those apps never import this one:
`{% set_homework %}` on the lesson map (the sets given to the learner in this browser, first
on the screen like other homework), `{% set_results classroom %}` on the class page and
`{% learner_set_results learner %}` on a child's or student's page (each assignment's
results, who has not passed), `{% set_results_table assignment rows %}`."""

from django import template

from lessons.learners import LEARNER_SESSION_KEY
from people.assignments import STUDENT_SESSION_KEY
from puzzlesets.models import SetAssignment
from puzzlesets.permissions import assignments_of
from puzzlesets.results import assignment_results, learner_results

register = template.Library()


@register.inclusion_tag("puzzlesets/homework.html", takes_context=True)
def set_homework(context) -> dict:
    """The sets given to the learner: asked only of a signed-in student or a grown-up's
    child (one query), so an anonymous learner's map costs nothing more."""
    request = context["request"]
    learner_id = request.session.get(LEARNER_SESSION_KEY)
    who = request.session.get(STUDENT_SESSION_KEY) or request.user.is_authenticated
    if learner_id is None or not who:
        return {"given": []}
    given = list(assignments_of(learner_id).distinct())
    return {"given": given}


def _table(assignment: SetAssignment, rows) -> dict:
    return {
        "assignment": assignment,
        "rows": rows,
        "numbers": range(1, len(rows[0].cells) + 1) if rows else range(0),
        "count": len(rows[0].cells) if rows else 0,
        "not_passed": [row for row in rows if not row.passed],
    }


@register.inclusion_tag("puzzlesets/results_table.html")
def set_results_table(assignment: SetAssignment, rows) -> dict:
    return _table(assignment, rows)


@register.inclusion_tag("puzzlesets/results_list.html")
def set_results(classroom) -> dict:
    assignments = classroom.set_assignments.select_related("puzzle_set", "classroom")
    return {"tables": [_table(a, assignment_results(a)) for a in assignments]}


@register.inclusion_tag("puzzlesets/results_list.html")
def learner_set_results(learner) -> dict:
    tables = [
        _table(a, [learner_results(a, learner)])
        for a in assignments_of(learner.pk).select_related("classroom", "child").distinct()
    ]
    return {"tables": tables}
