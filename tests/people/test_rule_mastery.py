"""Mastery per rule on the grown-ups' pages: mastered, learning or not yet, with the day of
the last review; and a teacher's "practise castling until mastered"."""

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from lessons.progress import record_attempt
from people.models import Assignment
from practice.models import Review
from tests.people.conftest import make_student, signed_in

pytestmark = pytest.mark.django_db

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def master(learner, rule="castling"):
    """A miss, then right at 1, 3 and 7 days: the clock driven by each attempt's time."""
    for days, verdict in ((0, "incorrect"), (1, "correct"), (4, "correct"), (11, "correct")):
        record_attempt(
            learner, lesson=rule, puzzle=f"practice-{rule}-1-{days}", answer="x",
            verdict=verdict, at=START + days * DAY,
        )  # fmt: skip


def miss(learner, rule):
    record_attempt(
        learner, lesson=rule, puzzle=f"practice-{rule}-1-0", answer="x", verdict="illegal",
        at=START,
    )  # fmt: skip


def row(page: str, rule: str) -> str:
    match = re.search(rf'<tr data-rule="{rule}" data-status="(\w+)">(.*?)</tr>', page, re.S)
    assert match, rule
    words = " ".join(re.sub(r"<[^>]+>", " ", match.group(2)).split())
    return f"{match.group(1)} {words}"


def test_the_parent_sees_each_rule_mastered_learning_or_not_yet_with_the_last_review(parent, child):
    master(child.learner, "castling")
    miss(child.learner, "knight")
    page = signed_in(parent).get(reverse("people:child_progress", args=[child.learner_id]))
    page = page.content.decode()
    assert "學會的規則" in page
    assert row(page, "castling") == "mastered 王車易位：怎麼走 已學會 2026-12-12"
    assert row(page, "knight") == "learning 馬 學習中 —"
    assert row(page, "rook") == "not_yet 車 還沒學 —"
    assert 'data-rule="setup"' not in page  # no practice for setting up, so no mastery


def test_another_parent_does_not_see_the_childs_mastery(other_parent, child):
    master(child.learner)
    response = signed_in(other_parent).get(
        reverse("people:child_progress", args=[child.learner_id])
    )
    assert response.status_code == 404


def test_the_teacher_sees_students_by_rules_and_each_students_rules(teacher, classroom):
    ada, bo = make_student(classroom, "阿達"), make_student(classroom, "阿波")
    master(ada.learner)
    miss(bo.learner, "castling")
    client = signed_in(teacher)
    page = client.get(reverse("people:class_dashboard", args=[classroom.pk])).content.decode()
    grid = page[page.index("data-rule-grid") :]
    cells = re.findall(r'<td data-rule="castling" data-status="(\w+)">', grid)
    assert cells == ["mastered", "learning"]  # 阿達, then 阿波 (seat order)
    assert '<time datetime="2026-12-12">12/12</time>' in grid
    page = client.get(reverse("people:student_history", args=[bo.pk])).content.decode()
    assert row(page, "castling") == "learning 王車易位：怎麼走 學習中 —"


def test_a_teacher_assigns_castling_until_mastered_and_sees_who_has(teacher, classroom):
    ada, bo = make_student(classroom, "阿達"), make_student(classroom, "阿波")
    client = signed_in(teacher)
    client.post(
        reverse("people:add_assignment", args=[classroom.pk]),
        {"lesson": "castling", "until_mastered": "on"},
    )
    assignment = Assignment.objects.get()
    assert (assignment.lesson, assignment.until_mastered) == ("castling", True)
    master(ada.learner)
    miss(bo.learner, "castling")
    response = client.get(reverse("people:class_dashboard", args=[classroom.pk]))
    [status] = response.context["assignments"]
    assert [student.nickname for student in status.finished] == ["阿達"]
    page = response.content.decode()
    assert "練到學會為止 · 2 人中 1 人學會" in re.sub(r"\s+", " ", page)
    assert Review.objects.filter(mastered_at__isnull=False).count() == 1
