"""A student's lesson map starts with what the teacher assigned, then the next lesson."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from people.models import Assignment
from tests.people.conftest import make_student

pytestmark = pytest.mark.django_db


def student_client(student) -> Client:
    client = Client()
    client.post(
        reverse("people:pick_secret", args=[student.classroom.join_code, student.pk]),
        {"first": "sun", "second": "moon"},
    )
    return client


def first_up(page: str) -> str:
    start = page.index("data-first-up")
    return page[start : page.index("</section>", start)]


def test_the_map_starts_with_the_assignments_by_due_date_then_the_next_lesson(classroom):
    student = make_student(classroom, "小華")
    Assignment.objects.create(
        classroom=classroom, lesson="rook", due_on=datetime.date(2026, 12, 15)
    )
    Assignment.objects.create(
        classroom=classroom, lesson="knight", due_on=datetime.date(2026, 12, 8)
    )
    page = student_client(student).get(reverse("lesson_map")).content.decode()
    section = first_up(page)
    assert page.index("data-first-up") < page.index('class="lesson-group"')
    assert section.index("老師交代的功課") < section.index('data-lesson="knight"')
    assert section.index('data-lesson="knight"') < section.index('data-lesson="rook"')
    assert section.index('data-lesson="rook"') < section.index("接著是下一課")
    assert section.index("接著是下一課") < section.index('data-lesson="board"')
    knight_card = section[section.index('data-lesson="knight"') :]
    assert "老師指定 · 12/8 前完成" in knight_card[: knight_card.index("</li>")]


def test_when_the_next_lesson_is_the_assigned_one_it_is_shown_once(classroom):
    student = make_student(classroom, "小華")
    Assignment.objects.create(classroom=classroom, lesson="board")
    section = first_up(student_client(student).get(reverse("lesson_map")).content.decode())
    assert section.count('data-lesson="board"') == 1
    assert "接著是下一課" not in section


def test_a_student_without_assignments_and_a_visitor_get_the_plain_map(classroom):
    student = make_student(classroom, "小華")
    assert (
        "data-first-up" not in student_client(student).get(reverse("lesson_map")).content.decode()
    )
    assert "data-first-up" not in Client().get(reverse("lesson_map")).content.decode()
