"""The teacher's view of a class: the grid, misconceptions, last 7 days, assignments, histories."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tutor.people import reports
from tutor.people.forms import AssignmentForm
from tutor.people.lesson_index import all_lessons
from tutor.people.mastery import class_standings, mastered_by, rule_lessons, rule_standings
from tutor.people.permissions import classroom_for_teacher, grown_up_required, student_for_teacher


@grown_up_required
def class_dashboard(request: HttpRequest, classroom_id: int) -> HttpResponse:
    classroom = classroom_for_teacher(request.user, classroom_id)
    students = reports.class_members(classroom)
    # The same learners as an SQL subquery: 200 ids cost Django more to write out than this.
    in_class = classroom.students.values("learner_id")
    lessons = all_lessons()
    grid = reports.class_grid(students, lessons, in_class)
    standings = class_standings(in_class)  # only the rules reviewed: the rest are not yet
    context = {
        "classroom": classroom,
        "lessons": lessons,
        "grid": grid,
        "rule_lessons": rule_lessons(),
        "rule_rows": [(student, standings.get(student.learner_id, {})) for student in students],
        "misconceptions": reports.rules_tripped_over(in_class),
        "activity": reports.recent_activity(in_class),
        "assignments": reports.assignment_statuses(
            classroom,
            grid,
            {lesson.slug: lesson for lesson in lessons},
            lambda rule: mastered_by(standings, rule),
        ),
        "assignment_form": AssignmentForm(),
    }
    return render(request, "people/class_dashboard.html", context)


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
