"""The teacher's view of a class: homework at a glance, the grid (assigned lessons marked),
misconceptions, last 7 days, assignments, histories."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from people import reports
from people.forms import AssignmentForm
from people.permissions import classroom_for_teacher, grown_up_required, student_for_teacher
from people.reports.grid_pages import grid_page
from people.reports.homework import homework
from people.reports.lesson_index import all_lessons
from people.reports.mastery import class_standings, mastered_by, rule_lessons, rule_standings


@grown_up_required
def class_dashboard(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_for_teacher(request.user, classroom_id)
    members = reports.class_members(classroom)
    page = grid_page(len(members), request.GET.get("page"))
    if page is None:
        message = _("This class has no such page of students.")
        return render(request, "people/bad_request.html", {"message": message}, status=400)
    shown = members[page.start : page.end]
    # The class's learners as an SQL subquery: 200 ids cost Django more to write out than this.
    in_class = classroom.students.values("learner_id")
    on_page = [member.learner_id for member in shown] if page.paged else in_class
    lessons = all_lessons()
    grid = reports.class_grid(shown, lessons, on_page)
    standings = class_standings(on_page)  # only the rules reviewed: the rest are not yet
    assignments = list(classroom.assignments.all())
    finished = _finishers(assignments, page, grid, standings, in_class, lessons)
    statuses = reports.assignment_statuses(
        assignments, members, {lesson.slug: lesson for lesson in lessons}, finished
    )
    context = {
        "classroom": classroom,
        "lessons": lessons,
        "page": page,
        "grid": grid,
        "rule_lessons": rule_lessons(),
        "rule_rows": [(student, standings.get(student.learner_id, {})) for student in shown],
        "misconceptions": reports.rules_tripped_over(in_class),
        "activity": reports.recent_activity(in_class),
        "assignments": statuses,
        "homework": homework(statuses, members, in_class),
        "assigned_slugs": {assignment.lesson for assignment in assignments},
        "assignment_form": AssignmentForm(),
    }
    return render(request, "people/class_dashboard.html", context)


def _finishers(assignments, page, grid, standings, in_class, lessons):
    """Who in the whole class finished each assignment (learner ids): read from the grids
    when they show everyone, else one query per kind of assignment the class has (lessons
    finished, rules mastered)."""
    assigned = {a.lesson for a in assignments if not a.until_mastered}
    if not page.paged:
        finished = {slug: reports.finished_in_grid(grid, slug) for slug in assigned}
    else:
        wanted = [lesson for lesson in lessons if lesson.slug in assigned]
        finished = reports.lessons_finished(in_class, wanted) if wanted else {}
        if any(a.until_mastered for a in assignments):
            standings = class_standings(in_class)

    def finishers(assignment) -> set[int]:
        if assignment.until_mastered:
            return mastered_by(standings, assignment.lesson)
        return finished.get(assignment.lesson, set())

    return finishers


@grown_up_required
def student_history(request: HttpRequest, student_id: int) -> HttpResponse:
    student = student_for_teacher(request.user, student_id)
    lessons = {lesson.slug: lesson for lesson in all_lessons()}
    attempts = reports.attempt_history(student.learner)
    latest = attempts[0].attempt.created_at if attempts else None
    context = {
        "student": student,
        "learner": student.learner,
        "last_active": latest,  # the latest answer: being added is not learning
        "attempts": attempts,
        "lessons": lessons,
        "row": reports.class_grid([reports.ClassMember.of(student)], list(lessons.values()))[0],
        "rules": rule_standings([student.learner_id])[student.learner_id],
    }
    return render(request, "people/student_history.html", context)
