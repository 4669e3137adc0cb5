import datetime
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from lessons.learners import LEARNER_SESSION_KEY
from lessons.progress import record_attempt
from people.assignments import STUDENT_SESSION_KEY, assignments_on_map
from people.models import Assignment
from tests.people.conftest import make_student, signed_in

pytestmark = pytest.mark.django_db


def test_a_teacher_assigns_a_lesson_with_a_due_date(teacher, classroom, first_lesson):
    response = signed_in(teacher).post(
        reverse("people:add_assignment", args=[classroom.pk]),
        {"lesson": first_lesson.slug, "due_on": "2026-12-24"},
    )
    assert response["Location"] == reverse("people:class_dashboard", args=[classroom.pk])
    assignment = Assignment.objects.get(classroom=classroom)
    assert (assignment.lesson, assignment.due_on) == (
        first_lesson.slug,
        datetime.date(2026, 12, 24),
    )


def test_assigning_a_lesson_that_does_not_exist_is_a_400(teacher, classroom):
    response = signed_in(teacher).post(
        reverse("people:add_assignment", args=[classroom.pk]), {"lesson": "flying-pawns"}
    )
    assert response.status_code == 400
    assert not Assignment.objects.exists()


def test_another_teacher_cannot_assign_to_the_class(other_teacher, classroom, first_lesson):
    response = signed_in(other_teacher).post(
        reverse("people:add_assignment", args=[classroom.pk]), {"lesson": first_lesson.slug}
    )
    assert response.status_code == 404
    assert not Assignment.objects.exists()


def test_the_dashboard_shows_who_has_finished_an_assignment(teacher, classroom, first_lesson):
    Assignment.objects.create(classroom=classroom, lesson=first_lesson.slug)
    done = make_student(classroom, "完成了")
    make_student(classroom, "還沒")
    for puzzle in first_lesson.puzzles:
        record_attempt(
            done.learner, lesson=first_lesson.slug, puzzle=puzzle.id, answer="ok", verdict="correct"
        )
    response = signed_in(teacher).get(reverse("people:class_dashboard", args=[classroom.pk]))
    [status] = response.context["assignments"]
    assert [s.nickname for s in status.finished] == ["完成了"]
    assert "2 人中 1 人完成" in response.content.decode()


def test_removing_an_assignment_is_only_for_the_classs_teacher(
    teacher, other_teacher, classroom, first_lesson
):
    assignment = Assignment.objects.create(classroom=classroom, lesson=first_lesson.slug)
    url = reverse("people:remove_assignment", args=[assignment.pk])
    assert signed_in(other_teacher).post(url).status_code == 404
    assert signed_in(teacher).post(url).status_code == 302
    assert not Assignment.objects.exists()


def test_a_student_sees_their_classs_assignments_on_the_lesson_map(student, first_lesson):
    Assignment.objects.create(
        classroom=student.classroom, lesson=first_lesson.slug, due_on=datetime.date(2026, 12, 24)
    )
    assert list(on_the_map(student.learner)) == [first_lesson.slug]
    client = Client()
    client.post(
        reverse("people:pick_secret", args=[student.classroom.join_code, student.pk]),
        {"first": "sun", "second": "moon"},
    )
    page = client.get(reverse("lesson_map")).content.decode()
    assert "老師指定" in page
    assert "12/24 前完成" in page


def on_the_map(learner, *, student=True):
    """The assignments the map of a browser signed in as `learner` marks."""
    session = {LEARNER_SESSION_KEY: learner.pk, STUDENT_SESSION_KEY: student}
    return assignments_on_map(SimpleNamespace(session=session))


def test_a_learner_without_a_class_has_no_assignments(child, student, first_lesson):
    Assignment.objects.create(classroom=student.classroom, lesson=first_lesson.slug)
    assert on_the_map(child.learner) == {}
    assert on_the_map(student.learner, student=False) == {}  # not signed in as the student
